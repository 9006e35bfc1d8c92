"""The peer figure of `make bench` (group worker): pgqueuer draining a backlog of no-op jobs.

Usage: python pgqueuer_drain.py DSN JOBS BATCH

Installs pgqueuer's schema in the (empty, throwaway) database DSN, enqueues JOBS jobs for a
no-op entrypoint, then times one QueueManager draining them (mode=drain, dequeue batches of
BATCH). Prints one JSON line: {"version", "jobs", "batch", "seconds", "rate"}.
"""

import asyncio
import json
import sys
import time
from datetime import timedelta

import asyncpg
import pgqueuer
from pgqueuer import AsyncpgDriver, Queries, QueueManager
from pgqueuer.types import QueueExecutionMode


async def main(dsn: str, jobs: int, batch: int) -> None:
    setup = await asyncpg.connect(dsn)
    queries = Queries(AsyncpgDriver(setup))
    if not await queries.schema_is_installed():
        await queries.install()
    for start in range(0, jobs, 10_000):
        n = min(10_000, jobs - start)
        await queries.enqueue(["noop"] * n, [None] * n, [0] * n)
    await setup.close()

    connection = await asyncpg.connect(dsn)
    manager = QueueManager(Queries(AsyncpgDriver(connection)))

    @manager.entrypoint("noop")
    async def noop(job: pgqueuer.Job) -> None:
        return None

    started = time.monotonic()
    await manager.run(batch_size=batch, mode=QueueExecutionMode.drain, dequeue_timeout=timedelta(seconds=1))
    seconds = time.monotonic() - started
    print(json.dumps({"version": pgqueuer.__version__, "jobs": jobs, "batch": batch,
                      "seconds": seconds, "rate": jobs / seconds}))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
