"""Words for players: what happened, whose turn, results and tables — and
every other message, reply, refusal and button label of two-player play and
of the bot in general (group play's are :mod:`.group_text`'s).  One place, so
the wording is found, reviewed and kept consistent in one file; the Discord
modules only call these.

Every function takes the language first: the texts are the ``ui.*`` entries
of the catalogues (``bot/locales/<language>/ui.po``).  The caller picks the
language — the clicking player's for a private answer, the server's for a
public message (:mod:`.language`) — never this module.

Pure functions over engine records and service results (no discord import), so
the wording is tested directly and the privacy rule is easy to check: only
*public* event fields are ever read here (``Event.card``, never
``private_card``), except in :func:`my_draw_line` and the coach's
:func:`note_line` / :func:`review_text`, which are for the player's own
ephemeral replies.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.numbers import get_decimal_symbol

from bot.engine import (
    Event,
    EventKind,
    GameEnd,
    GameResult,
    HandEnd,
    HandResult,
    Phase,
    PublicView,
    Ruleset,
    SeatView,
)
from bot.engine.hollywood import HollywoodSheet
from bot.engine.match import MatchForm, MatchFormat, MatchStanding
from bot.engine.review import NoteKind, ReviewNote
from bot.engine.words import seat_columns
from bot.i18n import Lang, plural
from bot.i18n import text as tr
from bot.service import (
    CoachReport,
    GameSummary,
    LeaderboardPage,
    PlayerStats,
    ScoreSheet,
    ServerSettings,
    TableView,
)

from .rules_text import (
    assist_line,
    level_name,
    ping_line,
    rules_summary,
    tables_line,
    variant_label,
)

#: Discord's limit on a message's content.
MAX_CONTENT = 2000


def count_of(count: int, one: str, other: str) -> str:
    """ "1 game", "3 games" in English.  Words a player reads go through the
    catalogues' plural forms instead (``plural(lang, key, n)``), which follow
    each language's own rule."""
    return f"{count} {one if count == 1 else other}"


def moderator_ended(lang: Lang) -> str:
    """A moderator's end, on the board: nobody resigned."""
    return tr(lang, "ui.moderator_ended")


def reason_words(lang: Lang, reason: GameEnd) -> str:
    """How a game was won ("reached the target", "won by resignation")."""
    return tr(lang, f"ui.reason.{reason.value}")


#: Each event as a phrase of the board's line (the actor named before it).
_EVENT_KEYS = {
    EventKind.PASS: "ui.event.pass",
    EventKind.DRAW_STOCK: "ui.event.draw_stock",
    EventKind.TAKE_DISCARD: "ui.event.take_discard",
    EventKind.DISCARD: "ui.event.discard",
    EventKind.KNOCK: "ui.event.knock",
    EventKind.GIN: "ui.event.gin",
    EventKind.BIG_GIN: "ui.event.big_gin",
    EventKind.FORFEIT: "ui.event.forfeit",
    EventKind.TIMED_OUT: "ui.event.timed_out",
}


def describe_events(lang: Lang, events: Sequence[Event], names: tuple[str, str]) -> str:
    """One line for the board: "Ana drew the 7♦ from the discard pile and discarded the K♣."."""
    parts: list[str] = []
    actor: int | None = None
    for e in events:
        who = names[e.seat]
        if e.kind is EventKind.DEAL:
            parts.append(tr(lang, "ui.event.deal", who=who, card=e.card))
            actor = None
            continue
        if e.kind is EventKind.DEAD_HAND:
            parts.append(tr(lang, "ui.event.dead_hand"))
            actor = None
            continue
        if e.kind is EventKind.ENDED:
            parts.append(moderator_ended(lang))
            actor = None
            continue
        phrase = tr(lang, _EVENT_KEYS[e.kind], card=e.card)
        if actor != e.seat:
            parts.append(tr(lang, "ui.event.lead", who=who, action=phrase))
        else:
            parts[-1] = tr(lang, "ui.event.and", first=parts[-1], then=phrase)
        actor = e.seat
    if not parts:
        return ""
    return ". ".join(p[0].upper() + p[1:] for p in parts).rstrip("!") + (
        "!" if parts[-1].endswith("!") else "."
    )


