"""Does memory stay flat over thousands of games?  The bot plays game after
game through the fake Discord while its process's memory, task count and
per-game maps are sampled.

Usage::

    .venv/bin/python benchmarks/soak.py                       # 5,000 games
    .venv/bin/python benchmarks/soak.py --games 5000 --window 0.5       # faster
    .venv/bin/python benchmarks/soak.py --game-cache 256 --sqlite-cache-kb 2000

The bot runs in its own process, as in production (the service on a SQLite
file, the render workers, the production pacer and board coalescing, the
computer moving at once), repointed at the fake Discord on 127.0.0.1; this
process runs the fake and the players.  ``--window`` may shorten Discord's
per-channel write limit (5 writes in 5 s) for the fake and the bot's pacer
alike: games then take less time, not less work.  Games are played in
bursts of ``--burst``, ``--pairs`` games at a time, started from
``--channels`` channels and each played in its own thread.  They are real
games, to their end, kept short:

* most are to 10 points and resigned after up to ``--moves`` moves (the
  player to move resigns) — a game over: tally, final board, summary,
  thread archived;
* ``--full`` of them (a share) are played out — knock as soon as allowed —
  to 10 points: reveals, new deals, new boards;
* ``--computer`` of them are against the computer (easy), resigned like the
  first kind.

After each burst, once every game of it is over, the players wait until the
bot is idle and sample it: its resident memory (``VmRSS`` of the bot's main
process in ``/proc``, render workers not included), its live asyncio tasks,
and the size of every per-game / per-channel map of the Discord layer and
the computer runner (``Publisher.sizes()``, ``HandReplies.sizes()``) plus the
service's bounded caches for reference.  The bot writes them when sent
SIGUSR1.  Between bursts the fake forgets the finished games' messages and
threads (its recordings are the driver's memory, not the bot's).

It prints a line per sample, then RSS after the first 1,000 games and after
the last one, their difference (goal: at most 10 MB over 5,000 games), and
whether the task count and maps were back at their idle sizes after every
burst.  Linux only (reads ``/proc``).

Bounded caches fill up and count in that difference: the service's committed
games (every game in progress, up to 4,096, and the last 64 finished ones)
and SQLite's page cache (8 MiB, of a database that grows with every game).
``--game-cache`` and ``--sqlite-cache-kb`` shrink them to tell their share
from a leak, and ``--trace-from`` has the bot trace its Python
allocations and print what grew most.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import functools
import json
import logging
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.engine import ActionKind, Phase  # noqa: E402
from bot.service import DatabaseUnavailableError, GinService, snapshots  # noqa: E402
from bot.service.snapshots import GameSnapshot  # noqa: E402
from tests.fakediscord import FakeDiscord, FakeUser  # noqa: E402

T = TypeVar("T")

#: Seconds a game may go without its thread or its computer's move before it
#: counts as stuck (its player resigns).
STUCK = 30.0

#: The bot's process: production settings (ai_delay 0; the pacer's window from
#: ``--window``), its warnings on stderr, SIGUSR1 writing what it holds to the
#: report file, SIGUSR2 tracing its allocations, SIGTERM closing it.
CHILD = r"""
import asyncio, collections, gc, json, logging, os, signal, sys
import discord, discord.state, yarl

discord.http.Route.BASE = sys.argv[1]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
DB, REPORT, WINDOW = sys.argv[3], sys.argv[4], float(sys.argv[5])
GAME_CACHE, SQLITE_CACHE_KB = int(sys.argv[6]), int(sys.argv[7])

_init = discord.state.ConnectionState.__init__
def _fast_ready(self, *args, **kwargs):  # READY 50 ms after the guilds, not 2 s
    _init(self, *args, **kwargs)
    self.guild_ready_timeout = 0.05
discord.state.ConnectionState.__init__ = _fast_ready

