"""The words of the daily puzzle's image, and the image told in words (its
alt text): one keyed place, as :mod:`.profile_words` is for the profile
card, worded from the ``img.puzzle.*`` entries of the catalogues in the
language of whoever asked (a puzzle is a private answer).  Both read the
same :class:`~.puzzle_card.PuzzleCard`, so the alt text states exactly what
is drawn — and, like the image, never the answer.
"""

from __future__ import annotations

from datetime import date
from typing import Final

from bot import i18n
from bot.engine.cards import CARDS, format_cards
from bot.i18n import Lang

from .puzzle_card import PuzzleCard

#: Discord's limit on an attachment's description.
MAX_ALT: Final = 1024


def title(lang: Lang, puzzle: PuzzleCard) -> str:
    """The day as the puzzle's message writes it (:func:`bot.i18n.day_words`)."""
    day = i18n.day_words(lang, date.fromisoformat(puzzle.day))
    return i18n.text(lang, "img.puzzle.title", date=day)


def question(lang: Lang, puzzle: PuzzleCard) -> str:
    """The question, with what a knock would leave for a knock puzzle."""
    if puzzle.knock_deadwood is None:
        return i18n.text(lang, "img.puzzle.ask.discard")
    return i18n.text(lang, "img.puzzle.ask.knock", deadwood=puzzle.knock_deadwood)


def stock_label(lang: Lang, puzzle: PuzzleCard) -> str:
    return i18n.text(lang, "img.puzzle.stock", n=puzzle.stock)


def top_label(lang: Lang) -> str:
    return i18n.text(lang, "img.puzzle.top")


def opponent_heading(lang: Lang) -> str:
    return i18n.text(lang, "img.puzzle.opponent")


def opponent_drew(lang: Lang, puzzle: PuzzleCard) -> str:
    """Under the card the opponent drew (or the stock's back)."""
    key = "img.puzzle.drew_stock" if puzzle.opp_took is None else "img.puzzle.drew_pile"
    return i18n.text(lang, key)


def opponent_discarded(lang: Lang) -> str:
    return i18n.text(lang, "img.puzzle.discarded")


def puzzle_alt(puzzle: PuzzleCard, *, lang: Lang = Lang.EN) -> str:
    """The image in words, for screen readers (at most :data:`MAX_ALT`)."""
    parts = [
        f"{title(lang, puzzle)}: {question(lang, puzzle)}",
        i18n.text(lang, "img.puzzle.alt.hand", cards=format_cards(puzzle.hand)),
        i18n.text(
            lang,
            "img.puzzle.alt.drew_pile" if puzzle.drawn_from_pile else "img.puzzle.alt.drew_stock",
            card=CARDS[puzzle.drawn],
        ),
    ]
    if puzzle.top is not None:
        parts.append(i18n.text(lang, "img.puzzle.alt.top", card=CARDS[puzzle.top]))
    parts.append(stock_label(lang, puzzle))
    if puzzle.opp_discarded is not None:
        if puzzle.opp_took is not None:
            parts.append(
                i18n.text(
                    lang,
                    "img.puzzle.alt.opp_pile",
                    drew=CARDS[puzzle.opp_took],
                    discarded=CARDS[puzzle.opp_discarded],
                )
            )
        else:
            parts.append(
                i18n.text(lang, "img.puzzle.alt.opp_stock", discarded=CARDS[puzzle.opp_discarded])
            )
    return " ".join(p if p.endswith((".", "?", "!")) else p + "." for p in parts)[:MAX_ALT]