def turn_line(lang: Lang, view: PublicView) -> str:
    """Whose turn, and what they may do."""
    if view.phase is Phase.GAME_OVER or view.turn is None:
        return tr(lang, "ui.turn.over")
    key = {
        Phase.UPCARD: "ui.turn.upcard",
        Phase.DRAW: "ui.turn.draw",
        Phase.DISCARD: "ui.turn.discard",
        Phase.FIFTIETH: "ui.turn.fiftieth",
    }[view.phase]
    return tr(lang, key, who=view.names[view.turn], card=view.top_discard)


def your_move(lang: Lang, turn: str) -> str:
    return tr(lang, "ui.your_move", turn=turn)


def _limit_words(lang: Lang, view: PublicView) -> str:
    """ "knock ≤ 10" or "gin only", and "♠ doubled" when it is."""
    if view.knock_limit == 0:
        limit = tr(lang, "ui.score.gin_only")
    else:
        limit = tr(lang, "ui.score.knock_limit", limit=view.knock_limit)
    return f"{limit} · {tr(lang, 'ui.score.spades_doubled')}" if view.spade_double else limit


def score_line(lang: Lang, view: PublicView) -> str:
    a, b = view.names
    limit = _limit_words(lang, view)
    if view.table is not None:  # a partnership table: the team score is what counts
        t = view.table
        team = tr(
            lang,
            "ui.score.team_table",
            hand=t.hand_number,
            table=t.table,
            a=a,
            b=b,
            team_a=t.teams[0],
            team_b=t.teams[1],
            score_a=t.scores[0],
            score_b=t.scores[1],
            target=t.target,
            stock=view.stock_count,
        )
        return f"{team} · {limit}"
    if view.hollywood is not None:
        h = view.hollywood
        score = tr(
            lang,
            "ui.score.hollywood",
            a=a,
            b=b,
            columns_a=seat_columns(h, 0),
            columns_b=seat_columns(h, 1),
            target=view.target,
        )
    else:
        score = tr(
            lang,
            "ui.score.plain",
            a=a,
            b=b,
            score_a=view.scores[0],
            score_b=view.scores[1],
            target=view.target,
        )
    stock = tr(lang, "ui.score.stock", count=view.stock_count)
    line = f"{score} · {hand_words(lang, view)} · {stock} · {limit}"
    match = match_line(lang, view)
    return line if match is None else f"{line}\n{match}"


def hand_words(lang: Lang, view: PublicView) -> str:
    """ "hand 4"; in a match "game 3 · hand 2" (the hand within its game)."""
    if view.match is None or view.hand_in_game is None:
        return tr(lang, "ui.hand_words.hand", hand=view.hand_number)
    return tr(lang, "ui.hand_words.match", game=view.match.next_game, hand=view.hand_in_game)


def hand_result_line(
    lang: Lang, r: HandResult, names: tuple[str, str], *, number: int | None = None
) -> str:
    """One line for a finished hand (``number``: the hand to call it, when
    the game's own count is not the one players follow, as at a partnership
    table)."""
    n = r.number if number is None else number
    if r.end is HandEnd.DEAD or r.winner is None or r.knocker is None:
        return tr(lang, "ui.hand_result.dead", n=n)
    doubled = f" {tr(lang, 'ui.hand_result.doubled')}" if r.doubled else ""
    return tr(
        lang,
        f"ui.hand_result.{r.end.value}",
        n=n,
        knocker=names[r.knocker],
        winner=names[r.winner],
        other=names[1 - r.knocker],
        knocker_value=r.knocker_value,
        defender_value=r.defender_value,
        points=r.points,
        doubled=doubled,
    )


def game_result_line(
    lang: Lang, result: GameResult, names: tuple[str, str], *, match: bool = False
) -> str:
    if result.reason is GameEnd.ENDED:
        # Nobody won and nobody resigned: no winner is named.
        return tr(lang, "ui.game_result.ended")
    t = result.totals
    return tr(
        lang,
        "ui.game_result.match" if match else "ui.game_result.game",
        winner=names[result.winner],
        reason=reason_words(lang, result.reason),
        a=names[0],
        b=names[1],
        score_a=t[0],
        score_b=t[1],
    )


