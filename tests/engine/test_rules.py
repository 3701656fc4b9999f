"""Rulesets (``bot.engine.rules``): settings parsed from text, clear errors for
nonsense, and rulesets stored before a setting existed."""

from __future__ import annotations

import pytest

from bot.engine import (
    Ruleset,
    RulesetError,
    Variant,
)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("target", "5"),
        ("target", "99999"),
        ("gin_bonus", "-1"),
        ("variant", "poker"),
        ("next_dealer", "random"),
        ("shutout", "maybe"),
        ("colour", "red"),
        ("target", "ten"),
    ],
)
def test_absurd_settings_get_clear_errors(name: str, value: str) -> None:
    with pytest.raises(RulesetError) as err:
        Ruleset().with_setting(name, value)
    assert len(str(err.value)) > 10


def test_settings_parse_from_text() -> None:
    r = Ruleset().with_setting("variant", "oklahoma").with_setting("fiftieth_card_rule", "on")
    r = r.with_setting("target", "250").with_setting("undercut_bonus", "10")
    assert r.variant is Variant.OKLAHOMA and r.fiftieth_card_rule and r.effective_target == 250
    assert Ruleset.from_dict(r.to_dict()) == r


def test_scoring_is_a_setting_and_nonsense_is_refused() -> None:
    from bot.engine import Ruleset, RulesetError, Scoring

    assert Ruleset().with_setting("scoring", " Hollywood ").scoring is Scoring.HOLLYWOOD
    with pytest.raises(RulesetError, match="scoring must be one of: standard, hollywood"):
        Ruleset().with_setting("scoring", "bollywood")
    old = Ruleset().to_dict()
    del old["scoring"]  # a ruleset stored before the setting existed
    assert Ruleset.from_dict(old).scoring is Scoring.STANDARD
