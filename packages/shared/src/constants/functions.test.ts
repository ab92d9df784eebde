import { describe, expect, it } from 'vitest';
import { appPathProblem } from '../app-files/app-file.ts';
import {
  batchDeployMessage,
  functionNameFromPath,
  functionNameOfFile,
  functionNameProblem,
  functionWebhookUrl,
  isReservedSecretName,
} from './functions.ts';

describe('function names', () => {
  it('refuses the reserved names list and deploy, as names and as file paths', () => {
    expect(functionNameProblem('list')).toBe('"list" is a reserved name and cannot be used for a function');
    expect(functionNameProblem('Deploy')).toContain('reserved');
    expect(appPathProblem('functions/list.ts')).toBe(
      'functions/list.ts: "list" is a reserved name and cannot be used for a function.',
    );
    expect(appPathProblem('functions/deploy.js')).toContain('reserved');
    expect(appPathProblem('functions/listing.ts')).toBeNull();
    expect(functionNameProblem('sendEmail')).toBeNull();
    expect(functionNameProblem('2fa')).not.toBeNull();
  });

  it('reads the name from a one-level function path', () => {
    expect(functionNameFromPath('functions/sendEmail.ts')).toBe('sendEmail');
    expect(functionNameFromPath('functions/nested/x.ts')).toBeNull();
    // The folder form of Base44 exports: the folder names the function, index.ts is its entry.
    expect(functionNameFromPath('functions/send-email/index.ts')).toBe('send-email');
    expect(functionNameFromPath('functions/send-email/index.js')).toBe('send-email');
    expect(functionNameFromPath('functions/send-email/function.jsonc')).toBeNull();
    expect(functionNameOfFile('functions/send-email/function.jsonc')).toBe('send-email');
    expect(functionNameOfFile('functions/send-email/index.ts')).toBe('send-email');
    expect(functionNameOfFile('functions/send-email/helper.ts')).toBeNull();
    expect(appPathProblem('functions/send-email/function.jsonc')).toBeNull();
    expect(appPathProblem('functions/notes.jsonc')).toContain('functions/{name}/function.jsonc');
    expect(appPathProblem('functions/list/index.ts')).toContain('reserved');
    expect(functionNameFromPath('services/x.ts')).toBeNull();
  });

  it('builds the webhook URL {origin}/api/apps/{appId}/functions/{name}', () => {
    expect(functionWebhookUrl('https://a.example/', 'app-1', 'hook')).toBe(
      'https://a.example/api/apps/app-1/functions/hook',
    );
  });
});

describe('batchDeployMessage', () => {
  it('answers the success, partial and all-failed messages', () => {
    expect(batchDeployMessage(3, 3)).toBe('Deployed 3 function(s) successfully');
    expect(batchDeployMessage(1, 3)).toBe('Deployed 1 function(s); 2 function(s) failed to deploy');
    expect(batchDeployMessage(0, 2)).toBe('2 function(s) failed to deploy');
  });
});

describe('isReservedSecretName', () => {
  it.each(['PATH', 'path', 'HOME', 'ATELIER_X', 'node_env', 'NPM_TOKEN', 'DATABASE_URL'])(
    'reserves %s',
    (name) => {
      expect(isReservedSecretName(name)).toBe(true);
    },
  );
  it.each(['OPENAI_API_KEY', 'PATHWAY', 'MY_NODE'])('allows %s', (name) => {
    expect(isReservedSecretName(name)).toBe(false);
  });
});
