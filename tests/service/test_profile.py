"""Profiles (``bot.service.profile``) on SQLite and PostgreSQL: every figure
agrees with a recomputation from the stored results and with the rated
statistics the leaderboard keeps; games against the computer stay out."""

from __future__ import annotations

import random

from bot.service import AiLevel, GinService, snapshots
from tests.helpers.history import recompute
from tests.helpers.service import CHANNEL, GUILD, FakeClock, play_out, start_game


async def test_figures_agree_with_the_stored_results(svc: GinService, clock: FakeClock) -> None:
    rng = random.Random(8)
    for a, b in ((1, 2), (2, 1), (1, 3), (3, 2), (1, 2), (2, 1)):
        snap = await start_game(svc, a, b, target=30)
        await play_out(svc, snap.id, rng)
        clock.advance(60)
    # A game against the computer, lost: in no figure of the profile.
    ai = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 1, "P1", AiLevel.EASY)
    await snapshots.resign(svc, ai.id, 1)

    knocked = 0
    for user, viewer in ((1, 2), (2, 2), (3, 1)):
        profile = await svc.profiles.profile(GUILD, user, viewer_id=viewer)
        knocked += profile.knocks
        again = await recompute(svc.repository, GUILD, user, viewer)
        assert [p.rating for p in profile.ratings] == again.ratings
        assert (profile.games, profile.wins) == (again.games, again.wins)
        assert (profile.hands, profile.hands_won, profile.gins) == (
            again.hands,
            again.hands_won,
            again.gins,
        )
        assert (profile.knocks, profile.undercut, profile.knock_deadwood) == (
            again.knocks,
            again.undercut,
            again.knock_deadwood,
        )
        assert (profile.best_streak, profile.current_streak) == (
            again.best_streak,
            again.current_streak,
        )
        assert (None if profile.best_hand is None else profile.best_hand.points) == (
            again.best_points
        )
        h2h = profile.head_to_head
        assert (None if h2h is None else (h2h.wins, h2h.losses)) == again.h2h
        held = await svc.achievements.earned(GUILD, user)
        assert profile.achievements == tuple(a.name_key for a in held)
        # The leaderboard's own counters say the same.
        stats = await svc.standings.player_stats(GUILD, user)
        assert stats is not None
        assert (stats.games, stats.wins, stats.hands_won) == (
            profile.games,
            profile.wins,
            profile.hands_won,
        )
        assert stats.gins + stats.big_gins == profile.gins
        assert stats.undercuts_suffered == profile.undercut
        assert (stats.best_streak, stats.current_streak) == (
            profile.best_streak,
            profile.current_streak,
        )
        assert profile.rating == stats.rating
        assert profile.ratings[0].rating == 1200.0
        if profile.win_rate is not None:
            assert profile.win_rate == profile.wins / profile.games
    assert knocked  # the comparisons above were not all of zeros


async def test_a_player_with_no_rated_game(svc: GinService) -> None:
    ai = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 5, "P5", AiLevel.EASY)
    await snapshots.resign(svc, ai.id, 5)
    profile = await svc.profiles.profile(GUILD, 5, viewer_id=6)
    assert profile.ratings == () and profile.rating is None
    assert (profile.games, profile.hands, profile.best_hand) == (0, 0, None)
    assert profile.win_rate is None and profile.gin_rate is None
    assert profile.undercut_rate is None and profile.knock_deadwood_average is None
    assert profile.head_to_head is not None and profile.head_to_head.games == 0
