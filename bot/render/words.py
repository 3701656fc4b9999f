"""The words drawn into the images: labels, headings, captions and phrases
of the board, hand, reveal, tally and bracket.

One module, so the wording of every picture is read, reviewed and kept
consistent with the bot's messages in one place; the drawing modules only
place these strings.  Together with :mod:`.alt_text` (the same pictures told
in words for screen readers) these two modules are the render layer's words.
Changing a string here changes pixels: the golden-image tests will say so.
"""

from __future__ import annotations

from bot.engine.match import MatchForm
from bot.engine.records import EventKind, GameEnd, HandEnd, Phase
from bot.engine.rules import Ruleset
from bot.engine.tournament import TournamentFormat
from bot.engine.views import PublicView
from bot.engine.words import FORMAT_LABELS, VARIANT_LABELS

# --- shared ------------------------------------------------------------------------

RUN = "Run"
SET = "Set"
NO_CARDS = "No cards"
GAME_OVER = "Game over"


def meld_label(is_run: bool) -> str:
    return RUN if is_run else SET


def deadwood_label(value: int) -> str:
    return f"Deadwood {value}"


def knock_caption(limit: int) -> str:
    """The knock limit (0: gin only)."""
    return "Gin only" if limit <= 0 else f"Knock ≤ {limit}"


# --- the board ---------------------------------------------------------------------

TURN_PILL = {
    Phase.UPCARD: "Upcard: take or pass",
    Phase.DRAW: "To draw",
    Phase.DISCARD: "To discard",
    Phase.FIFTIETH: "50th card",
}
SCORE_DOUBLED = "Score ×2"
DEALER_MARK = "D"
EMPTY_SLOT = "empty"


def rules_caption(view: PublicView) -> str:
    """ "Standard · game to 100" — the variant and target in words; in a
    match, the standing too ("best of 5: 2 – 1")."""
    caption = f"{VARIANT_LABELS[view.ruleset.variant]} · game to {view.target}"
    if view.hollywood is not None:
        caption = f"{VARIANT_LABELS[view.ruleset.variant]} · Hollywood, 3 games to {view.target}"
    fmt = view.ruleset.match_format()
    if fmt is not None and view.match is not None:
        w = view.match.wins
        if fmt.form is MatchForm.BEST_OF:
            caption += f" · match best of {fmt.games}: {w[0]} – {w[1]}"
        else:
            s = view.match.scores
            caption += f" · match {s[0]} – {s[1]} to {fmt.game_target}"
    return caption


def hand_heading(number: int) -> str:
    return f"Hand {number}"


def fan_caption(count: int, known: int) -> str:
    """Under a player's cards: how many, and how many everyone has seen."""
    return f"{count} cards" + (f" · {known} known" if known else "")


def score_detail(target: int, won: int, *, hollywood: bool) -> str:
    """After a seat's score: the target and the hands it has won."""
    won_text = f"{won} hand{'s' if won != 1 else ''} won"
    if hollywood:
        return f" / {target} each   ·   {won_text}"
    return f" / {target}   ·   {won_text}"


def stock_label(count: int) -> str:
    return f"Stock · {count}"


def pile_label(phase: Phase, size: int) -> str:
    label = "Upcard" if phase is Phase.UPCARD else "Discard pile"
    if size > 1:
        label += f" · {size}"
    return label


#: Event phrases around the card (drawn as a card face between the parts).
DISCARDED = "{who} discarded "
TOOK = ("{who} took ", " from the pile")
DEALT_UPCARD = "{who} dealt; upcard "
EVENT_WORDS = {
    EventKind.DRAW_STOCK: "drew from the stock",
    EventKind.PASS: "passed",
    EventKind.KNOCK: "knocked",
    EventKind.GIN: "went gin",
    EventKind.BIG_GIN: "went big gin",
    EventKind.DEAD_HAND: "— dead hand",
    EventKind.FORFEIT: "resigned",
    EventKind.TIMED_OUT: "ran out of time",
    EventKind.ENDED: "— game ended by a moderator",
    EventKind.DEAL: "dealt",
}


# --- the hand (private) ------------------------------------------------------------

#: Verdict pill words (the pill colours are the hand's).
KNOCK_NOW = "You can knock"
GIN_NOW = "Gin!"
BIG_GIN_NOW = "Big gin!"
KNOCK_READY = "Knock-ready"
GIN_READY = "Gin-ready"

MY_TURN = {
    Phase.UPCARD: "Your turn: take the upcard or pass",
    Phase.DRAW: "Your turn: draw from the stock or the pile",
    Phase.DISCARD: "Your turn: discard or knock",
    Phase.FIFTIETH: "Your turn: take the last discard and knock, or pass",
    Phase.GAME_OVER: GAME_OVER,
}
DECLARE_BIG_GIN = "Your turn: declare big gin!"
DISCARD_OR_GIN = "Your turn: discard, or go gin"
BEST_DISCARD = "Best discard"
NO_MELDS = "No melds yet"
ALL_MELD = "Every card melds"
ELEVEN_MELD = "All 11 cards meld"
PILE_TOP = "Pile top"
FROM_PILE = "FROM PILE"
NEW = "NEW"


