"""SQLite storage needs asyncio tasks that start lazily (bot/storage/sqlite.py,
module docstring): opening under an eager task factory fails at once, with
a message that says why, and the statement order it protects is real.

Python 3.12's ``asyncio.eager_task_factory`` does not exist on 3.11, so
:func:`eager_task_factory` below does what it does — run a new task's first
step in its creator's turn — and the stdlib one is tested too where it exists.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Generator
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Repository, StorageError
from bot.storage.sqlite import SqliteStore


class _Resumed:
    """The rest of a coroutine whose first step has already run (it stopped
    at ``yielded``): drives it on as the task sends and throws."""

    def __init__(self, coro: Coroutine[Any, Any, Any], yielded: Any) -> None:
        self._coro = coro
        self._yielded = yielded

    def __await__(self) -> Generator[Any, Any, Any]:
        coro, yielded = self._coro, self._yielded
        while True:
            try:
                sent = yield yielded
            except BaseException as exc:  # cancellation: hand it to the coroutine
                try:
                    yielded = coro.throw(exc)
                except StopIteration as stop:
                    return stop.value
            else:
                try:
                    yielded = coro.send(sent)
                except StopIteration as stop:
                    return stop.value


async def _finished(value: Any) -> Any:
    return value


async def _failed(exc: BaseException) -> Any:
    raise exc


async def _rest(coro: Coroutine[Any, Any, Any], yielded: Any) -> Any:
    return await _Resumed(coro, yielded)


def eager_task_factory(
    loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any], **kwargs: Any
) -> asyncio.Task[Any]:
    """Run ``coro`` up to its first suspension now, like 3.12's eager tasks."""
    try:
        yielded = coro.send(None)
    except StopIteration as stop:
        return asyncio.Task(_finished(stop.value), loop=loop, **kwargs)
    except BaseException as exc:
        return asyncio.Task(_failed(exc), loop=loop, **kwargs)
    return asyncio.Task(_rest(coro, yielded), loop=loop, **kwargs)


def lazy_task_factory(
    loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any], **kwargs: Any
) -> asyncio.Task[Any]:
    """A custom factory that is not eager (e.g. one that only names tasks)."""
    return asyncio.Task(coro, loop=loop, **kwargs)


Factory = Callable[..., "asyncio.Future[Any]"]
EAGER: list[Any] = [pytest.param(eager_task_factory, id="own-eager-factory")]
if hasattr(asyncio, "eager_task_factory"):  # Python 3.12+
    EAGER.append(pytest.param(asyncio.eager_task_factory, id="asyncio.eager_task_factory"))


async def test_the_eager_factory_is_eager() -> None:
    """The stand-in really starts tasks at once (else the next test proves nothing)."""
    loop = asyncio.get_running_loop()
    steps: list[str] = []

    async def body() -> int:
        steps.append("first")
        await asyncio.sleep(0)
        steps.append("second")
        return 7

    loop.set_task_factory(eager_task_factory)
    try:
        task = loop.create_task(body())
        assert steps == ["first"]
        assert await task == 7 and steps == ["first", "second"]
    finally:
        loop.set_task_factory(None)


@pytest.mark.parametrize("factory", EAGER)
async def test_opening_under_an_eager_task_factory_fails_clearly(
    tmp_path: Path, factory: Factory
) -> None:
    loop = asyncio.get_running_loop()
    path = tmp_path / "gin.db"
    loop.set_task_factory(factory)
    try:
        with pytest.raises(StorageError, match="start lazily") as caught:
            await Repository.open(path, checkpoint_interval=None)
    finally:
        loop.set_task_factory(None)
    assert "COMMIT" in str(caught.value) and "set_task_factory(None)" in str(caught.value)
    assert not path.exists()  # refused before connecting: no file, no connection left open


async def test_a_lazy_custom_factory_is_accepted(tmp_path: Path) -> None:
    """The check probes how tasks start, not whether a factory is set."""
    loop = asyncio.get_running_loop()
    loop.set_task_factory(lazy_task_factory)
    try:
        repo = await Repository.open(tmp_path / "gin.db", checkpoint_interval=None)
        await repo.close()
    finally:
        loop.set_task_factory(None)


async def _statement_order(path: Path, factory: Factory | None) -> list[str]:
    """The statements SQLite ran for one write transaction whose last
    statement goes out with its COMMIT, with ``factory`` set after opening."""
    store = await SqliteStore.open(
        path, synchronous="NORMAL", checkpoint_interval=None, busy_timeout=1.0
    )
    ran: list[str] = []
    try:
        await store.run("CREATE TABLE t (x INTEGER)")
        await store.run("INSERT INTO t VALUES (0)")
        await store._conn.set_trace_callback(ran.append)
        loop = asyncio.get_running_loop()
        loop.set_task_factory(factory)
        try:
            async with store.transaction(write=True) as db:
                await db.fetchall("SELECT x FROM t")
                await db.execute_last("UPDATE t SET x = 1")
        finally:
            loop.set_task_factory(None)
        await store._conn.set_trace_callback(None)
    finally:
        await store.close()
    return ran


async def test_why_lazy_tasks_the_commit_goes_behind_its_statement(tmp_path: Path) -> None:
    """What the check protects: with lazy tasks the transaction runs in its
    order; with eager ones (set after opening, past the check) the COMMIT
    runs before the UPDATE."""
    assert await _statement_order(tmp_path / "lazy.db", None) == [
        "BEGIN IMMEDIATE",
        "SELECT x FROM t",
        "UPDATE t SET x = 1",
        "COMMIT",
    ]
    eager = await _statement_order(tmp_path / "eager.db", eager_task_factory)
    assert eager.index("COMMIT") < eager.index("UPDATE t SET x = 1")
