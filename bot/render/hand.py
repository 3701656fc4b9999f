"""The private hand image, sent to one player every turn.

Why two rows (melds above, deadwood below) on an 800-pixel canvas rather than
one long row: Discord shrinks images to the width of a phone, so a narrower
image keeps the card indices bigger on screen; and a fixed place for melds and
deadwood lets a player read the hand at a glance, turn after turn.
"""

from __future__ import annotations

from PIL import Image

from bot.engine.assist import Assist
from bot.engine.cards import Card
from bot.engine.records import Phase
from bot.engine.views import SeatView

from . import theme, words
from .advice import Advice, Verdict, advise_view
from .cards import card_height
from .layout import Group, draw_row, plan_row
from .scene import Scene
from .widgets import name_text, pill, text, text_width

WIDTH = 800
MARGIN = 28
CARD_W = 112
MINI_W = 60
HEADER_H = 108
LIFT = 22  # how far the card just drawn sits above its neighbours
ROW_TOP_ROOM = 50  # room above a row for the lift and the "NEW" tag
ROW_LABEL_ROOM = 40
ROW_H = ROW_TOP_ROOM + card_height(CARD_W) + ROW_LABEL_ROOM
HEIGHT = HEADER_H + 2 * ROW_H + 8

_VERDICT_PILL = {
    Verdict.KNOCK: (words.KNOCK_NOW, theme.GOOD),
    Verdict.GIN: (words.GIN_NOW, theme.GOLD),
    Verdict.BIG_GIN: (words.BIG_GIN_NOW, theme.GOLD),
    Verdict.KNOCK_READY: (words.KNOCK_READY, theme.GOOD),
    Verdict.GIN_READY: (words.GIN_READY, theme.GOLD),
}


def render_hand(view: SeatView, *, four_color: bool = False, assist: Assist = Assist.FULL) -> bytes:
    """PNG of ``view.seat``'s own hand: PRIVATE, send only to that player.
    ``assist`` says how much analysis it shows (see :func:`advise_view`)."""
    return hand_scene(view, four_color=four_color, assist=assist).png()


def hand_image(
    view: SeatView, *, four_color: bool = False, assist: Assist = Assist.FULL
) -> Image.Image:
    """The hand before encoding (tests inspect its exact colours)."""
    return hand_scene(view, four_color=four_color, assist=assist).image()


def hand_scene(view: SeatView, *, four_color: bool = False, assist: Assist = Assist.FULL) -> Scene:
    """The hand as drawing operations (see :mod:`.scene`)."""
    advice = advise_view(view, assist)
    scene = Scene(WIDTH, HEIGHT)
    _header(scene, view, advice, four_color)

    meld_groups = [
        Group(
            m.cards,
            label=words.meld_label(m.is_run),
            plate=True,
            marks=_marks(view, advice, m.cards),
            lifted=_lifted(view, m.cards),
            tags=_tags(view, m.cards),
        )
        for m in advice.melds
    ]
    low_groups: list[Group] = []
    if not advice.analysed:
        meld_groups, low_groups = _sorted_rows(view, advice)
    elif advice.deadwood:
        low_groups.append(
            Group(
                advice.deadwood,
                label=words.deadwood_label(advice.deadwood_value),
                label_color=theme.TEXT,
                marks=_marks(view, advice, advice.deadwood),
                lifted=_lifted(view, advice.deadwood),
                tags=_tags(view, advice.deadwood),
            )
        )
    if advice.discard is not None:
        low_groups.append(
            Group(
                (advice.discard,),
                label=words.BEST_DISCARD,
                label_color=theme.WARN,
                marks=_marks(view, advice, (advice.discard,)),
                lifted=_lifted(view, (advice.discard,)),
                tags=_tags(view, (advice.discard,)),
            )
        )

    row1_y = HEADER_H + ROW_TOP_ROOM
    row2_y = row1_y + ROW_H
    _row(scene, meld_groups, row1_y, words.NO_MELDS, four_color)
    empty = words.ALL_MELD if advice.melds else words.NO_CARDS
    _row(scene, low_groups, row2_y, empty, four_color)
    return scene


def _sorted_rows(view: SeatView, advice: Advice) -> tuple[list[Group], list[Group]]:
    """Assist ``off``: the cards in display order, split over the two rows."""
    cards = advice.deadwood
    half = (len(cards) + 1) // 2

    def row(part: tuple[Card, ...]) -> list[Group]:
        if not part:
            return []
        marks = _marks(view, advice, part)
        return [Group(part, marks=marks, lifted=_lifted(view, part), tags=_tags(view, part))]

    return row(cards[:half]), row(cards[half:])


