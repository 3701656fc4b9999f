"""What players see when the whole server is playing: interaction latency,
moves per second, board freshness and the bot's CPU per move, through the
fake Discord.

Usage::

    .venv/bin/python benchmarks/discord_latency.py                  # the four runs
    .venv/bin/python benchmarks/discord_latency.py --runs 50x4 --moves 30
    .venv/bin/python benchmarks/discord_latency.py --runs 50x4 --moves 30 --load independent
    .venv/bin/python benchmarks/discord_latency.py --runs 6x4 --moves 60 --load independent \
        --trace t.jsonl
    .venv/bin/python benchmarks/discord_latency.py --runs 1 --bot-env GIN_UVLOOP=0
    .venv/bin/python benchmarks/discord_latency.py --runs 200x4 --moves 30 --load independent \
        --waits

The bot runs in its own process, as in production (``python -m bot``'s
``serve``, repointed at the fake Discord on 127.0.0.1); this process is the
load generator — the fake Discord (threads, Discord's per-channel write limit
of 5 per 5 s and its global limit of 50 requests a second, answered with 429)
and the players — on the same cores.
Each run is ``GAMESxMAXPAUSE``: that many games at once, every player pausing
a uniform 0–MAXPAUSE seconds before each move (``50x0``: no pauses — a stress
test).  Every game is started from **one channel** (``--per-channel N``
spreads them, N to a channel), they start within the first MAXPAUSE seconds
(all at once when there are no pauses), and each then plays in its own
thread.  The player to move draws (stock, sometimes the pile), discards,
passes on an unwanted upcard and knocks as soon as they can (so hands end:
reveal, new deal, new board), all by slash command.  Two loads:

* ``--load current`` (default): the players know the game from the bot's
  database (read from this process) and, after every move, **both** refresh
  their hand through the ``/gin discard`` autocomplete, as people typing the
  command do (no image);
* ``--load independent``, the load of an independent generator: the players
  know only what Discord shows them — their private hand replies (its
  controls: whose turn, which cards) — and after every move **both** refresh
  their hand *image*: the board's **My hand** button (``--refresh button``,
  the default here) or ``/gin hand`` (``--refresh command``).  This process
  never touches the bot's database.

``--refresh`` also applies to the current load (``autocomplete``, ``command``
or ``button``); ``--pause-per turn`` drops the pause between a player's draw
and their discard (a pause per turn rather than per move); ``--setting
'ping=every turn'`` makes a server setting (``/ginadmin settings``) before the
games.  A challenge, accept or move the bot refuses (an error answer) is
counted and listed; an interaction not answered within Discord's 3 s counts
among "answers > 3 s".

For every interaction we time INTERACTION_CREATE sent → the interaction
callback received by the fake (the move is committed and the private hand
image rendered by then); "click → answer" also counts the time the fake
itself took to hand the event to the bot (its own queue, on the same cores).
**Board freshness** is, per move, the time from the move's answer until the
public board first shows that move (a board post or edit carrying its
version, or the final board of a finished game), and board writes per move
counts every board post and edit.  **CPU per move** is the CPU time (user +
system) of the bot's whole process tree — the bot, its render workers and
any other child, including children that exited meanwhile
(:mod:`benchmarks.proctree`) — from the first game's start until the bot has
gone quiet after the last move (its last boards written), divided by the
moves made (the bot's daily puzzle, made once a day and not per move, is
switched off).  ``--trace FILE`` writes one JSON line per game: each move's
answer and when its board first showed it, and every write to the game's
thread (times in seconds from the run's start).  Linux only (reads ``/proc``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import bot_waits  # noqa: E402
from benchmarks.proctree import own_cpu, tree_cpu  # noqa: E402
from bot.engine import ActionKind, Phase, min_deadwood_mask, parse_card  # noqa: E402
from bot.engine.cards import mask_of  # noqa: E402
from bot.service import GinService, snapshots  # noqa: E402
from tests.fakediscord import FakeDiscord, FakeUser, InteractionResult, SentMessage  # noqa: E402

CHILD = """
import dataclasses, os, sys, discord, discord.state, yarl
from pathlib import Path
from bot.__main__ import run_serving
from bot.config import Config

discord.http.Route.BASE = sys.argv[1]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
# READY 50 ms after the last guild, not 2 s (the fake sends them all at once):
# start-up only, nothing measured.
_init = discord.state.ConnectionState.__init__
def _fast(self, *args, **kwargs):
    _init(self, *args, **kwargs)
    self.guild_ready_timeout = 0.05
