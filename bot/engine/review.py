"""The coach: a review of one finished hand from one player's seat.

Replays the hand's actions and, at each of the player's decisions, compares
what they did with what the cards *they could see* allowed: their own hand,
the discard pile, the cards the opponent took face up.  The opponent's
hidden cards and the stock order are never used (a dead hand's cards are not
laid down, so nothing about them can leak through the review); the one thing
read from the opponent's hand is what the reveal made public — the melds a
discard of ours went into.

Pure and deterministic, so the notes for a hand are always the same and
tests can pin them.  Wording is left to the caller: the notes are data.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .cards import RANK_VALUES, Card
from .game import Game
from .melds import Meld, min_deadwood_mask
from .records import Action, ActionKind, HandEnd, HandResult, Phase

#: A discard is flagged when another left at least this much less deadwood.
DISCARD_SLACK = 3
#: Taking the face-up card is suggested when it saved at least this much.
PILE_GAIN = 4
#: Meld chances: flagged when another discard, no worse in deadwood, kept at
#: least this many more unseen cards that would meld.
CHANCE_GAIN = 3
#: At most this many notes, the costliest first: a review is read at a glance.
MAX_NOTES = 6


class NoteKind(StrEnum):
    #: A discard that left more deadwood than another would have.
    DISCARD = "discard"
    #: A discard no worse in deadwood that kept fewer cards that would meld.
    MELD_CHANCE = "meld_chance"
    #: The face-up card would have made a meld; they drew blind (or passed).
    MISSED_PILE = "missed_pile"
    #: They took the face-up card and it did nothing for the hand.
    EMPTY_TAKE = "empty_take"
    #: They could have knocked (the first such turn) and played on.
    MISSED_KNOCK = "missed_knock"
    #: Their discard was picked up and went into the opponent's melds.
    FED = "fed"


@dataclass(frozen=True, slots=True)
class ReviewNote:
    kind: NoteKind
    #: The player's turn in the hand, counting from 1.
    turn: int
    #: The card they played (thrown, taken, or passed on).
    card: Card | None = None
    #: The better card to throw (or the one to knock with).
    better: Card | None = None
    #: The deadwood (or meld chances) their play left ...
    value: int = 0
    #: ... and what the better play left.
    better_value: int = 0
    #: For ``FED``: the opponent's meld the card went into.
    meld: tuple[Card, ...] = ()

    @property
    def cost(self) -> int:
        """How much the note matters, to keep the costliest ones."""
        if self.kind is NoteKind.MELD_CHANCE:
            return self.better_value - self.value
        if self.kind is NoteKind.FED:
            return 10
        if self.kind is NoteKind.MISSED_KNOCK:
            return 20
        return abs(self.value - self.better_value)


@dataclass(frozen=True, slots=True)
class HandReview:
    hand: HandResult
    seat: int
    turns: int
    notes: tuple[ReviewNote, ...]


def review_hand(start: Game, actions: Iterable[tuple[int, Action]], seat: int) -> HandReview:
    """Review, for ``seat``, the hand that ``start`` has just dealt (phase
    upcard), played by ``actions`` (``(seat, action)`` in order, the last one
    ending the hand).  ``start`` is played forward: pass a copy."""
    game = start
    number = game.hand_number
    walker = _Walker(game, seat)
    for who, action in actions:
        if who == seat:
            walker.before(action)
        else:
            walker.note_opponent(action)
        game.apply(who, action)
        if game.hand_number != number or game.is_over:
            break
        walker.saw_pile()
    hand = next((h for h in game.history if h.number == number), None)
    if hand is None:
        raise ValueError(f"hand {number} did not finish with these actions")
    notes = walker.notes + _fed(walker.thrown, walker.taken_by_opponent, hand, seat)
    if hand.winner == seat and hand.end in (HandEnd.GIN, HandEnd.BIG_GIN):
        # Waiting for gin paid off: an earlier knock was not a mistake.
        notes = [n for n in notes if n.kind is not NoteKind.MISSED_KNOCK]
    order = {id(n): i for i, n in enumerate(notes)}
    kept = sorted(notes, key=lambda n: (-n.cost, n.turn))[:MAX_NOTES]
    kept.sort(key=lambda n: (n.turn, order[id(n)]))  # in the order they happened
    return HandReview(hand, seat, walker.turn, tuple(kept))


class _Walker:
    """Follows one seat through a hand, noting each decision before it is applied."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.turn = 0
        self.notes: list[ReviewNote] = []
        #: Cards this seat threw, with the turn.
        self.thrown: dict[Card, int] = {}
        self.taken_by_opponent: set[Card] = set()
        self._pending_pile: ReviewNote | None = None
        self._knock_noted = False
        self._seen_pile: set[Card] = set(game.pile)

    # The opponent's public moves matter too: which of our discards they took.
    def note_opponent(self, action: Action) -> None:
        if action.kind is ActionKind.TAKE_DISCARD and self.game.pile:
            self.taken_by_opponent.add(self.game.pile[-1])

    def saw_pile(self) -> None:
        if self.game.pile:
            self._seen_pile.add(self.game.pile[-1])

    def before(self, action: Action) -> None:
        game = self.game
        if game.phase in (Phase.UPCARD, Phase.DRAW, Phase.FIFTIETH):
            self.turn += 1
            self._draw(action)
        elif game.phase is Phase.DISCARD:
            self._discard(action)

    def _draw(self, action: Action) -> None:
        game = self.game
        hand = game.hands[self.seat]
        top = game.pile[-1] if game.pile else None
        self._pending_pile = None
        if top is None:
            return
        now = min_deadwood_mask(hand)
        taking = _best_after_taking(hand, top)
        melds_top = _melds(hand, top)
        if action.kind is ActionKind.TAKE_DISCARD:
            if taking >= now and not melds_top:
                self.notes.append(
                    ReviewNote(NoteKind.EMPTY_TAKE, self.turn, top, value=taking, better_value=now)
                )
        elif melds_top and taking <= now - PILE_GAIN and not game.stock_only:
            note = ReviewNote(NoteKind.MISSED_PILE, self.turn, top, value=now, better_value=taking)
            if action.kind is ActionKind.PASS:
                self.notes.append(note)
            else:  # judged after their discard: a lucky stock card may have done as well
                self._pending_pile = note

    def _discard(self, action: Action) -> None:
        game, seat = self.game, self.seat
        after = game.deadwood_after(seat)
        chosen = action.card
        pending, self._pending_pile = self._pending_pile, None
        if chosen is None:  # big gin: nothing to judge
            return
        chosen = Card(chosen)
        self.thrown[chosen] = self.turn
        left = after[chosen]
        if pending is not None and left > pending.better_value:
            self.notes.append(
                ReviewNote(
                    pending.kind,
                    pending.turn,
                    pending.card,
                    value=left,
                    better_value=pending.better_value,
                )
            )
        best = min(after, key=lambda c: (after[c], -RANK_VALUES[c % 13], -(c % 13), -c))
        knocks = [c for c, v in after.items() if v <= game.knock_limit]
        if action.kind is ActionKind.DISCARD and knocks and self._knock_noted:
            pass  # the first chance to knock is the one worth a note
        elif action.kind is ActionKind.DISCARD and knocks:
            self._knock_noted = True
            self.notes.append(
                ReviewNote(NoteKind.MISSED_KNOCK, self.turn, chosen, best, left, after[best])
            )
        elif left - after[best] >= DISCARD_SLACK:
            self.notes.append(
                ReviewNote(NoteKind.DISCARD, self.turn, chosen, best, left, after[best])
            )
            return
        unseen = self._unseen()
        hand = game.hands[seat]
        mine = _chances(hand & ~(1 << chosen), unseen)
        rivals = [(c, _chances(hand & ~(1 << c), unseen)) for c, v in after.items() if v <= left]
        other, theirs = max(rivals, key=lambda cv: (cv[1], -after[cv[0]], cv[0]))
        if theirs - mine >= CHANCE_GAIN:
            self.notes.append(
                ReviewNote(NoteKind.MELD_CHANCE, self.turn, chosen, other, mine, theirs)
            )

    def _unseen(self) -> int:
        """Cards this seat cannot place: not in its hand, not seen on the pile,
        not taken face up by the opponent."""
        game = self.game
        seen = game.hands[self.seat] | game.known[1 - self.seat]
        for c in self._seen_pile | set(game.pile):
            seen |= 1 << c
        return ((1 << 52) - 1) & ~seen


