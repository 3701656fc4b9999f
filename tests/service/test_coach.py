"""The coach through the service (``bot.service.coach``): only after a hand,
only for its players, and the same after a restart (it is replayed from the
move log).  Through Discord: tests/e2e/test_coach.py."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.service import GinService, NoSuchGameError, NotYourGameError, snapshots
from tests.helpers.play import random_action

GUILD = 7


async def play_until_a_hand_ends(svc: GinService, game_id: int, seed: int) -> None:
    rng = random.Random(seed)
    while True:
        snap = await snapshots.get_game(svc, game_id)
        if snap.game.history:
            return
        seat, action = random_action(snap.game, rng)
        await svc.moves.play(GUILD, snap.players[seat], action, game_id=game_id)


async def test_review_after_the_hand_for_its_players_only(db_target: str | Path) -> None:
    db = db_target
    svc = await GinService.open(db, seed=11)
    try:
        ch = await svc.challenges.create_challenge(GUILD, 1, 10, "Ana", 20, "Bo")
        table = await svc.challenges.accept(ch.id, 20)
        with pytest.raises(NoSuchGameError, match="once it is over"):
            await svc.coach.review(GUILD, 10)
        await play_until_a_hand_ends(svc, table.id, seed=5)
        first = await svc.coach.review(GUILD, 10)
        second = await svc.coach.review(GUILD, 20)
        sheet = await svc.standings.score_sheet(table.id)
        row = sheet.rows[0]
        for report, user in ((first, 10), (second, 20)):
            assert report.game_id == table.id and report.names == ("Ana", "Bo")
            assert table.players[report.seat] == user
            hand = report.review.hand
            assert (hand.number, hand.points, hand.winner) == (1, row.points, row.winner_seat)
        assert first.seat != second.seat
        with pytest.raises(NotYourGameError):
            await svc.coach.review(GUILD, 99, game_id=table.id)
        with pytest.raises(NoSuchGameError, match="once it is over"):
            await svc.coach.review(GUILD, 10, hand_number=2)
    finally:
        await svc.close()
    # Replayed from the seed and the move log: the same review after a restart.
    svc = await GinService.open(db)
    try:
        assert await svc.coach.review(GUILD, 10, game_id=table.id, hand_number=1) == first
    finally:
        await svc.close()