discord.state.ConnectionState.__init__ = _fast
# No daily puzzle: it is made once a day (seconds of CPU in a child process),
# not per move, and would land in the per-move CPU of the run it falls in.
import bot.service.puzzle_loop
_loop_init = bot.service.puzzle_loop.PuzzleLoop.__init__
def _no_puzzles(self, *args, **kwargs):
    _loop_init(self, *args, **kwargs)
    self.start_delay = 1e9
bot.service.puzzle_loop.PuzzleLoop.__init__ = _no_puzzles
config = dataclasses.replace(
    Config.from_env(),
    token="fake-token",
    db_path=Path(sys.argv[3]),
    database_url=None,
    ai_delay=0.0,
)
# --bot-env GIN_BENCH_CPROFILE=FILE: profile the event loop's thread by its
# own CPU time (cProfile with thread_time: what runs on the loop, not what
# waits), written to FILE when the bot stops (read it with pstats).
_cprofile = os.environ.get("GIN_BENCH_CPROFILE")
if _cprofile:
    import cProfile, time
    _prof = cProfile.Profile(time.thread_time)
    _prof.enable()
# --waits: time what the bot's answers wait for (benchmarks/bot_waits.py).
_waits = os.environ.get("GIN_BENCH_WAITS")
if _waits:
    from benchmarks import bot_waits
    bot_waits.install()
try:
    run_serving(config)
except KeyboardInterrupt:
    pass
finally:
    if _cprofile:
        _prof.disable()
        _prof.dump_stats(_cprofile)
    if _waits:
        bot_waits.dump(Path(_waits))
"""

LOADS = ("current", "independent")
REFRESHES = ("autocomplete", "command", "button")
#: How each refresh is labelled among the interactions.
REFRESH_KIND = {"autocomplete": "autocomplete", "command": "/gin hand", "button": "My hand"}
ACTIONS = ("draw", "discard", "knock", "pass", *REFRESH_KIND.values())
#: A board's turn button: ``gin:a:<action>:<game>:<version>``.
BOARD_BUTTON = re.compile(r"^gin:a:(?:hand|stock|take|pass):(\d+):(\d+)$")
#: Any game control (board button, hand button, discard menu): its game and version.
GAME_CONTROL = re.compile(r"^gin:(?:a:[a-z]+|d):(\d+):(\d+)$")
#: Discord's deadline for the first answer to an interaction.
DEADLINE = 3.0
#: The standard knock limit (the independent players play standard rules).
KNOCK_LIMIT = 10


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Answer:
    """One move: its game, the version it made, when its answer came and (once
    the boards are read) when a board first showed it."""

    game: int
    version: int
    at: float
    kind: str
    by: str
    shown: float | None = None


@dataclass
class Load:
    """One run's settings and what it measured."""

    games: int
    pause: float
    moves_per_game: int
    per_channel: int
    mode: str = "current"
    refresh: str = "autocomplete"
    #: ``move``: a pause before every move; ``turn``: none between a draw and its discard.
    pause_per: str = "move"
    #: Server settings made before the games, ``(name, value)`` (``/ginadmin settings``).
    settings: tuple[tuple[str, str], ...] = ()
    latency: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    #: Click (the interaction made) → its answer, every interaction.
    click: list[float] = field(default_factory=list)
    #: Every move that took effect, in the order answered.
    answered: list[Answer] = field(default_factory=list)
    freshness: list[float] = field(default_factory=list)
    #: Game → the channel (thread) it is played in.
    places: dict[int, int] = field(default_factory=dict)
    board_writes: int = 0
    moves: int = 0
    #: Hand refreshes made (two after every move, two at each game's start in
    #: the independent load).
    refreshes: int = 0
    #: Answers that were an error instead (the independent players' moves, and
    #: challenges and accepts), and what they said.
    refused: int = 0
    refusals: list[str] = field(default_factory=list)
    #: Interactions never answered in time (or whose answer the fake refused).
    failed: int = 0
    #: Answers of 429 Too Many Requests the fake gave the bot.
    rate_limited: int = 0
    #: Seconds the players played (first game's start → last move).
    elapsed: float = 0.0
    #: Seconds of the CPU window (first game's start → the bot quiet again).
    window: float = 0.0
    #: CPU seconds of the bot's process tree over the window.
    cpu: float = 0.0
    #: Of which the bot's main process (the event loop and its threads).
    main_cpu: float = 0.0
    #: CPU seconds of this process (the fake Discord and the players) over the window.
    driver_cpu: float = 0.0
    #: Start of the run (perf_counter): trace times are relative to it.
    t0: float = 0.0

    @property
    def name(self) -> str:
        spread = "" if self.per_channel <= 0 else f"/{self.per_channel}"
        return f"{self.games}x{self.pause:g}{spread}"

    def all_latencies(self) -> list[float]:
        return [x for values in self.latency.values() for x in values]


