"""The adaptive level (``bot.ai.adaptive`` and its state): the strength moves
toward the player after each result and stays in bounds, the state round-trips
through JSON, level 10 is hard itself and lower levels make the promised
mistakes, and every decision is legal and reproducible.  (That hidden cards
never change a decision is checked with the other levels, in test_decide.py.)"""

from __future__ import annotations

import copy
import itertools
import json
import random

import pytest

from bot.ai import ADAPTIVE, decide
from bot.ai.adaptive import AdaptivePolicy, decide_at, slip_rate, slip_size
from bot.ai.adaptive_state import (
    CEILING,
    DEFAULT_LEVEL,
    FLOOR,
    LAST_STEP,
    AdaptiveState,
    StateError,
    step,
)
from bot.engine import Action, ActionKind, Game, Phase, Ruleset, game_from_dict, game_to_dict
from bot.engine.cards import mask_of
from bot.engine.melds import min_deadwood_mask
from tests.helpers.deals import rig


def test_a_new_player_starts_at_the_default() -> None:
    state = AdaptiveState()
    assert state.level == DEFAULT_LEVEL and state.games == 0
    assert AdaptivePolicy().level == DEFAULT_LEVEL


def test_wins_raise_the_level_and_losses_lower_it() -> None:
    state = AdaptiveState()
    won = state.after_game(player_won=True)
    lost = state.after_game(player_won=False)
    assert won.level > state.level > lost.level
    assert won.games == lost.games == 1
    # A win and a loss at the same step cancel out.
    assert won.level - state.level == pytest.approx(state.level - lost.level)


def test_the_step_shrinks_to_a_floor() -> None:
    steps = [step(n) for n in range(200)]
    assert all(a >= b for a, b in itertools.pairwise(steps))
    assert steps[0] > 4 * LAST_STEP and steps[-1] == LAST_STEP


def test_the_level_stays_in_bounds() -> None:
    state = AdaptiveState()
    for _ in range(100):
        state = state.after_game(player_won=True)
        assert state.level <= CEILING and state.shown_level <= 10.0
    assert state.level == CEILING and state.shown_level == 10.0 and state.playing_level == 10.0
    for _ in range(100):
        state = state.after_game(player_won=False)
        assert state.level >= FLOOR and state.shown_level >= 0.0
    assert state.level == FLOOR and state.shown_level == 0.0 and state.games == 200


def test_a_mixed_record_settles_where_the_player_wins_half() -> None:
    """Simulated player of a fixed strength: wins with odds falling as the
    computer's level passes theirs; the level ends near their strength."""
    rng = random.Random(3)
    state = AdaptiveState()
    player = 7.5
    for _ in range(300):
        p_win = 1.0 / (1.0 + 10 ** ((state.playing_level - player) / 2.0))
        state = state.after_game(player_won=rng.random() < p_win)
    assert abs(state.level - player) < 1.5


def test_the_policy_records_results() -> None:
    policy = AdaptivePolicy(AdaptiveState(level=6.0, games=50))
    after = policy.record(player_won=False)
    assert policy.state == after and after.level == 6.0 - LAST_STEP / 2 and after.games == 51
    assert policy.level == after.level


def test_the_state_round_trips_through_json() -> None:
    for state in (AdaptiveState(), AdaptiveState(6.4321, 17), AdaptiveState(FLOOR, 3)):
        text = state.to_json()
        assert json.loads(text) == {"level": state.level, "games": state.games}
        assert AdaptiveState.from_json(text) == state


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        "{}",
        '{"level": "x", "games": 1}',
        '{"level": 5, "games": -1}',
        '{"level": 5, "games": 1.5}',
        '{"level": NaN, "games": 1}',
        '{"level": 5, "games": true}',
    ],
)
def test_a_damaged_state_is_refused(text: str) -> None:
    with pytest.raises(StateError):
        AdaptiveState.from_json(text)


def test_a_saved_level_out_of_bounds_is_brought_back() -> None:
    assert AdaptiveState.from_json('{"level": 99, "games": 4}').level == CEILING
    assert AdaptiveState.from_json('{"level": -99, "games": 4}').level == FLOOR


