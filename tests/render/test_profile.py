"""The profile card (``bot.render.profile``) and its words
(``bot.render.profile_words``): it decodes, its alt text states the figures
it draws, the chart is thinned without losing its range, and the render pool
draws it."""

from __future__ import annotations

import random

from bot.engine import HandEnd
from bot.i18n import Lang
from bot.render import profile as profile_module
from bot.render.pool import RenderPool
from bot.render.profile import render_profile
from bot.render.profile_card import ProfileCard, thin
from bot.render.profile_words import MAX_ALT, profile_alt
from bot.render.text import recording
from tests.helpers.images import MAX_BYTES, decode


def card(**changes: object) -> ProfileCard:
    rng = random.Random(2)
    ratings = [1200.0]
    for _ in range(40):
        ratings.append(round(ratings[-1] + rng.uniform(-16, 16), 2))
    base = {
        "name": "Ana",
        "ratings": tuple(ratings),
        "first_at": 1_790_000_000.0,
        "last_at": 1_795_000_000.0,
        "rating": ratings[-1],
        "games": 40,
        "wins": 23,
        "win_rate": 23 / 40,
        "hands_won": 70,
        "gins": 9,
        "gin_rate": 9 / 70,
        "knocks": 52,
        "undercut": 4,
        "undercut_rate": 4 / 52,
        "knock_deadwood": 211 / 52,
        "best_streak": 6,
        "current_streak": 2,
        "best_hand": (55, HandEnd.GIN, 17, 4),
        "head_to_head": (5, 3),
    }
    base.update(changes)
    return ProfileCard(**base)  # type: ignore[arg-type]


def test_the_card_decodes_and_its_alt_text_states_its_figures() -> None:
    c = card()
    png = render_profile(c)
    img = decode(png)
    assert img.format == "PNG" and img.size == (profile_module.WIDTH, profile_module.HEIGHT)
    assert len(png) <= MAX_BYTES
    alt = profile_alt(c)
    assert len(alt) <= MAX_ALT
    for figure in (
        f"rating {c.rating:.0f}",
        "40 rated games from 1200",
        f"lowest {min(c.ratings):.0f}",
        f"highest {max(c.ratings):.0f}",
        "won 23 of 40 (57%)",
        "gin in 13% of hands won (9 of 70)",
        "undercut in 8% of knocks (4 of 52",
        "average deadwood when knocking 4.1",
        "best streak 6 wins in a row (now 2)",
        "best hand 55 points by gin (game 17, hand 4)",
        "head to head with you: Ana won 5, you won 3",
        "achievements: none yet",
    ):
        assert figure in alt, figure


def test_a_new_player_and_ones_own_card() -> None:
    c = card(
        ratings=(),
        first_at=None,
        last_at=None,
        rating=None,
        games=0,
        wins=0,
        win_rate=None,
        hands_won=0,
        gins=0,
        gin_rate=None,
        knocks=0,
        undercut=0,
        undercut_rate=None,
        knock_deadwood=None,
        best_streak=0,
        current_streak=0,
        best_hand=None,
        head_to_head=None,
    )
    assert decode(render_profile(c)).format == "PNG"
    alt = profile_alt(c)
    assert "no rated games yet" in alt and "no hand won yet" in alt
    assert "head to head" not in alt and "achievements: none yet" in alt


def test_thinning_keeps_the_ends_and_the_range() -> None:
    rng = random.Random(9)
    values = [rng.uniform(900, 1500) for _ in range(5000)]
    thinned = thin(values, 120)
    assert len(thinned) <= 120
    assert thinned[0] == values[0] and thinned[-1] == values[-1]
    assert min(thinned) == min(values) and max(thinned) == max(values)
    assert thin(values[:50], 120) == tuple(values[:50])


async def test_the_pool_draws_profiles() -> None:
    c = card()
    pool = RenderPool(0)
    try:
        png = await pool.profile(c)
    finally:
        pool.close()
    assert png == render_profile(c)


def test_the_card_speaks_the_askers_language() -> None:
    """Words and numbers as the asker's language writes them: "4,1" in
    German, "57 %" in French; the alt text states the same figures."""
    c = card()
    with recording() as drawn:
        png = render_profile(c, lang=Lang.DE)
    assert decode(png).format == "PNG"
    values = [d.value for d in drawn]
    assert {"Wertung 1229", "Wertung", "4,1", "57 %", "55 Punkte"} <= set(values)
    assert not {"Rating", "Won", "Best hand", "55 points", "4.1"} & set(values)
    alt = profile_alt(c, lang=Lang.FR)
    for figure in (
        "classement 1229",
        "23 gagnées sur 40 (57 %)",
        "points morts moyens en frappant 4,1",
    ):
        assert figure in alt, figure
    assert profile_alt(c, lang=Lang.EN) == profile_alt(c)


async def test_the_pool_keeps_a_profile_per_language() -> None:
    c = card()
    pool = RenderPool(0)
    try:
        english = await pool.profile(c)
        french = await pool.profile(c, lang=Lang.FR)
    finally:
        pool.close()
    assert english != french and french == render_profile(c, lang=Lang.FR)
    assert pool.drawn == 2
