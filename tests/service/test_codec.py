"""The stored form of a game: ``dump_state`` writes what ``game_to_dict`` says.

``dump_state`` reuses the JSON of records it has encoded before (events,
finished hands, the ruleset), so it is checked against the plain dict at
every step of random games, over every ruleset, including games whose
records repeat values seen in other games.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Game, Ruleset, game_to_dict
from bot.service.codec import clone_game, dump_state, load_state
from tests.helpers.play import rulesets
from tests.helpers.service import random_action


@settings(max_examples=10, deadline=None)  # each example: two whole games, every state
@given(rules=rulesets, seed=st.integers(0, 2**31), play_seed=st.integers(0, 2**31))
def test_every_saved_state_is_the_game(rules: object, seed: int, play_seed: int) -> None:
    rng = random.Random(play_seed)
    for game_seed in (seed, seed + 1):  # the second game meets the first's cached records
        g = Game.new(("Ana", "Bo"), rules, seed=game_seed)  # type: ignore[arg-type]
        for _ in range(2_000):
            text = dump_state(g)
            assert json.loads(text) == game_to_dict(g)
            assert game_to_dict(load_state(text)) == game_to_dict(g)
            if g.is_over:
                break
            seat = g.turn
            assert seat is not None
            g.apply(seat, random_action(g, seat, rng))


def test_a_clone_takes_moves_without_touching_the_original() -> None:
    rng = random.Random(9)
    game = Game.new(("A", "B"), Ruleset(target=30), seed=99)
    while not game.is_over:
        seat = game.turn
        assert seat is not None
        action = random_action(game, seat, rng)
        before = game_to_dict(game)
        copy = clone_game(game)
        copy.apply(seat, action)
        assert game_to_dict(game) == before
        game = copy
