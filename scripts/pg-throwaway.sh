#!/usr/bin/env bash
# A throwaway PostgreSQL 15 for tests and benchmarks, never for real data (docs/how-to.md, "The API suite on PostgreSQL").
#   scripts/pg-throwaway.sh start [port]   initdb + start, create db usedcars_test, print its URL
#   scripts/pg-throwaway.sh stop [port]    stop it and delete its folder
#   scripts/pg-throwaway.sh restart [port] stop it as a crash would (immediate mode), start it again
# By default fsync, full_page_writes and synchronous_commit are off: the API suites create and drop a
# database per test file and never crash the server, so nothing they check needs a write on disk.
# PG_DURABLE=1 keeps all three on, for whatever checks that an acknowledged write outlives a crash
# (`npm run stack` and its fault tests). PG_EXTRA_OPTIONS adds server settings.
# Runs the server as user postgres (via runuser when started as root), trust auth on loopback only.
set -euo pipefail

cmd="${1:-}"
port="${2:-${PG_THROWAWAY_PORT:-55432}}"
bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"
dir="${TMPDIR:-/tmp}/usedcars-pg-${port}"
db=usedcars_test
url="postgres://postgres@127.0.0.1:${port}/${db}"

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

running() {
  [ -f "$dir/data/postmaster.pid" ] && as_postgres "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1
}

case "$cmd" in
  start)
    if ! running; then
      rm -rf "$dir"
      mkdir -p "$dir"
      chown postgres:postgres "$dir" 2>/dev/null || true
      chmod 700 "$dir"
      as_postgres "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
      speed="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
      if [ "${PG_DURABLE:-}" = 1 ]; then speed=""; fi
      as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} ${speed} -c max_connections=200 ${PG_EXTRA_OPTIONS:-}" \
        start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
      as_postgres "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$db"
    fi
    echo "$url"
    ;;
  restart)
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m immediate -w -t 30 restart >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    ;;
  stop)
    if running; then as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null; fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop|restart [port]" >&2
    exit 2
    ;;
esac
