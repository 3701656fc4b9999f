"""What players see when the whole server is playing: interaction latency,
moves per second and the bot's CPU per move, through the fake Discord.

Usage::

    .venv/bin/python benchmarks/discord_latency.py                  # the four runs
    .venv/bin/python benchmarks/discord_latency.py --runs 50x4 --moves 30
    .venv/bin/python benchmarks/discord_latency.py --runs 1 --bot-env GIN_UVLOOP=0

The bot runs in its own process, as in production (``python -m bot``'s
``serve``, repointed at the fake Discord on 127.0.0.1).  This process runs
the fake and the players.  Each run is ``GAMESxMAXPAUSE``: that many games at
once, every player pausing a uniform 0–MAXPAUSE seconds before each move
(``50x0``: no pauses — a stress test).  The load is what people make:

* the player to move draws (stock, sometimes the pile), discards through
  ``/gin discard``, passes on an unwanted upcard, and knocks as soon as they
  can (so hands end: reveal, new deal, new board);
* after every move **both** players refresh their hand through the
  ``/gin discard`` autocomplete, as people typing the command do;
* every game is started from **one channel** (``--per-channel N`` spreads
  them, N to a channel), and they start within the first MAXPAUSE seconds
  (all at once when there are no pauses); by default each game then plays in
  its own thread, and the players use their commands there.

For every interaction we time INTERACTION_CREATE sent → the interaction
callback received by the fake (the move is committed and the private hand
image rendered by then); "click → answer" also counts the time the fake
itself took to hand the event to the bot (its own queue, on the same cores).
**Board freshness** is, per move, the time from the move's answer until the
public board first shows that move (a board post or edit carrying its
version, or the final board of a finished game), and board writes per move
counts every board post and edit.  CPU per move is the bot process's CPU
time (user + system) during the run, **including its worker processes**,
divided by the moves made.  Linux only (reads ``/proc``).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.engine import ActionKind, Phase  # noqa: E402
from bot.service import GinService, snapshots  # noqa: E402
from tests.fakediscord import FakeDiscord, FakeUser  # noqa: E402

CHILD = """
import dataclasses, sys, discord, yarl
from pathlib import Path
from bot.__main__ import run_serving
from bot.config import Config

discord.http.Route.BASE = sys.argv[1]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
config = dataclasses.replace(
    Config.from_env(), token="fake-token", db_path=Path(sys.argv[3]), ai_delay=0.0
)
try:
    run_serving(config)
except KeyboardInterrupt:
    pass
"""

ACTIONS = ("draw", "discard", "knock", "pass", "autocomplete")
#: A board's turn button: ``gin:a:<action>:<game>:<version>``.
BOARD_BUTTON = re.compile(r"^gin:a:(?:hand|stock|take|pass):(\d+):(\d+)$")
TICKS = os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cpu_seconds(pid: int) -> float:
    """User + system CPU of ``pid`` and every live descendant (its workers)."""
    children: dict[int, list[int]] = defaultdict(list)
    stats: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = raw[raw.rindex(")") + 2 :].split()
        ppid, utime, stime = int(fields[1]), int(fields[11]), int(fields[12])
        children[ppid].append(int(entry))
        stats[int(entry)] = (utime + stime) / TICKS
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += stats.get(p, 0.0)
        todo.extend(children.get(p, ()))
    return total


@dataclass
class Load:
    """One run's settings and what it measured."""

    games: int
    pause: float
    moves_per_game: int
    per_channel: int
    latency: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    #: Click (the interaction made) → its answer, every interaction.
    click: list[float] = field(default_factory=list)
    #: (game, version after the move, when its answer came), per move.
    answered: list[tuple[int, int, float]] = field(default_factory=list)
    freshness: list[float] = field(default_factory=list)
    board_writes: int = 0
    moves: int = 0
    elapsed: float = 0.0
    cpu: float = 0.0
    #: CPU seconds of this process (the fake Discord and the players).
    driver_cpu: float = 0.0

    @property
    def name(self) -> str:
        spread = "" if self.per_channel <= 0 else f"/{self.per_channel}"
        return f"{self.games}x{self.pause:g}{spread}"


