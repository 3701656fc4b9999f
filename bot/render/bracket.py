"""A tournament as an image: the bracket, or the round-robin standings with a
cross table (docs/RULES.md, *Tournaments*).  The same as Discord text is
:mod:`bot.discord_ui.bracket_text`'s job.

A pure function of a :class:`TournamentView` (public information only,
picklable), so it runs in render workers like every other image.

Why rounds stacked top to bottom rather than a tree drawn left to right:
Discord shows an image about 400 px wide on a phone, and every text must stay
11 px there (see :mod:`.text`), so the image must be narrow: a tree of four
columns already needed 1,400 px.  Each round is a heading and a grid of match
boxes (two boxes a row; three, in a 1,000 px image, from 32 players on), the
champion last; match ``j`` of a round is fed by matches ``2j`` and ``2j + 1``
of the round above, in reading order.  More players make a taller image,
never a wider one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from bot.engine.tournament import (
    MatchSlot,
    TournamentFormat,
    TournamentView,
    tournament_view,
)
from bot.i18n import Lang

from . import theme, words
from .fonts import Face
from .names import display_name, display_text
from .scene import Scene
from .text import legible_size, measure
from .widgets import text

MARGIN = 24
HEADER_H = 112  # title, subtitle and legend


def render_bracket(view: TournamentView, *, lang: Lang = Lang.EN) -> bytes:
    """PNG of the bracket (single elimination) or the standings and cross
    table (round robin), worded in ``lang`` (the server's language: the
    bracket is public).  ``view.title`` and ``view.status`` come worded."""
    return bracket_scene(view, lang=lang).png()


def bracket_image(view: TournamentView, *, lang: Lang = Lang.EN) -> Image.Image:
    """The image before encoding (tests inspect it)."""
    return bracket_scene(view, lang=lang).image()


def bracket_scene(view: TournamentView, *, lang: Lang = Lang.EN) -> Scene:
    """The image as drawing operations (see :mod:`.scene`)."""
    if view.fmt is TournamentFormat.SINGLE_ELIMINATION:
        return _elimination_scene(view, lang)
    return _round_robin_scene(view, lang)


# --- shared pieces -----------------------------------------------------------------


def _seeds(view: TournamentView) -> dict[int, tuple[int, str]]:
    """user id → (seed, name)."""
    return {e.user_id: (i + 1, e.name) for i, e in enumerate(view.entrants)}


@lru_cache(maxsize=2048)
def _fitted(name: str, seed: int, size: int, width: int, lang: Lang) -> str:
    """A player's name in the condensed face, drawable and cut to ``width``
    (a name with nothing drawable becomes "Player <seed>", in ``lang``)."""
    return display_name(name, seed - 1, size, max(1, width), Face.CONDENSED, lang=lang)


def _player_label(seeds: dict[int, tuple[int, str]], uid: int) -> tuple[int, str]:
    return seeds.get(uid, (0, "?"))


def _header(scene: Scene, view: TournamentView, width: int, small: int, lang: Lang) -> None:
    legend_w = 0
    room = width - 2 * MARGIN - 24
    if view.live:
        playing = words.playing_now(lang)
        legend_w = round(measure(playing, small)) + 48
        lx = width - MARGIN - 12
        text(scene, (lx, 82), playing, small, theme.TEXT_DIM, anchor="rm")
        bx = lx - measure(playing, small) - 32
        scene.rounded_rectangle((bx, 71, bx + 22, 93), 4, outline=theme.GOOD, width=3)
    title = display_text(view.title) or words.tournament(lang)
    text(scene, (MARGIN + 12, 40), title, 34, theme.TEXT, anchor="lm", max_width=room)
    n = len(view.entrants)
    sub = words.bracket_subtitle(lang, view.fmt, n, display_text(view.status))
    text(
        scene, (MARGIN + 12, 82), sub, small, theme.TEXT_DIM, anchor="lm", max_width=room - legend_w
    )


# --- single elimination ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Grid:
    """The elimination layout for one bracket size."""

    width: int  # of the image
    columns: int  # match boxes a row
    small: int  # the smallest text: seeds, points, headings
    size: int  # names
    row_h: int  # one player's row in a match box
    gap: int  # between boxes, both ways
    heading_h: int  # a round's heading line

    @property
    def box_w(self) -> int:
        return (self.width - 2 * MARGIN - 20 - (self.columns - 1) * self.gap) // self.columns

    @property
    def box_h(self) -> int:
        return 2 * self.row_h


def _grid(first_round: int) -> _Grid:
    """Two boxes a row in an 800 px image up to 16 players; three in a
    1,000 px image beyond, so 64 players stay about 2,700 px tall."""
    width, columns = (800, 2) if first_round <= 8 else (1000, 3)
    small = legible_size(width)
    if columns == 2:
        return _Grid(width, 2, small, small + 4, round((small + 4) * 1.5), 12, round(small * 1.9))
    return _Grid(width, 3, small, small + 2, round((small + 2) * 1.45), 10, round(small * 1.7))


def _elimination_scene(view: TournamentView, lang: Lang) -> Scene:
    rounds = view.rounds
    total = len(rounds)
    g = _grid(len(rounds[0]) if rounds else 1)
    rows = [-(-len(r) // g.columns) for r in rounds]
    body = sum(g.heading_h + n * (g.box_h + g.gap) for n in rows)
    height = HEADER_H + body + g.heading_h + g.box_h + 16 + MARGIN
    scene = Scene(g.width, height)
    _header(scene, view, g.width, g.small, lang)
    seeds = _seeds(view)
    x0 = MARGIN + 10
    y = HEADER_H
    for r, row in enumerate(rounds):
        _heading(scene, words.round_name(lang, r + 1, total), x0, y, g, theme.TEXT_DIM)
        y += g.heading_h
        for j, m in enumerate(row):
            bx = x0 + (j % g.columns) * (g.box_w + g.gap)
            by = y + (j // g.columns) * (g.box_h + g.gap)
            _match_box(scene, m, bx, by, g, seeds, m.key in view.live, lang)
        y += rows[r] * (g.box_h + g.gap)
    _heading(scene, words.champion(lang), x0, y, g, theme.GOLD)
    y += g.heading_h
    _champion(scene, view, seeds, x0, y, g, lang)
    return scene


def _heading(scene: Scene, label: str, x: int, y: int, g: _Grid, ink: theme.RGB) -> None:
    """A round's name, and a thin rule after it."""
    mid = y + g.heading_h // 2 + 2
    w = text(scene, (x + 2, mid), label, g.small + 2, ink, anchor="lm")
    right = g.width - MARGIN - 10
    if x + w + 16 < right:
        scene.line((x + w + 14, mid, right, mid), fill=theme.FELT_DARK, width=2)


