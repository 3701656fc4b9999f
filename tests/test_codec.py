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

from bot.engine import Game, game_to_dict
from bot.service.codec import dump_state, load_state
from tests.service_helpers import random_action
from tests.test_properties import rulesets


@settings(max_examples=25, deadline=None)
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
