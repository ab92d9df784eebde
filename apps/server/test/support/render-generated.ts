import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { templateSourceOf } from '../../src/features/apps/template/index.ts';
import { resolveAppImport } from '../../src/features/compile/bundle-js.ts';
import { findRepoRoot } from '../../src/platform/paths.ts';

/**
 * Compiles generated app files (TSX, React 19, `@atelier/app-sdk`, lucide-react, react-router)
 * with esbuild and renders one of them to HTML on the server, for tests of generated code. The
 * app SDK is a stub whose entities list nothing; `@/components/ui/*` and `@/lib/utils` not among
 * the files are the template's.
 */
const SDK_STUB = `
const api = { list: async () => [], filter: async () => [], create: async (record) => ({ id: 'new', ...record }) };
export const entities = new Proxy({}, { get: () => api });
`;

export interface RenderOptions {
  /** The component file to render, e.g. `pages/Contacts.tsx` or `Layout.tsx`. */
  entry: string;
  /** The router location. */
  location?: string;
}

export async function renderGenerated(
  files: readonly { path: string; content: string }[],
  options: RenderOptions,
) {
  const root = findRepoRoot();
  const byPath = new Map(files.map((file) => [file.path, file.content]));
  for (const file of templateFiles()) if (!byPath.has(file.path)) byPath.set(file.path, file.content);
  if (!byPath.has(options.entry)) throw new Error(`No file ${options.entry}`);
  const entrySource = `
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import Component from 'app:${options.entry}';
export function render() {
  const child = createElement('p', { id: 'page-slot' }, 'page');
  return renderToStaticMarkup(
    createElement(MemoryRouter, { initialEntries: [${JSON.stringify(options.location ?? '/')}] },
      createElement(Component, { currentPageName: 'Page' }, child)));
}`;
  // Inside the repository so that the bundle's require('react') etc. resolve to its node_modules.
  const cacheDir = path.join(root, 'node_modules', '.cache');
  fs.mkdirSync(cacheDir, { recursive: true });
  const outDir = fs.mkdtempSync(path.join(cacheDir, 'atelier-render-'));
  const outfile = path.join(outDir, 'bundle.cjs');
  try {
    const result = await build({
      stdin: { contents: entrySource, resolveDir: root, loader: 'tsx' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      jsx: 'automatic',
      outfile,
      logLevel: 'silent',
      define: { 'import.meta.env': '{}' },
      external: [
        'react',
        'react/*',
        'react-dom',
        'react-dom/*',
        'react-router',
        'lucide-react',
        '@radix-ui/*',
        'class-variance-authority',
        'clsx',
        'tailwind-merge',
        'sonner',
        '@tanstack/react-query',
      ],
      plugins: [
        {
          name: 'app-files',
          setup(b) {
            b.onResolve({ filter: /^app:/ }, (args) => ({ path: args.path.slice(4), namespace: 'app' }));
            b.onResolve({ filter: /^(\.\.?\/|@\/)/ }, (args) => {
              if (args.namespace !== 'app') return undefined;
              const resolved = resolveAppImport(args.path, args.importer, byPath);
              if ('error' in resolved) return { errors: [{ text: resolved.error }] };
              return { path: resolved.path, namespace: 'app' };
            });
            b.onResolve({ filter: /^@atelier\/app-sdk$/ }, () => ({ path: 'sdk', namespace: 'sdk' }));
            b.onLoad({ filter: /.*/, namespace: 'sdk' }, () => ({ contents: SDK_STUB, loader: 'js' }));
            b.onLoad({ filter: /.*/, namespace: 'app' }, (args) => ({
              contents: byPath.get(args.path) ?? '',
              loader: args.path.endsWith('.css') ? 'css' : args.path.endsWith('.ts') ? 'ts' : 'tsx',
              resolveDir: root,
            }));
          },
        },
      ],
    });
    if (result.errors.length > 0) throw new Error(result.errors.map((e) => e.text).join('\n'));
    const module = createRequire(import.meta.url)(outfile) as { render(): string };
    return module.render();
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/** The template's shared files (`components/ui/*`, `lib/utils.js`) that generated pages import. */
function templateFiles(): { path: string; content: string }[] {
  const root = path.join(findRepoRoot(), 'apps/server/src/features/apps/template/files');
  return ['components/ui', 'lib'].flatMap((dir) =>
    fs.readdirSync(path.join(root, dir)).flatMap((name) => {
      const file = `${dir}/${name}`;
      const content = templateSourceOf(file);
      return content === undefined ? [] : [{ path: file, content }];
    }),
  );
}
