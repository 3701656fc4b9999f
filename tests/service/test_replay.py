"""Replays (``bot.service.replay``) on SQLite and PostgreSQL: every step of
every hand of a finished game, from its stored seed and moves; refused for a
game that is not over (a match, a partnership's table included) without a
word about any hand; only in the game's own server."""

from __future__ import annotations

import random
import re

import pytest

from bot.engine import ActionKind
from bot.service import (
    GinService,
    NoSuchGameError,
    ReplayRefusedError,
    ServiceError,
    snapshots,
)
from tests.helpers.service import CHANNEL, GUILD, play_out, random_action, start_game

#: A card as a player reads one (the only way an error could name a card).
CARD = re.compile(r"(10|[2-9AJQK])[♠♥♦♣]")


async def test_every_step_of_every_hand_of_a_finished_game(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2, target=40)
    results = await play_out(svc, snap.id, random.Random(11))
    game = results[-1].snapshot.game
    assert game.is_over and game.history
    default = await svc.replays.frame(GUILD, snap.id)
    assert default.frame.hand_number == game.history[-1].number  # the last hand
    assert default.hands == len(game.history)
    for result in game.history:
        first = await svc.replays.frame(GUILD, snap.id, hand_number=result.number)
        steps = first.frame.steps
        assert first.frame.step.index == 0 and first.frame.step.kind is None
        seen = []
        for i in range(steps):
            view = await svc.replays.frame(GUILD, snap.id, hand_number=result.number, step=i)
            assert view.game_id == snap.id and view.frame.step.index == i
            assert view.frame.result == result
            seen.append(view.frame.step)
        # Between the deal and the end, one step per move the hand's log holds.
        kinds = [s.kind for s in seen[1:-1]]
        assert all(k in set(ActionKind) for k in kinds)
        assert seen[-1].kind is None and seen[-1].to_move is None
        end = await svc.replays.frame(GUILD, snap.id, hand_number=result.number, step=999)
        assert end.frame.is_last
        knock = await svc.replays.frame(GUILD, snap.id, hand_number=result.number, knock=True)
        if result.knocker is None:
            assert knock.frame.is_last
        else:
            assert knock.frame.is_knock and knock.frame.step.seat == result.knocker


def _reveals_nothing(err: ServiceError) -> None:
    assert CARD.search(str(err)) is None, str(err)


async def test_a_live_game_is_refused_even_its_finished_hands(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2, target=500)
    rng = random.Random(5)
    while not snap.game.history:
        seat = snap.game.turn
        assert seat is not None
        res = await snapshots.act(
            svc, snap.id, snap.players[seat], random_action(snap.game, seat, rng)
        )
        snap = res.snapshot
    assert not snap.game.is_over
    for hand in (None, 1, 2):
        with pytest.raises(ReplayRefusedError, match="isn't over yet") as err:
            await svc.replays.frame(GUILD, snap.id, hand_number=hand)
        _reveals_nothing(err.value)
    # Once the game is over (here: resigned), its finished hands can be replayed.
    await snapshots.resign(svc, snap.id, 1)
    view = await svc.replays.frame(GUILD, snap.id, hand_number=1)
    assert view.frame.hand_number == 1
    with pytest.raises(ReplayRefusedError, match="hand 1") as err:
        await svc.replays.frame(GUILD, snap.id, hand_number=len(snap.game.history) + 1)
    _reveals_nothing(err.value)


async def test_only_in_its_own_server_and_only_with_a_finished_hand(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2)
    await snapshots.resign(svc, snap.id, 2)  # before any hand was played out
    with pytest.raises(ReplayRefusedError, match="nothing to replay"):
        await svc.replays.frame(GUILD, snap.id)
    with pytest.raises(NoSuchGameError) as err:
        await svc.replays.frame(GUILD + 1, snap.id)
    assert str(err.value) == f"There's no game #{snap.id} in this server."
    with pytest.raises(NoSuchGameError):
        await svc.replays.frame(GUILD, 10_000)


async def test_a_partnership_table_waits_for_its_team_game(svc: GinService) -> None:
    lobby = await svc.partnerships.open_partnership(
        GUILD, CHANNEL, (11, "Ann"), partner=(12, "Bo"), opponents=[(21, "Cy"), (22, "Di")]
    )
    for uid, name in ((21, "Cy"), (12, "Bo"), (22, "Di")):
        lobby = await svc.partnerships.join_partnership(lobby.id, uid, name)
    table = lobby.tables[0].id
    rng = random.Random(2)
    while True:  # one table plays its hand out; the other has not moved
        snap = await snapshots.get_game(svc, table)
        if snap.game.is_over:
            break
        seat = snap.game.turn
        assert seat is not None
        await snapshots.act(svc, table, snap.players[seat], random_action(snap.game, seat, rng))
    with pytest.raises(ReplayRefusedError, match="isn't over yet") as err:
        await svc.replays.frame(GUILD, table)
    _reveals_nothing(err.value)


async def test_replays_are_kept_in_memory_up_to_a_cap(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2, target=10)
    await play_out(svc, snap.id, random.Random(3))
    await svc.replays.frame(GUILD, snap.id)
    assert svc.replays.sizes() == {"replays": 1}
    await svc.replays.frame(GUILD, snap.id, step=3)
    assert svc.replays.sizes() == {"replays": 1}  # the same hand again: from memory