async def play_game(
    fake: FakeDiscord,
    svc: GinService,
    users: tuple[FakeUser, FakeUser],
    channel_id: int,
    load: Load,
    rng: random.Random,
) -> None:
    a, b = users
    by_id = {a.id: a, b.id: b}
    if load.pause:  # people start their games over the first seconds, not all at once
        await asyncio.sleep(rng.uniform(0, load.pause))
    res = await fake.slash(
        a,
        "gin",
        subcommand="challenge",
        options={"opponent": b, "target": 500},
        channel_id=channel_id,
        settle=False,
    )
    assert res.message is not None, res.content
    accept = next(c for c in res.message.custom_ids() if c.startswith("gin:c:accept:"))
    await fake.click(b, res.message, accept, settle=False)
    snap = None
    while snap is None:
        snap = await snapshots.active_game_for(svc, fake.guild_id, a.id)
        await asyncio.sleep(0.01)
    while snap.channel_id not in fake.channels:  # its thread is being started
        await asyncio.sleep(0.01)
    where = snap.channel_id  # players type their commands in the game's thread
    lat = load.latency
    answered: tuple[int, int, float] | None = None
    for _ in range(load.moves_per_game):
        if load.pause:
            await asyncio.sleep(rng.uniform(0, load.pause))
        snap = await snapshots.get_game(svc, snap.id)
        if answered is not None and snap.version >= answered[1]:  # the move took effect
            load.answered.append(answered)
        answered = None
        game = snap.game
        seat = game.turn
        if seat is None:
            return
        user = by_id[snap.players[seat]]
        legal = game.legal(seat)
        if ActionKind.KNOCK in legal:
            # Name the card: below full assistance (the default between people)
            # the bot does not choose it.
            kind, options, command = "knock", {"card": game.best_discard(seat).code}, "knock"
        elif ActionKind.DISCARD in legal:
            card = game.best_discard(seat).code
            kind, options, command = "discard", {"card": card}, "discard"
        elif game.phase in (Phase.UPCARD, Phase.FIFTIETH):
            kind, options, command = "pass", {}, "pass"
        else:
            source = (
                "discard" if ActionKind.TAKE_DISCARD in legal and rng.random() < 0.3 else "stock"
            )
            kind, options, command = "draw", {"source": source}, "draw"
        clicked = time.perf_counter()
        r = await fake.slash(
            user, "gin", subcommand=command, options=options, channel_id=where, settle=False
        )
        lat[kind].append(r.latency)
        load.click.append((r.responded_at or clicked) - clicked)
        if r.responded_at is not None:
            answered = (snap.id, snap.version + 1, r.responded_at)
        load.moves += 1
        clicked = time.perf_counter()
        refreshes = await asyncio.gather(
            *(
                fake.autocomplete_interaction(
                    u, "gin", subcommand="discard", focused="card", channel_id=where
                )
                for u in (a, b)
            )
        )
        lat["autocomplete"].extend(x.latency for x in refreshes)
        load.click.extend((x.responded_at or clicked) - clicked for x in refreshes)
    snap = await snapshots.get_game(svc, snap.id)
    if answered is not None and snap.version >= answered[1]:
        load.answered.append(answered)


def board_freshness(fake: FakeDiscord, load: Load) -> None:
    """Per move: answer → the first board write that shows it (its version on
    a board's buttons; a finished game's last board shows every move)."""
    shown: dict[int, list[tuple[float, float]]] = defaultdict(list)  # game -> (at, version)
    for msg in fake.messages.values():
        if msg.ephemeral:  # a player's own hand and controls, not the board
            continue
        game = None
        for record in msg.history:
            ids = [
                c.get("custom_id", "")
                for row in record.payload.get("components") or []
                for c in row.get("components", [])
            ]
            found = [m for c in ids if (m := BOARD_BUTTON.match(c))]
            if found:
                game = int(found[0].group(1))
                version = float(max(int(m.group(2)) for m in found))
            elif game is not None and "board.png" in record.filenames:
                version = float("inf")  # the final board: no buttons, every move shown
            else:
                continue
            if "board.png" in record.filenames or found:
                load.board_writes += 1
                shown[game].append((record.at, version))
    for writes in shown.values():
        writes.sort()
    for game, version, answered in load.answered:
        at = next((t for t, v in shown.get(game, ()) if v >= version), None)
        if at is not None:
            load.freshness.append(max(0.0, at - answered))


