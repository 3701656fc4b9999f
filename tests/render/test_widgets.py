"""Drawing helpers (``bot.render.widgets``): titles that shorten names, never their words."""

from __future__ import annotations


def test_tally_and_reveal_titles_keep_their_words() -> None:
    from bot.i18n import Lang
    from bot.render.text import measure
    from bot.render.widgets import phrase

    long = "Maximilian Alexander von Hohenzollern-Sigmaringen"
    head = phrase("{0} wins the game!", [(long, 0)], 40, 700, lang=Lang.EN)
    assert head.endswith("… wins the game!")
    assert measure(head, 40) <= 700
    two = phrase("{1} undercuts {0}!", [(long, 0), ("Bo", 1)], 36, 500, lang=Lang.EN)
    assert two.startswith("Bo undercuts ") and two.endswith("!")
    assert measure(two, 36) <= 500
