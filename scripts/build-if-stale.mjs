// Builds the server bundle and the web app when their build is missing or older than their sources.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        visit(path.join(p, entry));
      }
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

function mtime(p) {
  try {
    return fs.statSync(path.join(root, p)).mtimeMs;
  } catch {
    return 0;
  }
}

const targets = [
  {
    name: 'app SDK',
    output: 'packages/app-sdk/dist/index.js',
    sources: ['packages/app-sdk/src', 'packages/app-sdk/package.json'],
    workspace: '@atelier/app-sdk',
  },
  {
    name: 'web app',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/shared/src',
    ],
    workspace: '@atelier/web',
  },
  {
    name: 'server',
    output: 'apps/server/dist/main.js',
    sources: [
      'apps/server/src',
      'apps/server/drizzle',
      'apps/server/build.mjs',
      'packages/shared/src',
      'package.json',
    ],
    workspace: '@atelier/server',
  },
];

export function buildIfStale({ quiet = false } = {}) {
  for (const target of targets) {
    const built = mtime(target.output);
    if (built > 0 && built >= newestMtime(target.sources)) continue;
    if (!quiet) console.log(`Building the ${target.name}…`);
    execFileSync('npm', ['run', 'build', '--silent', '-w', target.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
