"""A finished hand step by step, rebuilt from the game's seed and its moves.

A game's seed fixes every deal and its move log fixes every decision, so a
hand can be shown again exactly as it stood after each move: both hands,
the top of the discard pile, the stock.  That shows cards that were never
public during the hand (the opponent's hand, every card drawn from the
stock), so who may see a replay, and when, is the caller's decision (the
service allows it only once the whole game is over).

:func:`replay_hand` returns every step of one hand; a step is what one
image of a replay shows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .cards import CARDS, Card, cards_of
from .errors import EngineError
from .game import Game
from .records import Action, ActionKind, HandResult
from .rules import Ruleset


class HandNotFinishedError(EngineError):
    """Raised by :func:`replay_hand` when the moves given never finish the
    hand asked for (it is still being played, the game was resigned during
    it, or it was never dealt)."""


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """The table right after one move of a hand.

    The first step is the deal and the last is the end of the hand (the
    table as the ending move left it, shown with the result); neither is a
    move, so their ``kind`` is ``None``.  ``card`` is the card a move
    concerned: the upcard of the deal, the card drawn from the stock or
    taken from the pile, the card thrown, the card a knock put face down;
    ``None`` for a pass, big gin and the end."""

    index: int
    seat: int  # who moved (for the deal: the dealer)
    kind: ActionKind | None  # None: the deal, the end
    card: Card | None
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]  # in suit order
    pile_top: Card | None
    pile_size: int
    stock_count: int
    #: Whose turn it is after this step (``None`` once the hand is over).
    to_move: int | None


@dataclass(frozen=True, slots=True)
class HandReplay:
    """Every step of one finished hand, and how it ended."""

    hand_number: int
    names: tuple[str, str]
    dealer: int
    steps: tuple[ReplayStep, ...]
    result: HandResult

    @property
    def last(self) -> int:
        """The index of the last step (the end of the hand, with its result)."""
        return len(self.steps) - 1

    @property
    def knock_step(self) -> int | None:
        """The step of the knock, gin or big gin (``None``: a dead hand):
        the move before the end."""
        if self.result.knocker is None:
            return None
        return self.last - 1

    def frame(self, index: int) -> ReplayFrame:
        """Step ``index`` (clamped to the hand) with what an image of it needs."""
        i = min(max(index, 0), self.last)
        return ReplayFrame(
            hand_number=self.hand_number,
            names=self.names,
            dealer=self.dealer,
            step=self.steps[i],
            steps=len(self.steps),
            knock_step=self.knock_step,
            result=self.result,
        )


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """One step of a replay as one image shows it: the step, where it is in
    the hand, and how the hand ended (shown on its last step)."""

    hand_number: int
    names: tuple[str, str]
    dealer: int
    step: ReplayStep
    steps: int  # how many steps the hand has (the deal included)
    knock_step: int | None
    result: HandResult

    @property
    def is_last(self) -> bool:
        """The end of the hand: the table as the last move left it, and the result."""
        return self.step.index == self.steps - 1

    @property
    def is_knock(self) -> bool:
        """The knock, gin or big gin itself."""
        return self.step.index == self.knock_step


def replay_hand(
    names: tuple[str, str],
    ruleset: Ruleset,
    seed: int,
    first_dealer: int,
    actions: Iterable[tuple[int, Action]],
    number: int,
) -> HandReplay:
    """Hand ``number`` of the game dealt from ``seed``, step by step, from
    the game's actions in order (``(seat, action)``; stop at a forfeit).

    Raises :class:`HandNotFinishedError` if the actions never finish it."""
    game = Game.new(names, ruleset, seed=seed, first_dealer=first_dealer)
    steps: list[ReplayStep] = []
    if number == 1:
        steps.append(_deal_step(game))
    for seat, action in actions:
        if game.is_over or game.hand_number > number:
            break
        if game.hand_number < number:
            game.apply(seat, action)
            if game.hand_number == number and not steps and not game.is_over:
                steps.append(_deal_step(game))
            continue
        hands = list(game.hands)
        pile = list(game.pile)
        stock = len(game.stock)
        outcome = game.apply(seat, action)
        if outcome.hand is None:
            steps.append(_step(game, len(steps), seat, action))
            continue
        # The hand is over and the next one may already be dealt: the last
        # step is worked out from the table as it stood before the move.
        card = None if action.card is None else CARDS[action.card]
        if card is not None and action.kind in (ActionKind.KNOCK, ActionKind.DISCARD):
            hands[seat] &= ~(1 << card)
            if action.kind is ActionKind.DISCARD:
                pile.append(card)
        last = ReplayStep(
            index=len(steps),
            seat=seat,
            kind=action.kind,
            card=card,
            hands=(tuple(cards_of(hands[0])), tuple(cards_of(hands[1]))),
            pile_top=pile[-1] if pile else None,
            pile_size=len(pile),
            stock_count=stock,
            to_move=None,
        )
        end = replace(last, index=last.index + 1, kind=None, card=None)
        steps += (last, end)
        return HandReplay(number, names, steps[0].seat, tuple(steps), outcome.hand)
    raise HandNotFinishedError("err.replay.hand_unfinished", number=number)


def _deal_step(game: Game) -> ReplayStep:
    return ReplayStep(
        index=0,
        seat=game.dealer,
        kind=None,
        card=game.pile[-1] if game.pile else None,
        hands=(tuple(game.hand(0)), tuple(game.hand(1))),
        pile_top=game.pile[-1] if game.pile else None,
        pile_size=len(game.pile),
        stock_count=len(game.stock),
        to_move=game.turn,
    )


def _step(game: Game, index: int, seat: int, action: Action) -> ReplayStep:
    kind = action.kind
    if kind in (ActionKind.DRAW_STOCK, ActionKind.TAKE_DISCARD):
        card = game.drawn
    elif action.card is not None:
        card = CARDS[action.card]
    else:
        card = None
    return ReplayStep(
        index=index,
        seat=seat,
        kind=kind,
        card=card,
        hands=(tuple(game.hand(0)), tuple(game.hand(1))),
        pile_top=game.pile[-1] if game.pile else None,
        pile_size=len(game.pile),
        stock_count=len(game.stock),
        to_move=game.turn,
    )