async def think(load: Load, rng: random.Random, last: str) -> None:
    """The player's pause before a move: 0–MAXPAUSE seconds, except (with
    ``--pause-per turn``) before the discard that follows their own draw."""
    if load.pause and not (load.pause_per == "turn" and last == "draw"):
        await asyncio.sleep(rng.uniform(0, load.pause))


def timed(load: Load, kind: str, r: InteractionResult, clicked: float) -> None:
    load.latency[kind].append(r.latency)
    load.click.append((r.responded_at or clicked) - clicked)


# --- hand refreshes ------------------------------------------------------------------------


class Refresher:
    """Refreshes a player's hand the chosen way; for the board's My hand
    button it keeps each thread's current board (looked up again only when a
    new deal's board replaced it)."""

    def __init__(self, fake: FakeDiscord, load: Load) -> None:
        self.fake = fake
        self.load = load
        self._boards: dict[int, SentMessage] = {}

    def _hand_button(self, msg: SentMessage) -> str | None:
        if msg.deleted:
            return None
        return next((c for c in msg.custom_ids() if c.startswith("gin:a:hand:")), None)

    def _find_board(self, where: int) -> SentMessage | None:
        """The newest message in ``where`` with a My hand button."""
        for msg in reversed(self.fake.messages.values()):
            if msg.channel_id == where and not msg.ephemeral and self._hand_button(msg):
                return msg
        return None

    async def board(self, where: int, wait: float = 30.0) -> SentMessage | None:
        """The board to press My hand on (waiting for a game's first board)."""
        board = self._boards.get(where)
        if board is not None and self._hand_button(board):
            return board
        deadline = time.perf_counter() + wait
        while (board := self._find_board(where)) is None and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)
        if board is not None:
            self._boards[where] = board
        return board

    async def __call__(self, user: FakeUser, where: int) -> InteractionResult | None:
        """One refresh; its (completed) interaction, or None if it failed."""
        how = self.load.refresh
        fake = self.fake
        clicked = time.perf_counter()
        kind = REFRESH_KIND[how]
        try:
            if how == "autocomplete":
                r = await fake.autocomplete_interaction(
                    user, "gin", subcommand="discard", focused="card", channel_id=where
                )
            else:
                board = button = None
                if how == "button":  # a game's first board may still be on its way
                    board = await self.board(where, wait=0.0 if where in self._boards else 30.0)
                    button = self._hand_button(board) if board is not None else None
                if board is not None and button is not None:
                    r = await fake.click(user, board, button, settle=False)
                else:  # /gin hand (or no board with buttons: the game is over)
                    kind = REFRESH_KIND["command"]
                    r = await fake.slash(
                        user, "gin", subcommand="hand", channel_id=where, settle=False
                    )
                await completed(fake, r)
        except AssertionError:  # no answer in time, or one the fake refused
            self.load.failed += 1
            return None
        self.load.refreshes += 1
        timed(self.load, kind, r, clicked)
        return r


async def completed(fake: FakeDiscord, r: InteractionResult) -> SentMessage | None:
    """The message an answer ends up as (a deferred answer's, once filled in)."""
    await fake.wait_for(
        lambda: any(not m.loading for m in r.messages) or r.response_type in (6, 8),
        timeout=60,
        what=f"the answer to {r.name}",
    )
    filled = [m for m in r.messages if not m.loading]
    return filled[-1] if filled else None


