# The production runtime, `chatflow serve`, as an image (docs/deploy.md). Two stages: the build stage installs the
# locked dependencies and runs `npm run build:server`; the run stage is Node 20 with dist/ only (one bundle, the
# native SQLite binding and QuickJS's wasm beside it), running as the unprivileged `node` user.
#   docker build -t chatflow-runtime .
#   docker run --env-file runtime.env -p 127.0.0.1:7373:7373 -p 127.0.0.1:7374:7374 -v chatflow-data:/data chatflow-runtime
# With PostgreSQL for several instances: compose.yaml.

FROM node:20-bookworm-slim AS build
WORKDIR /src
# better-sqlite3 downloads a prebuilt binding, or compiles one when none matches the platform: keep a toolchain here.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Install scripts are skipped (the desktop app's Electron download among them); the two packages the server build
# needs get theirs: the SQLite driver's binding for this Node, and esbuild's binary check.
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && npm rebuild better-sqlite3 esbuild
COPY . .
RUN npm run build:server

FROM node:20-bookworm-slim
# A young generation of 2 × 4 MiB instead of V8's 2 × 16: serve's RSS after 100,000 runs stays within 1.5× of idle
# at about 5 % more CPU per message (docs/runtime.md, "Memory"). Only a command line or NODE_OPTIONS can set it.
ENV NODE_OPTIONS=--max-semi-space-size=4 \
    NODE_ENV=production \
    CHATFLOW_WEBHOOK_HOST=0.0.0.0 \
    CHATFLOW_WEBHOOK_PORT=7373 \
    CHATFLOW_PUBLISH_PORT=7374
WORKDIR /app
COPY --from=build /src/dist ./dist
# SQLite state (the default) lives in the /data volume; with CHATFLOW_DATABASE_URL it stays empty.
RUN mkdir /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 7373 7374
# The image has no curl: Node itself asks /healthz (the process answers). /readyz is for load balancers.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.CHATFLOW_WEBHOOK_PORT || 7373) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/app/dist/chatflow.mjs"]
CMD ["serve", "--data-dir", "/data"]