def waiting_for(name: str) -> str:
    return f"Waiting for {name}"


def hand_stock(count: int) -> str:
    return f"Stock {count}"


def card_count(count: int) -> str:
    return f"{count} cards"


# --- the reveal --------------------------------------------------------------------

DEAD_HAND = "Dead hand"
STOCK_RAN_OUT = "The stock ran out: nobody scores."
NEXT_HAND = "The next hand is dealt."
#: Headlines ({0}: the knocker, {1}: the defender).
REVEAL_TITLES = {
    HandEnd.KNOCK: "{0} knocks",
    HandEnd.UNDERCUT: "{1} undercuts {0}!",
    HandEnd.GIN: "{0} goes gin!",
    HandEnd.BIG_GIN: "{0} goes big gin!",
}
KNOCKS = "{0} knocks"


def explanation(
    end: HandEnd, k: int, d: int, base: int, points: int, doubled: bool, rules: Ruleset
) -> str:
    """How the points came about, when it adds up with the rules' bonuses
    (``base``: the points before any doubling, the authority; the sum is only
    shown if equal)."""
    if end is HandEnd.DEAD:
        return "No points"
    options = {
        HandEnd.KNOCK: (d - k, f"Deadwood {d} − {k} = {d - k}"),
        HandEnd.UNDERCUT: (
            rules.undercut_bonus + k - d,
            f"Undercut bonus {rules.undercut_bonus} + ({k} − {d}) = {rules.undercut_bonus + k - d}",
        ),
        HandEnd.GIN: (
            rules.gin_bonus + d,
            f"Gin bonus {rules.gin_bonus} + {d} = {rules.gin_bonus + d}",
        ),
        HandEnd.BIG_GIN: (
            rules.big_gin_bonus + d,
            f"Big gin bonus {rules.big_gin_bonus} + {d} = {rules.big_gin_bonus + d}",
        ),
    }
    value, words = options.get(end, (None, ""))
    if value != base:
        words = f"{base} points"
    if doubled:
        words += f", doubled (spade upcard) = {points}"
    return words


def knocker_caption(end: HandEnd, deadwood: int) -> str:
    verb = {
        HandEnd.GIN: "went gin",
        HandEnd.BIG_GIN: "went big gin",
    }.get(end, "knocked")
    return f"{verb} · deadwood {deadwood}"


def defender_caption(deadwood: int, laid: int) -> str:
    extra = f" · laid off {laid}" if laid else ""
    return f"deadwood {deadwood}{extra}"


def laid_off_label(count: int) -> str:
    return f"+{count} laid off"


def hand_points_pill(who: str, points: int) -> str:
    return f"{who} {points:+d}"


def reveal_subtitle(number: int, explained: str) -> str:
    return f"Hand {number} · " + explained


# --- the tally ---------------------------------------------------------------------

WINS_THE_GAME = "{0} wins the game!"
#: The tally's head when a moderator ended the game: nobody won it.
ENDED_HEAD = "Ended by a moderator"
#: How a game ended other than at the target ({0}: the loser).
TALLY_REASONS = {
    GameEnd.RESIGN: "{0} resigned",
    GameEnd.TIMEOUT: "{0} ran out of time",
    GameEnd.ENDED: "no winner · no rating change",
}
GAME_ENDED = "the game ended"
HAND_POINTS = "Hand points"
SHUTOUT = "Shutout ×2"
LINE_BONUS = "Line bonus"
GAME_BONUS = "Game bonus"
TOTAL = "Total"


def reached_target(target: int, margin: int) -> str:
    """{0}: the winner."""
    return f"{{0}} reached {target} · wins by {margin}"


def ended_with_margin(reason: GameEnd, margin: int) -> str:
    """{0}: the loser."""
    if reason is GameEnd.ENDED:
        return TALLY_REASONS[reason]
    return TALLY_REASONS.get(reason, GAME_ENDED) + f" · margin {margin}"


def line_bonus_sum(hands_won: int, bonus: int, total: int) -> str:
    return f"{hands_won} × {bonus} = {total}"


# --- the bracket -------------------------------------------------------------------

PLAYING_NOW = "playing now"
TOURNAMENT = "Tournament"
CHAMPION = "Champion"
BYE = "bye"
TABLE_HEADS = ("#", "Player", ("P", "W", "L"), "Pts")
WON_MARK = "W"
LOST_MARK = "L"


def bracket_subtitle(fmt: TournamentFormat, players: int, status: str) -> str:
    return f"{FORMAT_LABELS[fmt]} · {players} players · {status}"
