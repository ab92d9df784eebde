import type { AppFile } from '@atelier/shared';

/** shadcn/ui's folder (`components/ui/`, or `src/components/ui/` in a tree kept under src/). */
const UI_FILE = /(^|\/)components\/ui\/([^/]+)\.(tsx|ts|jsx|js)$/;
/** The module names a file imports or re-exports: `from '…'`, `import '…'`, `import('…')`, `require('…')`. */
const SPECIFIER = /(?:\bfrom|\bimport|\brequire)\s*\(?\s*['"]([^'"\n]+)['"]/g;

/**
 * The last path segment of each module a source names, without extension (`@/components/ui/button.jsx`
 * → `button`); the folder itself (`@/components/ui`) is its `index`.
 */
const importedNames = (source: string) =>
  [...source.matchAll(SPECIFIER)].map((match) => {
    const name = match[1]!
      .replace(/\.(tsx|ts|jsx|js)$/, '')
      .split('/')
      .pop()!;
    return name === 'ui' ? 'index' : name;
  });

/**
 * The app's files without the shadcn/ui components the app does not reach: what Tailwind scans for
 * classes (compiler.ts) and what the type check reads (code-editor/type-check.ts). A new app carries
 * shadcn's whole set (48 files) and uses a few; a component nothing reaches never renders, so its
 * classes would only grow the stylesheet (60 → 118 KB for the template) and its imports load the
 * types of libraries the app does not use (recharts, react-day-picker, cmdk…: a first type check
 * took 1.5–1.8× as long). Reached: imported by a file that is not a component, or by a reached
 * component. Kept on the safe side: a module is matched by its name whatever its folder, and
 * everything stays when a file loads modules by pattern (`import.meta.glob`). `entry` is the
 * generated entry module's source (it may import a component: shadcn's toaster).
 */
export function reachedFiles(files: readonly AppFile[], entry = ''): AppFile[] {
  const components = new Map<string, AppFile[]>();
  for (const file of files) {
    const name = UI_FILE.exec(file.path)?.[2];
    if (name) components.set(name, [...(components.get(name) ?? []), file]);
  }
  if (components.size === 0 || files.some((file) => file.content.includes('import.meta.glob')))
    return [...files];
  const reached = new Set<AppFile>();
  const queue = [entry, ...files.filter((file) => !UI_FILE.test(file.path)).map((file) => file.content)];
  for (let source = queue.pop(); source !== undefined; source = queue.pop()) {
    for (const name of importedNames(source)) {
      for (const component of components.get(name) ?? []) {
        if (reached.has(component)) continue;
        reached.add(component);
        queue.push(component.content);
      }
    }
  }
  return files.filter((file) => !UI_FILE.test(file.path) || reached.has(file));
}