def match_game_line(lang: Lang, game: GameResult, view: PublicView) -> str:
    """A game of a match is over: "🏅 **Ana** wins game 3 — leads 2–1 ·
    tally Ana 260 – 120 Bo." (``view``: the match with that game counted)."""
    t = game.totals
    names = view.names
    st = view.match
    fmt = view.ruleset.match_format()
    number = len(st.games) if st is not None else 1
    head = tr(lang, "ui.match_game.head", winner=names[game.winner], number=number)
    tally = tr(lang, "ui.match_game.tally", a=names[0], b=names[1], score_a=t[0], score_b=t[1])
    if st is None or fmt is None:
        return f"{head} · {tally}."
    if fmt.form is MatchForm.BEST_OF:
        standing = match_standing_words(lang, st.wins, game.winner, over=st.over)
        return f"{head}{standing} · {tally}."
    return f"{head} · {tally}. {standing_line(lang, fmt, st, names)}."


def match_standing_words(lang: Lang, wins: tuple[int, int], seat: int, *, over: bool) -> str:
    """The games won, from ``seat``'s side, after "wins game 3": " — leads
    2–1", " — level at 1–1", " — trails 1–2", or " and the match, 3–1"."""
    mine, theirs = wins[seat], wins[1 - seat]
    if over:
        return f" {tr(lang, 'ui.match_standing.won', mine=mine, theirs=theirs)}"
    key = "leads" if mine > theirs else "trails" if mine < theirs else "level"
    return f" — {tr(lang, f'ui.match_standing.{key}', mine=mine, theirs=theirs)}"


def standing_line(lang: Lang, fmt: MatchFormat, st: MatchStanding, names: Sequence[str]) -> str:
    """The match standing in one line, for the board and ``/gin score``."""
    a, b = names[0], names[1]
    if fmt.form is MatchForm.BEST_OF:
        wins = st.wins
        head = tr(
            lang, "ui.standing.best_of", games=fmt.games, a=a, b=b, wins_a=wins[0], wins_b=wins[1]
        )
    else:
        scores = st.scores
        head = tr(
            lang,
            "ui.standing.multi",
            target=fmt.game_target,
            a=a,
            b=b,
            score_a=scores[0],
            score_b=scores[1],
        )
    if st.winner is not None:
        return f"{head} — {tr(lang, 'ui.standing.winner', winner=names[st.winner])}"
    return f"{head} — {tr(lang, 'ui.standing.under_way', number=st.next_game)}"


def match_line(lang: Lang, view: PublicView) -> str | None:
    """The match standing for the board, or None outside match play."""
    fmt = view.ruleset.match_format()
    if fmt is None or view.match is None:
        return None
    return standing_line(lang, fmt, view.match, view.names)


def match_summary_lines(lang: Lang, view: PublicView) -> list[str]:
    """Each game of a finished (or running) match, for the final tally."""
    if view.match is None:
        return []
    a, b = view.names
    lines = [
        tr(
            lang,
            "ui.match_summary.game",
            number=i,
            a=a,
            b=b,
            score_a=g.totals[0],
            score_b=g.totals[1],
            winner=view.names[g.winner],
        )
        for i, g in enumerate(view.match.games, 1)
    ]
    match = match_line(lang, view)
    if match is not None:
        lines.append(match)
    return lines


def sheet_lines(lang: Lang, sheet: HollywoodSheet, names: Sequence[str]) -> list[str]:
    """The Hollywood sheet as text (``/gin score``)."""
    lines = []
    for i, col in enumerate(sheet.columns):
        label = ("I", "II", "III")[i]
        score = f"{names[0]} {col.points[0]} – {col.points[1]} {names[1]}"
        if col.tallies is not None and col.winner is not None:
            a, b = (x.total for x in col.tallies)
            lines.append(
                tr(
                    lang,
                    "ui.hollywood.game_won",
                    label=label,
                    score=score,
                    winner=names[col.winner],
                    a=a,
                    b=b,
                )
            )
        else:
            lines.append(tr(lang, "ui.hollywood.game", label=label, score=score))
    t = sheet.totals
    lines.append(tr(lang, "ui.hollywood.total", a=names[0], b=names[1], score_a=t[0], score_b=t[1]))
    return lines


