#!/usr/bin/env bash
# `npm test`: everything — types, lint, unit and integration tests (PGlite and PostgreSQL), then the
# end-to-end specs in Debian's Chromium against the built server. Prints how long each part took.
set -euo pipefail
cd "$(dirname "$0")/.."
export npm_config_loglevel=error

started=$SECONDS
mark=$SECONDS
phase() {
  if [ -n "${current:-}" ]; then echo "== $current: $((SECONDS - mark)) s"; fi
  current=$1
  mark=$SECONDS
  [ -n "$current" ] && echo "== $current"
  return 0
}

bash scripts/ensure-system-deps.sh
phase typecheck
bash scripts/typecheck.sh
phase lint
npx biome check .
phase "unit and integration (PGlite, PostgreSQL)"
npx vitest run
phase build
node scripts/build-if-stale.mjs
phase "first-page JavaScript budget"
node scripts/check-bundle-budget.mjs
phase "end-to-end (Chromium)"
npm run test:e2e
phase ""
echo "== npm test: $((SECONDS - started)) s"
