#!/usr/bin/env bash
# The project's own PostgreSQL cluster: a data folder inside the repository, a Unix
# socket next to it and a port of its own, so development and tests never touch another
# server. Idempotent: `start` on a running cluster only prints its URL.
#
#   scripts/db.sh start   init (first time), start, create the `dispatch` database
#   scripts/db.sh stop    stop the cluster
#   scripts/db.sh url     print the DATABASE_URL of the local cluster
#   scripts/db.sh running exit 0 when the local cluster is running
#
# The port is DISPATCH_PG_PORT (default 54329), given to the server at every start rather
# than written into the cluster: a cluster running on another port is restarted on the new
# one, unless a session uses it (then `start` refuses and names them). DATABASE_URL in the environment is never used here: another server is reached only
# through the Makefile's opt-in, DISPATCH_DATABASE_URL (then `start` only checks it).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
pgbin=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
port=${DISPATCH_PG_PORT:-54329}
db=${DISPATCH_DB:-dispatch}
data="$root/.pgdata"

log() { echo "db: $*" >&2; }

# Postgres refuses to run as root: as root the server runs as the `postgres` user, who
# must be able to reach the data folder. A checkout under a folder that user cannot enter
# gets its cluster under /tmp instead (still private to this checkout).
as_server() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = 0 ] && ! runuser -u postgres -- test -x "$root" 2>/dev/null; then
  data="/tmp/dispatch-pgdata-$(printf %s "$root" | sha256sum | cut -c1-12)"
fi
sock="$data/run"

url() { echo "postgresql:///$db?host=$sock&port=$port&user=postgres"; }

need_postgis() {
  local share
  share=$("$pgbin/pg_config" --sharedir)
  [ -f "$share/extension/postgis.control" ] && return 0
  local ver; ver=$("$pgbin/pg_config" --version | sed -E 's/[^0-9]*([0-9]+).*/\1/')
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    log "installing postgresql-$ver-postgis-3 (PostGIS is missing)"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "postgresql-$ver-postgis-3") >&2
  else
    log "PostGIS is missing: install it with: sudo apt-get install postgresql-$ver-postgis-3"
    exit 1
  fi
}

# The port a running cluster listens on (line 4 of postmaster.pid), empty when stopped.
running_port() {
  as_server "$pgbin/pg_ctl" -D "$data" status >/dev/null 2>&1 || return 0
  sed -n 4p "$data/postmaster.pid" 2>/dev/null || true
}

start() {
  if [ -n "${DISPATCH_DATABASE_URL:-}" ]; then
    "$pgbin/pg_isready" -q -d "$DISPATCH_DATABASE_URL" || { log "DISPATCH_DATABASE_URL does not answer"; exit 1; }
    echo "$DISPATCH_DATABASE_URL"; return
  fi
  [ -x "$pgbin/initdb" ] || { log "no PostgreSQL server binaries found (apt-get install postgresql)"; exit 1; }
  need_postgis
  if [ ! -f "$data/PG_VERSION" ]; then
    log "initialising a cluster in $data"
    mkdir -p "$data"
    [ "$(id -u)" = 0 ] && chown postgres: "$data"
    as_server "$pgbin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    as_server mkdir -p "$sock"
    cat >> "$data/postgresql.conf" <<CONF
# set by scripts/db.sh
listen_addresses = ''
unix_socket_directories = '$sock'
max_connections = 400
shared_buffers = 512MB
fsync = off
synchronous_commit = off
full_page_writes = off
log_min_messages = warning
CONF
  fi
  local current; current=$(running_port)
  if [ -n "$current" ] && [ "$current" != "$port" ]; then
    # Restarting under sessions would cut them off (a `make run` in another shell, whose
    # worker then waits forever for a server on the old port): only an idle cluster moves.
    local sessions
    sessions=$("$pgbin/psql" -qtAX -h "$sock" -p "$current" -U postgres -d postgres -c \
      "select string_agg(format('pid %s (%s, database %s, %s)', pid, coalesce(nullif(application_name, ''), '-'), datname, state), '; ')
         from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()" 2>/dev/null || true)
    if [ -n "$sessions" ]; then
      log "the cluster runs on port $current and is in use: $sessions"
      log "not restarting it on DISPATCH_PG_PORT=$port; use DISPATCH_PG_PORT=$current, or stop those sessions first"
      exit 1
    fi
    log "the cluster runs on port $current, unused; restarting it on DISPATCH_PG_PORT=$port"
    stop
  fi
  if ! as_server "$pgbin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
    # Settings given at every start, so that they apply to clusters made before them too:
    # the port, and WAL kept small (test databases are clones: each one is WAL-logged, and
    # a cluster that keeps gigabytes of it for crash recovery it never needs fills disks).
    as_server "$pgbin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 60 \
      -o "-c port=$port -c max_wal_size=256MB -c min_wal_size=64MB -c wal_keep_size=0" start >/dev/null ||
      { tail -n 20 "$data/server.log" >&2; exit 1; }
  fi
  "$pgbin/psql" -qtAX -h "$sock" -p "$port" -U postgres -d postgres \
    -c "select 1 from pg_database where datname = '$db'" | grep -q 1 ||
    "$pgbin/createdb" -h "$sock" -p "$port" -U postgres "$db"
  url
}

stop() {
  [ -f "$data/PG_VERSION" ] || return 0
  as_server "$pgbin/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || true
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  url) if [ -n "${DISPATCH_DATABASE_URL:-}" ]; then echo "$DISPATCH_DATABASE_URL"; else url; fi ;;
  running) [ -n "$(running_port)" ] ;;
  *) echo "usage: $0 start|stop|url|running" >&2; exit 2 ;;
esac
