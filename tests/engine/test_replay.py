"""Replays (``bot.engine.replay``): every hand of a game rebuilt step by step
from its seed and actions matches the game as it was played."""

from __future__ import annotations

import random

import pytest

from bot.engine import Action, ActionKind, Game, HandEnd, Phase
from bot.engine.replay import HandNotFinishedError, replay_hand
from tests.helpers.service import random_action

NAMES = ("Ana", "Bo")


def played(seed: int, rng: random.Random) -> tuple[Game, list[tuple[int, Action]], list[list]]:
    """A game played to its end at random, its actions, and for each action
    the table right after it: (hand number, both hands, pile top, stock)."""
    game = Game.new(NAMES, seed=seed)
    actions: list[tuple[int, Action]] = []
    tables: list[list] = []
    while not game.is_over:
        seat = game.turn
        assert seat is not None
        action = random_action(game, seat, rng)
        before = (game.hand_number, tuple(game.hand(0)), tuple(game.hand(1)))
        outcome = game.apply(seat, action)
        actions.append((seat, action))
        if outcome.hand is None:
            tables.append(
                [game.hand_number, (tuple(game.hand(0)), tuple(game.hand(1))), game.pile[-1:]]
            )
        else:
            tables.append([before[0], None, None])
    return game, actions, tables


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_hand_replays_as_it_was_played(seed: int) -> None:
    game, actions, tables = played(seed, random.Random(seed))
    assert len(game.history) >= 1
    for result in game.history:
        number = result.number
        replay = replay_hand(NAMES, game.ruleset, game.seed, game.first_dealer, actions, number)
        mine = [(a, t) for a, t in zip(actions, tables, strict=True) if t[0] == number]
        # The deal, one step per move of the hand, and its end.
        assert len(replay.steps) == len(mine) + 2
        assert [s.index for s in replay.steps] == list(range(len(replay.steps)))
        assert replay.result == result
        deal = replay.steps[0]
        assert deal.kind is None and deal.seat == replay.dealer
        assert [len(h) for h in deal.hands] == [10, 10] and deal.stock_count == 31
        assert deal.card == deal.pile_top
        for step, ((seat, action), table) in zip(replay.steps[1:-1], mine, strict=True):
            assert (step.seat, step.kind) == (seat, action.kind)
            if table[1] is not None:  # the hand went on: the table as the game had it
                assert step.hands == table[1]
                assert step.pile_top == (table[2][0] if table[2] else None)
            if action.kind is ActionKind.DISCARD:
                assert step.card == action.card
        end = replay.steps[-1]
        assert end.kind is None and end.to_move is None
        assert end.hands == replay.steps[-2].hands
        if result.knocker is None:
            assert replay.knock_step is None
        else:
            assert replay.knock_step == replay.last - 1
            knock = replay.steps[replay.knock_step]
            assert knock.seat == result.knocker
            # The knocker's ten cards are exactly what the reveal lays down.
            laid = {c for m in result.knocker_melds for c in m.cards} | set(result.knocker_deadwood)
            assert set(knock.hands[result.knocker]) == laid


def test_frames_are_clamped_and_carry_the_result() -> None:
    game, actions, _ = played(4, random.Random(4))
    replay = replay_hand(NAMES, game.ruleset, game.seed, game.first_dealer, actions, 1)
    assert replay.frame(-5).step.index == 0 and replay.frame(-5).is_last is False
    last = replay.frame(10_000)
    assert last.is_last and last.step.index == replay.last and last.steps == len(replay.steps)
    assert last.result == game.history[0]


def test_a_dead_hand_has_no_knock() -> None:
    """Nobody ever knocks: each draws from the stock and throws that card
    until the stock runs down."""
    game = Game.new(NAMES, seed=9)
    actions: list[tuple[int, Action]] = []
    while not game.history:
        seat = game.turn
        assert seat is not None
        if game.phase is Phase.UPCARD or game.phase is Phase.FIFTIETH:
            action = Action(ActionKind.PASS)
        elif game.phase is Phase.DRAW:
            action = Action(ActionKind.DRAW_STOCK)
        else:
            assert game.drawn is not None
            action = Action(ActionKind.DISCARD, game.drawn)
        game.apply(seat, action)
        actions.append((seat, action))
    assert game.history[0].end is HandEnd.DEAD
    replay = replay_hand(NAMES, game.ruleset, game.seed, game.first_dealer, actions, 1)
    assert replay.knock_step is None and replay.result.end is HandEnd.DEAD
    assert replay.steps[-2].stock_count <= 2


def test_an_unfinished_hand_is_refused() -> None:
    game, actions, _ = played(5, random.Random(5))
    with pytest.raises(HandNotFinishedError):
        replay_hand(NAMES, game.ruleset, game.seed, game.first_dealer, actions[:3], 1)
    with pytest.raises(HandNotFinishedError):
        last = len(game.history) + 1
        replay_hand(NAMES, game.ruleset, game.seed, game.first_dealer, actions, last)
