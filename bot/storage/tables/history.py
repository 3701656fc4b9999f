"""SQL for one table group: what a game leaves behind: the move log, the score sheet, the result."""

from __future__ import annotations

from ..rows import HandRow, MoveRow, ResultRow, columns, placeholders
from .base import HAND_COLS, TableSql, values


class HistorySql(TableSql):
    """What a game leaves behind: the move log, the score sheet, the result."""

    def moves(self, game_id: int) -> list[MoveRow]:
        rows = self._db.execute(
            f"SELECT {columns(MoveRow)} FROM moves WHERE game_id = ? ORDER BY version",
            (game_id,),
        ).fetchall()
        return [MoveRow(*r) for r in rows]

    def insert_hand(self, hand: HandRow) -> None:
        self._db.execute(
            f"INSERT INTO hands ({HAND_COLS}) VALUES ({placeholders(HandRow)})", values(hand)
        )

    def hands(self, game_id: int) -> list[HandRow]:
        rows = self._db.execute(
            f"SELECT {HAND_COLS} FROM hands WHERE game_id = ? ORDER BY hand_number",
            (game_id,),
        ).fetchall()
        return [HandRow(*r) for r in rows]

    def insert_result(self, result: ResultRow) -> None:
        self._db.execute(
            f"INSERT INTO game_results ({columns(ResultRow)}) VALUES ({placeholders(ResultRow)})",
            values(result),
        )

    def result(self, game_id: int) -> ResultRow | None:
        row = self._db.execute(
            f"SELECT {columns(ResultRow)} FROM game_results WHERE game_id = ?", (game_id,)
        ).fetchone()
        return None if row is None else ResultRow(*row)
