#!/usr/bin/env bash
# `make run` (after `make seed`: the database is up, migrated and holds the demo data):
# dispatch-worker in the foreground, pushes as JSON lines on stdout (one per push and
# device: the demo users have demo devices, and each badge is the recipient's unread count)
# and its log on stderr, with a little demo traffic in the background (claims, notes, a
# completion, a delete and restore, a sighting, a share, every ~10 s) so events flow
# within seconds.
# Ctrl-C stops both: the worker finishes its batch and exits, the traffic is killed.
# Extra arguments go to the worker, e.g. `scripts/run.sh --push-sink file:/tmp/pushes.jsonl`.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# The project's own database (or the one named by DISPATCH_DATABASE_URL, the opt-in), never
# DATABASE_URL from the shell: the usual name of an application's production database.
DATABASE_URL=$(scripts/db.sh url)
export DATABASE_URL
unset DATABASE_DIRECT_URL DATABASE_READ_URL
SWIFT=${SWIFT:-swift}

"$SWIFT" build --product dispatch-worker >&2
bin="$("$SWIFT" build --show-bin-path)/dispatch-worker"

# The traffic runs in a process group of its own, so that stopping it also stops the psql
# in the middle of a round.
setsid bash -c '
  sleep 2
  while true; do
    psql "$DATABASE_URL" -X -q -f sql/seed/demo_traffic.sql >/dev/null || sleep 2
  done' &
traffic=$!

# TERM first (a round in progress ends), KILL for whatever is left after 2 s: a traffic
# loop left behind would write demo data for good.
# The process itself too: stopped before it has made its group (a worker that exits at
# once), it would otherwise make it afterwards and loop on.
stop_traffic() {
  kill -TERM -- "-$traffic" 2>/dev/null || true
  kill -TERM "$traffic" 2>/dev/null || true
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    kill -0 -- "-$traffic" 2>/dev/null || return 0
    sleep 0.2
  done
  kill -KILL -- "-$traffic" 2>/dev/null || true
}
trap stop_traffic EXIT
# Ctrl-C reaches the worker directly (same terminal); this script just waits for it.
trap ':' INT TERM

echo "run: dispatch-worker is starting; demo traffic begins in 2 s. Ctrl-C to stop." >&2
status=0
"$bin" --push-sink stdout --stats-interval 10 --maintenance-interval 600 "$@" || status=$?
exit "$status"
