"""Words for seasons and achievements: the season settings as the settings
panel shows them, a season's name, the leaderboard's season line, the
podium, the hall of fame, an achievement's one-line announcement, the
permission problems of the champion's role, and the descriptions of the
commands and options.  One keyed place, like :mod:`.text` and
:mod:`.history_text`; the Discord modules only place these.

Pure functions over the service's views (no discord import).  An
achievement's own name and description are its entry's
(:data:`bot.service.ACHIEVEMENTS`): one place per thing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Final

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

from .text import count_of

#: Discord's limit on a message's content.
MAX_CONTENT: Final = 2000

MONTHS: Final = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
MEDALS: Final = {1: "🥇", 2: "🥈", 3: "🥉"}
CUP = "🏆"
EARNED_MARK = "🎖"

# --- the commands --------------------------------------------------------------------

#: The commands' descriptions as Discord lists them (at most 100 characters),
#: by the command's name under ``/gin``; then their options'.
DESCRIPTIONS: Final = {
    "halloffame": "Past seasons' champions in this server",
}
OPTIONS: Final = {
    "halloffame": {"page": "Page number (1: the latest seasons)"},
}
#: The leaderboard's own option (its other options are :mod:`.command_text`'s).
SEASON_OPTION = "Which season (default: the current one, if the server has seasons)"

# --- the settings ----------------------------------------------------------------------

#: Each season setting as the setting list and the settings panel name it.
SETTING_LABELS: Final = {
    "season": "season",
    "announce_channel": "announce channel",
    "champion_role": "champion role",
}
LENGTH_WORDS: Final = {
    SeasonLength.OFF: "off (one all-time leaderboard)",
    SeasonLength.WEEKLY: "weekly (from Monday, 00:00 UTC)",
    SeasonLength.MONTHLY: "monthly",
    SeasonLength.QUARTERLY: "quarterly (January, April, July, October)",
}
NO_CHANNEL = "off (no announcement)"
NO_ROLE = "off (no role)"
#: What the settings panel says of each (a channel and a role are shown as
#: Discord's mentions, which name them in the reader's client).
SETTING_WORDS: Final[dict[str, Callable[[ServerSettings], str]]] = {
    "season": lambda s: LENGTH_WORDS[s.season],
    "announce_channel": lambda s: (
        NO_CHANNEL if s.announce_channel_id is None else f"<#{s.announce_channel_id}>"
    ),
    "champion_role": lambda s: (
        NO_ROLE if s.champion_role_id is None else f"<@&{s.champion_role_id}>"
    ),
}
#: Each as ``/ginadmin settings value:`` takes it.
PLAIN_VALUES: Final[dict[str, Callable[[ServerSettings], str]]] = {
    "season": lambda s: s.season.value,
    "announce_channel": lambda s: (
        "off" if s.announce_channel_id is None else str(s.announce_channel_id)
    ),
    "champion_role": lambda s: "off" if s.champion_role_id is None else str(s.champion_role_id),
}
#: The values the ``value`` option suggests (the server's channels and roles
#: are added from the server itself).
SUGGESTIONS: Final = {
    "season": tuple((length.value, words) for length, words in LENGTH_WORDS.items()),
    "announce_channel": (("off", NO_CHANNEL),),
    "champion_role": (("off", NO_ROLE),),
}
#: Settings whose other values are the server's own channels or roles
#: (offered from the server: :func:`bot.discord_ui.seasons.guild_value_choices`).
SERVER_VALUED: Final = frozenset({"announce_channel", "champion_role"})
#: When a change takes effect, by setting.
TAKES_EFFECT: Final = {
    "season": "The season in progress counts every rated game of its window.",
    "announce_channel": "The next season's end is posted there.",
    "champion_role": "The next season's champion gets it.",
}


def channel_choice(name: str) -> str:
    return f"#{name}"


def role_choice(name: str) -> str:
    return f"@{name}"


# --- the champion's role ---------------------------------------------------------------

ROLE_GONE = "the champion role no longer exists (set another with /ginadmin settings)"
NEEDS_MANAGE_ROLES = "I need the Manage Roles permission to give the champion role"
ROLE_TOO_HIGH = (
    "my highest role must be above the champion role in Server Settings → Roles for me to give it"
)
ROLE_REFUSED = "Discord refused to let me give the champion role"


def setting_warning(problem: str) -> str:
    """Added to ``/ginadmin settings``' answer when the role can't be given now."""
    return f"\n⚠️ Heads up: {problem}."


def role_report(problem: str, season: Season) -> str:
    """Posted for the moderators (in the announce channel) when a season's
    champion could not be given the role."""
    return f"⚠️ {season_name(season).capitalize()} is over, but {problem}."


# --- seasons ---------------------------------------------------------------------------


def _day(day: date) -> str:
    return f"{day.day} {MONTHS[day.month - 1][:3]} {day.year}"


def season_name(season: Season) -> str:
    """ "the week of 16 Nov 2026", "November 2026", "Q4 2026"."""
    start = season.start_day
    if season.length is SeasonLength.WEEKLY:
        return f"the week of {_day(start)}"
    if season.length is SeasonLength.MONTHLY:
        return f"{MONTHS[start.month - 1]} {start.year}"
    return f"Q{(start.month - 1) // 3 + 1} {start.year}"


def season_title(season: Season) -> str:
    """A season's name at the start of a line."""
    name = season_name(season)
    return name[0].upper() + name[1:]