async def start_game(
    fake: FakeDiscord, load: Load, a: FakeUser, b: FakeUser, channel_id: int
) -> int | None:
    """``a`` challenges ``b``, who accepts; the challenge message's id.  A
    refusal (the bot too busy: its database) is counted, and the player tries
    again a second later, as people would — five times, then the game is not
    played (None)."""
    accept = message = None
    for _ in range(5):
        try:
            res = await fake.slash(
                a,
                "gin",
                subcommand="challenge",
                options={"opponent": b, "target": 500},
                channel_id=channel_id,
                settle=False,
            )
        except AssertionError as exc:  # no answer in time
            load.failed += 1
            message, said = None, str(exc)
        else:
            message = res.message
            said = message.content if message is not None else str(res.response_name)
        ids = message.custom_ids() if message is not None else []
        accept = next((c for c in ids if c.startswith("gin:c:accept:")), None)
        if accept is not None and message is not None:
            break
        load.refused += 1
        load.refusals.append(f"/gin challenge: {said[:120]}")
        await asyncio.sleep(1.0)
    if accept is None or message is None:
        return None
    for _ in range(5):
        try:
            r = await fake.click(b, message, accept, settle=False)
        except AssertionError as exc:  # no answer in time
            load.failed += 1
            said = str(exc)
        else:
            said = r.message.content if r.message is not None else str(r.response_name)
        if accept not in message.custom_ids():  # accepted: the message is the game's now
            return message.id
        load.refused += 1
        load.refusals.append(f"accept: {said[:120]}")
        await asyncio.sleep(1.0)
    return None


# --- the current load: players who read the bot's database --------------------------------


async def play_game(
    fake: FakeDiscord,
    svc: GinService,
    refresh: Refresher,
    users: tuple[FakeUser, FakeUser],
    channel_id: int,
    load: Load,
    rng: random.Random,
) -> None:
    a, b = users
    by_id = {a.id: a, b.id: b}
    names = {a.id: "a", b.id: "b"}
    if load.pause:  # people start their games over the first seconds, not all at once
        await asyncio.sleep(rng.uniform(0, load.pause))
    if await start_game(fake, load, a, b, channel_id) is None:
        return
    snap = None
    while snap is None:
        snap = await snapshots.active_game_for(svc, fake.guild_id, a.id)
        await asyncio.sleep(0.01)
    while snap.channel_id not in fake.channels:  # its thread is being started
        await asyncio.sleep(0.01)
    where = snap.channel_id  # players type their commands in the game's thread
    load.places[snap.id] = where
    answered: Answer | None = None
    kind = ""
    for _ in range(load.moves_per_game):
        await think(load, rng, kind)
        snap = await snapshots.get_game(svc, snap.id)
        if answered is not None and snap.version >= answered.version:  # the move took effect
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
        load.moves += 1
        try:
            r = await fake.slash(
                user, "gin", subcommand=command, options=options, channel_id=where, settle=False
            )
        except AssertionError:  # no answer in time, or one the fake refused
            load.failed += 1
        else:
            timed(load, kind, r, clicked)
            if r.responded_at is not None:
                answered = Answer(snap.id, snap.version + 1, r.responded_at, kind, names[user.id])
        await asyncio.gather(*(refresh(u, where) for u in (a, b)))
    snap = await snapshots.get_game(svc, snap.id)
    if answered is not None and snap.version >= answered.version:
        load.answered.append(answered)


# --- the independent load: players who see only Discord ------------------------------------


@dataclass(frozen=True)
class Decision:
    """A move read off a player's hand controls: the slash command and its options."""

    command: str
    options: dict[str, str]
    #: The card taken from the pile (it stays in hand but is not on the menu).
    took: str | None = None


def decide(hand: SentMessage | None, took: str | None, rng: random.Random) -> Decision | None:
    """What the player whose latest hand reply is ``hand`` does now, from its
    controls alone; None if it offers no move (not their turn, game over).

    Discard phase (the discard menu: every card but one just taken from the
    pile, then the knock options): the card leaving the least deadwood, as a
    knock when that is at most the standard limit.  Draw phase: the stock, or
    30% of the time the pile.  Upcard: pass."""
    if hand is None:
        return None
    comps = list(hand.walk_components())
    ids = {
        str(c["custom_id"]).split(":")[2]: c
        for c in comps
        if c.get("type") == 2 and str(c.get("custom_id", "")).startswith("gin:a:")
    }
    menu = next((c for c in comps if c.get("custom_id", "").startswith("gin:d:")), None)
    if menu is not None:
        values = [str(o["value"]) for o in menu.get("options") or []]
        discards = [v for v in values if not v.startswith("k:")]
        can_knock = len(discards) < len(values) or "knock" in ids or "gin" in ids
        cards = [parse_card(v) for v in discards]
        held = mask_of(cards + ([parse_card(took)] if took else []))
        left = {
            v: min_deadwood_mask(held & ~(1 << c)) for v, c in zip(discards, cards, strict=True)
        }
        best = min(discards, key=lambda v: (left[v], -parse_card(v).value))
        if can_knock and left[best] <= KNOCK_LIMIT:
            return Decision("knock", {"card": best})
        return Decision("discard", {"card": best})
    if "stock" in ids:
        take = ids.get("take")
        if take is not None and rng.random() < 0.3:
            # The button names the top card last, in any language ("Draw the J♠").
            card = str(take.get("label", "")).split()[-1]
            return Decision("draw", {"source": "discard"}, took=parse_card(card).code)
        return Decision("draw", {"source": "stock"})
    if "pass" in ids:
        return Decision("pass", {})
    return None


