"""The private hand image, sent to one player every turn.

Why two rows (melds above, deadwood below) on an 800-pixel canvas rather than
one long row: Discord shrinks images to the width of a phone, so a narrower
image keeps the card indices bigger on screen; and a fixed place for melds and
deadwood lets a player read the hand at a glance, turn after turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from bot.engine.assist import Assist
from bot.engine.cards import Card
from bot.engine.records import Phase
from bot.engine.views import SeatView
from bot.i18n import Lang

from . import theme, words
from .advice import Advice, Verdict, advise_view
from .cards import card_height
from .fonts import Face
from .layout import Group, draw_row, plan_row
from .scene import Scene
from .text import legible_size
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
#: The header's third line (see :class:`_Header`): how far below the
#: second it starts, and how much it adds to the image's height (so the tag
#: over a lifted card stays clear of it).
LINE_3 = 34
EXTRA_H = 44
#: The smallest text: 11 px when the hand is shown 400 px wide (see .text).
SMALL = legible_size(WIDTH)

#: The verdict pill's colour (its words are :func:`.words.verdict_pill`'s).
_VERDICT_COLOR = {
    Verdict.KNOCK: theme.GOOD,
    Verdict.GIN: theme.GOLD,
    Verdict.BIG_GIN: theme.GOLD,
    Verdict.KNOCK_READY: theme.GOOD,
    Verdict.GIN_READY: theme.GOLD,
}


def render_hand(
    view: SeatView,
    *,
    four_color: bool = False,
    assist: Assist = Assist.FULL,
    lang: Lang = Lang.EN,
) -> bytes:
    """PNG of ``view.seat``'s own hand: PRIVATE, send only to that player,
    worded in their language ``lang``.  ``assist`` says how much analysis it
    shows (see :func:`advise_view`)."""
    return hand_scene(view, four_color=four_color, assist=assist, lang=lang).png()


def hand_image(
    view: SeatView,
    *,
    four_color: bool = False,
    assist: Assist = Assist.FULL,
    lang: Lang = Lang.EN,
) -> Image.Image:
    """The hand before encoding (tests inspect its exact colours)."""
    return hand_scene(view, four_color=four_color, assist=assist, lang=lang).image()


def hand_scene(
    view: SeatView,
    *,
    four_color: bool = False,
    assist: Assist = Assist.FULL,
    lang: Lang = Lang.EN,
) -> Scene:
    """The hand as drawing operations (see :mod:`.scene`)."""
    advice = advise_view(view, assist)
    plan = _plan_header(view, advice, lang)
    scene = Scene(WIDTH, HEIGHT + plan.extra)
    _header(scene, view, plan, four_color, lang)
    tag = words.drawn_tag(lang, from_pile=view.drawn_from_pile)

    meld_groups = [
        Group(
            m.cards,
            label=words.meld_label(lang, m.is_run),
            plate=True,
            marks=_marks(view, advice, m.cards),
            lifted=_lifted(view, m.cards),
            tags=_tags(view, m.cards, tag),
        )
        for m in advice.melds
    ]
    low_groups: list[Group] = []
    if not advice.analysed:
        meld_groups, low_groups = _sorted_rows(view, advice, tag)
    elif advice.deadwood:
        low_groups.append(
            Group(
                advice.deadwood,
                label=words.deadwood_label(lang, advice.deadwood_value),
                label_color=theme.TEXT,
                marks=_marks(view, advice, advice.deadwood),
                lifted=_lifted(view, advice.deadwood),
                tags=_tags(view, advice.deadwood, tag),
            )
        )
    if advice.discard is not None:
        low_groups.append(
            Group(
                (advice.discard,),
                label=words.best_discard(lang),
                label_color=theme.WARN,
                marks=_marks(view, advice, (advice.discard,)),
                lifted=_lifted(view, (advice.discard,)),
                tags=_tags(view, (advice.discard,), tag),
            )
        )

    row1_y = HEADER_H + plan.extra + ROW_TOP_ROOM
    row2_y = row1_y + ROW_H
    _row(scene, meld_groups, row1_y, words.no_melds(lang), four_color)
    empty = words.all_meld(lang) if advice.melds else words.no_cards(lang)
    _row(scene, low_groups, row2_y, empty, four_color)
    return scene


def _sorted_rows(view: SeatView, advice: Advice, tag: str) -> tuple[list[Group], list[Group]]:
    """Assist ``off``: the cards in display order, split over the two rows."""
    cards = advice.deadwood
    half = (len(cards) + 1) // 2

    def row(part: tuple[Card, ...]) -> list[Group]:
        if not part:
            return []
        marks = _marks(view, advice, part)
        tags = _tags(view, part, tag)
        return [Group(part, marks=marks, lifted=_lifted(view, part), tags=tags)]

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
        label_size=SMALL,
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


def _tags(view: SeatView, cards: tuple[int, ...], tag: str) -> dict[int, str]:
    """The card just drawn says where it came from (``tag``): a card drawn
    from the discard pile may not be discarded again this turn."""
    return {c: tag for c in cards if c == view.drawn}


@dataclass(frozen=True, slots=True)
class _Header:
    """Where the words of the hand's header go.

    Why a plan: the header's left block (the deadwood and the verdict pill,
    then whose turn) shares its lines with the facts on the right (the top
    card, the stock, the knock limit), and the words of some languages (and
    the longest English turn lines) do not fit beside them.  Rather than cut
    a word or shrink it, the header then takes a third line: the pill moves
    to the second, the turn line to the third, and the image grows by
    :data:`EXTRA_H`.
    """

    headline: str
    verdict: str | None
    verdict_color: theme.RGB
    verdict_low: bool  # the pill on the second line
    turn: str
    turn_color: theme.RGB
    turn_low: bool  # the turn line on the third line
    turn_room: float

    @property
    def extra(self) -> int:
        return EXTRA_H if self.turn_low else 0


def _plan_header(view: SeatView, advice: Advice, lang: Lang) -> _Header:
    pub = view.public
    rx = WIDTH - MARGIN - MINI_W - 14
    stock_w = text_width(words.hand_stock(lang, pub.stock_count), 22)
    limit_w = text_width(words.knock_caption(lang, pub.knock_limit), 22)
    upper_edge = rx - max(text_width(words.top_card(lang), SMALL), stock_w)
    right_edge = rx - max(limit_w, stock_w)

    x = MARGIN
    if not advice.analysed:
        headline = words.card_count(lang, len(view.hand))
    elif advice.verdict is Verdict.BIG_GIN:
        headline = words.eleven_meld(lang)
    else:
        headline = words.deadwood_label(lang, advice.deadwood_value)
    verdict = words.verdict_pill(lang, advice.verdict)
    verdict_low = verdict is not None and (
        x + text_width(headline, 40) + 16 + _pill_width(verdict) > upper_edge - 12
    )

    if view.my_turn:
        turn = words.my_turn(lang, pub.phase)
        if pub.phase is Phase.DISCARD and advice.verdict is Verdict.BIG_GIN:
            turn = words.declare_big_gin(lang)
        turn_color = theme.GOLD
    elif pub.phase is Phase.GAME_OVER or pub.turn is None:
        turn, turn_color = words.game_over(lang), theme.TEXT_DIM
    else:
        name = name_text(pub.names[view.opponent], view.opponent, 24, 300, lang=lang)
        turn, turn_color = words.waiting_for(lang, name), theme.TEXT_DIM
    room = right_edge - x - 16
    turn_low = verdict_low or text_width(turn, 24) > room
    if turn_low:
        room = WIDTH - 2 * MARGIN
    color = _VERDICT_COLOR.get(advice.verdict, theme.GOOD)
    return _Header(headline, verdict, color, verdict_low, turn, turn_color, turn_low, room)


def _pill_width(value: str) -> float:
    """The verdict pill's width (see :func:`.widgets.pill`)."""
    return text_width(value, 24) + 2 * round(24 * 0.55)


