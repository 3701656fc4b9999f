"""Words for players: what happened, whose turn, results and tables — and
every other message, reply, refusal and button label of two-player play and
of the bot in general (group play's are :mod:`.group_text`'s).  One place, so
the wording is found, reviewed and kept consistent in one file; the Discord
modules only call these.

Pure functions over engine records and service results (no discord import), so
the wording is tested directly and the privacy rule is easy to check: only
*public* event fields are ever read here (``Event.card``, never
``private_card``), except in :func:`my_draw_line` and the coach's
:func:`note_line` / :func:`review_text`, which are for the player's own
ephemeral replies.
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
    Ruleset,
    SeatView,
    Variant,
)
from bot.engine.review import NoteKind, ReviewNote
from bot.engine.words import rules_summary, seat_columns, sheet_lines, standing_line
from bot.service import (
    CoachReport,
    GameSummary,
    LeaderboardPage,
    PlayerStats,
    ScoreSheet,
    ServerSettings,
    TableView,
    assist_line,
    ping_line,
    tables_line,
)

#: Discord's limit on a message's content.
MAX_CONTENT = 2000

END_WORDS = {
    HandEnd.KNOCK: "knocked",
    HandEnd.UNDERCUT: "knocked and was undercut",
    HandEnd.GIN: "went gin",
    HandEnd.BIG_GIN: "went big gin",
    HandEnd.DEAD: "dead hand",
}

#: A moderator's end, on the board: nobody resigned.
MODERATOR_ENDED = "A moderator ended the game (unrated)"

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
            EventKind.FORFEIT: "resigned",
            EventKind.TIMED_OUT: "ran out of time",
            EventKind.ENDED: "",
        }[e.kind]
        if e.kind is EventKind.DEAD_HAND:
            parts.append("The stock ran down: dead hand, no points")
            actor = None
            continue
        if e.kind is EventKind.ENDED:
            parts.append(MODERATOR_ENDED)
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
    if result.reason is GameEnd.ENDED:
        # Nobody won and nobody resigned: no winner is named.
        return f"🛑 {MODERATOR_ENDED}: no winner, no rating change."
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


# --- Challenges, reminders and pings ---------------------------------------


def computer_game_line(mention: str, level: str, game_id: int) -> str:
    """The channel's line for a new game against the computer."""
    return f"🃏 {mention} vs the computer ({level}) — game #{game_id}. Good luck!"


def rematch_head(opponent_id: int, mention: str) -> str:
    return f"<@{opponent_id}>, {mention} wants a rematch!"


def challenge_head(opponent_id: int, mention: str, rules: Ruleset) -> str:
    """A challenge: whom, the variant, the target and the match length."""
    fmt = rules.match_format()
    match = f", a match: best of {fmt.games}" if fmt and fmt.games > 1 else ""
    return (
        f"<@{opponent_id}>, {mention} challenges you to gin rummy "
        f"({rules.variant.value.replace('_', ' ')}, to {rules.effective_target}{match})."
    )


def challenge_line(head: str, expires_at: float) -> str:
    return f"{head} The challenge expires <t:{int(expires_at)}:R>."


def challenge_accepted(challenger: str, opponent: str, game_id: int) -> str:
    return f"✅ {opponent} accepted {challenger}'s challenge — game #{game_id} is on!"


def challenge_declined(challenger: str, opponent: str) -> str:
    return f"❌ {opponent} declined {challenger}'s challenge."


def challenge_withdrawn(challenger: str) -> str:
    return f"{challenger} withdrew the challenge."


def challenge_expired(challenger: str, opponent: str) -> str:
    return f"⌛ {challenger}'s challenge to {opponent} expired."


def posted_in(channel_id: int) -> str:
    """The private answer to a command whose message went to another channel."""
    return f"Posted in <#{channel_id}>."