from bot.config import Config
from bot.discord_ui import GinBot
from bot.discord_ui.pacing import ChannelPacer
from bot.render.pool import RenderPool
from bot.service import GinService


async def main() -> None:
    config = Config.from_env()
    service = await GinService.open(DB)
    if GAME_CACHE:  # a diagnosis: the service's cache of committed games, smaller
        service.context.cache._size = GAME_CACHE
    if SQLITE_CACHE_KB:  # a diagnosis: SQLite's page cache, smaller
        await service.repository.pragma("cache_size", -SQLITE_CACHE_KB)
    bot = GinBot(
        service,
        ai_delay=0.0,
        renderer=RenderPool(config.render_workers),
        pacer=ChannelPacer(5, WINDOW),
    )
    loop = asyncio.get_running_loop()

    def discord_cache_sizes(bot):
        state = bot._connection
        store = state._view_store
        return {
            "messages": len(state._messages or ()),
            "users": len(state._users),
            "views": sum(len(v) for v in store._views.values()),
            "view_messages": len(store._views),
            "synced_views": len(store._synced_message_views),
            "interactions": len(getattr(state, "_interaction_cache", ())),
            "emojis": len(state._emojis),
            **rate_limit_buckets(bot.http),
        }

    def rate_limit_buckets(http):
        # discord.py forgets a bucket 300 s after its last request, once it
        # holds 256 or more: how many it holds, and how many are that old.
        now = asyncio.get_running_loop().time()
        buckets = list(http._buckets.values())
        return {
            "buckets": len(buckets),
            "buckets_300s_idle": sum(1 for b in buckets if now - b._last_request >= 300),
            "buckets_outgoing": sum(1 for b in buckets if b.outgoing),
            "buckets_pending": sum(1 for b in buckets if b._pending_requests),
        }

    def tuple_owners():
        tuples = [o for o in gc.get_objects() if type(o) is tuple]
        shapes = collections.Counter(
            (len(t), tuple(type(x).__name__ for x in t[:3])) for t in tuples
        )
        return [f"{n} x {shape}" for shape, n in shapes.most_common(4)]

    def report() -> None:
        bot.boards.pacer.sweep()  # channels quiet for a window are let go
        ctx = service.context
        sizes = {**bot.publisher.sizes(), **bot.hands.sizes()}
        service_sizes = {
            **ctx.cache.sizes(),
            "players": len(ctx.players),
            "locks": len(ctx._locks),
        }
        data = {
            "tasks": len(asyncio.all_tasks()),
            "sizes": sizes,
            "service": service_sizes,
            "objects": len(gc.get_objects()),
            "threads_cached": sum(len(g._threads) for g in bot.guilds),
            # discord.py's own caches (bounded or not: a soak tells).
            "discord": discord_cache_sizes(bot),
            "tuples": tuple_owners(),
            "types": dict(
                collections.Counter(type(o).__name__ for o in gc.get_objects()).most_common(12)
            ),
        }
        tmp = REPORT + ".tmp"
        with open(tmp, "w") as f:
            json.dump(data, f)
        os.replace(tmp, REPORT)

    loop.add_signal_handler(signal.SIGUSR1, report)
    traced = []

    def trace() -> None:
        # SIGUSR2: start tracing allocations; then take a first snapshot (what
        # bounded caches replace from then on is traced on both sides); then
        # write what grew since it.
        import tracemalloc
        gc.collect()
        if not tracemalloc.is_tracing():
            tracemalloc.start(4)
            return
        if not traced:
            traced.append(tracemalloc.take_snapshot())
            return
        grown = tracemalloc.take_snapshot().compare_to(traced[0], "traceback")
        with open(REPORT + ".trace", "w") as f:
            total = sum(stat.size_diff for stat in grown)
            f.write(f"traced Python allocations grew {total / 1e6:+.1f} MB; largest:\n")
            for stat in grown[:12]:
                f.write(f"{stat.size_diff / 1e3:+9.0f} kB {stat.count_diff:+7d} blocks\n")
                for line in stat.traceback.format()[-6:]:
                    f.write(f"      {line}\n")

    loop.add_signal_handler(signal.SIGUSR2, trace)
    logging.basicConfig(level=logging.WARNING, format="bot: %(levelname)s %(name)s: %(message)s")
    loop.add_signal_handler(signal.SIGTERM, lambda: loop.create_task(bot.close()))
    async with bot:
        await bot.start("fake-token")


