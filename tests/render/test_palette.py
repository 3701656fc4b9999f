"""The fixed palette (``bot.render.palette``) keeps every image close to its RGB original."""

from __future__ import annotations

from bot.render.board import board_image
from bot.render.canvas import encode_png
from bot.render.hand import hand_image
from bot.render.palette import palette_colors
from bot.render.reveal import reveal_image
from bot.render.tally import tally_image
from tests.helpers import samples
from tests.helpers.images import (
    diff_stats,
    rgb,
)
from tests.helpers.samples import gin_result, shutout_game


def test_palette_is_faithful() -> None:
    """The fixed palette keeps every render close to its RGB original; if
    this fails, a new colour was drawn without adding it to palette.BLENDS."""
    assert len(palette_colors()) <= 256
    images = [
        hand_image(samples.seat_view()),
        hand_image(samples.seat_view(), four_color=True),
        board_image(samples.public_view()),
        board_image(samples.oklahoma_view(), four_color=True),
        reveal_image(samples.knock_result(), samples.public_view()),
        reveal_image(gin_result(), samples.oklahoma_view(), four_color=True),
        tally_image(shutout_game(), samples.public_view()),
    ]
    for img in images:
        mean, changed = diff_stats(img, rgb(encode_png(img)))
        assert mean < 1.0
        assert changed == 0
