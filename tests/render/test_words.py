"""The words drawn into the images (``bot.render.words``) where they depend
on the game: a match's game and hand, the tally's headline, a line bonus
that still fits its column."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine import GameEnd, HandEnd, MatchForm, Phase, PublicView, Ruleset
from bot.engine.match import FinishedGame, MatchFormat, standing
from bot.i18n import Lang, text
from bot.render import tally, words
from bot.render.widgets import text_width
from tests.helpers import samples

EN = Lang.EN


def in_match(hand_number: int, hand_in_game: int, games: int) -> PublicView:
    won = [FinishedGame(i % 2, (250, 100)) for i in range(games)]
    return replace(
        samples.public_view(),
        ruleset=Ruleset(match=MatchForm.BEST_OF, match_games=5),
        match=standing(MatchFormat(games=5), won),
        hand_number=hand_number,
        hand_in_game=hand_in_game,
    )


def test_a_match_board_names_the_game_and_its_hand() -> None:
    assert words.hand_heading(EN, samples.public_view()) == "Hand 3"
    view = in_match(56, 2, games=2)
    assert words.hand_heading(EN, view) == "Game 3 · hand 2"
    assert words.rules_caption(EN, view) == "Standard · to 250 · best of 5: 1 – 1"


def test_the_tally_headline_says_match_in_a_match() -> None:
    assert words.wins_head(EN, samples.public_view()) == "{0} wins the game!"
    assert words.wins_head(EN, in_match(9, 3, games=3)) == "{0} wins the match!"


@pytest.mark.parametrize(
    ("hands", "bonus", "shown"),
    [(4, 25, "4 × 25 = 100"), (12, 25, "12×25 = 300"), (51, 25, "+1275"), (12, 100, "+1200")],
)
def test_a_line_bonus_fits_the_tally_column(hands: int, bonus: int, shown: str) -> None:
    value = words.line_bonus_sum(hands, bonus, hands * bonus)
    assert value == shown
    assert text_width(value, 24) <= tally.COL_W - 30  # the tally draws it at 24 px


# --- every language ------------------------------------------------------------------


@pytest.mark.parametrize("lang", list(Lang))
def test_the_images_use_each_languages_gin_words(lang: Lang) -> None:
    """The words drawn name the gin things as docs/languages.md's table
    (the catalogues' ``term.*``) does, in every language (all but "lay
    off", whose participle each language inflects its own way)."""

    def term(key: str) -> str:
        return text(lang, f"term.{key}").lower()

    assert term("stock") in words.stock_label(lang, 21).lower()
    assert term("stock") in words.hand_stock(lang, 21).lower()
    assert term("discard_pile") in words.pile_label(lang, Phase.DRAW, 4).lower()
    assert term("upcard") in words.pile_label(lang, Phase.UPCARD, 1).lower()
    assert term("deadwood") in words.deadwood_label(lang, 7).lower()
    assert term("run") == words.meld_label(lang, True).lower()
    assert term("set") == words.meld_label(lang, False).lower()
    assert term("knock") in words.knock_caption(lang, 10).lower()
    assert term("gin") in words.knock_caption(lang, 0).lower()
    assert term("big_gin") in words.declare_big_gin(lang).lower()
    assert term("undercut") in text(lang, "img.reveal.sum.undercut").lower()


@pytest.mark.parametrize(
    ("lang", "one", "zero"),
    [
        (Lang.EN, "1 hand won", "0 hands won"),
        (Lang.ES, "1 mano ganada", "0 manos ganadas"),
        (Lang.PT_BR, "1 mão ganha", "0 mão ganha"),
        (Lang.DE, "1 Runde gewonnen", "0 Runden gewonnen"),
        (Lang.FR, "1 manche gagnée", "0 manche gagnée"),
    ],
)
def test_counted_words_take_their_languages_plural(lang: Lang, one: str, zero: str) -> None:
    assert words.score_detail(lang, 100, 1, hollywood=False).endswith(one)
    assert words.score_detail(lang, 100, 0, hollywood=False).endswith(zero)
    assert words.card_count(lang, 1) != words.card_count(lang, 2).replace("2", "1")


def test_a_tournament_round_is_named_in_each_language() -> None:
    assert [words.round_name(Lang.EN, r, 4) for r in (1, 2, 3, 4)] == [
        "Round 1",
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]
    assert [words.round_name(Lang.DE, r, 4) for r in (1, 4)] == ["Runde 1", "Finale"]
    assert words.round_name(Lang.FR, 2, 4) == "Quarts de finale"
    with pytest.raises(ValueError):
        words.round_name(Lang.EN, 5, 4)


def test_templates_keep_their_name_places_in_every_language() -> None:
    """The headlines are templates the drawing fills with fitted names."""
    for lang in Lang:
        assert "{0}" in words.wins_head(lang, samples.public_view())
        undercut = words.reveal_title(lang, HandEnd.UNDERCUT)
        assert "{0}" in undercut and "{1}" in undercut
        margin = words.ended_with_margin(lang, GameEnd.RESIGN, 40)
        assert "{0}" in margin and "40" in margin
