"""Rendering off the event loop's interpreter, players' own images first.

Under load, Pillow in threads of the bot process competes for the GIL with
the event loop that answers interactions, and a burst of public images
(boards, reveals, tallies when several hands end at once) queues in front of
the hand a player is waiting for.  :class:`RenderPool` fixes both:

* images are drawn in **worker processes** (one per core by default, each
  fed and read by the event loop through a pipe: :mod:`.lanes`), so the
  event loop's interpreter only ships a small pickled view out and PNG bytes
  back — each game's images by the same worker, whose cache of encoded rows
  then holds most of the next image (:class:`RenderPool`);
* jobs wait in two queues — **private** (a player's own hand, the answer to
  their interaction) and **public** (board, reveal, tally) — and a free worker
  takes a private job first, unless a public one has waited
  :data:`PUBLIC_PATIENCE` (boards must not starve behind a stream of hands);
* the same image is never drawn twice for the same state: finished images
  are kept in a small LRU keyed by the (frozen, hashable) view and the
  language it is worded in (the same board in French and in German is two
  images), and a second request for an image being drawn waits for the same
  result.

``workers=0`` renders in threads of this process instead (tests, and
machines where processes are not wanted); priorities and the memo still apply.

No worker outlives the bot.  Workers are *spawned* (a fresh interpreter,
started by the bot itself: forking a process that has threads is unsafe, and
a ``forkserver`` would be their parent instead of the bot — it and its
workers stayed behind, orphaned, whenever the bot was killed).  Each worker
asks Linux to kill it when its parent dies (``PR_SET_PDEATHSIG``) and also
watches its parent itself (other systems, and the moment before the request
took effect), so even ``kill -9`` of the bot leaves nothing running: the
workers go, and with them the last holders of multiprocessing's resource
tracker pipe, which then exits too.  :meth:`RenderPool.close` waits (bounded)
for the workers to finish.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from concurrent.futures import BrokenExecutor
from dataclasses import dataclass, field
from typing import Any, Final, cast

from bot.engine import Assist, GameResult, HandResult, PublicView, SeatView
from bot.engine.replay import ReplayFrame
from bot.engine.tournament import TournamentView
from bot.i18n import Lang

from .board import render_board
from .bracket import render_bracket
from .hand import render_hand
from .lanes import Lane, ProcessLane, ThreadLane, serve_jobs
from .profile import render_profile
from .profile_card import ProfileCard
from .puzzle import render_puzzle
from .puzzle_card import PuzzleCard
from .replay import render_replay
from .reveal import render_reveal
from .tally import render_tally

#: Finished images kept per process (each ~30 KB: about 8 MB at most).
MEMO_SIZE: Final = 256
#: Seconds a public image (a board, a reveal) waits before it goes ahead of
#: players' own hands.  Hands first always would starve boards under a steady
#: stream of hands — at 200 busy games boards waited 0.4 s at p50 and up to
#: 3 s for a worker while hands took 28 ms — and a hand waits for an aged board
#: only as long as one drawing (~2–3 ms).
PUBLIC_PATIENCE: Final = 0.25
#: Seconds between a worker's checks that the bot is still its parent.
PARENT_POLL: Final = 0.5
#: Seconds :meth:`RenderPool.close` gives the workers to finish before killing them.
CLOSE_TIMEOUT: Final = 5.0
#: ``prctl`` option: the signal a process gets when its parent dies (Linux).
PR_SET_PDEATHSIG: Final = 1


def _warm_worker() -> None:
    """Each worker draws every card face once, before its first job — in
    the standard colours only: the four-colour faces (a player's choice, and
    a rare one) are drawn on first use, which halves every start-up."""
    from . import warm_up

    warm_up()


def _start_worker(parent: int) -> None:
    """A worker's initializer: die with the bot (see the module doc), then warm up."""
    _die_with_parent(parent)
    _warm_worker()


def _serve(conn: multiprocessing.connection.Connection, parent: int) -> None:
    """A worker process: set up, then draw what the bot sends (:mod:`.lanes`)."""
    _start_worker(parent)
    serve_jobs(conn)


