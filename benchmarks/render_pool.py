"""What an image costs through the bot's :class:`~bot.render.pool.RenderPool`,
against drawing the same images in one process.

Why: the busy-server benchmark (``benchmarks/discord_latency.py --load
independent``) puts ~9 ms a move in the render workers for three images a
move, more than ``benchmarks/render.py``'s per-image figures suggest.  This
tells whether the workers add cost of their own (handing jobs over, caches
split between two processes) or whether the images themselves cost that much
in a stream of many interleaved games.

The stream: ``--games`` games (default 50) played at random, their moves
interleaved; after every move the board and **both** seats' hands (each
player refreshes their hand after every move in that load).  The first
``--warm`` moves fill the caches; the rest are measured twice:

* **pool** — through a ``RenderPool`` of ``--workers`` processes (default 2),
  one move's three images at a time, as the bot asks for them: the CPU of the
  whole process tree (this process and its workers, ``benchmarks/proctree.py``)
  per image, and this process's share (pickling the views, reading the PNGs);
* **in process** — the same images drawn one after another in this process
  (one band cache for all of them).

Run from the repository root::

    .venv/bin/python benchmarks/render_pool.py
    .venv/bin/python benchmarks/render_pool.py --games 200 --workers 2

CPU times, so a shared machine slows the figures less than wall time (Linux:
reads ``/proc``).
"""

# The bot imports follow the sys.path line that makes them work:
# ruff: noqa: E402

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.proctree import tree_cpu
from bot.engine import Action, ActionKind, Game, PublicView, SeatView
from bot.render import render_board, render_hand
from bot.render.pool import RenderPool

#: One move's images: the board and both seats' hands.
Move = tuple[PublicView, SeatView, SeatView]


def game_moves(seed: int, count: int) -> list[Move]:
    """``count`` moves of random play (knocking at times, discarding the
    least deadwood), a new game whenever one ends."""
    names = (f"Alice {seed}", f"Bob {seed}")
    rng = random.Random(seed)
    game = Game.new(names, seed=seed)
    out: list[Move] = []
    while len(out) < count:
        if game.is_over:
            game = Game.new(names, seed=seed + 1000 * len(out))
            continue
        seat = game.turn
        assert seat is not None
        legal = sorted(game.legal(seat))
        if ActionKind.KNOCK in legal and rng.random() < 0.3:
            action = Action(ActionKind.KNOCK, game.knock_discards(seat)[0])
        elif ActionKind.DISCARD in legal:
            action = Action(ActionKind.DISCARD, game.best_discard(seat))
        else:
            action = Action(ActionKind(rng.choice(legal)))
        game.apply(seat, action)
        if game.turn is not None:
            out.append((game.public_view(), game.view(game.turn), game.view(1 - game.turn)))
    return out


def stream(games: int, moves: int) -> list[Move]:
    """Every game's moves, interleaved at random (each game's in order)."""
    per_game = [game_moves(seed, moves) for seed in range(games)]
    rng = random.Random(1)
    order: list[Move] = []
    while any(per_game):
        order.append(rng.choice([g for g in per_game if g]).pop(0))
    return order


async def through_pool(warm: list[Move], measured: list[Move], workers: int) -> None:
    pool = RenderPool(workers=workers)
    await pool.warm()
    try:
        for public, mover, other in warm:
            await asyncio.gather(pool.board(public), pool.hand(mover), pool.hand(other))
        drawn, tree0, own0 = pool.drawn, tree_cpu(os.getpid()), time.process_time()
        for public, mover, other in measured:
            await asyncio.gather(pool.board(public), pool.hand(mover), pool.hand(other))
        images = pool.drawn - drawn
        tree = 1000 * (tree_cpu(os.getpid()) - tree0) / images
        own = 1000 * (time.process_time() - own0) / images
    finally:
        pool.close()
    print(
        f"pool of {workers}: {images} images, {tree:.2f} ms of CPU an image "
        f"(this process {own:.2f}, the workers {tree - own:.2f})"
    )


def in_process(measured: list[Move]) -> None:
    start = time.process_time()
    for public, mover, other in measured:
        render_board(public)
        render_hand(mover)
        render_hand(other)
    ms = 1000 * (time.process_time() - start) / (3 * len(measured))
    print(f"in process: {3 * len(measured)} images, {ms:.2f} ms of CPU an image")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=40, help="moves a game")
    parser.add_argument("--warm", type=int, default=400, help="moves before measuring")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    order = stream(args.games, args.moves)
    warm, measured = order[: args.warm], order[args.warm :]
    print(f"{args.games} games, {len(measured)} moves measured (3 images a move)")
    asyncio.run(through_pool(warm, measured, args.workers))
    in_process(measured)


if __name__ == "__main__":
    main()