def _row(
    scene: Scene,
    groups: list[Group],
    y: int,
    empty: str,
    four_color: bool,
) -> None:
    """Centre a row of groups, or a quiet note where the row would be."""
    if not groups:
        mid = y + card_height(CARD_W) // 2
        text(scene, (WIDTH / 2, mid), empty, 26, theme.TEXT_DIM, anchor="mm")
        return
    plan = plan_row([len(g.cards) for g in groups], CARD_W, WIDTH - 2 * MARGIN)
    x = round((WIDTH - plan.width) / 2)
    draw_row(
        scene,
        groups,
        plan,
        x,
        y,
        four_color=four_color,
        lift=LIFT,
        bounds=(MARGIN, WIDTH - MARGIN),
    )


def _marks(view: SeatView, advice: Advice, cards: tuple[int, ...]) -> dict[int, theme.RGB]:
    marks: dict[int, theme.RGB] = {}
    for c in cards:
        if c in advice.best_discards:
            marks[c] = theme.WARN
        elif c == view.drawn:
            marks[c] = theme.GOLD
    return marks


def _lifted(view: SeatView, cards: tuple[int, ...]) -> frozenset[int]:
    return frozenset(c for c in cards if c == view.drawn)


def _tags(view: SeatView, cards: tuple[int, ...]) -> dict[int, str]:
    """The card just drawn says where it came from: a card taken from the
    pile may not be thrown back this turn."""
    tag = words.FROM_PILE if view.drawn_from_pile else words.NEW
    return {c: tag for c in cards if c == view.drawn}


def _header(scene: Scene, view: SeatView, advice: Advice, four_color: bool) -> None:
    """Deadwood and verdict on the left; pile top, stock and knock limit on
    the right; whose turn under the deadwood."""
    pub = view.public
    # Right block: the top of the pile as a small card, facts beside it.
    mini_x = WIDTH - MARGIN - MINI_W
    mini_y = 18
    top = pub.top_discard
    if top is not None:
        scene.card(top, mini_x, mini_y, MINI_W, four_color=four_color)
    else:
        scene.rounded_rectangle(
            (mini_x, mini_y, mini_x + MINI_W, mini_y + card_height(MINI_W)),
            6,
            outline=theme.TEXT_DIM,
            width=2,
        )
    rx = mini_x - 14
    text(scene, (rx, 20), words.PILE_TOP, 20, theme.TEXT_DIM, anchor="ra")
    text(scene, (rx, 48), words.hand_stock(pub.stock_count), 22, theme.TEXT, anchor="ra")
    limit = pub.knock_limit
    limit_text = words.knock_caption(limit)
    limit_color = theme.GOLD if limit < 10 else theme.TEXT
    text(scene, (rx, 76), limit_text, 22, limit_color, anchor="ra")
    right_edge = rx - max(
        text_width(limit_text, 22), text_width(words.hand_stock(pub.stock_count), 22)
    )

    # Left block.
    x = MARGIN
    if not advice.analysed:
        headline = words.card_count(len(view.hand))
    elif advice.verdict is Verdict.BIG_GIN:
        headline = words.ELEVEN_MELD
    else:
        headline = words.deadwood_label(advice.deadwood_value)
    w = text(scene, (x, 18), headline, 40, theme.TEXT)
    verdict = _VERDICT_PILL.get(advice.verdict)
    if verdict is not None:
        label, color = verdict
        pill(scene, (x + w + 16, 42), label, 24, fill=color)

    if view.my_turn:
        turn = words.MY_TURN[pub.phase]
        if pub.phase is Phase.DISCARD and advice.verdict is Verdict.BIG_GIN:
            turn = words.DECLARE_BIG_GIN
        elif pub.phase is Phase.DISCARD and limit <= 0:
            turn = words.DISCARD_OR_GIN
        turn_color = theme.GOLD
    elif pub.phase is Phase.GAME_OVER or pub.turn is None:
        turn, turn_color = words.GAME_OVER, theme.TEXT_DIM
    else:
        name = name_text(pub.names[view.opponent], view.opponent, 24, 300)
        turn, turn_color = words.waiting_for(name), theme.TEXT_DIM
    text(scene, (x, 78), turn, 24, turn_color, max_width=right_edge - x - 16)
