import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder whose package.json is the `atelier` workspace root). */
export function findRepoRoot(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  while (true) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === 'atelier')
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Could not find the Atelier repository root above ${start}`);
    dir = parent;
  }
}
