"""Moves through the service (``bot.service.moves``, ``bot.service.games``):
every bad input a typed error that changes nothing, deadlines, board messages,
resign and a moderator's end.  The rest of the service has a file per module
beside this one (challenges, settings, standings, …)."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest

from bot.engine import (
    Action,
    ActionKind,
    game_to_dict,
)
from bot.service import (
    GameStatus,
    GinService,
    MoveRejectedError,
    NoSuchGameError,
    NotYourGameError,
    ServiceError,
    StaleActionError,
    snapshots,
)
from tests.helpers.service import GUILD, FakeClock, random_action, start_game


async def _moves(svc: GinService, game_id: int) -> int:
    return len(await svc.repository.read(lambda tx: tx.moves(game_id)))


# --- moves and errors ------------------------------------------------------------------


@dataclass
class _Frozen:
    version: int
    state: dict[str, Any]
    moves: int


async def _freeze(svc: GinService, game_id: int) -> _Frozen:
    snap = await snapshots.get_game(svc, game_id)
    return _Frozen(snap.version, game_to_dict(snap.game), await _moves(svc, game_id))


async def test_every_bad_input_is_a_typed_error_and_changes_nothing(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2)
    gid = snap.id
    seat = snap.game.turn
    assert seat is not None
    me, other = snap.players[seat], snap.players[1 - seat]
    name_to_move = snap.game.names[seat]

    async def rejected(
        call: Callable[[], Awaitable[Any]], kind: type[ServiceError], words: str
    ) -> None:
        before = await _freeze(svc, gid)
        with pytest.raises(kind, match=words):
            await call()
        assert await _freeze(svc, gid) == before

    draw = Action(ActionKind.DRAW_STOCK)
    await rejected(lambda: snapshots.act(svc, 9999, me, draw), NoSuchGameError, "no game #9999")
    await rejected(lambda: snapshots.act(svc, gid, 99, draw), NotYourGameError, "not playing")
    await rejected(
        lambda: snapshots.act(svc, gid, other, Action(ActionKind.PASS)),
        MoveRejectedError,
        f"It's {name_to_move}'s turn",
    )
    await rejected(lambda: snapshots.act(svc, gid, me, draw), MoveRejectedError, "upcard")
    await rejected(
        lambda: snapshots.act(svc, gid, me, Action(ActionKind.PASS), expected_version=0),
        StaleActionError,
        "That's from an earlier turn — nothing changed.",
    )
    await rejected(lambda: snapshots.resign(svc, gid, 99), NotYourGameError, "not playing")
    await rejected(lambda: snapshots.resign(svc, 9999, me), NoSuchGameError, "no game")

    # Take the upcard, then try illegal discards and knocks.
    res = await snapshots.act(svc, gid, me, Action(ActionKind.TAKE_DISCARD), expected_version=1)
    assert res.snapshot.version == 2 and res.actor_id == me
    game = res.snapshot.game
    taken = game.view(seat).drawn
    assert taken is not None
    held = set(game.view(seat).hand)
    missing = next(c for c in game.view(1 - seat).hand if c not in held)
    await rejected(
        lambda: snapshots.act(svc, gid, me, Action(ActionKind.DISCARD, missing)),
        MoveRejectedError,
        "don't hold",
    )
    await rejected(
        lambda: snapshots.act(svc, gid, me, Action(ActionKind.DISCARD, taken)),
        MoveRejectedError,
        "just drew",
    )
    await rejected(
        lambda: snapshots.act(svc, gid, me, Action(ActionKind.DISCARD)), MoveRejectedError, "Name"
    )
    after = game.deadwood_after(seat)
    high = [c for c, v in after.items() if v > game.knock_limit]
    if high:
        await rejected(
            lambda: snapshots.act(svc, gid, me, Action(ActionKind.KNOCK, high[0])),
            MoveRejectedError,
            "deadwood would be too high",
        )
    if ActionKind.BIG_GIN not in game.legal(seat):
        await rejected(
            lambda: snapshots.act(svc, gid, me, Action(ActionKind.BIG_GIN)),
            MoveRejectedError,
            "Big gin",
        )

    # The snapshot handed out earlier never changes under the caller's feet.
    frozen = game_to_dict(snap.game)
    await snapshots.act(svc, gid, me, random_action(game, seat, random.Random(1)))
    assert game_to_dict(snap.game) == frozen

    await snapshots.resign(svc, gid, other)
    await rejected(lambda: snapshots.resign(svc, gid, me), MoveRejectedError, "game is over")
    await rejected(lambda: snapshots.act(svc, gid, me, draw), MoveRejectedError, "over")
    await rejected(lambda: snapshots.end_game(svc, gid), MoveRejectedError, "game is over")


async def test_a_move_resets_the_deadline_of_whoever_moves_next(
    svc: GinService, clock: FakeClock
) -> None:
    snap = await start_game(svc, 1, 2)
    assert snap.turn_deadline == clock.now + 3600
    clock.advance(100)
    seat = snap.game.turn
    assert seat is not None
    res = await snapshots.act(svc, snap.id, snap.players[seat], Action(ActionKind.PASS))
    assert res.snapshot.turn_deadline == clock.now + 3600
    assert res.snapshot.turn_user == snap.players[1 - seat]
    assert (await snapshots.get_game(svc, snap.id)).turn_deadline == clock.now + 3600
    summary = (await svc.moves.list_active(GUILD))[0]
    assert summary.id == snap.id and summary.turn_user == snap.players[1 - seat]
    assert summary.turn_deadline == clock.now + 3600 and summary.names == ("P1", "P2")


async def test_board_message_is_not_a_move(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2)
    assert await svc.moves.boards_behind() == [], "no board posted yet: nothing to bring up to date"
    await svc.moves.set_board_message(snap.id, 4242, 555, 123.0, snap.version)
    after = await snapshots.get_game(svc, snap.id)
    assert (after.channel_id, after.board_message_id, after.board_posted_at) == (4242, 555, 123.0)
    assert after.version == snap.version
    assert await svc.moves.boards_behind() == []
    with pytest.raises(NoSuchGameError):
        await svc.moves.set_board_message(999, 1, 2, 3.0, 1)


async def test_boards_left_behind_by_a_crash_are_listed(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2)
    await svc.moves.set_board_message(snap.id, 4242, 555, 123.0, snap.version)
    seat = snap.game.turn
    assert seat is not None
    moved = await snapshots.act(svc, snap.id, snap.players[seat], Action(ActionKind.PASS))
    # The move committed; the process died before the board edit.
    assert await svc.moves.boards_behind() == [(snap.id, 4242)]
    await svc.moves.board_shown(snap.id, moved.snapshot.version)
    assert await svc.moves.boards_behind() == []
    await svc.moves.board_shown(snap.id, snap.version)  # a slow, older edit lands last
    assert await svc.moves.boards_behind() == []


# --- resign and moderator end -------------------------------------------------------------


async def test_resign_is_rated_and_recorded(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2)
    res = await snapshots.resign(svc, snap.id, 2)
    assert res.game_result is not None and res.game_result.reason == "resign"
    assert res.game_result.winner == 0 and res.snapshot.status is GameStatus.FINISHED
    assert res.snapshot.turn_deadline is None
    assert [(c.user_id, c.before, c.after) for c in res.rating_changes] == [
        (1, 1200.0, 1216.0),
        (2, 1200.0, 1184.0),
    ]
    sheet = await svc.standings.score_sheet(snap.id)
    assert [(r.end, r.winner_seat, r.points) for r in sheet.rows] == [("resign", 0, 0)]
    assert sheet.status is GameStatus.FINISHED and sheet.result == res.game_result
    stats = await svc.standings.player_stats(GUILD, 2)
    assert stats is not None and (stats.games, stats.losses, stats.rank) == (1, 1, 2)


async def test_moderator_end_changes_no_rating_or_stats(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2)
    res = await snapshots.end_game(svc, snap.id, moderator_id=99)
    assert res.game_result is not None and res.game_result.reason == "ended"
    assert res.rating_changes == () and res.actor_id == 99
    assert await svc.standings.player_stats(GUILD, 1) is None
    assert (await svc.standings.leaderboard(GUILD)).rows == ()
    sheet = await svc.standings.score_sheet(snap.id)
    assert [(r.end, r.winner_seat) for r in sheet.rows] == [("ended", None)]
    assert await snapshots.active_game_for(svc, GUILD, 1) is None
    with pytest.raises(NoSuchGameError):
        await snapshots.end_game(svc, 12345)
