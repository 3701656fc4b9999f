"""Replays: a finished hand step by step, for anybody in the server.

The game's seed and its move log are a full replay (as for the coach), so
nothing extra is stored: :func:`bot.engine.replay.replay_hand` rebuilds the
hand from them.

Who may see what, and when.  A replay shows each hand as it stood after
every move — cards that were never public while it was played: what the
opponent held, every card drawn from the stock.  At a hand's end the rules
reveal both hands, but not how they came about; during the game that
history is each player's own (it tells how they play this very match).  So
a hand is replayed only once its **whole game is over** (a match: the
whole match; a partnership table: the whole team game), and then to anybody
in the server where it was played — as a finished game's score sheet and
reveals are.  A live game's hand is refused with an error that says only
that the game is not over, which ``/gin games`` shows to everyone anyway.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from typing import Final

from bot.engine import Action, ActionKind, Game, parse_card
from bot.engine.replay import HandNotFinishedError, HandReplay, ReplayFrame, replay_hand
from bot.storage import MoveRow, Tx

from .core import ServiceContext
from .models import GameDamagedError, GameStatus, NoSuchGameError, ServiceError

#: Replayed hands kept in memory (a finished game never changes, so one
#: stays right): enough for the few people stepping through hands at once.
REPLAYS_KEPT: Final = 32
#: How a team game that can no longer change ends (its tables may be shown).
_TEAM_OVER: Final = frozenset({"finished", "cancelled", "expired"})
_ACTIONS: Final = frozenset(k.value for k in ActionKind)


class ReplayRefusedError(ServiceError):
    """The hand can't be replayed (yet); the message says why and reveals
    nothing of any hand."""


@dataclass(frozen=True, slots=True)
class ReplayView:
    """One step of a finished hand of a finished game."""

    game_id: int
    frame: ReplayFrame
    #: The hands of the game that can be replayed (1 … ``hands``).
    hands: int


class ReplayDesk:
    """Finished hands, step by step."""

    def __init__(self, ctx: ServiceContext, kept: int = REPLAYS_KEPT) -> None:
        self._ctx = ctx
        self._kept = kept
        self._replays: OrderedDict[tuple[int, int], HandReplay] = OrderedDict()

    async def frame(
        self,
        guild_id: int,
        game_id: int,
        *,
        hand_number: int | None = None,
        step: int = 0,
        knock: bool = False,
    ) -> ReplayView:
        """Step ``step`` (0: the deal; clamped to the hand) of hand
        ``hand_number`` (default: the game's last finished hand) of
        ``game_id``, a finished game of ``guild_id``; with ``knock``, the
        step of the knock instead (a dead hand has none: its end)."""

        async def txn(tx: Tx) -> tuple[Game, int, list[MoveRow] | None]:
            row = await tx.game(game_id)
            if row is None or row.guild_id != guild_id:
                raise NoSuchGameError("err.replay.no_game", game=game_id)
            if row.status != GameStatus.FINISHED.value:
                raise ReplayRefusedError("err.replay.not_over", game=game_id)
            if row.team_game_id is not None:
                team = await tx.team_game(row.team_game_id)
                if team is None or team.status not in _TEAM_OVER:
                    raise ReplayRefusedError("err.replay.not_over", game=game_id)
            game = await self._ctx.cache.game_at(tx, row)
            number = _hand_of(game, game_id, hand_number)
            if (game_id, number) in self._replays:
                return game, number, None
            return game, number, await tx.moves(game_id)

        game, number, moves = await self._ctx.repo.read(txn)
        replay = self._replays.get((game_id, number))
        if replay is None:
            assert moves is not None
            # Replaying the game up to the hand is CPU work: off the event loop.
            replay = await asyncio.to_thread(_replay, game_id, game, moves, number)
            self._remember((game_id, number), replay)
        else:
            self._replays.move_to_end((game_id, number))
        if knock:
            step = replay.last if replay.knock_step is None else replay.knock_step
        return ReplayView(game_id, replay.frame(step), len(game.history))

    def _remember(self, key: tuple[int, int], replay: HandReplay) -> None:
        self._replays[key] = replay
        self._replays.move_to_end(key)
        while len(self._replays) > self._kept:
            self._replays.popitem(last=False)

    def sizes(self) -> dict[str, int]:
        """What this keeps in memory (tests, the soak benchmark)."""
        return {"replays": len(self._replays)}


def _hand_of(game: Game, game_id: int, hand_number: int | None) -> int:
    """The finished hand asked for (default: the last one), or a refusal."""
    finished = [h.number for h in game.history]
    if not finished:
        raise ReplayRefusedError("err.replay.nothing_played", game=game_id)
    if hand_number is None:
        return finished[-1]
    if hand_number not in finished:
        if finished[-1] == 1:
            raise ReplayRefusedError("err.replay.one_hand", game=game_id)
        raise ReplayRefusedError(
            "err.replay.no_such_hand", game=game_id, hand=hand_number, last=finished[-1]
        )
    return hand_number


def _replay(game_id: int, game: Game, moves: list[MoveRow], number: int) -> HandReplay:
    actions: list[tuple[int, Action]] = []
    for move in moves:
        if move.kind not in _ACTIONS:
            break  # a forfeit: nothing after it
        card = None if move.card is None else parse_card(move.card)
        actions.append((move.seat, Action(ActionKind(move.kind), card)))
    try:
        return replay_hand(game.names, game.ruleset, game.seed, game.first_dealer, actions, number)
    except HandNotFinishedError as err:  # never expected: the log and the state disagree
        raise GameDamagedError("err.replay.log_incomplete", game=game_id) from err
