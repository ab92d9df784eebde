import path from 'node:path';
import { findRepoRoot } from '../../platform/paths.ts';

/**
 * Where the compiler finds its browser sources and packages. Resolved from the repository root so
 * it works both from `src/` (tsx, tests) and from the bundled `dist/main.js`.
 */
export interface CompilePaths {
  /** `apps/server`: packages (react, tailwindcss, …) resolve from here. */
  serverDir: string;
  /** The app runtime bundled into every compiled app (the `@atelier/app-runtime` package's entry). */
  runtimeFile: string;
  /** The @atelier/ui kit sources (packages/app-ui/src). */
  uiDir: string;
  /** The vendor set's own modules (the Base44 SDK, lucide's additions): features/compile/vendor. */
  vendorDir: string;
  /** The @atelier/app-sdk sources. */
  sdkDir: string;
}

let cached: CompilePaths | undefined;

export function compilePaths(): CompilePaths {
  if (cached) return cached;
  const root = findRepoRoot();
  const compileDir = path.join(root, 'apps/server/src/features/compile');
  cached = {
    serverDir: path.join(root, 'apps/server'),
    runtimeFile: path.join(root, 'packages/app-runtime/src/app-runtime.tsx'),
    uiDir: path.join(root, 'packages/app-ui/src'),
    vendorDir: path.join(compileDir, 'vendor'),
    sdkDir: path.join(root, 'packages/app-sdk'),
  };
  return cached;
}
