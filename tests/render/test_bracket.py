"""The tournament image (``bot.render.bracket``): it decodes, fits Discord's
size limits, shows who won and what is live, and is a pure function.  The
bracket as text is tested in tests/discord_ui/test_bracket_text.py."""

from __future__ import annotations

import pickle

import pytest
from PIL import ImageChops, ImageStat

from bot.engine.tournament import (
    Bracket,
    TournamentFormat,
)
from bot.render import theme
from bot.render.bracket import bracket_image, render_bracket
from bot.render.canvas import encode_png
from tests.helpers.brackets import RR, SE, entrants, finished, progressed, view_of
from tests.helpers.images import count_near, decode

MAX_SIDE = 3000
#: Phone-sized: every text stays readable when shown 400 px wide (see
#: tests/render/test_scripts.py), so more players make it taller, not wider.
MAX_WIDTH = 1000
MAX_BYTES = 8 * 1024 * 1024


SIZES = [
    (SE, 2, (800, 300)),
    (SE, 5, (800, 600)),
    (SE, 16, (800, 1000)),
    (SE, 64, (1000, 2500)),
    (RR, 6, (800, 600)),
    (RR, 64, (800, 2500)),
]


@pytest.mark.parametrize(("fmt", "n", "min_size"), SIZES)
def test_png_decodes_at_a_sensible_size(
    fmt: TournamentFormat, n: int, min_size: tuple[int, int]
) -> None:
    for b in (progressed(fmt, n, n // 2), finished(fmt, n, long=True)):
        png = render_bracket(view_of(b))
        img = decode(png)
        assert img.format == "PNG"
        assert min_size[0] <= img.width <= MAX_WIDTH
        assert min_size[1] <= img.height <= MAX_SIDE
        assert len(png) < MAX_BYTES


@pytest.mark.parametrize("n", [3, 7, 9, 17, 33])
def test_every_size_renders(n: int) -> None:
    for fmt in TournamentFormat:
        img = decode(render_bracket(view_of(progressed(fmt, n, n))))
        assert img.width <= MAX_WIDTH and img.height <= MAX_SIDE


def test_rendering_is_pure() -> None:
    view = view_of(progressed(SE, 12, 6))
    first = render_bracket(view)
    assert render_bracket(view) == first
    # A copy that went through pickle (as to a render worker) draws the same.
    assert render_bracket(pickle.loads(pickle.dumps(view))) == first
    rr = view_of(progressed(RR, 7, 8))
    assert render_bracket(rr) == render_bracket(rr)


def test_champion_and_live_matches_are_marked() -> None:
    b = progressed(SE, 4, 0)
    assert b.live  # round 1 started
    live = bracket_image(view_of(b))
    assert count_near(live, theme.GOOD) > 100
    quiet = bracket_image(view_of(Bracket.new(SE, entrants(4))))
    assert count_near(quiet, theme.GOOD) == 0
    done = bracket_image(view_of(finished(SE, 4), "Finished"))
    assert count_near(done, theme.GOLD) > count_near(quiet, theme.GOLD) + 200


def test_palette_is_faithful() -> None:
    """Every colour the bracket draws is in the fixed palette (see
    render.palette): encoding moves no pixel noticeably."""
    for b in (progressed(SE, 16, 9), finished(SE, 5), progressed(RR, 6, 5)):
        img = bracket_image(view_of(b))
        back = decode(encode_png(img)).convert("RGB")
        d = ImageChops.difference(img.convert("RGB"), back)
        assert sum(ImageStat.Stat(d).mean) / 3 < 1.0
        r, g, bl = d.split()
        worst = ImageChops.lighter(ImageChops.lighter(r, g), bl)
        assert worst.point(lambda v: 255 if v > 40 else 0).histogram()[255] == 0