def reminder_line(user_id: int, game_id: int, deadline: float) -> str:
    """Half the turn timer is gone."""
    return (
        f"⏰ <@{user_id}>, it's still your move in game #{game_id}. "
        f"If you don't move <t:{int(deadline)}:R>, you forfeit the game."
    )


def timed_out_line(user_id: int, game_id: int) -> str:
    return f"⌛ <@{user_id}> ran out of time in game #{game_id} and forfeits."


def turn_ping(user_id: int, game_id: int, idle_minutes: int | None) -> str:
    """The ping for a player whose turn it is (``idle_minutes``: how long it
    has waited, when the server pings only after a while)."""
    waiting = "" if idle_minutes is None else f" — waiting for you for {idle_minutes} min"
    return f"<@{user_id}>, your move in gin (game #{game_id}){waiting}."


def turn_passed(user_id: int, game_id: int) -> str:
    """What a ping becomes once the player has moved."""
    return f"✓ <@{user_id}> has moved in game #{game_id}: the turn passed."


# --- Errors, controls and channel permissions ------------------------------

APOLOGY = "Sorry — something went wrong on our side. The game is safe; please try again."
NEEDS_MANAGE = "You need the Manage Server permission for that."
SERVERS_ONLY = "Gin is played in servers, not in direct messages."
COMMAND_CHANGED = "That command has changed — type / to pick it again."
NOT_HERE = "You can't use that here."
GAME_OVER = "This game is over."
RETIRED = "This hand is over — the reveal and the next hand's board are below."


def slow_down(retry_after: float) -> str:
    return f"Slow down — try again in {retry_after:.0f}s."


def not_understood(value: str) -> str:
    """``value``: already quoted (shortened) by the caller."""
    return f"“{value}” isn't something I understand here."


def your_move(turn: str) -> str:
    return f"**Your move.** {turn}"


def discard_label(card: str) -> str:
    return f"Discard {card}"


def leaves_label(left: int) -> str:
    return f"leaves {left} deadwood"


def knock_label(card: str, *, gin_only: bool) -> str:
    """A knock in the discard menu (at a gin-only table, going gin)."""
    verb = "Go gin" if gin_only else "Knock"
    return f"{verb}, throwing {card}"


DISCARD_PLACEHOLDER = "Discard a card…"
REMATCH_LABEL = "Rematch"
REVIEW_LABEL = "Review my hand"
#: Turn buttons on the board and under a private hand.
HAND_LABEL = "My hand"
STOCK_LABEL = "Draw from stock"
PASS_LABEL = "Pass"
TAKE_DISCARD_LABEL = "Take discard"
REFRESH_LABEL = "Refresh"
BIG_GIN_LABEL = "Big gin!"
#: Accept / Decline / Cancel under a challenge, by the action's name.
CHALLENGE_LABELS = {"accept": "Accept", "decline": "Decline", "cancel": "Cancel"}


def take_label(card: object) -> str:
    """The private Take button names the face-up card (it is public)."""
    return f"Take the {card}"


def gin_label(card: str) -> str:
    return f"Gin (throw {card})"


def knock_button_label(card: str) -> str:
    return f"Knock (throw {card})"


def rating_change_line(name: str, before: float, after: float) -> str:
    """One player's rating change under a game's tally."""
    return f"{name}: rating {before:.0f} → {after:.0f} ({after - before:+.0f})"


FORGED_CONTROL = "That button isn't one I made — nothing changed."
FOREIGN_MESSAGE = (
    "That message was sent to someone else, so its controls aren't yours — nothing "
    "changed. /gin hand shows your own."
)
NOT_OFFERED = "Pick one of the menu's own options — nothing changed."

LOST_BOARD = (
    "⚠ I can no longer post in this channel (a permission was taken away), so the "
    "board isn't updating — your hand and buttons here still work. Ask a server admin "
    "to give me View Channel, Send Messages, Send Messages in Threads, Attach Files and Read "
    "Message History here."
)


