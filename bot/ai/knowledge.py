"""What the computer opponent knows, built from a :class:`SeatView` alone.

Everything here is derived from fields a seat may legitimately see: its own
hand, the discard pile, the cards the opponent took from the pile and still
holds, and the counts.  The AI never receives the game object, so it cannot
peek at the opponent's hand or the stock order even by accident.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.cards import FULL_DECK_MASK, mask_of
from bot.engine.records import EventKind
from bot.engine.views import SeatView


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Card masks (52-bit ints) for fast meld arithmetic."""

    hand: int
    #: Every card in the discard pile (dead except the top one).
    pile: int
    top: int | None
    #: Cards the opponent is known to hold (taken from the pile).
    opp_known: int
    #: Cards this seat has never seen: the stock plus the opponent's hidden cards.
    unseen: int
    #: How many of the opponent's cards are hidden from us.
    opp_hidden: int
    stock: int
    knock_limit: int
    #: The card the opponent discarded on their last turn, if we saw it.
    opp_last_discard: int | None


def knowledge_of(view: SeatView) -> Knowledge:
    """Collect the masks once per decision; cheap (a few microseconds)."""
    pub = view.public
    hand = mask_of(view.hand)
    pile = mask_of(pub.discard_pile)
    opp = view.opponent
    opp_known = mask_of(pub.known[opp])
    unseen = FULL_DECK_MASK & ~hand & ~pile & ~opp_known
    opp_hidden = pub.card_counts[opp] - len(pub.known[opp])
    last_discard: int | None = None
    for ev in pub.last_events:
        if ev.seat == opp and ev.kind is EventKind.DISCARD and ev.card is not None:
            last_discard = int(ev.card)
    return Knowledge(
        hand=hand,
        pile=pile,
        top=int(pub.discard_pile[-1]) if pub.discard_pile else None,
        opp_known=opp_known,
        unseen=unseen,
        opp_hidden=max(0, opp_hidden),
        stock=pub.stock_count,
        knock_limit=pub.knock_limit,
        opp_last_discard=last_discard,
    )
