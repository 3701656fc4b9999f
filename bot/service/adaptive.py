"""The adaptive computer's memory of each player, per server.

The policy itself is pure (:mod:`bot.ai.adaptive`) and, like every level,
reaches the service only as the ``decide`` the bot hands the computer runner;
the service imports just its state and update rule
(:mod:`bot.ai.adaptive_state`, no card play) and keeps the state in
``adaptive_players`` (:mod:`bot.storage.tables.adaptive`):

* read when the computer decides in an adaptive game (:meth:`AdaptiveDesk.state`,
  called by :mod:`.ai_runner` before each computer move, which plays at its
  level: the state only changes between games, but reading it is one small
  query and needs no cache);
* updated when an adaptive game ends, in the transaction that records the
  end: the desk is a :class:`~bot.service.core.MoveObserver` of the one move
  path, so a finished game and the strength it leads to commit together or
  not at all — every way a game ends (a move, a resignation, a timeout) goes
  through it.

Only a counted end moves the strength (reaching the target, a resignation,
a timeout — as for the computer's statistics); a game a moderator ended does
not.  Tables of a partnership game are played at each person's saved
strength but leave it as it is: the team's result is not theirs alone.
"""

from __future__ import annotations

import logging
from typing import Final

from bot.ai.adaptive_state import AdaptiveState, StateError
from bot.storage import AdaptiveRow, Tx

from . import scoring
from .core import ServiceContext
from .models import AiLevel
from .views import MoveResult

log = logging.getLogger(__name__)

#: A player's first games against the computer default to the adaptive level
#: (see :meth:`AdaptiveDesk.default_level`).
FIRST_GAMES: Final = 10


class AdaptiveDesk:
    """Load, show and update each player's adaptive strength (a move observer)."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    async def state(self, guild_id: int, user_id: int) -> AdaptiveState:
        """The player's saved strength (a new player's if none): the computer
        plays them at its ``playing_level``."""
        return await self._ctx.repo.read(lambda tx: load_state(tx, guild_id, user_id))

    async def level(self, guild_id: int, user_id: int) -> float | None:
        """The level (0-10, one decimal) the adaptive computer plays the player
        at, or ``None`` if they have not finished a game against it here."""
        row = await self._ctx.repo.read(lambda tx: tx.adaptive_state(guild_id, user_id))
        return None if row is None else _parsed(row).shown_level

    async def default_level(self, guild_id: int, user_id: int) -> AiLevel:
        """The level a challenge to the computer gets when the player names
        none: adaptive for their first :data:`FIRST_GAMES` games against it,
        then the level they have played most (adaptive on a tie)."""
        rows = await self._ctx.repo.read(lambda tx: tx.ai_stats(guild_id, user_id))
        games = {r.level: r.games for r in rows}
        if sum(games.values()) < FIRST_GAMES:
            return AiLevel.ADAPTIVE
        # Adaptive first, so it wins a tie; then the fixed levels, easiest first.
        order = (AiLevel.ADAPTIVE, AiLevel.EASY, AiLevel.NORMAL, AiLevel.HARD)
        return max(order, key=lambda level: games.get(level.value, 0))

    async def after_move(self, tx: Tx, now: float, result: MoveResult) -> MoveResult:
        """The move observer: a finished adaptive game moves the player's
        strength, in the move's own transaction."""
        snap = result.snapshot
        end = result.outcome.game
        if (
            end is None
            or snap.ai_level is not AiLevel.ADAPTIVE
            or snap.links.team_game_id is not None
            or end.reason not in scoring.COUNTED_REASONS
        ):
            return result
        user_id = snap.players[0]  # the computer is always seat 1
        state = await load_state(tx, snap.guild_id, user_id)
        after = state.after_game(player_won=end.winner == 0)
        await tx.put_adaptive_state(AdaptiveRow(snap.guild_id, user_id, after.to_json(), now))
        return result


async def load_state(tx: Tx, guild_id: int, user_id: int) -> AdaptiveState:
    """The player's saved state; a new player's (or an unreadable one's) is
    the default."""
    row = await tx.adaptive_state(guild_id, user_id)
    return AdaptiveState() if row is None else _parsed(row)


def _parsed(row: AdaptiveRow) -> AdaptiveState:
    try:
        return AdaptiveState.from_json(row.state)
    except StateError as err:
        # Never expected (the state is only written from to_json): start the
        # player afresh rather than refuse the computer's move.
        log.warning("adaptive state of player %s unreadable: %s", row.user_id, err)
        return AdaptiveState()
