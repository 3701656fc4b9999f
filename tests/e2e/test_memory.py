"""A finished game leaves nothing behind: every map the Discord layer and the
computer runner keep per game, thread, channel or task is back to its size
before the game, and no task of the bot's is left — through the fake
Discord, with the real discord.py client."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from bot.discord_ui import GinBot
from bot.service import snapshots
from bot.service.snapshots import GameSnapshot
from tests.fakediscord import FakeDiscord
from tests.helpers.discord import idle, make_bot, play_turn, start_game, until_computer_moved

BOT_CODE = str(Path(__file__).resolve().parents[2] / "bot")


def held(bot: GinBot) -> dict[str, int]:
    """The size of every per-game / per-channel map, once the channels'
    pacing windows have passed (a thread's pacing state is dropped once it is
    quiet for a window: pretend that time has come rather than wait)."""
    pacer = bot.boards.pacer
    pacer.sweep(pacer.clock() + 2 * pacer.window)
    return {**bot.publisher.sizes(), **bot.hands.sizes()}


def bot_tasks() -> list[asyncio.Task[object]]:
    """Live tasks running the bot's own code (not discord.py's, aiohttp's or the fake's)."""
    mine = []
    for task in asyncio.all_tasks():
        code = getattr(task.get_coro(), "cr_code", None)
        if not task.done() and code is not None and code.co_filename.startswith(BOT_CODE):
            mine.append(task)
    return mine


async def settled(bot: GinBot, fake: FakeDiscord) -> None:
    await idle(bot, fake)
    await asyncio.sleep(0)  # done-callbacks run on the next loop pass
    await idle(bot, fake)


async def play_out(
    fake: FakeDiscord, bot: GinBot, snap: GameSnapshot, users: dict[int, object], seed: int
) -> GameSnapshot:
    """Play ``snap``'s game to its end (the computer moves by itself)."""
    rng = random.Random(seed)
    human = next(iter(users))
    for _ in range(400):
        if snap.ai_level is not None:
            snap = await until_computer_moved(bot, fake, snap.id, human)
        if snap.status.value != "active":
            break
        await play_turn(fake, bot, users, snap, rng)  # type: ignore[arg-type]
        await idle(bot, fake)
        snap = await snapshots.get_game(bot.service, snap.id)
    assert snap.status.value == "finished", "the game did not finish"
    return snap


async def test_finished_games_leave_nothing_behind(fake: FakeDiscord, tmp_path: Path) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        await settled(bot, fake)
        before = held(bot)
        tasks_before = len(bot_tasks())
        assert before["publisher.background"] == 0 and before["ai.tasks"] == 0

        # Two people, in a thread of their own, to the end of the game.
        snap = await start_game(fake, bot, ana, bo, target=10)
        # Mid-game the bot does keep something for it (the idle ping armed for
        # the player to move), so the sizes below can tell.
        during = held(bot)
        assert during["pings.pending"] == before["pings.pending"] + 1, during
        await play_out(fake, bot, snap, {ana.id: ana, bo.id: bo}, seed=3)
        await settled(bot, fake)
        assert held(bot) == before
        assert len(bot_tasks()) == tasks_before

        # Against the computer, to the end of the game.
        assert bot.user is not None
        res = await fake.slash(
            ana,
            "gin",
            subcommand="challenge",
            options={"opponent": fake.users[bot.user.id], "target": 10, "difficulty": "easy"},
        )
        assert res.message is not None
        await settled(bot, fake)
        snap_ai = await snapshots.active_game_for(bot.service, fake.guild_id, ana.id)
        assert snap_ai is not None and snap_ai.ai_level is not None
        await play_out(fake, bot, snap_ai, {ana.id: ana}, seed=4)
        await settled(bot, fake)
        assert held(bot) == before
        assert len(bot_tasks()) == tasks_before

        # A resigned game too: the end that comes from a command, not a hand.
        snap = await start_game(fake, bot, ana, bo, target=100)
        await fake.slash(bo, "gin", subcommand="resign", channel_id=snap.channel_id)
        await settled(bot, fake)
        assert (await snapshots.get_game(bot.service, snap.id)).status.value == "finished"
        assert held(bot) == before
        assert len(bot_tasks()) == tasks_before
    fake.assert_clean()
