"""The render workers as the event loop talks to them: one *lane* each.

Why not :class:`concurrent.futures.ProcessPoolExecutor`: every job it runs
crosses three threads of the bot's process — the caller wakes the pool's
manager thread through a pipe, a feeder thread pickles the job into the
worker's queue, and the manager thread hands the result back to the event
loop through the loop's self-pipe — and each crossing is a system call and a
fight for the interpreter lock.  Profiled under 50 busy games that was about
a sixth of the event loop's thread (``benchmarks/discord_latency.py
--profile``).  A :class:`ProcessLane` is one worker process and one pipe: the
event loop writes a job into it (a job is a few KB and at most two are in
flight, far below a pipe's buffer, so the write never waits) and reads the
answer when the pipe is readable (``loop.add_reader``) — no thread at all.

A :class:`ThreadLane` draws in threads of this process instead
(``workers=0``: tests, and machines where processes are not wanted).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import multiprocessing
import multiprocessing.connection
import os
import pickle
from collections import deque
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

#: A job: the drawing function, its arguments and the colour scheme.
Job = tuple[Callable[..., bytes], tuple[Any, ...], bool]


class Lane(Protocol):
    """Where :class:`~.pool.RenderPool` sends a job."""

    def submit(self, job: Job) -> asyncio.Future[bytes]:
        """Start drawing ``job``; raises :class:`BrokenProcessPool` if the
        worker is gone (the pool then replaces the lane)."""
        ...

    def shutdown(self) -> multiprocessing.process.BaseProcess | None:
        """Stop taking jobs and tell the worker to stop; its process, if
        it has one (the pool waits for it, bounded)."""
        ...


def call(fn: Callable[..., bytes], args: tuple[Any, ...], four_color: bool) -> bytes:
    return fn(*args, four_color=four_color)


class ThreadLane:
    """Jobs drawn in threads of this process."""

    def __init__(self) -> None:
        self._executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=2, thread_name_prefix="render"
        )

    def submit(self, job: Job) -> asyncio.Future[bytes]:
        return asyncio.get_running_loop().run_in_executor(self._executor, call, *job)

    def shutdown(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


class ProcessLane:
    """One worker process, fed and read by the event loop through a pipe.

    ``serve`` runs in the worker (spawned: a fresh interpreter, see
    :mod:`.pool`) with its end of the pipe and the bot's process id.
    """

    def __init__(self, serve: Callable[[multiprocessing.connection.Connection, int], None]) -> None:
        ctx = multiprocessing.get_context("spawn")
        ours, theirs = ctx.Pipe()
        self.process = ctx.Process(
            target=serve, args=(theirs, os.getpid()), name="gin-render", daemon=True
        )
        self.process.start()
        theirs.close()
        self._conn = ours
        self._pending: deque[asyncio.Future[bytes]] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        self.broken = False

    def submit(self, job: Job) -> asyncio.Future[bytes]:
        if self.broken:
            raise BrokenProcessPool("the render worker is gone")
        loop = asyncio.get_running_loop()
        if self._loop is None:
            self._loop = loop
            loop.add_reader(self._conn.fileno(), self._readable)
        try:
            self._conn.send(job)
        except OSError as exc:  # the worker died while idle
            self._break()
            raise BrokenProcessPool("the render worker is gone") from exc
        future: asyncio.Future[bytes] = loop.create_future()
        self._pending.append(future)
        return future

    def _readable(self) -> None:
        """Answers in the order the jobs went out (one worker, one at a time).
        Readable with nothing pending means the worker died: its end closed."""
        try:
            while self._conn.poll():
                ok, value = self._conn.recv()
                if not self._pending:
                    continue  # nothing asked for it (never sent by our worker)
                future = self._pending.popleft()
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)
        except (EOFError, OSError):  # the worker died (killed, out of memory)
            self._break()

    def _break(self) -> None:
        self.broken = True
        self._stop_reading()
        while self._pending:
            future = self._pending.popleft()
            if not future.done():
                future.set_exception(BrokenProcessPool("the render worker died"))

    def _stop_reading(self) -> None:
        if self._loop is not None and not self._loop.is_closed():
            with contextlib.suppress(ValueError, OSError):
                self._loop.remove_reader(self._conn.fileno())
        self._loop = None

    def shutdown(self) -> multiprocessing.process.BaseProcess:
        self._stop_reading()
        with contextlib.suppress(OSError, ValueError):
            self._conn.send(None)  # "stop" (the worker finishes its drawing first)
        with contextlib.suppress(OSError):
            self._conn.close()
        self.broken = True
        while self._pending:
            self._pending.popleft().cancel()
        return self.process


def serve_jobs(conn: multiprocessing.connection.Connection) -> None:
    """The worker's loop: a job in, ``(True, png)`` or ``(False, error)`` out,
    until the bot says stop (``None``) or its end of the pipe closes."""
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            answer: tuple[bool, Any] = (True, call(*job))
        except Exception as exc:  # the caller's to handle, like any drawing error
            answer = (False, exc)
        try:
            conn.send(answer)
        except (pickle.PicklingError, TypeError, AttributeError):
            conn.send((False, RuntimeError(repr(answer[1]))))
        except (OSError, ValueError):
            return
