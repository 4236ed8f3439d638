#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server started from the machine's binaries
# (/usr/lib/postgresql/*/bin), installing Debian's postgresql package when none is there.
# The server runs as a non-root user, listens on 127.0.0.1 only, and is removed on exit.
# Usage: scripts/with-postgres.sh <command...>   (the command sees TEST_DATABASE_URL and PG_BIN)
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
PG_BIN=$(find_bin || true)
if [ -z "${PG_BIN}" ] || [ ! -x "${PG_BIN}/initdb" ]; then
  echo "> installing PostgreSQL from Debian's packages"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo -n"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
  PG_BIN=$(find_bin)
fi

PORT=${PG_TEST_PORT:-55432}
RUN_AS=""
if [ "$(id -u)" -eq 0 ]; then
  id -u hcpci >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin hcpci
  RUN_AS="hcpci"
fi
DIR=$(mktemp -d /tmp/hcp-pg-XXXXXX)
chmod 755 "$DIR"
[ -n "$RUN_AS" ] && chown "$RUN_AS" "$DIR"
as_pg() { if [ -n "$RUN_AS" ]; then runuser -u "$RUN_AS" -- "$@"; else "$@"; fi; }

as_pg "$PG_BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -t 60 \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
cleanup() { as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$DIR"; }
trap cleanup EXIT

export PG_BIN
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:${PORT}/postgres"
echo "> PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:${PORT}"
"$@"
