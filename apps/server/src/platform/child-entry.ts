import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where a child-process module is: `source` next to the calling module under tsx (dev, tests), or
 * `bundle` next to main.js in the bundle (build.mjs names it). `moduleUrl` is the caller's
 * `import.meta.url`.
 */
export function childEntry(
  moduleUrl: string,
  source: string,
  bundle: string,
): { file: string; execArgv: string[] } {
  if (moduleUrl.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href;
    return { file: fileURLToPath(new URL(source, moduleUrl)), execArgv: ['--import', tsx] };
  }
  return { file: fileURLToPath(new URL(bundle, moduleUrl)), execArgv: [] };
}

/**
 * Where a worker thread's module is, as `new Worker(file, { eval })` takes it: the bundle's file
 * next to main.js, or under tsx (dev, tests) a small script that registers tsx in the thread and
 * imports the TypeScript source (a worker does not inherit the parent's `--import` hooks).
 */
export function workerEntry(
  moduleUrl: string,
  source: string,
  bundle: string,
): { file: string; eval: boolean } {
  if (moduleUrl.endsWith('.ts')) {
    const api = pathToFileURL(
      createRequire(moduleUrl)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs'),
    ).href;
    const file = new URL(source, moduleUrl).href;
    return {
      file: `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); })`,
      eval: true,
    };
  }
  return { file: fileURLToPath(new URL(bundle, moduleUrl)), eval: false };
}