def my_draw_line(lang: Lang, view: SeatView) -> str:
    """For the drawer only (ephemeral): the card they just drew."""
    if view.drawn is None:
        return ""
    key = "ui.my_draw.pile" if view.drawn_from_pile else "ui.my_draw.stock"
    return tr(lang, key, card=view.drawn)


def stats_lines(lang: Lang, s: PlayerStats) -> list[str]:
    return [
        tr(lang, "ui.stats.rating", rating=f"{s.rating:.0f}") + (f" (#{s.rank})" if s.rank else ""),
        tr(
            lang,
            "ui.stats.games",
            games=s.games,
            wins=s.wins,
            losses=s.losses,
            rate=f"{s.win_rate:.0%}",
        ),
        tr(lang, "ui.stats.hands", hands=s.hands_won, gins=s.gins, big_gins=s.big_gins),
        tr(
            lang,
            "ui.stats.undercuts",
            scored=s.undercuts_scored,
            suffered=s.undercuts_suffered,
        ),
        tr(lang, "ui.stats.points", points=s.total_points, best=s.best_game),
        tr(lang, "ui.stats.streak", current=s.current_streak, best=s.best_streak),
    ]


def sort_words(lang: Lang, sort: str) -> str:
    """A leaderboard order ("win_rate") in words ("win rate")."""
    return tr(lang, f"ui.sort.{sort}")


def leaderboard_text(lang: Lang, page: LeaderboardPage, names: dict[int, str]) -> str:
    if not page.rows:
        if page.min_games:
            return plural(lang, "ui.leaderboard.empty_min", page.min_games)
        return tr(lang, "ui.leaderboard.empty")
    lines = [
        tr(
            lang,
            "ui.leaderboard.head",
            sort=sort_words(lang, page.sort),
            page=page.page,
            pages=page.pages,
        )
    ]
    start = (page.page - 1) * 10
    for i, row in enumerate(page.rows, start=start + 1):
        lines.append(
            tr(
                lang,
                "ui.leaderboard.row",
                place=f"{i:>3}",
                name=names.get(row.user_id, row.name),
                rating=f"{row.rating:.0f}",
                wins=row.wins,
                losses=row.losses,
                rate=f"{row.win_rate:.0%}",
                gins=plural(lang, "ui.count.gins", row.gins),
                points=plural(lang, "ui.count.points", row.total_points),
            )
        )
    return "\n".join(lines)


def score_sheet_text(lang: Lang, sheet: ScoreSheet) -> str:
    """The score sheet as one message.  A long game or match can have more
    hands than Discord's 2,000 characters hold: then the earliest hands are
    left out (and counted), never the totals at the bottom."""
    a, b = sheet.names
    head = [
        tr(lang, "ui.sheet.head", game=sheet.game_id, a=a, b=b),
        "```",
        f"{tr(lang, 'ui.sheet.hand'):<5}{tr(lang, 'ui.sheet.result'):<10}"
        f"{tr(lang, 'ui.sheet.winner'):<14}{tr(lang, 'ui.sheet.points'):>4}"
        f"{a[:8]:>10}{b[:8]:>10}",
    ]
    rows = []
    for row in sheet.rows:
        winner = "—" if row.winner_seat is None else sheet.names[row.winner_seat][:13]
        end = tr(lang, f"ui.sheet.end.{row.end}")
        rows.append(
            f"{row.hand_number:<5}{end:<10}{winner:<14}{row.points:>4}"
            f"{row.totals[0]:>10}{row.totals[1]:>10}"
        )
    tail = []
    if sheet.result is not None:
        t = sheet.result.tallies
        tail += ["", f"{tr(lang, 'ui.sheet.final'):<33}{t[0].total:>10}{t[1].total:>10}"]
    public = sheet.public
    if public is not None and public.hollywood is not None:
        tail += ["", *sheet_lines(lang, public.hollywood, sheet.names)]
    in_match = public is not None and public.match is not None
    if public is not None and in_match:
        tail += ["", *match_summary_lines(lang, public)]
    tail.append("```")
    if sheet.result is not None:
        tail.append(game_result_line(lang, sheet.result, sheet.names, match=in_match))
    budget = MAX_CONTENT - len("\n".join([*head, earlier_hands(lang, 999), *tail]))
    kept = 0
    for line in reversed(rows):
        budget -= len(line) + 1
        if budget < 0:
            break
        kept += 1
    shown = rows[len(rows) - kept :]
    skipped = len(rows) - kept
    more = [earlier_hands(lang, skipped)] if skipped else []
    return "\n".join([*head, *more, *shown, *tail])


