"""The committed games themselves, for tests and tools — never for the bot.

A :class:`~bot.service.models.GameSnapshot` holds the live engine
:class:`~bot.engine.Game` (both hands, the stock), and a
:class:`~bot.service.models.MoveResult` holds a snapshot, so neither crosses
the service boundary: the bot gets views from the service's parts.  Tests,
benchmarks and tools that must see a whole game (every hand, the seed, the
exact version) read and move it through these functions, which take the same
locks and transactions as the parts do.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from bot.engine import Action, SeatView, Variant
from bot.storage import Tx

from .challenges import AiGame, accept_in, start_ai_in
from .games import Step, StepKind
from .models import AiLevel, GameSnapshot
from .moves import ai_turn
from .service import GinService
from .views import MoveResult

__all__ = [
    "GameSnapshot",
    "MoveResult",
    "accept_challenge",
    "act",
    "active_game_for",
    "end_game",
    "get_game",
    "last_game_for",
    "play_ai_turn",
    "resign",
    "start_ai_game",
]


async def get_game(svc: GinService, game_id: int) -> GameSnapshot:
    ctx = svc.context
    return await ctx.repo.read(lambda tx: ctx.cache.load(tx, game_id))


async def active_game_for(svc: GinService, guild_id: int, user_id: int) -> GameSnapshot | None:
    return await _game_by(svc, guild_id, user_id, last=False)


async def last_game_for(svc: GinService, guild_id: int, user_id: int) -> GameSnapshot | None:
    """The player's active game, else the one they finished last."""
    return await _game_by(svc, guild_id, user_id, last=True)


async def _game_by(
    svc: GinService, guild_id: int, user_id: int, *, last: bool
) -> GameSnapshot | None:
    ctx = svc.context

    async def txn(tx: Tx) -> GameSnapshot | None:
        find = tx.last_game if last else tx.active_game
        row = await find(guild_id, user_id)
        return None if row is None else await ctx.cache.snapshot(tx, row)

    return await ctx.repo.read(txn)


async def act(
    svc: GinService,
    game_id: int,
    user_id: int,
    action: Action,
    *,
    expected_version: int | None = None,
) -> MoveResult:
    """Apply one player's action; returns only after it has committed.

    ``expected_version`` is the version the player's button or command was
    made from; an older one gets :class:`StaleActionError` and changes nothing.
    """
    step = Step(StepKind.of(action), action, user_id, expected_version)
    return await _move(svc, game_id, step)


async def resign(svc: GinService, game_id: int, user_id: int) -> MoveResult:
    return await _move(svc, game_id, Step(StepKind.RESIGN, user_id=user_id))


async def end_game(svc: GinService, game_id: int, *, moderator_id: int = 0) -> MoveResult:
    """A moderator ends a stuck game: recorded as "ended", no rating or
    statistics change."""
    return await _move(svc, game_id, Step(StepKind.ENDED, actor_id=moderator_id))


async def _move(svc: GinService, game_id: int, step: Step) -> MoveResult:
    result = await svc.move_path.move(game_id, step)
    assert result is not None  # only timeouts return None
    return result


async def accept_challenge(
    svc: GinService, challenge_id: int, user_id: int, *, message_id: int | None = None
) -> GameSnapshot:
    """:meth:`ChallengeDesk.accept`, returning the new game itself."""
    ctx = svc.context
    return await ctx.repo.write(partial(accept_in, ctx, challenge_id, user_id, message_id))


async def start_ai_game(
    svc: GinService,
    guild_id: int,
    channel_id: int,
    user_id: int,
    user_name: str,
    level: AiLevel,
    *,
    target: int | None = None,
    variant: Variant | None = None,
    match_games: int | None = None,
    ai_user_id: int = 0,
) -> GameSnapshot:
    """:meth:`ChallengeDesk.start_ai_game`, returning the new game itself."""
    new = AiGame.checked(guild_id, channel_id, user_id, user_name, level, ai_user_id)
    ctx = svc.context
    rules = (target, variant, match_games)
    return await ctx.repo.write(partial(start_ai_in, ctx, new, rules))


async def play_ai_turn(
    svc: GinService, game_id: int, decide: Callable[[SeatView], Action]
) -> MoveResult | None:
    """:meth:`MoveDesk.play_ai_turn`, returning the committed result itself."""
    return await ai_turn(svc.context, svc.move_path, game_id, decide)
