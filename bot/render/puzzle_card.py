"""What the daily puzzle's image shows, as plain values: the Discord layer
builds one from the service's puzzle (``puzzle_card`` in
``bot/discord_ui/puzzles.py``), so the renderer needs nothing of the
computer player that made it — and it holds no answer to show."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PuzzleCard:
    day: str  # ISO date
    #: ``None``: "which card do you discard?"; a number: "you can knock with
    #: this much deadwood: knock now, or play on?".
    knock_deadwood: int | None
    hand: tuple[int, ...]  # your eleven cards, in display order
    drawn: int
    drawn_from_pile: bool
    top: int | None  # the discard pile's top card
    stock: int
    #: The opponent's last turn: the card they drew from the discard pile
    #: (``None``: they drew from the stock) and the one they discarded.
    opp_took: int | None
    opp_discarded: int | None
