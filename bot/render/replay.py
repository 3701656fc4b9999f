"""One step of a replayed hand: both hands as they stood, the pile's top,
the stock and the move in words.

A replay is of a hand whose game is over (the service refuses any other),
so both hands are drawn face up, each laid out in melds and deadwood as a
reveal is; the card the move drew or took is outlined.  Sent only as a
private answer to whoever asked.  Its words are :mod:`.replay_words`'.

Every text, card corner indices included, is at least :data:`SMALL`, the
size still 11 px tall when the image is shown 400 px wide on a phone (see
:func:`.text.legible_size`).  So the move in words has two lines: it is
wrapped (:mod:`.wrap`) rather than cut, and only the names in it are
shortened, as little as lets it fit.  The height is the same at every step,
so stepping through a hand never moves the buttons under the image.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from bot.engine.cards import Card
from bot.engine.melds import best_arrangement
from bot.engine.records import ActionKind, HandResult
from bot.engine.replay import ReplayFrame
from bot.i18n import Lang

from . import replay_words as words
from . import theme
from .cards import card_height
from .fonts import Face
from .layout import Group, draw_row, plan_row
from .scene import Scene
from .text import legible_size
from .widgets import name_text, pill, rich_line, text, text_width
from .wrap import Part, wrap_parts

WIDTH = 900
MARGIN = 24
#: The smallest text: 11 px when the replay is shown 400 px wide (see .text);
#: the labels under the cards, the captions, the pill and the dealer's mark.
SMALL = legible_size(WIDTH)
HEADER_H = 104
HEADING_SIZE = 30
CARD_W = 84
NAME_H = 54
#: The name line, the cards, their labels (a line of SMALL under them).
SEAT_H = NAME_H + card_height(CARD_W) + 50
#: Wide enough for the word in an empty slot at SMALL ("empty", "vacío").
TABLE_W = 100
TABLE_GAP = 260  # between the stock and the pile: room for both labels
TABLE_H = card_height(TABLE_W) + 56
MOVE_SIZE = 26
#: The move in words takes up to two lines (two names and the words around).
MOVE_LINES = 2
FOOTER_H = 26 + MOVE_LINES * 34
HEIGHT = HEADER_H + 2 * SEAT_H + TABLE_H + FOOTER_H
#: The widths a name in the move line is tried at, widest first, until the
#: move fits its lines (the words around the names are never cut).
NAME_WIDTHS = (360, 260, 180, 120)


def render_replay(
    frame: ReplayFrame, game_id: int, *, four_color: bool = False, lang: Lang = Lang.EN
) -> bytes:
    """PNG of one replay step (see the module docstring), worded in ``lang``
    (the language of whoever asked)."""
    return replay_scene(frame, game_id, four_color=four_color, lang=lang).png()


def replay_image(
    frame: ReplayFrame, game_id: int, *, four_color: bool = False, lang: Lang = Lang.EN
) -> Image.Image:
    """The step before encoding (tests inspect it)."""
    return replay_scene(frame, game_id, four_color=four_color, lang=lang).image()


def replay_scene(
    frame: ReplayFrame, game_id: int, *, four_color: bool = False, lang: Lang = Lang.EN
) -> Scene:
    """The step as drawing operations (see :mod:`.scene`)."""
    scene = Scene(WIDTH, HEIGHT)
    _header(scene, frame, game_id, lang)
    y = HEADER_H
    _seat(scene, frame, 0, y, four_color, lang)
    y += SEAT_H
    _table(scene, frame, y, four_color, lang)
    y += TABLE_H
    _seat(scene, frame, 1, y, four_color, lang)
    y += SEAT_H
    _footer(scene, frame, y, four_color, lang)
    return scene


def _header(scene: Scene, frame: ReplayFrame, game_id: int, lang: Lang) -> None:
    step = frame.step
    box = pill(
        scene,
        (WIDTH - MARGIN - 8, 42),
        words.step_pill(step.index, frame.steps),
        26,
        fill=theme.GOLD if frame.is_last else theme.FELT_DARK,
        ink=theme.DARK_TEXT if frame.is_last else theme.TEXT,
        anchor="r",
    )
    x = MARGIN + 8
    room = box[0] - 16 - x
    heading = words.heading(lang, game_id, frame.hand_number)
    # A game of many digits in a long language: the condensed face keeps
    # the heading whole at its size rather than cutting it.
    face = Face.BOLD if text_width(heading, HEADING_SIZE) <= room else Face.CONDENSED
    text(scene, (x, 38), heading, HEADING_SIZE, anchor="lm", face=face, max_width=room)
    caption = words.step_caption(lang, frame)
    text(scene, (x, 80), caption, SMALL, theme.TEXT_DIM, anchor="lm", max_width=room)


@lru_cache(maxsize=1024)
def _groups(cards: tuple[Card, ...], marked: Card | None, lang: Lang) -> tuple[Group, ...]:
    """A hand as melds (on plates) and deadwood, ``marked`` outlined (cached
    with the language: the labels are worded in it)."""
    arrangement = best_arrangement(cards)
    marks = {} if marked is None or marked not in cards else {marked: theme.GOLD}
    groups = [
        Group(
            m.cards,
            label=words.meld_label(lang, m.is_run),
            plate=True,
            marks={c: v for c, v in marks.items() if c in m.cards},
        )
        for m in arrangement.melds
    ]
    if arrangement.deadwood:
        groups.append(
            Group(
                arrangement.deadwood,
                label=words.deadwood_label(lang, arrangement.deadwood_value),
                label_color=theme.TEXT,
                marks={c: v for c, v in marks.items() if c in arrangement.deadwood},
            )
        )
    return tuple(groups)


def _laid_down(result: HandResult, seat: int, lang: Lang) -> tuple[Group, ...]:
    """At the end of a hand that was knocked: the hands as laid down (the
    knocker's melds and deadwood; the defender's, and what they laid off)."""
    laid: tuple[Card, ...] = ()
    if seat == result.knocker:
        melds, dead, value = result.knocker_melds, result.knocker_deadwood, result.knocker_value
    else:
        melds, dead = result.defender_melds, result.defender_deadwood
        laid, value = tuple(c for c, _ in result.layoffs), result.defender_value
    groups = [Group(m.cards, label=words.meld_label(lang, m.is_run), plate=True) for m in melds]
    if laid:
        groups.append(
            Group(
                laid,
                label=words.laid_off(lang),
                label_color=theme.LAYOFF,
                marks=dict.fromkeys(laid, theme.LAYOFF),
            )
        )
    if dead:
        groups.append(Group(dead, label=words.deadwood_label(lang, value), label_color=theme.TEXT))
    return tuple(groups)


def _seat(
    scene: Scene, frame: ReplayFrame, seat: int, y: int, four_color: bool, lang: Lang
) -> None:
    step = frame.step
    active = step.to_move == seat
    box = (MARGIN, y + 4, WIDTH - MARGIN, y + SEAT_H - 4)
    if active:
        scene.rounded_rectangle(box, 14, fill=theme.PANEL_ACTIVE, outline=theme.GOLD, width=3)
    else:
        scene.rounded_rectangle(box, 14, fill=theme.PANEL)
    x = MARGIN + 18
    r = round(SMALL * 0.66)  # the dealer's mark: a disc round its letter
    cy = y + 29
    room = WIDTH - MARGIN - 18 - x
    if frame.dealer == seat:
        room -= 2 * r + 12
    if active:
        room -= round(text_width(words.to_move(lang), SMALL)) + 2 * round(SMALL * 0.55) + 12
    name = name_text(frame.names[seat], seat, 28, room, lang=lang)
    nw = text(scene, (x, cy), name, 28, theme.GOLD if active else theme.TEXT, anchor="lm")
    after = x + nw + 12
    if frame.dealer == seat:
        cx = after + r
        scene.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.TEXT)
        text(scene, (cx, cy + 1), words.dealer_mark(lang), SMALL, theme.DARK_TEXT, anchor="mm")
        after += 2 * r + 12
    if active:
        pill(scene, (after, cy), words.to_move(lang), SMALL, fill=theme.GOLD, anchor="l")
    cards = step.hands[seat]
    drew = step.kind in (ActionKind.DRAW_STOCK, ActionKind.TAKE_DISCARD) and step.seat == seat
    if frame.is_last and frame.result.knocker is not None:
        groups = _laid_down(frame.result, seat, lang)
    else:
        groups = _groups(cards, step.card if drew else None, lang)
    top = y + NAME_H
    if not groups:
        text(scene, (WIDTH / 2, top + 60), words.no_cards(lang), SMALL, theme.TEXT_DIM, anchor="mm")
        return
    inner = WIDTH - 2 * MARGIN - 36
    plan = plan_row([len(g.cards) for g in groups], CARD_W, inner, gap=22)
    draw_row(
        scene,
        groups,
        plan,
        round((WIDTH - plan.width) / 2),
        top,
        four_color=four_color,
        label_size=SMALL,
        bounds=(MARGIN + 12, WIDTH - MARGIN - 12),
    )


def _table(scene: Scene, frame: ReplayFrame, y: int, four_color: bool, lang: Lang) -> None:
    """The stock (a back and its count) and the pile's top card."""
    step = frame.step
    w, h = TABLE_W, card_height(TABLE_W)
    gap = TABLE_GAP
    x0 = round((WIDTH - (2 * w + gap)) / 2)
    top = y + 10
    label_y = top + h + 10
    if step.stock_count:
        scene.card(None, x0, top, w)
    else:
        _empty(scene, x0, top, w, h, lang)
    stock = words.stock_label(lang, step.stock_count)
    text(scene, (x0 + w / 2, label_y), stock, SMALL, anchor="mt")
    px = x0 + w + gap
    if step.pile_top is not None:
        scene.card(step.pile_top, px, top, w, four_color=four_color)
    else:
        _empty(scene, px, top, w, h, lang)
    pile = words.pile_label(lang, step.pile_size)
    text(scene, (px + w / 2, label_y), pile, SMALL, anchor="mt")