def ends_words(season: Season) -> str:
    end = datetime.fromtimestamp(season.ends_at, UTC).date()
    return f"ends {_day(end)}, 00:00 UTC"


def board_head(board: SeasonBoard) -> str | None:
    """The line above a leaderboard that shows a season (or all-time when
    the server plays seasons); ``None``: nothing to add."""
    season = board.season
    if season is None:
        return None
    if board.current:
        return f"{CUP} **Season: {season_name(season)}** — {ends_words(season)}"
    return f"{CUP} **Season: {season_name(season)}** (over)"


ALL_TIME_HEAD = f"{CUP} **All time**"
EMPTY_SEASON = (
    "No rated games this season yet. Finish a game against a friend to get on the board "
    "(or see season: all time)."
)

#: The season option's list.
CURRENT_CHOICE = "This season"
ALL_TIME_CHOICE = "All time"


def current_choice(season: Season) -> str:
    return f"{CURRENT_CHOICE} ({season_name(season)})"


def past_choice(season: Season) -> str:
    return season_title(season)


# --- a season's end ---------------------------------------------------------------------


def _placed(p: Placed) -> str:
    return (
        f"{MEDALS[p.place]} **{p.name}** — {p.rating:.0f} · "
        f"{p.wins} of {count_of(p.games, 'game', 'games')} won"
    )


def podium_text(end: SeasonEnd) -> str | None:
    """The podium posted when a season ends (``None``: nobody played the
    games a place needs, so nothing is posted)."""
    if not end.podium:
        return None
    champion = end.podium[0]
    lines = [
        f"{CUP} **{season_title(end.season)} is over!** "
        f"{count_of(end.players, 'player', 'players')} played rated games.",
        *(_placed(p) for p in end.podium),
        f"Congratulations, <@{champion.user_id}>: season champion! A new season has begun "
        "(/gin leaderboard); past champions: /gin halloffame.",
    ]
    return "\n".join(lines)


# --- the hall of fame -------------------------------------------------------------------

NO_CHAMPIONS = (
    "No season has crowned a champion here yet. Moderators turn seasons on with "
    f"/ginadmin settings setting:season; a place on the podium needs "
    f"{count_of(PODIUM_MIN_GAMES, 'rated game', 'rated games')} in the season."
)


def hall_of_fame_text(hall: HallOfFame) -> str:
    if not hall.seasons:
        return NO_CHAMPIONS
    lines = [f"{CUP} **Hall of fame** — page {hall.page}/{hall.pages}"]
    for crowned in hall.seasons:
        lines.append("")
        lines.append(
            f"**{season_title(crowned.season)}** · {count_of(crowned.players, 'player', 'players')}"
        )
        lines.extend(_placed(p) for p in crowned.podium)
    out = "\n".join(lines)
    return out if len(out) <= MAX_CONTENT else out[: MAX_CONTENT - 1] + "…"


# --- achievements -----------------------------------------------------------------------


def award_line(award: Award, name: str) -> str:
    """One achievement earned, in one line: who, what, why."""
    return f"{EARNED_MARK} **{name}** earned an achievement: **{award.name}** — {award.description}"


def awards_text(awards: tuple[Award, ...], table: TableView) -> str:
    """The achievements a move earned, one line each, named as the table names them."""
    names = dict(zip(table.players, table.names, strict=True))
    lines = [award_line(a, names.get(a.user_id, "?")) for a in awards]
    out = "\n".join(lines)
    return out if len(out) <= MAX_CONTENT else out[: MAX_CONTENT - 1] + "…"


def season_awards_text(end: SeasonEnd) -> str | None:
    """The achievements a season's end gave its podium (``None``: none new)."""
    if not end.awards:
        return None
    names = {p.user_id: p.name for p in end.podium}
    return "\n".join(award_line(a, names.get(a.user_id, "?")) for a in end.awards)
