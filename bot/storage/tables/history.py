"""SQL for one table group: what a game leaves behind: the move log, the score sheet, the result."""

from __future__ import annotations

from ..rows import HandRow, MoveRow, ResultRow, columns, placeholders
from .base import HAND_COLS, TableSql, values


class HistorySql(TableSql):
    """What a game leaves behind: the move log, the score sheet, the result."""

    async def moves(self, game_id: int) -> list[MoveRow]:
        rows = await self._db.fetchall(
            f"SELECT {columns(MoveRow)} FROM moves WHERE game_id = ? ORDER BY version",
            (game_id,),
        )
        return [MoveRow(*r) for r in rows]

    async def insert_hand(self, hand: HandRow) -> None:
        await self._db.execute(
            f"INSERT INTO hands ({HAND_COLS}) VALUES ({placeholders(HandRow)})", values(hand)
        )

    async def hands(self, game_id: int) -> list[HandRow]:
        rows = await self._db.fetchall(
            f"SELECT {HAND_COLS} FROM hands WHERE game_id = ? ORDER BY hand_number",
            (game_id,),
        )
        return [HandRow(*r) for r in rows]

    async def insert_result(self, result: ResultRow) -> None:
        await self._db.execute(
            f"INSERT INTO game_results ({columns(ResultRow)}) VALUES ({placeholders(ResultRow)})",
            values(result),
        )

    async def result(self, game_id: int) -> ResultRow | None:
        row = await self._db.fetchone(
            f"SELECT {columns(ResultRow)} FROM game_results WHERE game_id = ?", (game_id,)
        )
        return None if row is None else ResultRow(*row)
