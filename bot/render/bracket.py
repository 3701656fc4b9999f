"""A tournament as an image: the bracket, or the round-robin standings with a
cross table (docs/RULES.md, *Tournaments*).  The same as Discord text is
:mod:`bot.discord_ui.bracket_text`'s job.

A pure function of a :class:`TournamentView` (public information only,
picklable), so it runs in render workers like every other image.

Why the image scales its boxes with the bracket: a 64-player bracket has 32
first-round matches stacked in one column, and Discord shrinks any image to
the chat's width; smaller boxes keep the whole bracket under ~2,000 px on a
side, so it stays one readable picture instead of an unreadable strip.
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
from bot.engine.words import round_name

from . import theme, words
from .fonts import Face, clean_text, display_name, font
from .scene import Scene
from .text import measure
from .widgets import text

MARGIN = 30
HEADER_H = 132  # title, subtitle, column labels


def render_bracket(view: TournamentView) -> bytes:
    """PNG of the bracket (single elimination) or the standings and cross
    table (round robin)."""
    return bracket_scene(view).png()


def bracket_image(view: TournamentView) -> Image.Image:
    """The image before encoding (tests inspect it)."""
    return bracket_scene(view).image()


def bracket_scene(view: TournamentView) -> Scene:
    """The image as drawing operations (see :mod:`.scene`)."""
    if view.fmt is TournamentFormat.SINGLE_ELIMINATION:
        return _elimination_scene(view)
    return _round_robin_scene(view)


# --- shared pieces -----------------------------------------------------------------


def _seeds(view: TournamentView) -> dict[int, tuple[int, str]]:
    """user id → (seed, name)."""
    return {e.user_id: (i + 1, e.name) for i, e in enumerate(view.entrants)}


@lru_cache(maxsize=2048)
def _fitted(name: str, seed: int, size: int, width: int) -> str:
    """A player's name in the condensed face, drawable and cut to ``width``
    (a name with nothing drawable becomes "Player <seed>")."""
    return display_name(name, seed - 1, font(size, Face.CONDENSED), max(1, width))


def _player_label(seeds: dict[int, tuple[int, str]], uid: int) -> tuple[int, str]:
    return seeds.get(uid, (0, "?"))


def _header(scene: Scene, view: TournamentView, width: int) -> None:
    legend_w = 0
    if view.live:
        legend_w = round(measure(words.PLAYING_NOW, 18)) + 40
        lx = width - MARGIN - 12
        text(scene, (lx, 80), words.PLAYING_NOW, 18, theme.TEXT_DIM, anchor="rm")
        bx = lx - measure(words.PLAYING_NOW, 18) - 30
        scene.rounded_rectangle((bx, 70, bx + 20, 90), 4, outline=theme.GOOD, width=3)
    room = width - 2 * MARGIN - 24
    title = clean_text(view.title) or words.TOURNAMENT
    text(scene, (MARGIN + 12, 42), title, 32, theme.TEXT, anchor="lm", max_width=room)
    n = len(view.entrants)
    sub = words.bracket_subtitle(view.fmt, n, clean_text(view.status))
    text(scene, (MARGIN + 12, 80), sub, 20, theme.TEXT_DIM, anchor="lm", max_width=room - legend_w)


# --- single elimination ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Scale:
    size: int  # name text, px
    row_h: int  # one player's row in a match box
    box_w: int
    gap: int  # between first-round boxes
    hgap: int  # between columns, where the connectors run


def _elimination_scale(slots: int) -> _Scale:
    if slots <= 4:
        return _Scale(24, 42, 320, 28, 60)
    if slots <= 8:
        return _Scale(22, 38, 300, 22, 52)
    if slots <= 16:
        return _Scale(18, 30, 270, 14, 44)
    if slots <= 32:
        return _Scale(16, 26, 245, 10, 36)
    return _Scale(14, 22, 220, 6, 30)


def _elimination_scene(view: TournamentView) -> Scene:
    rounds = view.rounds
    total = len(rounds)
    first = len(rounds[0]) if rounds else 1
    sc = _elimination_scale(2 * first)
    box_h = 2 * sc.row_h
    col = sc.box_w + sc.hgap
    width = 2 * MARGIN + total * col + sc.box_w + 10
    height = max(HEADER_H + first * (box_h + sc.gap) - sc.gap + MARGIN + 10, 280)
    scene = Scene(width, height)
    _header(scene, view, width)
    seeds = _seeds(view)

    # Box centres: round 1 evenly spaced, each later box between its feeders.
    centres: list[list[float]] = [
        [HEADER_H + j * (box_h + sc.gap) + box_h / 2 for j in range(first)]
    ]
    for r in range(1, total):
        prev = centres[-1]
        centres.append([(prev[2 * j] + prev[2 * j + 1]) / 2 for j in range(len(rounds[r]))])

    label_size = min(18, sc.size + 2)
    for r in range(total):
        x = MARGIN + 10 + r * col
        label = round_name(r + 1, total)
        text(
            scene, (x + sc.box_w / 2, HEADER_H - 20), label, label_size, theme.TEXT_DIM, anchor="mm"
        )
    champ_x = MARGIN + 10 + total * col
    text(
        scene,
        (champ_x + sc.box_w / 2, HEADER_H - 20),
        words.CHAMPION,
        label_size,
        theme.GOLD,
        anchor="mm",
    )

    # Connectors first, so boxes sit on top of them.
    for r in range(total):
        x_right = MARGIN + 10 + r * col + sc.box_w
        mid = x_right + sc.hgap // 2
        for j, cy in enumerate(centres[r]):
            y = round(cy)
            if r + 1 < total:
                ny = round(centres[r + 1][j // 2])
                scene.line((x_right, y, mid, y), fill=theme.TEXT_DIM, width=2)
                scene.line((mid, min(y, ny), mid, max(y, ny)), fill=theme.TEXT_DIM, width=2)
                scene.line((mid, ny, x_right + sc.hgap, ny), fill=theme.TEXT_DIM, width=2)
            else:
                scene.line((x_right, y, x_right + sc.hgap, y), fill=theme.TEXT_DIM, width=2)

    for r, row in enumerate(rounds):
        x = MARGIN + 10 + r * col
        for j, m in enumerate(row):
            _match_box(scene, m, x, centres[r][j], sc, seeds, m.key in view.live)

    cy = centres[-1][0] if centres and centres[-1] else HEADER_H + box_h / 2
    top = round(cy - sc.row_h)
    won = view.champion is not None
    scene.rounded_rectangle(
        (champ_x, top, champ_x + sc.box_w, top + box_h),
        8,
        fill=theme.PANEL,
        outline=theme.GOLD if won else theme.FELT_EDGE,
        width=3 if won else 1,
    )
    size = sc.size + 4
    if view.champion is not None:
        seed, name = _player_label(seeds, view.champion)
        shown = _fitted(name, seed, size, sc.box_w - 24)
        text(
            scene,
            (champ_x + sc.box_w / 2, cy),
            shown,
            size,
            theme.GOLD,
            anchor="mm",
            face=Face.CONDENSED,
        )
    else:
        text(scene, (champ_x + sc.box_w / 2, cy), "?", size, theme.TEXT_DIM, anchor="mm")
    return scene


def _match_box(
    scene: Scene,
    m: MatchSlot,
    x: int,
    cy: float,
    sc: _Scale,
    seeds: dict[int, tuple[int, str]],
    live: bool,
) -> None:
    """One match: two rows (seed, name, points), the winner's row in gold
    on a lighter panel, a live match edged in green."""
    box_h = 2 * sc.row_h
    top = round(cy - sc.row_h)
    right = x + sc.box_w
    scene.rounded_rectangle((x, top, right, top + box_h), 6, fill=theme.PANEL)
    small = max(11, sc.size - 4)
    seed_w = round(measure("64", small)) + 14
    played = m.winner is not None and not m.bye
    for side in (0, 1):
        ry = top + side * sc.row_h
        mid = ry + sc.row_h / 2
        p = m.players[side]
        won = played and p == m.winner
        if won:
            scene.rectangle((x + 2, ry + 2, right - 2, ry + sc.row_h - 1), fill=theme.PANEL_ACTIVE)
        if p is None:
            word = words.BYE if m.bye else "—"
            text(scene, (x + 8 + seed_w, mid), word, small, theme.TEXT_DIM, anchor="lm")
            continue
        seed, name = _player_label(seeds, p)
        text(scene, (x + 8 + seed_w - 6, mid), str(seed), small, theme.TEXT_DIM, anchor="rm")
        score_w = 0
        if played:
            score = str(m.points[side])
            color = theme.GOLD if won else theme.TEXT_DIM
            text(scene, (right - 8, mid), score, small, color, anchor="rm")
            score_w = round(measure(score, small)) + 10
        room = sc.box_w - 16 - seed_w - score_w
        ink = theme.GOLD if won else theme.TEXT_DIM if played else theme.TEXT
        shown = _fitted(name, seed, sc.size, room)
        text(scene, (x + 8 + seed_w, mid), shown, sc.size, ink, anchor="lm", face=Face.CONDENSED)
    scene.line((x + 2, top + sc.row_h, right - 2, top + sc.row_h), fill=theme.FELT_DARK, width=1)
    if live:
        scene.rounded_rectangle((x, top, right, top + box_h), 6, outline=theme.GOOD, width=3)
    else:
        scene.rounded_rectangle((x, top, right, top + box_h), 6, outline=theme.FELT_EDGE, width=1)


# --- round robin -------------------------------------------------------------------


def _round_robin_scale(n: int) -> tuple[int, int]:
    """(text size, row height) for ``n`` players."""
    if n <= 8:
        return 22, 40
    if n <= 16:
        return 18, 32
    if n <= 32:
        return 15, 26
    return 13, 22


def _round_robin_scene(view: TournamentView) -> Scene:
    rows = view.standings
    n = len(rows)
    size, row_h = _round_robin_scale(n)
    small = max(10, size - 3)
    rank_w = round(measure("64", size)) + 18
    name_w = size * 12
    num_w = round(measure("000", size)) + 16
    pts_w = round(measure("00000", size)) + 16
    gap = 24
    cell = row_h
    table_w = rank_w + name_w + 3 * num_w + pts_w
    width = max(2 * MARGIN + 20 + table_w + gap + n * cell, 760)
    height = HEADER_H + row_h * (n + 1) + MARGIN + 10
    scene = Scene(width, height)
    _header(scene, view, width)
    seeds = _seeds(view)

    x0 = MARGIN + 10
    right = width - MARGIN - 10
    cols = [x0 + rank_w, x0 + rank_w + name_w]  # name starts, numbers start
    num_x = [cols[1] + num_w * i + num_w / 2 for i in range(3)]
    pts_x = cols[1] + 3 * num_w + pts_w - 8
    cross_x = x0 + table_w + gap
    top = HEADER_H - 20 + row_h
    head_y = top - row_h / 2
    rank_head, player_head, count_heads, points_head = words.TABLE_HEADS
    text(scene, (x0 + rank_w - 12, head_y), rank_head, small, theme.TEXT_DIM, anchor="rm")
    text(scene, (cols[0], head_y), player_head, small, theme.TEXT_DIM, anchor="lm")
    for label, cx in zip(count_heads, num_x, strict=True):
        text(scene, (cx, head_y), label, small, theme.TEXT_DIM, anchor="mm")
    text(scene, (pts_x, head_y), points_head, small, theme.TEXT_DIM, anchor="rm")
    cell_size = max(9, min(small, round(cell * 0.5)))
    for j in range(n):
        cx = cross_x + j * cell + cell / 2
        text(scene, (cx, head_y), str(j + 1), cell_size, theme.TEXT_DIM, anchor="mm")

    pairs: dict[frozenset[int], MatchSlot] = {}
    for rnd in view.rounds:
        for m in rnd:
            a, b = m.players
            if a is not None and b is not None and not m.bye:
                pairs[frozenset((a, b))] = m

    for i, st in enumerate(rows):
        ry = top + i * row_h
        mid = ry + row_h / 2
        if i % 2 == 0:
            scene.rectangle((x0, ry, right, ry + row_h - 1), fill=theme.FELT_DARK)
        seed, name = _player_label(seeds, st.user_id)
        champ = view.champion == st.user_id
        ink = theme.GOLD if champ else theme.TEXT
        text(scene, (x0 + rank_w - 12, mid), str(i + 1), size, theme.TEXT_DIM, anchor="rm")
        shown = _fitted(name, seed, size, name_w - 12)
        text(scene, (cols[0], mid), shown, size, ink, anchor="lm", face=Face.CONDENSED)
        for value, cx in zip((st.played, st.won, st.lost), num_x, strict=True):
            text(scene, (cx, mid), str(value), size, theme.TEXT, anchor="mm")
        text(scene, (pts_x, mid), str(st.points), size, theme.TEXT, anchor="rm")
        for j, other in enumerate(rows):
            cx0 = cross_x + j * cell
            box = (cx0 + 2, ry + 2, cx0 + cell - 2, ry + row_h - 3)
            if j == i:
                scene.rectangle(box, fill=theme.FELT_EDGE)
                continue
            game = pairs.get(frozenset((st.user_id, other.user_id)))
            if game is None:
                continue
            if game.key in view.live:
                scene.rectangle(box, outline=theme.GOOD, width=2)
            elif game.winner is not None:
                win = game.winner == st.user_id
                mark, color = (
                    (words.WON_MARK, theme.GOLD) if win else (words.LOST_MARK, theme.TEXT_DIM)
                )
                text(scene, (cx0 + cell / 2, mid), mark, cell_size, color, anchor="mm")
    return scene


__all__ = [
    "TournamentView",
    "bracket_image",
    "render_bracket",
    "tournament_view",
]
