#!/usr/bin/env bash
# A logical backup of the project's database and its restore (docs/operations.md).
#
#   scripts/backup.sh dump    SOURCE_URL DIR   the roles (globals) first, then the database
#   scripts/backup.sh restore DIR TARGET_URL   the roles, the database, then migrate
#
# Both URLs are given on the command line: DATABASE_URL from the shell (the usual name of a
# production database) is never read here. TARGET_URL names an empty database that exists
# (createdb it first) on a server with PostGIS; its server gets the roles the dump had.
# migrate then runs on it: it finds the database restored (a new incarnation: devices' sync
# cursors get CURSOR_EXPIRED and resync once, docs/sync.md), re-stamps the restored rows, and
# sets up what the platform there offers. MIGRATE is the migrate command (default: the
# built executable, else swift run migrate).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
pgbin=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
log() { echo "backup: $*" >&2; }
unset DATABASE_URL DATABASE_DIRECT_URL DATABASE_READ_URL

migrate() {
  if [ -n "${MIGRATE:-}" ]; then
    $MIGRATE "$@"
  elif [ -x "$root/.build/debug/migrate" ]; then
    "$root/.build/debug/migrate" --dir "$root/sql/migrations" "$@"
  else
    (cd "$root" && swift run migrate "$@")
  fi
}

dump() {
  local source=$1 dir=$2
  mkdir -p "$dir"
  # The roles first: the database's objects belong to them and its grants name them (a
  # restore without them fails on every owner and grant). Passwords are kept: the file is
  # as secret as the database.
  "$pgbin/pg_dumpall" --dbname="$source" --globals-only --file="$dir/globals.sql"
  # The database in the custom format (compressed; pg_restore picks what it restores).
  "$pgbin/pg_dump" --dbname="$source" --format=custom --file="$dir/database.dump"
  log "dumped to $dir: globals.sql, database.dump"
}

restore() {
  local dir=$1 target=$2
  [ -f "$dir/globals.sql" ] && [ -f "$dir/database.dump" ] || { log "$dir holds no globals.sql and database.dump"; exit 2; }
  if [ "$("$pgbin/psql" -d "$target" -qtAX -c "select count(*) from pg_class where relnamespace = 'public'::regnamespace")" != 0 ]; then
    log "the target database is not empty: restore into a new one (createdb)"
    exit 2
  fi
  # Roles that exist already (the cluster's own, the API roles of a server set up before)
  # make "already exists" errors, and nothing else changes for them: those are skipped.
  "$pgbin/psql" -d "$target" -X -q -f "$dir/globals.sql" 2>&1 | { grep -v 'already exists' || true; } >&2
  "$pgbin/pg_restore" --dbname="$target" --exit-on-error "$dir/database.dump"
  log "restored into the target database; migrating it"
  migrate up --database-url "$target"
}

case "${1:-}" in
  dump) [ $# -eq 3 ] || { echo "usage: $0 dump SOURCE_URL DIR" >&2; exit 2; }; dump "$2" "$3" ;;
  restore) [ $# -eq 3 ] || { echo "usage: $0 restore DIR TARGET_URL" >&2; exit 2; }; restore "$2" "$3" ;;
  *) echo "usage: $0 dump SOURCE_URL DIR | restore DIR TARGET_URL" >&2; exit 2 ;;
esac
