#!/usr/bin/env bash
# Type-checks every workspace (each has its own tsconfig; TypeScript strict everywhere).
set -euo pipefail
for project in packages/shared packages/app-sdk apps/server apps/web e2e bench; do
  npx tsc --noEmit -p "$project"
done
echo "typecheck: ok"
