"""One SQLite connection on a thread of its own.

``sqlite3`` calls block, so every call on a connection runs in one dedicated
worker thread (a single-thread executor) while the event loop only awaits —
what aiosqlite does, without its private queue: we hand the thread a whole
transaction as one plain function, so a move costs one round trip and no
other coroutine can slip a statement into our open transaction.
"""

from __future__ import annotations

import asyncio
import functools
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


class Connection:
    """A ``sqlite3`` connection used only from its own thread."""

    def __init__(self, executor: ThreadPoolExecutor, raw: sqlite3.Connection) -> None:
        self._executor = executor
        self._raw = raw
        self._closed = False

    @classmethod
    async def open(cls, path: Path, *, name: str = "sqlite") -> Connection:
        """Connect in autocommit mode (we write ``BEGIN``/``COMMIT`` ourselves)."""
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        loop = asyncio.get_running_loop()
        connect = functools.partial(
            sqlite3.connect, str(path), isolation_level=None, check_same_thread=False
        )
        try:
            raw = await loop.run_in_executor(executor, connect)
        except BaseException:
            executor.shutdown(wait=False)
            raise
        return cls(executor, raw)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(raw_connection, *args)`` in the connection's thread."""
        if self._closed:
            raise sqlite3.ProgrammingError("the connection is closed")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, functools.partial(fn, self._raw, *args))

    async def close(self) -> None:
        """Close the connection in its thread, then stop the thread (idempotent)."""
        if self._closed:
            return
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._executor, self._raw.close)
        finally:
            self._closed = True
            self._executor.shutdown(wait=False)
