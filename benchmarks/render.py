"""CPU time and PNG size of each image, as the bot draws them.

Run from the repository root::

    .venv/bin/python benchmarks/render.py             # the three tables below
    .venv/bin/python benchmarks/render.py --quick     # fewer games and repeats
    .venv/bin/python benchmarks/render.py --encodings # kind x encoding -> ms, bytes

Times are CPU (``time.process_time``), not wall time: the machine may be
shared.  Each figure is the best of a few repeats (noise only ever adds).

* **stream** — what a render worker really sees: random games played in
  turns, and after every move the board and the hand of the player to move,
  sometimes the other player's hand (a refresh after the other's move), the
  reveal when a hand ends, the tally when a game ends.  Every view differs
  from the one before, so this is the figure that counts; with two workers
  each sees about half the images, which ``--workers`` mimics (default 2).
  "per move" is the CPU of all images divided by the moves.
* **cold** — the sample views, every image drawn whole (the band cache of
  :mod:`bot.render.scene` emptied first): a worker's worst case.
* **same view** — the sample views again and again: every band cached.

The ``-intl`` rows draw the sample hand and board with a Hangul name with an
emoji and an Arabic name (fallback fonts, see bot/render/fonts.py); the
stream's games have such names too.

``--lang de`` (or es, pt-BR, fr) adds a row in that language after each of
the hand, board, reveal and tally rows, so the two languages are measured
back to back, and draws the stream in it::

    .venv/bin/python benchmarks/render.py --quick --lang de
"""

# The bot imports follow the sys.path line that makes them work:
# ruff: noqa: E402

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import random
import sys
import time
import zlib
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image

from bot.engine import Action, ActionKind, Game
from bot.render import render_board, render_hand, render_reveal, render_tally, warm_up

try:  # the sample fixtures moved from the bot package to the test helpers
    from tests.helpers import samples
except ImportError:  # pragma: no cover - older trees
    from bot.render import samples  # type: ignore[attr-defined,no-redef]

try:
    from bot.render import bands
except ImportError:  # pragma: no cover - the renderer before band caching
    bands = None  # type: ignore[assignment]

try:
    from bot.i18n import Lang
except ImportError:  # pragma: no cover - the renderer before it spoke languages
    Lang = None  # type: ignore[assignment,misc]

Job = tuple[str, Callable[[], bytes]]
NAMES = (
    ("Alice", "Bob"),
    ("xXDarkLordXx", "Marie-Chantal"),
    ("Zoë 🎉", "李小龙"),
    ("Ted", "Kim"),
    ("김민수", "محمد علي"),
    ("Дмитрий", "דוד כהן"),
)
#: The sample views again with names in other scripts (fallback fonts, emoji,
#: right to left): the "board-intl" and "hand-intl" rows.
INTL_NAMES = ("김민수 🌸", "محمد علي")


def clear_cache() -> None:
    if bands is not None:
        bands.clear()


def best_of(repeats: int, fn: Callable[[], float]) -> float:
    return min(fn() for _ in range(repeats))


def cpu_ms(fn: Callable[[], Any], iterations: int) -> float:
    start = time.process_time()
    for _ in range(iterations):
        fn()
    return (time.process_time() - start) * 1000 / iterations


# --- the sample views ----------------------------------------------------------------


def in_lang(lang: str) -> dict[str, Any]:
    """The keyword that draws an image in ``lang`` (none for English, so the
    benchmark also runs on trees that only spoke English)."""
    return {} if lang == "en" else {"lang": Lang(lang)}


def sample_cases(lang: str = "en") -> dict[str, Callable[[], bytes]]:
    seat = samples.seat_view()
    public = samples.public_view()
    result = samples.knock_result()
    game = samples.game_result()
    intl = samples.public_view(names=INTL_NAMES)
    intl_seat = samples.seat_view(public=intl)
    kw = in_lang(lang)
    cases: dict[str, Callable[[], bytes]] = {"hand": lambda: render_hand(seat)}
    if kw:
        cases[f"hand-{lang}"] = lambda: render_hand(seat, **kw)
    cases["board"] = lambda: render_board(public)
    if kw:
        cases[f"board-{lang}"] = lambda: render_board(public, **kw)
    cases["reveal"] = lambda: render_reveal(result, public)
    if kw:
        cases[f"reveal-{lang}"] = lambda: render_reveal(result, public, **kw)
    cases["tally"] = lambda: render_tally(game, public)
    if kw:
        cases[f"tally-{lang}"] = lambda: render_tally(game, public, **kw)
    cases["hand-intl"] = lambda: render_hand(intl_seat)
    cases["board-intl"] = lambda: render_board(intl)
    bracket = bracket_case()
    if bracket is not None:
        cases["bracket"] = bracket
    return cases