def earlier_hands(lang: Lang, count: int) -> str:
    """The score sheet's note of the hands left out."""
    return plural(lang, "ui.sheet.earlier", count)


def thread_name(lang: Lang, table: TableView) -> str:
    """A game thread's name (Discord allows 1–100 characters)."""
    a, b = (name[:40] for name in table.names)
    return tr(lang, "ui.thread_name", game=table.id, a=a, b=b)


def summary_line(lang: Lang, table: TableView, result: GameResult | None = None) -> str:
    """The game's one message in the channel when it plays in a thread:
    who, the score and the hand, a link into the thread — or, once over, the
    result.  Public: names and scores only."""
    public = table.public
    a, b = public.names
    where = f"<#{table.channel_id}>"
    if result is not None:
        line = game_result_line(lang, result, public.names, match=public.match is not None)
        return tr(lang, "ui.summary.over", game=table.id, result=line, where=where)
    if public.hollywood is not None:
        h = public.hollywood
        score = f"**{a}** {seat_columns(h, 0)} – {seat_columns(h, 1)} **{b}**"
    else:
        score = f"**{a}** {public.scores[0]} – {public.scores[1]} **{b}**"
    match = match_line(lang, public)
    return tr(
        lang,
        "ui.summary.live",
        game=table.id,
        score=score,
        target=public.target,
        hand=hand_words(lang, public),
        match="" if match is None else f" · {match}",
        where=where,
    )


# --- Challenges, reminders and pings ---------------------------------------


def computer_game_line(lang: Lang, mention: str, level: str, game_id: int) -> str:
    """The channel's line for a new game against the computer."""
    return tr(
        lang, "ui.computer_game", mention=mention, level=level_name(lang, level), game=game_id
    )


def rematch_head(lang: Lang, opponent_id: int, mention: str) -> str:
    return tr(lang, "ui.rematch_head", opponent=f"<@{opponent_id}>", mention=mention)


def challenge_head(lang: Lang, opponent_id: int, mention: str, rules: Ruleset) -> str:
    """A challenge: whom, the variant, the target and the match length."""
    fmt = rules.match_format()
    games = fmt.games if fmt and fmt.games > 1 else None
    return tr(
        lang,
        "ui.challenge.head" if games is None else "ui.challenge.head_match",
        opponent=f"<@{opponent_id}>",
        mention=mention,
        variant=variant_label(lang, rules.variant),
        target=rules.effective_target,
        games=games,
    )


def challenge_line(lang: Lang, head: str, expires_at: float) -> str:
    return f"{head} {tr(lang, 'ui.challenge.expires', when=f'<t:{int(expires_at)}:R>')}"


def challenge_accepted(lang: Lang, challenger: str, opponent: str, game_id: int) -> str:
    return tr(lang, "ui.challenge.accepted", challenger=challenger, opponent=opponent, game=game_id)


def challenge_declined(lang: Lang, challenger: str, opponent: str) -> str:
    return tr(lang, "ui.challenge.declined", challenger=challenger, opponent=opponent)


def challenge_withdrawn(lang: Lang, challenger: str) -> str:
    return tr(lang, "ui.challenge.withdrawn", challenger=challenger)