def _header(scene: Scene, view: SeatView, plan: _Header, four_color: bool, lang: Lang) -> None:
    """Deadwood and verdict on the left; pile top, stock and knock limit on
    the right; whose turn under the deadwood (see :class:`_Header`)."""
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
    text(scene, (rx, 18), words.top_card(lang), SMALL, theme.TEXT_DIM, anchor="ra")
    text(scene, (rx, 48), words.hand_stock(lang, pub.stock_count), 22, theme.TEXT, anchor="ra")
    limit = pub.knock_limit
    limit_color = theme.GOLD if limit < 10 else theme.TEXT
    text(scene, (rx, 76), words.knock_caption(lang, limit), 22, limit_color, anchor="ra")

    # Left block.
    x = MARGIN
    w = text(scene, (x, 18), plan.headline, 40, theme.TEXT)
    if plan.verdict is not None:
        at = (x, 90) if plan.verdict_low else (x + w + 16, 42)
        pill(scene, at, plan.verdict, 24, fill=plan.verdict_color)
    turn_y = 78 + (LINE_3 if plan.turn_low else 0)
    face = Face.BOLD if text_width(plan.turn, 24) <= plan.turn_room else Face.CONDENSED
    text(scene, (x, turn_y), plan.turn, 24, plan.turn_color, max_width=plan.turn_room, face=face)
