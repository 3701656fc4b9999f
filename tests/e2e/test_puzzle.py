"""The daily puzzle through the fake Discord, with the bot's clock injected
and the puzzles made at once (``tests.helpers.puzzles``): ``/gin puzzle``
answers privately with a PNG of the position and the answer controls;
answering shows whether it was best, why, and every choice's points; a
second answer counts nothing and says so; the day's solvers are posted in
the announce channel once the day is over, once, pinging nobody; the knock
puzzle's buttons answer too."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.ai.puzzles import KNOCK, Puzzle
from bot.engine.cards import CARDS
from bot.render import puzzle as puzzle_image
from bot.service import PuzzleMaker
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import SentMessage
from tests.helpers.discord import idle, ids_with, make_bot, png_of
from tests.helpers.puzzles import discard_puzzle, knock_puzzle, made, on_day
from tests.helpers.service import FakeClock

NOON = datetime(2026, 11, 26, 12, tzinfo=UTC).timestamp()
AFTER_MIDNIGHT = datetime(2026, 11, 27, 0, 0, 5, tzinfo=UTC).timestamp()
PERM_MANAGE_GUILD = 1 << 5


def posts(fake: FakeDiscord, channel_id: int) -> list[SentMessage]:
    return [
        m
        for m in fake.channel_messages(channel_id, include_ephemeral=False)
        if "Puzzle of" in m.content
    ]


async def test_the_daily_puzzle_is_private_answered_once_and_its_solvers_posted(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    mod = fake.add_user("Mod", permissions=PERM_MANAGE_GUILD)
    news = fake.add_channel("announcements")
    clock = FakeClock(NOON)
    bot = await make_bot(tmp_path / "gin.db", clock=clock, puzzle_maker=made)
    puzzle = on_day(discard_puzzle(), datetime.fromtimestamp(NOON, UTC).date())
    wrong = puzzle.runner_up.key
    async with fake.run_bot(bot):
        said = await fake.slash(
            mod,
            "ginadmin",
            subcommand="settings",
            options={"setting": "announce_channel", "value": str(news.id)},
        )
        assert f"<#{news.id}>" in said.content
        await bot.puzzles.loop.tick()  # today's and tomorrow's, made ahead
        asked = await fake.slash(ana, "gin", subcommand="puzzle")
        assert asked.ephemeral and "Puzzle of 26 Nov 2026" in asked.content
        assert "Which card do you discard?" in asked.content
        img = png_of(asked.message)
        assert img.size == (puzzle_image.WIDTH, puzzle_image.HEIGHT)
        attachment = asked.message.attachment()
        assert "Which card do you discard?" in (attachment.description or "")
        [menu] = ids_with(asked.message, "gin:zd:")
        assert menu == "gin:zd:20261126"
        offered = {o["value"] for o in asked.message.component(menu)["options"]}  # type: ignore[index]
        assert offered == {c.key for c in puzzle.choices}
        # Ana answers right: the result, why, the points, her streak; no controls left.
        answered = await fake.select(ana, asked.message, menu, [puzzle.answer])
        text = answered.message.content if answered.message else ""
        assert "✅ **Right!**" in text and f"Best: discard the {CARDS[puzzle.best.card]}" in text
        assert "Estimated points a hand:" in text and "Streak: 1 day in a row" in text
        assert ids_with(answered.message, "gin:zd:") == []  # type: ignore[arg-type]
        # Bo opens it twice, answers wrong on one, then right on the other: counted once.
        first = await fake.slash(bo, "gin", subcommand="puzzle")
        second = await fake.slash(bo, "gin", subcommand="puzzle")
        await fake.select(bo, first.message, menu, [wrong])
        again = await fake.select(bo, second.message, menu, [puzzle.answer])
        text = again.message.content if again.message else ""
        assert "You already answered today's puzzle" in text and "❌" in text
        assert "Streak: 0 days" in text
        shown = await fake.slash(bo, "gin", subcommand="puzzle")
        assert "You already answered" in shown.content and ids_with(shown.message, "gin:") == []
        assert png_of(shown.message).format == "PNG"
        unanswered = await fake.slash(cy, "gin", subcommand="puzzle")
        # Midnight: the day's solvers in the announce channel, once, pinging nobody.
        assert posts(fake, news.id) == []
        clock.now = AFTER_MIDNIGHT
        await bot.puzzles.loop.tick()
        await bot.puzzles.loop.tick()
        await idle(bot, fake)
        [post] = posts(fake, news.id)
        assert "1 of 2 players found the best answer." in post.content
        assert f"<@{ana.id}>" in post.content and f"<@{bo.id}>" not in post.content
        assert post.pinged_user_ids() == set()
        # Yesterday's menu is closed now.
        late = await fake.select(cy, unanswered.message, menu, [puzzle.answer])
        assert "That puzzle's day is over." in late.content
    fake.assert_clean()


async def knock_maker(day: object) -> Puzzle:
    return on_day(knock_puzzle(), datetime.fromtimestamp(NOON, UTC).date())


async def test_the_knock_puzzle_answers_by_button_and_a_closed_channel_is_only_logged(
    fake: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    ana = fake.add_user("Ana")
    mod = fake.add_user("Mod", permissions=PERM_MANAGE_GUILD)
    news = fake.add_channel("announcements")
    maker: PuzzleMaker = knock_maker  # type: ignore[assignment]
    clock = FakeClock(NOON)
    bot = await make_bot(tmp_path / "gin.db", clock=clock, puzzle_maker=maker)
    async with fake.run_bot(bot):
        await fake.slash(
            mod,
            "ginadmin",
            subcommand="settings",
            options={"setting": "announce_channel", "value": str(news.id)},
        )
        await bot.puzzles.loop.tick()
        asked = await fake.slash(ana, "gin", subcommand="puzzle", locale="de")
        assert "Klopfst du jetzt oder spielst du weiter?" in asked.content
        buttons = ids_with(asked.message, "gin:zk:")
        assert buttons == ["gin:zk:knock:20261126", "gin:zk:play_on:20261126"]
        pressed = await fake.click(ana, asked.message, f"gin:zk:{KNOCK}:20261126", locale="de")
        text = pressed.message.content if pressed.message else ""
        assert "✅ **Richtig!**" in text and "Am besten: jetzt klopfen" in text
        # The bot may no longer post in the announce channel: one warning line, no traceback.
        news.bot_denied = 1 << 11
        clock.now = AFTER_MIDNIGHT
        with caplog.at_level(logging.WARNING):
            [closed] = await bot.puzzles.loop.tick()
            await idle(bot, fake)
        assert closed.solvers == (ana.id,) and posts(fake, news.id) == []
        warned = [r for r in caplog.records if "puzzle's solvers" in r.getMessage()]
        assert len(warned) == 1 and warned[0].exc_info is None
        [refused] = fake.rejections
        assert "403" in str(refused)
        fake.rejections.clear()
    fake.assert_clean()
