#!/usr/bin/env bash
# Stops and removes the private clusters of test processes that are gone (run by `make
# clean-test-dbs`, so before and after every `make test`).
#
# PrivateCluster (Tests/TestSupport/PrivateCluster.swift) starts servers in folders
# /tmp/dispatch-cluster-XXXXXX and stops them when its test is done; a run that is killed
# (Ctrl-C, a CI timeout, a crash) never gets there, and its servers run on for good. Each
# folder holds an `owner` file, written before anything else: the test process's pid and its
# start time (clock ticks after boot, field 22 of /proc/<pid>/stat). A cluster is stopped
# (`pg_ctl stop -m immediate`) and removed only when that file is there, belongs to the user
# running this, and names a process that no longer runs (no such pid, a zombie, or the pid
# reused by a later process: another start time). The clusters of a test process still
# running (another `make test` beside this one, in any checkout) stay, and so does any
# folder without the marker.
set -euo pipefail

pgbin=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}

log() { echo "clean-clusters: $*" >&2; }

# As root the servers run as the `postgres` user (Postgres refuses root), who owns them.
as_server() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The start time of process $1, empty when it does not run (or is a zombie). The command's
# name in /proc/<pid>/stat is in parentheses and may hold spaces: fields count after it.
started() {
  local stat fields
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
  read -ra fields <<<"${stat##*) }"
  [ "${fields[0]:-}" != Z ] || return 0
  echo "${fields[19]:-}"
}

# Whether the pid in the cluster's postmaster.pid is that cluster's server: a process whose
# working folder is the data folder (a postmaster's is). A stale file's pid may have been
# reused by any process, maybe another cluster's server: it must not be signalled.
serving() {
  local data=$1 pid
  pid=$(head -n 1 "$data/postmaster.pid" 2>/dev/null) || return 1
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  [ "$(readlink "/proc/$pid/cwd" 2>/dev/null)" = "$(realpath "$data")" ]
}

for dir in /tmp/dispatch-cluster-*; do
  [ -d "$dir" ] && [ ! -L "$dir" ] && [ -f "$dir/owner" ] && [ -O "$dir/owner" ] || continue
  pid='' start=''
  read -r pid start _ <"$dir/owner" || true
  [[ $pid =~ ^[0-9]+$ ]] || continue
  now=$(started "$pid")
  if [ -n "$now" ] && { [ -z "$start" ] || [ "$now" = "$start" ]; }; then
    continue # its test process runs
  fi
  if serving "$dir/data"; then
    as_server "$pgbin/pg_ctl" -D "$dir/data" stop -m immediate -w -t 30 >/dev/null 2>&1 || true
    if serving "$dir/data"; then
      log "$dir: its server did not stop; left"
      continue
    fi
  fi
  if ! rm -rf "$dir" 2>/dev/null && [ -e "$dir" ]; then
    log "$dir: could not be removed"
    continue
  fi
  log "stopped and removed $dir (its test process $pid is gone)"
done