def _die_with_parent(parent: int) -> None:
    """End this process when ``parent`` (the bot, which spawned it) is gone."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:  # it died before the request took effect
        os._exit(0)
    threading.Thread(
        target=_watch_parent, args=(parent,), name="render-parent-watch", daemon=True
    ).start()


def _watch_parent(parent: int) -> None:
    """Where no parent-death signal exists: an orphan is adopted by another
    process, so a changed parent id means the bot is gone."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(0)


@dataclass
class _Job:
    fn: Callable[..., bytes]
    args: tuple[Any, ...]
    four_color: bool
    key: Hashable
    future: asyncio.Future[bytes] = field(repr=False)
    #: The worker that drew this job's game last (see :class:`RenderPool`).
    lane: int = 0
    #: When it was queued (the pool's clock).
    queued: float = 0.0
    retried: bool = False
    #: The lane the job was handed to, and the worker it had then (a broken one
    #: is replaced only once).
    ran_in: int = 0
    worker: Lane | None = None


class RenderPool:
    """Renders images in worker processes with private jobs first (see module doc).

    **A game's images go to the same worker.**  Consecutive images of a game
    share most of their rows, and a worker keeps the rows it drew encoded
    (:mod:`.scene`): a hand whose header changed after the opponent's move
    costs ~1 ms where its rows are cached and ~2 ms where they are not.  With
    one shared queue each of two workers saw about half of every game's
    images and missed the cache for the other half (``benchmarks/render.py
    --workers 2`` against ``--workers 1``: 4.9 against 3.3 ms of CPU a
    move).  So each worker is a *lane* of its own (:mod:`.lanes`), a job is
    routed to the lane of its game (the players' names: the same in every
    image of a game, whatever the image), and a lane that is idle takes a
    job waiting for a busy one, so no worker idles while the other queues.
    """

    #: Jobs handed to one worker at once: one drawing and one waiting keeps
    #: the worker busy and the queue — and with it the priorities — on our side.
    PER_LANE: Final = 2

    def __init__(
        self,
        workers: int | None = None,
        *,
        memo_size: int = MEMO_SIZE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.workers = (os.cpu_count() or 1) if workers is None else workers
        self.memo_size = memo_size
        self.clock = clock
        #: One lane per worker (one thread pool when ``workers`` is 0).
        self._lanes: list[Lane] = []
        self._private: deque[_Job] = deque()
        self._public: deque[_Job] = deque()
        self._running: list[int] = []
        self._memo: OrderedDict[Hashable, bytes] = OrderedDict()
        self._drawing: dict[Hashable, asyncio.Future[bytes]] = {}
        #: Images actually drawn (memo misses): what tests and benchmarks count.
        self.drawn = 0

    @property
    def per_lane(self) -> int:
        """Jobs handed to one lane at once: :data:`PER_LANE` for a worker
        process; one for the thread pool, where a second drawing would only
        compete for the interpreter with the first."""
        return self.PER_LANE if self.workers else 1

    def start(self) -> None:
        """Start the workers (idempotent).  Uses ``spawn``: the bot process has
        threads by now (forking one is unsafe), and spawned workers are the
        bot's own children, so they can die with it (see the module doc)."""
        if self._lanes:
            return
        if self.workers == 0:
            self._lanes = [ThreadLane()]
        else:
            self._lanes = [self._new_worker() for _ in range(self.workers)]
        self._running = [0] * len(self._lanes)

    @staticmethod
    def _new_worker() -> Lane:
        return ProcessLane(_serve)

    async def warm(self) -> None:
        """Make sure every worker is up and has its card faces (start-up)."""
        self.start()
        if self.workers == 0:
            await asyncio.to_thread(_warm_worker)
            return
        await asyncio.gather(*(lane.submit((_ready, (), False)) for lane in self._lanes))

    def close(self, timeout: float = CLOSE_TIMEOUT) -> None:
        """Stop the workers (idempotent): queued jobs are dropped, a drawing
        in progress may finish; a worker still running after ``timeout``
        seconds is killed.  Once this returns, no worker is left."""
        lanes, self._lanes = self._lanes, []
        processes = [p for lane in lanes if (p := lane.shutdown()) is not None]
        pending = {process.sentinel: process for process in processes}
        deadline = time.monotonic() + timeout
        while pending and (left := deadline - time.monotonic()) > 0:
            for ready in multiprocessing.connection.wait(list(pending), left):
                pending.pop(cast(int, ready), None)
        for process in pending.values():
            process.kill()
        for process in processes:
            process.join(timeout)  # reaped: no zombie left behind

    # --- the images ------------------------------------------------------------------
    # Each takes the language its words are drawn in: a player's own (private)
    # image in that player's language, a public one in the server's.

    async def hand(
        self,
        view: SeatView,
        *,
        four_color: bool = False,
        assist: Assist = Assist.FULL,
        lang: Lang = Lang.EN,
    ) -> bytes:
        """A player's own hand: always a private (first-served) job."""
        return await self._render(
            _hand_at, (view, assist, lang), four_color, private=True, game=view.public.names
        )

    async def board(self, public: PublicView, *, lang: Lang = Lang.EN) -> bytes:
        return await self._render(
            _board_at, (public, lang), False, private=False, game=public.names
        )

    async def reveal(self, hand: HandResult, public: PublicView, *, lang: Lang = Lang.EN) -> bytes:
        return await self._render(
            _reveal_at, (hand, public, lang), False, private=False, game=public.names
        )

    async def tally(self, game: GameResult, public: PublicView, *, lang: Lang = Lang.EN) -> bytes:
        return await self._render(
            _tally_at, (game, public, lang), False, private=False, game=public.names
        )

    async def bracket(self, view: TournamentView, *, lang: Lang = Lang.EN) -> bytes:
        return await self._render(_bracket, (view, lang), False, private=False)

    async def replay(
        self,
        frame: ReplayFrame,
        game_id: int,
        *,
        four_color: bool = False,
        lang: Lang = Lang.EN,
    ) -> bytes:
        """A step of a finished hand: the answer someone waits for, so private."""
        return await self._render(
            _replay_at, (frame, game_id, lang), four_color, private=True, game=game_id
        )

    async def profile(self, card: ProfileCard, *, lang: Lang = Lang.EN) -> bytes:
        """A player's profile card: the answer someone waits for, so private."""
        return await self._render(_profile_at, (card, lang), False, private=True)

    async def puzzle(self, puzzle: PuzzleCard, *, lang: Lang = Lang.EN) -> bytes:
        """The day's puzzle: the answer someone waits for, so private."""
        return await self._render(_puzzle_at, (puzzle, lang), False, private=True)

    # --- queueing --------------------------------------------------------------------

    async def _render(
        self,
        fn: Callable[..., bytes],
        args: tuple[Any, ...],
        four_color: bool,
        *,
        private: bool,
        game: Hashable = None,
    ) -> bytes:
        """The image ``fn(*args)``; ``game`` names the game it belongs to
        (its images share a worker), or ``None`` for an image of its own."""
        key = _Key((fn.__name__, args, four_color))
        done = self._memo.get(key)
        if done is not None:
            self._memo.move_to_end(key)
            return done
        drawing = self._drawing.get(key)
        if drawing is not None:
            return await asyncio.shield(drawing)
        self.start()
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        lane = hash(key if game is None else game) % len(self._lanes)
        job = _Job(fn, args, four_color, key, future, lane=lane, queued=self.clock())
        (self._private if private else self._public).append(job)
        self._pump()
        return await asyncio.shield(future)

    def _pump(self) -> None:
        """Hand queued jobs to free lanes: private ones first, each to its
        game's lane, or to a lane with nothing to do (see the class doc)."""
        while self._lanes and (picked := self._next()) is not None:
            job, lane = picked
            self._running[lane] += 1
            try:
                task = self._lanes[lane].submit((job.fn, job.args, job.four_color))
            except BrokenExecutor:  # a worker died while idle: its lane refuses new work
                self._restart(lane)
                task = self._lanes[lane].submit((job.fn, job.args, job.four_color))
            job.ran_in, job.worker = lane, self._lanes[lane]
            task.add_done_callback(functools.partial(self._finish, job))

    def _next(self) -> tuple[_Job, int] | None:
        """The first queued job (private queue first, unless the oldest
        public job has waited :data:`PUBLIC_PATIENCE`) that a lane can take
        now, taken off its queue, and that lane."""
        idle = next((i for i, n in enumerate(self._running) if n == 0), None)
        queues = (self._private, self._public)
        if self._public and self.clock() - self._public[0].queued >= PUBLIC_PATIENCE:
            queues = (self._public, self._private)
        for queue in queues:
            for i, job in enumerate(queue):
                if self._running[job.lane] < self.per_lane:
                    lane = job.lane
                elif idle is not None:
                    lane = idle
                else:
                    continue
                del queue[i]
                return job, lane
        return None

    def _restart(self, lane: int) -> None:
        """Replace a lane's broken worker (killed, or out of memory)."""
        old = self._lanes[lane].shutdown()
        if old is not None and old.is_alive():
            old.kill()
        self._lanes[lane] = self._new_worker() if self.workers else ThreadLane()

    def _finish(self, job: _Job, task: asyncio.Future[bytes]) -> None:
        open_ = bool(self._lanes)
        if open_:
            self._running[job.ran_in] -= 1
        error = None if task.cancelled() else task.exception()
        if isinstance(error, BrokenExecutor) and not job.retried and open_:
            # A worker died mid-drawing: start a fresh one (unless another job
            # of the same worker did already) and draw this image again, first
            # in line, rather than fail every image after.
            if job.worker is self._lanes[job.ran_in]:
                self._restart(job.ran_in)
            job.retried = True
            self._private.appendleft(job)
            self._pump()
            return
        self._drawing.pop(job.key, None)
        if task.cancelled():
            job.future.cancel()
        elif error is not None:
            job.future.set_exception(error)
        else:
            png = task.result()
            self.drawn += 1
            self._memo[job.key] = png
            if len(self._memo) > self.memo_size:
                self._memo.popitem(last=False)
            job.future.set_result(png)
        if open_:
            self._pump()


class _Key:
    """A memo key that hashes its value once.

    The value holds whole views (frozen dataclasses of tuples, hashed field
    by field, all the way down), and an image's key is looked up and stored
    up to six times on its way through the memo and the queue: hashing it
    each time took ~3% of the event loop's CPU under load."""

    __slots__ = ("_hash", "value")

    def __init__(self, value: Hashable) -> None:
        self.value = value
        self._hash = hash(value)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, _Key) and self._hash == other._hash and self.value == other.value
        )


