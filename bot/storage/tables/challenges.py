"""SQL for one table group: open, accepted, declined, cancelled and expired challenges."""

from __future__ import annotations

from bot.shards import ShardRange

from ..errors import StorageError
from ..rows import ChallengeRow
from .base import CHALLENGE_COLS, TableSql, owned, values


class ChallengesSql(TableSql):
    """Open, accepted, declined, cancelled and expired challenges."""

    async def insert_challenge(self, row: ChallengeRow) -> int:
        names = [n for n in CHALLENGE_COLS.split(", ") if n != "id"]
        value = await self._one(
            f"INSERT INTO challenges ({', '.join(names)}) VALUES ({', '.join('?' * len(names))}) "
            "RETURNING id",
            values(row)[1:],
        )
        return int(value)

    async def challenge(self, challenge_id: int) -> ChallengeRow | None:
        row = await self._db.fetchone(
            f"SELECT {CHALLENGE_COLS} FROM challenges WHERE id = ?", (challenge_id,)
        )
        return None if row is None else ChallengeRow(*row)

    async def open_challenge_between(
        self, guild_id: int, challenger_id: int, opponent_id: int, now: float
    ) -> ChallengeRow | None:
        row = await self._db.fetchone(
            f"SELECT {CHALLENGE_COLS} FROM challenges WHERE status = 'open' AND guild_id = ? "
            "AND challenger_id = ? AND opponent_id = ? AND expires_at > ? ORDER BY id LIMIT 1",
            (guild_id, challenger_id, opponent_id, now),
        )
        return None if row is None else ChallengeRow(*row)

    async def close_challenge(
        self, challenge_id: int, status: str, game_id: int | None = None
    ) -> ChallengeRow:
        """Move an open challenge to ``status``; only an open one can move."""
        row = await self._db.fetchone(
            f"UPDATE challenges SET status = ?, game_id = COALESCE(?, game_id) "
            f"WHERE id = ? AND status = 'open' RETURNING {CHALLENGE_COLS}",
            (status, game_id, challenge_id),
        )
        if row is None:
            raise StorageError(f"challenge {challenge_id} is not open")
        return ChallengeRow(*row)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> bool:
        changed = await self._db.execute(
            "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
        )
        return changed == 1

    async def expire_challenges(
        self, now: float, shards: ShardRange | None = None
    ) -> list[ChallengeRow]:
        rows = await self._db.fetchall(
            "UPDATE challenges SET status = 'expired' WHERE status = 'open' AND expires_at <= ?"
            f"{owned(shards)} RETURNING {CHALLENGE_COLS}",
            (now,),
        )
        return sorted((ChallengeRow(*r) for r in rows), key=lambda c: c.id)

    async def next_challenge_expiry(self, shards: ShardRange | None = None) -> float | None:
        row = await self._db.fetchone(
            f"SELECT MIN(expires_at) FROM challenges WHERE status = 'open'{owned(shards)}"
        )
        return None if row is None or row[0] is None else float(row[0])
