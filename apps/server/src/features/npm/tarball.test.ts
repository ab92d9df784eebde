import zlib from 'node:zlib';
import { Header } from 'tar';
import { describe, expect, it } from 'vitest';
import { NPM_LIMITS } from './npm-limits.ts';
import { readTarball } from './tarball.ts';

/** A package tarball (`package/…`) of `count` files: package.json and a one-line file per icon. */
function tarballOf(count: number): Buffer {
  const blocks: Buffer[] = [];
  const add = (file: string, text: string) => {
    const data = Buffer.from(text);
    const header = Buffer.alloc(512);
    new Header({ path: `package/${file}`, mode: 0o644, size: data.length, type: 'File' }).encode(header);
    blocks.push(header, data, Buffer.alloc(512 - (data.length % 512 || 512)));
  };
  add('package.json', '{"name":"icons","version":"1.0.0"}');
  for (let i = 1; i < count; i++) add(`dist/icons/Icon${i}.mjs`, `export default 'icon-${i}';\n`);
  blocks.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(blocks));
}

describe('readTarball', () => {
  it('reads an icon set of a file per icon (@phosphor-icons/react 2 has 6,001), and refuses past the limit', async () => {
    const files = await readTarball('@phosphor-icons/react', '@phosphor-icons/react@2.1.10', tarballOf(6001));
    expect(files).toHaveLength(6001);
    expect(files.at(-1)).toMatchObject({ path: 'dist/icons/Icon6000.mjs' });
    await expect(readTarball('huge', 'huge@1.0.0', tarballOf(NPM_LIMITS.maxFiles + 1))).rejects.toThrow(
      `huge@1.0.0 has ${NPM_LIMITS.maxFiles + 1} files; the limit is ${NPM_LIMITS.maxFiles}.`,
    );
    // About 26,000 entries written and read back: over Vitest's 5 s default on a loaded machine.
  }, 30_000);
});
