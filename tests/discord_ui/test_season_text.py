"""Seasons and achievements in words (``bot.discord_ui.season_text``): a
season's name for each length, the leaderboard's season line, the podium
(nothing when nobody qualified), a long hall of fame within Discord's 2,000
characters, and an achievement in one line named as the table names the
player."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.discord_ui import season_text as words
from bot.service import (
    Award,
    CrownedSeason,
    GameStatus,
    HallOfFame,
    LeaderboardPage,
    Placed,
    SeasonBoard,
    SeasonEnd,
    SeasonLength,
    TableView,
)
from bot.service.season_calendar import season_at
from tests.helpers.samples import public_view

NOV = datetime(2026, 11, 18, 12, tzinfo=UTC).timestamp()
WEEK = season_at(SeasonLength.WEEKLY, NOV)
PODIUM = (
    Placed(1, 10, "Ana", 1262.4, 12, 9),
    Placed(2, 11, "Bo", 1221.0, 8, 5),
    Placed(3, 12, "Cy", 1190.0, 3, 1),
)


def test_a_season_is_named_for_its_length() -> None:
    assert words.season_name(WEEK) == "the week of 16 Nov 2026"
    assert words.season_title(WEEK) == "The week of 16 Nov 2026"
    assert words.season_name(season_at(SeasonLength.MONTHLY, NOV)) == "November 2026"
    assert words.season_name(season_at(SeasonLength.QUARTERLY, NOV)) == "Q4 2026"
    assert words.ends_words(WEEK) == "ends 23 Nov 2026, 00:00 UTC"


def test_the_leaderboards_season_line() -> None:
    page = LeaderboardPage(1, "rating", 1, 1, 0)
    assert words.board_head(SeasonBoard(WEEK, True, page, True)) == (
        "🏆 **Season: the week of 16 Nov 2026** — ends 23 Nov 2026, 00:00 UTC"
    )
    assert words.board_head(SeasonBoard(WEEK, False, page, True)) == (
        "🏆 **Season: the week of 16 Nov 2026** (over)"
    )
    assert words.board_head(SeasonBoard(None, False, page, False)) is None


def test_the_podium_names_the_champion_and_nothing_is_posted_without_one() -> None:
    end = SeasonEnd(1, WEEK, 5, PODIUM, None, 77, None)
    text = words.podium_text(end)
    assert text is not None
    lines = text.splitlines()
    assert lines[0] == "🏆 **The week of 16 Nov 2026 is over!** 5 players played rated games."
    assert lines[1] == "🥇 **Ana** — 1262 · 9 of 12 games won"
    assert lines[3] == "🥉 **Cy** — 1190 · 1 of 3 games won"
    assert "<@10>" in lines[4] and "<@11>" not in text
    assert words.podium_text(SeasonEnd(1, WEEK, 2, (), None, 77, None)) is None


def test_a_long_hall_of_fame_fits_one_message() -> None:
    long = tuple(Placed(p.place, p.user_id, "N" * 32, p.rating, p.games, p.wins) for p in PODIUM)
    seasons = tuple(CrownedSeason(WEEK, 40, long) for _ in range(25))
    text = words.hall_of_fame_text(HallOfFame(1, 1, 3, seasons))
    assert len(text) <= words.MAX_CONTENT and text.startswith("🏆 **Hall of fame** — page 1/3")
    assert words.hall_of_fame_text(HallOfFame(1, 1, 1, ())) == words.NO_CHAMPIONS


def test_an_achievement_is_one_line_with_the_players_table_name() -> None:
    public = public_view(names=("Ana", "Bo"))
    table = TableView(1, 1, 5, (10, 11), 3, GameStatus.FINISHED, None, public, None, None, None)
    awards = (
        Award(1, 11, "first_win", "First win", "Win a game.", NOV, 1),
        Award(
            1,
            11,
            "shutout",
            "Shutout",
            "Win a game in which the other player scored no points.",
            NOV,
            1,
        ),
    )
    assert words.awards_text(awards, table).splitlines() == [
        "🎖 **Bo** earned an achievement: **First win** — Win a game.",
        "🎖 **Bo** earned an achievement: **Shutout** — Win a game in which the other player "
        "scored no points.",
    ]
