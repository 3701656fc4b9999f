"""The end-of-hand reveal: both hands laid down, layoffs, the score.

Public: a knock shows both hands to the table, so every card here is public
information (rules: the knocker's discard is face down and is not shown).
"""

from __future__ import annotations

from PIL import Image

from bot.engine.cards import Card
from bot.engine.melds import Meld
from bot.engine.records import HandEnd, HandResult
from bot.engine.rules import Ruleset
from bot.engine.views import PublicView
from bot.i18n import Lang

from . import theme, words
from .cards import card_height
from .fonts import Face
from .layout import Group, draw_row, plan_row
from .scene import Scene
from .scorebar import draw_score_bars
from .text import legible_size
from .widgets import name_text, phrase, pill, text, text_width

WIDTH = 900
MARGIN = 26
CARD_W = 100
HEADER_H = 104
SECTION_LABEL_H = 42
ROW_H = card_height(CARD_W) + 44
SECTION_H = SECTION_LABEL_H + ROW_H + 8
FOOTER_H = 78
HEIGHT = HEADER_H + 2 * SECTION_H + FOOTER_H + 10
DEAD_HEIGHT = HEADER_H + 120 + FOOTER_H + 10
TITLE_SIZE = 36
#: The smallest text: 11 px when the reveal is shown 400 px wide (see .text).
SMALL = legible_size(WIDTH)


def render_reveal(
    result: HandResult, view: PublicView, *, four_color: bool = False, lang: Lang = Lang.EN
) -> bytes:
    """PNG of a finished hand: both hands in melds, layoffs marked, points,
    running totals.  ``view`` supplies names, rules and the target; ``lang``
    is the server's language (the reveal is public)."""
    return reveal_scene(result, view, four_color=four_color, lang=lang).png()


def reveal_image(
    result: HandResult, view: PublicView, *, four_color: bool = False, lang: Lang = Lang.EN
) -> Image.Image:
    """The reveal before encoding (tests inspect its exact colours)."""
    return reveal_scene(result, view, four_color=four_color, lang=lang).image()


def reveal_scene(
    result: HandResult, view: PublicView, *, four_color: bool = False, lang: Lang = Lang.EN
) -> Scene:
    """The reveal as drawing operations (see :mod:`.scene`)."""
    dead = result.end is HandEnd.DEAD or result.knocker not in (0, 1)
    scene = Scene(WIDTH, DEAD_HEIGHT if dead else HEIGHT)
    _header(scene, result, view, lang)
    y = HEADER_H
    if dead:
        text(
            scene,
            (WIDTH / 2, y + 40),
            words.stock_down(lang),
            26,
            theme.TEXT_DIM,
            anchor="mm",
        )
        text(scene, (WIDTH / 2, y + 80), words.next_hand(lang), SMALL, theme.TEXT_DIM, anchor="mm")
        y += 120
    else:
        knocker = result.knocker if result.knocker in (0, 1) else 0
        defender = 1 - knocker
        _section(
            scene,
            y,
            name_text(view.names[knocker], knocker, 28, 360, lang=lang),
            words.knocker_caption(lang, result.end, result.knocker_value),
            _knocker_groups(result, lang),
            four_color,
            lang,
        )
        y += SECTION_H
        _section(
            scene,
            y,
            name_text(view.names[defender], defender, 28, 360, lang=lang),
            words.defender_caption(lang, result.defender_value, len(result.layoffs)),
            _defender_groups(result, lang),
            four_color,
            lang,
        )
        y += SECTION_H
    draw_score_bars(scene, view, result.totals, y + 4, WIDTH, MARGIN, SMALL, lang=lang)
    return scene


# --- headline and explanation (their words are .words') --------------------


def title(result: HandResult, view: PublicView, max_width: float = 600, *, lang: Lang) -> str:
    """The headline: who did what."""
    if result.end is HandEnd.DEAD or result.knocker not in (0, 1):
        return words.dead_hand(lang)
    k = result.knocker
    template = words.reveal_title(lang, result.end)
    names = [(view.names[k], k), (view.names[1 - k], 1 - k)]
    if "{1}" not in template:
        names = names[:1]
    return phrase(template, names, TITLE_SIZE, max_width, lang=lang)


def explanation(result: HandResult, rules: Ruleset, *, lang: Lang) -> str:
    """How the points came about (see :func:`.words.explanation`)."""
    base = result.points // 2 if result.doubled else result.points
    return words.explanation(
        lang,
        result.end,
        result.knocker_value,
        result.defender_value,
        base,
        result.points,
        result.doubled,
        rules,
    )


