"""The words drawn into the images: labels, headings, captions and phrases
of the board, hand, reveal, tally and bracket, in the language asked for.

One module, so the wording of every picture is read, reviewed and kept
consistent with the bot's messages in one place; the drawing modules only
place these strings.  The texts themselves are the ``img.*`` entries of the
catalogues (``bot/locales/<language>/img.po``); every function here takes
the language first, so no image can be drawn in a language nobody chose (a
private hand speaks its player's language, a public board the server's).
Together with :mod:`.alt_text` (the same pictures told in words for screen
readers) these two modules are the render layer's words.  Changing a text
changes pixels: the golden-image tests will say so.
"""

from __future__ import annotations

from typing import Final

from bot import i18n
from bot.engine.cards import Card
from bot.engine.match import MatchForm
from bot.engine.records import EventKind, GameEnd, HandEnd, Phase
from bot.engine.rules import Ruleset, Variant
from bot.engine.tournament import TournamentFormat
from bot.engine.views import PublicView
from bot.i18n import Lang

from .advice import Verdict

#: Stands for a card inside a sentence (:func:`with_card` cuts the sentence
#: there and puts the card itself, drawn as a chip, in its place).  A control
#: character: no translation and no cleaned name can hold one.
CARD_MARK: Final = "\x00"

# --- shared ------------------------------------------------------------------------


def meld_label(lang: Lang, is_run: bool) -> str:
    return i18n.text(lang, "img.meld.run" if is_run else "img.meld.set")


def no_cards(lang: Lang) -> str:
    return i18n.text(lang, "img.no_cards")


def game_over(lang: Lang) -> str:
    return i18n.text(lang, "img.game_over")


def deadwood_label(lang: Lang, value: int) -> str:
    return i18n.text(lang, "img.deadwood", value=value)


def knock_caption(lang: Lang, limit: int) -> str:
    """The knock limit (0: gin only)."""
    if limit <= 0:
        return i18n.text(lang, "img.knock.gin_only")
    return i18n.text(lang, "img.knock.limit", limit=limit)


def card_count(lang: Lang, count: int) -> str:
    """ "11 cards"."""
    return i18n.plural(lang, "img.cards", count)


def player_fallback(lang: Lang, number: int) -> str:
    """What a name with nothing drawable is shown as: "Player 2"."""
    return i18n.text(lang, "img.player", n=number)


def dealer_mark(lang: Lang) -> str:
    """The letter on the dealer button."""
    return i18n.text(lang, "img.dealer_mark")


def empty_slot(lang: Lang) -> str:
    """In the outline where the stock or the discard pile would be."""
    return i18n.text(lang, "img.empty")


def points(lang: Lang, count: int) -> str:
    """ "12 points"."""
    return i18n.plural(lang, "img.points", count)


def variant_label(lang: Lang, variant: Variant) -> str:
    """How a variant is named in an image (the board's caption)."""
    return i18n.text(lang, _VARIANTS[variant])


_VARIANTS: Final = {
    Variant.STANDARD: "img.variant.standard",
    Variant.OKLAHOMA: "img.variant.oklahoma",
    Variant.GIN_ONLY: "img.variant.gin_only",
}


def with_card(sentence: str, card: Card | None) -> list[str | Card]:
    """``sentence`` (worded with :data:`CARD_MARK` where the card goes) as
    the parts of a line: the text before the card, the card, the text after
    it ("?" for a card nobody may see)."""
    before, marked, after = sentence.partition(CARD_MARK)
    parts: list[str | Card] = [before] if before else []
    if marked:
        parts.append("?" if card is None else card)
    if after:
        parts.append(after)
    return parts


# --- the board ---------------------------------------------------------------------

_TURN_PILLS: Final = {
    Phase.UPCARD: "img.board.pill.upcard",
    Phase.DRAW: "img.board.pill.draw",
    Phase.DISCARD: "img.board.pill.discard",
    Phase.FIFTIETH: "img.board.pill.fiftieth",
}


def turn_pill(lang: Lang, phase: Phase) -> str | None:
    """The pill after the name of the player to move ("To draw"); none
    once the game is over."""
    key = _TURN_PILLS.get(phase)
    return None if key is None else i18n.text(lang, key)


def score_doubled(lang: Lang) -> str:
    return i18n.text(lang, "img.board.score_doubled")


