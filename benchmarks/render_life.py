"""CPU time of the images of looking back: a replay step and a profile card.

Run from the repository root::

    .venv/bin/python benchmarks/render_life.py            # the table below
    .venv/bin/python benchmarks/render_life.py --quick    # fewer hands and repeats

Times are CPU (``time.process_time``), not wall time: the machine may be
shared.  Each figure is the best of a few repeats (noise only ever adds).

* **replay, stepping** — every step of several finished hands in order, as
  someone pressing ▶ gets them: each image differs from the one before (the
  band cache of :mod:`bot.render.scene` keeps what did not change).  Goal
  ≤ 20 ms a step.
* **replay, cold** — a step with the band cache emptied first: a worker's
  worst case.
* **replay rebuild** — :func:`bot.engine.replay.replay_hand` of a hand late in
  a long game (the service does it once per hand, then keeps it).
* **profile, cold / new player** — a profile card with the band cache emptied
  first, and a stream of different players' cards.  Goal ≤ 50 ms.
"""

# The bot imports follow the sys.path line that makes them work:
# ruff: noqa: E402

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.engine import Action, Game, HandEnd, Ruleset
from bot.engine.replay import HandReplay, replay_hand
from bot.render import bands, warm_up
from bot.render.profile import render_profile
from bot.render.profile_card import ProfileCard, thin
from bot.render.replay import render_replay
from tests.helpers.service import random_action

NAMES = ("Alice", "Marie-Chantal")


def cpu_ms(fn: Callable[[], Any], iterations: int = 1) -> float:
    start = time.process_time()
    for _ in range(iterations):
        fn()
    return (time.process_time() - start) * 1000 / iterations


def best_of(repeats: int, fn: Callable[[], float]) -> float:
    return min(fn() for _ in range(repeats))


def a_game(seed: int, target: int = 100) -> tuple[Game, list[tuple[int, Action]]]:
    """A game played to its end at random, and its actions."""
    game = Game.new(NAMES, Ruleset(target=target), seed=seed)
    rng = random.Random(seed)
    actions: list[tuple[int, Action]] = []
    while not game.is_over:
        seat = game.turn
        assert seat is not None
        action = random_action(game, seat, rng)
        game.apply(seat, action)
        actions.append((seat, action))
    return game, actions


def hands(count: int) -> list[HandReplay]:
    out = []
    for seed in range(count):
        game, actions = a_game(seed, target=10)
        args = (NAMES, game.ruleset, game.seed, game.first_dealer, actions)
        out.append(replay_hand(*args, game.history[0].number))
    return out


def a_card(rng: random.Random, name: str) -> ProfileCard:
    games = rng.randrange(20, 400)
    ratings = [1200.0]
    for _ in range(games):
        ratings.append(ratings[-1] + rng.uniform(-16, 16))
    wins = rng.randrange(games)
    hands_won, knocks = games * 2, games * 3
    return ProfileCard(
        name=name,
        ratings=thin(ratings),
        first_at=1_790_000_000.0,
        last_at=1_795_000_000.0,
        rating=ratings[-1],
        games=games,
        wins=wins,
        win_rate=wins / games,
        hands_won=hands_won,
        gins=games // 3,
        gin_rate=(games // 3) / hands_won,
        knocks=knocks,
        undercut=games // 5,
        undercut_rate=(games // 5) / knocks,
        knock_deadwood=rng.uniform(2, 8),
        best_streak=rng.randrange(1, 9),
        current_streak=rng.randrange(0, 3),
        best_hand=(rng.randrange(20, 70), HandEnd.GIN, rng.randrange(1, 999), 3),
        head_to_head=(rng.randrange(9), rng.randrange(9)),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and repeats")
    args = parser.parse_args()
    repeats = 2 if args.quick else 5
    count = 3 if args.quick else 10
    warm_up()

    replays = hands(count)
    steps = sum(len(r.steps) for r in replays)

    def stepping() -> float:
        bands.clear()
        total = cpu_ms(
            lambda: [render_replay(r.frame(i), 7) for r in replays for i in range(len(r.steps))]
        )
        return total / steps

    def cold() -> float:
        frame = replays[0].frame(5)

        def once() -> None:
            bands.clear()
            render_replay(frame, 7)

        return cpu_ms(once, 10)

    game, actions = a_game(1, target=250)
    late = game.history[-1].number
    rebuild = best_of(
        repeats,
        lambda: cpu_ms(
            lambda: replay_hand(NAMES, game.ruleset, game.seed, game.first_dealer, actions, late),
            5,
        ),
    )

    rng = random.Random(3)
    cards = [a_card(rng, f"Player {i}") for i in range(40)]

    def profile_cold() -> float:
        def once() -> None:
            bands.clear()
            render_profile(cards[0])

        return cpu_ms(once, 10)

    def profile_stream() -> float:
        bands.clear()
        return cpu_ms(lambda: [render_profile(c) for c in cards]) / len(cards)

    rows = [
        ("replay, stepping", best_of(repeats, stepping), 20.0, f"{steps} steps of {count} hands"),
        ("replay, cold", best_of(repeats, cold), 20.0, "band cache emptied each time"),
        ("replay rebuild", rebuild, None, f"hand {late} of a game to 250 ({len(actions)} moves)"),
        ("profile, cold", best_of(repeats, profile_cold), 50.0, "band cache emptied each time"),
        ("profile, new player", best_of(repeats, profile_stream), 50.0, "40 players in turn"),
    ]
    print(f"{'image':<22} {'CPU ms':>8} {'goal':>6}  note")
    for name, ms, goal, note in rows:
        goal_text = "—" if goal is None else f"≤ {goal:.0f}"
        print(f"{name:<22} {ms:>8.2f} {goal_text:>6}  {note}")


if __name__ == "__main__":
    main()
