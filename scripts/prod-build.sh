#!/usr/bin/env bash
# `npm run prod-build`: the Dockerfile's build steps without Docker (images cannot be pulled here).
# In a temporary directory: a clean copy of the sources → `npm ci` (deps stage) → build the web app,
# the app SDK and the server bundle, prune to production dependencies (build stage) → start the
# pruned tree in production mode and check /api/health, /api/ready and the web app (runtime stage),
# then a copy of apps/server/dist elsewhere in the tree (it carries its migrations).
#   --worktree   build the working tree (tracked and untracked, not ignored) instead of HEAD
#   --keep       keep the temporary directory
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source_mode=head
keep=0
for arg in "$@"; do
  case "$arg" in
    --worktree) source_mode=worktree ;;
    --keep) keep=1 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done
export npm_config_loglevel=error npm_config_fund=false npm_config_audit=false

work="$(mktemp -d -t atelier-prod-build-XXXXXX)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  if [ "$keep" = 0 ]; then rm -rf "$work"; else echo "kept $work"; fi
}
trap cleanup EXIT
started=$(date +%s)
step() { echo "== prod-build [$(( $(date +%s) - started ))s] $*"; }

step "sources ($source_mode) → $work/app"
mkdir -p "$work/app"
if [ "$source_mode" = head ]; then
  git -C "$root" archive --format=tar HEAD | tar -x -C "$work/app"
else
  (cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} sh -c 'test -e "{}" && echo "{}"' \
    | tar -c -T - ) | tar -x -C "$work/app"
fi
cd "$work/app"

step "deps: npm ci"
npm ci --no-audit --no-fund >"$work/npm-ci.log" 2>&1 || { tail -40 "$work/npm-ci.log"; exit 1; }

step "build: web app, app SDK, server bundle"
npm run build >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
npm run build -w @atelier/server >>"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
test -f apps/server/dist/main.js && test -f apps/web/dist/index.html

step "build: prune to production dependencies"
npm prune --omit=dev --no-audit --no-fund >"$work/prune.log" 2>&1 || { tail -40 "$work/prune.log"; exit 1; }
rm -rf e2e bench apps/web/src
for dev_only in vitest drizzle-kit @biomejs/biome playwright-core; do
  if [ -e "node_modules/$dev_only" ]; then echo "dev dependency left after pruning: $dev_only" >&2; exit 1; fi
done
for needed in hono pg pg-boss @electric-sql/pglite esbuild isolated-vm prom-client typescript; do
  if [ ! -e "node_modules/$needed" ]; then echo "production dependency missing: $needed" >&2; exit 1; fi
done

step "runtime: start the pruned tree (NODE_ENV=production)"
secrets_key="$(node -e "console.log(require('crypto').randomBytes(32).toString('base64'))")"
# start_server <main.js> <data dir> <log>: the server in production mode on free ports (sets port, server_pid).
start_server() {
  port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  preview_port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  mkdir -p "$2"
  env -i PATH="$PATH" HOME="$work" NODE_ENV=production HOST=127.0.0.1 PORT="$port" PREVIEW_PORT="$preview_port" \
    DATA_DIR="$2" PUBLIC_URL="http://127.0.0.1:$port" SECRETS_KEY="$secrets_key" \
    MODEL_CATALOGUE_URL=off LOG_LEVEL=warn \
    node "$1" >"$3" 2>&1 &
  server_pid=$!
}

check() {
  node -e '
    const [url, want] = process.argv.slice(1);
    fetch(url).then(async (r) => {
      const body = await r.text();
      if (r.status !== 200 || !body.includes(want)) { console.error(url, r.status, body.slice(0, 200)); process.exit(1); }
      if (url.endsWith("/") && !(r.headers.get("content-security-policy") || "").includes("frame-ancestors")) {
        console.error("no CSP on the web app page"); process.exit(1);
      }
    }, (e) => { console.error(url, e.message); process.exit(1); });
  ' "$1" "$2"
}
# wait_healthy <log>: until /api/health answers, or fails when the server exits first.
wait_healthy() {
  for _ in $(seq 1 120); do
    if check "http://127.0.0.1:$port/api/health" '"status":"ok"' 2>/dev/null; then break; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then cat "$1"; echo "the server exited" >&2; exit 1; fi
    sleep 0.5
  done
  check "http://127.0.0.1:$port/api/health" '"status":"ok"'
}
# stop_server <log>: SIGTERM, and a clean exit.
stop_server() {
  kill -TERM "$server_pid"
  status=0
  wait "$server_pid" || status=$?
  server_pid=""
  if [ "$status" != 0 ]; then cat "$1"; echo "exit code $status after SIGTERM" >&2; exit 1; fi
}

start_server apps/server/dist/main.js "$work/data" "$work/server.log"
wait_healthy "$work/server.log"
check "http://127.0.0.1:$port/api/ready" '"status":"ready"'
check "http://127.0.0.1:$port/" '<div id="root">'

step "runtime: SIGTERM stops it cleanly"
stop_server "$work/server.log"

# A copy of the server bundle elsewhere in the tree (as an earlier build kept to compare with, or a
# bundle moved by an operator) starts on a fresh embedded database: it carries its own migrations.
step "runtime: a copy of apps/server/dist at the tree's root starts (fresh PGlite)"
cp -r apps/server/dist server-dist-copy
start_server server-dist-copy/main.js "$work/data-copy" "$work/server-copy.log"
wait_healthy "$work/server-copy.log"
stop_server "$work/server-copy.log"
rm -rf server-dist-copy
step "ok"