def cannot_host(lacking: Sequence[str], *, thread_fallback: bool) -> str:
    """Why a game can't start in this channel (``lacking``: Discord's names
    of the missing permissions; ``thread_fallback``: playing in the channel
    itself, not in threads, would work)."""
    names = ", ".join(f"**{n}**" for n in lacking)
    fallback = (
        " Or a server admin can have games played in the channel itself: "
        "`/ginadmin settings setting:tables value:channel`."
        if thread_fallback
        else ""
    )
    return (
        f"I can't run a game in this channel: I'm missing {names} here. A server admin "
        "can grant it in the channel's settings → Permissions → my role (or pick "
        f"another channel).{fallback}"
    )


# --- Slash command options that Discord's client would never send ----------


def not_a_number(option: str) -> str:
    return f"`{option}` must be a number."


def not_whole(option: str) -> str:
    return f"`{option}` must be a whole number."


def out_of_range(option: str, low: float, high: float) -> str:
    return f"`{option}` must be between {low} and {high}."


def not_text(option: str) -> str:
    return f"`{option}` must be text."


def wrong_length(option: str, low: int, high: int) -> str:
    span = f"at most {high}" if low == 0 else f"{low} to {high}"
    return f"`{option}` must be {span} characters long."


def not_a_choice(value: str, option: str, names: str) -> str:
    """``value``: already quoted (shortened) by the caller."""
    return f"“{value}” isn't a choice for `{option}` ({names})."


def not_true_false(option: str) -> str:
    return f"`{option}` must be true or false."


def not_from_list(option: str) -> str:
    return f"`{option}` must be picked from the list."


def no_such_option(command: str, name: str) -> str:
    return f"/{command} has no option “{name}”."


def given_twice(option: str) -> str:
    return f"`{option}` is given twice."


def option_needed(command: str, option: str) -> str:
    return f"/{command} needs `{option}`."


# --- The coach (ephemeral: it names the player's own cards) ----------------


def note_line(note: ReviewNote, opponent: str) -> str:
    """One note in the player's words."""
    card = note.card.label if note.card is not None else ""
    better = note.better.label if note.better is not None else ""
    turn = f"Turn {note.turn}"
    kind = note.kind
    if kind is NoteKind.DISCARD:
        return (
            f"{turn}: throwing the {card} left {note.value} deadwood; "
            f"the {better} would have left {note.better_value}."
        )
    if kind is NoteKind.MELD_CHANCE:
        return (
            f"{turn}: the {better} instead of the {card} kept as little deadwood and "
            f"{note.better_value} unseen cards that would meld, not {note.value}."
        )
    if kind is NoteKind.MISSED_PILE:
        return (
            f"{turn}: the {card} on the pile made a meld — taking it would have left "
            f"{note.better_value} deadwood; you ended the turn with {note.value}."
        )
    if kind is NoteKind.EMPTY_TAKE:
        return (
            f"{turn}: taking the {card} from the pile melded nothing (deadwood "
            f"{note.value}, was {note.better_value}) and showed {opponent} what you collect."
        )
    if kind is NoteKind.MISSED_KNOCK:
        return (
            f"{turn}: you could have knocked with {note.better_value} "
            f"(throwing the {better}) and played on."
        )
    meld = " ".join(c.label for c in note.meld)
    return f"{turn}: your {card} was picked up and went into {opponent}'s meld {meld}."


def review_text(report: CoachReport) -> str:
    """The whole review, within Discord's 2,000 characters."""
    review = report.review
    names = report.names
    opponent = names[1 - report.seat]
    lines = [
        f"**Coach — your hand {review.hand.number}** (game #{report.game_id}, "
        f"{review.turns} turns)",
        hand_result_line(review.hand, names),
    ]
    if review.notes:
        lines += [f"• {note_line(n, opponent)}" for n in review.notes]
    else:
        lines.append(
            "A clean hand: no discard left more deadwood than another, no knock passed up, "
            f"nothing you threw went into {opponent}'s melds."
        )
    out = "\n".join(lines)
    return out if len(out) <= MAX_CONTENT else out[: MAX_CONTENT - 1] + "…"


