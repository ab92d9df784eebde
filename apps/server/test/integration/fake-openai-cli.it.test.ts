import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import type { FakeProviderScript } from '../support/fake-openai.ts';

const cli = path.resolve(import.meta.dirname, '../support/fake-openai-cli.ts');
let child: ChildProcess | undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-fake-cli-'));

afterAll(() => {
  child?.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('fake provider as a separate process (for e2e)', () => {
  it('serves the scripted replies of a JSON file and prints its address', async () => {
    const script: FakeProviderScript = {
      replies: [{ chunks: ['Scripted', ' reply'] }],
      models: [{ id: 'openai/gpt-4o-mini', pricing: { prompt: '0.0000001', completion: '0.0000002' } }],
    };
    const file = path.join(dir, 'script.json');
    fs.writeFileSync(file, JSON.stringify(script));
    child = spawn(process.execPath, ['--import', 'tsx', cli, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child!.stdout! }).once('line', resolve);
      child!.once('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    const { baseUrl } = JSON.parse(line) as { baseUrl: string };

    const res = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
    });
    const body = (await res.json()) as { choices: { message: { content: string } }[] };
    expect(body.choices[0]!.message.content).toBe('Scripted reply');
    const models = (await (await fetch(`${baseUrl}/models`)).json()) as { data: { id: string }[] };
    expect(models.data.map((m) => m.id)).toEqual(['openai/gpt-4o-mini']);
  });
});
