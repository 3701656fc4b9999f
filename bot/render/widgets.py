"""Text-like pieces: plain text, player names, pills and card names in a line.

Why names go through :func:`name_text` / :func:`phrase`: a name can be any
length and any script; these make it drawable with the font chain (see
:mod:`.fonts`), put it in visual order (right-to-left names) and cut it by
measured width (never the words around it) so it fits its place.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.engine.cards import RANK_NAMES, Card
from bot.i18n import Lang

from . import theme
from .fonts import Face
from .names import display_name
from .scene import Scene
from .text import measure


def text(
    scene: Scene,
    xy: tuple[float, float],
    value: str,
    size: int,
    fill: theme.RGB = theme.TEXT,
    *,
    anchor: str = "la",
    face: Face = Face.BOLD,
    max_width: float | None = None,
) -> float:
    """Draw our own text or an already-cleaned name (see :meth:`.Scene.text`)."""
    return scene.text(xy, value, size, fill, anchor=anchor, face=face, max_width=max_width)


def text_width(value: str, size: int, face: Face = Face.BOLD) -> float:
    return measure(value, size, face)


def name_text(name: str, seat: int, size: int, max_width: float, *, lang: Lang) -> str:
    """A player's name made drawable and fitted to ``max_width`` (a name
    with nothing drawable is "Player 1" in the image's language ``lang``)."""
    return _name_text(name, seat, size, int(max_width), lang)


def phrase(
    template: str, names: Sequence[tuple[str, int]], size: int, max_width: float, *, lang: Lang
) -> str:
    """``template`` (with ``{0}``, ``{1}``) filled with player names, each
    shortened just enough that the whole phrase fits ``max_width``.

    The words of the template are never cut, so "… wins the game!" always
    reads whole however long the name.
    """
    room = max_width - measure(template.format(*([""] * len(names))), size)
    full = [name_text(n, seat, size, 10_000, lang=lang) for n, seat in names]
    if sum(measure(f, size) for f in full) <= room:
        return template.format(*full)
    # Shortest names keep their full width; the rest share what is left.
    order = sorted(range(len(names)), key=lambda i: measure(full[i], size))
    fitted = list(full)
    left = room
    for k, i in enumerate(order):
        share = left / (len(order) - k)
        n, seat = names[i]
        fitted[i] = name_text(n, seat, size, max(share, measure("…", size)), lang=lang)
        left -= measure(fitted[i], size)
    return template.format(*fitted)


@lru_cache(maxsize=512)
def _name_text(name: str, seat: int, size: int, max_width: int, lang: Lang) -> str:
    """Cached by everything that decides the result, the language too (the
    stand-in for a name with nothing drawable is worded in it)."""
    return display_name(name, seat, size, max_width, lang=lang)


def pill(
    scene: Scene,
    xy: tuple[float, float],
    value: str,
    size: int,
    *,
    fill: theme.RGB,
    ink: theme.RGB = theme.DARK_TEXT,
    anchor: str = "l",
    pad_x: int | None = None,
) -> tuple[int, int, int, int]:
    """A rounded label; ``xy`` is its left-middle (``anchor="l"``), right-middle
    (``"r"``) or centre (``"m"``).  Returns its box."""
    px = pad_x if pad_x is not None else round(size * 0.55)
    w = round(measure(value, size)) + 2 * px
    h = round(size * 1.45)
    x, y = xy
    left = {"l": x, "r": x - w, "m": x - w / 2}[anchor]
    box = (round(left), round(y - h / 2), round(left) + w, round(y - h / 2) + h)
    scene.rounded_rectangle(box, h // 2, fill=fill)
    scene.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), value, size, ink, anchor="mm")
    return box


def card_label(
    scene: Scene,
    xy: tuple[float, float],
    card: Card,
    size: int,
    *,
    four_color: bool,
    color: theme.RGB | None = None,
) -> float:
    """Write a card as rank plus a drawn suit symbol (never a font glyph),
    baseline-left at ``xy``; returns the advance."""
    rank = RANK_NAMES[card % 13]
    ink = color or theme.TEXT
    x, y = xy
    w = scene.text((x, y), rank, size, ink, anchor="ls")
    sym = round(size * 0.8)
    suit = card // 13
    sx = round(x + w + size * 0.06)
    sy = round(y - size * 0.74)
    color_ = theme.suit_color(suit, four_color)
    scene.suit(suit, sx, sy, sym, color_)
    return w + size * 0.06 + sym


def rich_line(
    scene: Scene,
    xy: tuple[float, float],
    parts: Sequence[str | Card],
    size: int,
    *,
    four_color: bool,
    fill: theme.RGB = theme.TEXT,
    max_x: float | None = None,
) -> float:
    """A line mixing text and cards (drawn with :func:`card_label` on a small
    white chip so suit colours read on felt).  ``xy`` is baseline-left; parts
    that would pass ``max_x`` are dropped.  Returns the width drawn."""
    x, y = xy
    for part in parts:
        if isinstance(part, str):
            if max_x is not None and x + measure(part, size) > max_x:
                scene.text((x, y), part, size, fill, anchor="ls", max_width=max_x - x)
                break
            x += scene.text((x, y), part, size, fill, anchor="ls")
            continue
        chip_w = round(measure(RANK_NAMES[part % 13], size) + size * 1.05)
        if max_x is not None and x + chip_w + size * 0.6 > max_x:
            break
        top = round(y - size * 0.98)
        scene.rounded_rectangle(
            (round(x), top, round(x) + chip_w + round(size * 0.3), round(y + size * 0.24)),
            round(size * 0.2),
            fill=theme.CARD_FACE,
        )
        color = theme.suit_color(part // 13, four_color)
        x += size * 0.15
        x += card_label(scene, (x, y), part, size, four_color=four_color, color=color)
        x += size * 0.15 + size * 0.25
    return x - xy[0]
