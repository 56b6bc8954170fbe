# syntax=docker/dockerfile:1
# Hearth's container image (docs/deploy.md). Every step is an npm script that CI runs too
# (.ci/run and deploy/test/): `npm ci` and `npm run build` build the app, a production-only
# `npm ci` installs the server, and the command is `npm run start:prod`'s (deploy/test checks
# that they are the same). No image is built or run where the tests run; they check this
# file, and start the same command on the same files.
#
#   docker build -t hearth:1 --build-arg HEARTH_COMMIT=$(git rev-parse --short HEAD) .
#
# Pin the base by digest for reproducible builds: --build-arg NODE_IMAGE=node:20-bookworm-slim@sha256:…
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency, then the web app -------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/protocol/package.json packages/protocol/
COPY packages/device-model/package.json packages/device-model/
COPY packages/comfort/package.json packages/comfort/
COPY packages/energy/package.json packages/energy/
COPY packages/server/package.json packages/server/
COPY packages/simulator/package.json packages/simulator/
COPY packages/cloud-link/package.json packages/cloud-link/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# The map tile URL is built into the app (give the server the same MAP_TILE_URL for its CSP);
# a build argument is in the environment of the RUN steps that follow it.
ARG VITE_MAP_TILE_URL
RUN npm run build

# ---- runtime: the server, its production dependencies and the built app --------------------
FROM ${NODE_IMAGE} AS runtime
# A system user of its own (a UID no host account has); the image's files stay root's, so
# the server cannot change its own code. It writes only to DATA_DIR and the temporary folder.
RUN groupadd --system --gid 10001 hearth \
  && useradd --system --uid 10001 --gid hearth --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin hearth \
  && mkdir /data && chown hearth:hearth /data && chmod 0700 /data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/protocol/package.json packages/protocol/
COPY packages/device-model/package.json packages/device-model/
COPY packages/comfort/package.json packages/comfort/
COPY packages/energy/package.json packages/energy/
COPY packages/server/package.json packages/server/
COPY packages/simulator/package.json packages/simulator/
COPY packages/cloud-link/package.json packages/cloud-link/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
# Only what the server imports (its workspace's dependencies, tsx among them); then npm,
# npx, corepack and yarn leave the image: nothing at run time installs anything.
RUN npm ci --omit=dev --workspace @hearth/server --no-audit --no-fund \
  && npm cache clean --force \
  && rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
    /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /opt/yarn-* \
    /usr/local/bin/yarn /usr/local/bin/yarnpkg
# tsx reads the TypeScript options from tsconfig.json, as it does in CI.
COPY tsconfig.json tsconfig.base.json ./
COPY packages/protocol/src packages/protocol/src
COPY packages/device-model/src packages/device-model/src
COPY packages/comfort/src packages/comfort/src
COPY packages/energy/src packages/energy/src
COPY packages/cloud-link/src packages/cloud-link/src
COPY packages/server/src packages/server/src
COPY packages/server/drizzle packages/server/drizzle
COPY packages/server/assets packages/server/assets
COPY deploy/healthcheck.mjs deploy/healthcheck.mjs
COPY --from=build /app/packages/web/dist packages/web/dist

ARG HEARTH_COMMIT=dev
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATA_DIR=/data \
  HEARTH_COMMIT=${HEARTH_COMMIT}
USER 10001:10001
# HTTP, realtime and MQTT over WebSocket (/mqtt); 1883 is the embedded broker's TCP port
# when MQTT_PORT=1883 is set (one host without an external broker); 9464 is Prometheus'
# GET /metrics when METRICS_PORT=9464 is set (with METRICS_HOST=0.0.0.0 to reach it from
# outside the container), as deploy/compose and deploy/kubernetes do.
EXPOSE 8080 1883 9464
# Liveness, as Kubernetes' livenessProbe: the process answers. Readiness (GET /ready, which
# also checks the database, the broker and Redis) is for load balancers, not for restarts.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs"]
# The exec form makes node PID 1, so SIGTERM reaches the server itself (through npm it would
# reach only npm's shell); the server handles SIGTERM and SIGINT.
CMD ["node", "--import", "tsx", "packages/server/src/main.ts"]