def game_version(msg: SentMessage | None) -> tuple[int, int] | None:
    """The game and version a hand reply's controls belong to."""
    if msg is None:
        return None
    for cid in msg.custom_ids():
        if m := GAME_CONTROL.match(cid):
            return int(m.group(1)), int(m.group(2))
    return None


async def thread_of(fake: FakeDiscord, challenge: int, channel_id: int) -> int:
    """Where the game plays: the thread started from its challenge message
    (it takes the message's id), or the channel if none came."""
    with contextlib.suppress(AssertionError):
        await fake.wait_for(lambda: challenge in fake.channels, timeout=30, what="the thread")
        return challenge
    return channel_id


async def play_independent(
    fake: FakeDiscord,
    refresh: Refresher,
    users: tuple[FakeUser, FakeUser],
    channel_id: int,
    load: Load,
    rng: random.Random,
) -> None:
    a, b = users
    names = {a.id: "a", b.id: "b"}
    if load.pause:
        await asyncio.sleep(rng.uniform(0, load.pause))
    challenge = await start_game(fake, load, a, b, channel_id)
    if challenge is None:
        return
    where = await thread_of(fake, challenge, channel_id)

    async def look() -> dict[FakeUser, SentMessage | None]:
        """Both players refresh their hand (the image, with its controls)."""
        done = await asyncio.gather(*(refresh(u, where) for u in (a, b)))
        return {
            u: (await completed(fake, r) if r is not None else None)
            for u, r in zip((a, b), done, strict=True)
        }

    hands = await look()
    took: dict[FakeUser, str | None] = {a: None, b: None}
    last = ""
    for _ in range(load.moves_per_game):
        await think(load, rng, last)
        turn = [(u, d) for u in (a, b) if (d := decide(hands[u], took[u], rng)) is not None]
        if not turn:  # the game is over (or a refresh failed): look once more
            hands = await look()
            turn = [(u, d) for u in (a, b) if (d := decide(hands[u], took[u], rng)) is not None]
            if not turn:
                return
        user, move = turn[0]
        last = move.command
        clicked = time.perf_counter()
        load.moves += 1
        try:
            r = await fake.slash(
                user,
                "gin",
                subcommand=move.command,
                options=move.options,
                channel_id=where,
                settle=False,
            )
            answer = await completed(fake, r)
        except AssertionError:  # no answer in time, or one the fake refused
            load.failed += 1
        else:
            timed(load, move.command, r, clicked)
            placed = game_version(answer)
            if answer is None or placed is None or "hand.png" not in answer_files(answer):
                load.refused += 1  # an error instead of the hand: the move did not happen
                said = answer.content if answer is not None else f"(answer {r.response_name})"
                load.refusals.append(f"/gin {move.command} {move.options}: {said[:120]}")
            else:
                took[user] = move.took if move.command == "draw" else None
                game, version = placed
                load.places[game] = where
                assert r.responded_at is not None
                load.answered.append(
                    Answer(game, version, r.responded_at, move.command, names[user.id])
                )
        hands = await look()


def answer_files(msg: SentMessage) -> list[str]:
    return [att.filename for att in msg.attachments]


# --- boards, trace -------------------------------------------------------------------------


def board_freshness(fake: FakeDiscord, load: Load) -> dict[int, list[tuple[float, float]]]:
    """Per move: answer → the first board write that shows it (its version on
    a board's buttons; a finished game's last board shows every move).
    Returns each game's board writes, (when, version shown)."""
    shown, load.board_writes = board_writes(fake)
    for move in load.answered:
        at = next((t for t, v in shown.get(move.game, ()) if v >= move.version), None)
        if at is not None:
            move.shown = at
            load.freshness.append(max(0.0, at - move.at))
    return shown


def caught_up(fake: FakeDiscord, load: Load) -> bool:
    """Whether every game's board shows its last answered move."""
    last: dict[int, int] = {}
    for move in load.answered:
        last[move.game] = max(last.get(move.game, 0), move.version)
    shown, _ = board_writes(fake)
    return all(any(v >= version for _, v in shown.get(g, ())) for g, version in last.items())


