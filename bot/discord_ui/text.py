"""Words for players: what happened, whose turn, results and tables.

Pure functions over engine records and service results (no discord import), so
the wording is tested directly and the privacy rule is easy to check: only
*public* event fields are ever read here (``Event.card``, never
``private_card``), except in :func:`my_draw_line`, which is for the drawer's
own ephemeral reply.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import (
    Event,
    EventKind,
    GameEnd,
    GameResult,
    HandEnd,
    HandResult,
    Phase,
    PublicView,
    SeatView,
)
from bot.engine.hollywood import seat_columns, sheet_lines
from bot.engine.match import standing_line
from bot.service import LeaderboardPage, PlayerStats, ScoreSheet, TableView

#: Discord's limit on a message's content.
MAX_CONTENT = 2000

END_WORDS = {
    HandEnd.KNOCK: "knocked",
    HandEnd.UNDERCUT: "knocked and was undercut",
    HandEnd.GIN: "went gin",
    HandEnd.BIG_GIN: "went big gin",
    HandEnd.DEAD: "dead hand",
}

REASON_WORDS = {
    GameEnd.TARGET: "reached the target",
    GameEnd.RESIGN: "won by resignation",
    GameEnd.TIMEOUT: "won on time (the other player ran out of time)",
    GameEnd.ENDED: "game ended by a moderator",
}


def describe_events(events: Sequence[Event], names: tuple[str, str]) -> str:
    """One line for the board: "Ana took the 7♦ from the pile and threw the K♣."."""
    parts: list[str] = []
    actor: int | None = None
    for e in events:
        who = names[e.seat]
        if e.kind is EventKind.DEAL:
            parts.append(f"New hand: {who} deals; the upcard is the {e.card}")
            actor = None
            continue
        lead = "" if actor == e.seat else f"{who} "
        actor = e.seat
        phrase = {
            EventKind.PASS: "passed",
            EventKind.DRAW_STOCK: "drew from the stock",
            EventKind.TAKE_DISCARD: f"took the {e.card} from the pile",
            EventKind.DISCARD: f"threw the {e.card}",
            EventKind.KNOCK: "knocked",
            EventKind.GIN: "went gin!",
            EventKind.BIG_GIN: "went big gin!",
            EventKind.DEAD_HAND: "",
            EventKind.FORFEIT: "gave up the game",
        }[e.kind]
        if e.kind is EventKind.DEAD_HAND:
            parts.append("The stock ran down: dead hand, no points")
            actor = None
            continue
        if lead:
            parts.append(f"{lead}{phrase}")
        else:
            parts[-1] = f"{parts[-1]} and {phrase}"
    if not parts:
        return ""
    return ". ".join(p[0].upper() + p[1:] for p in parts).rstrip("!") + (
        "!" if parts[-1].endswith("!") else "."
    )


def turn_line(view: PublicView) -> str:
    """Whose turn, and what they may do."""
    if view.phase is Phase.GAME_OVER or view.turn is None:
        return "The game is over."
    who = view.names[view.turn]
    return {
        Phase.UPCARD: f"{who}: take the upcard {view.top_discard} or pass.",
        Phase.DRAW: f"{who} to draw.",
        Phase.DISCARD: f"{who} to discard or knock.",
        Phase.FIFTIETH: (
            f"{who}: take the {view.top_discard} (then knock) or pass — the stock is down to 2."
        ),
        Phase.GAME_OVER: "The game is over.",
    }[view.phase]


def score_line(view: PublicView) -> str:
    a, b = view.names
    limit = "gin only" if view.knock_limit == 0 else f"knock ≤ {view.knock_limit}"
    double = " · ♠ doubled" if view.spade_double else ""
    if view.table is not None:  # a partnership table: the team score is what counts
        t = view.table
        return (
            f"🤝 Hand {t.hand_number}, table {t.table} of 2: **{a}** v **{b}** · "
            f"**{t.teams[0]}** {t.scores[0]} – {t.scores[1]} **{t.teams[1]}** · "
            f"to {t.target} · stock {view.stock_count} · {limit}{double}"
        )
    if view.hollywood is not None:
        h = view.hollywood
        score = (
            f"**{a}** {seat_columns(h, 0)} – {seat_columns(h, 1)} **{b}** · "
            f"Hollywood, each to {view.target}"
        )
    else:
        score = f"**{a}** {view.scores[0]} – {view.scores[1]} **{b}** · to {view.target}"
    line = f"{score} · hand {view.hand_number} · stock {view.stock_count} · {limit}{double}"
    match = match_line(view)
    return line if match is None else f"{line}\n{match}"


def hand_result_line(r: HandResult, names: tuple[str, str], *, number: int | None = None) -> str:
    """One line for a finished hand (``number``: the hand to call it, when
    the game's own count is not the one players follow, as at a partnership
    table)."""
    n = r.number if number is None else number
    if r.end is HandEnd.DEAD or r.winner is None or r.knocker is None:
        return f"Hand {n}: dead hand, no points."
    knocker = names[r.knocker]
    winner = names[r.winner]
    doubled = " (doubled: spade upcard)" if r.doubled else ""
    if r.end is HandEnd.UNDERCUT:
        return (
            f"Hand {n}: {knocker} knocked with {r.knocker_value}, "
            f"{winner} undercut with {r.defender_value}: {winner} scores {r.points}{doubled}."
        )
    how = END_WORDS[r.end]
    detail = (
        f" with {r.knocker_value} against {r.defender_value}"
        if r.end is HandEnd.KNOCK
        else f"; {names[1 - r.knocker]} had {r.defender_value}"
    )
    return f"Hand {n}: {knocker} {how}{detail}: {winner} scores {r.points}{doubled}."


def game_result_line(result: GameResult, names: tuple[str, str], *, match: bool = False) -> str:
    w = names[result.winner]
    t = result.totals
    return (
        f"🏆 **{w}** wins the {'match' if match else 'game'} — {REASON_WORDS[result.reason]}. "
        f"Final tally {names[0]} {t[0]} – {t[1]} {names[1]}."
    )


def match_game_line(game: GameResult, view: PublicView) -> str:
    """A game of a match is over: who won it, its tally, the standing."""
    t = game.totals
    names = view.names
    line = (
        f"🏅 **{names[game.winner]}** wins a game of the match — tally "
        f"{names[0]} {t[0]} – {t[1]} {names[1]}."
    )
    match = match_line(view)
    return line if match is None else f"{line} {match}."


def match_line(view: PublicView) -> str | None:
    """The match standing for the board, or None outside match play."""
    fmt = view.ruleset.match_format()
    if fmt is None or view.match is None:
        return None
    return standing_line(fmt, view.match, view.names)


def match_summary_lines(view: PublicView) -> list[str]:
    """Each game of a finished (or running) match, for the final tally."""
    if view.match is None:
        return []
    a, b = view.names
    lines = [
        f"Game {i}: {a} {g.totals[0]} – {g.totals[1]} {b} ({view.names[g.winner]})"
        for i, g in enumerate(view.match.games, 1)
    ]
    match = match_line(view)
    if match is not None:
        lines.append(match)
    return lines


def my_draw_line(view: SeatView) -> str:
    """For the drawer only (ephemeral): the card they just drew."""
    if view.drawn is None:
        return ""
    where = "from the pile" if view.drawn_from_pile else "from the stock"
    return f"You drew the {view.drawn} {where}."


def stats_lines(s: PlayerStats) -> list[str]:
    return [
        f"Rating **{s.rating:.0f}**" + (f" (#{s.rank})" if s.rank else ""),
        f"Games {s.games} · wins {s.wins} · losses {s.losses} · win rate {s.win_rate:.0%}",
        f"Hands won {s.hands_won} · gins {s.gins} · big gins {s.big_gins}",
        f"Undercuts scored {s.undercuts_scored} · suffered {s.undercuts_suffered}",
        f"Total points {s.total_points} · best game {s.best_game}",
        f"Streak {s.current_streak} (best {s.best_streak})",
    ]


def leaderboard_text(page: LeaderboardPage, names: dict[int, str]) -> str:
    if not page.rows:
        extra = f" with at least {page.min_games} games" if page.min_games else ""
        return f"No rated players{extra} yet. Finish a game against a friend to get on the board."
    lines = [f"**Leaderboard** by {page.sort.replace('_', ' ')} — page {page.page}/{page.pages}"]
    start = (page.page - 1) * 10
    for i, row in enumerate(page.rows, start=start + 1):
        name = names.get(row.user_id, row.name)
        lines.append(
            f"`{i:>3}.` **{name}** — {row.rating:.0f} · {row.wins}-{row.losses} "
            f"({row.win_rate:.0%}) · {row.gins} gins · {row.total_points} pts"
        )
    return "\n".join(lines)


def score_sheet_text(sheet: ScoreSheet) -> str:
    """The score sheet as one message.  A long game or match can have more
    hands than Discord's 2,000 characters hold: then the earliest hands are
    left out (and counted), never the totals at the bottom."""
    a, b = sheet.names
    head = [
        f"**Score sheet** — game #{sheet.game_id}: {a} vs {b}",
        "```",
        f"{'hand':<5}{'result':<10}{'winner':<14}{'pts':>4}{a[:8]:>10}{b[:8]:>10}",
    ]
    rows = []
    for row in sheet.rows:
        winner = "—" if row.winner_seat is None else sheet.names[row.winner_seat][:13]
        rows.append(
            f"{row.hand_number:<5}{row.end:<10}{winner:<14}{row.points:>4}"
            f"{row.totals[0]:>10}{row.totals[1]:>10}"
        )
    tail = []
    if sheet.result is not None:
        t = sheet.result.tallies
        tail += ["", f"{'final tally':<33}{t[0].total:>10}{t[1].total:>10}"]
    public = sheet.public
    if public is not None and public.hollywood is not None:
        tail += ["", *sheet_lines(public.hollywood, sheet.names)]
    in_match = public is not None and public.match is not None
    if public is not None and in_match:
        tail += ["", *match_summary_lines(public)]
    tail.append("```")
    if sheet.result is not None:
        tail.append(game_result_line(sheet.result, sheet.names, match=in_match))
    budget = MAX_CONTENT - len("\n".join([*head, "… 000 earlier hands", *tail]))
    kept = 0
    for line in reversed(rows):
        budget -= len(line) + 1
        if budget < 0:
            break
        kept += 1
    shown = rows[len(rows) - kept :]
    skipped = len(rows) - kept
    more = [f"… {skipped} earlier hand{'s' if skipped != 1 else ''}"] if skipped else []
    return "\n".join([*head, *more, *shown, *tail])


def thread_name(table: TableView) -> str:
    """A game thread's name (Discord allows 1–100 characters)."""
    a, b = (name[:40] for name in table.names)
    return f"Gin #{table.id}: {a} v {b}"


def summary_line(table: TableView, result: GameResult | None = None) -> str:
    """The game's one message in the channel when it plays in a thread:
    who, the score and the hand, a link into the thread — or, once over, the
    result.  Public: names and scores only."""
    public = table.public
    a, b = public.names
    where = f"<#{table.channel_id}>"
    if result is not None:
        line = game_result_line(result, public.names, match=public.match is not None)
        return f"🏁 Game #{table.id} · {line} {where}"
    if public.hollywood is not None:
        h = public.hollywood
        score = f"**{a}** {seat_columns(h, 0)} – {seat_columns(h, 1)} **{b}**"
    else:
        score = f"**{a}** {public.scores[0]} – {public.scores[1]} **{b}**"
    match = match_line(public)
    tail = "" if match is None else f" · {match}"
    return (
        f"🃏 Game #{table.id} · {score} · to {public.target} · hand {public.hand_number}{tail}"
        f" — play and watch in {where}"
    )
