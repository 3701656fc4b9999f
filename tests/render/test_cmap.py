"""Character maps (``bot.render.cmap``): what the fallback chain believes a font
has is what the font really draws, for every kind of font we use."""

from __future__ import annotations

import random

import pytest

from bot.render.cmap import Coverage
from bot.render.fonts import ARABIC, CJK, EMOJI, Face, Source, coverage, primary
from tests.helpers.glyphs import draws


def test_coverage_ranges() -> None:
    cov = Coverage([(10, 20), (21, 25), (40, 40), (5, 12)])
    assert [cp for cp in range(50) if cp in cov] == [*range(5, 26), 40]
    assert len(cov) == 22
    assert "a" not in cov


@pytest.mark.parametrize(
    ("source", "ranges"),
    [
        (primary(Face.BOLD), [(0x20, 0x250), (0x370, 0x530), (0x590, 0x700)]),
        (CJK, [(0x3040, 0x3100), (0x4E00, 0x9FFF), (0xAC00, 0xD7A4)]),
        (ARABIC, [(0x0600, 0x0700), (0xFE70, 0xFF00)]),
        (EMOJI, [(0x1F300, 0x1FA00), (0x2600, 0x2800)]),
    ],
)
def test_coverage_matches_what_the_font_draws(
    source: Source, ranges: list[tuple[int, int]]
) -> None:
    """A sample of code points in and around each font's scripts: the map
    says yes exactly where rendering shows a real glyph."""
    rng = random.Random(source.name)
    cov = coverage(source)
    points = [rng.randrange(lo, hi) for lo, hi in ranges for _ in range(40)]
    points = [cp for cp in points if chr(cp) != " "]
    assert any(cp in cov for cp in points) and any(cp not in cov for cp in points)
    for cp in points:
        assert (cp in cov) == draws(chr(cp), source.name), hex(cp)
