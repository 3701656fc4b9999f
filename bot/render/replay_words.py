"""The words of a replay image, and the same image told in words (its alt
text): one keyed place, as :mod:`.words` and :mod:`.alt_text` are for the
game's other images, worded from the ``img.replay.*`` entries of the
catalogues in the language of whoever asked (a replay is a private answer).
A replay is of a finished game's hand, so naming both hands' cards here is
what the image shows too.
"""

from __future__ import annotations

from typing import Final

from bot import i18n
from bot.engine.cards import Card
from bot.engine.melds import best_arrangement
from bot.engine.records import ActionKind, HandEnd, HandResult
from bot.engine.replay import ReplayFrame, ReplayStep
from bot.i18n import Lang

from . import alt_text, words

#: Discord's limit on an attachment's description.
MAX_ALT: Final = 1024

# The words a replay shares with the game's images.
meld_label = words.meld_label
deadwood_label = words.deadwood_label
stock_label = words.stock_label
dealer_mark = words.dealer_mark
no_cards = words.no_cards
empty_slot = words.empty_slot


def to_move(lang: Lang) -> str:
    """The pill after the name of the player to move."""
    return i18n.text(lang, "img.replay.to_move")


def laid_off(lang: Lang) -> str:
    """Under the cards the defender laid off, on the last step."""
    return i18n.text(lang, "img.replay.laid_off")


def heading(lang: Lang, game_id: int, hand_number: int) -> str:
    return i18n.text(lang, "img.replay.heading", game=game_id, hand=hand_number)


def step_pill(index: int, steps: int) -> str:
    """Where the step is in the hand (1-based, as the buttons count)."""
    return f"{index + 1} / {steps}"


def step_caption(lang: Lang, frame: ReplayFrame) -> str:
    """Under the heading: which step this is."""
    index, steps = frame.step.index, frame.steps
    if frame.is_last:
        return i18n.text(lang, "img.replay.hand_over")
    if index == 0:
        return i18n.plural(lang, "img.replay.caption.deal", steps)
    key = "img.replay.caption.knock" if frame.is_knock else "img.replay.caption.step"
    return i18n.text(lang, key, step=index + 1, steps=steps)


def pile_label(lang: Lang, size: int) -> str:
    return f"{i18n.text(lang, 'img.discard_pile')} · {size}"


_MOVES: Final = {
    ActionKind.PASS: "img.replay.move.pass",
    ActionKind.DRAW_STOCK: "img.replay.move.draw_stock",
    ActionKind.TAKE_DISCARD: "img.replay.move.take_discard",
    ActionKind.DISCARD: "img.replay.move.discard",
    ActionKind.BIG_GIN: "img.replay.move.big_gin",
}


def move_parts(lang: Lang, frame: ReplayFrame, names: tuple[str, str]) -> list[str | Card]:
    """The step's move as text with cards between the words (``names`` as
    they may be drawn)."""
    step = frame.step
    who = names[step.seat]
    kind = step.kind
    if frame.is_last:
        return [result_line(lang, frame.result, names)]
    card = step.pile_top if kind is ActionKind.PASS else step.card
    if kind is None:
        key = "img.replay.move.deal"
    elif kind in _MOVES:
        key = _MOVES[kind]
    else:  # the knock, or gin, discarding face down
        gin = frame.result.end is HandEnd.GIN
        key = "img.replay.move.gin" if gin else "img.replay.move.knock"
    return words.with_card(i18n.text(lang, key, who=who, card=words.CARD_MARK), card)


def _doubled(lang: Lang, result: HandResult) -> str:
    return f" ({i18n.text(lang, 'img.alt.doubled')})" if result.doubled else ""


def result_line(lang: Lang, result: HandResult, names: tuple[str, str]) -> str:
    """How the hand ended and who scored (the last step)."""
    if result.end is HandEnd.DEAD or result.knocker is None or result.winner is None:
        return i18n.text(lang, "img.replay.result.dead")
    key = {
        HandEnd.GIN: "img.replay.result.gin",
        HandEnd.BIG_GIN: "img.replay.result.big_gin",
        HandEnd.UNDERCUT: "img.replay.result.undercut",
    }.get(result.end, "img.replay.result.knock")
    return i18n.text(
        lang,
        key,
        knocker=names[result.knocker],
        knocker_value=result.knocker_value,
        defender=names[1 - result.knocker],
        defender_value=result.defender_value,
        winner=names[result.winner],
        points=result.points,
        doubled=_doubled(lang, result),
    )


# --- alt text ------------------------------------------------------------------------


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(c.label for c in cards)


def _hand_words(lang: Lang, name: str, cards: tuple[Card, ...]) -> str:
    arrangement = best_arrangement(cards)
    parts = [alt_text.meld_text(lang, m) for m in arrangement.melds]
    dead = arrangement.deadwood
    if dead:
        parts.append(alt_text.deadwood_text(lang, dead, sum(c.value for c in dead)))
    held = ", ".join(parts) or i18n.text(lang, "img.replay.alt.no_cards")
    return i18n.plural(lang, "img.replay.alt.holds", len(cards), name=name, held=held)


def _move_words(lang: Lang, frame: ReplayFrame) -> str:
    parts = move_parts(lang, frame, frame.names)
    return "".join(p if isinstance(p, str) else p.label for p in parts)


def _laid_down(lang: Lang, frame: ReplayFrame) -> str:
    """At the end: what the knocker laid down and the defender laid off."""
    result = frame.result
    assert result.knocker is not None
    laid = _cards(tuple(c for c, _ in result.layoffs))
    if not laid:
        return i18n.text(lang, "img.replay.alt.nothing_laid")
    return i18n.text(
        lang, "img.replay.alt.laid_off", name=frame.names[1 - result.knocker], cards=laid
    )


def replay_alt(frame: ReplayFrame, game_id: int, *, lang: Lang = Lang.EN) -> str:
    """The replay step in words: the move, both hands, the discard pile and stock,
    and on the last step how the hand ended."""
    step: ReplayStep = frame.step
    a, b = frame.names
    if step.pile_top is not None:
        top = i18n.text(lang, "img.replay.alt.top", card=step.pile_top.label)
    else:
        top = i18n.text(lang, "img.alt.board.pile_empty")
    stock = i18n.plural(lang, "img.alt.board.stock", step.stock_count)
    lines = [
        i18n.text(
            lang,
            "img.replay.alt.head",
            game=game_id,
            hand=frame.hand_number,
            step=step.index + 1,
            steps=frame.steps,
            move=_move_words(lang, frame),
        ),
        _hand_words(lang, a, step.hands[0]),
        _hand_words(lang, b, step.hands[1]),
        f"{top}; {stock}",
    ]
    if frame.is_last and frame.result.knocker is not None:
        lines.append(_laid_down(lang, frame))
    elif step.to_move is not None:
        lines.append(i18n.text(lang, "img.alt.to_move", name=frame.names[step.to_move]))
    return fit("; ".join(lines) + ".")


def fit(text: str, limit: int = MAX_ALT) -> str:
    """``text`` cut at a word to at most ``limit`` characters (ending "…")."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "…"