def rules_caption(lang: Lang, view: PublicView) -> str:
    """ "Standard · game to 100" — the variant and target in words; in a
    match, the standing in games won, kept short ("Standard · to 250 · best
    of 5: 2 – 1"): the heading already names the game."""
    variant = variant_label(lang, view.ruleset.variant)
    target = view.target
    if view.hollywood is not None:
        return i18n.text(lang, "img.rules.hollywood", variant=variant, target=target)
    fmt = view.ruleset.match_format()
    if fmt is None or view.match is None:
        return i18n.text(lang, "img.rules.game", variant=variant, target=target)
    if fmt.form is MatchForm.BEST_OF:
        w = view.match.wins
        return i18n.text(
            lang,
            "img.rules.best_of",
            variant=variant,
            target=target,
            games=fmt.games,
            a=w[0],
            b=w[1],
        )
    s = view.match.scores
    return i18n.text(
        lang,
        "img.rules.multi",
        variant=variant,
        target=target,
        a=s[0],
        b=s[1],
        game_target=fmt.game_target,
    )


def hand_heading(lang: Lang, view: PublicView) -> str:
    """ "Hand 4"; in a match "Game 3 · hand 2" (the hand within its game)."""
    if view.match is None or view.hand_in_game is None:
        return i18n.text(lang, "img.heading.hand", hand=view.hand_number)
    return i18n.text(lang, "img.heading.match", game=view.match.next_game, hand=view.hand_in_game)


def fan_caption(lang: Lang, count: int, known: int) -> str:
    """Under a player's cards: how many, and how many everyone has seen."""
    cards = card_count(lang, count)
    if not known:
        return cards
    return i18n.plural(lang, "img.board.known", known, cards=cards)


def score_detail(lang: Lang, target: int, won: int, *, hollywood: bool) -> str:
    """After a seat's score: the target and the hands it has won."""
    won_text = i18n.plural(lang, "img.board.hands_won", won)
    goal = i18n.text(lang, "img.board.target_each", target=target) if hollywood else str(target)
    return f" / {goal}   ·   {won_text}"


def stock_label(lang: Lang, count: int) -> str:
    """ "Stock · 21" (under the stock on the board and in a replay)."""
    return i18n.text(lang, "img.stock_count", count=count)


def pile_label(lang: Lang, phase: Phase, size: int) -> str:
    key = "img.upcard" if phase is Phase.UPCARD else "img.discard_pile"
    label = i18n.text(lang, key)
    if size > 1:
        label += f" · {size}"
    return label


#: An event whose card everyone saw, worded around it.
_WITH_CARD: Final = {
    EventKind.DISCARD: "img.event.discarded",
    EventKind.TAKE_DISCARD: "img.event.took",
    EventKind.DEAL: "img.event.dealt_upcard",
}
_EVENTS: Final = {
    EventKind.DRAW_STOCK: "img.event.draw_stock",
    EventKind.TAKE_DISCARD: "img.event.take_discard",
    EventKind.DISCARD: "img.event.discard",
    EventKind.PASS: "img.event.pass",
    EventKind.KNOCK: "img.event.knock",
    EventKind.GIN: "img.event.gin",
    EventKind.BIG_GIN: "img.event.big_gin",
    EventKind.DEAD_HAND: "img.event.dead_hand",
    EventKind.FORFEIT: "img.event.forfeit",
    EventKind.TIMED_OUT: "img.event.timed_out",
    EventKind.ENDED: "img.event.ended",
    EventKind.DEAL: "img.event.deal",
}


def event_parts(lang: Lang, kind: EventKind, who: str, card: Card | None) -> list[str | Card]:
    """One event of the board's footer: ``who`` (already drawable) did
    ``kind``, with ``card`` where the sentence names it.  The caller passes
    a card only where it is public (a discard, a card drawn from the discard
    pile, the upcard)."""
    key = _WITH_CARD.get(kind) if card is not None else None
    if key is not None:
        return with_card(i18n.text(lang, key, who=who, card=CARD_MARK), card)
    return [i18n.text(lang, _EVENTS[kind], who=who)]


# --- the hand (private) ------------------------------------------------------------

_VERDICTS: Final = {
    Verdict.KNOCK: "img.hand.verdict.knock",
    Verdict.GIN: "img.hand.verdict.gin",
    Verdict.BIG_GIN: "img.hand.verdict.big_gin",
    Verdict.KNOCK_READY: "img.hand.verdict.knock_ready",
    Verdict.GIN_READY: "img.hand.verdict.gin_ready",
}


def verdict_pill(lang: Lang, verdict: Verdict) -> str | None:
    """The pill after the hand's headline ("You can knock", "Gin-ready"),
    none for a hand that is neither."""
    key = _VERDICTS.get(verdict)
    return None if key is None else i18n.text(lang, key)


_MY_TURN: Final = {
    Phase.UPCARD: "img.hand.turn.upcard",
    Phase.DRAW: "img.hand.turn.draw",
    # Not "or knock": whether a knock is open is the verdict pill's to say,
    # and only at the assistance levels that may tell it (at a gin-only
    # table too: gin is the pill's to announce).
    Phase.DISCARD: "img.hand.turn.discard",
    Phase.FIFTIETH: "img.hand.turn.fiftieth",
    Phase.GAME_OVER: "img.game_over",
}


