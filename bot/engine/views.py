"""What one seat may see, and what everyone may see.

The renderer, the bot and the computer opponent read only these.  A view is
built from the game by copying exactly the public fields plus, for a seat
view, that seat's own hand — so nothing else can leak through it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .hollywood import HollywoodSheet
from .match import MatchStanding
from .partnership import TableInfo
from .pickling import by_position
from .records import Event, HandResult, Phase
from .rules import Ruleset


@by_position
@dataclass(frozen=True, slots=True)
class PublicView:
    names: tuple[str, str]
    ruleset: Ruleset
    phase: Phase
    turn: int | None  # seat to move; None when the game is over
    dealer: int
    hand_number: int
    knock_limit: int
    spade_double: bool  # Oklahoma: this hand's score is doubled
    discard_pile: tuple[Card, ...]  # bottom first; the last is the top
    stock_count: int
    card_counts: tuple[int, int]
    scores: tuple[int, int]
    hands_won: tuple[int, int]
    #: Cards each seat is known to hold because they took them from the pile.
    known: tuple[tuple[Card, ...], tuple[Card, ...]]
    last_events: tuple[Event, ...]  # public parts only
    last_hand: HandResult | None
    #: The three-column sheet under Hollywood scoring, else None.
    hollywood: HollywoodSheet | None = None
    #: The match standing under match play, else None.
    match: MatchStanding | None = None
    #: This hand's pile, card by card, in order: who turned it up (``deal``),
    #: who threw each card (``discard``), who passed on the top card
    #: (``pass``: declined the upcard or drew from the stock instead) and who
    #: took it (``take_discard``).  Public only: a stock draw shows just as a
    #: pass on the card it declined, never the card drawn.
    pile_history: tuple[Event, ...] = ()
    #: A partnership table: the team game around it, else None.
    table: TableInfo | None = None
    #: Match play: this hand's number within the game being played (the
    #: ``hand_number`` counts on across the match's games), else None.
    hand_in_game: int | None = None

    @property
    def target(self) -> int:
        return self.ruleset.effective_target

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None


@by_position
@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    hand: tuple[Card, ...]  # display order: suit, then rank
    #: The card this seat drew this turn (still in hand), and whether it came
    #: from the pile (then it may not be thrown back this turn).
    drawn: Card | None
    drawn_from_pile: bool
    public: PublicView
    legal: frozenset[str]  # ActionKind values this seat may take now

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    @property
    def opponent_known(self) -> tuple[Card, ...]:
        return self.public.known[1 - self.seat]

    @property
    def my_turn(self) -> bool:
        return self.public.turn == self.seat