asyncio.run(main())
"""


TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of ``pid`` and every live descendant (its render workers)."""
    children: dict[int, list[int]] = {}
    stats: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = raw[raw.rindex(")") + 2 :].split()
        children.setdefault(int(fields[1]), []).append(int(entry))
        stats[int(entry)] = (int(fields[11]) + int(fields[12])) / TICKS
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += stats.get(p, 0.0)
        todo.extend(children.get(p, ()))
    return total


def rss_kb(pid: int) -> int:
    """``VmRSS`` of ``pid`` in kB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


@dataclass
class Sample:
    games: int
    rss_kb: int
    tasks: int
    sizes: dict[str, int]
    service: dict[str, int]
    objects: int
    threads_cached: int
    idle: bool
    #: The database file and its write-ahead log, MB (SQLite caches its pages).
    db_mb: float


@dataclass
class Soak:
    games: int
    burst: int
    pairs: int
    channels: int
    moves: int
    full: float
    computer: float
    window: float
    game_cache: int
    sqlite_cache_kb: int
    trace_from: int
    samples: list[Sample] = field(default_factory=list)
    played: int = 0
    moves_made: int = 0
    elapsed: float = 0.0
    #: Challenges and accepts the bot refused (a busy database), by answer: tried again.
    refusals: collections.Counter[str] = field(default_factory=collections.Counter)
    #: Games never started in full — no thread, or the computer never moved —
    #: resigned by the player after STUCK s.
    stuck: list[int] = field(default_factory=list)
    bot_cpu: float = 0.0
    driver_cpu: float = 0.0
    kinds: dict[str, int] = field(default_factory=lambda: {"resign": 0, "full": 0, "computer": 0})


class Bot:
    """The bot's process: start, sample, stop."""

    def __init__(self, fake: FakeDiscord, db: Path, report: Path, soak: Soak) -> None:
        self.report = report
        args = [fake.api_base, fake.gateway_url, str(db), str(report)]
        args += [str(soak.window), str(soak.game_cache), str(soak.sqlite_cache_kb)]
        self.proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, *args],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )

    async def read(self) -> dict[str, Any]:
        """What the bot holds now (it writes it on SIGUSR1)."""
        before = self.report.stat().st_mtime_ns if self.report.exists() else 0
        self.proc.send_signal(signal.SIGUSR1)
        for _ in range(1000):
            if self.report.exists() and self.report.stat().st_mtime_ns != before:
                data: dict[str, Any] = json.loads(self.report.read_text())
                return data
            await asyncio.sleep(0.01)
        raise RuntimeError("the bot did not report")

    async def traced(self) -> None:
        """Print what grew since tracing began (the bot writes it on SIGUSR2)."""
        path = Path(str(self.report) + ".trace")
        self.proc.send_signal(signal.SIGUSR2)
        for _ in range(6000):
            if path.exists():
                await asyncio.sleep(0.5)  # written whole
                print(path.read_text(), flush=True)
                return
            await asyncio.sleep(0.05)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Players:
    """The people: they start games, move, resign."""

    def __init__(self, fake: FakeDiscord, svc: GinService, soak: Soak) -> None:
        self.fake, self.svc, self.soak = fake, svc, soak
        #: What each pair is doing (printed if the players seem stuck).
        self.doing: dict[str, str] = {}

    async def read(self, query: Callable[[], Awaitable[T]]) -> T:
        """``query()``, again while the players' own connection is too busy."""
        while True:
            try:
                return await query()
            except DatabaseUnavailableError:
                await asyncio.sleep(0.1)

    async def game_of(self, user: FakeUser, limit: float = 10.0) -> GameSnapshot | None:
        """``user``'s new game once its thread is there (or, after ``limit`` s,
        wherever it is; ``None``: no game)."""
        deadline = time.monotonic() + limit
        snap = None
        while time.monotonic() < deadline:
            snap = await self.read(
                functools.partial(snapshots.active_game_for, self.svc, self.fake.guild_id, user.id)
            )
            if snap is not None and snap.channel_id in self.fake.channels:
                return snap
            await asyncio.sleep(0.05)
        return snap

    async def start(
        self, a: FakeUser, b: FakeUser, channel_id: int, computer: bool
    ) -> GameSnapshot:
        """A new game of ``a``'s: challenged (and accepted) again while the bot
        refuses — a busy bot may answer that its database is unavailable."""
        fake = self.fake
        options: dict[str, Any] = {"opponent": fake.bot_user if computer else b, "target": 10}
        if computer:
            options["difficulty"] = "easy"
        for _ in range(100):
            res = await fake.slash(
                a,
                "gin",
                subcommand="challenge",
                options=options,
                channel_id=channel_id,
                settle=False,
            )
            if computer:
                snap = await self.game_of(a)
                if snap is not None:
                    return snap
                self.soak.refusals[res.content[:70]] += 1
            elif res.message is not None and not res.ephemeral:
                accept = next(c for c in res.message.custom_ids() if c.startswith("gin:c:accept:"))
                for _ in range(5):
                    click = await fake.click(b, res.message, accept, settle=False)
                    if click.ephemeral:  # refused (a busy database): click again
                        self.soak.refusals[click.content[:70]] += 1
                        await asyncio.sleep(0.5)
                        continue
                    # Clicked again only if no game came of it: a second accept of
                    # a game that started would open its board again.
                    snap = await self.game_of(a, limit=30.0)
                    if snap is not None:
                        return snap
                    self.soak.refusals["no game after the accept"] += 1
            else:
                self.soak.refusals[res.content[:70]] += 1
            await asyncio.sleep(0.5)
        raise RuntimeError(f"{a.name} could not start a game")

    async def move(self, user: FakeUser, snap: GameSnapshot, rng: random.Random) -> None:
        """One move by ``user`` (whose turn it is), knocking whenever allowed."""
        game = snap.game
        seat = snap.players.index(user.id)
        legal = game.legal(seat)
        if ActionKind.KNOCK in legal:
            command, options = "knock", {"card": game.best_discard(seat).code}
        elif ActionKind.DISCARD in legal:
            command, options = "discard", {"card": game.best_discard(seat).code}
        elif game.phase in (Phase.UPCARD, Phase.FIFTIETH):
            command, options = "pass", {}
        else:
            take = ActionKind.TAKE_DISCARD in legal and rng.random() < 0.3
            command, options = "draw", {"source": "discard" if take else "stock"}
        await self.fake.slash(
            user,
            "gin",
            subcommand=command,
            options=options,
            channel_id=snap.channel_id,
            settle=False,
        )
        self.soak.moves_made += 1

    async def pair_plays(
        self,
        a: FakeUser,
        b: FakeUser,
        queue: asyncio.Queue[int],
        channels: list[int],
        rng: random.Random,
    ) -> None:
        """Two players play the burst's games one after the other."""
        soak = self.soak
        while not queue.empty():
            n = queue.get_nowait()
            roll = rng.random()
            if roll < soak.computer:
                kind = "computer"
            elif roll < soak.computer + soak.full:
                kind = "full"
            else:
                kind = "resign"
            await self.play(a, b, channels[n % len(channels)], kind, rng)

    async def play(
        self, a: FakeUser, b: FakeUser, channel_id: int, kind: str, rng: random.Random
    ) -> None:
        """One game, to its end."""
        self.doing[a.name] = f"starting a {kind} game"
        snap = await self.start(a, b, channel_id, kind == "computer")
        by_id = {a.id: a, b.id: b}
        limit = rng.randint(0, self.soak.moves) if kind != "full" else 10_000
        made = 0
        seen, since = -1, time.monotonic()
        while True:
            snap = await self.read(functools.partial(snapshots.get_game, self.svc, snap.id))
            seat = snap.game.turn
            self.doing[a.name] = (
                f"game {snap.id} v{snap.version} {snap.status.value} {snap.game.phase} seat {seat}"
            )
            if snap.status.value != "active" or seat is None:
                break
            if snap.channel_id not in self.fake.channels:  # its thread is being started
                if time.monotonic() - since > STUCK:
                    # Never started (a start the busy bot cut short): resign.
                    self.soak.stuck.append(snap.id)
                    await self.fake.slash(
                        a, "gin", subcommand="resign", channel_id=channel_id, settle=False
                    )
                    since = time.monotonic()
                await asyncio.sleep(0.05)
                continue
            user = by_id.get(snap.players[seat])
            if user is None:  # the computer's turn: it moves by itself
                if snap.version != seen:
                    seen, since = snap.version, time.monotonic()
                elif time.monotonic() - since > STUCK:
                    # Its turn was never scheduled (a start the busy bot cut
                    # short): nothing but a restart would play it; resign.
                    self.soak.stuck.append(snap.id)
                    await self.fake.slash(
                        a, "gin", subcommand="resign", channel_id=snap.channel_id, settle=False
                    )
                    since = time.monotonic()
                await asyncio.sleep(0.05)
                continue
            if made >= limit:
                await self.fake.slash(
                    user, "gin", subcommand="resign", channel_id=snap.channel_id, settle=False
                )
            else:
                # Answered once committed; a refusal (a busy bot) is simply tried again.
                await self.move(user, snap, rng)
                made += 1
        self.soak.played += 1
        self.soak.kinds[kind] += 1
        self.doing.pop(a.name, None)

    async def watch(self) -> None:
        """Every 60 s without a game ending, say what the pairs are doing."""
        last = -1
        while True:
            await asyncio.sleep(60)
            if self.soak.played == last:
                print(f"no game ended in 60 s; pairs: {self.doing}", flush=True)
            last = self.soak.played


