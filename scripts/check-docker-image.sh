#!/usr/bin/env bash
# The container image (Dockerfile), as far as this machine can check it:
# - with a Docker engine (`docker info` answers): builds the image, starts it with the required secrets, waits for
#   its HEALTHCHECK, reads the API and the web app through the published port, checks it runs as a non-root user,
#   that it refuses to start without its secrets, and that `docker stop` ends it with exit code 0;
# - without one: prints "skipped: no Docker engine" and replays the runtime stage on this machine instead
#   (scripts/simulate-docker-runtime.mjs: the production file set, `npm ci --omit=dev`, the image's command as a
#   non-root user in production mode, its HEALTHCHECK, SIGTERM).
# The Dockerfile is linted either way (`npm run lint` does it too). Run from .ci/run; needs `npm ci` done.
set -euo pipefail
cd "$(dirname "$0")/.."

npx dockerfile-utils lint Dockerfile
echo "Dockerfile: lint clean"

if ! command -v docker >/dev/null 2>&1 || ! docker info >/dev/null 2>&1; then
  echo "skipped: no Docker engine (the image is not built here); replaying its runtime stage on this machine"
  # The image's PID 1 is Debian's tini: use the same one when it can be had.
  if ! command -v tini >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tini >/dev/null 2>&1 ||
      { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tini >/dev/null 2>&1; } ||
      echo "(tini could not be installed: the server runs as PID 1 of its own)"
  fi
  exec npx node scripts/simulate-docker-runtime.mjs
fi

passed=0
failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }

tag="hcp-portal:ci-$$"
name="hcp-portal-ci-$$"
cleanup() {
  docker rm -fv "$name" >/dev/null 2>&1 || true
  docker rm -fv "$name-nosecrets" >/dev/null 2>&1 || true
  docker volume rm -f "$name-data" >/dev/null 2>&1 || true
  docker image rm -f "$tag" >/dev/null 2>&1 || true
}
trap cleanup EXIT

docker build --pull -t "$tag" .
ok "the image builds"

secret() { npx node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('$1'))"; }
docker run -d --name "$name" -p 127.0.0.1::3000 -v "$name-data:/data" \
  -e JWT_SECRET="$(secret base64url)" -e DATA_ENCRYPTION_KEY="$(secret hex)" "$tag" >/dev/null

# The image's own HEALTHCHECK decides (start period 60 s, every 10 s); bounded by count, not by a clock.
status=starting
for _ in $(seq 1 60); do
  status=$(docker inspect -f '{{.State.Health.Status}}' "$name" 2>/dev/null || echo gone)
  running=$(docker inspect -f '{{.State.Running}}' "$name" 2>/dev/null || echo false)
  if [ "$status" != starting ] || [ "$running" != true ]; then break; fi
  sleep 2
done
if [ "$status" = healthy ]; then ok "the HEALTHCHECK reports healthy"; else
  fail "the HEALTHCHECK reports healthy (status: $status)"
  docker logs "$name" 2>&1 | tail -50
fi

port=$(docker port "$name" 3000/tcp | head -n 1 | sed 's/.*://')
probe() { npx node -e "fetch('http://127.0.0.1:$port$1').then(async (r) => { const t = await r.text(); process.exit(r.status === $2 && t.includes('$3') ? 0 : 1); }, () => process.exit(1))"; }
if probe /core/api/health/ready 200 '"migrations"'; then ok "ready through the published port"; else fail "ready through the published port"; fi
if probe /jobs 200 '<div id="root">'; then ok "the web app is served"; else fail "the web app is served"; fi
if probe /core/api/dev/outbox 404 ''; then ok "no dev routes (production mode)"; else fail "no dev routes (production mode)"; fi
uid=$(docker exec "$name" id -u)
if [ "$uid" != 0 ]; then ok "the server runs as a non-root user (uid $uid)"; else fail "the server runs as a non-root user"; fi

# Without its secrets the image refuses to start (exit code 2: configuration refused).
set +e
docker run --name "$name-nosecrets" "$tag" >/dev/null 2>&1
code=$?
set -e
if [ "$code" = 2 ]; then ok "without JWT_SECRET and DATA_ENCRYPTION_KEY it refuses to start"; else
  fail "without JWT_SECRET and DATA_ENCRYPTION_KEY it refuses to start (exit $code)"
fi

docker stop -t 20 "$name" >/dev/null
code=$(docker inspect -f '{{.State.ExitCode}}' "$name")
if [ "$code" = 0 ]; then ok "docker stop ends it cleanly (exit 0)"; else fail "docker stop ends it cleanly (exit $code)"; fi

echo
echo "docker-image: $passed passed, $failed failed"
[ "$failed" = 0 ]
