"""A player's profile card: the rating over time as a chart, and their
figures in tiles (games, win %, gin %, undercut %, deadwood at a knock, best
streak, best hand, head-to-head against whoever asked, achievements).

Drawn from a :class:`~.profile_card.ProfileCard` (see there).  Its words,
and its alt text, are :mod:`.profile_words`'.
"""

from __future__ import annotations

import functools
from itertools import pairwise

from PIL import Image

from bot.i18n import Lang

from . import profile_words as words
from . import theme
from .achievement_panel import draw_achievements
from .profile_card import ProfileCard
from .scene import Scene
from .widgets import name_text, pill, text

WIDTH = 900
HEIGHT = 560
MARGIN = 24
HEADER_H = 92
CHART = (MARGIN, 100, 436, 380)  # the chart's panel: left, top, right, bottom
TILES_X = 448
TILE_W = (WIDTH - MARGIN - TILES_X - 12) // 2
TILE_H = 88
TILE_GAP = 12
BOTTOM = (396, HEIGHT - MARGIN)  # the bottom row of panels: top, bottom


def render_profile(card: ProfileCard, *, four_color: bool = False, lang: Lang = Lang.EN) -> bytes:
    """PNG of the profile card, worded in ``lang`` (the language of whoever
    asked); ``four_color`` is unused: no cards on it."""
    return profile_scene(card, lang=lang).png()


def profile_image(card: ProfileCard, *, lang: Lang = Lang.EN) -> Image.Image:
    """The card before encoding (tests inspect it)."""
    return profile_scene(card, lang=lang).image()


