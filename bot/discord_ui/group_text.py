"""The words of group play: lobbies, team hands and results, tournaments,
and the notices, replies and button labels around them (two-player and
general words are :mod:`.text`'s).

Public text only, built from views and results: a table's cards appear
here only after its reveal (the hand results), never before.
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine import GameEnd, HandEnd, HandResult
from bot.engine.team_game import TeamHandRecord
from bot.engine.tournament import TournamentView
from bot.service import (
    Lobby,
    LobbyStatus,
    TeamProgress,
    TeamSheet,
    TournamentStatus,
    TournamentSummary,
)

from .actions import LobbyAction, TournamentAction
from .bracket_text import bracket_text
from .text import MAX_CONTENT, REASON_WORDS

TEAM_END_WORDS = {
    HandEnd.KNOCK: "knock",
    HandEnd.UNDERCUT: "undercut",
    HandEnd.GIN: "gin",
    HandEnd.BIG_GIN: "big gin",
    HandEnd.DEAD: "dead hand",
}

#: /gin partners or /ginadmin tournament typed inside a thread.
NOT_IN_THREAD = (
    "Open partnership games and tournaments in a channel, not in a thread: a game's "
    "thread closes when its game ends, and the table or tournament would close with it."
)


def _seat(lobby: Lobby, i: int) -> str:
    s = lobby.seats[i]
    if s.computer:
        level = lobby.ai_level.value if lobby.ai_level else ""
        return f"🤖 {s.name} ({level})"
    if s.user_id is None:
        return "*open seat*"
    return f"<@{s.user_id}>" + ("" if s.joined else " *(invited)*")


def lobby_text(lobby: Lobby) -> str:
    """The lobby message: both teams, who has joined, how to join."""
    first = lobby.creator_team
    teams = []
    for n, t in enumerate((first, 1 - first), 1):
        teams.append(f"**Team {n}:** {_seat(lobby, 2 * t)} & {_seat(lobby, 2 * t + 1)}")
    head = f"🤝 **Partnership gin** (2 v 2, to {lobby.target}) — table #{lobby.id}"
    if lobby.status is LobbyStatus.LOBBY:
        tail = (
            "Invited players press **Join**; open seats are anyone's. "
            f"The game starts when all four are in (this closes <t:{int(lobby.expires_at)}:R>)."
        )
    elif lobby.status is LobbyStatus.ACTIVE:
        tail = "All four are in: the first hand is dealt below. Good luck!"
    elif lobby.status is LobbyStatus.CANCELLED:
        tail = "Cancelled."
    else:
        tail = "Played."
    return "\n".join([head, *teams, tail])


def _table_line(n: int, rec: TeamHandRecord, names: tuple[str, ...]) -> str:
    r: HandResult = rec.tables[n]
    seats = rec.seats[n]
    a, b = names[seats[0]], names[seats[1]]
    if r.end is HandEnd.DEAD or r.winner is None or r.knocker is None:
        return f"Table {n + 1} ({a} v {b}): dead hand."
    who = (a, b)[r.knocker]
    what = TEAM_END_WORDS[r.end]
    if r.end is HandEnd.UNDERCUT:
        return (
            f"Table {n + 1} ({a} v {b}): {who} knocked with {r.knocker_value}, "
            f"undercut by {r.defender_value}."
        )
    if r.end is HandEnd.KNOCK:
        return (
            f"Table {n + 1} ({a} v {b}): {who} knocked, {r.knocker_value} against "
            f"{r.defender_value}."
        )
    return f"Table {n + 1} ({a} v {b}): {who} went {what}; the other had {r.defender_value}."


def team_hand_text(p: TeamProgress, names: tuple[str, ...]) -> str:
    """Both tables of a finished hand and the team result (the team score sheet's row)."""
    rec = p.hand
    assert rec is not None
    h = rec.result
    lines = [f"🤝 **Hand {rec.number}** — both tables are done."]
    lines += [_table_line(n, rec, names) for n in (0, 1)]
    pts = h.table_points
    if h.winner is None:
        lines.append(f"Table points {pts[0]} – {pts[1]}: level, nobody scores.")
    else:
        bonus = []
        if h.gin_bonus:
            bonus.append(f"gin bonus {h.gin_bonus}")
        if h.undercut_bonus:
            bonus.append(f"undercut bonus {h.undercut_bonus}")
        extra = f" + {' + '.join(bonus)}" if bonus else ""
        lines.append(
            f"Table points {pts[0]} – {pts[1]}: **{p.teams[h.winner]}** score "
            f"{pts[h.winner] - pts[1 - h.winner]}{extra} = **{h.points}**."
        )
    lines.append(
        f"Score: **{p.teams[0]}** {p.scores[0]} – {p.scores[1]} **{p.teams[1]}** (to {p.target})."
    )
    return "\n".join(lines)


def team_result_text(p: TeamProgress, names: dict[int, str]) -> str:
    """The end of a team game: the winners, the tally, rating changes."""
    r = p.result
    assert r is not None
    t = r.totals
    lines = [
        f"🏆 **{p.teams[r.winner]}** win the partnership game — {REASON_WORDS[r.reason]}. "
        f"Final tally {p.teams[0]} {t[0]} – {t[1]} {p.teams[1]}.",
    ]
    for side in (0, 1):
        s = r.tallies[side]
        lines.append(
            f"{p.teams[side]}: {s.hand_points} points, {s.hands_won} hands won "
            f"(line bonus {s.line_bonus}), game bonus {s.game_bonus}"
            + (", shutout doubled" if s.shutout else "")
            + "."
        )
    for c in p.rating_changes:
        name = names.get(c.user_id, str(c.user_id))
        lines.append(f"{name}: rating {c.before:.0f} → {c.after:.0f} ({c.after - c.before:+.0f})")
    if r.reason is GameEnd.ENDED:
        lines.append("Ended by a moderator: no rating change.")
    return "\n".join(lines)[:MAX_CONTENT]


STATUS_WORDS = {
    TournamentStatus.SIGNUP: "Sign-up open",
    TournamentStatus.RUNNING: "Under way",
    TournamentStatus.FINISHED: "Finished",
    TournamentStatus.CANCELLED: "Cancelled",
}


def tournament_status(t: TournamentSummary) -> str:
    return STATUS_WORDS[t.status]


def bracket_view(t: TournamentSummary) -> TournamentView | None:
    """The service's bracket view, its status worded for the channel."""
    return None if t.bracket is None else replace(t.bracket, status=tournament_status(t))


def tournament_text(t: TournamentSummary) -> str:
    """The tournament message: sign-up list, or the bracket/standings as text."""
    rules = t.rules
    fmt = rules.match_format() if rules is not None else None
    length = f"best of {fmt.games}" if fmt is not None else "one game"
    target = rules.effective_target if rules is not None else 0
    kind = t.format.replace("_", " ")
    head = f"🏆 **{t.title}** — {kind}, matches {length} to {target}."
    if t.bracket is None:
        players = ", ".join(f"<@{u}>" for u, _ in t.entrants) or "nobody yet"
        if t.status is TournamentStatus.SIGNUP:
            tail = (
                f"Sign-up closes <t:{int(t.signup_ends)}:R>. Press **Join** to play "
                f"({len(t.entrants)} signed up: {players})."
            )
        else:
            tail = f"{tournament_status(t)} ({len(t.entrants)} signed up)."
        return f"{head}\n{tail}"[:MAX_CONTENT]
    view = bracket_view(t)
    assert view is not None
    body = bracket_text(view)
    text = f"{head}\n{body}"
    return text if len(text) <= MAX_CONTENT else body[:MAX_CONTENT]


def team_sheet_text(team: TeamSheet) -> str:
    """``/gin score`` in a partnership: every team hand, both tables, the score."""
    a, b = team.teams
    lines = [f"🤝 **{a}** v **{b}** — partnership gin to {team.target}"]
    for rec in team.hands:
        h = rec.result
        won = "level, nobody scores" if h.winner is None else f"{team.teams[h.winner]} +{h.points}"
        lines.append(f"**Hand {rec.number}:** {won} → {rec.totals[0]} – {rec.totals[1]}")
        lines += [f"  {_table_line(n, rec, team.names)}" for n in (0, 1)]
    if team.result is not None:
        t = team.result.totals
        lines.append(
            f"🏆 {team.teams[team.result.winner]} won — {REASON_WORDS[team.result.reason]}; "
            f"final tally {t[0]} – {t[1]}."
        )
    else:
        s = team.scores
        lines.append(f"Now: **{a}** {s[0]} – {s[1]} **{b}**; hand {team.hand_number} in play.")
    text = "\n".join(lines)
    while len(text) > MAX_CONTENT and len(lines) > 3:
        del lines[1:4]  # the earliest hand first; the totals always stay
        text = "\n".join(["(earlier hands left out)", *lines])
    return text


# --- Buttons, notices and replies around the lobby and tournament messages ---

LOBBY_LABELS = {
    LobbyAction.JOIN_TEAM_1: "Join team 1",
    LobbyAction.JOIN_TEAM_2: "Join team 2",
    LobbyAction.LEAVE: "Leave",
}

TOURNAMENT_LABELS = {
    TournamentAction.JOIN: "Join",
    TournamentAction.LEAVE: "Leave",
    TournamentAction.START: "Start now",
    TournamentAction.CANCEL: "Cancel tournament",
}

NO_TOURNAMENT = (
    "No tournament here yet. A member with Manage Server can open one with /ginadmin tournament."
)
SIGNUP_CLOSED = "Sign-up closed: pairing round 1."


def match_start_notice(title: str, a: int, b: int, game_id: int) -> str:
    """A tournament match starts: both players are pinged."""
    return (
        f"🏆 {title}: <@{a}> v <@{b}> — game #{game_id} starts now. "
        "No-shows lose by the turn timer."
    )


def champion_notice(title: str, champion: int) -> str:
    return f"🏆 **{title}** is over: <@{champion}> is the champion!"


def too_few_notice(title: str) -> str:
    return f"**{title}** was cancelled: too few players."


def bracket_description(title: str) -> str:
    """The bracket image's description (its alt text in Discord)."""
    return f"{title}: bracket"


def team_thread_name(lobby: Lobby) -> str:
    """The thread of a partnership game: both teams, the lobby's team first."""
    teams = " v ".join(
        " & ".join(s.name or "?" for s in lobby.team(t))
        for t in (lobby.creator_team, 1 - lobby.creator_team)
    )
    return f"Gin 2v2 #{lobby.id}: {teams}"
