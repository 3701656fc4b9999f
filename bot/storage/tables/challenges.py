"""SQL for one table group: open, accepted, declined, cancelled and expired challenges."""

from __future__ import annotations

from bot.shards import ShardRange

from ..errors import StorageError
from ..rows import ChallengeRow
from .base import CHALLENGE_COLS, TableSql, owned, values


class ChallengesSql(TableSql):
    """Open, accepted, declined, cancelled and expired challenges."""

    def insert_challenge(self, row: ChallengeRow) -> int:
        names = [n for n in CHALLENGE_COLS.split(", ") if n != "id"]
        row_id = self._db.execute(
            f"INSERT INTO challenges ({', '.join(names)}) VALUES ({', '.join('?' * len(names))}) "
            "RETURNING id",
            values(row)[1:],
        ).fetchone()
        return int(row_id[0])

    def challenge(self, challenge_id: int) -> ChallengeRow | None:
        row = self._db.execute(
            f"SELECT {CHALLENGE_COLS} FROM challenges WHERE id = ?", (challenge_id,)
        ).fetchone()
        return None if row is None else ChallengeRow(*row)

    def open_challenge_between(
        self, guild_id: int, challenger_id: int, opponent_id: int, now: float
    ) -> ChallengeRow | None:
        row = self._db.execute(
            f"SELECT {CHALLENGE_COLS} FROM challenges WHERE status = 'open' AND guild_id = ? "
            "AND challenger_id = ? AND opponent_id = ? AND expires_at > ? ORDER BY id LIMIT 1",
            (guild_id, challenger_id, opponent_id, now),
        ).fetchone()
        return None if row is None else ChallengeRow(*row)

    def close_challenge(
        self, challenge_id: int, status: str, game_id: int | None = None
    ) -> ChallengeRow:
        """Move an open challenge to ``status``; only an open one can move."""
        row = self._db.execute(
            f"UPDATE challenges SET status = ?, game_id = COALESCE(?, game_id) "
            f"WHERE id = ? AND status = 'open' RETURNING {CHALLENGE_COLS}",
            (status, game_id, challenge_id),
        ).fetchone()
        if row is None:
            raise StorageError(f"challenge {challenge_id} is not open")
        return ChallengeRow(*row)

    def set_challenge_message(self, challenge_id: int, message_id: int) -> bool:
        cur = self._db.execute(
            "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
        )
        return cur.rowcount == 1

    def expire_challenges(self, now: float, shards: ShardRange | None = None) -> list[ChallengeRow]:
        rows = self._db.execute(
            "UPDATE challenges SET status = 'expired' WHERE status = 'open' AND expires_at <= ?"
            f"{owned(shards)} RETURNING {CHALLENGE_COLS}",
            (now,),
        ).fetchall()
        return sorted((ChallengeRow(*r) for r in rows), key=lambda c: c.id)

    def next_challenge_expiry(self, shards: ShardRange | None = None) -> float | None:
        row = self._db.execute(
            f"SELECT MIN(expires_at) FROM challenges WHERE status = 'open'{owned(shards)}"
        ).fetchone()
        return None if row is None or row[0] is None else float(row[0])
