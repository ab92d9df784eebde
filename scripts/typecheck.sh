#!/usr/bin/env bash
# Type-checks every workspace (each has its own tsconfig; TypeScript strict everywhere).
set -euo pipefail
# apps/server/src/features/compile/tsconfig.browser.json: the browser code bundled into generated apps.
for project in packages/shared packages/app-sdk apps/server apps/server/src/features/compile/tsconfig.browser.json apps/web e2e bench; do
  npx tsc --noEmit -p "$project"
done
echo "typecheck: ok"
