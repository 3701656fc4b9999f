"""Golden images: every image compared with its reviewed PNG in ``tests/golden/``.

Regenerate them after a deliberate visual change with:

    GIN_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py

(then look at them).  Tests never rewrite goldens on their own.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import PIL
import pytest
from PIL import Image, features

from bot.engine.records import (
    Phase,
)
from bot.engine.tournament import Bracket, Entrant, TournamentFormat, seed, tournament_view
from bot.render import (
    render_board,
    render_bracket,
    render_hand,
    render_reveal,
    render_tally,
)
from tests.helpers import samples
from tests.helpers.images import (
    CHANGED_LIMIT,
    MEAN_LIMIT,
    diff_stats,
    rgb,
    same_enough,
)
from tests.helpers.samples import gin_result, shutout_game

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


UPDATE = os.environ.get("GIN_UPDATE_GOLDEN") == "1"


#: Names in other scripts: Hangul with an emoji, Arabic (shaped, right to left).
WORLD_NAMES = ("김민수 🌸", "محمد علي")


def _world_bracket() -> bytes:
    """Eight players in eight scripts, two matches played, two live."""
    names = ["Zoë", "Αλέξης", "Дмитрий", "محمد علي", "דוד כהן", "李小龍", "さくら", "김민수 🌸"]
    b = Bracket.new(
        TournamentFormat.SINGLE_ELIMINATION,
        seed([Entrant(100 + i, n, 1500.0 - i, i) for i, n in enumerate(names)]),
    )
    for i in range(2):
        m = b.ready()[0]
        winner = m.players[i % 2]
        assert winner is not None
        b.record(m.key, winner, (120 + i, 80 - i))
    for m in b.ready()[:2]:
        b.start(m.key)
    return render_bracket(tournament_view(b, "Gin night", "Round 1"))


GOLDEN_CASES: dict[str, Callable[[], bytes]] = {
    "hand": lambda: render_hand(samples.seat_view()),
    "hand_four_color_wait": lambda: render_hand(
        samples.seat_view(
            hand=samples.cards("2H 3H 4H 9S 9D 9C KD QC JS 5C"),
            drawn=None,
            public=samples.public_view(phase=Phase.DRAW, turn=1, card_counts=(10, 10)),
        ),
        four_color=True,
    ),
    "board": lambda: render_board(samples.public_view()),
    "board_oklahoma": lambda: render_board(samples.oklahoma_view()),
    "reveal": lambda: render_reveal(samples.knock_result(), samples.public_view()),
    "reveal_gin_four_color": lambda: render_reveal(
        gin_result(), samples.oklahoma_view(), four_color=True
    ),
    "tally": lambda: render_tally(samples.game_result(), samples.public_view()),
    "tally_shutout": lambda: render_tally(shutout_game(), samples.public_view()),
    "board_world_names": lambda: render_board(samples.public_view(names=WORLD_NAMES)),
    "reveal_world_names": lambda: render_reveal(
        samples.knock_result(), samples.public_view(names=WORLD_NAMES)
    ),
    "bracket_world_names": _world_bracket,
}


def raster_versions() -> dict[str, str]:
    """What decides the exact pixels: FreeType rasterises the text, Pillow
    resamples the cards.  Goldens are only comparable under the same ones."""
    return {
        "pillow": ".".join(PIL.__version__.split(".")[:2]),
        "freetype": str(features.version("freetype2")),
    }


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden(name: str) -> None:
    data = GOLDEN_CASES[name]()
    path = GOLDEN / f"{name}.png"
    versions_file = GOLDEN / "versions.json"
    if UPDATE:
        path.write_bytes(data)
        versions_file.write_text(json.dumps(raster_versions(), indent=2) + "\n")
        pytest.skip(f"golden {name} rewritten")
    recorded = json.loads(versions_file.read_text())
    # The test extra pins Pillow (and with it FreeType): a mismatch means the
    # environment is not the one the README installs, so fail loudly.
    assert recorded == raster_versions(), (
        f"goldens were made with {recorded}, this is {raster_versions()}: install "
        "'.[test]' (it pins Pillow), or after checking docs/make_samples.py output "
        "regenerate with GIN_UPDATE_GOLDEN=1"
    )
    assert path.exists(), f"missing golden {path}; run with GIN_UPDATE_GOLDEN=1"
    golden = Image.open(path)
    mean, changed = diff_stats(rgb(data), golden)
    assert mean < MEAN_LIMIT and changed < CHANGED_LIMIT, (
        f"{name} differs from its golden: mean {mean:.3f}, {changed} pixels changed"
    )


@pytest.mark.parametrize(
    ("before", "after"),
    [
        # The smallest change we care about: one letter of a 24 px name in
        # the hand's "Waiting for Bob" line (no other pixel moves).
        (
            lambda: render_hand(samples.seat_view(public=samples.public_view(turn=1))),
            lambda: render_hand(
                samples.seat_view(public=samples.public_view(turn=1, names=("Alice", "Bop")))
            ),
        ),
        (
            lambda: render_board(samples.public_view()),
            lambda: render_board(samples.public_view(names=("Alice", "Bop"))),
        ),
        (
            lambda: render_tally(samples.game_result(), samples.public_view()),
            lambda: render_tally(
                samples.game_result(), samples.public_view(names=("Alice", "Bop"))
            ),
        ),
    ],
)
def test_comparator_catches_one_character(
    before: Callable[[], bytes], after: Callable[[], bytes]
) -> None:
    a, b = rgb(before()), rgb(after())
    assert same_enough(a, a)
    assert not same_enough(a, b), diff_stats(a, b)