def challenge_expired(lang: Lang, challenger: str, opponent: str) -> str:
    return tr(lang, "ui.challenge.expired", challenger=challenger, opponent=opponent)


def posted_in(lang: Lang, channel_id: int) -> str:
    """The private answer to a command whose message went to another channel."""
    return tr(lang, "ui.posted_in", channel=f"<#{channel_id}>")


def reminder_line(lang: Lang, user_id: int, game_id: int, deadline: float) -> str:
    """Half the turn timer is gone."""
    return tr(
        lang, "ui.reminder", user=f"<@{user_id}>", game=game_id, when=f"<t:{int(deadline)}:R>"
    )


def timed_out_line(lang: Lang, user_id: int, game_id: int) -> str:
    return tr(lang, "ui.timed_out", user=f"<@{user_id}>", game=game_id)


def turn_ping(lang: Lang, user_id: int, game_id: int, idle_minutes: int | None) -> str:
    """The ping for a player whose turn it is (``idle_minutes``: how long it
    has waited, when the server pings only after a while)."""
    if idle_minutes is None:
        return tr(lang, "ui.ping.turn", user=f"<@{user_id}>", game=game_id)
    return tr(lang, "ui.ping.turn_idle", user=f"<@{user_id}>", game=game_id, minutes=idle_minutes)


def turn_passed(lang: Lang, user_id: int, game_id: int) -> str:
    """What a ping becomes once the player has moved."""
    return tr(lang, "ui.ping.passed", user=f"<@{user_id}>", game=game_id)


# --- Errors, controls and channel permissions ------------------------------


def apology(lang: Lang) -> str:
    return tr(lang, "ui.apology")


def needs_manage(lang: Lang) -> str:
    return tr(lang, "ui.needs_manage")


def servers_only(lang: Lang) -> str:
    return tr(lang, "ui.servers_only")


def command_changed(lang: Lang) -> str:
    return tr(lang, "ui.command_changed")


def not_here(lang: Lang) -> str:
    return tr(lang, "ui.not_here")


def game_over(lang: Lang) -> str:
    return tr(lang, "ui.game_over")


def retired(lang: Lang) -> str:
    """What a past hand's board shrinks to."""
    return tr(lang, "ui.retired")


def slow_down(lang: Lang, retry_after: float) -> str:
    return tr(lang, "ui.slow_down", seconds=f"{retry_after:.0f}")


def not_understood(lang: Lang, value: str) -> str:
    """``value``: already quoted (shortened) by the caller."""
    return tr(lang, "ui.not_understood", value=value)


def discard_label(lang: Lang, card: str) -> str:
    return tr(lang, "ui.label.discard", card=card)


def leaves_label(lang: Lang, left: int) -> str:
    return plural(lang, "ui.label.leaves", left)


def knock_label(lang: Lang, card: str, *, gin: bool) -> str:
    """A knock with ``card``, in the menu and on the button alike (``gin``:
    it leaves no deadwood, or the table is gin only)."""
    return tr(lang, "ui.label.gin" if gin else "ui.label.knock", card=card)


def pick_knock_label(lang: Lang, *, gin_only: bool) -> str:
    """The one knock entry of the menu at assist ``off``: it opens the knock menu."""
    return tr(lang, "ui.label.pick_gin" if gin_only else "ui.label.pick_knock")


def pick_knock_hint(lang: Lang) -> str:
    return tr(lang, "ui.label.pick_knock_hint")


def knock_placeholder(lang: Lang, *, gin_only: bool) -> str:
    return tr(lang, "ui.label.gin_placeholder" if gin_only else "ui.label.knock_placeholder")


def back_to_discard(lang: Lang) -> str:
    return tr(lang, "ui.label.back_to_discard")


def discard_placeholder(lang: Lang) -> str:
    return tr(lang, "ui.label.discard_placeholder")


def label(lang: Lang, name: str) -> str:
    """A plain button's label by name: ``rematch``, ``review``, ``hand``
    (My hand), ``stock``, ``pass``, ``take_discard``, ``refresh``,
    ``big_gin``, and a challenge's ``accept`` / ``decline`` / ``cancel``."""
    return tr(lang, f"ui.label.{name}")