def test_mistakes_grow_as_the_level_falls() -> None:
    rates = [slip_rate(level / 2) for level in range(21)]
    assert rates[0] == 1.0 and rates[-1] == 0.0
    assert all(a > b for a, b in itertools.pairwise(rates))
    assert slip_size(slip_rate(9.5)) == 2  # near the top: the 2nd or 3rd best card
    assert slip_size(1.0) >= 10  # at the bottom: any card


def _positions(seed: int, plies: int = 40) -> list[tuple[Game, int]]:
    game = Game.new(("a", "b"), Ruleset(), seed=seed, first_dealer=0)
    rng = random.Random(seed)
    out = []
    for _ in range(plies):
        seat = game.turn
        assert seat is not None
        out.append((game_from_dict(copy.deepcopy(game_to_dict(game))), seat))
        game.apply(seat, decide(game.view(seat), "normal", rng))
        if game.hand_number > 1 or game.is_over:
            break
    return out


def test_decide_plays_the_adaptive_level_at_a_strength() -> None:
    """The shell hands the service ``bot.ai.decide``: the adaptive level is
    reached through it with the player's strength (a new player's if none)."""
    for game, seat in _positions(5, plies=8):
        view = game.view(seat)
        for strength in (0.0, 3.0):
            ours = decide(view, ADAPTIVE, random.Random(2), strength=strength)
            assert ours == decide_at(view, strength, random.Random(2))
        fresh = decide(view, ADAPTIVE, random.Random(3))
        assert fresh == decide_at(view, DEFAULT_LEVEL, random.Random(3))


def test_level_ten_is_hard_itself() -> None:
    for game, seat in _positions(21, plies=6):
        view = game.view(seat)
        assert decide_at(view, 10.0, random.Random(4)) == decide(view, "hard", random.Random(4))


def test_level_zero_throws_worse_cards_and_skips_melds() -> None:
    """At the bottom every decision is a mistake: plain discards are rarely
    the best card, and a pile card that melds is passed up."""
    best = worse = 0
    for seed in (1, 2, 3):
        for game, seat in _positions(seed):
            view = game.view(seat)
            if view.public.phase is not Phase.DISCARD or ActionKind.KNOCK in view.legal:
                continue
            action = decide_at(view, 0.0, random.Random(seed))
            assert action.kind is ActionKind.DISCARD and action.card is not None
            hand = mask_of(view.hand)
            least = min(min_deadwood_mask(hand & ~(1 << c)) for c in view.hand)
            if min_deadwood_mask(hand & ~(1 << action.card)) == least:
                best += 1
            else:
                worse += 1
    assert worse > 3 * best
    melds = rig(
        "7H 8H 2C 4D 6S 9C JD QS KC 3S",
        "AS 2S 3D 4C 5H 6D 7C 8S 9D TC",
        "9H",
    )
    assert decide_at(melds.view(0), 0.0, random.Random(0)).kind is ActionKind.PASS


def test_gin_is_never_a_mistake() -> None:
    game = rig(
        "AS 2S 3S 4H 5H 6H 7H 9D 9C KS",
        "KD QC JH TS 8C 7D 6C 5S 4D 3C",
        "9S",
    )
    for s in range(20):
        assert decide_at(game.view(0), 0.0, random.Random(s)).kind is ActionKind.TAKE_DISCARD
    game.apply(0, Action(ActionKind.TAKE_DISCARD))
    for s in range(20):
        action = decide_at(game.view(0), 0.0, random.Random(s))
        assert action.kind is ActionKind.KNOCK and action.card is not None
        assert action.card.code == "KS"


@pytest.mark.parametrize("level", [0.0, 1.5])
def test_a_whole_game_is_legal(level: float) -> None:
    game = Game.new(("a", "b"), Ruleset(target=10), seed=8, first_dealer=0)
    policy = AdaptivePolicy(AdaptiveState(level=level))
    rngs = [random.Random(1), random.Random(2)]
    for _ in range(3000):
        seat = game.turn
        if seat is None:
            break
        view = game.view(seat)
        action = policy.decide(view, rngs[0]) if seat == 0 else decide(view, "easy", rngs[1])
        assert action.kind in view.legal
        game.apply(seat, action)
    assert game.is_over


def test_same_seed_same_decision() -> None:
    for game, seat in _positions(9, plies=16):
        view = game.view(seat)
        assert decide_at(view, 4.0, random.Random(1)) == decide_at(view, 4.0, random.Random(1))
