"""Channel permissions: a game is refused where its board could never appear,
and a game whose channel stops letting the bot post goes on privately."""

from __future__ import annotations

from pathlib import Path

from bot.discord_ui.text import lost_board
from bot.i18n import Lang
from bot.service import snapshots
from tests.fakediscord import FakeDiscord
from tests.helpers.discord import idle, make_bot, move, start_game

ATTACH_FILES = 1 << 15
SEND_MESSAGES = 1 << 11
SEND_MESSAGES_IN_THREADS = 1 << 38


async def test_challenge_refused_without_attach_files(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
        fake.channels[fake.channel_id].bot_denied = ATTACH_FILES
        bot = await make_bot(tmp_path / "gin.db")
        async with fake.run_bot(bot):
            res = await fake.slash(ana, "gin", subcommand="challenge", options={"opponent": bo})
            assert res.ephemeral
            assert "**Attach Files**" in res.content and "Send Messages" not in res.content
            assert "settings → Permissions" in res.content
            assert await snapshots.active_game_for(bot.service, fake.guild_id, ana.id) is None
            assert (
                fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True)
                == []
            )
        fake.assert_clean()


async def test_losing_permissions_mid_game_is_survived(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
        users = {ana.id: ana, bo.id: bo}
        bot = await make_bot(tmp_path / "gin.db")
        async with fake.run_bot(bot):
            snap = await start_game(fake, bot, ana, bo)
            # The game plays in its thread, which takes the channel's permissions.
            fake.channels[fake.channel_id].bot_denied = SEND_MESSAGES | SEND_MESSAGES_IN_THREADS
            await move(fake, bot, snap.id, users)  # its board edit gets 403
            await idle(bot, fake)
            assert any("403" in r for r in fake.rejections)
            before = (await snapshots.get_game(bot.service, snap.id)).version
            await move(fake, bot, snap.id, users)  # the next player is told, privately
            res = fake.last_interaction
            assert res is not None and res.ephemeral and lost_board(Lang.EN) in res.content
            assert res.message is not None and res.message.attachments  # the hand still shows
            assert (await snapshots.get_game(bot.service, snap.id)).version == before + 1
            # Permission back: the next board post works and the warning goes.
            fake.channels[fake.channel_id].bot_denied = 0
            await idle(bot, fake)
            await move(fake, bot, snap.id, users)
            await idle(bot, fake)
            await move(fake, bot, snap.id, users)
            res = fake.last_interaction
            assert res is not None and lost_board(Lang.EN) not in res.content