def forget_finished(fake: FakeDiscord) -> None:
    """The fake keeps every message, image and request it saw; between bursts
    (every game over) forget them and the games' threads."""
    fake.messages.clear()
    fake._attachments.clear()
    fake.interactions.clear()
    fake.last_interaction = None
    fake.requests.clear()
    fake.gateway_log.clear()
    for cid in [cid for cid, c in fake.channels.items() if c.is_thread]:
        del fake.channels[cid]
        fake._channel_writes.pop(cid, None)


async def until_idle(bot: Bot, idle: dict[str, Any], limit: float) -> dict[str, Any]:
    """The bot's report once its tasks and maps are back at ``idle`` (or the
    last one after ``limit`` seconds)."""
    deadline = time.monotonic() + limit
    while True:
        now = await bot.read()
        if (now["tasks"], now["sizes"]) == (idle["tasks"], idle["sizes"]):
            return now
        if time.monotonic() > deadline:
            return now
        await asyncio.sleep(0.25)


def db_mb(db: Path) -> float:
    files = [db, db.with_name(db.name + "-wal")]
    return sum(f.stat().st_size for f in files if f.exists()) / 1e6


def sample(bot: Bot, soak: Soak, data: dict[str, Any], idle: dict[str, Any], db: Path) -> Sample:
    s = Sample(
        soak.played,
        rss_kb(bot.proc.pid),
        data["tasks"],
        data["sizes"],
        data["service"],
        data["objects"],
        data["threads_cached"],
        (data["tasks"], data["sizes"]) == (idle["tasks"], idle["sizes"]),
        db_mb(db),
    )
    soak.samples.append(s)
    extra = {k: v for k, v in s.sizes.items() if v != idle["sizes"].get(k)}
    print(
        f"{s.games:>6} games  RSS {s.rss_kb / 1024:7.1f} MB  tasks {s.tasks:>3}  "
        f"objects {s.objects:>8}  "
        f"cache {s.service['live_games']:>4}+{s.service['finished_games']:<3} "
        f"players {s.service['players']:>5}  threads {s.threads_cached:>3}  "
        f"db {s.db_mb:5.1f} MB  "
        f"{'idle' if s.idle else 'NOT IDLE ' + str(extra)}",
        flush=True,
    )
    print(f"{'':>14}discord.py: {data.get('discord', {})}", flush=True)
    print(f"{'':>14}most objects: {data.get('types', {})}", flush=True)
    print(f"{'':>14}tuples: {data.get('tuples', [])}", flush=True)
    return s