def bracket_case() -> Callable[[], bytes] | None:
    """A 16-player single elimination, five matches played, three live."""
    try:
        from bot.engine.tournament import tournament_view
        from bot.render import render_bracket
        from tests.helpers.brackets import SE, progressed
    except ImportError:  # pragma: no cover - older trees
        return None
    view = tournament_view(progressed(SE, 16, 5), "Spring Cup", "Round 1 under way")
    return lambda: render_bracket(view)


def sample_tables(repeats: int, iterations: int, lang: str = "en") -> None:
    cases = sample_cases(lang)
    print(f"{'image':<10} {'cold ms':>8} {'same view ms':>13} {'bytes':>8}")
    for name, fn in cases.items():

        def cold(fn: Callable[[], bytes] = fn) -> float:
            def once() -> None:
                clear_cache()
                fn()

            return cpu_ms(once, iterations)

        def warm(fn: Callable[[], bytes] = fn) -> float:
            fn()
            return cpu_ms(fn, iterations)

        size = len(fn())
        print(
            f"{name:<10} {best_of(repeats, cold):>8.2f} {best_of(repeats, warm):>13.2f} {size:>8,}"
        )


# --- the stream of a busy server --------------------------------------------------------


def play(seed: int, moves: int, rng: random.Random, lang: str = "en") -> list[list[Job]]:
    """One random game: per move, the images the bot draws after it (in ``lang``)."""
    kw = in_lang(lang)
    game = Game.new(NAMES[seed % len(NAMES)], seed=seed)
    out: list[list[Job]] = []
    for _ in range(moves):
        if game.is_over:
            break
        seat = game.turn
        assert seat is not None
        legal = sorted(game.legal(seat))
        kind = ActionKind(rng.choice(legal))
        if ActionKind.BIG_GIN in legal:
            action = Action(ActionKind.BIG_GIN)
        elif ActionKind.KNOCK in legal and rng.random() < 0.9:
            action = Action(ActionKind.KNOCK, rng.choice(game.knock_discards(seat)))
        elif kind in (ActionKind.DISCARD, ActionKind.KNOCK):
            action = Action(ActionKind.DISCARD, game.best_discard(seat))
        else:
            action = Action(kind)
        outcome = game.apply(seat, action)
        public = game.public_view()
        jobs: list[Job] = [("board", lambda p=public: render_board(p, **kw))]
        if game.turn is not None:
            mover, other = game.view(game.turn), game.view(1 - game.turn)
            jobs.append(("hand", lambda v=mover: render_hand(v, **kw)))
            if rng.random() < 0.35:
                jobs.append(("hand", lambda v=other: render_hand(v, **kw)))
        if outcome.hand is not None:
            jobs.append(("reveal", lambda h=outcome.hand, p=public: render_reveal(h, p, **kw)))
        if outcome.game is not None:
            jobs.append(("tally", lambda g=outcome.game, p=public: render_tally(g, p, **kw)))
        out.append(jobs)
    return out


def stream(
    games: int, moves: int, workers: int, seed: int, lang: str = "en"
) -> tuple[list[list[Job]], int]:
    """The moves of ``games`` games interleaved at random; each worker's share."""
    rng = random.Random(seed)
    per_game = [play(seed * 1000 + g, moves, rng, lang) for g in range(games)]
    order: list[list[Job]] = []
    while any(per_game):
        game = rng.choice([g for g in per_game if g])
        order.append(game.pop(0))
    mine = [[job for job in move if rng.randrange(workers) == 0] for move in order]
    return mine, len(order)


def stream_table(games: int, moves: int, workers: int, repeats: int, lang: str = "en") -> None:
    order, total_moves = stream(games, moves, workers, seed=7, lang=lang)
    warm = len(order) // 5  # a running worker: caches filled by earlier moves
    best: dict[str, float] = {}
    count: dict[str, int] = defaultdict(int)
    size: dict[str, int] = defaultdict(int)
    per_move = float("inf")
    for repeat in range(repeats):
        clear_cache()
        spent: dict[str, float] = defaultdict(float)
        for move in order[:warm]:
            for _, fn in move:
                fn()
        for move in order[warm:]:
            for kind, fn in move:
                start = time.process_time()
                data = fn()
                spent[kind] += time.process_time() - start
                if repeat == 0:
                    count[kind] += 1
                    size[kind] += len(data)
        for kind, t in spent.items():
            best[kind] = min(best.get(kind, float("inf")), t)
        per_move = min(per_move, sum(spent.values()) * workers / (total_moves - warm) * 1000)
    moves_measured = total_moves - warm
    print(
        f"stream ({lang}): {games} games, {moves_measured} moves measured, "
        f"{workers} workers (this one drew {sum(count.values())} images)"
    )
    print(f"{'image':<8} {'n':>6} {'ms':>8} {'bytes':>8}")
    for kind in ("board", "hand", "reveal", "tally"):
        if count[kind]:
            ms = best[kind] * 1000 / count[kind]
            print(f"{kind:<8} {count[kind]:>6} {ms:>8.2f} {size[kind] // count[kind]:>8,}")
    print(f"per move (all workers): {per_move:.2f} ms")


