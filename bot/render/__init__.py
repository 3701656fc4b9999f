"""Images of the game: a view in, PNG bytes out (Pillow only, no Discord).

``render_hand`` is PRIVATE (one seat's cards); the other three draw only
public information.  All four are pure functions of their arguments, safe to
call from worker threads, and take a few milliseconds once the card faces
are cached (:func:`warm_up` fills that cache ahead of the first game).

Each takes ``lang``, the language its words are drawn in (English if not
given): the hand in its player's language, the public images in the
server's (see docs/languages.md).
"""

from __future__ import annotations

from . import board, fonts, hand, reveal
from .board import render_board
from .bracket import render_bracket
from .cards import card_back, card_face
from .hand import render_hand
from .reveal import render_reveal
from .tally import render_tally


def warm_up(*, four_color: bool = False) -> None:
    """Draw every card face and back at the sizes the images use (~0.5 s),
    and read which characters each fallback font has (~6 ms).

    Optional: without it the first images of a process take up to ~100 ms
    each while the faces they need are drawn.
    """
    for face in fonts.Face:
        for source in fonts.shipped_chain(face):
            fonts.coverage(source)
    widths = {hand.CARD_W, hand.MINI_W, board.TABLE_CARD_W, board.FAN_CARD_W, reveal.CARD_W}
    for width in sorted(widths):
        card_back(width)
        for card in range(52):
            card_face(card, width, four_color)


__all__ = [
    "render_board",
    "render_bracket",
    "render_hand",
    "render_reveal",
    "render_tally",
    "warm_up",
]
