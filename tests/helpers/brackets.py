"""Hand-made tournaments for the bracket image and text tests: entrants with
hostile names, brackets part played (some matches live) or finished."""

from __future__ import annotations

import random

from bot.engine.tournament import (
    Bracket,
    Entrant,
    TournamentFormat,
    TournamentView,
    seed,
    tournament_view,
)

SE = TournamentFormat.SINGLE_ELIMINATION


RR = TournamentFormat.ROUND_ROBIN


HOSTILE = [
    "Maximilian Alexander von Hohenzollern-Sigmaringen the Third " * 3,
    "山田太郎",
    "🎲👨‍👩‍👧🏳️‍🌈",
    "Z̷̧̛̛̖̖̗̗a̴̢̛̖̗l̸̢̛̖̗g̵̢̛̖̗ơ̶̢̖̗",
    "",
    "\u200b\u200d\u2066",
    "\x00\x07\t\n",
    "**bold** _it_ `code` ||spoiler|| # head",
    "W" * 500,
]


def entrants(n: int, *, long: bool = False) -> tuple[Entrant, ...]:
    def name(i: int) -> str:
        if long:
            return f"{'W' * 40} 🎲 the {i}th"
        return HOSTILE[i] if i < len(HOSTILE) and i % 2 else f"Player{i:02d}"

    return seed(
        [Entrant(1000 + i, name(i), None if i % 4 == 3 else 1500.0 - i, i) for i in range(n)]
    )


def progressed(fmt: TournamentFormat, n: int, played: int, *, long: bool = False) -> Bracket:
    """A bracket after ``played`` matches, with some matches live."""
    rng = random.Random(n * 31 + played)
    b = Bracket.new(fmt, entrants(n, long=long))
    for _ in range(played):
        ready = b.ready()
        if not ready:
            break
        m = ready[0]
        winner = m.players[rng.randrange(2)]
        assert winner is not None
        b.record(m.key, winner, (rng.randrange(400), rng.randrange(400)))
    for m in b.ready()[:3]:
        b.start(m.key)
    return b


def finished(fmt: TournamentFormat, n: int, *, long: bool = False) -> Bracket:
    rng = random.Random(n)
    b = Bracket.new(fmt, entrants(n, long=long))
    while not b.is_over:
        m = b.ready()[0]
        winner = m.players[rng.randrange(2)]
        assert winner is not None
        b.record(m.key, winner, (rng.randrange(400), rng.randrange(400)))
    return b


def view_of(b: Bracket, status: str = "Round 2") -> TournamentView:
    return tournament_view(b, "Autumn Open", status)
