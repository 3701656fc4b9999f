"""Shared pieces for the storage and service tests: a settable clock, games
started and played at random through the service, storage rows, a database
checked against its move logs, and the crash and race child processes
(``python -m tests.helpers.service crash-child|race-child ...``)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg

from bot.engine import CARDS, Action, ActionKind, Game, Ruleset, game_from_dict, game_to_dict
from bot.service import GinService, snapshots
from bot.service.snapshots import MoveResult
from bot.storage import GameUpdate, MoveRow, NewGame, Tx
from bot.storage.postgres import PgDb, Statements, is_postgres_url
from bot.storage.sqlite import SqliteDb
from bot.storage.tables.base import Db

GUILD = 1000
CHANNEL = 2000
FORFEIT_KINDS = {"resign", "timeout", "ended"}


class FakeClock:
    """A settable clock for the service (callable like ``time.time``)."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


def random_action(game: Game, seat: int, rng: random.Random, p_best: float = 0.6) -> Action:
    """A random legal action that still ends games in reasonable time:
    knock or gin whenever allowed, otherwise draw at random and discard the
    best card with probability ``p_best`` (else any card allowed)."""
    legal = game.legal(seat)
    assert legal, f"seat {seat} has nothing to do"
    if ActionKind.BIG_GIN in legal:
        return Action(ActionKind.BIG_GIN)
    if ActionKind.KNOCK in legal:
        return Action(ActionKind.KNOCK, rng.choice(game.knock_discards(seat)))
    if ActionKind.DISCARD in legal:  # the seat's own turn: its drawn card is its own to see
        allowed = list(game.deadwood_after(seat))  # the hand, less a card just taken
        card = game.best_discard(seat) if rng.random() < p_best else rng.choice(allowed)
        return Action(ActionKind.DISCARD, card)
    return Action(ActionKind(rng.choice(sorted(legal))))


async def start_game(
    svc: GinService, a: int, b: int, *, guild: int = GUILD, target: int | None = 10
) -> Any:
    challenge = await svc.challenges.create_challenge(
        guild, CHANNEL, a, f"P{a}", b, f"P{b}", target=target
    )
    return await snapshots.accept_challenge(svc, challenge.id, b)


async def play_out(
    svc: GinService, game_id: int, rng: random.Random, max_moves: int = 100_000
) -> list[MoveResult]:
    """Play random legal moves until the game ends; returns every result."""
    snap = await snapshots.get_game(svc, game_id)
    results: list[MoveResult] = []
    for _ in range(max_moves):
        game = snap.game
        if game.is_over:
            return results
        seat = game.turn
        assert seat is not None
        action = random_action(game, seat, rng)
        res = await snapshots.act(
            svc, game_id, snap.players[seat], action, expected_version=snap.version
        )
        results.append(res)
        snap = res.snapshot
    raise AssertionError("game did not end")


def replay(state: dict[str, Any], moves: Sequence[MoveRow]) -> Game:
    """Rebuild a game from its seed and its move log (the audit trail)."""
    names = state["names"]
    game = Game.new(
        (names[0], names[1]),
        Ruleset.from_dict(state["ruleset"]),
        seed=state["seed"],
        first_dealer=state["first_dealer"],
    )
    for m in moves:
        if m.kind in FORFEIT_KINDS:
            game.forfeit(m.seat, m.kind)
            continue
        card = None if m.card is None else next(c for c in CARDS if c.code == m.card)
        game.apply(m.seat, Action(ActionKind(m.kind), card))
    return game


# --- the crash child ----------------------------------------------------------------------
#
#     python -m tests.helpers.service crash-child DB SEED
#
# Plays random legal moves in every active game of DB at once, printing
# "GAME VERSION" after each commit, until it is killed.


async def _crash_child(db: str, seed: int) -> None:
    import asyncio
    import sys

    svc = await GinService.open(db)
    games = [await snapshots.get_game(svc, i) for i in await _active_ids(svc)]
    print(f"ready {len(games)}", flush=True)

    async def player(index: int) -> None:
        rng = random.Random(seed * 1000 + index)
        snap = games[index]
        while not snap.game.is_over:
            seat = snap.game.turn
            assert seat is not None
            action = random_action(snap.game, seat, rng)
            res = await snapshots.act(
                svc, snap.id, snap.players[seat], action, expected_version=snap.version
            )
            snap = res.snapshot
            sys.stdout.write(f"{snap.id} {snap.version}\n")
            sys.stdout.flush()
        sys.stdout.write(f"over {snap.id}\n")
        sys.stdout.flush()

    await asyncio.gather(*(player(i) for i in range(len(games))))
    print("all over", flush=True)
    await asyncio.sleep(3600)  # wait for the kill


