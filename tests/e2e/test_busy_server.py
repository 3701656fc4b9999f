"""The bot under a busy server, through the fake Discord: only the gateway
traffic it uses, channel writes within Discord's limit, images from worker
processes."""

from __future__ import annotations

import gc
import io
from pathlib import Path

import discord
from PIL import Image

from bot.discord_ui.pacing import ChannelPacer
from bot.render.pool import RenderPool
from bot.service import snapshots
from tests.fakediscord import FakeDiscord
from tests.helpers.discord import FAST_LIMIT, board_message, idle, make_bot, move, start_game

GUILDS_INTENT = 1 << 0


def channel_writes(fake: FakeDiscord, channel_id: int) -> list[float]:
    """When each message create/edit in the channel was made."""
    return sorted(
        r.started_at
        for r in fake.requests
        if r.status == 200
        and (
            (r.method == "POST" and r.path == f"/channels/{channel_id}/messages")
            or (r.method == "PATCH" and r.path.startswith(f"/channels/{channel_id}/messages/"))
        )
    )


async def test_only_the_guilds_intent(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        bot = await make_bot(tmp_path / "gin.db")
        async with fake.run_bot(bot):
            assert fake._active is not None
            assert fake._active.intents == GUILDS_INTENT
            assert bot.command_prefix == ()
            assert bot._connection.max_messages is None  # no message cache


async def test_a_busy_channel_stays_within_discords_write_limit(tmp_path: Path) -> None:
    limit = (5, 1.0)
    async with FakeDiscord(channel_write_limit=limit) as fake:
        ana, bo, cy, di = (fake.add_user(n) for n in ("Ana", "Bo", "Cy", "Di"))
        users = {u.id: u for u in (ana, bo, cy, di)}
        bot = await make_bot(tmp_path / "gin.db", pacer=ChannelPacer(*limit))
        async with fake.run_bot(bot):
            # Pings every turn: the most writes a server can ask for.
            await bot.service.settings.update_setting(fake.guild_id, "ping", "every")
            one = await start_game(fake, bot, ana, bo)
            two = await start_game(fake, bot, cy, di)
            for _ in range(12):  # both games moving fast in one channel
                await move(fake, bot, one.id, users)
                await move(fake, bot, two.id, users)
            await idle(bot, fake)
            writes = channel_writes(fake, fake.channel_id)
            # No 429 (the fake refuses more than 5 a second) ...
            fake.assert_clean()
            for a, b in zip(writes, writes[5:], strict=False):
                assert b - a >= limit[1] * 0.95
            # discord.py keeps none of the ~50 views sent alive (they are layouts
            # of dynamic items): a long-running bot's memory and GC stay flat.
            gc.collect()
            live = [o for o in gc.get_objects() if isinstance(o, discord.ui.View)]
            assert len(live) <= 2, f"{len(live)} views still alive"
            # ... and yet each board ends showing its game's last move.
            for game in (one, two):
                snap = await snapshots.get_game(bot.service, game.id)
                board = board_message(fake, game.id)
                assert f"gin:a:hand:{game.id}:{snap.version}" in board.custom_ids()
            # Pings a busy channel could not send in time were dropped, not sent
            # late; none was deleted, and only the last of each game still asks.
            pings = [
                m
                for m in fake.channel_messages(
                    include_ephemeral=False, include_deleted=True, with_threads=True
                )
                if "your move in gin" in m.content or "the turn passed" in m.content
            ]
            assert 2 <= len(pings) < 2 + 2 * 12 * 2
            assert not any(m.deleted for m in pings)
            assert sum("your move in gin" in m.content for m in pings) <= 2


async def test_the_fake_refuses_an_unpaced_bot(tmp_path: Path) -> None:
    """The check above can fail: without pacing, the fake answers 429."""
    async with FakeDiscord(channel_write_limit=(3, 1.0)) as fake:
        ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
        bot = await make_bot(tmp_path / "gin.db", pacer=ChannelPacer(burst=0))
        async with fake.run_bot(bot):
            snap = await start_game(fake, bot, ana, bo)
            for _ in range(4):
                await move(fake, bot, snap.id, {ana.id: ana, bo.id: bo})
            await idle(bot, fake)
        assert any("429" in r for r in fake.rejections), fake.rejections


async def _many_games_fast(tmp_path: Path, budget: tuple[int, float] | None) -> FakeDiscord:
    """Three games moving as fast as their players can, each board edited
    after every move, against a fake whose global limit (every request but
    the answers to interactions) is 12 a second — Discord's 50, scaled down."""
    async with FakeDiscord(channel_write_limit=None, global_limit=(12, 1.0)) as fake:
        people = [fake.add_user(n) for n in ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")]
        users = {u.id: u for u in people}
        bot = await make_bot(
            tmp_path / "gin.db", pacer=ChannelPacer(*FAST_LIMIT), global_limit=budget
        )
        async with fake.run_bot(bot, timeout=30):
            games = [
                await start_game(fake, bot, a, b)
                for a, b in zip(people[::2], people[1::2], strict=True)
            ]
            for _ in range(6):
                for game in games:
                    await move(fake, bot, game.id, users)
            await idle(bot, fake)
            for game in games:  # every board ends on its game's last move
                snap = await snapshots.get_game(bot.service, game.id)
                board = board_message(fake, game.id)
                assert f"gin:a:hand:{game.id}:{snap.version}" in board.custom_ids()
    return fake


async def test_many_games_stay_within_discords_global_limit(tmp_path: Path) -> None:
    """With the bot's budget (here 8 requests a second), no request is
    refused — the games' threads, members and boards; without it, the same
    games get a global 429."""
    paced = await _many_games_fast(tmp_path / "paced", (8, 1.0))
    paced.assert_clean()
    unpaced = await _many_games_fast(tmp_path / "unpaced", None)
    assert any("429 global" in r for r in unpaced.rejections), unpaced.rejections


async def test_hands_drawn_by_worker_processes(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
        bot = await make_bot(tmp_path / "gin.db", renderer=RenderPool(1))
        # A spawned worker imports and warms the renderer before the bot is
        # ready: seconds on a loaded machine, so more than the default wait.
        async with fake.run_bot(bot, timeout=30):
            snap = await start_game(fake, bot, ana, bo)
            res = await fake.slash(ana, "gin", subcommand="hand")
            assert res.ephemeral
            img = Image.open(io.BytesIO(res.message.attachment().data))  # type: ignore[union-attr]
            assert img.format == "PNG" and img.width > 100
            drawn = bot.renderer.drawn
            again = await fake.slash(ana, "gin", subcommand="hand")  # same state
            assert again.message.attachment().data == res.message.attachment().data  # type: ignore[union-attr]
            assert bot.renderer.drawn == drawn  # not drawn twice
            assert (await snapshots.get_game(bot.service, snap.id)).version == snap.version
        fake.assert_clean()