# --- encodings -----------------------------------------------------------------------------


def encodings(repeats: int, iterations: int) -> None:
    """kind x encoding -> CPU ms and bytes.  Pillow's rows encode the image
    already drawn (and, for P, already mapped to the palette: "quantize
    only" is that step's cost); the banded rows are the bot's own path from
    the recorded scene: drawing, palette mapping and deflate together."""
    from bot.render import png
    from bot.render.board import board_scene
    from bot.render.hand import hand_scene
    from bot.render.palette import to_palette
    from bot.render.reveal import reveal_scene
    from bot.render.tally import tally_scene

    public = samples.public_view()
    scenes = {
        "hand": hand_scene(samples.seat_view()),
        "board": board_scene(public),
        "reveal": reveal_scene(samples.knock_result(), public),
        "tally": tally_scene(samples.game_result(), public),
    }

    def pil(img: Image.Image, fmt: str, **options: Any) -> Callable[[], bytes]:
        def save() -> bytes:
            buf = io.BytesIO()
            img.save(buf, fmt, **options)
            return buf.getvalue()

        return save

    engines: list[tuple[str, Any]] = [("zlib", zlib)]
    with contextlib.suppress(ImportError):
        engines.append(("isal", importlib.import_module("isal.isal_zlib")))
    for kind, s in scenes.items():
        rgb = s.image()
        pal = to_palette(rgb)
        cases: dict[str, Callable[[], bytes]] = {
            "quantize only (to P)": lambda rgb=rgb: to_palette(rgb).tobytes(),
            "PNG RGB, Pillow level 1": pil(rgb, "PNG", compress_level=1),
            "PNG P, Pillow level 1": pil(pal, "PNG", compress_level=1),
            "PNG P, Pillow level 6": pil(pal, "PNG", compress_level=6),
            "PNG P, Pillow level 9": pil(pal, "PNG", compress_level=9, optimize=True),
            "WebP lossless, method 0": pil(rgb, "WEBP", lossless=True, method=0, quality=0),
            "WebP q90, method 0": pil(rgb, "WEBP", quality=90, method=0),
            "WebP q90, method 4": pil(rgb, "WEBP", quality=90, method=4),
        }
        for name, engine in engines:

            def banded(s: Any = s, engine: Any = engine) -> bytes:
                png.ENGINE = engine
                clear_cache()
                return bytes(s.png())

            def cached(s: Any = s, engine: Any = engine) -> bytes:
                png.ENGINE = engine
                return bytes(s.png())

            cases[f"draw+map+PNG, bands {name} 1, none cached"] = banded
            cases[f"PNG from cached bands ({name} 1)"] = cached
        print(f"== {kind} {rgb.width}x{rgb.height}")
        for label, fn in cases.items():
            data = fn()
            ms = best_of(repeats, lambda fn=fn: cpu_ms(fn, iterations))
            print(f"  {label:<38} {ms:>7.2f} ms {len(data):>9,} bytes")
    png.ENGINE = png._engine()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    parser.add_argument("--encodings", action="store_true", help="kind x encoding table")
    parser.add_argument("--workers", type=int, default=2, help="render workers sharing the load")
    languages = ["en"] if Lang is None else [lang.value for lang in Lang]
    parser.add_argument(
        "--lang", default="en", choices=languages, help="also draw the images in this language"
    )
    args = parser.parse_args()
    repeats = 2 if args.quick else 3
    warm_up()
    if args.encodings:
        encodings(repeats, 5 if args.quick else 20)
        return
    sample_tables(repeats, 10 if args.quick else 40, args.lang)
    print()
    games, moves = (12, 60) if args.quick else (40, 120)
    stream_table(games, moves, args.workers, repeats, args.lang)


if __name__ == "__main__":
    main()
