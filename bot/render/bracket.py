"""A tournament as an image and as text: the bracket, or the round-robin
standings with a cross table (docs/RULES.md, *Tournaments*).

Both are pure functions of a :class:`TournamentView` (public information
only, picklable), so they run in render workers like every other image.

Why the image scales its boxes with the bracket: a 64-player bracket has 32
first-round matches stacked in one column, and Discord shrinks any image to
the chat's width; smaller boxes keep the whole bracket under ~2,000 px on a
side, so it stays one readable picture instead of an unreadable strip.  Why
the text trims by priority: Discord refuses a message over 2,000 characters,
and the round being played now and the champion matter more than old results
(the image always has the whole bracket).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.tournament import (
    MatchSlot,
    Standing,
    TournamentFormat,
    TournamentView,
    round_name,
    tournament_view,
)

from . import theme
from .canvas import encode_png, new_canvas
from .fonts import Face, clean_text, display_name, font
from .text import measure
from .widgets import text

MARGIN = 30
HEADER_H = 132  # title, subtitle, column labels
#: Discord's limit on a message's content.
MAX_TEXT = 2000

_FORMAT_WORDS = {
    TournamentFormat.SINGLE_ELIMINATION: "Single elimination",
    TournamentFormat.ROUND_ROBIN: "Round robin",
}


def render_bracket(view: TournamentView) -> bytes:
    """PNG of the bracket (single elimination) or the standings and cross
    table (round robin)."""
    return encode_png(bracket_image(view))


def bracket_image(view: TournamentView) -> Image.Image:
    """The image before encoding (tests inspect it)."""
    if view.fmt is TournamentFormat.SINGLE_ELIMINATION:
        return _elimination_image(view)
    return _round_robin_image(view)


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


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, view: TournamentView, width: int) -> None:
    legend_w = 0
    if view.live:
        legend_w = round(measure("playing now", 18)) + 40
        lx = width - MARGIN - 12
        text(img, (lx, 80), "playing now", 18, theme.TEXT_DIM, anchor="rm")
        bx = lx - measure("playing now", 18) - 30
        draw.rounded_rectangle((bx, 70, bx + 20, 90), 4, outline=theme.GOOD, width=3)
    room = width - 2 * MARGIN - 24
    title = clean_text(view.title) or "Tournament"
    text(img, (MARGIN + 12, 42), title, 32, theme.TEXT, anchor="lm", max_width=room)
    n = len(view.entrants)
    sub = f"{_FORMAT_WORDS[view.fmt]} · {n} players · {clean_text(view.status)}"
    text(img, (MARGIN + 12, 80), sub, 20, theme.TEXT_DIM, anchor="lm", max_width=room - legend_w)


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


def _elimination_image(view: TournamentView) -> Image.Image:
    rounds = view.rounds
    total = len(rounds)
    first = len(rounds[0]) if rounds else 1
    sc = _elimination_scale(2 * first)
    box_h = 2 * sc.row_h
    col = sc.box_w + sc.hgap
    width = 2 * MARGIN + total * col + sc.box_w + 10
    height = max(HEADER_H + first * (box_h + sc.gap) - sc.gap + MARGIN + 10, 280)
    img, draw = new_canvas(width, height)
    _header(img, draw, view, width)
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
        text(img, (x + sc.box_w / 2, HEADER_H - 20), label, label_size, theme.TEXT_DIM, anchor="mm")
    champ_x = MARGIN + 10 + total * col
    text(
        img,
        (champ_x + sc.box_w / 2, HEADER_H - 20),
        "Champion",
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
                draw.line((x_right, y, mid, y), fill=theme.TEXT_DIM, width=2)
                draw.line((mid, min(y, ny), mid, max(y, ny)), fill=theme.TEXT_DIM, width=2)
                draw.line((mid, ny, x_right + sc.hgap, ny), fill=theme.TEXT_DIM, width=2)
            else:
                draw.line((x_right, y, x_right + sc.hgap, y), fill=theme.TEXT_DIM, width=2)

    for r, row in enumerate(rounds):
        x = MARGIN + 10 + r * col
        for j, m in enumerate(row):
            _match_box(img, draw, m, x, centres[r][j], sc, seeds, m.key in view.live)

    cy = centres[-1][0] if centres and centres[-1] else HEADER_H + box_h / 2
    top = round(cy - sc.row_h)
    won = view.champion is not None
    draw.rounded_rectangle(
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
            img,
            (champ_x + sc.box_w / 2, cy),
            shown,
            size,
            theme.GOLD,
            anchor="mm",
            face=Face.CONDENSED,
        )
    else:
        text(img, (champ_x + sc.box_w / 2, cy), "?", size, theme.TEXT_DIM, anchor="mm")
    return img


def _match_box(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
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
    draw.rounded_rectangle((x, top, right, top + box_h), 6, fill=theme.PANEL)
    small = max(11, sc.size - 4)
    seed_w = round(measure("64", small)) + 14
    played = m.winner is not None and not m.bye
    for side in (0, 1):
        ry = top + side * sc.row_h
        mid = ry + sc.row_h / 2
        p = m.players[side]
        won = played and p == m.winner
        if won:
            draw.rectangle((x + 2, ry + 2, right - 2, ry + sc.row_h - 1), fill=theme.PANEL_ACTIVE)
        if p is None:
            word = "bye" if m.bye else "—"
            text(img, (x + 8 + seed_w, mid), word, small, theme.TEXT_DIM, anchor="lm")
            continue
        seed, name = _player_label(seeds, p)
        text(img, (x + 8 + seed_w - 6, mid), str(seed), small, theme.TEXT_DIM, anchor="rm")
        score_w = 0
        if played:
            score = str(m.points[side])
            color = theme.GOLD if won else theme.TEXT_DIM
            text(img, (right - 8, mid), score, small, color, anchor="rm")
            score_w = round(measure(score, small)) + 10
        room = sc.box_w - 16 - seed_w - score_w
        ink = theme.GOLD if won else theme.TEXT_DIM if played else theme.TEXT
        shown = _fitted(name, seed, sc.size, room)
        text(img, (x + 8 + seed_w, mid), shown, sc.size, ink, anchor="lm", face=Face.CONDENSED)
    draw.line((x + 2, top + sc.row_h, right - 2, top + sc.row_h), fill=theme.FELT_DARK, width=1)
    if live:
        draw.rounded_rectangle((x, top, right, top + box_h), 6, outline=theme.GOOD, width=3)
    else:
        draw.rounded_rectangle((x, top, right, top + box_h), 6, outline=theme.FELT_EDGE, width=1)


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


def _round_robin_image(view: TournamentView) -> Image.Image:
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
    img, draw = new_canvas(width, height)
    _header(img, draw, view, width)
    seeds = _seeds(view)

    x0 = MARGIN + 10
    right = width - MARGIN - 10
    cols = [x0 + rank_w, x0 + rank_w + name_w]  # name starts, numbers start
    num_x = [cols[1] + num_w * i + num_w / 2 for i in range(3)]
    pts_x = cols[1] + 3 * num_w + pts_w - 8
    cross_x = x0 + table_w + gap
    top = HEADER_H - 20 + row_h
    head_y = top - row_h / 2
    text(img, (x0 + rank_w - 12, head_y), "#", small, theme.TEXT_DIM, anchor="rm")
    text(img, (cols[0], head_y), "Player", small, theme.TEXT_DIM, anchor="lm")
    for label, cx in zip(("P", "W", "L"), num_x, strict=True):
        text(img, (cx, head_y), label, small, theme.TEXT_DIM, anchor="mm")
    text(img, (pts_x, head_y), "Pts", small, theme.TEXT_DIM, anchor="rm")
    cell_size = max(9, min(small, round(cell * 0.5)))
    for j in range(n):
        cx = cross_x + j * cell + cell / 2
        text(img, (cx, head_y), str(j + 1), cell_size, theme.TEXT_DIM, anchor="mm")

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
            draw.rectangle((x0, ry, right, ry + row_h - 1), fill=theme.FELT_DARK)
        seed, name = _player_label(seeds, st.user_id)
        champ = view.champion == st.user_id
        ink = theme.GOLD if champ else theme.TEXT
        text(img, (x0 + rank_w - 12, mid), str(i + 1), size, theme.TEXT_DIM, anchor="rm")
        shown = _fitted(name, seed, size, name_w - 12)
        text(img, (cols[0], mid), shown, size, ink, anchor="lm", face=Face.CONDENSED)
        for value, cx in zip((st.played, st.won, st.lost), num_x, strict=True):
            text(img, (cx, mid), str(value), size, theme.TEXT, anchor="mm")
        text(img, (pts_x, mid), str(st.points), size, theme.TEXT, anchor="rm")
        for j, other in enumerate(rows):
            cx0 = cross_x + j * cell
            box = (cx0 + 2, ry + 2, cx0 + cell - 2, ry + row_h - 3)
            if j == i:
                draw.rectangle(box, fill=theme.FELT_EDGE)
                continue
            game = pairs.get(frozenset((st.user_id, other.user_id)))
            if game is None:
                continue
            if game.key in view.live:
                draw.rectangle(box, outline=theme.GOOD, width=2)
            elif game.winner is not None:
                win = game.winner == st.user_id
                mark, color = ("W", theme.GOLD) if win else ("L", theme.TEXT_DIM)
                text(img, (cx0 + cell / 2, mid), mark, cell_size, color, anchor="mm")
    return img


# --- text ----------------------------------------------------------------------------

#: Characters Discord markdown gives a meaning to anywhere in a line, and
#: those that only matter at its start (headings, lists, quotes).
_MARKDOWN = frozenset("\\*_~`|<")
_MARKDOWN_LEAD = frozenset("#->+")
#: Name lengths tried, longest first (see :func:`bracket_text`).
_NAME_CAPS = (32, 20, 14, 10)


def _units(s: str) -> int:
    """Length as Discord counts it (UTF-16 code units: an emoji may be 2)."""
    return len(s.encode("utf-16-le")) // 2


def _md(value: str, cap: int) -> str:
    """``value`` on one line, at most ``cap`` characters (then "…"), with
    markdown characters escaped so a name cannot restyle the message."""
    flat = "".join(
        " " if ch.isspace() else ch
        for ch in value[:200]
        if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co")
    )
    flat = " ".join(flat.split())
    if len(flat) > cap:
        flat = flat[: max(1, cap - 1)].rstrip() + "…"
    out = "".join("\\" + ch if ch in _MARKDOWN else ch for ch in flat)
    return "\\" + out if out[:1] in _MARKDOWN_LEAD else out


@dataclass(slots=True)
class _Section:
    heading: str | None
    lines: list[str]
    #: Line indices in the order they are kept when the section must be cut.
    keep: list[int]
    more: str  # "matches", "players"


def _match_line(m: MatchSlot, view: TournamentView, cap: int) -> str:
    seeds = _seeds(view)

    def who(uid: int | None, bold: bool = False) -> str:
        if uid is None:
            return "*TBD*"
        seed, name = _player_label(seeds, uid)
        shown = _md(name, cap) or f"Player {seed}"
        label = f"({seed}) {shown}" if view.fmt is TournamentFormat.SINGLE_ELIMINATION else shown
        return f"**{label}**" if bold else label

    a, b = m.players
    if m.bye:
        return f"{who(a)} · bye"
    if m.winner is not None:
        loser = b if m.winner == a else a
        wp, lp = (m.points[0], m.points[1]) if m.winner == a else (m.points[1], m.points[0])
        return f"{who(m.winner, True)} beat {who(loser)} · {wp}–{lp}"
    line = f"{who(a)} vs {who(b)}"
    return f"▶ {line} · *playing now*" if m.key in view.live else line


def _line_rank(m: MatchSlot, view: TournamentView) -> int:
    """Which lines of a round to keep first: live, then waiting, then results."""
    if m.key in view.live:
        return 0
    if m.winner is None and not m.bye:
        return 1 if None not in m.players else 2
    return 3 if not m.bye else 4


def _round_section(view: TournamentView, r: int, cap: int, heading: str) -> _Section:
    row = view.rounds[r]
    lines = [_match_line(m, view, cap) for m in row]
    keep = sorted(range(len(row)), key=lambda i: (_line_rank(row[i], view), i))
    return _Section(f"**{heading}**", lines, keep, "matches")


def _standing_line(i: int, st: Standing, view: TournamentView, cap: int) -> str:
    seed = next((k + 1 for k, e in enumerate(view.entrants) if e.user_id == st.user_id), 0)
    name = _md(st.name, cap) or f"Player {seed}"
    if view.champion == st.user_id:
        name = f"**{name}**"
    return f"{i + 1}. {name} · {st.won} W · {st.lost} L · {st.points} pts"


def _current_round(view: TournamentView) -> int | None:
    """Index of the earliest round with a match still to play."""
    for r, row in enumerate(view.rounds):
        if any(m.winner is None and not m.bye for m in row):
            return r
    return None


def _take(section: _Section, budget: int, cut: bool) -> tuple[str | None, bool]:
    """The section as text if it fits ``budget`` (cutting lines in its keep
    order when ``cut``); returns (text or None, whole)."""
    whole = "\n".join(([section.heading] if section.heading else []) + section.lines)
    if _units(whole) <= budget:
        return whole, True
    if not cut:
        return None, False
    chosen: set[int] = set()
    for i in section.keep:
        trial = chosen | {i}
        left = len(section.lines) - len(trial)
        body = [section.lines[k] for k in sorted(trial)]
        note = [f"…and {left} more {section.more}"] if left else []
        head = [section.heading] if section.heading else []
        if _units("\n".join(head + body + note)) > budget:
            break
        chosen = trial
    if not chosen:
        return None, False
    left = len(section.lines) - len(chosen)
    body = [section.lines[k] for k in sorted(chosen)]
    head = [section.heading] if section.heading else []
    return "\n".join([*head, *body, f"…and {left} more {section.more}"]), False


def bracket_text(view: TournamentView) -> str:
    """The bracket or standings as a Discord message (markdown, at most
    2,000 characters).  The header, the champion and the round being played
    are kept first; older rounds and lower standings are cut when needed.

    Long names are cut to 32 characters, or shorter when that lets the whole
    message (or at least the whole current round, and then the most lines)
    fit: a shorter name costs less than a missing match."""
    best: tuple[bool, int] | None = None
    chosen = ""
    for cap in _NAME_CAPS:
        out, complete, shown, everything = _assemble(view, cap)
        if everything:
            return out
        score = (complete, shown)
        if best is None or score > best:
            best, chosen = score, out
    return chosen


def _assemble(view: TournamentView, cap: int) -> tuple[str, bool, int, bool]:
    """The message for names cut to ``cap`` characters, whether the current
    round went in whole, how many lines of sections went in, and whether
    nothing at all was cut."""
    title = _md(view.title, 80) or "Tournament"
    status = _md(view.status, 60)
    n = len(view.entrants)
    header = f"🏆 **{title}** — {status}\n{_FORMAT_WORDS[view.fmt]} · {n} players"
    champion = None
    if view.champion is not None:
        seed, name = _player_label(_seeds(view), view.champion)
        champion = f"🏆 Champion: **{_md(name, cap) or f'Player {seed}'}**"
    # (display position, section, cut allowed, chain), in the order they
    # claim room.  In a chain of rounds, once one does not fit the rest are
    # left out too: the text never skips a round between two it shows.
    claims: list[tuple[int, _Section, bool, str]] = []
    current = _current_round(view)
    total = len(view.rounds)
    names = (
        [round_name(r + 1, total) for r in range(total)]
        if view.fmt is TournamentFormat.SINGLE_ELIMINATION
        else [f"Round {r + 1}" for r in range(total)]
    )
    skipped_word = "round"
    if view.fmt is TournamentFormat.SINGLE_ELIMINATION:
        focus = current if current is not None else total - 1
        claims.append((focus, _round_section(view, focus, cap, names[focus]), True, ""))
        for r in range(focus + 1, total):  # later rounds already partly filled
            if any(p is not None for m in view.rounds[r] for p in m.players):
                claims.append((r, _round_section(view, r, cap, names[r]), False, "later"))
        for r in range(focus - 1, -1, -1):  # then the most recent results first
            claims.append((r, _round_section(view, r, cap, names[r]), False, "earlier"))
    else:
        skipped_word = "section"
        if current is not None:
            heading = f"{names[current]} (now)"
            claims.append((1, _round_section(view, current, cap, heading), True, ""))
        table = [_standing_line(i, st, view, cap) for i, st in enumerate(view.standings)]
        claims.append(
            (0, _Section("**Standings**", table, list(range(len(table))), "players"), True, "")
        )
        elsewhere = [
            m
            for r, row in enumerate(view.rounds)
            if r != current
            for m in row
            if m.key in view.live
        ]
        if elsewhere:
            lines = [_match_line(m, view, cap) for m in elsewhere]
            also = _Section("**Also playing**", lines, list(range(len(lines))), "matches")
            claims.append((2, also, True, ""))
    fixed = [header, *([champion] if champion else [])]
    reserve = 60  # room for the "…and N earlier rounds" note
    budget = MAX_TEXT - _units("\n\n".join(fixed)) - reserve
    taken: list[tuple[int, str]] = []
    skipped = 0
    complete = True
    everything = True
    shown = 0
    broken: set[str] = set()
    for k, (pos, section, cut, chain) in enumerate(claims):
        chunk, whole = (None, False) if chain in broken else _take(section, budget - 2, cut)
        everything = everything and whole
        if k == 0 and not whole:
            complete = False
        if chunk is None:
            skipped += 1
            if chain:
                broken.add(chain)
            continue
        taken.append((pos, chunk))
        shown += chunk.count("\n") + 1
        budget -= _units(chunk) + 2
    body = [chunk for _, chunk in sorted(taken, key=lambda t: t[0])]
    if skipped:
        plural = "s" if skipped > 1 else ""
        body.append(f"*…and {skipped} more {skipped_word}{plural} in the image*")
    parts = [*fixed, *body]
    return "\n\n".join(parts), complete, shown, everything


__all__ = [
    "TournamentView",
    "bracket_image",
    "bracket_text",
    "render_bracket",
    "tournament_view",
]
