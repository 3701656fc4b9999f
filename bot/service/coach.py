"""The coach: a private review of a hand a player has just finished.

The game's seed and its move log are a full replay (see the ``moves`` table),
so nothing extra is stored: the hand is replayed from the start of the game
and :func:`bot.engine.review.review_hand` judges the player's decisions from
what they could see.  Only finished hands can be reviewed, and only by the
two players — each gets their own seat's review, privately.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.engine import Action, ActionKind, Game, parse_card
from bot.engine.review import HandReview, review_hand
from bot.storage import MoveRow, Tx

from .codec import clone_game
from .core import ServiceContext
from .models import GameSnapshot, NoSuchGameError, NotYourGameError

_ACTIONS = frozenset(k.value for k in ActionKind)


@dataclass(frozen=True, slots=True)
class CoachReport:
    """One player's review of one finished hand (private to that player)."""

    game_id: int
    names: tuple[str, str]
    seat: int
    review: HandReview


class CoachDesk:
    """Hand reviews."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    async def review(
        self,
        guild_id: int,
        user_id: int,
        *,
        game_id: int | None = None,
        hand_number: int | None = None,
    ) -> CoachReport:
        """Review ``hand_number`` (default: the last finished hand) of
        ``game_id`` (default: the player's current or last game) for them."""

        async def txn(tx: Tx) -> tuple[GameSnapshot, list[MoveRow]]:
            gid = game_id if game_id is not None else await tx.last_game_id(guild_id, user_id)
            if gid is None:
                raise NoSuchGameError("err.coach.no_game")
            snap = await self._ctx.cache.load(tx, gid)
            if snap.seat_of(user_id) is None:
                raise NotYourGameError("err.game.not_yours")
            return snap, await tx.moves(gid)

        snap, moves = await self._ctx.repo.read(txn)
        seat = snap.seat_of(user_id)
        assert seat is not None
        finished = [h.number for h in snap.game.history]
        number = finished[-1] if finished and hand_number is None else hand_number
        if number is None or number not in finished:
            raise NoSuchGameError("err.coach.no_finished_hand")
        # Replaying the game and judging the hand are CPU work: off the event loop.
        review = await asyncio.to_thread(_review, snap.game, moves, number, seat)
        return CoachReport(snap.id, snap.game.names, seat, review)


def _review(game: Game, moves: list[MoveRow], number: int, seat: int) -> HandReview:
    start, actions = replay_to_hand(game, moves, number)
    return review_hand(start, actions, seat)


def replay_to_hand(
    game: Game, moves: list[MoveRow], number: int
) -> tuple[Game, list[tuple[int, Action]]]:
    """The game as hand ``number`` was dealt, and that hand's actions, from
    the game's seed and move log (``game`` itself is only read)."""
    replay = Game.new(game.names, game.ruleset, seed=game.seed, first_dealer=game.first_dealer)
    start: Game | None = clone_game(replay) if number == 1 else None
    actions: list[tuple[int, Action]] = []
    for move in moves:
        if move.kind not in _ACTIONS:
            break  # a forfeit: nothing after it
        action = Action(ActionKind(move.kind), None if move.card is None else parse_card(move.card))
        if replay.hand_number == number:
            actions.append((move.seat, action))
        replay.apply(move.seat, action)
        if replay.hand_number > number or replay.is_over:
            break
        if replay.hand_number == number and start is None:
            start = clone_game(replay)
    if start is None:
        raise NoSuchGameError("err.coach.no_finished_hand")
    return start, actions
