"""``python -m tests.cli.writer DB COUNT``: start COUNT games against the
computer in DB through the real service, one transaction each, printing each
game's id once it is committed.  The process the backup test copies from."""

from __future__ import annotations

import asyncio
import sys

from bot.service import AiLevel, GinService, snapshots


async def write(db: str, count: int) -> None:
    svc = await GinService.open(db)
    try:
        for i in range(count):
            guild = 1000 + i % 2
            snap = await snapshots.start_ai_game(
                svc, guild, 2000, 10_000 + i, f"Player {i}", AiLevel.EASY, ai_user_id=1
            )
            print(snap.id, flush=True)
    finally:
        await svc.close()


if __name__ == "__main__":
    asyncio.run(write(sys.argv[1], int(sys.argv[2])))
