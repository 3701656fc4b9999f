"""The inference judge (``benchmarks/inference_eval.py``): it must score the
worlds against the opponent's real hand, give today's settings and an
unchanged variant the same scores, and leave the settings as they were."""

from __future__ import annotations

from benchmarks import inference_eval
from bot.ai import inference
from bot.ai.lookahead import World
from bot.engine.cards import mask_of, parse_cards
from bot.engine.melds import min_deadwood_mask


def _mask(text: str) -> int:
    return mask_of(parse_cards(text.split()))


def test_scores_are_zero_for_the_truth_and_grow_with_the_error() -> None:
    opp = _mask("AS 2S 3S 4H 5H 6H 7C 8C 9C KD")
    unseen = opp | _mask("QD JD TD 9D")
    assert inference_eval.scores([World(opp, (), 1.0)], unseen, opp) == (0.0, 0.0)
    wrong = opp & ~_mask("KD") | _mask("QD")  # one card off, same deadwood 10
    brier, crps = inference_eval.scores([World(wrong, (), 1.0)], unseen, opp)
    assert brier == 2.0 and crps == 0.0
    worse = opp & ~_mask("3S") | _mask("9D")  # the spade run broken
    brier, crps = inference_eval.scores([World(opp, (), 0.5), World(worse, (), 0.5)], unseen, opp)
    assert brier == 2 * 0.25  # 3S and 9D each held in half the worlds
    gap = min_deadwood_mask(worse) - min_deadwood_mask(opp)
    # crps: mean distance to the truth (gap / 2) less half the mean spread (gap / 2 / 2)
    assert crps == gap / 2 - gap / 4 > 0


def test_judges_a_game_reproducibly_and_restores_the_settings() -> None:
    before = inference.CANDIDATES
    args = (0, 0, "baseline", ("inference.CANDIDATES=4", "inference.CANDIDATES=1"), 0.3)
    rows = inference_eval.play_game(args)
    assert before == inference.CANDIDATES
    assert rows, "a third of one game's turns"
    for r in rows:
        # CANDIDATES=4 is today's setting: the same seed gives the same worlds.
        assert r["brier1"] == r["brier0"] and r["crps1"] == r["crps0"]
        assert r["brier0"] >= 0 and r["crps0"] >= 0
    # One candidate per world keeps whatever the odds drew: the replay no longer
    # chooses, so the worlds read the opponent's whole hand worse on the whole.
    mean = lambda key: sum(r[key] for r in rows) / len(rows)  # noqa: E731
    assert mean("crps2") > mean("crps0")
    lines = inference_eval.report_for(args[3])(rows)
    assert lines[0].startswith(f"{len(rows)} decisions")
    assert "today" in lines[1] and "inference.CANDIDATES=1" in lines[3]
