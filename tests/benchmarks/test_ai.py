"""The AI benchmark's tuning switches: ``--set`` must really reach the
workers' AI constants (a typo must fail, not silently measure the default),
and ``--detail``'s hand breakdown must add up to the games played."""

from __future__ import annotations

import pytest

import bot.ai.hard as hard
import bot.ai.inference as inference
from benchmarks import ai, random_discard


@pytest.fixture
def restore_constants():
    saved = (hard.KNOCK_BONUS, hard.WORLDS, inference.PASS_EPS)
    yield
    hard.KNOCK_BONUS, hard.WORLDS, inference.PASS_EPS = saved


@pytest.mark.usefixtures("restore_constants")
def test_settings_set_constants_of_the_named_module() -> None:
    ai.apply_settings(("KNOCK_BONUS=13", "inference.PASS_EPS=0.25"))
    assert hard.KNOCK_BONUS == 13.0 and isinstance(hard.KNOCK_BONUS, float)
    assert inference.PASS_EPS == 0.25
    with pytest.raises(AttributeError):
        ai.apply_settings(("KNOCK_BONUSS=1",))
    with pytest.raises(ModuleNotFoundError):
        ai.apply_settings(("nosuch.X=1",))
    # Values that would silently measure something else are refused.
    for bad in ("KNOCK_BONUS=ten", "KNOCK_BONUS", "WORLDS=36.5", "memory.TOOK=1"):
        with pytest.raises(ValueError, match="--set"):
            ai.apply_settings((bad,))
    assert hard.KNOCK_BONUS == 13.0 and hard.WORLDS == 36


@pytest.mark.usefixtures("restore_constants")
def test_detail_accounts_for_every_hand() -> None:
    # normal, not hard: the accounting is the same for any matchup, and two
    # whole games of the hard level cost ~10 s of CPU.  The --set still has
    # to reach hard's constant.
    r = ai.run("normal-baseline", 2, 1, ("KNOCK_BONUS=8",))
    assert r["settings"] == ["KNOCK_BONUS=8"]
    assert hard.KNOCK_BONUS == 8.0
    shares = r["outcomes"]
    assert sum(o["share"] for o in shares.values()) == pytest.approx(1.0)
    # The mean margin is the share-weighted mean of each kind's points.
    assert r["margin_per_hand"] == pytest.approx(
        sum(o["share"] * o["mean_points"] for o in shares.values())
    )
    for kind, o in shares.items():
        who, end = kind.split()
        if end == "dead":
            assert o["mean_points"] == 0
        elif (who == "A") == (end != "undercut"):
            assert o["mean_points"] > 0, kind  # A scores its knocks and B's undercuts
        else:
            assert o["mean_points"] < 0, kind


def test_oracle_worlds_hold_the_real_hand_and_only_under_the_flag() -> None:
    """``--oracle`` (a diagnostic) hands player A's worlds the opponent's
    real hand; off again, the worlds are sampled as in play."""
    import random

    from bot.ai.knowledge import knowledge_of
    from bot.ai.memory import memory_of
    from bot.engine import Game

    game = Game.new(("a", "b"), seed=5)
    seat = game.turn
    assert seat is not None
    view = game.view(seat)
    k, mem = knowledge_of(view), memory_of(view)
    try:
        ai.set_oracle(True)
        ai._ORACLE["opp"] = game.hands[1 - seat]
        worlds = hard.sample_worlds(k, mem, random.Random(1), 6)
        assert {w.opp for w in worlds} == {game.hands[1 - seat]}
        for w in worlds:
            assert len(w.stock) == game.view(seat).public.stock_count
            assert sorted(w.stock) == sorted(int(c) for c in game.stock)
    finally:
        ai.set_oracle(False)
    worlds = hard.sample_worlds(k, mem, random.Random(1), 6)
    assert any(w.opp != game.hands[1 - seat] for w in worlds)
    with pytest.raises(ValueError, match="oracle"):
        ai.run("hard-hard", 2, 1, oracle=True)


def test_an_adaptive_series_counts_only_the_games_after_the_warm_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--adaptive``: the warm-up's games are left out of the win share and
    the levels; the weak reference player is reachable by name."""
    won = [True] * 5 + [True, False, False, True]
    levels = [5.0, 6.0, 7.0, 8.0, 9.0, 4.0, 5.0, 6.0, 7.0]
    series = ai.Series("random", won, levels, [0.001] * 9, [0.001] * 9, 7.5)
    row = ai.series_row(series, warmup=5)
    assert (row["games"], row["wins"], row["win_rate"]) == (4, 2, 0.5)
    assert row["level_after_warmup"] == 4.0 and row["level_mean"] == 5.5
    assert row["level_range"] == [4.0, 7.0] and row["level_final"] == 7.5
    assert "adaptive vs   random: wins 2/4 = 50.0%" in capsys.readouterr().out
    assert ai.player("random") is random_discard.decide
