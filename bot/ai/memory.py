"""What the hand's public history says about the opponent's hidden cards.

Built from :attr:`~bot.engine.views.PublicView.pile_history` alone (public:
who turned up, threw, passed on and took each pile card).  Three kinds of
evidence, each read the way a careful player reads it:

* a card they **took** from the pile (and still hold) is very likely in a meld
  of theirs, so its meld partners are *more* likely in their hand;
* a card they **passed on** would have joined a meld if they held two of its
  partners, so its partners are *less* likely (and pairs of them much less);
* a card they **threw** was not wanted: its partners are somewhat less likely.

The result is a weight per card (relative likelihood that the card is among
the opponent's hidden ones) for drawing samples, and their moves in order,
which :mod:`.inference` replays to judge each sampled hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.engine.records import EventKind
from bot.engine.views import SeatView

# Per-card factors (relative odds of being held) for a partner of a card the
# opponent took / passed on / threw.  Same rank, the next rank, two ranks away.
TOOK = (2.2, 2.0, 1.4)
PASSED = (0.55, 0.55, 0.8)
THREW = (0.65, 0.6, 0.85)
#: The opponent moves :mod:`.inference` replays (the latest ones): enough for
#: any real hand, and a bound on the work in a hand that goes round and round.
MOVES_KEPT = 60


class MoveKind(Enum):
    TOOK = "took"  # took the pile card
    DREW = "drew"  # passed on the pile card and drew from the stock
    PASSED = "passed"  # passed on the upcard without drawing
    THREW = "threw"


#: One opponent move: what they did and the pile card it was about.
Move = tuple[MoveKind, int]


@dataclass(frozen=True, slots=True)
class Memory:
    """The opponent's pile moves this hand, in order, as card ints."""

    opp_took: tuple[int, ...]
    opp_passed: tuple[int, ...]
    opp_threw: tuple[int, ...]
    #: Relative weight of each card (by int) being among their hidden cards.
    weights: tuple[float, ...]
    #: Their latest moves in order (at most :data:`MOVES_KEPT`).
    opp_moves: tuple[Move, ...] = ()


def _partners(card: int) -> list[tuple[int, int]]:
    """(partner card, closeness) pairs: 0 same rank, 1 next rank, 2 two away."""
    rank = card % 13
    suit_base = card - rank
    out = [(s * 13 + rank, 0) for s in range(4) if s * 13 + rank != card]
    for d in (-2, -1, 1, 2):
        r = rank + d
        if 0 <= r < 13:
            out.append((suit_base + r, abs(d)))
    return out


_PARTNERS = tuple(tuple(_partners(c)) for c in range(52))


def memory_of(view: SeatView) -> Memory:
    opp = view.opponent
    took: list[int] = []
    passed: list[int] = []
    threw: list[int] = []
    moves: list[Move] = []
    for ev in view.public.pile_history:
        if ev.seat != opp or ev.card is None:
            continue
        card = int(ev.card)
        if ev.kind is EventKind.TAKE_DISCARD:
            took.append(card)
            moves.append((MoveKind.TOOK, card))
        elif ev.kind is EventKind.PASS:
            passed.append(card)
            moves.append((MoveKind.PASSED, card))
        elif ev.kind is EventKind.DISCARD:
            threw.append(card)
            if moves and moves[-1][0] is MoveKind.PASSED:
                # A pass straight before their throw was a stock draw.
                moves[-1] = (MoveKind.DREW, moves[-1][1])
            moves.append((MoveKind.THREW, card))
    weights = [1.0] * 52
    known = {int(c) for c in view.opponent_known}
    for cards, factors in (
        ([c for c in took if c in known], TOOK),
        (passed, PASSED),
        (threw, THREW),
    ):
        for card in dict.fromkeys(cards):
            for partner, closeness in _PARTNERS[card]:
                weights[partner] *= factors[closeness]
    return Memory(
        tuple(took), tuple(passed), tuple(threw), tuple(weights), tuple(moves[-MOVES_KEPT:])
    )
