"""The daily puzzle's image: your eleven cards, the discard pile's top card
and the stock, and your opponent's last turn (the card they drew and the one
they discarded), under the day's question.

The hand is one row in display order, never laid out in melds: the melds
are part of what the puzzle asks you to see.  The card you drew is lifted
and tagged, as on your own hand ("from the discard pile" when it may not be
discarded this turn).  Sent only as a private answer to whoever asked, and
it never shows the answer.  Its words are :mod:`.puzzle_words`'.

Every text, card corner indices included, is at least :data:`SMALL`, the
size still 11 px tall when the image is shown 400 px wide on a phone (see
:func:`.text.legible_size`); a caption too long for its place takes the
condensed face, then is shortened.
"""

from __future__ import annotations

from PIL import Image

from bot.engine.cards import CARDS
from bot.i18n import Lang

from . import puzzle_words as words
from . import theme
from . import words as game_words
from .cards import card_height
from .fonts import Face
from .layout import Group, draw_row, plan_row
from .puzzle_card import PuzzleCard
from .scene import Scene
from .text import legible_size
from .widgets import text, text_width

WIDTH = 800
MARGIN = 28
#: The smallest text: 11 px when the image is shown 400 px wide.
SMALL = legible_size(WIDTH)
TITLE_SIZE = 30
HEADER_H = 104
TABLE_W = 84
#: The table: a heading line, the cards, a caption line under them.
TABLE_H = 36 + card_height(TABLE_W) + 48
HAND_W = 100
LIFT = 22
HAND_TOP = 58  # room above the hand for the lift and the tag
HEIGHT = HEADER_H + TABLE_H + HAND_TOP + card_height(HAND_W) + 36
#: The table's places: the stock and the top card at the left, the panel of
#: the opponent's last turn at the right (its two cards at its quarters).
STOCK_X = MARGIN + 32
TOP_X = MARGIN + 202
PANEL = (404, WIDTH - MARGIN)
_QUARTER = (PANEL[1] - PANEL[0]) // 4
SLOTS = (STOCK_X, TOP_X, PANEL[0] + _QUARTER - TABLE_W // 2, PANEL[1] - _QUARTER - TABLE_W // 2)
#: The width a caption under a table card may take (less than the room between cards).
CAPTION_W = 170
QUESTION_SIZE = SMALL + 2


def render_puzzle(puzzle: PuzzleCard, *, four_color: bool = False, lang: Lang = Lang.EN) -> bytes:
    """PNG of the puzzle, worded in ``lang`` (the language of whoever asked)."""
    return puzzle_scene(puzzle, four_color=four_color, lang=lang).png()


def puzzle_image(
    puzzle: PuzzleCard, *, four_color: bool = False, lang: Lang = Lang.EN
) -> Image.Image:
    """The puzzle before encoding (tests inspect it)."""
    return puzzle_scene(puzzle, four_color=four_color, lang=lang).image()


def puzzle_scene(puzzle: PuzzleCard, *, four_color: bool = False, lang: Lang = Lang.EN) -> Scene:
    """The puzzle as drawing operations (see :mod:`.scene`)."""
    scene = Scene(WIDTH, HEIGHT)
    room = WIDTH - 2 * MARGIN
    heading = words.title(lang, puzzle)
    text(scene, (MARGIN, 40), heading, TITLE_SIZE, anchor="lm", max_width=room)
    ask = words.question(lang, puzzle)
    face = Face.BOLD if text_width(ask, QUESTION_SIZE) <= room else Face.CONDENSED
    text(
        scene, (MARGIN, 80), ask, QUESTION_SIZE, theme.GOLD, anchor="lm", face=face, max_width=room
    )
    _table(scene, puzzle, HEADER_H, four_color, lang)
    _hand(scene, puzzle, HEADER_H + TABLE_H, four_color, lang)
    return scene


def _caption(scene: Scene, centre: float, y: float, value: str, color: theme.RGB) -> None:
    face = Face.BOLD if text_width(value, SMALL) <= CAPTION_W else Face.CONDENSED
    text(scene, (centre, y), value, SMALL, color, anchor="mt", face=face, max_width=CAPTION_W)


def _table(scene: Scene, puzzle: PuzzleCard, top: int, four_color: bool, lang: Lang) -> None:
    y = top + 36
    h = card_height(TABLE_W)
    under = y + h + 10
    stock_x, top_x, drew_x, threw_x = SLOTS
    scene.card(None, stock_x, y, TABLE_W)
    _caption(scene, stock_x + TABLE_W / 2, under, words.stock_label(lang, puzzle), theme.TEXT_DIM)
    if puzzle.top is not None:
        scene.card(CARDS[puzzle.top], top_x, y, TABLE_W, four_color=four_color)
    _caption(scene, top_x + TABLE_W / 2, under, words.top_label(lang), theme.TEXT_DIM)
    if puzzle.opp_discarded is None:
        return
    left, right = PANEL
    scene.rounded_rectangle((left, top + 4, right, under + SMALL + 12), 14, fill=theme.FELT_DARK)
    heading = words.opponent_heading(lang)
    span = right - left - 16
    text(
        scene,
        ((left + right) / 2, top + 20),
        heading,
        SMALL,
        anchor="mm",
        face=Face.BOLD if text_width(heading, SMALL) <= span else Face.CONDENSED,
        max_width=span,
    )
    drew = None if puzzle.opp_took is None else CARDS[puzzle.opp_took]
    scene.card(drew, drew_x, y, TABLE_W, four_color=four_color)
    _caption(scene, drew_x + TABLE_W / 2, under, words.opponent_drew(lang, puzzle), theme.TEXT)
    scene.card(CARDS[puzzle.opp_discarded], threw_x, y, TABLE_W, four_color=four_color)
    _caption(scene, threw_x + TABLE_W / 2, under, words.opponent_discarded(lang), theme.TEXT)


def _hand(scene: Scene, puzzle: PuzzleCard, top: int, four_color: bool, lang: Lang) -> None:
    drawn = CARDS[puzzle.drawn]
    tag = game_words.drawn_tag(lang, from_pile=puzzle.drawn_from_pile)
    group = Group(
        tuple(CARDS[c] for c in puzzle.hand),
        marks={drawn: theme.GOLD},
        lifted=frozenset({drawn}),
        tags={drawn: tag},
    )
    plan = plan_row([len(group.cards)], HAND_W, WIDTH - 2 * MARGIN)
    x = round((WIDTH - plan.width) / 2)
    draw_row(
        scene,
        [group],
        plan,
        x,
        top + HAND_TOP,
        four_color=four_color,
        lift=LIFT,
        label_size=SMALL,
        bounds=(MARGIN, WIDTH - MARGIN),
    )
