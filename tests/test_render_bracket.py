"""The tournament image and text: they decode, fit Discord (size, 2,000
characters), show who won and what is live, and are pure functions."""

from __future__ import annotations

import io
import pickle
import random

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.discord_ui.bracket_text import bracket_text
from bot.engine.tournament import (
    Bracket,
    Entrant,
    TournamentFormat,
    TournamentView,
    seed,
    tournament_view,
)
from bot.render import theme
from bot.render.bracket import bracket_image, render_bracket
from bot.render.canvas import encode_png

SE = TournamentFormat.SINGLE_ELIMINATION
RR = TournamentFormat.ROUND_ROBIN
MAX_SIDE = 3000
MAX_BYTES = 8 * 1024 * 1024

HOSTILE = [
    "Maximilian Alexander von Hohenzollern-Sigmaringen the Third " * 3,
    "山田太郎",
    "🎲👨‍👩‍👧🏳️‍🌈",
    "Z̷̧̛̛̖̖̗̗a̴̢̛̖̗l̸̢̛̖̗g̵̢̛̖̗ơ̶̢̖̗",
    "",
    "\u200b\u200d\u2066",
    "\x00\x07\t\n",
    "**bold** _it_ `code` ||spoiler|| # head",
    "W" * 500,
]


def entrants(n: int, *, long: bool = False) -> tuple[Entrant, ...]:
    def name(i: int) -> str:
        if long:
            return f"{'W' * 40} 🎲 the {i}th"
        return HOSTILE[i] if i < len(HOSTILE) and i % 2 else f"Player{i:02d}"

    return seed(
        [Entrant(1000 + i, name(i), None if i % 4 == 3 else 1500.0 - i, i) for i in range(n)]
    )


def progressed(fmt: TournamentFormat, n: int, played: int, *, long: bool = False) -> Bracket:
    """A bracket after ``played`` matches, with some matches live."""
    rng = random.Random(n * 31 + played)
    b = Bracket.new(fmt, entrants(n, long=long))
    for _ in range(played):
        ready = b.ready()
        if not ready:
            break
        m = ready[0]
        winner = m.players[rng.randrange(2)]
        assert winner is not None
        b.record(m.key, winner, (rng.randrange(400), rng.randrange(400)))
    for m in b.ready()[:3]:
        b.start(m.key)
    return b


def finished(fmt: TournamentFormat, n: int, *, long: bool = False) -> Bracket:
    rng = random.Random(n)
    b = Bracket.new(fmt, entrants(n, long=long))
    while not b.is_over:
        m = b.ready()[0]
        winner = m.players[rng.randrange(2)]
        assert winner is not None
        b.record(m.key, winner, (rng.randrange(400), rng.randrange(400)))
    return b


def view_of(b: Bracket, status: str = "Round 2") -> TournamentView:
    return tournament_view(b, "Autumn Open", status)


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def count_near(img: Image.Image, color: theme.RGB) -> int:
    rgb = img.convert("RGB")
    d = ImageChops.difference(rgb, Image.new("RGB", rgb.size, color))
    r, g, b = d.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
    return worst.point(lambda v: 255 if v <= 12 else 0).histogram()[255]


# --- the image -----------------------------------------------------------------


SIZES = [
    (SE, 2, (700, 250)),
    (SE, 5, (1000, 450)),
    (SE, 16, (1200, 700)),
    (SE, 64, (1500, 1500)),
    (RR, 6, (760, 400)),
    (RR, 64, (1500, 1400)),
]


@pytest.mark.parametrize(("fmt", "n", "min_size"), SIZES)
def test_png_decodes_at_a_sensible_size(
    fmt: TournamentFormat, n: int, min_size: tuple[int, int]
) -> None:
    for b in (progressed(fmt, n, n // 2), finished(fmt, n, long=True)):
        png = render_bracket(view_of(b))
        img = decode(png)
        assert img.format == "PNG"
        assert min_size[0] <= img.width <= MAX_SIDE
        assert min_size[1] <= img.height <= MAX_SIDE
        assert len(png) < MAX_BYTES


@pytest.mark.parametrize("n", [3, 7, 9, 17, 33])
def test_every_size_renders(n: int) -> None:
    for fmt in TournamentFormat:
        img = decode(render_bracket(view_of(progressed(fmt, n, n))))
        assert max(img.size) <= MAX_SIDE


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


# --- the text ------------------------------------------------------------------


def units(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


@pytest.mark.parametrize("fmt", list(TournamentFormat))
def test_text_fits_discord_for_64_long_names(fmt: TournamentFormat) -> None:
    stages = [Bracket.new(fmt, entrants(64, long=True))]
    stages += [progressed(fmt, 64, k, long=True) for k in (10, 40, 300)]
    stages.append(finished(fmt, 64, long=True))
    for b in stages:
        text = bracket_text(tournament_view(b, "T" * 300, "S" * 300))
        assert len(text) <= 2000
        assert units(text) <= 2000
    over = bracket_text(view_of(stages[-1], "Finished"))
    assert "Champion" in over


def test_text_keeps_the_current_round() -> None:
    b = progressed(SE, 64, 40, long=True)
    text = bracket_text(view_of(b))
    assert "**Round 2**" in text
    assert text.count("playing now") == 3


def test_text_names_the_champion() -> None:
    for fmt in TournamentFormat:
        plain = [Entrant(i + 1, f"Name{i}", 1500.0 - i, i) for i in range(6)]
        rng = random.Random(5)
        b = Bracket.new(fmt, plain)
        while not b.is_over:
            m = b.ready()[0]
            winner = m.players[rng.randrange(2)]
            assert winner is not None
            b.record(m.key, winner, (rng.randrange(400), rng.randrange(400)))
        assert b.champion is not None
        text = bracket_text(view_of(b, "Finished"))
        assert f"🏆 Champion: **Name{b.champion - 1}**" in text
        assert bracket_text(view_of(progressed(fmt, 6, 1))).count("Champion") == 0


def test_text_small_bracket_shows_everything() -> None:
    b = Bracket.new(SE, [Entrant(i + 1, n, None, i) for i, n in enumerate(["Ana", "Bo", "Cy"])])
    b.start("r1m2")
    text = bracket_text(view_of(b, "Round 1"))
    assert "(1) Ana · bye" in text
    assert "▶ (2) Bo vs (3) Cy · *playing now*" in text
    assert "(1) Ana vs *TBD*" in text
    b.record("r1m2", 2, (250, 100))
    b.record("r2m1", 1, (251, 190))
    text = bracket_text(view_of(b, "Finished"))
    assert "🏆 Champion: **Ana**" in text
    assert "**(1) Ana** beat (2) Bo · 251–190" in text


def test_text_escapes_markdown_in_names() -> None:
    es = [Entrant(1, "**boss**_x_", 2000.0, 0), Entrant(2, "# head", None, 1)]
    b = Bracket.new(RR, seed(es))
    text = bracket_text(view_of(b, "Round 1"))
    assert "\\*\\*boss\\*\\*\\_x\\_" in text
    assert "\\# head" in text
    assert "**boss**" not in text


def test_round_robin_text_has_standings() -> None:
    b = progressed(RR, 6, 7)
    text = bracket_text(view_of(b))
    assert "**Standings**" in text
    assert text.count(" W · ") == 6