def board_writes(fake: FakeDiscord) -> tuple[dict[int, list[tuple[float, float]]], int]:
    """Each game's board writes, (when, version shown), in order; and how
    many board writes there were."""
    count = 0
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
                count += 1
                shown[game].append((record.at, version))
    for writes in shown.values():
        writes.sort()
    return shown, count


def write_kind(msg: SentMessage, action: str, filenames: list[str], payload: dict[str, Any]) -> str:
    """What one write to a game's thread was, for the trace."""
    if action == "delete":
        return "delete"
    for name, kind in (("board.png", "board"), ("reveal.png", "reveal"), ("tally.png", "tally")):
        if name in filenames:
            return f"{kind} {'post' if action == 'create' else 'edit'}"
    if action == "edit" and payload.get("attachments") == [] and not payload.get("components"):
        return "board retired"
    if msg.interaction_id is None and "<@" in (payload.get("content") or msg.content):
        return "ping" if action == "create" else "ping settled"
    return f"other {action}"


def write_trace(fake: FakeDiscord, load: Load, path: Path) -> None:
    """One JSON line per game: its moves (answered, shown, waited) and every
    write to its thread, in seconds from the run's start."""

    def rel(t: float) -> float:
        return round(t - load.t0, 3)

    threads = set(load.places.values())
    writes: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for msg in fake.messages.values():
        if msg.ephemeral:
            continue
        # A game's thread, or its summary line in the channel (the challenge
        # message the thread was started from: it has the thread's id).
        where = msg.channel_id if msg.channel_id in threads else msg.id
        if where not in threads:
            continue
        for record in msg.history:
            if record.at < load.t0:
                continue
            what = write_kind(msg, record.action, record.filenames, record.payload)
            writes[where].append(
                {
                    "at": rel(record.at),
                    "what": what if where == msg.channel_id else f"summary {record.action}",
                    "message": msg.id,
                    "version": max(
                        (
                            int(m.group(2))
                            for row in record.payload.get("components") or []
                            for c in row.get("components", [])
                            if (m := BOARD_BUTTON.match(c.get("custom_id", "")))
                        ),
                        default=None,
                    ),
                }
            )
    refused: dict[int, list[float]] = defaultdict(list)
    for req in fake.requests:
        if req.status == 429 and (m := re.match(r"^/channels/(\d+)/", req.path)):
            refused[int(m.group(1))].append(rel(req.started_at))
    moves: dict[int, list[Answer]] = defaultdict(list)
    for move in load.answered:
        moves[move.game].append(move)
    with path.open("a") as out:
        for game, where in sorted(load.places.items()):
            line = {
                "run": load.name,
                "load": load.mode,
                "t0": load.t0,  # time.perf_counter() at the run's start, as in --waits
                "game": game,
                "thread": where,
                "moves": [
                    {
                        "n": n,
                        "kind": mv.kind,
                        "by": mv.by,
                        "version": mv.version,
                        "answered": rel(mv.at),
                        "shown": None if mv.shown is None else rel(mv.shown),
                        "waited": None if mv.shown is None else round(max(0, mv.shown - mv.at), 3),
                    }
                    for n, mv in enumerate(sorted(moves[game], key=lambda m: m.at), 1)
                ],
                "writes": sorted(writes.get(where, []), key=lambda w: w["at"]),
                "rate_limited": refused.get(where, []),
            }
            out.write(json.dumps(line) + "\n")


# --- a run ---------------------------------------------------------------------------------