# Jobs carry their arguments as one tuple, which is also the memo key (with
# the function's name and the colour scheme): so the language and the
# assistance level are positional arguments of these wrappers.


def _hand_at(view: SeatView, assist: Assist, lang: Lang, *, four_color: bool) -> bytes:
    """:func:`render_hand` with the assistance level and the language."""
    return render_hand(view, four_color=four_color, assist=assist, lang=lang)


def _board_at(public: PublicView, lang: Lang, *, four_color: bool) -> bytes:
    return render_board(public, four_color=four_color, lang=lang)


def _reveal_at(hand: HandResult, public: PublicView, lang: Lang, *, four_color: bool) -> bytes:
    return render_reveal(hand, public, four_color=four_color, lang=lang)


def _tally_at(game: GameResult, public: PublicView, lang: Lang, *, four_color: bool) -> bytes:
    return render_tally(game, public, four_color=four_color, lang=lang)


def _bracket(view: TournamentView, lang: Lang, *, four_color: bool) -> bytes:
    """:func:`render_bracket` (colours are the same for everyone)."""
    return render_bracket(view, lang=lang)


def _replay_at(frame: ReplayFrame, game_id: int, lang: Lang, *, four_color: bool) -> bytes:
    return render_replay(frame, game_id, four_color=four_color, lang=lang)


def _profile_at(card: ProfileCard, lang: Lang, *, four_color: bool) -> bytes:
    return render_profile(card, four_color=four_color, lang=lang)


def _puzzle_at(puzzle: PuzzleCard, lang: Lang, *, four_color: bool) -> bytes:
    return render_puzzle(puzzle, four_color=four_color, lang=lang)


def _ready(*, four_color: bool) -> bytes:
    """A job that only proves a worker is up (and warmed up)."""
    return b""