def _champion(
    scene: Scene,
    view: TournamentView,
    seeds: dict[int, tuple[int, str]],
    x: int,
    y: int,
    g: _Grid,
    lang: Lang,
) -> None:
    """The winner's box: gold once there is one, an empty slot before."""
    won = view.champion is not None
    scene.rounded_rectangle(
        (x, y, x + g.box_w, y + g.box_h),
        8,
        fill=theme.PANEL_ACTIVE if won else theme.PANEL,
        outline=theme.GOLD if won else theme.FELT_EDGE,
        width=3 if won else 1,
    )
    cx, cy = x + g.box_w / 2, y + g.box_h / 2
    if view.champion is None:
        text(scene, (cx, cy), "?", g.size, theme.TEXT_DIM, anchor="mm")
        return
    seed, name = _player_label(seeds, view.champion)
    size = g.size + 4
    shown = _fitted(name, seed, size, g.box_w - 24, lang)
    text(scene, (cx, cy), shown, size, theme.GOLD, anchor="mm", face=Face.CONDENSED)


def _match_box(
    scene: Scene,
    m: MatchSlot,
    x: int,
    top: int,
    g: _Grid,
    seeds: dict[int, tuple[int, str]],
    live: bool,
    lang: Lang,
) -> None:
    """One match: two rows (seed, name, points), the winner's row in gold
    on a lighter panel, a live match edged in green."""
    right = x + g.box_w
    scene.rounded_rectangle((x, top, right, top + g.box_h), 6, fill=theme.PANEL)
    small = g.small
    seed_w = round(measure("64", small)) + 14
    played = m.winner is not None and not m.bye
    for side in (0, 1):
        ry = top + side * g.row_h
        mid = ry + g.row_h / 2
        p = m.players[side]
        won = played and p == m.winner
        if won:
            scene.rectangle((x + 2, ry + 2, right - 2, ry + g.row_h - 1), fill=theme.PANEL_ACTIVE)
        if p is None:
            word = words.bye(lang) if m.bye else "—"
            text(scene, (x + 8 + seed_w, mid), word, small, theme.TEXT_DIM, anchor="lm")
            continue
        seed, name = _player_label(seeds, p)
        text(scene, (x + 8 + seed_w - 6, mid), str(seed), small, theme.TEXT_DIM, anchor="rm")
        score_w = 0
        if played:
            score = str(m.points[side])
            color = theme.GOLD if won else theme.TEXT_DIM
            text(scene, (right - 10, mid), score, small, color, anchor="rm")
            score_w = round(measure(score, small)) + 14
        room = g.box_w - 18 - seed_w - score_w
        ink = theme.GOLD if won else theme.TEXT_DIM if played else theme.TEXT
        shown = _fitted(name, seed, g.size, room, lang)
        text(scene, (x + 8 + seed_w, mid), shown, g.size, ink, anchor="lm", face=Face.CONDENSED)
    scene.line((x + 2, top + g.row_h, right - 2, top + g.row_h), fill=theme.FELT_DARK, width=1)
    if live:
        scene.rounded_rectangle((x, top, right, top + g.box_h), 6, outline=theme.GOOD, width=3)
    else:
        scene.rounded_rectangle((x, top, right, top + g.box_h), 6, outline=theme.FELT_EDGE, width=1)


# --- round robin -------------------------------------------------------------------

