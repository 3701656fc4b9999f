"""A server's finished games, latest first: ``/gin history``.

Read from the results every finished game leaves (``game_results``, one row
per two-player game; a partnership's tables are parts of a team game and
leave none), joined to where the game was played so the list can link to
it.  Games against the computer are listed too, marked by their level; they
were never rated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from bot.engine import GameEnd
from bot.storage import PastGameRow, Tx

from .core import ServiceContext
from .models import AiLevel

#: Games on one page of the list (each a line of a message).
PAGE_SIZE: Final = 10


@dataclass(frozen=True, slots=True)
class PastGame:
    """One finished game as the history lists it."""

    id: int
    players: tuple[int, int]  # user ids by seat (seat 1: the computer's id when it played)
    names: tuple[str, str]
    totals: tuple[int, int]  # the final tally
    winner_seat: int
    end: GameEnd
    rated: bool
    ai_level: AiLevel | None  # set when seat 1 was the computer
    finished_at: float  # Unix time
    #: Each seat's rating change (rated games only).
    rating_changes: tuple[float, float] | None
    #: Where it was played: its thread, or the channel (a mention links to it).
    channel_id: int
    #: In a channel (no thread of its own): its last board, to link to.
    message_id: int | None
    tournament_id: int | None = None

    def seat_of(self, user_id: int) -> int | None:
        return 0 if user_id == self.players[0] else 1 if user_id == self.players[1] else None


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """One page of a server's (or one player's) finished games."""

    guild_id: int
    user_id: int | None  # whose games (None: everyone's)
    page: int  # 1-based
    pages: int
    total: int  # games in the whole list
    games: tuple[PastGame, ...]


def past_game(row: PastGameRow) -> PastGame:
    changes = None
    if (
        row.rating_before0 is not None
        and row.rating_after0 is not None
        and row.rating_before1 is not None
        and row.rating_after1 is not None
    ):
        changes = (
            round(row.rating_after0 - row.rating_before0, 2),
            round(row.rating_after1 - row.rating_before1, 2),
        )
    threaded = row.summary_channel_id is not None
    return PastGame(
        id=row.game_id,
        players=(row.player0, row.player1),
        names=(row.name0, row.name1),
        totals=(row.total0, row.total1),
        winner_seat=row.winner_seat,
        end=GameEnd(row.reason),
        rated=bool(row.rated),
        ai_level=None if row.ai_level is None else AiLevel(row.ai_level),
        finished_at=row.finished_at,
        rating_changes=changes,
        channel_id=row.channel_id,
        message_id=None if threaded else row.board_message_id,
        tournament_id=row.tournament_id,
    )


class HistoryDesk:
    """Finished games, latest first."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    async def recent(
        self,
        guild_id: int,
        *,
        user_id: int | None = None,
        page: int = 1,
        page_size: int = PAGE_SIZE,
    ) -> HistoryPage:
        """Page ``page`` (clamped to the list) of the server's finished
        games, or of ``user_id``'s, the latest first."""
        size = min(max(page_size, 1), 25)

        async def txn(tx: Tx) -> HistoryPage:
            total = await tx.count_finished_games(guild_id, user_id)
            pages = max(1, math.ceil(total / size))
            number = min(max(page, 1), pages)
            rows = await tx.finished_games(guild_id, user_id, size, (number - 1) * size)
            return HistoryPage(
                guild_id=guild_id,
                user_id=user_id,
                page=number,
                pages=pages,
                total=total,
                games=tuple(past_game(r) for r in rows),
            )

        return await self._ctx.repo.read(txn)