def take_label(lang: Lang, card: object) -> str:
    """The private button that draws from the discard pile names its top card (it is public)."""
    return tr(lang, "ui.label.take", card=card)


def rating_change_line(lang: Lang, name: str, before: float, after: float) -> str:
    """One player's rating change under a game's tally."""
    return tr(
        lang,
        "ui.rating_change",
        name=name,
        before=f"{before:.0f}",
        after=f"{after:.0f}",
        change=f"{after - before:+.0f}",
    )


def forged_control(lang: Lang) -> str:
    return tr(lang, "ui.forged_control")


def foreign_message(lang: Lang) -> str:
    return tr(lang, "ui.foreign_message")


def not_offered(lang: Lang) -> str:
    return tr(lang, "ui.not_offered")


def lost_board(lang: Lang) -> str:
    return tr(lang, "ui.lost_board")


def permission_name(lang: Lang, permission: str) -> str:
    """A channel permission (``send_messages``) as Discord's settings name it."""
    return tr(lang, f"ui.permission.{permission}")


def cannot_host(lang: Lang, lacking: Sequence[str], *, thread_fallback: bool) -> str:
    """Why a game can't start in this channel (``lacking``: the missing
    permissions, ``send_messages``; ``thread_fallback``: playing in the
    channel itself, not in threads, would work)."""
    names = ", ".join(f"**{permission_name(lang, p)}**" for p in lacking)
    line = tr(lang, "ui.cannot_host", permissions=names)
    return f"{line} {tr(lang, 'ui.cannot_host.fallback')}" if thread_fallback else line


# --- Slash command options that Discord's client would never send ----------


def not_a_number(lang: Lang, option: str) -> str:
    return tr(lang, "ui.option.not_a_number", option=option)


def not_whole(lang: Lang, option: str) -> str:
    return tr(lang, "ui.option.not_whole", option=option)


def out_of_range(lang: Lang, option: str, low: float, high: float) -> str:
    return tr(lang, "ui.option.out_of_range", option=option, low=low, high=high)


def not_text(lang: Lang, option: str) -> str:
    return tr(lang, "ui.option.not_text", option=option)


def wrong_length(lang: Lang, option: str, low: int, high: int) -> str:
    key = "ui.option.at_most" if low == 0 else "ui.option.between"
    return tr(lang, key, option=option, low=low, high=high)


def not_a_choice(lang: Lang, value: str, option: str, names: str) -> str:
    """``value``: already quoted (shortened) by the caller."""
    return tr(lang, "ui.option.not_a_choice", value=value, option=option, names=names)


def not_true_false(lang: Lang, option: str) -> str:
    return tr(lang, "ui.option.not_true_false", option=option)


def not_from_list(lang: Lang, option: str) -> str:
    return tr(lang, "ui.option.not_from_list", option=option)


def no_such_option(lang: Lang, command: str, name: str) -> str:
    return tr(lang, "ui.option.no_such_option", command=command, name=name)


def given_twice(lang: Lang, option: str) -> str:
    return tr(lang, "ui.option.given_twice", option=option)


def option_needed(lang: Lang, command: str, option: str) -> str:
    return tr(lang, "ui.option.needed", command=command, option=option)


# --- The coach (ephemeral: it names the player's own cards) ----------------

_NOTE_KEYS = {
    NoteKind.DISCARD: "ui.coach.discard",
    NoteKind.MELD_CHANCE: "ui.coach.meld_chance",
    NoteKind.MISSED_PILE: "ui.coach.missed_pile",
    NoteKind.EMPTY_TAKE: "ui.coach.empty_take",
    NoteKind.MISSED_KNOCK: "ui.coach.missed_knock",
}


def note_line(lang: Lang, note: ReviewNote, opponent: str) -> str:
    """One note in the player's words."""
    return tr(
        lang,
        _NOTE_KEYS.get(note.kind, "ui.coach.fed_meld"),
        turn=note.turn,
        card=note.card.label if note.card is not None else "",
        better=note.better.label if note.better is not None else "",
        value=note.value,
        better_value=note.better_value,
        opponent=opponent,
        meld=" ".join(c.label for c in note.meld),
    )