# --- card groups -------------------------------------------------------------------


def _with_layoffs(meld: Meld, extra: list[Card]) -> tuple[Card, ...]:
    """A knocker meld with the defender's cards added where they go: a run in
    rank order, a set with the fourth card at the end."""
    if meld.is_run:
        return tuple(sorted((*meld.cards, *extra), key=lambda c: c % 13))
    return (*meld.cards, *extra)


def _knocker_groups(result: HandResult, lang: Lang) -> list[Group]:
    laid: dict[int, list[Card]] = {}
    for card, index in result.layoffs:
        laid.setdefault(index, []).append(card)
    groups = []
    for i, meld in enumerate(result.knocker_melds):
        extra = laid.get(i, [])
        label = (
            words.laid_off_label(lang, len(extra)) if extra else words.meld_label(lang, meld.is_run)
        )
        groups.append(
            Group(
                _with_layoffs(meld, extra),
                label=label,
                plate=True,
                label_color=theme.LAYOFF if extra else theme.TEXT_DIM,
                marks=dict.fromkeys(extra, theme.LAYOFF),
            )
        )
    if result.knocker_deadwood:
        groups.append(
            Group(
                tuple(result.knocker_deadwood),
                label=words.deadwood_label(lang, result.knocker_value),
                label_color=theme.TEXT,
            )
        )
    return groups


def _defender_groups(result: HandResult, lang: Lang) -> list[Group]:
    groups = [
        Group(m.cards, label=words.meld_label(lang, m.is_run), plate=True)
        for m in result.defender_melds
    ]
    if result.defender_deadwood:
        groups.append(
            Group(
                tuple(result.defender_deadwood),
                label=words.deadwood_label(lang, result.defender_value),
                label_color=theme.TEXT,
            )
        )
    return groups


# --- drawing -----------------------------------------------------------------------


def _header(scene: Scene, result: HandResult, view: PublicView, lang: Lang) -> None:
    dead = result.end is HandEnd.DEAD or result.winner not in (0, 1)
    right = WIDTH - MARGIN - 8
    if not dead and result.winner in (0, 1):
        w = result.winner
        who = name_text(view.names[w], w, 26, 220, lang=lang)
        color = theme.WARN if result.end is HandEnd.UNDERCUT else theme.GOLD
        box = pill(
            scene,
            (right, 40),
            words.hand_points_pill(who, result.points),
            26,
            fill=color,
            anchor="r",
        )
        right = box[0] - 16
    x = MARGIN + 10
    head_color = theme.TEXT_DIM if dead else theme.GOLD
    head = title(result, view, right - x, lang=lang)
    text(scene, (x, 40), head, TITLE_SIZE, head_color, anchor="lm", max_width=right - x)
    sub = words.reveal_subtitle(lang, result.number, explanation(result, view.ruleset, lang=lang))
    room = WIDTH - 2 * MARGIN - 20
    # The explanation is the longest line of any image: the condensed face
    # keeps it whole at the readable size rather than cutting it.
    face = Face.BOLD if text_width(sub, SMALL) <= room else Face.CONDENSED
    text(scene, (x, 80), sub, SMALL, theme.TEXT_DIM, anchor="lm", max_width=room, face=face)


def _section(
    scene: Scene,
    y: int,
    name: str,
    caption: str,
    groups: list[Group],
    four_color: bool,
    lang: Lang,
) -> None:
    """A name line, then that player's melds and deadwood."""
    x = MARGIN + 10
    nw = text(scene, (x, y + 22), name, 28, theme.TEXT, anchor="lm")
    text(
        scene,
        (x + nw + 12, y + 24),
        caption,
        SMALL,
        theme.TEXT_DIM,
        anchor="lm",
        max_width=WIDTH - MARGIN - 10 - (x + nw + 12),
    )
    top = y + SECTION_LABEL_H + 6
    if not groups:
        text(scene, (WIDTH / 2, top + 60), words.no_cards(lang), SMALL, theme.TEXT_DIM, anchor="mm")
        return
    plan = plan_row([len(g.cards) for g in groups], CARD_W, WIDTH - 2 * MARGIN - 20)
    row_x = round((WIDTH - plan.width) / 2)
    draw_row(
        scene,
        groups,
        plan,
        row_x,
        top,
        four_color=four_color,
        label_size=SMALL,
        bounds=(MARGIN, WIDTH - MARGIN),
    )
