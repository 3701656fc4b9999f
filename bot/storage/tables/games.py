"""SQL for one table group: the games table: rows, the version-checked move update, listings."""

from __future__ import annotations

from collections.abc import Sequence

from bot.shards import ShardRange

from ..errors import VersionConflictError
from ..rows import GameRow, GameUpdate, NewGame, columns, placeholders
from .base import GAME_COLS, TableSql, owned, values


class GamesSql(TableSql):
    """The games table: rows, the version-checked move update, listings."""

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._db.fetchone(f"SELECT {GAME_COLS} FROM games WHERE id = ?", (game_id,))
        return None if row is None else GameRow(*row)

    async def game_for_move(self, game_id: int) -> tuple[GameRow, int | None] | None:
        """The game row and its server's turn timeout (``None``: default), in
        one statement — the first read of every move."""
        row = await self._db.fetchone(
            f"SELECT {GAME_COLS}, (SELECT s.turn_timeout_minutes FROM server_settings s "
            "WHERE s.guild_id = games.guild_id) FROM games WHERE id = ?",
            (game_id,),
        )
        if row is None:
            return None
        return GameRow(*row[:-1]), row[-1]

    async def active_game_for_move(
        self, guild_id: int, user_id: int
    ) -> tuple[GameRow, int | None] | None:
        """:meth:`game_for_move` for the user's active game in ``guild_id``
        (a slash command names no game), found in the same statement: a
        move is then one read and one write."""
        row = await self._db.fetchone(
            f"SELECT {GAME_COLS}, (SELECT s.turn_timeout_minutes FROM server_settings s "
            "WHERE s.guild_id = games.guild_id) FROM games WHERE id = "
            "(SELECT a.game_id FROM active_players a WHERE a.guild_id = ? AND a.user_id = ?)",
            (guild_id, user_id),
        )
        if row is None:
            return None
        return GameRow(*row[:-1]), row[-1]

    async def game_state(self, game_id: int) -> str | None:
        row = await self._db.fetchone("SELECT state FROM games WHERE id = ?", (game_id,))
        return None if row is None else str(row[0])

    async def insert_game(self, new: NewGame) -> int:
        value = await self._one(
            f"INSERT INTO games ({columns(NewGame)}) VALUES ({placeholders(NewGame)}) RETURNING id",
            values(new),
        )
        return int(value)

    async def update_game(
        self, game_id: int, version: int, u: GameUpdate, *, last: bool = False
    ) -> None:
        """Write a move's result if the game is still at ``version``
        (``last``: the transaction's last statement, see ``Db.execute_last``).

        The version check lives in the statement, so even another process
        sharing the file can never slip a move in between our read and write.
        """
        run = self._db.execute_last if last else self._db.execute
        changed = await run(
            "UPDATE games SET state = ?, status = ?, turn_seat = ?, hand_number = ?, "
            "score0 = ?, score1 = ?, turn_deadline = ?, reminder_at = ?, reminder_sent = 0, "
            "next_timer_at = ?, last_seat = ?, last_kind = ?, last_card = ?, updated_at = ?, "
            "finished_at = ?, version = version + 1 "
            "WHERE id = ? AND version = ?",
            (*values(u), game_id, version),
        )
        if changed != 1:
            raise VersionConflictError(f"game {game_id} is no longer at version {version}")

    async def set_board(
        self,
        game_id: int,
        channel_id: int,
        message_id: int,
        posted_at: float,
        version: int,
        hand: int | None = None,
    ) -> bool:
        changed = await self._db.execute(
            "UPDATE games SET channel_id = ?, board_message_id = ?, board_posted_at = ?, "
            "board_version = ?, board_hand = ? WHERE id = ?",
            (channel_id, message_id, posted_at, version, hand, game_id),
        )
        return changed == 1

    async def place_game(
        self,
        game_id: int,
        channel_id: int,
        summary_channel_id: int | None,
        summary_message_id: int | None,
    ) -> bool:
        """Where the game is played (its thread, or a channel) and where its
        summary line is; the board is posted anew there."""
        changed = await self._db.execute(
            "UPDATE games SET channel_id = ?, summary_channel_id = ?, summary_message_id = ?, "
            "board_message_id = NULL, board_posted_at = NULL, board_hand = NULL WHERE id = ?",
            (channel_id, summary_channel_id, summary_message_id, game_id),
        )
        return changed == 1

    async def boards_shown(self, marks: Sequence[tuple[int, int]]) -> None:
        """Each ``(game, version)`` (one per game): the game's board now shows
        that version (an edit that finished late never moves it back).

        One statement for them all, the transaction's last, guarding itself
        row by row: on SQLite it then goes alone, outside any transaction
        (see :mod:`bot.storage.sqlite`, "Lone statements")."""
        if not marks:
            return
        case = "CASE id " + "WHEN ? THEN CAST(? AS INTEGER) " * len(marks) + "END"
        pairs = [value for mark in marks for value in mark]
        await self._db.execute_last(
            f"UPDATE games SET board_version = {case} "
            f"WHERE id IN ({', '.join('?' * len(marks))}) "
            f"AND (board_version IS NULL OR board_version < {case})",
            (*pairs, *(game_id for game_id, _ in marks), *pairs),
        )

    async def boards_behind(self, shards: ShardRange | None = None) -> list[tuple[int, int]]:
        """Active games whose posted board shows an older version than the
        game's: (id, channel) — after a crash, the edits that never happened."""
        rows = await self._db.fetchall(
            "SELECT id, channel_id FROM games WHERE status = 'active' "
            "AND board_message_id IS NOT NULL "
            f"AND (board_version IS NULL OR board_version < version){owned(shards)} ORDER BY id"
        )
        return [(int(a), int(b)) for a, b in rows]

    async def active_games(self, guild_id: int) -> list[GameRow]:
        rows = await self._db.fetchall(
            f"SELECT {GAME_COLS} FROM games WHERE guild_id = ? AND status = 'active' ORDER BY id",
            (guild_id,),
        )
        return [GameRow(*r) for r in rows]

    async def all_active_game_ids(self) -> list[int]:
        rows = await self._db.fetchall("SELECT id FROM games WHERE status = 'active' ORDER BY id")
        return [int(r[0]) for r in rows]

    async def human_turns(
        self, shards: ShardRange | None = None
    ) -> list[tuple[int, int, int, int, int, float]]:
        """Active games where a person is to move: (id, guild, channel, version,
        the user to move, when the turn began) — for turn pings after a restart."""
        rows = await self._db.fetchall(
            "SELECT id, guild_id, channel_id, version, "
            "CASE turn_seat WHEN 0 THEN player0 ELSE player1 END, updated_at FROM games "
            "WHERE status = 'active' AND turn_seat IS NOT NULL "
            f"AND NOT (ai_level IS NOT NULL AND turn_seat = 1){owned(shards)} ORDER BY id"
        )
        return [(int(a), int(b), int(c), int(d), int(e), float(f)) for a, b, c, d, e, f in rows]

    async def ai_turn_game_ids(self, shards: ShardRange | None = None) -> list[int]:
        """Active games against the computer where the computer is to move."""
        rows = await self._db.fetchall(
            "SELECT id FROM games WHERE status = 'active' AND ai_level IS NOT NULL "
            f"AND turn_seat = 1{owned(shards)} ORDER BY id"
        )
        return [int(r[0]) for r in rows]

    async def active_game(self, guild_id: int, user_id: int) -> GameRow | None:
        """The user's active game in ``guild_id``, found and read in one statement."""
        row = await self._db.fetchone(
            f"SELECT {GAME_COLS} FROM games WHERE id = "
            "(SELECT a.game_id FROM active_players a WHERE a.guild_id = ? AND a.user_id = ?)",
            (guild_id, user_id),
        )
        return None if row is None else GameRow(*row)

    async def last_game(self, guild_id: int, user_id: int) -> GameRow | None:
        """:meth:`last_game_id`'s game, read in the same statement."""
        row = await self._db.fetchone(
            f"SELECT {GAME_COLS} FROM games WHERE guild_id = ? AND (player0 = ? OR player1 = ?) "
            "ORDER BY status = 'active' DESC, COALESCE(finished_at, updated_at) DESC, id DESC "
            "LIMIT 1",
            (guild_id, user_id, user_id),
        )
        return None if row is None else GameRow(*row)

    async def last_game_id(self, guild_id: int, user_id: int) -> int | None:
        """The user's active game, else their most recently finished one."""
        row = await self._db.fetchone(
            "SELECT id FROM games WHERE guild_id = ? AND (player0 = ? OR player1 = ?) "
            "ORDER BY status = 'active' DESC, COALESCE(finished_at, updated_at) DESC, id DESC "
            "LIMIT 1",
            (guild_id, user_id, user_id),
        )
        return None if row is None else int(row[0])
