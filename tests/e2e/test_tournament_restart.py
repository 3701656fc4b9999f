"""A four-player single-elimination tournament played to its champion by the
real bot in its own OS process, killed with SIGKILL between two moves of a
semi-final and restarted: the tournament, the match and the old buttons all
carry on from the database."""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.engine import ActionKind
from bot.service import GinService, snapshots
from bot.service.snapshots import GameSnapshot
from tests.fakediscord import FakeDiscord, FakeUser, SentMessage
from tests.helpers.processes import start_process, stop


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(default_timeout=20) as f:
        yield f


async def wait_until(check, what: str, timeout: float = 20.0):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = await check()
        if value:
            return value
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


class Player:
    """Moves by slash command, as the player to move would."""

    def __init__(self, fake: FakeDiscord, svc: GinService, users: dict[int, FakeUser]) -> None:
        self.fake, self.svc, self.users = fake, svc, users

    async def move(self, game_id: int) -> GameSnapshot:
        before = await snapshots.get_game(self.svc, game_id)
        game = before.game
        seat = game.turn
        assert seat is not None
        user, legal = self.users[before.players[seat]], game.legal(seat)
        if ActionKind.BIG_GIN in legal:
            res = await self.fake.slash(user, "gin biggin")
        elif ActionKind.KNOCK in legal:
            card = game.knock_discards(seat)[0].code
            res = await self.fake.slash(user, "gin knock", options={"card": card})
        elif ActionKind.PASS in legal:
            res = await self.fake.slash(user, "gin pass")
        elif ActionKind.DRAW_STOCK in legal:
            res = await self.fake.slash(user, "gin draw", options={"source": "stock"})
        else:
            card = game.best_discard(seat).code
            res = await self.fake.slash(user, "gin discard", options={"card": card})
        assert res.ephemeral, res.content
        after = await snapshots.get_game(self.svc, game_id)
        assert after.version == before.version + 1, res.content  # committed before the answer
        return after

    async def finish(self, game_id: int) -> GameSnapshot:
        snap = await snapshots.get_game(self.svc, game_id)
        for _ in range(2000):
            if snap.status.value != "active":
                return snap
            snap = await self.move(game_id)
        raise AssertionError("the match did not end")


def board_of(fake: FakeDiscord, game_id: int) -> SentMessage:
    boards = [
        m
        for m in fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True)
        if any(c.startswith(f"gin:a:hand:{game_id}:") for c in m.custom_ids())
    ]
    assert boards, "no board"
    return boards[-1]


async def test_tournament_to_its_champion_across_kill_9(fake: FakeDiscord, tmp_path: Path) -> None:
    db = str(tmp_path / "gin.db")
    mod = fake.add_user("Mod", admin=True)
    players = [fake.add_user(n) for n in ("Ana", "Bo", "Cy", "Di")]
    users = {u.id: u for u in players}
    proc = await start_process(fake, db, 0, count=1)
    svc = await GinService.open(db)  # the test's own window on the database
    try:
        res = await fake.slash(
            mod, "ginadmin tournament", options={"title": "Gin night", "match": 1, "target": 10}
        )
        msg = res.message
        assert msg is not None and not res.ephemeral
        join = next(c for c in msg.custom_ids() if c.startswith("gin:t:join:"))
        for user in players:
            assert not (await fake.click(user, msg, join)).ephemeral
        start = next(c for c in msg.custom_ids() if c.startswith("gin:t:start:"))
        await fake.click(mod, msg, start)

        async def live() -> list[int]:
            t = await svc.tournaments.current_tournament(fake.guild_id)
            assert t is not None and t.bracket is not None
            return [gid for key, gid in t.games if key in t.bracket.live]

        semis = await wait_until(live, "the semi-finals")
        assert len(semis) == 2
        player = Player(fake, svc, users)
        await player.finish(semis[0])
        # The first winner waits for the other semi-final.
        assert await live() == [semis[1]]
        snap = await player.move(semis[1])
        snap = await player.move(semis[1])
        while ActionKind.DRAW_STOCK not in snap.game.legal(snap.game.turn or 0):
            snap = await player.move(semis[1])
        await wait_until(
            lambda: _has(board_of(fake, semis[1]), f"gin:a:stock:{semis[1]}:{snap.version}"),
            "the board to show the draw",
        )
        board_before = board_of(fake, semis[1])

        await stop(proc, signal.SIGKILL)
        assert proc.returncode == -signal.SIGKILL
        proc = await start_process(fake, db, 0, count=1)

        # The button posted before the kill still works, and the match goes on.
        mover = users[snap.players[snap.game.turn or 0]]
        clicked = await fake.click(mover, board_before, f"gin:a:stock:{semis[1]}:{snap.version}")
        assert clicked.ephemeral, clicked.content
        assert (await snapshots.get_game(svc, semis[1])).version == snap.version + 1
        await player.finish(semis[1])

        final = await wait_until(live, "the final")
        assert len(final) == 1
        last = await player.finish(final[0])
        result = last.game.result
        assert result is not None
        champion = last.players[result.winner]
        t = await svc.tournaments.current_tournament(fake.guild_id)
        assert t is not None and t.status == "finished" and t.bracket is not None
        assert t.bracket.champion == champion

        async def announced() -> bool:
            public = fake.channel_messages(
                fake.channel_id, include_ephemeral=False, with_threads=True
            )
            return any(f"<@{champion}> is the champion" in m.content for m in public)

        await wait_until(announced, "the champion's announcement")
        # The tournament message shows the finished bracket, as text and image.
        shown = fake.message(msg)
        assert shown.attachments and "Gin night" in shown.content
    finally:
        await stop(proc)
        await svc.close()


async def _has(msg: SentMessage, custom_id: str) -> bool:
    return custom_id in msg.custom_ids()
