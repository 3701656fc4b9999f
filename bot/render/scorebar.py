"""Running totals as two progress bars toward the target.

Why bars: "54 of 100" is read faster as a bar than as numbers, and the
reveal and the tally both end with the same picture of the race.
"""

from __future__ import annotations

from bot.engine.views import PublicView
from bot.i18n import Lang

from . import theme
from .scene import Scene
from .widgets import name_text, text, text_width

BAR_H = 14


def draw_score_bars(
    scene: Scene,
    view: PublicView,
    totals: tuple[int, int],
    y: int,
    width: int,
    margin: int,
    size: int = 22,
    *,
    lang: Lang,
) -> None:
    """Both players' totals at ``y``, side by side, the leader in gold;
    names and totals ``size`` pixels high."""
    target = max(1, view.target)
    col_w = (width - 2 * margin - 20) // 2
    lead = max(totals)
    for seat in (0, 1):
        x = margin + 10 + seat * (col_w + 20)
        total = totals[seat]
        value = f"{total} / {target}"
        vw = text_width(value, size)
        name = name_text(view.names[seat], seat, size, col_w - vw - 16, lang=lang)
        leader = total == lead and total > 0
        text(scene, (x, y + 18), name, size, theme.GOLD if leader else theme.TEXT, anchor="lm")
        text(scene, (x + col_w, y + 18), value, size, theme.TEXT, anchor="rm")
        top = y + 36
        scene.rounded_rectangle((x, top, x + col_w, top + BAR_H), BAR_H // 2, fill=theme.FELT_DARK)
        filled = round(col_w * min(1.0, max(0, total) / target))
        if filled >= BAR_H:
            color = theme.GOLD if leader else theme.TEXT_DIM
            scene.rounded_rectangle((x, top, x + filled, top + BAR_H), BAR_H // 2, fill=color)
