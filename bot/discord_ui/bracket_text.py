"""A tournament as a Discord message: the bracket, or the round-robin
standings, in markdown (the picture is :mod:`bot.render.bracket`'s).

Why the text trims by priority: Discord refuses a message over 2,000
characters, and the round being played now and the champion matter more than
old results (the image always has the whole bracket).  Why names are escaped:
a player picks their own name, and it must not restyle the message.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from bot.engine.tournament import (
    MatchSlot,
    Standing,
    TournamentFormat,
    TournamentView,
)
from bot.i18n import Lang, plural
from bot.i18n import text as tr

from .rules_text import format_label, round_name
from .text import MAX_CONTENT


def _seeds(view: TournamentView) -> dict[int, tuple[int, str]]:
    """user id → (seed, name)."""
    return {e.user_id: (i + 1, e.name) for i, e in enumerate(view.entrants)}


def _player_label(seeds: dict[int, tuple[int, str]], uid: int) -> tuple[int, str]:
    return seeds.get(uid, (0, "?"))


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
    more: str  # the note of lines left out: "ui.bracket.more_matches" / "…players"


def _match_line(lang: Lang, m: MatchSlot, view: TournamentView, cap: int) -> str:
    seeds = _seeds(view)

    def who(uid: int | None, bold: bool = False) -> str:
        if uid is None:
            return tr(lang, "ui.bracket.tbd")
        seed, name = _player_label(seeds, uid)
        shown = _md(name, cap) or tr(lang, "ui.bracket.player", seed=seed)
        label = f"({seed}) {shown}" if view.fmt is TournamentFormat.SINGLE_ELIMINATION else shown
        return f"**{label}**" if bold else label

    a, b = m.players
    if m.bye:
        return tr(lang, "ui.bracket.bye", player=who(a))
    if m.winner is not None:
        loser = b if m.winner == a else a
        wp, lp = (m.points[0], m.points[1]) if m.winner == a else (m.points[1], m.points[0])
        return tr(
            lang,
            "ui.bracket.beat",
            winner=who(m.winner, True),
            loser=who(loser),
            winner_points=wp,
            loser_points=lp,
        )
    line = tr(lang, "ui.bracket.versus", a=who(a), b=who(b))
    return tr(lang, "ui.bracket.playing", match=line) if m.key in view.live else line


def _line_rank(m: MatchSlot, view: TournamentView) -> int:
    """Which lines of a round to keep first: live, then waiting, then results."""
    if m.key in view.live:
        return 0
    if m.winner is None and not m.bye:
        return 1 if None not in m.players else 2
    return 3 if not m.bye else 4


def _round_section(lang: Lang, view: TournamentView, r: int, cap: int, heading: str) -> _Section:
    row = view.rounds[r]
    lines = [_match_line(lang, m, view, cap) for m in row]
    keep = sorted(range(len(row)), key=lambda i: (_line_rank(row[i], view), i))
    return _Section(f"**{heading}**", lines, keep, "ui.bracket.more_matches")


def _standing_line(lang: Lang, i: int, st: Standing, view: TournamentView, cap: int) -> str:
    seed = next((k + 1 for k, e in enumerate(view.entrants) if e.user_id == st.user_id), 0)
    name = _md(st.name, cap) or tr(lang, "ui.bracket.player", seed=seed)
    if view.champion == st.user_id:
        name = f"**{name}**"
    return tr(
        lang,
        "ui.bracket.standing",
        place=i + 1,
        name=name,
        won=st.won,
        lost=st.lost,
        points=st.points,
    )


def _current_round(view: TournamentView) -> int | None:
    """Index of the earliest round with a match still to play."""
    for r, row in enumerate(view.rounds):
        if any(m.winner is None and not m.bye for m in row):
            return r
    return None


def _take(lang: Lang, section: _Section, budget: int, cut: bool) -> tuple[str | None, bool]:
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
        note = [plural(lang, section.more, left)] if left else []
        head = [section.heading] if section.heading else []
        if _units("\n".join(head + body + note)) > budget:
            break
        chosen = trial
    if not chosen:
        return None, False
    left = len(section.lines) - len(chosen)
    body = [section.lines[k] for k in sorted(chosen)]
    head = [section.heading] if section.heading else []
    return "\n".join([*head, *body, plural(lang, section.more, left)]), False


def bracket_text(lang: Lang, view: TournamentView) -> str:
    """The bracket or standings as a Discord message (markdown, at most
    2,000 characters).  The header, the champion and the round being played
    are kept first; older rounds and lower standings are cut when needed.

    Long names are cut to 32 characters, or shorter when that lets the whole
    message (or at least the whole current round, and then the most lines)
    fit: a shorter name costs less than a missing match."""
    best: tuple[bool, int] | None = None
    chosen = ""
    for cap in _NAME_CAPS:
        out, complete, shown, everything = _assemble(lang, view, cap)
        if everything:
            return out
        score = (complete, shown)
        if best is None or score > best:
            best, chosen = score, out
    return chosen


def _assemble(lang: Lang, view: TournamentView, cap: int) -> tuple[str, bool, int, bool]:
    """The message for names cut to ``cap`` characters, whether the current
    round went in whole, how many lines of sections went in, and whether
    nothing at all was cut."""
    title = _md(view.title, 80) or tr(lang, "ui.bracket.tournament")
    status = _md(view.status, 60)
    n = len(view.entrants)
    header = "\n".join(
        [
            tr(lang, "ui.bracket.header", title=title, status=status),
            plural(lang, "ui.bracket.players", n, format=format_label(lang, view.fmt)),
        ]
    )
    champion = None
    if view.champion is not None:
        seed, name = _player_label(_seeds(view), view.champion)
        named = _md(name, cap) or tr(lang, "ui.bracket.player", seed=seed)
        champion = tr(lang, "ui.bracket.champion", name=named)
    # (display position, section, cut allowed, chain), in the order they
    # claim room.  In a chain of rounds, once one does not fit the rest are
    # left out too: the text never skips a round between two it shows.
    claims: list[tuple[int, _Section, bool, str]] = []
    current = _current_round(view)
    total = len(view.rounds)
    names = (
        [round_name(lang, r + 1, total) for r in range(total)]
        if view.fmt is TournamentFormat.SINGLE_ELIMINATION
        else [tr(lang, "ui.round.number", n=r + 1) for r in range(total)]
    )
    skipped_note = "ui.bracket.more_rounds"
    if view.fmt is TournamentFormat.SINGLE_ELIMINATION:
        focus = current if current is not None else total - 1
        claims.append((focus, _round_section(lang, view, focus, cap, names[focus]), True, ""))
        for r in range(focus + 1, total):  # later rounds already partly filled
            if any(p is not None for m in view.rounds[r] for p in m.players):
                claims.append((r, _round_section(lang, view, r, cap, names[r]), False, "later"))
        for r in range(focus - 1, -1, -1):  # then the most recent results first
            claims.append((r, _round_section(lang, view, r, cap, names[r]), False, "earlier"))
    else:
        skipped_note = "ui.bracket.more_sections"
        if current is not None:
            heading = tr(lang, "ui.bracket.now", round=names[current])
            claims.append((1, _round_section(lang, view, current, cap, heading), True, ""))
        table = [_standing_line(lang, i, st, view, cap) for i, st in enumerate(view.standings)]
        standings = _Section(
            tr(lang, "ui.bracket.standings"),
            table,
            list(range(len(table))),
            "ui.bracket.more_players",
        )
        claims.append((0, standings, True, ""))
        elsewhere = [
            m
            for r, row in enumerate(view.rounds)
            if r != current
            for m in row
            if m.key in view.live
        ]
        if elsewhere:
            lines = [_match_line(lang, m, view, cap) for m in elsewhere]
            also = _Section(
                tr(lang, "ui.bracket.also_playing"),
                lines,
                list(range(len(lines))),
                "ui.bracket.more_matches",
            )
            claims.append((2, also, True, ""))
    fixed = [header, *([champion] if champion else [])]
    reserve = 60  # room for the "…and N earlier rounds" note
    budget = MAX_CONTENT - _units("\n\n".join(fixed)) - reserve
    taken: list[tuple[int, str]] = []
    skipped = 0
    complete = True
    everything = True
    shown = 0
    broken: set[str] = set()
    for k, (pos, section, cut, chain) in enumerate(claims):
        chunk, whole = (None, False) if chain in broken else _take(lang, section, budget - 2, cut)
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
        body.append(plural(lang, skipped_note, skipped))
    parts = [*fixed, *body]
    return "\n\n".join(parts), complete, shown, everything


__all__ = ["bracket_text"]