def _best_after_taking(hand: int, top: Card) -> int:
    """Deadwood after taking ``top`` and throwing the best other card."""
    full = hand | (1 << top)
    return min(min_deadwood_mask(full & ~(1 << c)) for c in range(52) if (hand >> c) & 1)


def _melds(hand: int, card: Card) -> bool:
    """Would ``card`` sit in a meld of the best arrangement with ``hand``?"""
    return min_deadwood_mask(hand | (1 << card)) < min_deadwood_mask(hand) + RANK_VALUES[card % 13]


def _chances(hand: int, unseen: int) -> int:
    """How many unseen cards would meld with ``hand`` if drawn."""
    base = min_deadwood_mask(hand)
    count = 0
    rest = unseen
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        rest ^= low
        if min_deadwood_mask(hand | low) < base + RANK_VALUES[card % 13]:
            count += 1
    return count


def _fed(
    thrown: dict[Card, int], taken: set[Card], hand: HandResult, seat: int
) -> list[ReviewNote]:
    """Our discards the opponent took that the reveal shows in their melds."""
    if hand.end is HandEnd.DEAD or hand.knocker is None:
        return []
    if hand.knocker == seat:
        melds: tuple[Meld, ...] = hand.defender_melds
    else:
        melds = hand.knocker_melds
    notes = []
    for card, turn in thrown.items():
        if card not in taken:
            continue
        for meld in melds:
            if card in meld.cards:
                notes.append(ReviewNote(NoteKind.FED, turn, card, meld=tuple(meld.cards)))
    return notes