RR_WIDTH = 800
#: Most players whose cross table (who beat whom) is drawn: past this its
#: cells would be too small to read on a phone; the standings still show.
CROSS_MAX = 12


def _round_robin_scene(view: TournamentView, lang: Lang) -> Scene:
    """The standings (rank, name, played, won, lost, points), then the cross
    table below them: row ``i`` is the ``i``-th player of the standings, a
    gold W where they beat the column's player, a dim L where they lost."""
    rows = view.standings
    n = len(rows)
    width = RR_WIDTH
    small = legible_size(width)
    size = small + 2
    row_h = round(size * 1.7)
    rank_w = round(measure("64", size)) + 22
    num_w = round(measure("000", size)) + 22
    pts_w = round(measure("00000", size)) + 22
    x0 = MARGIN + 10
    right = width - MARGIN - 10
    name_w = right - x0 - rank_w - 3 * num_w - pts_w
    cross = 0 < n <= CROSS_MAX
    cell = min(56, (right - x0 - rank_w) // max(1, n))
    cross_h = (n + 1) * cell + 24 if cross else 0
    height = HEADER_H + row_h * (n + 1) + cross_h + MARGIN + 10
    scene = Scene(width, height)
    _header(scene, view, width, small, lang)
    seeds = _seeds(view)

    cols = [x0 + rank_w, x0 + rank_w + name_w]  # name starts, numbers start
    num_x = [cols[1] + num_w * i + num_w / 2 for i in range(3)]
    pts_x = cols[1] + 3 * num_w + pts_w - 8
    top = HEADER_H + row_h
    head_y = top - row_h / 2
    rank_head, player_head, count_heads, points_head = words.table_heads(lang)
    text(scene, (x0 + rank_w - 12, head_y), rank_head, small, theme.TEXT_DIM, anchor="rm")
    text(scene, (cols[0], head_y), player_head, small, theme.TEXT_DIM, anchor="lm")
    for label, cx in zip(count_heads, num_x, strict=True):
        text(scene, (cx, head_y), label, small, theme.TEXT_DIM, anchor="mm")
    text(scene, (pts_x, head_y), points_head, small, theme.TEXT_DIM, anchor="rm")

    for i, st in enumerate(rows):
        ry = top + i * row_h
        mid = ry + row_h / 2
        if i % 2 == 0:
            scene.rectangle((x0, ry, right, ry + row_h - 1), fill=theme.FELT_DARK)
        seed, name = _player_label(seeds, st.user_id)
        champ = view.champion == st.user_id
        ink = theme.GOLD if champ else theme.TEXT
        text(scene, (x0 + rank_w - 12, mid), str(i + 1), size, theme.TEXT_DIM, anchor="rm")
        shown = _fitted(name, seed, size, name_w - 12, lang)
        text(scene, (cols[0], mid), shown, size, ink, anchor="lm", face=Face.CONDENSED)
        for value, cx in zip((st.played, st.won, st.lost), num_x, strict=True):
            text(scene, (cx, mid), str(value), size, theme.TEXT, anchor="mm")
        text(scene, (pts_x, mid), str(st.points), size, theme.TEXT, anchor="rm")
    if cross:
        _cross_table(scene, view, x0, top + n * row_h + 24, rank_w, cell, small, lang)
    return scene


def _cross_table(
    scene: Scene,
    view: TournamentView,
    x0: int,
    y0: int,
    rank_w: int,
    cell: int,
    small: int,
    lang: Lang,
) -> None:
    """Who beat whom: players by rank down the side and along the top."""
    rows = view.standings
    pairs: dict[frozenset[int], MatchSlot] = {}
    for rnd in view.rounds:
        for m in rnd:
            a, b = m.players
            if a is not None and b is not None and not m.bye:
                pairs[frozenset((a, b))] = m
    gx = x0 + rank_w
    for j in range(len(rows)):
        cx = gx + j * cell + cell / 2
        text(scene, (cx, y0 + cell / 2), str(j + 1), small, theme.TEXT_DIM, anchor="mm")
    for i, st in enumerate(rows):
        ry = y0 + (i + 1) * cell
        mid = ry + cell / 2
        text(scene, (x0 + rank_w - 12, mid), str(i + 1), small, theme.TEXT_DIM, anchor="rm")
        for j, other in enumerate(rows):
            cx0 = gx + j * cell
            box = (cx0 + 2, ry + 2, cx0 + cell - 2, ry + cell - 2)
            if j == i:
                scene.rectangle(box, fill=theme.FELT_EDGE)
                continue
            scene.rectangle(box, fill=theme.FELT_DARK)
            game = pairs.get(frozenset((st.user_id, other.user_id)))
            if game is None:
                continue
            if game.key in view.live:
                scene.rectangle(box, outline=theme.GOOD, width=3)
            elif game.winner is not None:
                win = game.winner == st.user_id
                mark = words.result_mark(lang, win)
                color = theme.GOLD if win else theme.TEXT_DIM
                text(scene, (cx0 + cell / 2, mid), mark, small, color, anchor="mm")


__all__ = [
    "TournamentView",
    "bracket_image",
    "render_bracket",
    "tournament_view",
]
