"""The public board: what everyone at the table can see.

Privacy by construction: this module receives only a :class:`PublicView`,
which holds no hand.  Each player's cards are drawn as backs; the only faces
shown are the discard pile and ``view.known`` (cards a player took from the
pile, which everyone saw).  Event cards are shown only for the kinds whose
card is public (discards, cards taken from the pile, the upcard).
"""

from __future__ import annotations

from PIL import Image

from bot.engine.cards import Card
from bot.engine.records import Event, EventKind, Phase
from bot.engine.views import PublicView
from bot.engine.words import seat_columns
from bot.i18n import Lang

from . import theme, words
from .cards import card_height, index_width
from .scene import Scene
from .text import legible_size
from .widgets import name_text, pill, rich_line, text, text_width

WIDTH = 800
MARGIN = 22
HEADER_H = 84
PANEL_H = 128
TABLE_H = 208
FOOTER_H = 52
HEIGHT = HEADER_H + 2 * PANEL_H + TABLE_H + FOOTER_H + 24
TABLE_CARD_W = 100
FAN_CARD_W = 56  # its corner index (22 px) stays readable at phone size
PILE_SHOWN = 5  # the top card and up to four under it
#: The smallest text: 11 px when the board is shown 400 px wide (see .text).
SMALL = legible_size(WIDTH)


def render_board(view: PublicView, *, four_color: bool = False, lang: Lang = Lang.EN) -> bytes:
    """PNG of the public table: pile, stock, players, scores, whose turn,
    worded in ``lang`` (the server's language: the board is public)."""
    return board_scene(view, four_color=four_color, lang=lang).png()


def board_image(view: PublicView, *, four_color: bool = False, lang: Lang = Lang.EN) -> Image.Image:
    """The board before encoding (tests inspect its exact colours)."""
    return board_scene(view, four_color=four_color, lang=lang).image()


def board_scene(view: PublicView, *, four_color: bool = False, lang: Lang = Lang.EN) -> Scene:
    """The board as drawing operations (see :mod:`.scene`)."""
    scene = Scene(WIDTH, HEIGHT)
    _header(scene, view, lang)
    top = HEADER_H
    _seat_panel(scene, view, 0, top, four_color, lang)
    _table(scene, view, top + PANEL_H, four_color, lang)
    _seat_panel(scene, view, 1, top + PANEL_H + TABLE_H, four_color, lang)
    _footer(scene, view, top + 2 * PANEL_H + TABLE_H + 6, four_color, lang)
    return scene


def _header(scene: Scene, view: PublicView, lang: Lang) -> None:
    """Hand number and rules on the left; knock limit (gold when it is not
    the usual 10, as in Oklahoma) and the spade double on the right."""
    rx = WIDTH - MARGIN - 8
    limit = view.knock_limit
    unusual = limit < 10
    box = pill(
        scene,
        (rx, 46),
        words.knock_caption(lang, limit),
        24,
        fill=theme.GOLD if unusual else theme.FELT_DARK,
        ink=theme.DARK_TEXT if unusual else theme.TEXT,
        anchor="r",
    )
    right = box[0]
    if view.spade_double:
        doubled = words.score_doubled(lang)
        right = pill(scene, (right - 10, 46), doubled, 22, fill=theme.WARN, anchor="r")[0]
    x = MARGIN + 8
    text(
        scene,
        (x, 32),
        words.hand_heading(lang, view),
        30,
        anchor="lm",
        max_width=right - 14 - x,
    )
    text(
        scene,
        (x, 62),
        words.rules_caption(lang, view),
        SMALL,
        theme.TEXT_DIM,
        anchor="lm",
        max_width=right - 14 - x,
    )