async def run(
    load: Load,
    bot_env: dict[str, str],
    profile: str | None = None,
    trace: Path | None = None,
) -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        async with FakeDiscord(
            default_timeout=60, quiesce=False, check_spec=False, global_limit=(50, 1.0)
        ) as fake:
            users = [(fake.add_user(f"p{i}a"), fake.add_user(f"p{i}b")) for i in range(load.games)]
            admin = fake.add_user("admin", admin=True)
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
                started = time.perf_counter()
                while not fake.commands:  # the bot syncs its commands once its workers are up
                    if child.poll() is not None:
                        raise RuntimeError(f"the bot exited during start-up ({child.returncode})")
                    if time.perf_counter() - started > 60:
                        raise RuntimeError("the bot did not start within 60 s")
                    await asyncio.sleep(0.05)
                await fake.wait_connected(timeout=60)
                await asyncio.sleep(0.3)  # READY 50 ms after the guilds (see CHILD)
                for name, value in load.settings:
                    options = {"setting": name, "value": value}
                    r = await fake.slash(admin, "ginadmin", subcommand="settings", options=options)
                    print(f"  /ginadmin settings {name} {value!r}: {r.content.splitlines()[0]}")
                svc = await GinService.open(db) if load.mode == "current" else None
                try:
                    await measure(fake, svc, load, users, channels, per, rng, child.pid, profile)
                finally:
                    if svc is not None:
                        await svc.close()
                board_freshness(fake, load)
                load.rate_limited = sum(1 for r in fake.requests if r.status == 429)
                if load.rate_limited:  # the channel's limit or the bot's global one
                    kinds = Counter(
                        "global" if "429 global" in r else "channel"
                        for r in fake.rejections
                        if "429" in r
                    )
                    print(f"  {load.name}: 429s {dict(kinds)}", flush=True)
                if trace is not None:
                    write_trace(fake, load, trace)
            finally:
                child.send_signal(signal.SIGINT)
                child.wait(timeout=60)


