"""The words of ``/gin history``, ``/gin replay`` and ``/gin profile``
(``bot.discord_ui.history_text``): finished games in a line each, computer
games marked, names that cannot break the markdown, every page within
Discord's 2,000 characters, command descriptions within its 100."""

from __future__ import annotations

from dataclasses import replace

from bot.discord_ui.history_actions import PageAction, ReplayAction
from bot.discord_ui.history_text import (
    DESCRIPTIONS,
    MAX_CONTENT,
    OPTIONS,
    PAGE_SIZE,
    game_line,
    history_text,
    page_label,
    plain,
    replay_label,
)
from bot.engine import GameEnd
from bot.i18n import Lang
from bot.service import AiLevel, HistoryPage, PastGame

GUILD = 1
EN = Lang.EN

GAME = PastGame(
    id=12,
    players=(101, 102),
    names=("Ana", "Bo"),
    totals=(134, 27),
    winner_seat=0,
    end=GameEnd.TARGET,
    rated=True,
    ai_level=None,
    finished_at=1_795_000_000.9,
    rating_changes=(16.0, -16.0),
    channel_id=555,
    message_id=None,
)


def test_a_game_in_a_line() -> None:
    line = game_line(EN, GUILD, GAME, None)
    assert line == "`#12` **Ana** 134 – 27 Bo · <t:1795000000:d> · <#555>"
    assert "rating +16" in game_line(EN, GUILD, GAME, 101)
    assert "rating -16" in game_line(EN, GUILD, GAME, 102)


def test_computer_games_resignations_and_boards_in_a_channel() -> None:
    computer = replace(GAME, ai_level=AiLevel.HARD, rated=False, rating_changes=None, winner_seat=1)
    line = game_line(EN, GUILD, computer, 101)
    assert "🤖 computer, hard, unrated" in line and "**Bo**" in line and "rating" not in line
    resigned = replace(GAME, end=GameEnd.RESIGN)
    assert "Bo resigned" in game_line(EN, GUILD, resigned, None)
    ended = replace(GAME, end=GameEnd.ENDED, rated=False)
    assert "**" not in game_line(EN, GUILD, ended, None)
    assert "ended by a moderator" in game_line(EN, GUILD, ended, None)
    in_channel = replace(GAME, message_id=777)
    assert "[board](https://discord.com/channels/1/555/777)" in game_line(
        EN, GUILD, in_channel, None
    )


def test_names_cannot_break_the_markdown() -> None:
    assert plain("**x** `y` ~z~ >q [a](b)") == r"\*\*x\*\* \`y\` \~z\~ \>q \[a\](b)"
    assert plain("   ") == "?"


def test_a_full_page_fits_one_message() -> None:
    long = "@everyone " + "*_~`|>" * 4
    games = tuple(
        replace(GAME, id=10**18 + i, names=(long, long), channel_id=10**18, message_id=10**18)
        for i in range(PAGE_SIZE)
    )
    page = HistoryPage(GUILD, 101, 1, 99, 99 * PAGE_SIZE, games)
    text = history_text(EN, page)
    assert len(text) <= MAX_CONTENT
    assert text.startswith("**Finished games: <@101>'s** (792) — page 1 of 99")
    assert text.splitlines()[-1].startswith("Step through a hand")


def test_empty_lists() -> None:
    assert "No game has finished" in history_text(EN, HistoryPage(GUILD, None, 1, 1, 0, ()))
    assert "<@7> has no finished game" in history_text(EN, HistoryPage(GUILD, 7, 1, 1, 0, ()))


def test_command_words_keep_to_discords_limits() -> None:
    assert set(DESCRIPTIONS) == set(OPTIONS) == {"history", "replay", "profile"}
    for words in [*DESCRIPTIONS.values(), *(w for o in OPTIONS.values() for w in o.values())]:
        assert 0 < len(words) <= 100, words
    for lang in Lang:
        labels = [page_label(lang, a) for a in PageAction]
        labels += [replay_label(lang, a) for a in ReplayAction]
        for label in labels:
            assert 0 < len(label) <= 80
