"""Breaking a caption or a line of words and cards into lines that fit a
width, so a long caption takes a second line instead of being cut.

Why: every text must stay legible at phone size (:func:`.text.legible_size`),
so a caption cannot shrink to fit its place, and the words of our catalogues
are never cut (only a player's name may be, :func:`.widgets.name_text`).
Where an image has room for a second line (the replay's move, the profile's
captions), its text is wrapped here first.

Lines break at spaces.  A caption made of clauses joined by
:data:`SEPARATOR` ("gin · game #17, hand 4") breaks between its clauses
when each fits a line, the line break standing for the separator.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.engine.cards import RANK_NAMES, Card

from .fonts import Face
from .text import measure

#: How our catalogues join the clauses of a caption.
SEPARATOR = " · "

Part = str | Card

_AFTER_SPACE = re.compile("(?<= )(?=[^ ])")
#: Stands for a space that is no place to break while a line is wrapped
#: (a control character: never in a drawn text, :mod:`.names` drops them).
_HIDDEN_SPACE = "\x00"


def wrap(
    value: str,
    size: int,
    max_width: float,
    face: Face = Face.BOLD,
    *,
    whole: Sequence[str] = (),
) -> list[str]:
    """``value`` as lines at most ``max_width`` wide, broken between clauses
    (see the module docstring) or else at spaces, never inside a string of
    ``whole`` (the players' names: a right-to-left name is already in visual
    order, so a break inside it would put its words on the wrong lines).  A
    word wider than a line (a long name) stays whole on its own line, for
    the caller to fit."""
    if measure(value, size, face) <= max_width:
        return [value]
    kept = _protect(value, whole)
    clauses = kept.split(SEPARATOR)
    if len(clauses) > 1 and all(measure(_restore(c), size, face) <= max_width for c in clauses):
        return _greedy(clauses, SEPARATOR, size, max_width, face)
    return _greedy(kept.split(" "), " ", size, max_width, face)


def _greedy(
    pieces: Sequence[str], joiner: str, size: int, max_width: float, face: Face
) -> list[str]:
    lines: list[str] = []
    line = ""
    for piece in pieces:
        trial = f"{line}{joiner}{piece}" if line else piece
        if line and measure(_restore(trial), size, face) > max_width:
            lines.append(_restore(line))
            line = piece
        else:
            line = trial
    lines.append(_restore(line))
    return lines


def _protect(value: str, whole: Sequence[str]) -> str:
    """``value`` with the spaces inside each string of ``whole`` hidden, so
    no line breaks there (:func:`_restore` undoes it)."""
    for kept in sorted({w for w in whole if " " in w}, key=len, reverse=True):
        value = value.replace(kept, kept.replace(" ", _HIDDEN_SPACE))
    return value


def _restore(value: str) -> str:
    return value.replace(_HIDDEN_SPACE, " ")


def wrap_parts(
    parts: Sequence[Part], size: int, max_width: float, *, whole: Sequence[str] = ()
) -> list[list[Part]]:
    """A line of words and cards (as :func:`.widgets.rich_line` draws it) as
    lines that each fit ``max_width``, broken at spaces only (a card and the
    word or sign it touches stay together), never inside a string of
    ``whole`` (the players' names: a right-to-left name is already in visual
    order, so a break inside it would put its words on the wrong lines)."""
    lines: list[list[Part]] = []
    line: list[Part] = []
    for word in _words(parts, whole):
        trial = line + word
        if line and not fits(_tidy(trial), size, max_width):
            lines.append(_tidy(line))
            line = word
        else:
            line = trial
    lines.append(_tidy(line))
    return lines


def _words(parts: Sequence[Part], whole: Sequence[str]) -> list[list[Part]]:
    """The parts cut into words: each ends where a space does (outside the
    strings of ``whole``)."""
    words: list[list[Part]] = [[]]
    for part in parts:
        if not isinstance(part, str):
            words[-1].append(part)
            continue
        for piece in _AFTER_SPACE.split(_protect(part, whole)):
            if piece:
                words[-1].append(_restore(piece))
                if piece[-1] == " ":
                    words.append([])
    return [w for w in words if w]


def _tidy(line: Sequence[Part]) -> list[Part]:
    """Neighbouring strings joined, and no space at either end."""
    out: list[Part] = []
    for part in line:
        if isinstance(part, str) and out and isinstance(out[-1], str):
            out[-1] += part
        else:
            out.append(part)
    if out and isinstance(out[0], str):
        out[0] = out[0].lstrip()
    if out and isinstance(out[-1], str):
        out[-1] = out[-1].rstrip()
    return [p for p in out if p != ""]


def fits(parts: Sequence[Part], size: int, max_width: float) -> bool:
    """Whether :func:`.widgets.rich_line` draws every part within
    ``max_width`` (the same advances and the same test for a card's chip)."""
    x = 0.0
    for part in parts:
        if isinstance(part, str):
            x += measure(part, size)
            if x > max_width:
                return False
            continue
        rank = measure(RANK_NAMES[part % 13], size)
        if x + round(rank + size * 1.05) + size * 0.6 > max_width:
            return False
        x += size * 0.15 + rank + size * 0.06 + round(size * 0.8) + size * 0.4
    return True