async def run(load: Load, bot_env: dict[str, str], profile: str | None = None) -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        async with FakeDiscord(default_timeout=60, quiesce=False, check_spec=False) as fake:
            users = [(fake.add_user(f"p{i}a"), fake.add_user(f"p{i}b")) for i in range(load.games)]
            per = load.per_channel if load.per_channel > 0 else load.games
            channels = [
                fake.add_channel(f"gin-{k}").id for k in range((load.games + per - 1) // per)
            ]
            child = subprocess.Popen(
                [sys.executable, "-c", CHILD, fake.api_base, fake.gateway_url, str(db)],
                cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT), **bot_env},
            )
            try:
                await fake.wait_for(lambda: fake.commands, what="bot start", timeout=60)
                await asyncio.sleep(2.5)  # READY comes 2 s after the last guild; workers up
                svc = await GinService.open(db)
                try:
                    spy = None
                    if profile:  # sample the bot and its workers while the players play
                        spy = subprocess.Popen(
                            [
                                "py-spy",
                                "record",
                                "--pid",
                                str(child.pid),
                                "--subprocesses",
                                "--format",
                                "raw",
                                "--rate",
                                "200",
                                "--output",
                                profile,
                            ],
                            stdout=subprocess.DEVNULL,
                        )
                    cpu0, t0 = cpu_seconds(child.pid), time.perf_counter()
                    own0 = time.process_time()
                    await asyncio.gather(
                        *(
                            play_game(fake, svc, u, channels[i // per], load, rng)
                            for i, u in enumerate(users)
                        )
                    )
                    load.elapsed = time.perf_counter() - t0
                    load.cpu = cpu_seconds(child.pid) - cpu0
                    await asyncio.sleep(3)  # the last boards catch up
                    board_freshness(fake, load)
                    load.driver_cpu = time.process_time() - own0
                    if spy is not None:
                        spy.send_signal(signal.SIGINT)
                        spy.wait(timeout=60)
                finally:
                    await svc.close()
            finally:
                child.send_signal(signal.SIGINT)
                child.wait(timeout=60)


def report(loads: list[Load]) -> None:
    head = f"{'run':>7} {'action':<13}{'count':>7}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}"
    print(head)
    for load in loads:
        everything: list[float] = []
        for action in ACTIONS:
            ms = [x * 1000 for x in load.latency.get(action, [])]
            everything += ms
            if ms:
                print(
                    f"{load.name:>7} {action:<13}{len(ms):>7}{statistics.median(ms):>9.1f}"
                    f"{pct(ms, 0.99):>9.1f}{max(ms):>9.1f}"
                )
        print(
            f"{load.name:>7} {'all':<13}{len(everything):>7}{statistics.median(everything):>9.1f}"
            f"{pct(everything, 0.99):>9.1f}{max(everything):>9.1f}"
        )
        click = [x * 1000 for x in load.click]
        if click:
            print(
                f"{load.name:>7} {'click→answer':<13}{len(click):>7}"
                f"{statistics.median(click):>9.1f}{pct(click, 0.99):>9.1f}{max(click):>9.1f}"
            )
    print()
    print(
        f"{'run':>7}{'moves seen':>12}{'fresh p50 s':>13}{'fresh p99 s':>13}{'max s':>8}"
        f"{'board writes/move':>19}"
    )
    for load in loads:
        fresh = load.freshness
        per_move = load.board_writes / load.moves if load.moves else float("nan")
        if fresh:
            print(
                f"{load.name:>7}{len(fresh):>12}{statistics.median(fresh):>13.2f}"
                f"{pct(fresh, 0.99):>13.2f}{max(fresh):>8.2f}{per_move:>19.2f}"
            )
    print()
    print(
        f"{'run':>7}{'moves':>7}{'moves/s':>9}{'CPU ms/move':>13}{'bot CPU %':>11}"
        f"{'fake+players CPU %':>20}"
    )
    for load in loads:
        rate = load.moves / load.elapsed if load.elapsed else 0.0
        per_move = 1000 * load.cpu / load.moves if load.moves else float("nan")
        busy = 100 * load.cpu / load.elapsed if load.elapsed else 0.0
        driver = 100 * load.driver_cpu / load.elapsed if load.elapsed else 0.0
        print(
            f"{load.name:>7}{load.moves:>7}{rate:>9.1f}{per_move:>13.1f}{busy:>10.0f}%"
            f"{driver:>19.0f}%"
        )


def parse_run(text: str) -> tuple[int, float]:
    games, _, pause = text.partition("x")
    return int(games), float(pause or 0)


def main() -> None:
    # The fake keeps every request it saw; its collector's full passes over that
    # history would stall the players and be counted as the bot's latency.
    gc.disable()
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--runs", nargs="+", default=["1", "50x4", "200x4", "50x0"])
    p.add_argument("--moves", type=int, default=40, help="moves per game (default 40)")
    p.add_argument(
        "--per-channel",
        type=int,
        default=0,
        help="games started from each channel (default 0: all from one channel)",
    )
    p.add_argument(
        "--bot-env", nargs="*", default=[], help="NAME=VALUE settings for the bot process"
    )
    p.add_argument("--profile", help="py-spy the bot (collapsed stacks to PROFILE.<run>.txt)")
    args = p.parse_args()
    bot_env = dict(item.split("=", 1) for item in args.bot_env)
    loads = []
    for text in args.runs:
        games, pause = parse_run(text)
        load = Load(games, pause, args.moves, args.per_channel)
        profile = f"{args.profile}.{load.name}.txt" if args.profile else None
        asyncio.run(run(load, bot_env, profile))
        print(f"  {load.name}: {load.moves} moves in {load.elapsed:.1f}s", flush=True)
        loads.append(load)
    report(loads)


if __name__ == "__main__":
    main()
