// Fails when a first page of the web app downloads more JavaScript than its budget (gzipped): the
// entry chunk, the page's own chunk, and every chunk they import statically (what the browser must
// fetch before the page is interactive), read from the build's chunk graph (dist/.vite/manifest.json).
// Run after `npm run build` (npm test does): `npm run check:bundle`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Gzipped kilobytes of JavaScript a first page may download (issue 22: ≤ 200 KB). */
const BUDGET_KB = 200;
/** The pages a newcomer meets first. */
const PAGES = {
  landing: 'src/routes/landing.tsx',
  login: 'src/routes/login.tsx',
  signup: 'src/routes/signup.tsx',
};

const dist = path.resolve(fileURLToPath(new URL('../apps/web/dist', import.meta.url)));
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`check-bundle-budget: ${manifestPath} is missing; run npm run build first`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('check-bundle-budget: the manifest has no entry chunk');

/** The chunk and every chunk it imports statically, as manifest keys. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`check-bundle-budget: ${key} is not in the build's manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const gzippedKb = (file) => gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024;

let failed = false;
for (const [name, source] of Object.entries(PAGES)) {
  const keys = staticClosure(source, staticClosure(entryKey));
  const kb = [...keys].reduce((sum, key) => sum + gzippedKb(manifest[key].file), 0);
  const over = kb > BUDGET_KB;
  failed ||= over;
  console.log(
    `${over ? 'OVER' : 'ok  '} ${name.padEnd(8)} ${kb.toFixed(1).padStart(6)} KB of JavaScript (gzipped, ${keys.size} chunks; budget ${BUDGET_KB} KB)`,
  );
}
if (failed) {
  console.error('check-bundle-budget: a first page is over budget: load what it does not need lazily');
  process.exit(1);
}
