"""Words for seasons and achievements: a season's name, the leaderboard's
season line, the podium, the hall of fame, an achievement's one-line
announcement, the permission problems of the champion's role, the values
``/ginadmin settings`` takes for the season settings, and the English of the
commands and options.  One keyed place, like :mod:`.text` and
:mod:`.history_text`: every function takes the reader's language first and
words it from the catalogues' ``season.*`` entries
(``bot/locales/<language>/season.po``); the Discord modules only place them
(and pick the language: the server's for a public post, the asker's for a
private answer).  The season settings as the settings panel shows them are
:mod:`.settings_text`'s.

Pure functions over the service's views (no discord import).  An
achievement's name and description are the catalogue entries its award
names (:attr:`bot.service.Award.name_key`): one place per thing.  Dates
are the language's (Babel's month names: "16 Nov 2026", "16. Nov. 2026",
"16 de nov. de 2026").
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from enum import StrEnum
from typing import Final

from bot.i18n import Lang, day_words, month_names, plural
from bot.i18n import text as tr
from bot.service import (
    PODIUM_MIN_GAMES,
    Award,
    HallOfFame,
    Placed,
    Season,
    SeasonBoard,
    SeasonEnd,
    SeasonLength,
    ServerSettings,
    TableView,
)

#: Discord's limit on a message's content.
MAX_CONTENT: Final = 2000

MEDALS: Final = {1: "🥇", 2: "🥈", 3: "🥉"}

# --- the commands --------------------------------------------------------------------

#: The commands' descriptions as Discord lists them (at most 100 characters),
#: by the command's name under ``/gin``; then their options'.  English: Discord
#: shows each user theirs from ``cmd.po`` (:mod:`.translator`).
DESCRIPTIONS: Final = {
    "halloffame": "Past seasons' champions in this server",
}
OPTIONS: Final = {
    "halloffame": {"page": "Page number (1: the latest seasons)"},
}
#: The leaderboard's own option (its other options are :mod:`.command_text`'s).
SEASON_OPTION = "Which season (default: the current one, if the server has seasons)"

# --- the settings ----------------------------------------------------------------------

#: Each season setting as ``/ginadmin settings value:`` takes it (the same in
#: every language, like the commands' options).
PLAIN_VALUES: Final[dict[str, Callable[[ServerSettings], str]]] = {
    "season": lambda s: s.season.value,
    "announce_channel": lambda s: (
        "off" if s.announce_channel_id is None else str(s.announce_channel_id)
    ),
    "champion_role": lambda s: "off" if s.champion_role_id is None else str(s.champion_role_id),
}
#: Settings whose other values are the server's own channels or roles
#: (offered from the server: :func:`bot.discord_ui.seasons.guild_value_choices`).
SERVER_VALUED: Final = frozenset({"announce_channel", "champion_role"})


def channel_choice(name: str) -> str:
    return f"#{name}"


def role_choice(name: str) -> str:
    return f"@{name}"


# --- the champion's role ---------------------------------------------------------------


class RoleProblem(StrEnum):
    """Why the bot can't give the champion's role (its words:
    ``season.role.<value>``)."""

    GONE = "gone"
    NEEDS_MANAGE_ROLES = "needs_manage_roles"
    TOO_HIGH = "too_high"
    REFUSED = "refused"


def role_problem(lang: Lang, problem: RoleProblem) -> str:
    """The problem as a clause ("I need the Manage Roles permission to give
    the champion role"), to be placed in a sentence."""
    return tr(lang, f"season.role.{problem.value}")


def setting_warning(lang: Lang, problem: RoleProblem) -> str:
    """Added to ``/ginadmin settings``' answer when the role can't be given now."""
    return "\n" + tr(lang, "season.role.heads_up", problem=role_problem(lang, problem))


def role_report(lang: Lang, problem: RoleProblem, season: Season) -> str:
    """Posted for the moderators (in the announce channel) when a season's
    champion could not be given the role."""
    return tr(
        lang,
        "season.role.report",
        season=season_title(lang, season),
        problem=role_problem(lang, problem),
    )


# --- seasons ---------------------------------------------------------------------------


def season_name(lang: Lang, season: Season) -> str:
    """ "the week of 16 Nov 2026", "November 2026", "Q4 2026"."""
    start = season.start_day
    if season.length is SeasonLength.WEEKLY:
        return tr(lang, "season.name.weekly", date=day_words(lang, start))
    if season.length is SeasonLength.MONTHLY:
        month = month_names(lang, "wide")[start.month - 1]
        return tr(lang, "season.name.monthly", month=month, year=start.year)
    quarter = (start.month - 1) // 3 + 1
    return tr(lang, "season.name.quarterly", quarter=quarter, year=start.year)


def season_title(lang: Lang, season: Season) -> str:
    """A season's name at the start of a line."""
    name = season_name(lang, season)
    return name[0].upper() + name[1:]


def ends_words(lang: Lang, season: Season) -> str:
    end = datetime.fromtimestamp(season.ends_at, UTC).date()
    return tr(lang, "season.ends", date=day_words(lang, end))


def board_head(lang: Lang, board: SeasonBoard) -> str | None:
    """The line above a leaderboard that shows a season (``None``: it shows
    none, see :func:`all_time_head`)."""
    season = board.season
    if season is None:
        return None
    name = season_name(lang, season)
    if board.current:
        return tr(lang, "season.board.current", season=name, ends=ends_words(lang, season))
    return tr(lang, "season.board.over", season=name)


def all_time_head(lang: Lang) -> str:
    """The line above the all-time leaderboard of a server that plays seasons."""
    return tr(lang, "season.board.all_time")


def empty_season(lang: Lang) -> str:
    """A season's leaderboard with nobody on it yet."""
    return tr(lang, "season.board.empty")


def current_choice(lang: Lang, season: Season) -> str:
    """The season option's first choice: "This season (November 2026)"."""
    return tr(lang, "season.choice.current", season=season_name(lang, season))


def all_time_choice(lang: Lang) -> str:
    return tr(lang, "season.choice.all_time")


def past_choice(lang: Lang, season: Season) -> str:
    return season_title(lang, season)


# --- a season's end ---------------------------------------------------------------------


def _placed(lang: Lang, p: Placed) -> str:
    return plural(
        lang,
        "season.placed",
        p.games,
        medal=MEDALS[p.place],
        name=p.name,
        rating=f"{p.rating:.0f}",
        wins=p.wins,
    )


def podium_text(lang: Lang, end: SeasonEnd) -> str | None:
    """The podium posted when a season ends (``None``: nobody played the
    games a place needs, so nothing is posted)."""
    if not end.podium:
        return None
    champion = end.podium[0]
    lines = [
        plural(lang, "season.podium.head", end.players, season=season_title(lang, end.season)),
        *(_placed(lang, p) for p in end.podium),
        tr(lang, "season.podium.champion", champion=f"<@{champion.user_id}>"),
    ]
    return "\n".join(lines)


# --- the hall of fame -------------------------------------------------------------------


def no_champions(lang: Lang) -> str:
    """The hall of fame of a server that has crowned nobody yet."""
    return plural(lang, "season.hall.none", PODIUM_MIN_GAMES)


def hall_of_fame_text(lang: Lang, hall: HallOfFame) -> str:
    if not hall.seasons:
        return no_champions(lang)
    lines = [tr(lang, "season.hall.head", page=hall.page, pages=hall.pages)]
    for crowned in hall.seasons:
        lines.append("")
        title = season_title(lang, crowned.season)
        lines.append(plural(lang, "season.hall.season", crowned.players, season=title))
        lines.extend(_placed(lang, p) for p in crowned.podium)
    return _fit("\n".join(lines))


def _fit(out: str) -> str:
    return out if len(out) <= MAX_CONTENT else out[: MAX_CONTENT - 1] + "…"


# --- achievements -----------------------------------------------------------------------


def achievement_name(lang: Lang, award: Award) -> str:
    return tr(lang, award.name_key)


def achievement_description(lang: Lang, award: Award) -> str:
    """What earns it; counted when it names a number ("Win 50 points or more…")."""
    if award.n is None:
        return tr(lang, award.description_key)
    return plural(lang, award.description_key, award.n)


def award_line(lang: Lang, award: Award, name: str) -> str:
    """One achievement earned, in one line: who, what, why."""
    return tr(
        lang,
        "season.award",
        player=name,
        name=achievement_name(lang, award),
        description=achievement_description(lang, award),
    )


def awards_text(lang: Lang, awards: tuple[Award, ...], table: TableView) -> str:
    """The achievements a move earned, one line each, named as the table names them."""
    names = dict(zip(table.players, table.names, strict=True))
    return _fit("\n".join(award_line(lang, a, names.get(a.user_id, "?")) for a in awards))


def season_awards_text(lang: Lang, end: SeasonEnd) -> str | None:
    """The achievements a season's end gave its podium (``None``: none new)."""
    if not end.awards:
        return None
    names = {p.user_id: p.name for p in end.podium}
    return "\n".join(award_line(lang, a, names.get(a.user_id, "?")) for a in end.awards)
