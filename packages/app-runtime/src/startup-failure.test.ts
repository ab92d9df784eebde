import { describe, expect, it } from 'vitest';
import { appFileOfStack } from './startup-failure.ts';

describe('the app file of a start-up failure', () => {
  it("is the innermost app module of the stack (esbuild's module functions), not a package's frame", () => {
    const stack = [
      'Error: supabaseUrl is required.',
      '    at createClient (http://127.0.0.1:4201/npm/@supabase/supabase-js/index.js:16:27)',
      '    at app:lib/supabase.js (http://127.0.0.1:4201/preview-assets/a/v/app.js?token=t:22:16)',
      '    at __init (http://127.0.0.1:4201/preview-assets/a/v/app.js?token=t:8:58)',
      '    at app:pages/Boats.jsx (http://127.0.0.1:4201/preview-assets/a/v/app.js?token=t:36:5)',
    ].join('\n');
    expect(appFileOfStack(stack)).toBe('lib/supabase.js');
    expect(appFileOfStack('Error: x\n    at http://h/app.js:1:2')).toBeUndefined();
    expect(appFileOfStack(undefined)).toBeUndefined();
  });
});
