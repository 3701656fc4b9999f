"""A player's profile card: the rating over time as a chart, and their
figures in tiles (games, win %, gin %, undercut %, deadwood at a knock, best
streak, best hand, head-to-head against whoever asked, achievements).

Drawn from a :class:`~.profile_card.ProfileCard` (see there).  Its words,
and its alt text, are :mod:`.profile_words`'.

Every text is at least :data:`SMALL`, the size still 11 px tall when the
card is shown 400 px wide on a phone (see :func:`.text.legible_size`).  At
that size a caption needs half the card's width, so the panels stand in two
columns, the chart beside the first three; the best hand's and the
head-to-head's captions have room for a second line (:mod:`.wrap`), so no
word is cut in any language and only the player's name is shortened.  The
height is fixed: every card is the same size.
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
from .text import legible_size
from .widgets import name_text, pill, text, text_width
from .wrap import wrap

WIDTH = 900
MARGIN = 24
#: The smallest text: 11 px when the card is shown 400 px wide (see .text);
#: every label and caption.
SMALL = legible_size(WIDTH)
VALUE_SIZE = 32
HEADER_H = 108
TILE_GAP = 12
#: Two columns: a caption at SMALL needs half the card's width.
COLUMN_W = (WIDTH - 2 * MARGIN - TILE_GAP) // 2
COLUMNS = (MARGIN, MARGIN + COLUMN_W + TILE_GAP)
#: The width for text in a panel of a column.
ROOM = COLUMN_W - 28
TILE_H = 118
#: A caption's second line (the best hand's, the head-to-head's).
LINE_H = 32
#: The achievements panel: its title and two names, a line each.
ACHIEVEMENTS_H = 132
#: The rows of panels under the header, top to bottom: the chart fills the
#: left column of the first three, beside a tile each.
ROWS = (TILE_H, TILE_H, TILE_H, TILE_H, ACHIEVEMENTS_H, TILE_H + LINE_H)
HEIGHT = HEADER_H + sum(ROWS) + TILE_GAP * (len(ROWS) - 1) + MARGIN
#: The widths the player's name in the head-to-head caption is tried at,
#: widest first, until the caption fits its two lines.
NAME_WIDTHS = (360, 240, 160, 100)

Box = tuple[int, int, int, int]


def render_profile(card: ProfileCard, *, four_color: bool = False, lang: Lang = Lang.EN) -> bytes:
    """PNG of the profile card, worded in ``lang`` (the language of whoever
    asked); ``four_color`` is unused: no cards on it."""
    return profile_scene(card, lang=lang).png()


def profile_image(card: ProfileCard, *, lang: Lang = Lang.EN) -> Image.Image:
    """The card before encoding (tests inspect it)."""
    return profile_scene(card, lang=lang).image()


def profile_scene(card: ProfileCard, *, lang: Lang = Lang.EN) -> Scene:
    """The card as drawing operations (see :mod:`.scene`)."""
    scene = Scene(WIDTH, HEIGHT)
    _header(scene, card, lang)
    tops = _row_tops()
    left, right = COLUMNS

    def cell(column: int, row: int, rows: int = 1) -> Box:
        bottom = tops[row + rows - 1] + ROWS[row + rows - 1]
        return (column, tops[row], column + COLUMN_W, bottom)

    _chart(scene, cell(left, 0, 3), card, lang)
    say = functools.partial(words.label, lang)
    tiles = [
        (
            right,
            0,
            say("games"),
            str(card.games),
            words.games_caption(lang, card.wins, card.losses),
        ),
        (right, 1, say("win_rate"), words.percent(lang, card.win_rate), say("win_caption")),
        (
            right,
            2,
            say("gin_rate"),
            words.percent(lang, card.gin_rate),
            words.gin_caption(lang, card.gins, card.hands_won),
        ),
        (
            left,
            3,
            say("undercut_rate"),
            words.percent(lang, card.undercut_rate),
            words.undercut_caption(lang, card.undercut, card.knocks),
        ),
        (
            right,
            3,
            say("knock_deadwood"),
            words.one_decimal(lang, card.knock_deadwood),
            words.knock_caption(lang, card.knocks),
        ),
        (
            left,
            4,
            say("best_streak"),
            str(card.best_streak),
            words.streak_caption(lang, card.current_streak),
        ),
    ]
    for column, row, label, value, caption in tiles:
        _tile(scene, cell(column, row), label, value, wrap(caption, SMALL, ROOM))
    achievements = words.achievement_names(lang, card.achievements)
    draw_achievements(
        scene, cell(right, 4), say("achievements"), say("no_achievements"), achievements
    )
    _tile(scene, cell(left, 5), say("best_hand"), *_best_hand(card, lang))
    _tile(scene, cell(right, 5), say("head_to_head"), *_head_to_head(card, lang))
    return scene


def _row_tops() -> list[int]:
    tops = [HEADER_H]
    for height in ROWS[:-1]:
        tops.append(tops[-1] + height + TILE_GAP)
    return tops


def _header(scene: Scene, card: ProfileCard, lang: Lang) -> None:
    box = pill(
        scene,
        (WIDTH - MARGIN - 8, 42),
        words.rating_pill(lang, card.rating),
        28,
        fill=theme.GOLD if card.rating is not None else theme.FELT_DARK,
        ink=theme.DARK_TEXT if card.rating is not None else theme.TEXT,
        anchor="r",
    )
    x = MARGIN + 8
    room = box[0] - 16 - x
    name = name_text(card.name, 0, 36, room, lang=lang)
    text(scene, (x, 40), name, 36, anchor="lm", max_width=room)
    subtitle = words.subtitle(lang, card.games)
    full = WIDTH - MARGIN - 8 - x
    text(scene, (x, 84), subtitle, SMALL, theme.TEXT_DIM, anchor="lm", max_width=full)


def _panel(scene: Scene, box: Box) -> None:
    scene.rounded_rectangle(box, 14, fill=theme.PANEL)


def _tile(scene: Scene, box: Box, label: str, value: str, caption: list[str]) -> None:
    """A figure: its label, the value, and its caption's lines under it (as
    many as the box has room for: the rest is cut, which only a long name in
    a caption ever needs)."""
    _panel(scene, box)
    x0, y0, _, y1 = box
    room = ROOM
    text(scene, (x0 + 14, y0 + 24), label, SMALL, theme.TEXT_DIM, anchor="lm", max_width=room)
    text(scene, (x0 + 14, y0 + 60), value, VALUE_SIZE, anchor="lm", max_width=room)
    fits = (y1 - y0 - 96 - 22) // LINE_H + 1
    if len(caption) > fits:
        caption = [*caption[: fits - 1], " ".join(caption[fits - 1 :])]
    for i, line in enumerate(caption):
        y = y0 + 96 + LINE_H * i
        text(scene, (x0 + 14, y), line, SMALL, theme.TEXT_DIM, anchor="lm", max_width=room)


def _best_hand(card: ProfileCard, lang: Lang) -> tuple[str, list[str]]:
    if card.best_hand is None:
        return words.NO_FIGURE, []
    points, end, game_id, hand = card.best_hand
    caption = words.best_hand_caption(lang, end, game_id, hand)
    return words.best_hand_value(lang, points), wrap(caption, SMALL, ROOM)


def _head_to_head(card: ProfileCard, lang: Lang) -> tuple[str, list[str]]:
    """The wins of each against the viewer, the player's name in the caption
    as wide as its two lines allow (the words around it whole)."""
    if card.head_to_head is None:
        return words.NO_FIGURE, wrap(words.label(lang, "yourself"), SMALL, ROOM)
    value = words.head_to_head_value(*card.head_to_head)
    lines: list[str] = []
    for most in NAME_WIDTHS:
        name = name_text(card.name, 0, SMALL, most, lang=lang)
        caption = words.head_to_head_caption(lang, name)
        lines = wrap(caption, SMALL, ROOM, whole=(name,))
        if len(lines) <= 2:
            break
    return value, lines


def _chart(scene: Scene, box: Box, card: ProfileCard, lang: Lang) -> None:
    """The rating after each rated game, oldest on the left; the lowest and
    highest ratings on the left edge, the first and last days below."""
    left, top, right, bottom = box
    _panel(scene, box)
    label = words.label(lang, "rating")
    text(scene, (left + 14, top + 24), label, SMALL, theme.TEXT_DIM, anchor="lm")
    values = card.ratings
    if len(values) < 2:
        lines = wrap(words.label(lang, "no_chart"), SMALL, right - left - 28)
        mid = (top + bottom) / 2 - LINE_H * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            y = mid + LINE_H * i
            text(scene, ((left + right) / 2, y), line, SMALL, theme.TEXT_DIM, anchor="mm")
        return
    low, high = min(values), max(values)
    span = max(high - low, 20.0)
    mid = (low + high) / 2
    lo, hi = mid - span / 2, mid + span / 2
    marks = [(value, words.rating_value(value)) for value in (high, low)]
    axis = max(text_width(mark, SMALL) for _, mark in marks)
    plot = (left + 14 + round(axis) + 10, top + 62, right - 18, bottom - 64)
    px0, py0, px1, py1 = plot
    for value, mark in marks:
        y = py1 - (value - lo) / (hi - lo) * (py1 - py0)
        scene.line((px0, y, px1, y), fill=theme.FELT_DARK, width=2)
        text(scene, (px0 - 10, y), mark, SMALL, theme.TEXT_DIM, anchor="rm")
    step = (px1 - px0) / (len(values) - 1)
    points = [
        (px0 + i * step, py1 - (v - lo) / (hi - lo) * (py1 - py0)) for i, v in enumerate(values)
    ]
    for (xa, ya), (xb, yb) in pairwise(points):
        scene.line((xa, ya, xb, yb), fill=theme.GOLD, width=3)
    lx, ly = points[-1]
    scene.ellipse((lx - 5, ly - 5, lx + 5, ly + 5), fill=theme.GOLD)
    if card.first_at is not None and card.last_at is not None:
        # Under the panel's edges rather than the plot's: two dates at SMALL
        # need the panel's whole width.
        y = bottom - 24
        text(scene, (left + 14, y), words.date(card.first_at), SMALL, theme.TEXT_DIM, anchor="lm")
        text(scene, (right - 14, y), words.date(card.last_at), SMALL, theme.TEXT_DIM, anchor="rm")
