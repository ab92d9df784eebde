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