def review_text(lang: Lang, report: CoachReport) -> str:
    """The whole review, within Discord's 2,000 characters."""
    review = report.review
    names = report.names
    opponent = names[1 - report.seat]
    lines = [
        plural(lang, "ui.coach.head", review.turns, hand=review.hand.number, game=report.game_id),
        hand_result_line(lang, review.hand, names),
    ]
    if review.notes:
        lines += [f"• {note_line(lang, n, opponent)}" for n in review.notes]
    else:
        lines.append(tr(lang, "ui.coach.clean", opponent=opponent))
    out = "\n".join(lines)
    return out if len(out) <= MAX_CONTENT else out[: MAX_CONTENT - 1] + "…"


# --- Replies to the /gin commands ------------------------------------------


def reply(lang: Lang, name: str) -> str:
    """A fixed reply by name: ``bots_cant_play``, ``bots_cant_sit``,
    ``not_played_yet``, ``no_games``, ``no_rated_games``,
    ``settings_need_manage``, ``ending_needs_moderator``, ``name_game_to_end``."""
    return tr(lang, f"ui.{name}")


def card_choice(lang: Lang, label: str, left: int | None) -> str:
    """An autocomplete suggestion: the card, and the deadwood it would leave."""
    return label if left is None else plural(lang, "ui.card_choice", left, card=label)


def resigned_line(lang: Lang, game_id: int) -> str:
    return tr(lang, "ui.resigned", game=game_id)


def games_text(lang: Lang, games: Sequence[GameSummary]) -> str:
    """The server's games in progress (the first 20)."""
    lines = [f"**{games_in_progress(lang, len(games))}**"]
    for g in games[:20]:
        row = tr(
            lang,
            "ui.games.row",
            game=g.id,
            a=g.names[0],
            b=g.names[1],
            score_a=g.scores[0],
            score_b=g.scores[1],
            hand=g.hand_number,
        )
        turn = f" · {tr(lang, 'ui.games.to_move', user=f'<@{g.turn_user}>')}" if g.turn_user else ""
        lines.append(f"{row}{turn} · <#{g.channel_id}>")
    return "\n".join(lines)


def games_in_progress(lang: Lang, count: int) -> str:
    return plural(lang, "count.games_in_progress", count)


def ai_stats_line(lang: Lang, level: str, row: dict[str, int]) -> str:
    return plural(
        lang,
        "ui.stats.computer",
        row.get("games", 0),
        level=level_name(lang, level),
        wins=row.get("wins", 0),
        losses=row.get("losses", 0),
    )


def adaptive_level_line(lang: Lang, level: float) -> str:
    """/gin stats: the level (0-10) the adaptive computer plays this player at,
    with the language's decimal sign ("6,4" in German)."""
    shown = f"{level:.1f}".replace(".", get_decimal_symbol(lang.babel))
    return tr(lang, "ui.stats.adaptive_level", level=shown)


def clock_rule(lang: Lang, minutes: int) -> str:
    return plural(lang, "ui.rules.clock", minutes)


def rules_text(lang: Lang, settings: ServerSettings) -> str:
    """``/gin rules``: this server's rules in sentences — the target, the
    variant and its knock limit, the bonuses — then how games are run."""
    lines = [
        *rules_summary(lang, settings.ruleset),
        clock_rule(lang, settings.turn_timeout_minutes),
        assist_line(lang, settings.assist),
        ping_line(lang, settings.ping_mode, settings.ping_idle_minutes),
        tables_line(lang, settings.tables),
    ]
    return "\n".join(
        [
            tr(lang, "ui.rules.head"),
            *(f"• {line}" for line in lines),
            tr(lang, "ui.rules.tail"),
        ]
    )


def no_game_for(lang: Lang, name: str) -> str:
    return tr(lang, "ui.no_game_for", name=name)


def ended_line(lang: Lang, game_id: int) -> str:
    return tr(lang, "ui.ended", game=game_id)