def _seat_panel(
    scene: Scene,
    view: PublicView,
    seat: int,
    y: int,
    four_color: bool,
    lang: Lang,
) -> None:
    """Name, score, dealer, whose turn, and the hand as backs (known cards up)."""
    active = view.turn == seat and view.phase is not Phase.GAME_OVER
    box = (MARGIN, y + 6, WIDTH - MARGIN, y + PANEL_H - 6)
    if active:
        scene.rounded_rectangle(box, 16, fill=theme.PANEL_ACTIVE, outline=theme.GOLD, width=4)
    else:
        scene.rounded_rectangle(box, 16, fill=theme.PANEL)

    # Right: the hand as a fan of backs, known cards face up at the front.
    count = max(0, view.card_counts[seat])
    known = tuple(view.known[seat])[:count]
    backs = count - len(known)
    back_step = 16
    face_step = index_width(FAN_CARD_W) + 2
    fan_w = (
        max(0, backs - 1) * back_step
        + (face_step * len(known) if backs else face_step * max(0, len(known) - 1))
        + (FAN_CARD_W if count else 0)
    )
    fan_x = box[2] - 24 - fan_w
    fan_y = y + 14
    x = fan_x
    for i in range(backs):
        scene.card(None, x, fan_y, FAN_CARD_W)
        x += back_step if i < backs - 1 else face_step
    for card in known:
        scene.card(card, x, fan_y, FAN_CARD_W, four_color=four_color, mark=theme.LAYOFF)
        x += face_step
    caption = words.fan_caption(lang, count, len(known))
    # Under the fan, but inside the panel (a caption can be wider than the fan).
    centre = min(fan_x + fan_w / 2, box[2] - 12 - text_width(caption, SMALL) / 2)
    text(
        scene,
        (centre, fan_y + card_height(FAN_CARD_W) + 5),
        caption,
        SMALL,
        theme.TEXT_DIM,
        anchor="mt",
    )

    # Left: name (and the turn pill after it), then the score line.
    lx = MARGIN + 22
    name_limit = fan_x - 24 - lx
    pill_text = words.turn_pill(lang, view.phase) if active else None
    if pill_text:
        name_limit -= round(text_width(pill_text, SMALL) + 24 + 16)
    dealer = view.dealer == seat
    if dealer:
        name_limit -= 40
    name = name_text(view.names[seat], seat, 34, max(40, name_limit), lang=lang)
    nw = text(scene, (lx, y + 44), name, 34, theme.GOLD if active else theme.TEXT, anchor="lm")
    after = lx + nw + 12
    if dealer:
        _dealer_chip(scene, after + 14, y + 46, lang)
        after += 40
    if pill_text:
        pill(scene, (after, y + 46), pill_text, SMALL, fill=theme.GOLD, anchor="l")

    won = view.hands_won[seat]
    if view.hollywood is not None:
        # Hollywood: the seat's three columns; * marks a column it has won.
        score = seat_columns(view.hollywood, seat)
        sw = text(scene, (lx, y + 94), score, 30, theme.TEXT, anchor="ls")
        detail = words.score_detail(lang, view.target, won, hollywood=True)
    else:
        sw = text(scene, (lx, y + 94), str(view.scores[seat]), 38, theme.TEXT, anchor="ls")
        detail = words.score_detail(lang, view.target, won, hollywood=False)
    text(scene, (lx + sw + 4, y + 94), detail, SMALL, theme.TEXT_DIM, anchor="ls")


def _dealer_chip(scene: Scene, cx: float, cy: float, lang: Lang) -> None:
    """A small white "D" button, like the dealer button on a real table."""
    r = 15
    scene.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.TEXT)
    text(scene, (cx, cy + 1), words.dealer_mark(lang), SMALL, theme.DARK_TEXT, anchor="mm")


def _table(scene: Scene, view: PublicView, y: int, four_color: bool, lang: Lang) -> None:
    """The stock (a back with its count) and the pile, top card fanned over a
    few of the cards under it."""
    w = TABLE_CARD_W
    h = card_height(w)
    pile = tuple(view.discard_pile)[-PILE_SHOWN:]
    step = index_width(w) - 8
    pile_w = w + max(0, len(pile) - 1) * step
    gap = 80
    total = w + gap + max(pile_w, w)
    x0 = round((WIDTH - total) / 2)
    top = y + 20
    label_y = top + h + 10

    if view.stock_count > 0:
        scene.card(None, x0, top, w)
    else:
        _empty_slot(scene, x0, top, w, h, lang)
    text(scene, (x0 + w / 2, label_y), words.stock_label(lang, view.stock_count), 22, anchor="mt")

    px = x0 + w + gap
    if pile:
        for i, card in enumerate(pile):
            scene.card(card, px + i * step, top, w, four_color=four_color)
    else:
        _empty_slot(scene, px, top, w, h, lang)
    label = words.pile_label(lang, view.phase, len(view.discard_pile))
    text(scene, (px + max(pile_w, w) / 2, label_y), label, 22, anchor="mt")


def _empty_slot(scene: Scene, x: int, y: int, w: int, h: int, lang: Lang) -> None:
    scene.rounded_rectangle((x, y, x + w, y + h), 10, outline=theme.TEXT_DIM, width=2)
    text(scene, (x + w / 2, y + h / 2), words.empty_slot(lang), SMALL, theme.TEXT_DIM, anchor="mm")


#: The events whose card everyone saw: a discard, a card drawn from the
#: discard pile, the upcard of a deal.
PUBLIC_CARD_EVENTS = frozenset({EventKind.DISCARD, EventKind.TAKE_DISCARD, EventKind.DEAL})


def _event_parts(event: Event, view: PublicView, lang: Lang) -> list[str | Card]:
    """One public event in words.  Only public cards appear: a card drawn
    from the stock is never shown, whatever the event carries."""
    seat = event.seat if event.seat in (0, 1) else 0
    who = name_text(view.names[seat], seat, SMALL, 200, lang=lang)
    card = event.card if event.kind in PUBLIC_CARD_EVENTS else None
    return words.event_parts(lang, event.kind, who, card)


def _footer(scene: Scene, view: PublicView, y: int, four_color: bool, lang: Lang) -> None:
    """The last two public events, so a glance tells what just happened."""
    events = tuple(view.last_events)[-2:]
    if not events:
        return
    parts: list[str | Card] = []
    for i, event in enumerate(events):
        if i:
            parts.append("   ·   ")
        parts.extend(_event_parts(event, view, lang))
    rich_line(
        scene,
        (MARGIN + 10, y + 32),
        parts,
        SMALL,
        four_color=four_color,
        fill=theme.TEXT_DIM,
        max_x=WIDTH - MARGIN - 10,
    )
