import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { compilePaths } from '../paths.ts';
import { ALLOWED_IMPORTS, packageOfSpecifier } from './vendor-modules.ts';

/** The packages of the built-in set (`three`, `lodash`, `@react-three/fiber`…). */
const BUILT_IN_PACKAGES: ReadonlySet<string> = new Set([...ALLOWED_IMPORTS.keys()].map(packageOfSpecifier));

/**
 * A file below the entry points of a package of the built-in set that the import map does not
 * serve (`three/src/math/MathUtils.js` @react-three/xr imports, `lodash/isEqual` react-quill's,
 * `three/examples/jsm/loaders/FBXLoader.js`): the server's own copy of that package (the version
 * the set serves) resolves it as Vite would for the browser, through the package's `exports`; the
 * file is bundled into the module that imports it, its own imports of the set left to the import
 * map (so `three` stays one copy), as Vite serves such a file apart from the package's entry.
 * Undefined when the specifier is not such a file; only files inside that package's folder.
 */
export function builtInPackageFile(specifier: string): Promise<string | undefined> {
  let found = resolved.get(specifier);
  if (!found) {
    found = resolveBuiltInFile(specifier).catch(() => undefined);
    resolved.set(specifier, found);
    if (resolved.size > 2000) resolved.delete(resolved.keys().next().value!);
  }
  return found;
}

const resolved = new Map<string, Promise<string | undefined>>();

async function resolveBuiltInFile(specifier: string): Promise<string | undefined> {
  const name = packageOfSpecifier(specifier);
  if (specifier === name || ALLOWED_IMPORTS.has(specifier) || !BUILT_IN_PACKAGES.has(name)) return undefined;
  const segments = specifier.slice(name.length + 1).split('/');
  if (
    segments.some(
      (segment) => segment === '' || segment === '.' || segment === '..' || /[\\\0]/.test(segment),
    )
  )
    return undefined;
  // esbuild's resolver, as the bundlers use it (a bundler's own `external` list would answer
  // "external" for any path of the set's packages): a build of one import that stops there.
  let file: string | undefined;
  await build({
    stdin: { contents: `import ${JSON.stringify(specifier)};`, resolveDir: compilePaths().serverDir },
    bundle: true,
    write: false,
    platform: 'browser',
    logLevel: 'silent',
    plugins: [
      {
        name: 'atelier-package-file',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.pluginData?.inner) return undefined;
            const answer = await b.resolve(args.path, {
              kind: args.kind,
              resolveDir: args.resolveDir,
              pluginData: { inner: true },
            });
            if (answer.errors.length === 0 && answer.namespace === 'file') file = answer.path;
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  if (!file || file.endsWith('.node')) return undefined;
  const dir = packageDirOf(file, name);
  if (!dir) return undefined;
  builtInDirs.add(dir + path.sep);
  return file;
}

/** The folders of the set's packages whose files were handed out: their own relative imports load. */
const builtInDirs = new Set<string>();

/** Whether `file` is in the folder of a package of the set whose files `builtInPackageFile` gave. */
export function isBuiltInPackageFile(file: string): boolean {
  if (builtInDirs.size === 0) return false;
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    return false;
  }
  for (const dir of builtInDirs) if (real.startsWith(dir)) return true;
  return false;
}

/** The `node_modules/{name}` folder holding `file` (symbolic links followed), or undefined. */
function packageDirOf(file: string, name: string): string | undefined {
  const real = fs.realpathSync(file);
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  const at = real.lastIndexOf(marker);
  return at < 0 ? undefined : real.slice(0, at + marker.length - 1);
}
