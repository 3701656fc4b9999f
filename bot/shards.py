"""Which guilds a bot process is responsible for.

Discord requires sharding from 2,500 servers: guild ``g`` belongs to shard
``(g >> 22) % shard_count``.  A process started with ``GIN_SHARDS=0-3
GIN_SHARD_COUNT=8`` connects those shards and does the background work —
turn timers, challenge expiry, the computer's turns, pings, restarts' resumes
— only for games in its own guilds, so with several processes on one
database nothing is done twice and nothing is missed (each guild has exactly
one owner).  Plain data, no Discord: the storage filters by it in SQL.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Discord's snowflake: the guild id's creation time is above bit 22.
SHARD_SHIFT = 22


@dataclass(frozen=True, slots=True)
class ShardRange:
    """Shards ``first`` … ``last`` (inclusive) of ``count``."""

    first: int
    last: int
    count: int

    def __post_init__(self) -> None:
        if not (self.count >= 1 and 0 <= self.first <= self.last < self.count):
            raise ValueError(
                f"shards {self.first}-{self.last} are not within 0-{self.count - 1} "
                f"(a shard count of {self.count})"
            )

    @property
    def ids(self) -> list[int]:
        return list(range(self.first, self.last + 1))

    @property
    def everything(self) -> bool:
        return self.first == 0 and self.last == self.count - 1

    def owns(self, guild_id: int) -> bool:
        return self.first <= shard_of(guild_id, self.count) <= self.last

    def __str__(self) -> str:
        return f"{self.first}-{self.last}/{self.count}"

    @classmethod
    def parse(cls, text: str, count: int) -> ShardRange:
        """``"0-3"`` or ``"5"`` of ``count`` shards; ``ValueError`` worded for
        the operator."""
        first, sep, last = text.strip().partition("-")
        try:
            a = int(first)
            b = int(last) if sep else a
        except ValueError:
            raise ValueError(
                f"GIN_SHARDS must be a shard or a range like 0-3, not {text!r}"
            ) from None
        return cls(a, b, count)


def shard_of(guild_id: int, count: int) -> int:
    """The shard Discord sends ``guild_id``'s events on."""
    return (guild_id >> SHARD_SHIFT) % count
