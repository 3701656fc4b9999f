"""The committed-game cache (``bot/service/games.py``): games in progress are
kept up to their bound, finished games only a few, and neither list pushes
out the other — a bot that has played thousands of games holds only the
live ones and the last few finished."""

from __future__ import annotations

from bot.engine.game import Game
from bot.engine.records import GameEnd
from bot.service.games import GameCache


def _live(seed: int) -> Game:
    return Game.new(("a", "b"), seed=seed)


def _finished(seed: int) -> Game:
    game = _live(seed)
    game.forfeit(0, GameEnd.RESIGN)
    assert game.is_over
    return game


def test_finished_games_are_kept_only_a_few_and_never_push_out_live_ones() -> None:
    cache = GameCache(size=8, finished=3)
    for gid in range(8):
        cache.put(gid, 1, _live(gid))
    for gid in range(100, 150):
        cache.put(gid, 1, _finished(gid))
    assert cache.sizes() == {"live_games": 8, "finished_games": 3}
    # The live games are all still there; of the finished, the last three.
    assert all(cache._get(gid) is not None for gid in range(8))
    assert [gid for gid in range(100, 150) if cache._get(gid) is not None] == [147, 148, 149]


def test_a_game_that_ends_moves_to_the_finished_list() -> None:
    cache = GameCache(size=4, finished=2)
    cache.put(1, 1, _live(1))
    over = _finished(1)
    cache.put(1, 2, over)
    assert cache.sizes() == {"live_games": 0, "finished_games": 1}
    held = cache._get(1)
    assert held is not None and held[0] == 2 and held[1] is over


def test_an_older_version_never_replaces_a_newer_one() -> None:
    cache = GameCache(size=4, finished=2)
    newer = _finished(1)
    cache.put(1, 5, newer)
    cache.put(1, 4, _live(1))  # a read that finished after the game ended
    held = cache._get(1)
    assert held is not None and held == (5, newer)
    assert cache.sizes() == {"live_games": 0, "finished_games": 1}


def test_live_games_are_let_go_least_recently_used_first() -> None:
    cache = GameCache(size=2, finished=2)
    cache.put(1, 1, _live(1))
    cache.put(2, 1, _live(2))
    cache.put(1, 2, _live(1))  # game 1 moved: now the most recent
    cache.put(3, 1, _live(3))
    assert cache._get(2) is None
    assert cache._get(1) is not None and cache._get(3) is not None