async def _race_child(db: str, game_id: int, version: int) -> None:
    """Wait for "go" on stdin, then send the same move 50 times at once."""
    import asyncio
    import sys

    from bot.service import ServiceError, StaleActionError

    svc = await GinService.open(db)
    snap = await snapshots.get_game(svc, game_id)
    seat = snap.game.turn
    assert seat is not None
    action = Action(ActionKind.PASS)
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    results = await asyncio.gather(
        *(
            snapshots.act(svc, game_id, snap.players[seat], action, expected_version=version)
            for _ in range(50)
        ),
        return_exceptions=True,
    )
    applied = sum(isinstance(r, MoveResult) for r in results)
    stale = sum(isinstance(r, StaleActionError) for r in results)
    other = [r for r in results if isinstance(r, BaseException) and not isinstance(r, ServiceError)]
    print(f"applied {applied} stale {stale} other {len(other)} {other[:1]!r}", flush=True)
    await svc.close()


async def _active_ids(svc: GinService) -> list[int]:
    return await svc.repository.read(lambda tx: tx.all_active_game_ids())


if __name__ == "__main__":
    import asyncio
    import sys

    if sys.argv[1:2] == ["crash-child"]:
        asyncio.run(_crash_child(sys.argv[2], int(sys.argv[3])))
    elif sys.argv[1:2] == ["race-child"]:
        asyncio.run(_race_child(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))


def new_game_row(guild: int = 1, p0: int = 10, p1: int = 11, *, state: str = '{"x":1}') -> NewGame:
    """A games row for storage tests (the state is opaque text to storage)."""
    return NewGame(
        guild_id=guild,
        channel_id=5,
        player0=p0,
        player1=p1,
        name0="A",
        name1="B",
        ai_level=None,
        ruleset="{}",
        state=state,
        version=1,
        status="active",
        turn_seat=0,
        hand_number=1,
        score0=0,
        score1=0,
        turn_deadline=None,
        reminder_at=None,
        reminder_sent=0,
        next_timer_at=None,
        created_at=1.0,
        updated_at=1.0,
    )


async def bump_game(tx: Tx, game_id: int) -> int:
    """A move's shape for storage tests: read the row and its state (a
    number), write only the row, as the last statement; the new version."""
    row = await tx.game(game_id)
    assert row is not None
    state = await tx.game_state(game_id)
    assert state is not None
    await tx.update_game(game_id, row.version, game_update(str(int(state) + 1)), last=True)
    return row.version + 1


def game_update(state: str, seat: int = 0) -> GameUpdate:
    """A move's write for storage tests: ``seat`` drew from the stock."""
    return GameUpdate(
        state=state,
        status="active",
        turn_seat=1 - seat,
        hand_number=1,
        score0=0,
        score1=0,
        turn_deadline=None,
        reminder_at=None,
        next_timer_at=None,
        last_seat=seat,
        last_kind="draw_stock",
        last_card=None,
        updated_at=2.0,
        finished_at=None,
    )


async def check_consistent(target: str | Path, last_seen: dict[int, int]) -> dict[int, str]:
    """Integrity, and for every game: state = replay(seed, move log), the
    version matches the log, the score sheet matches the history, and no
    move reported as committed was lost — read straight from the database
    (a SQLite file, or PostgreSQL through the backend's own connection)."""
    if is_postgres_url(target):
        conn = await asyncpg.connect(str(target))
        try:
            return await _checked(PgDb(conn, Statements()), last_seen)
        finally:
            await conn.close()
    async with aiosqlite.connect(target) as conn:
        db = SqliteDb(conn)
        assert await db.fetchall("PRAGMA integrity_check") == [("ok",)]
        assert await db.fetchall("PRAGMA foreign_key_check") == []
        return await _checked(db, last_seen)


async def _checked(db: Db, last_seen: dict[int, int]) -> dict[int, str]:
    status = {}
    rows = await db.fetchall("SELECT id, version, state, status FROM games")
    for gid, version, state_text, st in rows:
        status[gid] = st
        state = json.loads(state_text)
        game = game_from_dict(state)  # includes the 52-card check mid-hand
        log = [
            MoveRow(*r)
            for r in await db.fetchall(
                "SELECT game_id, version, seat, kind, card, at FROM moves "
                "WHERE game_id = ? ORDER BY version",
                (gid,),
            )
        ]
        assert [m.version for m in log] == list(range(2, version + 1))
        assert game_to_dict(replay(state, log)) == state
        hands = await db.fetchall(
            "SELECT hand_number, total0, total1 FROM hands WHERE game_id = ? ORDER BY hand_number",
            (gid,),
        )
        assert hands == [(h.number, *h.totals) for h in game.history]
        results = await db.fetchone("SELECT COUNT(*) FROM game_results WHERE game_id = ?", (gid,))
        assert results == (1 if st == "finished" else 0,)
        busy = await db.fetchone("SELECT COUNT(*) FROM active_players WHERE game_id = ?", (gid,))
        assert busy == (2 if st == "active" else 0,)
        seen = last_seen.get(gid, 1)
        assert seen <= version <= seen + 1, (gid, seen, version)
    finished = sum(1 for s in status.values() if s == "finished")
    counted = await db.fetchone("SELECT COALESCE(SUM(games), 0) FROM player_stats")
    assert counted is not None and counted[0] == 2 * finished
    return status
