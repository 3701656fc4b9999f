"""A move's public side keeps its place among the game's moves however long
the player's private answer takes: a resignation made while that answer is
still being drawn is posted after the move, not before it — so nothing of
the earlier move (a board edit, an idle ping) comes after the game's end.

Through the fake Discord with the real client; the hand image of one move is
held back (a render pool whose hands wait for the test) to make the answer
slow."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.discord_ui import GinBot
from bot.engine import ActionKind
from bot.render.pool import RenderPool
from bot.service import snapshots
from tests.fakediscord import FakeDiscord
from tests.helpers.discord import idle, make_bot, start_game


class HeldHands(RenderPool):
    """Threads, as in the other tests; a hand image waits while ``held`` is set."""

    def __init__(self) -> None:
        super().__init__(0)
        self.held = False
        self.release = asyncio.Event()
        self.waiting = asyncio.Event()

    async def hand(self, *args: Any, **kwargs: Any) -> bytes:
        if self.held:
            self.waiting.set()
            await self.release.wait()
        return await super().hand(*args, **kwargs)


def held(bot: GinBot) -> dict[str, int]:
    pacer = bot.boards.pacer
    pacer.sweep(pacer.clock() + 2 * pacer.window)
    return bot.publisher.sizes()


async def test_a_resignation_during_a_slow_answer_is_posted_after_the_move(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    users = {ana.id: ana, bo.id: bo}
    renderer = HeldHands()
    bot = await make_bot(tmp_path / "gin.db", renderer=renderer, defer_after=0.01)
    async with fake.run_bot(bot):
        await idle(bot, fake)
        before = held(bot)
        snap = await start_game(fake, bot, ana, bo, target=100)
        seat = snap.game.turn
        assert seat is not None
        mover = users[snap.players[seat]]
        other = ana if mover is bo else bo
        # A pass (or a draw) whose answer is held back: deferred, not yet sent.
        legal = snap.game.legal(seat)
        renderer.held = True
        if ActionKind.PASS in legal:
            move = fake.slash(mover, "gin", subcommand="pass", settle=False)
        else:
            options = {"source": "stock"}
            move = fake.slash(mover, "gin", subcommand="draw", options=options, settle=False)
        answer = asyncio.create_task(move)
        await renderer.waiting.wait()
        moved = await snapshots.get_game(bot.service, snap.id)
        assert moved.version == snap.version + 1  # committed before any answer
        renderer.held = False
        # The other player resigns at once: committed and answered.
        res = await fake.slash(other, "gin", subcommand="resign", settle=False)
        assert res.ephemeral
        assert (await snapshots.get_game(bot.service, snap.id)).status.value == "finished"
        renderer.release.set()  # the move's answer goes out now
        assert (await answer).message is not None
        await idle(bot, fake)
        await asyncio.sleep(0)
        await idle(bot, fake)

        # The game's end came last: nothing armed for it, no write to its
        # archived thread, its board final (no buttons).
        assert held(bot) == before
        assert fake.rejections == []
        thread = fake.channels[snap.channel_id]
        assert thread.archived
        boards = [
            m
            for m in fake.channel_messages(thread.id, include_ephemeral=False)
            if any("board.png" in h.filenames for h in m.history)
        ]
        assert boards and not any(c.startswith("gin:a:") for c in boards[-1].custom_ids())
    fake.assert_clean()