def my_turn(lang: Lang, phase: Phase) -> str:
    """What the owner of the hand is to do now."""
    return i18n.text(lang, _MY_TURN[phase])


def declare_big_gin(lang: Lang) -> str:
    return i18n.text(lang, "img.hand.turn.big_gin")


def best_discard(lang: Lang) -> str:
    return i18n.text(lang, "img.hand.best_discard")


def no_melds(lang: Lang) -> str:
    return i18n.text(lang, "img.hand.no_melds")


def all_meld(lang: Lang) -> str:
    return i18n.text(lang, "img.hand.all_meld")


def eleven_meld(lang: Lang) -> str:
    return i18n.text(lang, "img.hand.eleven_meld")


def top_card(lang: Lang) -> str:
    """Beside the small card in the hand's corner: the discard pile's top."""
    return i18n.text(lang, "img.hand.top_card")


def drawn_tag(lang: Lang, *, from_pile: bool) -> str:
    """Over the card just drawn: "NEW", or where it came from when it may
    not be discarded this turn (drawn from the discard pile)."""
    return i18n.text(lang, "img.hand.tag.from_pile" if from_pile else "img.hand.tag.new")


def waiting_for(lang: Lang, name: str) -> str:
    return i18n.text(lang, "img.hand.waiting", name=name)


def hand_stock(lang: Lang, count: int) -> str:
    return i18n.text(lang, "img.hand.stock", count=count)


# --- the reveal --------------------------------------------------------------------


def dead_hand(lang: Lang) -> str:
    return i18n.text(lang, "img.reveal.dead")


def stock_down(lang: Lang) -> str:
    """Why a dead hand scores nothing."""
    return i18n.text(lang, "img.reveal.stock_down")


def next_hand(lang: Lang) -> str:
    return i18n.text(lang, "img.reveal.next_hand")


_TITLES: Final = {
    HandEnd.KNOCK: "img.reveal.title.knock",
    HandEnd.UNDERCUT: "img.reveal.title.undercut",
    HandEnd.GIN: "img.reveal.title.gin",
    HandEnd.BIG_GIN: "img.reveal.title.big_gin",
}


def reveal_title(lang: Lang, end: HandEnd) -> str:
    """The headline as a template for :func:`.widgets.phrase` ({0}: the
    knocker, {1}: the defender)."""
    key = _TITLES.get(end, "img.reveal.title.knock")
    return i18n.text(lang, key, knocker="{0}", defender="{1}")


def explanation(
    lang: Lang,
    end: HandEnd,
    k: int,
    d: int,
    base: int,
    total: int,
    doubled: bool,
    rules: Ruleset,
) -> str:
    """How the points came about, when it adds up with the rules' bonuses
    (``base``: the points before any doubling, the authority; the sum is only
    shown if equal; ``total``: the points scored)."""
    if end is HandEnd.DEAD:
        return i18n.text(lang, "img.reveal.no_points")
    sums = {
        HandEnd.KNOCK: (d - k, "img.reveal.sum.knock", 0),
        HandEnd.UNDERCUT: (
            rules.undercut_bonus + k - d,
            "img.reveal.sum.undercut",
            rules.undercut_bonus,
        ),
        HandEnd.GIN: (rules.gin_bonus + d, "img.reveal.sum.gin", rules.gin_bonus),
        HandEnd.BIG_GIN: (rules.big_gin_bonus + d, "img.reveal.sum.big_gin", rules.big_gin_bonus),
    }
    found = sums.get(end)
    if found is not None and found[0] == base:
        value, key, bonus = found
        words = i18n.text(lang, key, d=d, k=k, bonus=bonus, result=value)
    else:
        words = points(lang, base)
    if doubled:
        words = i18n.text(lang, "img.reveal.doubled", words=words, points=total)
    return words


_KNOCKER_CAPTIONS: Final = {
    HandEnd.GIN: "img.reveal.caption.gin",
    HandEnd.BIG_GIN: "img.reveal.caption.big_gin",
}


def knocker_caption(lang: Lang, end: HandEnd, deadwood: int) -> str:
    key = _KNOCKER_CAPTIONS.get(end, "img.reveal.caption.knock")
    return i18n.text(lang, key, deadwood=deadwood)


def defender_caption(lang: Lang, deadwood: int, laid: int) -> str:
    if laid:
        return i18n.plural(lang, "img.reveal.defender_laid", laid, deadwood=deadwood)
    return i18n.text(lang, "img.reveal.defender", deadwood=deadwood)


def laid_off_label(lang: Lang, count: int) -> str:
    return i18n.plural(lang, "img.reveal.laid_off", count)


