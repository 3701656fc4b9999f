"""The words of group play: lobbies, team hands and results, tournaments,
and the notices, replies and button labels around them (two-player and
general words are :mod:`.text`'s).  Each function takes the language
first, like :mod:`.text`'s.

Public text only, built from views and results: a table's cards appear
here only after its reveal (the hand results), never before.
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine import GameEnd, HandEnd, HandResult
from bot.engine.team_game import TeamHandRecord
from bot.engine.tournament import TournamentView
from bot.i18n import Lang, plural
from bot.i18n import text as tr
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
from .rules_text import level_name
from .text import MAX_CONTENT, rating_change_line, reason_words


def not_in_thread(lang: Lang) -> str:
    """/gin partners or /ginadmin tournament typed inside a thread."""
    return tr(lang, "ui.not_in_thread")


def _seat(lang: Lang, lobby: Lobby, i: int) -> str:
    s = lobby.seats[i]
    if s.computer:
        level = level_name(lang, lobby.ai_level.value) if lobby.ai_level else ""
        return tr(lang, "ui.lobby.computer", name=s.name, level=level)
    if s.user_id is None:
        return tr(lang, "ui.lobby.open_seat")
    mention = f"<@{s.user_id}>"
    return mention if s.joined else tr(lang, "ui.lobby.invited", user=mention)


def lobby_text(lang: Lang, lobby: Lobby) -> str:
    """The lobby message: both teams, who has joined, how to join."""
    first = lobby.creator_team
    teams = []
    for n, t in enumerate((first, 1 - first), 1):
        teams.append(
            tr(
                lang,
                "ui.lobby.team",
                n=n,
                first=_seat(lang, lobby, 2 * t),
                second=_seat(lang, lobby, 2 * t + 1),
            )
        )
    head = tr(lang, "ui.lobby.head", target=lobby.target, table=lobby.id)
    if lobby.status is LobbyStatus.LOBBY:
        tail = tr(lang, "ui.lobby.open", when=f"<t:{int(lobby.expires_at)}:R>")
    elif lobby.status is LobbyStatus.ACTIVE:
        tail = tr(lang, "ui.lobby.active")
    elif lobby.status is LobbyStatus.CANCELLED:
        tail = tr(lang, "ui.lobby.cancelled")
    else:
        tail = tr(lang, "ui.lobby.played")
    return "\n".join([head, *teams, tail])


def _table_line(lang: Lang, n: int, rec: TeamHandRecord, names: tuple[str, ...]) -> str:
    r: HandResult = rec.tables[n]
    seats = rec.seats[n]
    a, b = names[seats[0]], names[seats[1]]
    if r.end is HandEnd.DEAD or r.winner is None or r.knocker is None:
        return tr(lang, "ui.team.table.dead", table=n + 1, a=a, b=b)
    return tr(
        lang,
        f"ui.team.table.{r.end.value}",
        table=n + 1,
        a=a,
        b=b,
        who=(a, b)[r.knocker],
        knocker_value=r.knocker_value,
        defender_value=r.defender_value,
    )


def team_hand_text(lang: Lang, p: TeamProgress, names: tuple[str, ...]) -> str:
    """Both tables of a finished hand and the team result (the team score sheet's row)."""
    rec = p.hand
    assert rec is not None
    h = rec.result
    lines = [tr(lang, "ui.team.hand_head", n=rec.number)]
    lines += [_table_line(lang, n, rec, names) for n in (0, 1)]
    pts = h.table_points
    if h.winner is None:
        lines.append(tr(lang, "ui.team.level", a=pts[0], b=pts[1]))
    else:
        bonus = []
        if h.gin_bonus:
            bonus.append(tr(lang, "ui.team.gin_bonus", points=h.gin_bonus))
        if h.undercut_bonus:
            bonus.append(tr(lang, "ui.team.undercut_bonus", points=h.undercut_bonus))
        lines.append(
            tr(
                lang,
                "ui.team.scores",
                a=pts[0],
                b=pts[1],
                team=p.teams[h.winner],
                difference=pts[h.winner] - pts[1 - h.winner],
                bonuses=f" + {' + '.join(bonus)}" if bonus else "",
                points=h.points,
            )
        )
    lines.append(
        tr(
            lang,
            "ui.team.score",
            team_a=p.teams[0],
            team_b=p.teams[1],
            score_a=p.scores[0],
            score_b=p.scores[1],
            target=p.target,
        )
    )
    return "\n".join(lines)


def team_result_text(lang: Lang, p: TeamProgress, names: dict[int, str]) -> str:
    """The end of a team game: the winners, the tally, rating changes."""
    r = p.result
    assert r is not None
    t = r.totals
    lines = [
        tr(
            lang,
            "ui.team.result",
            team=p.teams[r.winner],
            reason=reason_words(lang, r.reason),
            team_a=p.teams[0],
            team_b=p.teams[1],
            score_a=t[0],
            score_b=t[1],
        )
    ]
    for side in (0, 1):
        s = r.tallies[side]
        lines.append(
            tr(
                lang,
                "ui.team.side_shutout" if s.shutout else "ui.team.side",
                team=p.teams[side],
                points=plural(lang, "ui.count.points", s.hand_points),
                hands=plural(lang, "ui.count.hands_won", s.hands_won),
                line_bonus=s.line_bonus,
                game_bonus=s.game_bonus,
            )
        )
    for c in p.rating_changes:
        name = names.get(c.user_id, str(c.user_id))
        lines.append(rating_change_line(lang, name, c.before, c.after))
    if r.reason is GameEnd.ENDED:
        lines.append(tr(lang, "ui.team.ended"))
    return "\n".join(lines)[:MAX_CONTENT]


def tournament_status(lang: Lang, t: TournamentSummary) -> str:
    return tr(lang, f"ui.tournament.status.{t.status.value}")


def bracket_view(lang: Lang, t: TournamentSummary) -> TournamentView | None:
    """The service's bracket view, its status worded for the channel."""
    return None if t.bracket is None else replace(t.bracket, status=tournament_status(lang, t))


def tournament_text(lang: Lang, t: TournamentSummary) -> str:
    """The tournament message: sign-up list, or the bracket/standings as text."""
    rules = t.rules
    fmt = rules.match_format() if rules is not None else None
    if fmt is not None:
        length = tr(lang, "ui.tournament.best_of", games=fmt.games)
    else:
        length = tr(lang, "ui.tournament.one_game")
    head = tr(
        lang,
        "ui.tournament.head",
        title=t.title,
        kind=tr(lang, f"ui.tournament.kind.{t.format.value}"),
        length=length,
        target=rules.effective_target if rules is not None else 0,
    )
    if t.bracket is None:
        players = ", ".join(f"<@{u}>" for u, _ in t.entrants) or tr(lang, "ui.tournament.nobody")
        if t.status is TournamentStatus.SIGNUP:
            tail = tr(
                lang,
                "ui.tournament.signup",
                when=f"<t:{int(t.signup_ends)}:R>",
                count=len(t.entrants),
                players=players,
            )
        else:
            tail = tr(
                lang,
                "ui.tournament.signed_up",
                status=tournament_status(lang, t),
                count=len(t.entrants),
            )
        return f"{head}\n{tail}"[:MAX_CONTENT]
    view = bracket_view(lang, t)
    assert view is not None
    body = bracket_text(lang, view)
    text = f"{head}\n{body}"
    return text if len(text) <= MAX_CONTENT else body[:MAX_CONTENT]


def team_sheet_text(lang: Lang, team: TeamSheet) -> str:
    """``/gin score`` in a partnership: every team hand, both tables, the score."""
    a, b = team.teams
    lines = [tr(lang, "ui.team.sheet_head", a=a, b=b, target=team.target)]
    for rec in team.hands:
        h = rec.result
        won = (
            tr(lang, "ui.team.sheet_level")
            if h.winner is None
            else f"{team.teams[h.winner]} +{h.points}"
        )
        lines.append(
            tr(
                lang,
                "ui.team.sheet_hand",
                n=rec.number,
                won=won,
                score_a=rec.totals[0],
                score_b=rec.totals[1],
            )
        )
        lines += [f"  {_table_line(lang, n, rec, team.names)}" for n in (0, 1)]
    if team.result is not None:
        t = team.result.totals
        lines.append(
            tr(
                lang,
                "ui.team.sheet_won",
                team=team.teams[team.result.winner],
                reason=reason_words(lang, team.result.reason),
                score_a=t[0],
                score_b=t[1],
            )
        )
    else:
        s = team.scores
        lines.append(
            tr(
                lang,
                "ui.team.sheet_now",
                a=a,
                b=b,
                score_a=s[0],
                score_b=s[1],
                hand=team.hand_number,
            )
        )
    text = "\n".join(lines)
    while len(text) > MAX_CONTENT and len(lines) > 3:
        del lines[1:4]  # the earliest hand first; the totals always stay
        text = "\n".join([tr(lang, "ui.team.sheet_cut"), *lines])
    return text


# --- Buttons, notices and replies around the lobby and tournament messages ---

_LOBBY_KEYS = {
    LobbyAction.JOIN_TEAM_1: "ui.label.join_team_1",
    LobbyAction.JOIN_TEAM_2: "ui.label.join_team_2",
    LobbyAction.LEAVE: "ui.label.leave",
}

_TOURNAMENT_KEYS = {
    TournamentAction.JOIN: "ui.label.join",
    TournamentAction.LEAVE: "ui.label.leave",
    TournamentAction.START: "ui.label.start",
    TournamentAction.CANCEL: "ui.label.cancel_tournament",
}


def lobby_label(lang: Lang, action: LobbyAction) -> str:
    """A lobby button's label: "Join team 1", "Join team 2", "Leave"."""
    return tr(lang, _LOBBY_KEYS[action])


def tournament_label(lang: Lang, action: TournamentAction) -> str:
    """A tournament button's label: "Join", "Leave", "Start now", "Cancel tournament"."""
    return tr(lang, _TOURNAMENT_KEYS[action])


def no_tournament(lang: Lang) -> str:
    return tr(lang, "ui.tournament.none")


def signup_closed(lang: Lang) -> str:
    return tr(lang, "ui.tournament.signup_closed")


def match_start_notice(lang: Lang, title: str, a: int, b: int, game_id: int) -> str:
    """A tournament match starts: both players are pinged."""
    return tr(
        lang, "ui.tournament.match_start", title=title, a=f"<@{a}>", b=f"<@{b}>", game=game_id
    )


def champion_notice(lang: Lang, title: str, champion: int) -> str:
    return tr(lang, "ui.tournament.champion", title=title, champion=f"<@{champion}>")


def too_few_notice(lang: Lang, title: str) -> str:
    return tr(lang, "ui.tournament.too_few", title=title)


def bracket_description(lang: Lang, title: str) -> str:
    """The bracket image's description (its alt text in Discord)."""
    return tr(lang, "ui.tournament.bracket_alt", title=title)


def team_thread_name(lang: Lang, lobby: Lobby) -> str:
    """The thread of a partnership game: both teams, the lobby's team first."""
    teams = " v ".join(
        " & ".join(s.name or "?" for s in lobby.team(t))
        for t in (lobby.creator_team, 1 - lobby.creator_team)
    )
    return tr(lang, "ui.team.thread_name", table=lobby.id, teams=teams)
