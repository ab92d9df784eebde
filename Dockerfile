# syntax=docker/dockerfile:1
# Atelier: the API, the web app, published apps and the preview origin in one Node process.
# Stages: deps (all dependencies, isolated-vm built from source) → build (web app, app SDK, server
# bundle, then prune to production dependencies) → runtime (non-root, no compilers).
# scripts/prod-build.sh performs the same build steps without Docker; CI runs it.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
# isolated-vm 5 compiles its native addon at install time.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The lock file and `allowScripts` (which install scripts may run) are written for npm 11.
RUN npm install -g npm@11.19.1
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/app-sdk/package.json packages/app-sdk/
COPY packages/app-ui/package.json packages/app-ui/
COPY packages/app-runtime/package.json packages/app-runtime/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build \
  && npm run build -w @atelier/server \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf e2e bench apps/web/src apps/web/node_modules/.vite

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  PREVIEW_PORT=3001 \
  DATA_DIR=/data
WORKDIR /app
# The server reads a few source files at run time (prompts, the compiler's runtime and vendor UI, the
# app SDK), so the whole pruned tree is copied, owned by root and read-only for the `node` user.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000 3001
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) drains requests and returns unfinished jobs to the queue (SHUTDOWN_TIMEOUT_MS).
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
