"""The engine's errors carry a key and its values (bot/engine/errors.py), and
their English (``str(err)``, for logs and tests) is a copy of
``bot/locales/en/err.po``: the catalogue is the source, this checks the copy."""

from __future__ import annotations

import pickle
from dataclasses import fields

import pytest

from bot.engine import (
    CardError,
    GameOverError,
    Ruleset,
    RulesetError,
    TournamentError,
    parse_card,
)
from bot.engine.errors import ENGLISH, Phrase, english
from bot.engine.tournament import MAX_ENTRANTS, Bracket, Entrant, TournamentFormat
from bot.i18n import DEFAULT, Catalogs


@pytest.fixture(scope="module")
def english_catalogue() -> dict[str, str | tuple[str, ...]]:
    return dict(Catalogs()[DEFAULT].texts)


def test_the_engines_english_is_the_english_catalogue(
    english_catalogue: dict[str, str | tuple[str, ...]],
) -> None:
    for key, value in ENGLISH.items():
        assert key in english_catalogue, f"{key} is not in en/err.po"
        assert english_catalogue[key] == value, key


def test_an_error_is_its_key_and_values_and_says_its_english() -> None:
    err = GameOverError("err.rules.game_over")
    assert (err.key, err.params, str(err)) == ("err.rules.game_over", {}, "This game is over.")
    with pytest.raises(CardError) as caught:
        parse_card("zz")
    assert caught.value.key == "err.card.not_a_card" and caught.value.params == {"text": "zz"}
    assert str(caught.value).startswith("“zz” is not a card. Write a rank (A, 2-10 or T")


def test_words_inside_a_refusal_are_a_phrase_of_their_own() -> None:
    with pytest.raises(RulesetError) as caught:
        Ruleset(match_games=2)
    assert str(caught.value) == "match games must be odd: best of 1, 3, 5, 7 or 9."
    with pytest.raises(RulesetError) as caught:
        Ruleset().with_setting("gin_bonus", "lots")
    assert caught.value.params["setting"] == Phrase("err.setting.gin_bonus")
    assert str(caught.value) == "gin bonus must be a whole number from 0 to 100."
    with pytest.raises(CardError) as empty:
        parse_card("")
    assert str(empty.value).startswith("“(nothing)” is not a card.")


def test_every_setting_a_refusal_can_name_has_its_words() -> None:
    for field in fields(Ruleset):
        assert f"err.setting.{field.name}" in ENGLISH, field.name


def test_a_count_picks_its_plural_form() -> None:
    entrants = [Entrant(i, f"P{i}", None, i) for i in range(MAX_ENTRANTS + 1)]
    with pytest.raises(TournamentError) as caught:
        Bracket.new(TournamentFormat.ROUND_ROBIN, entrants)
    assert str(caught.value) == f"A tournament takes at most {MAX_ENTRANTS} players."
    assert english("err.tournament.too_few", {"n": 1}) == "A tournament needs at least 1 player."


def test_an_error_survives_pickling_with_its_key() -> None:
    err = RulesetError("err.ruleset.on_or_off", setting=Phrase("err.setting.shutout"))
    back = pickle.loads(pickle.dumps(err))
    assert (back.key, back.params, str(back)) == (err.key, err.params, "shutout must be on or off.")