async def run(soak: Soak, idle_limit: float) -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "soak.db"
        report = Path(tmp) / "report.json"
        limit = (5, soak.window)  # Discord's per-channel limit (5 writes in 5 s), or faster
        async with FakeDiscord(
            default_timeout=120, quiesce=False, check_spec=False, channel_write_limit=limit
        ) as fake:
            pairs = [(fake.add_user(f"p{i}a"), fake.add_user(f"p{i}b")) for i in range(soak.pairs)]
            channels = [fake.channel_id] + [
                fake.add_channel(f"gin-{k}").id for k in range(1, soak.channels)
            ]
            bot = Bot(fake, db, report, soak)
            try:
                await fake.wait_for(lambda: fake.commands, what="bot start", timeout=120)
                await asyncio.sleep(1.0)
                svc = await GinService.open(db)
                try:
                    players = Players(fake, svc, soak)
                    watch = asyncio.create_task(players.watch())
                    idle = await bot.read()
                    sample(bot, soak, idle, idle, db)
                    started = time.perf_counter()
                    cpu0, own0 = cpu_seconds(bot.proc.pid), time.process_time()
                    number = 0
                    tracing = 0
                    while soak.played < soak.games:
                        todo = min(soak.burst, soak.games - soak.played)
                        queue: asyncio.Queue[int] = asyncio.Queue()
                        for _ in range(todo):
                            queue.put_nowait(number)
                            number += 1

                        await asyncio.gather(
                            *(players.pair_plays(a, b, queue, channels, rng) for a, b in pairs)
                        )
                        data = await until_idle(bot, idle, idle_limit)
                        forget_finished(fake)
                        sample(bot, soak, data, idle, db)
                        if soak.trace_from and soak.played >= soak.trace_from and tracing < 2:
                            # Tracing starts here, and is compared from a burst later.
                            bot.proc.send_signal(signal.SIGUSR2)
                            tracing += 1
                    soak.elapsed = time.perf_counter() - started
                    if tracing == 2:
                        await bot.traced()
                    watch.cancel()
                    soak.bot_cpu = cpu_seconds(bot.proc.pid) - cpu0
                    soak.driver_cpu = time.process_time() - own0
                    print(f"fake's 4xx answers: {len(fake.rejections)}", flush=True)
                    for line in fake.rejections[:5]:
                        print(f"  {line}")
                finally:
                    await svc.close()
            finally:
                bot.stop()


