"""The floor under the bot's CPU per move: what discord.py 2.7 itself costs
for one move's Discord traffic, with handlers that do no work at all.

``benchmarks/discord_latency.py --load independent`` measures the whole bot
at about 19–26 ms of CPU a move against a goal of 8 ms.  A move there is about
three interactions and one board edit:

* the move itself, answered in place (``interaction.response.edit_message``)
  with a ~23 KB PNG, a discard menu of 11 options and a few buttons;
* both players pressing the public board's **My hand** button, each answered
  with a new ephemeral message carrying the same kind of PNG and components;
* one edit of the public board (a PATCH with a new ~25 KB PNG and buttons).

This benchmark runs a **bare** ``discord.Client`` (no bot package, no
database, no drawing) in a child process against the fake Discord
(``tests/fakediscord``) on 127.0.0.1, and plays exactly that traffic: the
child answers every click with bytes made once at start (two palette PNGs of
the real sizes, drawn with Pillow) and views built anew each time (their
custom_ids name the game and its version, as the bot's do), stopped before
sending as the bot does so discord.py does not keep them.  Every control is a
``DynamicItem`` registered with ``add_dynamic_items``, as in the bot.  A move
also schedules the game's board edit in the background (``create_task``),
coalesced per game and paced to Discord's 5 writes per 5 s in a channel, like
the bot's publisher; each game has its own channel (the bot's games each have
a thread).

The players (this process, with the fake Discord): G games of two players.
Each game starts with both players pressing the board's hand button; then,
for ``--moves`` moves, after a uniform 0–``--pause`` s pause the player to
move (A, B, A, …) presses the move button on their latest hand message (the
in-place answer, and the board edit), then both press the board's hand
button again (two refreshes).  So a move is 1 move interaction + 2 refreshes
+ 1 board edit — the load of ``discord_latency.py --load independent`` with
the bot's work taken out.

Measured: the child's CPU (user + system, from ``/proc`` through
:mod:`benchmarks.proctree`) from the first game's start until the child has
been quiet for a second after the last move; divided by the interactions
answered and by the moves.  Answer latency is INTERACTION_CREATE sent → the
interaction callback received by the fake, as ``discord_latency.py`` reports
it.  Linux only (reads ``/proc``).

Usage::

    .venv/bin/python benchmarks/discord_floor.py               # 50 games, pauses 0–4 s
    .venv/bin/python benchmarks/discord_floor.py --pause 0     # flat out
    .venv/bin/python benchmarks/discord_floor.py --no-file     # without the PNGs
    .venv/bin/python benchmarks/discord_floor.py --no-view     # without components
    .venv/bin/python benchmarks/discord_floor.py --intents guilds   # the bot's client settings
    .venv/bin/python benchmarks/discord_floor.py --games 10 --moves 20 --profile floor.prof

``--no-file`` answers and edits without the PNG (the upload's share);
``--no-view`` without any components — the players' clicks then carry the
one button they press (the fake's ``forge``), since the messages have
none and discord.py dispatches a DynamicItem only from a component on the
clicked message.  ``--intents guilds`` makes the client as the bot does (the
guilds intent alone, no message or member cache) instead of
``Intents.default()``, with which the fake also sends a MESSAGE_UPDATE for
every board edit.  ``--profile FILE`` profiles the child's event-loop thread
by its own CPU time (cProfile with ``time.thread_time``) from its boards'
posting until it stops, writes FILE and prints the top functions.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import io
import json
import logging
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import time
from collections import deque
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self, cast

import discord
import discord.gateway
import discord.http
import discord.state
import yarl

if TYPE_CHECKING:
    from tests.fakediscord import FakeDiscord, FakeUser, InteractionResult, SentMessage

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: The hand image's and the board's sizes in bytes (``benchmarks/render.py``:
#: hand ~23 KB, board ~25–27 KB, palette PNG).
HAND_PNG_BYTES = 23_000
BOARD_PNG_BYTES = 25_000
#: Discord's per-channel write limit: this many creates and edits a window.
WRITES, WINDOW = 5, 5.0
#: A board control: ``fl:<action>:<game>:<version>``.
BUTTON_TEMPLATE = r"fl:(?P<action>hand|stock|move|knock):(?P<game>\d+):(?P<version>\d+)"
#: The hand message's discard menu.
SELECT_TEMPLATE = r"fl:d:(?P<game>\d+):(?P<version>\d+)"
#: Discord's deadline for an interaction's first answer.
DEADLINE = 3.0


@dataclass(frozen=True)
class Setup:
    """What the child needs, passed as JSON on its command line."""

    api_base: str
    gateway_url: str
    #: The games' channels, game ``i + 1`` in ``channels[i]``.
    channels: list[int]
    file: bool = True
    view: bool = True
    profile: str | None = None
    #: ``default`` (``Intents.default()``) or ``guilds`` (the bot's client settings).
    intents: str = "default"


# --- the child: a bare discord.py bot --------------------------------------------------------


def make_png(target: int, seed: int) -> bytes:
    """A palette PNG of 800×600 (felt, eleven cards, text) of at least
    ``target`` bytes: text is scattered over it until the encoding is that big,
    so the upload matches the bot's images in size."""
    from PIL import Image, ImageDraw, ImageFont

    rng = random.Random(seed)
    img = Image.new("RGB", (800, 600), (23, 94, 60))
    draw = ImageDraw.Draw(img)
    big = ImageFont.load_default(size=28)
    small = ImageFont.load_default(size=15)
    for i in range(11):
        x, y = 24 + i * 68, 300
        draw.rounded_rectangle(
            (x, y, x + 100, y + 150), radius=10, fill=(250, 250, 245), outline=(40, 40, 40), width=2
        )
        ink = (190, 30, 40) if rng.random() < 0.5 else (20, 20, 20)
        draw.text((x + 8, y + 6), rng.choice("A23456789TJQK"), font=big, fill=ink)
        draw.ellipse((x + 30, y + 50, x + 70, y + 90), fill=ink)
    words = ("deadwood 23", "meld", "7♠ 8♠ 9♠", "knock", "gin!", "stock", "J♥", "upcard")

    def encode() -> bytes:
        buf = io.BytesIO()
        img.quantize(colors=64, dither=Image.Dither.NONE).save(buf, "PNG", compress_level=6)
        return buf.getvalue()

    data = encode()
    for _ in range(500):
        if len(data) >= target:
            break
        for _ in range(3):
            xy = (rng.randrange(0, 760), rng.randrange(0, 580))
            ink = (rng.randrange(120, 256), rng.randrange(120, 256), 200)
            draw.text(xy, rng.choice(words), font=small, fill=ink)
        data = encode()
    return data


