"""Games against the computer through the service: its turns (pending, played,
never the human's), its own statistics kept apart from the rated tables."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bot.engine import (
    Action,
    ActionKind,
    SeatView,
)
from bot.service import (
    AiLevel,
    ChallengeError,
    GinService,
    MoveRejectedError,
    snapshots,
)
from bot.service.snapshots import MoveResult
from tests.helpers.service import CHANNEL, GUILD, random_action


def _ai(rng: random.Random) -> Callable[[SeatView], Action]:
    def decide(view: SeatView) -> Action:
        legal = view.legal
        if ActionKind.BIG_GIN in legal:
            return Action(ActionKind.BIG_GIN)
        if ActionKind.DISCARD in legal:
            allowed = [c for c in view.hand if not (view.drawn_from_pile and c == view.drawn)]
            return Action(ActionKind.DISCARD, rng.choice(allowed))
        return Action(ActionKind(rng.choice(sorted(legal))))

    return decide


async def test_a_game_against_the_computer(svc: GinService) -> None:
    rng = random.Random(5)
    snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 1, "Ana", AiLevel.NORMAL, target=10)
    assert snap.players == (1, 0) and snap.ai_level is AiLevel.NORMAL
    assert snap.game.names == ("Ana", "Computer")
    assert (await snapshots.active_game_for(svc, GUILD, 1)) is not None
    decide = _ai(rng)
    res: MoveResult | None = None
    for _ in range(5000):
        if snap.game.is_over:
            break
        if snap.is_ai_turn:
            assert snap.turn_deadline is None
            assert await svc.moves.pending_ai_turns() == [snap.id]
            with pytest.raises(MoveRejectedError, match="Computer's turn"):
                await snapshots.act(svc, snap.id, 1, Action(ActionKind.DRAW_STOCK))
            played = await snapshots.play_ai_turn(svc, snap.id, decide)
            assert played is not None and played.actor_id == 0
            res = played
        else:
            assert snap.turn_deadline is not None
            assert await snapshots.play_ai_turn(svc, snap.id, decide) is None
            seat = snap.game.turn
            assert seat == 0
            res = await snapshots.act(
                svc, snap.id, 1, random_action(snap.game, 0, rng), expected_version=snap.version
            )
        snap = res.snapshot
    assert snap.game.is_over and res is not None and res.game_result is not None
    won = res.game_result.winner == 0
    assert await svc.standings.ai_stats(GUILD, 1) == {
        "normal": {"games": 1, "wins": int(won), "losses": int(not won)}
    }
    assert res.rating_changes == ()
    assert await svc.standings.player_stats(GUILD, 1) is None  # kept apart from the rated tables
    assert (await svc.standings.leaderboard(GUILD)).rows == ()
    assert await snapshots.play_ai_turn(svc, snap.id, decide) is None


async def test_ai_resign_counts_for_ai_stats_only(svc: GinService) -> None:
    snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 1, "Ana", AiLevel.EASY)
    await snapshots.resign(svc, snap.id, 1)
    assert await svc.standings.ai_stats(GUILD, 1) == {"easy": {"games": 1, "wins": 0, "losses": 1}}
    snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 1, "Ana", AiLevel.EASY)
    await snapshots.end_game(svc, snap.id)
    assert await svc.standings.ai_stats(GUILD, 1) == {"easy": {"games": 1, "wins": 0, "losses": 1}}
    with pytest.raises(ChallengeError):
        await snapshots.start_ai_game(svc, GUILD, CHANNEL, 0, "Bot", AiLevel.EASY)