def report(soak: Soak) -> None:
    samples = soak.samples
    print()
    rate = soak.played / soak.elapsed if soak.elapsed else 0.0
    print(
        f"{soak.played} games ({soak.kinds['resign']} resigned, {soak.kinds['full']} played out, "
        f"{soak.kinds['computer']} against the computer), {soak.moves_made} moves "
        f"in {soak.elapsed:.0f} s: {rate:.1f} games/s ({soak.refusals.total()} starts tried again)"
    )
    if soak.elapsed:
        print(
            f"CPU: bot (with its render workers) {soak.bot_cpu:.0f} s "
            f"({100 * soak.bot_cpu / soak.elapsed:.0f}%), fake + players {soak.driver_cpu:.0f} s "
            f"({100 * soak.driver_cpu / soak.elapsed:.0f}%)"
        )
    first = next((s for s in samples if s.games >= 1000), None)
    last = samples[-1]
    if first is None or soak.played < 2000:
        print("fewer than 2,000 games: no separate first and last 1,000")
    if first is not None:
        diff = (last.rss_kb - first.rss_kb) / 1024
        print(f"RSS after the first {first.games} games: {first.rss_kb / 1024:.1f} MB")
        print(f"RSS after the last games ({last.games}):  {last.rss_kb / 1024:.1f} MB")
        verdict = "within" if diff <= 10 else "OVER"
        print(f"difference: {diff:+.1f} MB ({verdict} the 10 MB goal)")
        before = next((s for s in reversed(samples) if s.games <= last.games - 1000), None)
        if before is not None and before.games >= 1000:
            growth = (last.rss_kb - before.rss_kb) / 1024
            print(f"growth over the last {last.games - before.games} games: {growth:+.1f} MB")
    for answer, count in soak.refusals.most_common(5):
        print(f"  start refused {count}x: {answer!r}")
    if soak.stuck:
        print(f"games stuck at their start (thread or computer), resigned: {soak.stuck}")
    not_idle = [s.games for s in samples if not s.idle]
    if not_idle:
        print(f"tasks or maps NOT back to idle after: {not_idle}")
    else:
        print(f"tasks ({samples[0].tasks}) and maps back to their idle sizes after every burst")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=5000, help="games in all (default 5000)")
    p.add_argument("--burst", type=int, default=250, help="games between samples (default 250)")
    p.add_argument("--pairs", type=int, default=60, help="games at once (default 60)")
    p.add_argument("--channels", type=int, default=30, help="channels they start in (default 30)")
    p.add_argument("--moves", type=int, default=4, help="most moves before resigning (default 4)")
    p.add_argument("--full", type=float, default=0.05, help="share played out (default 0.05)")
    p.add_argument(
        "--computer", type=float, default=0.1, help="share against the computer (default 0.1)"
    )
    p.add_argument(
        "--window",
        type=float,
        default=5.0,
        help="seconds of Discord's per-channel limit of 5 writes, for the fake and the\n"
        "bot's pacer (default 5.0, as on Discord; less plays faster)",
    )
    p.add_argument(
        "--game-cache",
        type=int,
        default=0,
        help="size of the service's cache of committed games (default 0: its own,\n"
        "4,096): a diagnosis of how much of the growth is that cache filling up",
    )
    p.add_argument(
        "--sqlite-cache-kb",
        type=int,
        default=0,
        help="SQLite's page cache in kB (default 0: the store's own, 32 MiB): the same\n"
        "diagnosis for the pages of a database that grows with every game",
    )
    p.add_argument(
        "--trace-from",
        type=int,
        default=0,
        help="trace the bot's Python allocations from this many games on and print\n"
        "what grew most from a burst later to the end (slows the bot; default 0: off)",
    )
    p.add_argument(
        "--idle-limit",
        type=float,
        default=30.0,
        help="seconds to wait for the bot to go idle after a burst (default 30)",
    )
    args = p.parse_args()
    # The players' own reads share the SQLite file: their waits are not the bot's.
    logging.getLogger("bot").setLevel(logging.ERROR)
    soak = Soak(
        args.games,
        args.burst,
        args.pairs,
        args.channels,
        args.moves,
        args.full,
        args.computer,
        args.window,
        args.game_cache,
        args.sqlite_cache_kb,
        args.trace_from,
    )
    asyncio.run(run(soak, args.idle_limit))
    report(soak)


if __name__ == "__main__":
    main()
