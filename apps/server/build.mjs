// Bundles the server into dist/main.js: our workspace packages (TypeScript sources) are bundled,
// every other package stays an ordinary runtime import from node_modules.
import fs from 'node:fs';
import { build } from 'esbuild';
import { bundlePrelude } from './src/platform/sandbox/prelude-bundle.mjs';

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@atelier/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  // The function runner is forked by the server (platform/sandbox) from dist/function-runner.js.
  entryPoints: {
    main: 'src/main.ts',
    'function-runner': 'src/platform/sandbox/runner.ts',
    // Uploads are parsed in a child process (features/data-sources/parsing/parse-isolated.ts).
    'parse-worker': 'src/features/data-sources/parsing/parse-child.ts',
    // The embedded database's thread (platform/db/pglite-thread.ts).
    'pglite-worker': 'src/platform/db/pglite-worker.ts',
    // The type checker's thread (features/code-editor/type-check-thread.ts).
    'type-check-worker': 'src/features/code-editor/type-check-worker.ts',
    // Base44 imports are translated in a thread of their own (features/base44-import/translate-thread.ts).
    'base44-translate-worker': 'src/features/base44-import/translate-worker.ts',
    // `npm run backup` / `npm run restore` in a production image (no tsx there).
    'backup-cli': 'src/ops/backup-cli.ts',
    'import-base44-cli': 'src/ops/import-base44-cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  // The sandbox prelude (src/platform/sandbox/prelude), bundled into one script for the function runner.
  define: { ATELIER_SANDBOX_PRELUDE: JSON.stringify(await bundlePrelude()) },
  logLevel: 'warning',
});

// The migrations travel with the bundle (platform/db/migrate.ts looks next to main.js first): a copy
// of dist, e.g. an earlier build kept to compare with, migrates with its own schema's migrations
// wherever in the tree it is put, not with whatever apps/server/drizzle holds beside it (if anything).
fs.rmSync('dist/drizzle', { recursive: true, force: true });
fs.cpSync('drizzle', 'dist/drizzle', { recursive: true });
