// Bundles the sandbox prelude (prelude/*.ts, run first in every function isolate) into one script.
// Plain JavaScript so that both build.mjs (at build time, into dist/function-runner.js) and
// prelude-source.ts (on demand under tsx: dev and tests) use the same settings. esbuild is imported
// when used: the server's bundle carries this file but never loads esbuild through it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('./prelude/', import.meta.url));

/**
 * A hash of everything the bundle depends on (the prelude's sources, this file, esbuild's version):
 * the key of the on-demand cache.
 * @returns {Promise<string>}
 */
export async function preludeHash() {
  const { version } = await import('esbuild');
  const hash = createHash('sha256').update(`esbuild ${version}\n`);
  hash.update(fs.readFileSync(fileURLToPath(import.meta.url)));
  for (const name of fs.readdirSync(dir).sort()) {
    if (name.endsWith('.ts')) hash.update(`${name}\n`).update(fs.readFileSync(path.join(dir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The prelude as one classic script: an immediately invoked function in strict mode (the tsconfig's
 * `strict`), nothing left on the global object but what the prelude defines. Not minified: a stack
 * trace through the prelude stays readable. `keepNames`: bundling turns classes into expressions,
 * and `URL.name` (or a handler's `Response.name`) must still answer 'URL'.
 * @returns {Promise<string>}
 */
export async function bundlePrelude() {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(dir, 'main.ts')],
    tsconfig: path.join(dir, 'tsconfig.json'),
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'neutral',
    target: 'es2022',
    legalComments: 'none',
    keepNames: true,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('The sandbox prelude bundle is empty');
  return output.text;
}
