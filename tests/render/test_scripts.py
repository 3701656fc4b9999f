"""Every player, every language, every screen: names in any script are drawn
(never "?" or "Player N"), by a font that really has their characters, and
every text of every image stays readable at Discord's phone preview size.

The images are drawn under :func:`bot.render.text.recording`, which collects
every text the scene draws with its font size and the font of each run (card
corner indices included), so nothing here guesses at what was drawn.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine.tournament import Bracket, Entrant, TournamentFormat, seed, tournament_view
from bot.render import render_board, render_bracket, render_hand, render_reveal, render_tally
from bot.render.bidi import visual
from bot.render.names import clean_text
from bot.render.text import MIN_PREVIEW_PX, PREVIEW_WIDTH, Drawn, legible_size, recording
from tests.helpers import samples
from tests.helpers.glyphs import draws
from tests.helpers.images import decode

#: A name in each script the renderer must draw.
NAMES = {
    "latin": "Zoë Ærø",
    "greek": "Αλέξης",
    "cyrillic": "Дмитрий",
    "arabic": "محمد علي",
    "hebrew": "דוד כהן",
    "chinese": "李小龍",
    "japanese": "さくら 山田",
    "korean": "김민수",
    "emoji": "Ana 🌸",
}
SE = TournamentFormat.SINGLE_ELIMINATION


def _game_images(a: str, b: str) -> list[bytes]:
    pub = samples.public_view(names=(a, b))
    return [
        render_hand(samples.seat_view(public=replace(pub, turn=1), seat=0)),
        render_hand(samples.seat_view(public=pub, seat=0)),
        render_board(pub),
        render_reveal(samples.knock_result(), pub),
        render_reveal(samples.gin_result(), pub),
        render_reveal(samples.dead_result(), pub),
        render_tally(samples.game_result(), pub),
        render_tally(samples.shutout_game(), pub),
    ]


def _bracket(fmt: TournamentFormat, names: list[str], played: int) -> bytes:
    entrants = seed([Entrant(100 + i, n, 1500.0 - i, i) for i, n in enumerate(names)])
    b = Bracket.new(fmt, entrants)
    for i in range(played):
        ready = b.ready()
        if not ready:
            break
        m = ready[0]
        winner = m.players[i % 2]
        assert winner is not None
        b.record(m.key, winner, (100 + i, 90 - i))
    for m in b.ready()[:2]:
        b.start(m.key)
    return render_bracket(tournament_view(b, "Gin night 🌸 ليلة", "Round 2"))


def _pairs() -> list[tuple[str, str]]:
    keys = list(NAMES)
    return [(keys[i], keys[(i + 1) % len(keys)]) for i in range(len(keys))]


def _shown(name: str) -> str:
    return visual(clean_text(name))


def _assert_drawn_by_its_fonts(drawn: list[Drawn], name: str) -> None:
    """``name`` appears whole in some text, and every character of those texts
    was drawn by a font that has a glyph for it."""
    shown = _shown(name)
    holding = [d for d in drawn if shown in d.value]
    assert holding, f"{name!r} (as {shown!r}) was never drawn"
    for d in holding:
        for run, font_name in d.runs:
            assert font_name, f"{run!r} of {d.value!r} had no font"
            for ch in run:
                assert draws(ch, font_name), f"{ch!r} of {name!r} is not in {font_name}"


def _assert_readable(drawn: list[Drawn]) -> None:
    assert drawn
    worst = min(drawn, key=lambda d: d.preview_px)
    assert worst.preview_px >= MIN_PREVIEW_PX, (
        f"{worst.value!r} is {worst.size} px in a {worst.image_width} px image: "
        f"{worst.preview_px:.1f} px at {PREVIEW_WIDTH} px wide"
    )


def test_legible_size_is_the_rule() -> None:
    assert legible_size(800) == 22
    assert legible_size(900) == 25
    assert legible_size(1000) == 28
    assert 22 * PREVIEW_WIDTH / 800 >= MIN_PREVIEW_PX > 21 * PREVIEW_WIDTH / 800


@pytest.mark.parametrize(("first", "second"), _pairs())
def test_game_images_draw_every_script_readably(first: str, second: str) -> None:
    a, b = NAMES[first], NAMES[second]
    with recording() as drawn:
        pngs = _game_images(a, b)
    for png in pngs:
        assert decode(png).format == "PNG"
    _assert_readable(drawn)
    values = " ".join(d.value for d in drawn)
    assert "Player 1" not in values and "Player 2" not in values
    assert not any("?" in d.value for d in drawn)
    for name in (a, b):
        _assert_drawn_by_its_fonts(drawn, name)
    # Card corner indices are recorded too (they are text on the card tiles).
    assert any(d.value == "10" or d.value in "A23456789JQK" for d in drawn)


@pytest.mark.parametrize("players", [8, 16])
def test_bracket_draws_every_script_within_a_phone_width(players: int) -> None:
    names = [NAMES[k] for k in NAMES]
    names = (names * 2)[:players]
    with recording() as drawn:
        png = _bracket(SE, names, players - 3)
    img = decode(png)
    assert img.format == "PNG"
    assert img.width <= 1000
    _assert_readable(drawn)
    assert not any("Player" in d.value for d in drawn)
    for name in set(names):
        _assert_drawn_by_its_fonts(drawn, name)
    assert any(d.value == _shown("Gin night 🌸 ليلة") for d in drawn)


@pytest.mark.parametrize(("fmt", "players"), [(SE, 2), (SE, 5), (SE, 40), (SE, 64)])
def test_every_bracket_size_is_readable(fmt: TournamentFormat, players: int) -> None:
    names = [f"{NAMES[k]} {i}" for i, k in zip(range(players), list(NAMES) * 8, strict=False)]
    with recording() as drawn:
        img = decode(_bracket(fmt, names, players // 2))
    assert img.width <= 1000
    _assert_readable(drawn)


@pytest.mark.parametrize("players", [3, 8, 12, 20])
def test_round_robin_is_readable(players: int) -> None:
    names = [NAMES[k] for k in NAMES] * 3
    with recording() as drawn:
        img = decode(_bracket(TournamentFormat.ROUND_ROBIN, names[:players], players))
    assert img.width <= 1000
    _assert_readable(drawn)
    for name in set(names[:players]):
        _assert_drawn_by_its_fonts(drawn, name)


def test_long_names_are_cut_with_an_ellipsis() -> None:
    """A name too long for its place is cut by measured width: the Hangul
    name ends with an ellipsis, the right-to-left one starts with it."""
    long_names = ("김민수" * 12, "محمد" * 12)
    with recording() as drawn:
        pngs = _game_images(*long_names)
    assert all(decode(p).format == "PNG" for p in pngs)
    assert any(d.value.startswith("김민수") and "…" in d.value for d in drawn)
    assert any(d.value.startswith("…\ufeaa") for d in drawn)
    _assert_readable(drawn)


def test_recorder_sees_only_its_block() -> None:
    with recording() as first:
        render_board(samples.public_view())
    count = len(first)
    render_board(samples.public_view())
    assert len(first) == count > 0
