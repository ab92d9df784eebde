#!/usr/bin/env bash
# Type-checks every workspace (each has its own tsconfig; TypeScript strict everywhere), two projects
# at a time (one tsc uses one core). Incremental: each project's build info is cached in
# node_modules/.cache/tsc, so a re-run re-checks only what changed (CI starts cold).
set -euo pipefail
cd "$(dirname "$0")/.."
cache=node_modules/.cache/tsc
mkdir -p "$cache"
jobs=${TYPECHECK_JOBS:-2}
# The web app's API types come from the server's route contracts (apps/server/src/ops/api-types-cli.ts):
# refreshed before the web app is checked, so a renamed route or a changed shape fails here.
# Longest first, so the short ones fill the other slot. packages/app-runtime and packages/app-ui (the
# UI kit) are the browser code bundled into generated apps; the sandbox prelude's is the code run first
# in each function isolate (no DOM, no Node types).
projects=(apps/server apps/web bench e2e packages/app-sdk packages/shared packages/app-runtime
  packages/app-ui apps/server/src/platform/sandbox/prelude)
check() {
  local project=$1 out
  local info="$cache/$(echo "$project" | tr '/.' '__').tsbuildinfo"
  if [ "$project" = apps/web ] && ! out=$(npm run -s api:types 2>&1); then
    printf 'typecheck: %s failed (API types)\n%s\n' "$project" "$out"
    return 1
  fi
  if out=$(npx tsc --noEmit --incremental --tsBuildInfoFile "$info" -p "$project" 2>&1); then
    echo "typecheck: $project ok"
  else
    printf 'typecheck: %s failed\n%s\n' "$project" "$out"
    return 1
  fi
}
export -f check
export cache
printf '%s\n' "${projects[@]}" | xargs -P "$jobs" -I{} bash -c 'check "$@"' _ {}
echo "typecheck: ok"
