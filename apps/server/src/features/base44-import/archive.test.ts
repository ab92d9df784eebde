import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPORT_LIMITS, readExportZipFile } from './archive.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'b44-archive-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function zipFile(name: string, entries: Record<string, string>): string {
  const file = path.join(dir, name);
  const data = Object.fromEntries(
    Object.entries(entries).map(([entry, text]) => [entry, new TextEncoder().encode(text)]),
  );
  fs.writeFileSync(file, zipSync(data, { level: 0 }));
  return file;
}

const manyFiles = (folder: string, count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${folder}/m${i}.py`, '']));

describe('readExportZipFile', () => {
  it('reads an export whose repository commits a Python virtualenv of more entries than the import looks at', async () => {
    // Quotation-App: 30,595 entries, 30,387 of them under `.venv/` and `backend/venv/`.
    const file = zipFile('venv.zip', {
      'app-main/package.json': '{}',
      'app-main/src/main.jsx': 'export {};',
      ...manyFiles('app-main/.venv/lib/python3.12/site-packages/x', EXPORT_LIMITS.entries),
      ...manyFiles('app-main/backend/venv/lib', 10),
    });
    const tree = await readExportZipFile(file);
    expect([...tree.keys()].sort()).toEqual(['package.json', 'src/main.jsx']);
  });
});