def _empty(scene: Scene, x: int, y: int, w: int, h: int, lang: Lang) -> None:
    scene.rounded_rectangle((x, y, x + w, y + h), 8, outline=theme.TEXT_DIM, width=2)
    text(scene, (x + w / 2, y + h / 2), words.empty_slot(lang), SMALL, theme.TEXT_DIM, anchor="mm")


def _footer(scene: Scene, frame: ReplayFrame, y: int, four_color: bool, lang: Lang) -> None:
    """The move in words; on the last step, how the hand ended."""
    left, right = MARGIN + 12, WIDTH - MARGIN - 12
    lines = move_lines(frame, lang, right - left)
    first = y + 34 + 17 * (MOVE_LINES - len(lines))  # centred in the footer
    for i, line in enumerate(lines):
        rich_line(
            scene,
            (left, first + 34 * i),
            line,
            MOVE_SIZE,
            four_color=four_color,
            fill=theme.GOLD if frame.is_last else theme.TEXT,
            max_x=right,
        )


def move_lines(frame: ReplayFrame, lang: Lang, width: int) -> list[list[Part]]:
    """The move in at most :data:`MOVE_LINES` lines of ``width``: the names
    as wide as that allows (see :data:`NAME_WIDTHS`), the words whole."""
    lines: list[list[Part]] = []
    for most in NAME_WIDTHS:
        names = (
            name_text(frame.names[0], 0, MOVE_SIZE, most, lang=lang),
            name_text(frame.names[1], 1, MOVE_SIZE, most, lang=lang),
        )
        parts = words.move_parts(lang, frame, names)
        lines = wrap_parts(parts, MOVE_SIZE, width, whole=names)
        if len(lines) <= MOVE_LINES:
            break
    return lines[:MOVE_LINES]