def hand_points_pill(who: str, points: int) -> str:
    """ "Alice +26": a name and a number, no words."""
    return f"{who} {points:+d}"


def reveal_subtitle(lang: Lang, number: int, explained: str) -> str:
    return i18n.text(lang, "img.reveal.subtitle", number=number, explained=explained)


# --- the tally ---------------------------------------------------------------------


def wins_head(lang: Lang, view: PublicView) -> str:
    """The tally's headline as a template ({0}: the winner): the match's,
    in match play."""
    key = "img.tally.wins_game" if view.match is None else "img.tally.wins_match"
    return i18n.text(lang, key, winner="{0}")


def ended_head(lang: Lang) -> str:
    """The tally's head when a moderator ended the game: nobody won it."""
    return i18n.text(lang, "img.tally.ended_head")


_TALLY_REASONS: Final = {
    GameEnd.RESIGN: "img.tally.resigned",
    GameEnd.TIMEOUT: "img.tally.timeout",
}


def reached_target(lang: Lang, target: int, margin: int) -> str:
    """A template, {0}: the winner."""
    return i18n.text(lang, "img.tally.reached", winner="{0}", target=target, margin=margin)


def ended_with_margin(lang: Lang, reason: GameEnd, margin: int) -> str:
    """How a game ended other than at the target, as a template ({0}: the loser)."""
    if reason is GameEnd.ENDED:
        return i18n.text(lang, "img.tally.no_winner")
    key = _TALLY_REASONS.get(reason)
    said = (
        i18n.text(lang, "img.tally.game_ended")
        if key is None
        else i18n.text(lang, key, loser="{0}")
    )
    return i18n.text(lang, "img.tally.margin", reason=said, margin=margin)


def tally_rows(lang: Lang) -> dict[str, str]:
    """The tally's row labels: hand points, shutout, line bonus, game bonus, total."""
    return {
        row: i18n.text(lang, f"img.tally.{row}")
        for row in ("hand_points", "shutout", "line_bonus", "game_bonus", "total")
    }


def line_bonus_sum(hands_won: int, bonus: int, total: int) -> str:
    """ "4 × 25 = 100"; shorter as the numbers grow ("12×25 = 300"), and
    just "+1275" for a match's dozens of hands: the tally's column holds
    about 12 characters.  Numbers only: the same in every language."""
    for worked, room in (
        (f"{hands_won} × {bonus} = {total}", 12),
        (f"{hands_won}×{bonus} = {total}", 11),
    ):
        if len(worked) <= room:
            return worked
    return f"+{total}"


# --- the bracket -------------------------------------------------------------------


def playing_now(lang: Lang) -> str:
    return i18n.text(lang, "img.bracket.playing_now")


def tournament(lang: Lang) -> str:
    """The title of a tournament that has none."""
    return i18n.text(lang, "img.bracket.tournament")


def champion(lang: Lang) -> str:
    return i18n.text(lang, "img.bracket.champion")


def bye(lang: Lang) -> str:
    return i18n.text(lang, "img.bracket.bye")


def table_heads(lang: Lang) -> tuple[str, str, tuple[str, str, str], str]:
    """The standings' column heads: rank, player, (played, won, lost), points."""
    head = "img.bracket.head."
    return (
        i18n.text(lang, head + "rank"),
        i18n.text(lang, head + "player"),
        (
            i18n.text(lang, head + "played"),
            i18n.text(lang, head + "won"),
            i18n.text(lang, head + "lost"),
        ),
        i18n.text(lang, head + "points"),
    )


def result_mark(lang: Lang, won: bool) -> str:
    """A cell of the cross table: the row's player won (or lost) that game."""
    return i18n.text(lang, "img.bracket.won_mark" if won else "img.bracket.lost_mark")


_FORMATS: Final = {
    TournamentFormat.SINGLE_ELIMINATION: "img.format.single_elimination",
    TournamentFormat.ROUND_ROBIN: "img.format.round_robin",
}


def format_label(lang: Lang, fmt: TournamentFormat) -> str:
    return i18n.text(lang, _FORMATS[fmt])


def round_name(lang: Lang, number: int, total_rounds: int) -> str:
    """ "Final", "Semi-finals", "Quarter-finals", else "Round N"."""
    if not 1 <= number <= total_rounds:
        raise ValueError(f"round {number} is not in 1..{total_rounds}")
    left = total_rounds - number
    named = {0: "img.round.final", 1: "img.round.semi", 2: "img.round.quarter"}.get(left)
    if named is not None:
        return i18n.text(lang, named)
    return i18n.text(lang, "img.round.n", n=number)


def bracket_subtitle(lang: Lang, fmt: TournamentFormat, players: int, status: str) -> str:
    count = i18n.plural(lang, "img.bracket.players", players)
    return f"{format_label(lang, fmt)} · {count} · {status}"