async def measure(
    fake: FakeDiscord,
    svc: GinService | None,
    load: Load,
    users: list[tuple[FakeUser, FakeUser]],
    channels: list[int],
    per: int,
    rng: random.Random,
    bot: int,
    profile: str | None,
) -> None:
    """Play every game; the bot's process-tree CPU from the first game's start
    until the bot has gone quiet after the last move."""
    spy = None
    if profile:  # sample the bot and its workers while the players play
        spy = subprocess.Popen(
            [
                "py-spy",
                "record",
                "--pid",
                str(bot),
                "--subprocesses",
                "--format",
                "raw",
                "--rate",
                "100",
                # Sample without pausing the bot: a paused bot answers late
                # and the players' waits pile up.
                "--nonblocking",
                "--output",
                profile,
            ],
            stdout=subprocess.DEVNULL,
        )
    refresh = Refresher(fake, load)
    cpu0, main0, own0 = tree_cpu(bot), own_cpu(bot), time.process_time()
    load.t0 = t0 = time.perf_counter()
    if svc is not None:
        games = [
            play_game(fake, svc, refresh, u, channels[i // per], load, rng)
            for i, u in enumerate(users)
        ]
    else:
        games = [
            play_independent(fake, refresh, u, channels[i // per], load, rng)
            for i, u in enumerate(users)
        ]
    await asyncio.gather(*games)
    load.elapsed = time.perf_counter() - t0
    # The last boards catch up (a board may wait seconds for its thread's write
    # window): the bot is done once every board shows its game's last move and
    # it has then written nothing for 1 s.
    with contextlib.suppress(AssertionError):
        await fake.wait_for(lambda: caught_up(fake, load), timeout=30, what="the last boards")
    with contextlib.suppress(AssertionError):
        await fake.settle(quiet=1.0, timeout=30)
    load.window = time.perf_counter() - t0
    load.cpu = tree_cpu(bot) - cpu0
    load.main_cpu = own_cpu(bot) - main0
    load.driver_cpu = time.process_time() - own0
    if spy is not None:
        spy.send_signal(signal.SIGINT)
        spy.wait(timeout=60)


# --- the report ----------------------------------------------------------------------------


def summary(load: Load) -> dict[str, float]:
    """The figures one run is compared by."""
    answers = [x * 1000 for x in load.all_latencies()]
    fresh = load.freshness
    moves = load.moves or 1
    return {
        "moves/s": load.moves / load.elapsed if load.elapsed else 0.0,
        "answer p50 ms": statistics.median(answers) if answers else float("nan"),
        "answer p99 ms": pct(answers, 0.99),
        "fresh p50 s": statistics.median(fresh) if fresh else float("nan"),
        "fresh p99 s": pct(fresh, 0.99),
        "fresh max s": max(fresh, default=float("nan")),
        "writes/move": load.board_writes / moves,
        "refresh/move": load.refreshes / moves,
        "CPU ms/move": 1000 * load.cpu / moves,
        "429s": float(load.rate_limited),
        "answers>3s": float(sum(1 for x in answers if x > DEADLINE * 1000) + load.failed),
    }


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
        if everything:
            print(
                f"{load.name:>7} {'all':<13}{len(everything):>7}"
                f"{statistics.median(everything):>9.1f}{pct(everything, 0.99):>9.1f}"
                f"{max(everything):>9.1f}"
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
        f"{'run':>7}{'moves':>7}{'moves/s':>9}{'CPU ms/move':>13}{'main ms':>9}{'workers ms':>12}"
        f"{'bot CPU %':>11}{'fake+players CPU %':>20}{'refused':>9}"
    )
    for load in loads:
        per_move = 1000 * load.cpu / load.moves if load.moves else float("nan")
        busy = 100 * load.cpu / load.window if load.window else 0.0
        driver = 100 * load.driver_cpu / load.window if load.window else 0.0
        rate = load.moves / load.elapsed if load.elapsed else 0.0
        main = 1000 * load.main_cpu / load.moves if load.moves else float("nan")
        print(
            f"{load.name:>7}{load.moves:>7}{rate:>9.1f}{per_move:>13.1f}{main:>9.1f}"
            f"{per_move - main:>12.1f}{busy:>10.0f}%{driver:>19.0f}%{load.refused + load.failed:>9}"
        )
    for load in loads:
        for said in load.refusals[:5]:
            print(f"{load.name:>7} refused: {said}")
    print()
    print("summary (answers: every interaction; CPU: the bot's whole process tree)")
    keys = list(summary(loads[0])) if loads else []
    width = {k: len(k) + 2 for k in keys}
    print(
        f"{'run':>7} {'load':<12}{'refresh':<13}{'pause per':<10}"
        + "".join(f"{k:>{width[k]}}" for k in keys)
    )
    for load in loads:
        figures = summary(load)
        cells = "".join(
            f"{figures[k]:>{width[k]}.{0 if k in ('429s', 'answers>3s') else 2}f}" for k in keys
        )
        print(f"{load.name:>7} {load.mode:<12}{load.refresh:<13}{load.pause_per:<10}{cells}")


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
        "--load",
        choices=LOADS,
        default="current",
        help="current: players read the bot's database and refresh by autocomplete;\n"
        "independent: players see only Discord and refresh their hand image",
    )
    p.add_argument(
        "--refresh",
        choices=REFRESHES,
        help="how both players refresh their hand after every move (default:\n"
        "autocomplete for the current load, button — the board's My hand — for\n"
        "the independent one; command is /gin hand)",
    )
    p.add_argument(
        "--pause-per",
        choices=("move", "turn"),
        default="move",
        help="move: a pause before every move (default); turn: none between a\n"
        "player's draw and their discard",
    )
    p.add_argument(
        "--setting",
        nargs="*",
        default=[],
        help="NAME=VALUE server settings made (/ginadmin settings) before the games,\n"
        "e.g. 'ping=every turn'",
    )
    p.add_argument(
        "--bot-env", nargs="*", default=[], help="NAME=VALUE settings for the bot process"
    )
    p.add_argument("--profile", help="py-spy the bot (collapsed stacks to PROFILE.<run>.txt)")
    p.add_argument("--trace", type=Path, help="per game, each move's freshness (JSON lines)")
    p.add_argument(
        "--waits",
        action="store_true",
        help="time what the bot's answers wait for: database, images, HTTP, event loop\n"
        "(benchmarks/bot_waits.py)",
    )
    args = p.parse_args()
    refresh = args.refresh or ("autocomplete" if args.load == "current" else "button")
    if args.load == "independent" and refresh == "autocomplete":
        p.error("the independent players read their hand image: --refresh command or button")
    bot_env = dict(item.split("=", 1) for item in args.bot_env)
    settings = tuple((name, value) for name, _, value in (x.partition("=") for x in args.setting))
    if args.trace is not None:
        args.trace.write_text("")
    loads = []
    for text in args.runs:
        games, pause = parse_run(text)
        load = Load(
            games,
            pause,
            args.moves,
            args.per_channel,
            args.load,
            refresh,
            args.pause_per,
            settings,
        )
        profile = f"{args.profile}.{load.name}.txt" if args.profile else None
        with tempfile.TemporaryDirectory() as tmp:
            waits = Path(tmp) / "waits.json"
            env = {**bot_env, "GIN_BENCH_WAITS": str(waits)} if args.waits else bot_env
            asyncio.run(run(load, env, profile, args.trace))
            print(f"  {load.name}: {load.moves} moves in {load.elapsed:.1f}s", flush=True)
            if args.waits and waits.exists():
                print("\n".join(bot_waits.table(waits)), flush=True)
                if args.trace is not None:  # kept beside the trace, for a time line
                    for kept in (waits, waits.with_name(waits.name + ".starts")):
                        shutil.copy(kept, f"{args.trace}.{load.name}.{kept.name}")
        loads.append(load)
    report(loads)


if __name__ == "__main__":
    main()