def profile_scene(card: ProfileCard, *, lang: Lang = Lang.EN) -> Scene:
    scene = Scene(WIDTH, HEIGHT)
    _header(scene, card, lang)
    _chart(scene, card, lang)
    say = functools.partial(words.label, lang)
    tiles = [
        (say("games"), str(card.games), words.games_caption(lang, card.wins, card.losses)),
        (say("win_rate"), words.percent(lang, card.win_rate), say("win_caption")),
        (
            say("gin_rate"),
            words.percent(lang, card.gin_rate),
            words.gin_caption(lang, card.gins, card.hands_won),
        ),
        (
            say("undercut_rate"),
            words.percent(lang, card.undercut_rate),
            words.undercut_caption(lang, card.undercut, card.knocks),
        ),
        (
            say("knock_deadwood"),
            words.one_decimal(lang, card.knock_deadwood),
            words.knock_caption(lang, card.knocks),
        ),
        (
            say("best_streak"),
            str(card.best_streak),
            words.streak_caption(lang, card.current_streak),
        ),
    ]
    for i, (label, value, caption) in enumerate(tiles):
        x = TILES_X + (i % 2) * (TILE_W + TILE_GAP)
        y = CHART[1] + (i // 2) * (TILE_H + TILE_GAP)
        _tile(scene, (x, y, x + TILE_W, y + TILE_H), label, value, caption)
    _bottom(scene, card, lang)
    return scene


def _header(scene: Scene, card: ProfileCard, lang: Lang) -> None:
    box = pill(
        scene,
        (WIDTH - MARGIN - 8, 40),
        words.rating_pill(lang, card.rating),
        28,
        fill=theme.GOLD if card.rating is not None else theme.FELT_DARK,
        ink=theme.DARK_TEXT if card.rating is not None else theme.TEXT,
        anchor="r",
    )
    x = MARGIN + 8
    room = box[0] - 16 - x
    name = name_text(card.name, 0, 36, room, lang=lang)
    text(scene, (x, 38), name, 36, anchor="lm", max_width=room)
    text(scene, (x, 74), words.subtitle(lang, card.games), 20, theme.TEXT_DIM, anchor="lm")


def _panel(scene: Scene, box: tuple[int, int, int, int]) -> None:
    scene.rounded_rectangle(box, 14, fill=theme.PANEL)


def _tile(
    scene: Scene, box: tuple[int, int, int, int], label: str, value: str, caption: str
) -> None:
    _panel(scene, box)
    x0, y0, x1, _ = box
    room = x1 - x0 - 24
    text(scene, (x0 + 12, y0 + 18), label, 17, theme.TEXT_DIM, anchor="lm", max_width=room)
    text(scene, (x0 + 12, y0 + 50), value, 30, theme.TEXT, anchor="lm", max_width=room)
    text(scene, (x0 + 12, y0 + 76), caption, 14, theme.TEXT_DIM, anchor="lm", max_width=room)


def _chart(scene: Scene, card: ProfileCard, lang: Lang) -> None:
    """The rating after each rated game, oldest on the left; the lowest and
    highest ratings on the left edge, the first and last days below."""
    left, top, right, bottom = CHART
    _panel(scene, CHART)
    text(scene, (left + 14, top + 20), words.label(lang, "rating"), 18, theme.TEXT_DIM, anchor="lm")
    values = card.ratings
    if len(values) < 2:
        text(
            scene,
            ((left + right) / 2, (top + bottom) / 2),
            words.label(lang, "no_chart"),
            22,
            theme.TEXT_DIM,
            anchor="mm",
        )
        return
    low, high = min(values), max(values)
    span = max(high - low, 20.0)
    mid = (low + high) / 2
    lo, hi = mid - span / 2, mid + span / 2
    plot = (left + 64, top + 44, right - 18, bottom - 40)
    px0, py0, px1, py1 = plot
    for value in (high, low):
        y = py1 - (value - lo) / (hi - lo) * (py1 - py0)
        scene.line((px0, y, px1, y), fill=theme.FELT_DARK, width=2)
        text(scene, (px0 - 8, y), words.rating_value(value), 16, theme.TEXT_DIM, anchor="rm")
    step = (px1 - px0) / (len(values) - 1)
    points = [
        (px0 + i * step, py1 - (v - lo) / (hi - lo) * (py1 - py0)) for i, v in enumerate(values)
    ]
    for (xa, ya), (xb, yb) in pairwise(points):
        scene.line((xa, ya, xb, yb), fill=theme.GOLD, width=3)
    lx, ly = points[-1]
    scene.ellipse((lx - 5, ly - 5, lx + 5, ly + 5), fill=theme.GOLD)
    if card.first_at is not None and card.last_at is not None:
        text(scene, (px0, bottom - 18), words.date(card.first_at), 15, theme.TEXT_DIM, anchor="lm")
        text(scene, (px1, bottom - 18), words.date(card.last_at), 15, theme.TEXT_DIM, anchor="rm")


def _bottom(scene: Scene, card: ProfileCard, lang: Lang) -> None:
    top, bottom = BOTTOM
    width = (WIDTH - 2 * MARGIN - 2 * TILE_GAP) // 3
    boxes = [
        (MARGIN + i * (width + TILE_GAP), top, MARGIN + i * (width + TILE_GAP) + width, bottom)
        for i in range(3)
    ]
    if card.best_hand is not None:
        points, end, game_id, hand = card.best_hand
        best = (
            words.best_hand_value(lang, points),
            words.best_hand_caption(lang, end, game_id, hand),
        )
    else:
        best = (words.NO_FIGURE, "")
    _big_panel(scene, boxes[0], words.label(lang, "best_hand"), *best)
    if card.head_to_head is not None:
        wins, losses = card.head_to_head
        name = name_text(card.name, 0, 15, width - 150, lang=lang)
        h2h = (words.head_to_head_value(wins, losses), words.head_to_head_caption(lang, name))
    else:
        h2h = (words.NO_FIGURE, words.label(lang, "yourself"))
    _big_panel(scene, boxes[1], words.label(lang, "head_to_head"), *h2h)
    # Achievements: the count and the names, every text legible on a phone.
    none_yet = words.label(lang, "no_achievements")
    title = words.label(lang, "achievements")
    draw_achievements(scene, boxes[2], title, none_yet, card.achievements)


def _big_panel(
    scene: Scene, box: tuple[int, int, int, int], label: str, value: str, caption: str
) -> None:
    _panel(scene, box)
    x0, y0, x1, y1 = box
    room = x1 - x0 - 28
    text(scene, (x0 + 14, y0 + 24), label, 18, theme.TEXT_DIM, anchor="lm", max_width=room)
    text(scene, (x0 + 14, y0 + 70), value, 30, theme.TEXT, anchor="lm", max_width=room)
    if caption:
        text(scene, (x0 + 14, y1 - 24), caption, 15, theme.TEXT_DIM, anchor="lm", max_width=room)
