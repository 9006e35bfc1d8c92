"""The peer figure of `make bench` (group foundation): asyncpg's awaited round trips.

Usage: python asyncpg_round_trips.py DSN SECONDS

The bench's own loop in asyncpg: single-row selects by primary key on pgbench_accounts, one
prepared statement, each one awaited, for SECONDS. Prints the round trips per second. Exits
non-zero when asyncpg is not installed (the bench then says so).
"""

import asyncio
import random
import sys
import time

import asyncpg


async def main(dsn: str, seconds: float) -> None:
    connection = await asyncpg.connect(dsn)
    statement = await connection.prepare("select abalance from pgbench_accounts where aid = $1")
    count = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for _ in range(100):
            await statement.fetchval(random.randint(1, 100_000))
        count += 100
    await connection.close()
    print(count / seconds)


asyncio.run(main(sys.argv[1], float(sys.argv[2])))
