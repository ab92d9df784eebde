import fs from 'node:fs';
import path from 'node:path';
import { writeAtomically } from '../files.ts';
import { findRepoRoot } from '../paths.ts';
import { bundlePrelude, preludeHash } from './prelude-bundle.mjs';

/** The bundled prelude, put in by build.mjs (esbuild `define`); undefined when running the sources under tsx. */
declare const ATELIER_SANDBOX_PRELUDE: string | undefined;

let loading: Promise<string> | undefined;

/**
 * The sandbox prelude's script (prelude/*.ts as one script, see prelude/main.ts). The server's bundle
 * carries it; under tsx (dev, tests) it is bundled on first use and cached on disk by a hash of its
 * sources (node_modules/.cache/sandbox-prelude), so runner processes after the first read it.
 */
export function preludeSource(): Promise<string> {
  if (typeof ATELIER_SANDBOX_PRELUDE === 'string') return Promise.resolve(ATELIER_SANDBOX_PRELUDE);
  loading ??= bundleCached().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function bundleCached(): Promise<string> {
  const dir = path.join(findRepoRoot(), 'node_modules', '.cache', 'sandbox-prelude');
  const file = path.join(dir, `${await preludeHash()}.js`);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  const source = await bundlePrelude();
  fs.mkdirSync(dir, { recursive: true });
  writeAtomically(file, source);
  return source;
}
