#!/usr/bin/env bash
# sql/schema.sql: the current definition of everything the migrations and the code layer
# create, in one file to read (pg_dump of a freshly migrated database), checked in so a
# change to the schema shows up in review as a diff; sql/schema.generated.sql: what the
# table manifest generates (per-table policies, triggers, sync statements, audit logs, sync
# indexes; scripts/schema_split.awk says which), and the manifest's and the visibility
# rules' data it was generated from. Both generated, never edited by hand. With them, from
# the same database, sql/checks/privilege_matrix.expected: what anon, authenticated and
# service_role may do with each object (sql/checks/privilege_matrix.sql), one line per
# object and role, which the tests hold every migrated database (plain and Supabase-like) to.
#
#   scripts/schema.sh [write]               migrate a scratch database, write the three files
#   scripts/schema.sh dump URL              print the normalised schema of the database at URL
#   scripts/schema.sh dump URL hand         only what sql/schema.sql holds
#   scripts/schema.sh dump URL generated    only what sql/schema.generated.sql holds
#
# `dump` is the one normalisation: `write` uses it, and MigrationsTests' schema test runs
# it on a migrated test database and compares the result with sql/schema.sql.
# Privileges stay in (they are part of the definition); owners do not (they depend on who
# ran the migrations). Dropped: pg_dump's version lines, its session SET lines and the
# \restrict/\unrestrict lines (random keys) that recent pg_dump versions emit, and runs
# of blank lines.
#
# The server is DATABASE_URL (the Makefile points it at the project's own cluster).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
pgbin=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
pg_dump=$pgbin/pg_dump
psql=$pgbin/psql
[ -x "$pg_dump" ] || { echo "schema: no pg_dump in $pgbin (apt-get install postgresql-client)" >&2; exit 1; }

# URL or conninfo $1 with its database replaced by $2.
with_database() {
  case "$1" in
    postgres://* | postgresql://*) printf '%s\n' "$1" | sed -E "s#^(postgres(ql)?://[^/?]*)(/[^?]*)?#\\1/$2#" ;;
    *) printf '%s dbname=%s\n' "$1" "$2" ;;
  esac
}

dump() {
  "$pg_dump" --schema-only --no-owner --dbname="$1" |
    grep -v -E '^(SET |SELECT pg_catalog\.set_config\(|\\(un)?restrict |-- Dumped (from|by) )' |
    cat -s |
    sed -e ':a' -e '/^\n*$/{$d;N;ba' -e '}'
}

# The rows the generated objects come from.
manifest_data() {
  "$pg_dump" --data-only --no-owner --dbname="$1" \
    --table=private.table_manifest --table=private.visibility_kinds --table=private.visibility_tables \
    --table=private.visibility_rules --table=audit.tracked_tables |
    grep -v -E '^(SET |SELECT pg_catalog\.set_config\(|\\(un)?restrict |-- Dumped (from|by) )' |
    cat -s
}

part() {
  case "$2" in
    hand) dump "$1" | awk -v want=hand -f "$root/scripts/schema_split.awk" ;;
    generated) { dump "$1" | awk -v want=generated -f "$root/scripts/schema_split.awk"; manifest_data "$1"; } ;;
    *) dump "$1" ;;
  esac
}

write() {
  url=${DATABASE_URL:-}
  scratch="dispatch_schema_$$"
  local migrate=${MIGRATE:-$root/.build/debug/migrate}
  [ -x "$migrate" ] || { echo "schema: $migrate is missing (swift build --product migrate)" >&2; exit 1; }
  "$psql" "$url" -qX -v ON_ERROR_STOP=1 -c "create database \"$scratch\" template template0" >/dev/null
  trap '"$psql" "$url" -qX -c "drop database if exists \"$scratch\" with (force)" >/dev/null' EXIT
  local target; target=$(with_database "$url" "$scratch")
  (cd "$root" && "$migrate" up --database-url "$target" >/dev/null)
  part "$target" hand >"$root/sql/schema.sql"
  part "$target" generated >"$root/sql/schema.generated.sql"
  echo "schema: wrote sql/schema.sql ($(wc -l <"$root/sql/schema.sql") lines)," \
       "sql/schema.generated.sql ($(wc -l <"$root/sql/schema.generated.sql") lines)" >&2
  # search_path '' as the tests run it: every name it prints is schema-qualified.
  PGOPTIONS='-c search_path=' "$psql" "$target" -qtAX -v ON_ERROR_STOP=1 -f "$root/sql/checks/privilege_matrix.sql" \
    >"$root/sql/checks/privilege_matrix.expected"
  echo "schema: wrote sql/checks/privilege_matrix.expected ($(wc -l <"$root/sql/checks/privilege_matrix.expected") lines)" >&2
}

case "${1:-write}" in
  write) write ;;
  dump) [ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: $0 dump URL [hand|generated]" >&2; exit 2; }; part "$2" "${3:-all}" ;;
  *) echo "usage: $0 [write] | dump URL [hand|generated]" >&2; exit 2 ;;
esac
