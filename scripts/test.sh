#!/usr/bin/env bash
# `npm test`: everything — types, lint, unit and integration tests (PGlite and PostgreSQL), then the
# end-to-end specs in Debian's Chromium against the built server.
set -euo pipefail
cd "$(dirname "$0")/.."
export npm_config_loglevel=error

bash scripts/ensure-system-deps.sh
echo "== typecheck"
bash scripts/typecheck.sh
echo "== lint"
npx biome check .
echo "== unit and integration (PGlite, PostgreSQL)"
npx vitest run
echo "== build"
node scripts/build-if-stale.mjs
echo "== first-page JavaScript budget"
node scripts/check-bundle-budget.mjs
echo "== end-to-end (Chromium)"
npm run test:e2e
