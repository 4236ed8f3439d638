# syntax=docker/dockerfile:1
# The HCP portal as one container image: the web app and the API on one port (docs/deployment.md).
#
#   docker build -t hcp-portal .
#   docker run -d --name hcp -p 127.0.0.1:3000:3000 -v hcp-data:/data \
#     -e JWT_SECRET=... -e DATA_ENCRYPTION_KEY=... -e PUBLIC_URL=https://portal.example.com -e TRUST_PROXY=true \
#     hcp-portal
#
# Production mode is the default here: the server refuses to start (exit code 2) without
#   JWT_SECRET            32+ characters (signs the clinicians' tokens; the same on every node)
#   DATA_ENCRYPTION_KEY   64 hex characters (AES-256-GCM key of encrypted fields; the same on every node, never lost)
# and it usually needs PUBLIC_URL (mailed links), TRUST_PROXY=true behind the TLS proxy, SMTP_URL (mail), and for more
# than one node DATABASE_URL (PostgreSQL). The full list is in README.md ("Configuration").
#
# scripts/check-docker-image.sh builds and starts this image where a Docker engine runs, and otherwise replays the
# runtime stage on the machine (scripts/simulate-docker-runtime.mjs reads this file): keep the runtime stage's
# instructions to ENV, WORKDIR, COPY --from=build, RUN, USER, VOLUME, EXPOSE, HEALTHCHECK, ENTRYPOINT and CMD.

# The Node.js major of the project's own runtime (the `node` devDependency of package.json, decision 0300).
ARG NODE_MAJOR=24

# ---- build: every dependency, then the web app (Vite) and the server bundle (esbuild)
FROM node:${NODE_MAJOR}-bookworm AS build
WORKDIR /app
# The manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/agency-client/package.json packages/agency-client/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
# The web app's build-time settings (VITE_AGENCY_*) come from apps/web/.env.production when present.
RUN npm run build

# ---- runtime: Node.js, the server's production dependencies, the two builds and the migrations
FROM node:${NODE_MAJOR}-bookworm-slim AS runtime
# tini is PID 1: it passes SIGTERM to the server (which stops accepting, finishes in-flight requests and closes the
# database) and reaps any orphaned process, with or without `docker run --init` or an orchestrator's init.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 hcp \
  && useradd --system --uid 10001 --gid hcp --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin hcp
ENV NODE_ENV=production \
  HCP_MODE=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
# npm ci needs every workspace's manifest to match the lock file; only the server's dependencies are installed.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/agency-client/package.json packages/agency-client/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/bench/package.json bench/
RUN npm ci --omit=dev --workspace @hcp/server --no-audit --no-fund --loglevel=error \
  && npm cache clean --force
# The code is root's and read-only to the server's user; only DATA_DIR is written.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# The supervisor: one server process with the embedded database, WEB_CONCURRENCY (default: the cores) with
# DATABASE_URL, each restarted when it dies, with the memory settings `npm start` gives them.
COPY --from=build /app/scripts/serve.mjs /app/scripts/supervisor.mjs /app/scripts/server-runtime.mjs scripts/
# The embedded database, stored files and generated secrets: private to the server's user, kept in a volume.
RUN mkdir -p /data && chown hcp:hcp /data && chmod 0700 /data
VOLUME /data
USER hcp
EXPOSE 3000
# Ready: the database answers and every migration is applied (GET /core/api/health/live is the liveness probe).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/core/api/health/ready`, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "scripts/serve.mjs"]