# --- Replies to the /gin commands ------------------------------------------

BOTS_CANT_PLAY = "Bots can't play — challenge a person, or me for the computer."
BOTS_CANT_SIT = "Bots can't take a seat: leave it empty and choose a computer level instead."
NOT_PLAYED_YET = "You haven't played here yet. Start with /gin challenge."
NO_GAMES = "No games in progress."
NO_RATED_GAMES = "No rated games yet."
SETTINGS_NEED_MANAGE = "Changing settings needs the Manage Server permission."
ENDING_NEEDS_MODERATOR = "Ending a game needs the Manage Server or Manage Messages permission."
NAME_GAME_TO_END = "Name the player or the game number to end."


def card_choice(label: str, left: int | None) -> str:
    """An autocomplete suggestion: the card, and the deadwood it would leave."""
    extra = "" if left is None else f" — leaves {left} deadwood"
    return f"{label}{extra}"


def resigned_line(game_id: int) -> str:
    return f"You resigned game #{game_id}."


def games_text(games: Sequence[GameSummary]) -> str:
    """The server's games in progress (the first 20)."""
    lines = [f"**{len(games)} game(s) in progress**"]
    for g in games[:20]:
        turn = f" · <@{g.turn_user}> to move" if g.turn_user else ""
        lines.append(
            f"#{g.id}: {g.names[0]} {g.scores[0]} – {g.scores[1]} {g.names[1]} "
            f"· hand {g.hand_number}{turn} · <#{g.channel_id}>"
        )
    return "\n".join(lines)


def ai_stats_line(level: str, row: dict[str, int]) -> str:
    return (
        f"vs computer ({level}): {row.get('wins', 0)}-{row.get('losses', 0)} "
        f"in {row.get('games', 0)} games (unrated)"
    )


def rules_text(settings: ServerSettings) -> str:
    """The server's rules, in short."""
    lines = ["**Gin rummy — this server's rules**", *rules_summary(settings.ruleset)]
    lines.append(f"Turn timeout: {settings.turn_timeout_minutes} minutes (reminder at half).")
    lines.append(assist_line(settings.assist))
    lines.append(ping_line(settings.ping_mode, settings.ping_idle_minutes))
    lines.append(tables_line(settings.tables))
    return "\n".join(lines)


def setting_changed(setting: str, value: str) -> str:
    return f"✅ {setting} is now **{value}**. New games use it."


SETTINGS_HEAD = (
    "**Server settings** (Manage Server changes one with "
    "/ginadmin settings setting:<name> value:<value>)"
)


def settings_text(head: str, current: ServerSettings) -> str:
    """Every setting with its value (and, for the non-rules ones, what it means)."""
    rows = [f"`{k}` = {v}" for k, v in current.ruleset.to_dict().items()]
    rows.append(f"`turn_timeout` = {current.turn_timeout_minutes} (minutes)")
    assist = current.assist.value if current.assist is not None else "default"
    rows.append(f"`assist` = {assist} — {assist_line(current.assist)}")
    ping = current.ping_mode.value
    if ping == "idle":
        ping = f"after {current.ping_idle_minutes} minutes"
    rows.append(f"`ping` = {ping} — {ping_line(current.ping_mode, current.ping_idle_minutes)}")
    rows.append(f"`tables` = {current.tables.value} — {tables_line(current.tables)}")
    variants = ", ".join(v.value for v in Variant)
    return "\n".join([head, *rows, f"Variants: {variants}."])


def no_game_for(name: str) -> str:
    return f"{name} has no game in progress here."


def ended_line(game_id: int) -> str:
    return f"Game #{game_id} ended by a moderator (unrated)."
