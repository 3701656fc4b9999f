"""Rows of card groups: melds, deadwood, layoffs, laid out to fit a width.

Why a row planner: the same "groups of overlapping cards with a gap between
groups" appears in the hand and the reveal, and the number of cards varies (a
big gin, many layoffs); :func:`plan_row` tightens the overlap, then the gaps,
then the card size so a row always fits its width.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.engine.cards import Card

from . import theme
from .cards import card_height, index_width
from .scene import Scene
from .text import fit, measure
from .widgets import pill, text


@dataclass(frozen=True)
class Group:
    """Cards shown together (a meld, the deadwood...), overlapping like a fan.

    ``marks`` outlines cards in a colour; ``lifted`` cards sit higher (the
    card just drawn); ``tags`` prints a word above a card; ``plate`` puts a
    darker panel behind the group (melds).
    """

    cards: tuple[Card, ...]
    label: str = ""
    plate: bool = False
    label_color: theme.RGB = theme.TEXT_DIM
    marks: Mapping[int, theme.RGB] = field(default_factory=dict)
    lifted: frozenset[int] = frozenset()
    tags: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class RowPlan:
    card_width: int
    step: int  # horizontal distance between overlapping cards of a group
    gap: int  # space between groups
    width: int  # total width of the row

    def group_width(self, n: int) -> int:
        return (n - 1) * self.step + self.card_width if n else 0


def plan_row(sizes: Sequence[int], card_width: int, max_width: int, gap: int = 30) -> RowPlan:
    """The largest layout of groups of ``sizes`` cards that fits ``max_width``.

    Shrinks, in order: the overlap step down to 60% of a readable index, the
    gap down to a third, then the cards themselves.
    """
    sizes = [n for n in sizes if n > 0]
    if not sizes:
        return RowPlan(card_width, index_width(card_width), gap, 0)
    overlaps = sum(n - 1 for n in sizes)
    gaps = len(sizes) - 1
    w = card_width
    while True:
        full = len(sizes) * w
        step = index_width(w)
        g = gap
        if overlaps * step + full + gaps * g > max_width and overlaps:
            room = max_width - full - gaps * g
            step = max(round(index_width(w) * 0.6), room // overlaps)
        if overlaps * step + full + gaps * g > max_width and gaps:
            g = max(gap // 3, (max_width - full - overlaps * step) // gaps)
        total = overlaps * step + full + gaps * g
        if total <= max_width or w <= 24:
            return RowPlan(w, step, g, total)
        w = max(24, round(w * 0.92))


def draw_row(
    scene: Scene,
    groups: Sequence[Group],
    plan: RowPlan,
    x: int,
    y: int,
    *,
    four_color: bool,
    lift: int = 0,
    label_size: int = 22,
    bounds: tuple[int, int] | None = None,
) -> None:
    """Draw ``groups`` left to right from ``(x, y)`` (top of unlifted cards):
    plates, cards with marks, tags and each group's label under it.

    Labels may be wider than their group (one card with "Deadwood 10" under
    it); they are kept inside ``bounds`` (x range, default the row plus a
    gap each side) and pushed apart so neighbours never overlap.
    """
    w = plan.card_width
    h = card_height(w)
    gx = x
    spans: list[tuple[float, Group]] = []  # (group centre x, group)
    for group in groups:
        n = len(group.cards)
        if not n:
            continue
        gw = plan.group_width(n)
        if group.plate:
            m = max(6, w // 14)
            up = lift if any(c in group.lifted for c in group.cards) else 0
            scene.rounded_rectangle(
                (gx - m, y - m - up, gx + gw + m, y + h + m), m + 4, fill=theme.FELT_DARK
            )
        for i, card in enumerate(group.cards):
            cx = gx + i * plan.step
            cy = y - (lift if card in group.lifted else 0)
            scene.card(card, cx, cy, w, four_color=four_color, mark=group.marks.get(card))
            tag = group.tags.get(card)
            if tag:
                tag_size = max(label_size, round(w * 0.16))
                pad = round(tag_size * 0.35)
                # Over its card, but never past the row's bounds (a tag can
                # be wider than the card: "FROM DISCARD PILE" and longer).
                half = (measure(tag, tag_size) + 2 * pad) / 2
                centre = cx + min(plan.step, w) / 2
                if bounds is not None:
                    centre = min(max(centre, bounds[0] + half), bounds[1] - half)
                pill(
                    scene,
                    (centre, cy - tag_size * 0.95),
                    tag,
                    tag_size,
                    fill=theme.GOLD,
                    anchor="m",
                    pad_x=pad,
                )
        spans.append((gx + gw / 2, group))
        gx += gw + plan.gap
    lo, hi = bounds or (x - plan.gap, x + plan.width + plan.gap)
    label_y = y + h + max(8, w // 9)
    for left, value, group in _place_labels(spans, lo, hi, label_size):
        text(scene, (left, label_y), value, label_size, group.label_color, anchor="lt")


def _place_labels(
    spans: Sequence[tuple[float, Group]], lo: float, hi: float, size: int
) -> list[tuple[float, str, Group]]:
    """Left edges for the labels: centred under their groups, then pushed
    right past the previous one, then back left inside ``hi``; any that still
    collide are shortened to fit."""
    pad = size * 0.6
    items = [(centre, fit(g.label, size, int(hi - lo)), g) for centre, g in spans if g.label]
    widths = [measure(v, size) for _, v, _ in items]
    lefts = [c - wd / 2 for (c, _, _), wd in zip(items, widths, strict=True)]
    edge = lo
    for i, wd in enumerate(widths):
        lefts[i] = max(lefts[i], edge)
        edge = lefts[i] + wd + pad
    edge = hi
    for i in range(len(widths) - 1, -1, -1):
        lefts[i] = min(lefts[i], edge - widths[i])
        edge = lefts[i] - pad
    out = []
    for i, (_, value, group) in enumerate(items):
        left = max(lo, lefts[i])
        right = lefts[i + 1] - pad if i + 1 < len(items) else hi
        value = fit(value, size, int(right - left))
        out.append((left, value, group))
    return out
