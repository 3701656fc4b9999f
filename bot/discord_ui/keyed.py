"""Per-key state that does not outlive its use: locks that exist only while
held or waited for, and small least-recently-used maps and sets with a cap.

The bot runs for months and plays thousands of games a day; every id it
keeps a lock, a flag or a choice under (a game, a thread, a channel, a user)
must be let go again, or memory grows with every game ever played.  A lock
is needed only while someone holds it, so :class:`KeyedLocks` drops it when
the last holder leaves; where nothing says "this key is done" (a user's
colour choice, a channel that refused us), :class:`RecentMap` and
:class:`RecentSet` keep the most recently used keys up to a documented cap.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Hashable, Iterator, MutableMapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


@dataclass(slots=True)
class _Held:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: Holders and waiters: the lock is dropped when the last one leaves.
    users: int = 0


class KeyedLocks(Generic[K]):
    """One :class:`asyncio.Lock` per key, first come first served, kept only
    while someone holds or waits for it (a finished game leaves none)."""

    def __init__(self) -> None:
        self._held: dict[K, _Held] = {}

    @contextlib.asynccontextmanager
    async def hold(self, key: K) -> AsyncIterator[None]:
        """Hold ``key``'s lock for the body."""
        held = self._held.get(key)
        if held is None:
            held = self._held[key] = _Held()
        held.users += 1
        try:
            async with held.lock:
                yield
        finally:
            held.users -= 1
            if held.users == 0:
                del self._held[key]

    def locked(self, key: K) -> bool:
        """Whether someone holds ``key``'s lock now."""
        held = self._held.get(key)
        return held is not None and held.lock.locked()

    def __len__(self) -> int:
        return len(self._held)


class RecentMap(MutableMapping[K, V]):
    """A dict of at most ``cap`` keys: setting a key past the cap forgets the
    least recently set or read one."""

    def __init__(self, cap: int) -> None:
        if cap < 1:
            raise ValueError("cap must be at least 1")
        self.cap = cap
        self._items: OrderedDict[K, V] = OrderedDict()

    def __getitem__(self, key: K) -> V:
        value = self._items[key]
        self._items.move_to_end(key)
        return value

    def __setitem__(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.cap:
            self._items.popitem(last=False)

    def __delitem__(self, key: K) -> None:
        del self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)


class RecentSet(Generic[K]):
    """A set of at most ``cap`` keys: adding past the cap forgets the least
    recently added or looked-up one."""

    def __init__(self, cap: int) -> None:
        self._keys: RecentMap[K, None] = RecentMap(cap)

    def add(self, key: K) -> None:
        self._keys[key] = None

    def discard(self, key: K) -> None:
        self._keys.pop(key, None)

    def __contains__(self, key: object) -> bool:
        return key in self._keys

    def __len__(self) -> int:
        return len(self._keys)

    def __iter__(self) -> Iterator[K]:
        return iter(self._keys)
