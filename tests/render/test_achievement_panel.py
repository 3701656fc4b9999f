"""The profile card's achievements panel (``bot.render.achievement_panel``):
it draws the count and the names, latest first, in the image's language,
every text of it legible on a phone (at least ``legible_size`` of the
card's width) and every name of every language whole on its line, and the
alt text names every achievement the panel counts."""

from __future__ import annotations

import pytest

from bot.i18n import Lang
from bot.i18n import text as tr
from bot.render import profile as profile_module
from bot.render.profile import render_profile
from bot.render.profile_words import profile_alt
from bot.render.text import legible_size, measure, recording
from bot.service import ACHIEVEMENTS
from tests.helpers.images import decode
from tests.render.test_profile import card

#: The panel's width for text: a third of the bottom row, less its margins.
PANEL_ROOM = (
    profile_module.WIDTH - 2 * profile_module.MARGIN - 2 * profile_module.TILE_GAP
) // 3 - 28
#: The card holds the catalogue keys of the names (the service's ``name_key``).
NAMES = tuple(
    f"season.achievement.{id}.name" for id in ("season_won", "comeback", "first_gin", "first_win")
)


def test_the_panel_counts_and_names_the_achievements_legibly() -> None:
    c = card(achievements=NAMES)
    with recording() as drawn:
        png = render_profile(c)
    assert decode(png).size == (profile_module.WIDTH, profile_module.HEIGHT)
    smallest = legible_size(profile_module.WIDTH)
    values = {d.value: d for d in drawn}
    assert "4" in values and values["4"].size >= smallest
    # The two latest, one a line, and how many more.
    assert values["Season won"].size >= smallest
    assert values["Comeback"].size >= smallest
    assert values["Achievements"].size >= smallest
    alt = profile_alt(c)
    assert all(name in alt for name in ("Season won", "Comeback", "First gin", "First win"))


def test_the_names_are_drawn_in_the_images_language() -> None:
    c = card(achievements=NAMES)
    with recording() as drawn:
        render_profile(c, lang=Lang.DE)
    values = {d.value for d in drawn}
    assert {"Saisonsieg", "Aufholjagd"} <= values and "Season won" not in values
    alt = profile_alt(c, lang=Lang.DE)
    assert "Erfolge: Saisonsieg, Aufholjagd, Erster Gin, Erster Sieg" in alt


def test_no_achievement_yet_is_said() -> None:
    with recording() as drawn:
        render_profile(card(achievements=()))
    none = [d for d in drawn if d.value == "None yet"]
    assert none and none[0].size >= legible_size(profile_module.WIDTH)
    assert "None yet" in profile_alt(card()) or "none yet" in profile_alt(card())


@pytest.mark.parametrize("lang", list(Lang), ids=[lang.value for lang in Lang])
def test_every_achievement_name_fits_its_line(lang: Lang) -> None:
    """Names are drawn whole, in every language: none is cut to fit the
    panel's width."""
    smallest = legible_size(profile_module.WIDTH)
    for achievement in ACHIEVEMENTS:
        name = tr(lang, achievement.name_key)
        assert measure(name, smallest) <= PANEL_ROOM, (lang, name)