@dataclass
class Table:
    """One game as the child knows it: its channel, board and version, and
    its board writer (a pending edit, the task writing it, recent writes)."""

    game: int
    channel_id: int
    board_id: int = 0
    version: int = 0
    dirty: bool = False
    writer: asyncio.Task[None] | None = None
    writes: deque[float] = field(default_factory=deque)


class FloorBot(discord.Client):
    """Answers every control with precomputed bytes; no game, no storage."""

    def __init__(self, setup: Setup, hand_png: bytes, board_png: bytes) -> None:
        if setup.intents == "guilds":  # as GinBot: no message events, no caches
            intents = discord.Intents.none()
            intents.guilds = True
            super().__init__(
                intents=intents,
                max_messages=None,
                chunk_guilds_at_startup=False,
                member_cache_flags=discord.MemberCacheFlags.none(),
            )
        else:
            super().__init__(intents=discord.Intents.default())
        self.setup = setup
        self.hand_png = hand_png
        self.board_png = board_png
        self.tables = {i + 1: Table(i + 1, ch) for i, ch in enumerate(setup.channels)}
        self.posted = False
        self.profiler: cProfile.Profile | None = None
        #: The options of every discard menu: eleven cards.
        self.options = [
            discord.SelectOption(label=f"Discard {rank}♠ — deadwood {n}", value=f"{rank}s")
            for n, rank in enumerate("A23456789TJ", 1)
        ]

    async def setup_hook(self) -> None:
        self.add_dynamic_items(GameButton, DiscardMenu)

    async def on_ready(self) -> None:
        if self.posted:
            return
        self.posted = True
        for table in self.tables.values():
            channel = self.get_channel(table.channel_id)
            assert isinstance(channel, discord.TextChannel)
            message = await channel.send(**self.board_payload(table, edit=False))
            table.board_id = message.id
            table.writes.append(asyncio.get_running_loop().time())  # one of the channel's writes
        gc.freeze()  # as the bot does once started: start-up objects out of the collector's way
        if self.setup.profile:
            self.profiler = cProfile.Profile(time.thread_time)
            self.profiler.enable()

    # -- payloads ---------------------------------------------------------------------------

    def board_view(self, table: Table) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for action in ("hand", "stock"):
            view.add_item(GameButton(action, table.game, table.version))
        view.stop()  # a layout only: discord.py must not keep it
        return view

    def hand_view(self, table: Table) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        view.add_item(DiscardMenu(table.game, table.version, self.options))
        for action in ("move", "knock"):
            view.add_item(GameButton(action, table.game, table.version, row=1))
        view.stop()
        return view

    def board_payload(self, table: Table, *, edit: bool) -> dict[str, Any]:
        content = (
            f"**Gin rummy** · game {table.game} · move {table.version} · <@1> to play · "
            "stock 21 cards · upcard 7♥ · score 34–12 (to 100)"
        )
        payload: dict[str, Any] = {"content": content}
        if self.setup.file:
            file = discord.File(io.BytesIO(self.board_png), filename="board.png")
            if edit:  # the new image replaces the old one
                payload["attachments"] = [file]
            else:
                payload["file"] = file
        if self.setup.view:
            payload["view"] = self.board_view(table)
        return payload

    def hand_payload(self, table: Table) -> dict[str, Any]:
        content = (
            f"Your hand, game {table.game} (move {table.version}): deadwood 23, "
            "melds 7♠ 8♠ 9♠ · your turn: draw from the stock or take the 7♥."
        )
        payload: dict[str, Any] = {"content": content}
        if self.setup.view:
            payload["view"] = self.hand_view(table)
        return payload

    def hand_file(self) -> discord.File:
        return discord.File(io.BytesIO(self.hand_png), filename="hand.png")

    # -- answers ----------------------------------------------------------------------------

    async def show_hand(self, interaction: discord.Interaction, game: int) -> None:
        """My hand: a new ephemeral message with the hand image and controls."""
        payload = self.hand_payload(self.tables[game])
        if self.setup.file:
            payload["file"] = self.hand_file()
        await interaction.response.send_message(ephemeral=True, **payload)

    async def move(self, interaction: discord.Interaction, game: int) -> None:
        """A move: the hand message edited in place, then the board in the background."""
        table = self.tables[game]
        table.version += 1
        payload = self.hand_payload(table)
        if self.setup.file:
            payload["attachments"] = [self.hand_file()]
        await interaction.response.edit_message(**payload)
        self.publish(table)

    def publish(self, table: Table) -> None:
        """Schedule the board's edit; moves made meanwhile fold into it."""
        table.dirty = True
        if table.writer is None or table.writer.done():
            table.writer = asyncio.create_task(self.write_board(table))

    async def write_board(self, table: Table) -> None:
        channel = self.get_channel(table.channel_id)
        assert isinstance(channel, discord.TextChannel)
        message = channel.get_partial_message(table.board_id)
        while table.dirty:
            loop = asyncio.get_running_loop()
            while table.writes and loop.time() - table.writes[0] >= WINDOW:
                table.writes.popleft()
            if len(table.writes) >= WRITES:  # the channel's writes are spent: wait
                await asyncio.sleep(WINDOW - (loop.time() - table.writes[0]) + 0.05)
                continue
            table.dirty = False
            try:
                await message.edit(**self.board_payload(table, edit=True))
            except discord.HTTPException as exc:
                print(f"board edit of game {table.game} failed: {exc}", file=sys.stderr)
            table.writes.append(loop.time())


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    """The board's hand and stock buttons; the hand message's move and knock."""

    def __init__(self, action: str, game: int, version: int, *, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(label=action.title(), custom_id=f"fl:{action}:{game}:{version}"),
            row=row,
        )
        self.action = action
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["action"], int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = cast(FloorBot, interaction.client)
        if self.action in ("hand", "stock"):
            await bot.show_hand(interaction, self.game)
        else:
            await bot.move(interaction, self.game)


class DiscardMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """The hand message's discard menu (a choice is a move)."""

    def __init__(
        self, game: int, version: int, options: list[discord.SelectOption] | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"fl:d:{game}:{version}",
                placeholder="Discard…",
                options=options or [discord.SelectOption(label="-", value="-")],
            ),
            row=0,
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cast(FloorBot, interaction.client).move(interaction, self.game)


def child_main(raw: str) -> None:
    """The child process: the bare bot, repointed at the fake, until SIGINT."""
    setup = Setup(**json.loads(raw))
    discord.http.Route.BASE = setup.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(setup.gateway_url)
    # READY 50 ms after the last guild, not 2 s (the fake sends them all at once):
    # start-up only, nothing measured.
    init = discord.state.ConnectionState.__init__

    def fast(self: discord.state.ConnectionState[Any], *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        self.guild_ready_timeout = 0.05

    setattr(discord.state.ConnectionState, "__init__", fast)  # noqa: B010
    logging.basicConfig(level=logging.WARNING, format="child %(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.client").setLevel(logging.ERROR)  # "voice will NOT be supported"
    hand, board = make_png(HAND_PNG_BYTES, 1), make_png(BOARD_PNG_BYTES, 2)
    print(f"  PNGs: hand {len(hand):,} bytes, board {len(board):,} bytes", flush=True)
    client = FloorBot(setup, hand, board)
    try:
        client.run("fake-token", log_handler=None)  # returns on SIGINT (KeyboardInterrupt)
    finally:
        if client.profiler is not None and setup.profile:
            client.profiler.disable()
            client.profiler.dump_stats(setup.profile)


# --- the players -----------------------------------------------------------------------------


@dataclass
class Run:
    """One run's settings and what it measured."""

    games: int
    moves_per_game: int
    pause: float
    file: bool = True
    view: bool = True
    intents: str = "default"
    moves: int = 0
    refreshes: int = 0
    #: Latencies (s) of answered interactions, by kind (``hand``, ``move``).
    latency: dict[str, list[float]] = field(default_factory=lambda: {"hand": [], "move": []})
    failed: int = 0
    board_edits: int = 0
    rate_limited: int = 0
    uploaded: int = 0
    elapsed: float = 0.0
    window: float = 0.0
    cpu: float = 0.0
    driver_cpu: float = 0.0

    @property
    def interactions(self) -> int:
        return sum(len(v) for v in self.latency.values())


class Players:
    """Plays every game against the child through the fake Discord."""

    def __init__(
        self, fake: FakeDiscord, run: Run, boards: dict[int, SentMessage], rng: random.Random
    ) -> None:
        self.fake = fake
        self.run = run
        self.boards = boards  # game -> its board (a live SentMessage)
        self.rng = rng

    async def press(
        self, user: FakeUser, message: SentMessage, game: int, action: str
    ) -> InteractionResult | None:
        """Press ``action``'s control of ``game`` on ``message``; the answered
        interaction, or None (counted) if it was not answered."""
        prefix = f"fl:{action}:"
        custom_id = next((c for c in message.custom_ids() if c.startswith(prefix)), None)
        forge = custom_id is None  # --no-view: the click carries the button itself
        try:
            r = await self.fake.click(
                user, message, custom_id or f"{prefix}{game}:0", forge=forge, settle=False
            )
        except AssertionError as exc:  # no answer in time, or one the fake refused
            self.run.failed += 1
            print(f"  game {game}: {action} failed: {str(exc).splitlines()[0]}", file=sys.stderr)
            return None
        self.run.latency["move" if action == "move" else "hand"].append(r.latency)
        return r

    async def look(
        self, game: int, users: tuple[FakeUser, FakeUser]
    ) -> dict[FakeUser, SentMessage | None]:
        """Both players press the board's hand button: each one's new hand message."""
        done = await asyncio.gather(
            *(self.press(u, self.boards[game], game, "hand") for u in users)
        )
        return {u: r.message for u, r in zip(users, done, strict=True) if r is not None}

    async def play(self, game: int, users: tuple[FakeUser, FakeUser]) -> None:
        pause = self.run.pause
        if pause:  # people start their games over the first seconds, not all at once
            await asyncio.sleep(self.rng.uniform(0, pause))
        hands = await self.look(game, users)
        for n in range(self.run.moves_per_game):
            if pause:
                await asyncio.sleep(self.rng.uniform(0, pause))
            mover = users[n % 2]
            hand = hands.get(mover)
            if hand is not None and await self.press(mover, hand, game, "move") is not None:
                self.run.moves += 1
            hands = await self.look(game, users)
            self.run.refreshes += 2


async def measure(run: Run, profile: str | None) -> None:
    from benchmarks.proctree import tree_cpu
    from tests.fakediscord import FakeDiscord

    rng = random.Random(1)
    async with FakeDiscord(default_timeout=60, quiesce=False, check_spec=False) as fake:
        users = [(fake.add_user(f"p{i}a"), fake.add_user(f"p{i}b")) for i in range(run.games)]
        channels = [fake.add_channel(f"floor-{i + 1}").id for i in range(run.games)]
        setup = Setup(
            fake.api_base, fake.gateway_url, channels, run.file, run.view, profile, run.intents
        )
        child = subprocess.Popen(
            [sys.executable, __file__, "--child", json.dumps(asdict(setup))],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        try:
            # Ready once every game's board is posted (the child posts them on READY).
            started = time.perf_counter()
            boards: dict[int, SentMessage] = {}
            where = {ch: g for g, ch in enumerate(channels, 1)}
            while len(boards) < run.games:
                if child.poll() is not None:
                    raise RuntimeError(f"the child exited during start-up ({child.returncode})")
                if time.perf_counter() - started > 60:
                    raise RuntimeError("the child did not post its boards within 60 s")
                await asyncio.sleep(0.05)
                boards = {
                    where[m.channel_id]: m
                    for m in fake.messages.values()
                    if m.channel_id in where and not m.ephemeral
                }
            await asyncio.sleep(0.5)  # the child's last start-up work done
            players = Players(fake, run, boards, rng)
            cpu0, own0 = tree_cpu(child.pid), time.process_time()
            t0 = time.perf_counter()
            await asyncio.gather(*(players.play(g, u) for g, u in enumerate(users, 1)))
            run.elapsed = time.perf_counter() - t0
            # The last boards catch up: the child is done when it has written nothing for 1 s.
            with contextlib.suppress(AssertionError):
                await fake.settle(quiet=1.0, timeout=30)
            run.window = time.perf_counter() - t0
            run.cpu = tree_cpu(child.pid) - cpu0
            run.driver_cpu = time.process_time() - own0
            for req in fake.requests:
                if req.started_at < t0:
                    continue
                run.uploaded += sum(len(data) for _, _, data in req.files)
                patched = req.method == "PATCH" and req.path.startswith("/channels/")
                if patched and req.status == 200:
                    run.board_edits += 1
                if req.status == 429:
                    run.rate_limited += 1
        finally:
            child.send_signal(signal.SIGINT)
            try:
                child.wait(timeout=30)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(run: Run) -> None:
    parts = ("PNG" if run.file else "no PNG") + (", views" if run.view else ", no views")
    parts += f", {run.intents} intents"
    print(
        f"{run.games} games × {run.moves_per_game} moves, pauses 0–{run.pause:g} s, {parts}: "
        f"{run.moves} moves in {run.elapsed:.1f} s ({run.moves / (run.elapsed or 1):.1f} moves/s)"
    )
    print(f"{'interaction':<13}{'count':>7}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    everything: list[float] = []
    for kind, values in run.latency.items():
        ms = [x * 1000 for x in values]
        everything += ms
        if ms:
            print(
                f"{kind:<13}{len(ms):>7}{statistics.median(ms):>9.1f}{pct(ms, 0.99):>9.1f}"
                f"{max(ms):>9.1f}"
            )
    if everything:
        print(
            f"{'all':<13}{len(everything):>7}{statistics.median(everything):>9.1f}"
            f"{pct(everything, 0.99):>9.1f}{max(everything):>9.1f}"
        )
    moves = run.moves or 1
    late = sum(1 for x in everything if x > DEADLINE * 1000)
    print(
        f"answered {run.interactions} interactions ({run.interactions / moves:.2f} a move), "
        f"{run.board_edits} board edits ({run.board_edits / moves:.2f} a move), "
        f"{run.rate_limited} answers 429, {run.failed} failed, {late} over 3 s; "
        f"uploaded {run.uploaded / moves / 1000:.1f} KB a move"
    )
    print(
        f"child CPU {run.cpu:.2f} s over {run.window:.1f} s "
        f"({100 * run.cpu / (run.window or 1):.0f}% of a core): "
        f"{1000 * run.cpu / (run.interactions or 1):.2f} ms an interaction, "
        f"{1000 * run.cpu / moves:.2f} ms a move; fake + players "
        f"{100 * run.driver_cpu / (run.window or 1):.0f}% of a core"
    )


def print_profile(path: str) -> None:
    import pstats

    stats = pstats.Stats(path)
    print(f"\nprofile of the child's event loop (thread CPU), {path}:")
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(25)


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child_main(sys.argv[2])
        return
    # The fake keeps every request it saw; its collector's full passes over that
    # history would stall the players and be counted as the child's latency.
    gc.disable()
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=50, help="games at once (default 50)")
    p.add_argument("--moves", type=int, default=30, help="moves per game (default 30)")
    p.add_argument(
        "--pause", type=float, default=4.0, help="max pause before each move, s (default 4)"
    )
    p.add_argument("--no-file", action="store_true", help="answer and edit without the PNG")
    p.add_argument("--no-view", action="store_true", help="answer and edit without components")
    p.add_argument(
        "--intents",
        choices=("default", "guilds"),
        default="default",
        help="default: Intents.default() (the fake then sends MESSAGE_UPDATE for\n"
        "every board edit); guilds: the bot's settings (guilds intent only,\n"
        "no message or member cache)",
    )
    p.add_argument("--profile", help="cProfile the child's event loop (thread CPU) to FILE")
    args = p.parse_args()
    run = Run(args.games, args.moves, args.pause, not args.no_file, not args.no_view, args.intents)
    profile = str(Path(args.profile).resolve()) if args.profile else None
    asyncio.run(measure(run, profile))
    report(run)
    if profile:
        print_profile(profile)


if __name__ == "__main__":
    main()
