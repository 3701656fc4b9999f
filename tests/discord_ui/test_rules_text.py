"""The rules in the reader's language (``bot.discord_ui.rules_text``): the
English is the engine's and the service's own words, word for word, and
every language names every variant, format, round, level and setting."""

from __future__ import annotations

import pytest

from bot.discord_ui import rules_text as words
from bot.engine import Assist, NextDealer, Ruleset, Scoring, Variant
from bot.engine import words as engine
from bot.engine.match import MatchForm
from bot.engine.tournament import TournamentFormat
from bot.i18n import Lang
from bot.service import AiLevel, PingMode, TableMode, assist_line, ping_line, tables_line
from bot.service.assist import COMPUTER_DEFAULT, PEOPLE_DEFAULT

RULESETS = [
    Ruleset(),
    Ruleset(variant=Variant.OKLAHOMA, shutout=False, fiftieth_card_rule=True),
    Ruleset(variant=Variant.OKLAHOMA, oklahoma_spade_double=False),
    Ruleset(variant=Variant.GIN_ONLY, next_dealer=NextDealer.LOSER),
    Ruleset(scoring=Scoring.HOLLYWOOD, next_dealer=NextDealer.WINNER),
    Ruleset(match=MatchForm.BEST_OF, match_games=5),
    Ruleset(match=MatchForm.MULTI, match_target=500),
]


def test_the_defaults_are_the_services() -> None:
    assert (words.PEOPLE_DEFAULT, words.COMPUTER_DEFAULT) == (PEOPLE_DEFAULT, COMPUTER_DEFAULT)


@pytest.mark.parametrize("rules", RULESETS)
def test_english_is_the_engines_own_words(rules: Ruleset) -> None:
    assert words.rules_summary(Lang.EN, rules) == engine.rules_summary(rules)
    assert words.variant_words(Lang.EN, rules) == engine.variant_words(rules)


def test_english_names_and_lines_are_the_engines_and_the_services() -> None:
    for variant in Variant:
        assert words.variant_label(Lang.EN, variant) == engine.VARIANT_LABELS[variant]
        assert words.variant_rule(Lang.EN, variant) == engine.VARIANT_RULES[variant]
    for fmt in TournamentFormat:
        assert words.format_label(Lang.EN, fmt) == engine.FORMAT_LABELS[fmt]
    for total in range(1, 7):
        for r in range(1, total + 1):
            assert words.round_name(Lang.EN, r, total) == engine.round_name(r, total)
    for assist in (None, *Assist):
        assert words.assist_line(Lang.EN, assist) == assist_line(assist)
    for mode in PingMode:
        assert words.ping_line(Lang.EN, mode, 7) == ping_line(mode, 7)
    for table in TableMode:
        assert words.tables_line(Lang.EN, table) == tables_line(table)


@pytest.mark.parametrize("lang", list(Lang))
def test_every_language_names_everything(lang: Lang) -> None:
    names = [words.variant_label(lang, v) for v in Variant]
    names += [words.format_label(lang, f) for f in TournamentFormat]
    names += [words.level_name(lang, level.value) for level in AiLevel]
    names += [words.round_name(lang, r, 4) for r in (1, 2, 3, 4)]
    assert all(names) and len(set(names)) == len(names)
    for rules in RULESETS:
        assert all(words.rules_summary(lang, rules))
    with pytest.raises(ValueError):
        words.round_name(lang, 5, 4)
