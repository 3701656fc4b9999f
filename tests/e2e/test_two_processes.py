"""Two bot processes on one PostgreSQL database, each owning half the shards,
through the fake Discord (real discord.py in real OS processes).

Each process receives only its own guilds' events (the fake routes a guild's
events to the shard that owns it, as Discord does), and plays that guild's
games.  One is killed with SIGKILL in the middle of a game: the other guild
plays on meanwhile, and once restarted the killed one takes up its game where
it was, from the buttons posted before the kill.
"""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import AsyncIterator

import pytest

from bot.engine import ActionKind
from bot.service import GinService, snapshots
from bot.service.snapshots import GameSnapshot
from tests.fakediscord import FakeDiscord, FakeGuild, FakeUser, SentMessage
from tests.helpers.processes import COUNT, start_process, stop


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(default_timeout=20) as f:
        yield f


def guild_on_shard(fake: FakeDiscord, shard: int) -> FakeGuild:
    """A new guild whose id Discord puts on ``shard`` of ``COUNT``."""
    while True:
        guild = fake.add_guild(f"Server on shard {shard}", channel_names=("gin",))
        if (guild.id >> 22) % COUNT == shard:
            return guild
        time.sleep(0.002)  # snowflakes carry the millisecond: wait for the next one


class Table:
    """One guild's game, played by slash commands in its own channel."""

    def __init__(self, fake: FakeDiscord, svc: GinService, guild: FakeGuild) -> None:
        self.fake, self.svc, self.guild = fake, svc, guild
        self.channel_id = guild.channels[0].id
        self.a = fake.add_user(f"A of {guild.id}", guild_id=guild.id)
        self.b = fake.add_user(f"B of {guild.id}", guild_id=guild.id)
        self.game_id = 0

    def user(self, snap: GameSnapshot) -> FakeUser:
        seat = snap.game.turn
        assert seat is not None
        return self.a if snap.players[seat] == self.a.id else self.b

    async def begin(self) -> GameSnapshot:
        res = await self.fake.slash(
            self.a,
            "gin",
            subcommand="challenge",
            options={"opponent": self.b, "target": 100},
            channel_id=self.channel_id,
        )
        assert res.message is not None and not res.ephemeral, res.content
        accept = next(c for c in res.message.custom_ids() if c.startswith("gin:c:accept:"))
        await self.fake.click(self.b, res.message, accept)
        snap = await self._active()
        self.game_id = snap.id
        return snap

    async def _active(self) -> GameSnapshot:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            snap = await snapshots.active_game_for(self.svc, self.guild.id, self.a.id)
            if snap is not None:
                return snap
            await asyncio.sleep(0.05)
        raise AssertionError("the game did not start")

    async def snap(self) -> GameSnapshot:
        return await snapshots.get_game(self.svc, self.game_id)

    async def move(self) -> GameSnapshot:
        """The player to move makes one legal move by command; it is
        committed by the time they hear of it."""
        before = await self.snap()
        seat = before.game.turn
        assert seat is not None
        user, legal = self.user(before), before.game.legal(seat)
        if ActionKind.PASS.value in legal:
            res = await self.fake.slash(user, "gin", subcommand="pass", channel_id=self.channel_id)
        elif ActionKind.DRAW_STOCK.value in legal:
            res = await self.fake.slash(
                user,
                "gin",
                subcommand="draw",
                options={"source": "stock"},
                channel_id=self.channel_id,
            )
        else:
            card = next(iter(before.game.deadwood_after(seat))).code
            res = await self.fake.slash(
                user,
                "gin",
                subcommand="discard",
                options={"card": card},
                channel_id=self.channel_id,
            )
        assert res.ephemeral, res.content
        after = await self.snap()
        assert after.version == before.version + 1, res.content
        return after

    def board(self) -> SentMessage:
        boards = [
            m
            for m in self.fake.channel_messages(
                self.channel_id, include_ephemeral=False, with_threads=True
            )
            if any(c.startswith("gin:a:") for c in m.custom_ids())
        ]
        assert boards, "no board with buttons in the channel"
        return boards[-1]


async def test_two_processes_each_play_their_own_shards_and_survive_kill_9(
    fake: FakeDiscord, pg_url: str
) -> None:
    guilds = [guild_on_shard(fake, 0), guild_on_shard(fake, 1)]
    svc = await GinService.open(pg_url)  # the test's own window on the database
    procs: dict[int, asyncio.subprocess.Process] = {}
    try:
        procs[0] = await start_process(fake, pg_url, 0)
        procs[1] = await start_process(fake, pg_url, 1)
        tables = [Table(fake, svc, g) for g in guilds]
        for table in tables:
            await table.begin()
        # Both guilds play, interleaved, each through its own process.
        for _ in range(3):
            for table in tables:
                await table.move()
        # Shard 0's process dies mid-game, at a draw, with no chance to clean up.
        mid = await tables[0].snap()
        while ActionKind.DRAW_STOCK not in mid.game.legal(mid.game.turn or 0):
            mid = await tables[0].move()
        board_before = tables[0].board()
        await stop(procs[0], signal.SIGKILL)
        assert procs[0].returncode == -signal.SIGKILL
        # The other guild is not held up.
        for _ in range(4):
            await tables[1].move()
        # Nothing of guild 0 changed while its process was down.
        assert (await tables[0].snap()).version == mid.version
        procs[0] = await start_process(fake, pg_url, 0)
        # The button on the board posted before the kill still works.
        snap = await tables[0].snap()
        mover = tables[0].user(snap)
        wanted = {f"gin:a:{kind}:{snap.id}:{snap.version}" for kind in ("take", "stock", "pass")}
        # The old process died before that board edit; the new one made it.
        await fake.wait_for(
            lambda: wanted & set(board_before.custom_ids()), what="the board to catch up"
        )
        button = sorted(wanted & set(board_before.custom_ids()))[0]
        res = await fake.click(mover, board_before, button)
        assert res.ephemeral, res.content
        assert (await tables[0].snap()).version == snap.version + 1
        # Both games go on after the restart.
        for _ in range(3):
            for table in tables:
                await table.move()
        await fake.settle()
        # Each guild's interactions went to its own shard's process only.
        assert fake.routed_shards(guilds[0].id) == {0} and fake.routed_shards(guilds[1].id) == {1}
    finally:
        for proc in procs.values():
            await stop(proc)
        await svc.close()
    fake.assert_clean()
