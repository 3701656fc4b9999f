"""The daily puzzle's maker: the seeded self-play that finds a day's
position, and the replay of a stored puzzle's position.

The judge is the computer's (:mod:`bot.ai.puzzles`: it decides from a seat's
view only, never the game, like the levels); finding a position takes whole
games of the engine, so it is here, where the service runs engine and AI
together.  The games ``puzzle_seed(day, 0)``, ``(day, 1)`` … are played hard
against hard until one of their first hands holds a clear position of the
day's kind (:func:`~bot.ai.puzzles.kind_of_day`; after
:data:`OTHER_KIND_AFTER` games without one, either kind will do).  Everything
is seeded by the day, so the same day always gives the same puzzle.

:func:`check_puzzle` evaluates a stored puzzle again from scratch, with
other worlds and stock orders, and says whether its answer still stands.

Pure and synchronous (seconds of CPU): :func:`make_puzzle` is what
:func:`~.puzzle_loop.make_in_process` runs in a worker process, ahead of
time, never on the event loop.
"""

from __future__ import annotations

import random
from datetime import date
from typing import Final

from bot.ai import hard
from bot.ai.puzzles import (
    REPLICATES,
    STOCKS,
    WORLDS,
    Check,
    Puzzle,
    PuzzleKind,
    Size,
    clear,
    decode,
    encode,
    evaluate,
    kind_of_day,
    position_kind,
    puzzle_at,
    puzzle_seed,
    wanted_answer,
)
from bot.engine import Game, Phase, SeatView

from .errors import ServiceError

#: No puzzle from the first turns (too little history to read the opponent).
FIRST_TURN: Final = 3
#: Games tried for the day's kind before either kind will do, and in all.
OTHER_KIND_AFTER: Final = 12
MOST_GAMES: Final = 60
#: The self-play's seats (the names never show).
NAMES: Final = ("north", "south")
#: The bot's own evaluation size (the tests and benchmarks may pass a smaller one).
FULL: Final = Size()


class NoPuzzleError(ServiceError):
    """No game of the day held a clear position (never seen; a bound on the
    work).  The loop logs it; a player asking meanwhile hears the puzzle is
    not ready, which is what it means for them."""


def make_puzzle(
    day: date,
    *,
    worlds: int = WORLDS,
    stocks: int = STOCKS,
    replicates: int = REPLICATES,
) -> Puzzle:
    """The day's puzzle (the same for the same day and settings; fewer
    ``worlds``, ``stocks`` or ``replicates`` make it quicker and less sure)."""
    size = Size(worlds, stocks, replicates)
    for game in range(MOST_GAMES):
        strict = game < OTHER_KIND_AFTER
        kinds = (kind_of_day(day),) if strict else tuple(PuzzleKind)
        answer = wanted_answer(day) if strict else None
        found = puzzle_from_game(day, game, kinds, size, answer=answer)
        if found is not None:
            return found
    raise NoPuzzleError("err.puzzle.not_ready", day=day.isoformat(), games=MOST_GAMES)


def puzzle_from_game(
    day: date,
    index: int,
    kinds: tuple[PuzzleKind, ...],
    size: Size = FULL,
    *,
    answer: str | None = None,
) -> Puzzle | None:
    """The first clear position of a wanted kind (and ``answer``, if given)
    in the first hand of the day's ``index``-th game."""
    seed = puzzle_seed(day, index)
    game = Game.new(NAMES, seed=seed)
    rngs = [random.Random(f"{seed}:play:{s}") for s in (0, 1)]
    moves: list[str] = []
    turns = [0, 0]
    while game.hand_number == 1 and not game.is_over:
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        if view.public.phase is Phase.DISCARD:
            turns[seat] += 1
            kind = position_kind(view)
            if kind in kinds and turns[seat] >= FIRST_TURN:
                rng = random.Random(f"{seed}:eval:{len(moves)}")
                found = evaluate(view, kind, rng, **_kwargs(size))
                if found is not None and clear(found) and answer in (None, found.choices[0].key):
                    return puzzle_at(day, index, kind, seed, tuple(moves), view, found)
        action = hard.decide(view, rngs[seat])
        moves.append(encode(action))
        game.apply(seat, action)
    return None


def position(puzzle: Puzzle) -> SeatView:
    """The puzzle's position again, replayed by the engine from its seed."""
    game = Game.new(NAMES, seed=puzzle.seed)
    for word in puzzle.moves:
        seat = game.turn
        assert seat is not None
        game.apply(seat, decode(word))
    return game.view(puzzle.seat)


def check_puzzle(puzzle: Puzzle, *, salt: str = "check", size: Size = FULL) -> Check:
    """Evaluate ``puzzle`` again from its replayed position with fresh
    worlds and stock orders (``salt``): its answer stands when it is still
    the best choice."""
    view = position(puzzle)
    rng = random.Random(f"{puzzle.seed}:{salt}")
    found = evaluate(view, puzzle.kind, rng, **_kwargs(size))
    if found is None:
        return Check(answer="", margin=0.0, agrees=False)
    answer = found.choices[0].key
    return Check(answer=answer, margin=round(found.margin, 2), agrees=answer == puzzle.answer)


def _kwargs(size: Size) -> dict[str, int]:
    return {"worlds": size.worlds, "stocks": size.stocks, "replicates": size.replicates}
