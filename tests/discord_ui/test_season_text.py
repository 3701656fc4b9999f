"""Seasons and achievements in words (``bot.discord_ui.season_text``): a
season's name for each length and language, the leaderboard's season line,
the podium (nothing when nobody qualified), a long hall of fame within
Discord's 2,000 characters, an achievement in one line named as the table
names the player, and each of them in German when the reader reads German."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.discord_ui import season_text as words
from bot.i18n import Lang
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
from bot.service.achievement_rules import BY_ID, award_of
from bot.service.season_calendar import season_at
from tests.helpers.languages import languages_in
from tests.helpers.samples import public_view

NOV = datetime(2026, 11, 18, 12, tzinfo=UTC).timestamp()
WEEK = season_at(SeasonLength.WEEKLY, NOV)
MONTH = season_at(SeasonLength.MONTHLY, NOV)
QUARTER = season_at(SeasonLength.QUARTERLY, NOV)
PODIUM = (
    Placed(1, 10, "Ana", 1262.4, 12, 9),
    Placed(2, 11, "Bo", 1221.0, 8, 5),
    Placed(3, 12, "Cy", 1190.0, 3, 1),
)
END = SeasonEnd(1, WEEK, 5, PODIUM, None, 77, None)
TABLE = TableView(1, 1, 5, (10, 11), 3, GameStatus.FINISHED, None, public_view(), None, None, None)


def award(achievement: str, user_id: int = 11) -> Award:
    return award_of(BY_ID[achievement], 1, user_id, NOV, 1)


def test_a_season_is_named_for_its_length() -> None:
    assert words.season_name(Lang.EN, WEEK) == "the week of 16 Nov 2026"
    assert words.season_title(Lang.EN, WEEK) == "The week of 16 Nov 2026"
    assert words.season_name(Lang.EN, MONTH) == "November 2026"
    assert words.season_name(Lang.EN, QUARTER) == "Q4 2026"
    assert words.ends_words(Lang.EN, WEEK) == "ends 23 Nov 2026, 00:00 UTC"


@pytest.mark.parametrize(
    ("lang", "week", "month", "quarter"),
    [
        (Lang.ES, "La semana del 16 nov 2026", "Noviembre de 2026", "El 4.º trimestre de 2026"),
        (
            Lang.PT_BR,
            "A semana de 16 de nov. de 2026",
            "Novembro de 2026",
            "O 4º trimestre de 2026",
        ),
        (Lang.DE, "Die Woche vom 16. Nov. 2026", "November 2026", "Das 4. Quartal 2026"),
        (Lang.FR, "La semaine du 16 nov. 2026", "Novembre 2026", "T4 2026"),
    ],
)
def test_a_season_is_named_in_the_readers_language(
    lang: Lang, week: str, month: str, quarter: str
) -> None:
    assert words.season_title(lang, WEEK) == week
    assert words.season_title(lang, MONTH) == month
    assert words.season_title(lang, QUARTER) == quarter


def test_the_leaderboards_season_line() -> None:
    page = LeaderboardPage(1, "rating", 1, 1, 0)
    assert words.board_head(Lang.EN, SeasonBoard(WEEK, True, page, True)) == (
        "🏆 **Season: the week of 16 Nov 2026** — ends 23 Nov 2026, 00:00 UTC"
    )
    assert words.board_head(Lang.EN, SeasonBoard(WEEK, False, page, True)) == (
        "🏆 **Season: the week of 16 Nov 2026** (over)"
    )
    assert words.board_head(Lang.EN, SeasonBoard(None, False, page, False)) is None
    assert words.board_head(Lang.DE, SeasonBoard(WEEK, True, page, True)) == (
        "🏆 **Saison: die Woche vom 16. Nov. 2026** — endet am 23. Nov. 2026, 00:00 UTC"
    )


def test_the_podium_names_the_champion_and_nothing_is_posted_without_one() -> None:
    text = words.podium_text(Lang.EN, END)
    assert text is not None
    lines = text.splitlines()
    assert lines[0] == "🏆 **The week of 16 Nov 2026 is over!** 5 players played rated games."
    assert lines[1] == "🥇 **Ana** — 1262 · 9 of 12 games won"
    assert lines[3] == "🥉 **Cy** — 1190 · 1 of 3 games won"
    assert "<@10>" in lines[4] and "<@11>" not in text
    assert lines[4].endswith("(/gin leaderboard); past champions: /gin halloffame.")
    assert words.podium_text(Lang.EN, SeasonEnd(1, WEEK, 2, (), None, 77, None)) is None


def test_a_podium_in_german_is_german() -> None:
    text = words.podium_text(Lang.DE, END)
    assert text is not None
    lines = text.splitlines()
    assert lines[0] == (
        "🏆 **Die Woche vom 16. Nov. 2026 ist vorbei!** 5 Spieler haben gewertete Partien gespielt."
    )
    assert lines[1] == "🥇 **Ana** — 1262 · 9 von 12 Partien gewonnen"
    # The commands as German players see them.
    assert "/gin rangliste" in lines[4] and "/gin ruhmeshalle" in lines[4]
    assert languages_in(text) == {Lang.DE}


def test_a_long_hall_of_fame_fits_one_message() -> None:
    long = tuple(Placed(p.place, p.user_id, "N" * 32, p.rating, p.games, p.wins) for p in PODIUM)
    seasons = tuple(CrownedSeason(WEEK, 40, long) for _ in range(25))
    for lang in Lang:
        text = words.hall_of_fame_text(lang, HallOfFame(1, 1, 3, seasons))
        assert len(text) <= words.MAX_CONTENT, lang
    text = words.hall_of_fame_text(Lang.EN, HallOfFame(1, 1, 3, seasons))
    assert text.startswith("🏆 **Hall of fame** — page 1/3")
    empty = HallOfFame(1, 1, 1, ())
    assert words.hall_of_fame_text(Lang.EN, empty) == words.no_champions(Lang.EN)
    assert "3 rated games in the season" in words.no_champions(Lang.EN)
    assert "/ginadmin einstellungen einstellung:Saison" in words.no_champions(Lang.DE)


def test_an_achievement_is_one_line_with_the_players_table_name() -> None:
    table = TableView(
        1,
        1,
        5,
        (10, 11),
        3,
        GameStatus.FINISHED,
        None,
        public_view(names=("Ana", "Bo")),
        None,
        None,
        None,
    )
    awards = (award("first_win"), award("shutout"), award("big_hand"))
    assert words.awards_text(Lang.EN, awards, table).splitlines() == [
        "🎖 **Bo** earned an achievement: **First win** — Win a game.",
        "🎖 **Bo** earned an achievement: **Shutout** — Win a game in which the other player "
        "scored no points.",
        "🎖 **Bo** earned an achievement: **Big hand** — Win 50 points or more in one hand.",
    ]


def test_an_achievement_in_german_is_german() -> None:
    line = words.awards_text(Lang.DE, (award("first_win", user_id=10),), TABLE)
    assert line == (
        "🎖 **Alice** hat einen Erfolg freigeschaltet: **Erster Sieg** — Gewinne eine Partie."
    )
    comeback = words.award_line(Lang.DE, award("comeback"), "Bo")
    assert "Aufholjagd" in comeback and "90 Punkten Rückstand" in comeback


def test_a_season_awards_names_the_podium() -> None:
    end = SeasonEnd(1, WEEK, 5, PODIUM, None, 77, None, awards=(award("season_won", 10),))
    assert words.season_awards_text(Lang.FR, end) == (
        "🎖 **Ana** a débloqué un succès : **Saison gagnée** — "
        "Termine une saison à la première place."
    )
    assert words.season_awards_text(Lang.FR, END) is None


def test_the_role_problems_are_worded_for_each_reader() -> None:
    problem = words.RoleProblem.NEEDS_MANAGE_ROLES
    assert words.setting_warning(Lang.EN, problem) == (
        "\n⚠️ Heads up: I need the Manage Roles permission to give the champion role."
    )
    assert words.role_report(Lang.DE, problem, WEEK) == (
        "⚠️ Die Woche vom 16. Nov. 2026 ist vorbei, aber ich brauche die Berechtigung "
        "„Rollen verwalten“, um die Champion-Rolle zu vergeben."
    )


def test_the_season_options_list_speaks_the_readers_language() -> None:
    assert words.current_choice(Lang.EN, WEEK) == "This season (the week of 16 Nov 2026)"
    assert words.all_time_choice(Lang.EN) == "All time"
    assert words.current_choice(Lang.ES, MONTH) == "Esta temporada (noviembre de 2026)"
    assert words.past_choice(Lang.FR, MONTH) == "Novembre 2026"
