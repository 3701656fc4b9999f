"""The refusals' catalogue (``bot/locales/<language>/err.po``): its English
uses the glossary's words, and each translation the gin words of
docs/languages.md (the ``term.*`` entries) wherever the English names one of
those things."""

from __future__ import annotations

import re

import pytest

from bot.i18n import DEFAULT, Lang, catalogs, text
from tests.project.test_glossary import offences

#: The gin words a refusal names as nouns (a verb such as "knock" changes its
#: stem when conjugated: "cerrar", "cierras"), with the English as the
#: refusals write it.
NOUNS = {
    "term.stock": "stock",
    "term.discard_pile": "discard pile",
    "term.upcard": "upcard",
    "term.deadwood": "deadwood",
    "term.meld": "meld",
    "term.big_gin": "big gin",
}


def refusals(lang: Lang) -> dict[str, str]:
    """Every ``err.*`` text of ``lang`` (plural forms joined)."""
    return {
        key: value if isinstance(value, str) else " / ".join(value)
        for key, value in catalogs()[lang].texts.items()
        if key.startswith("err.")
    }


def stems(words: str) -> re.Pattern[str]:
    """``words`` with any ending on each word ("combinación" finds "combinaciones")."""
    parts = [re.escape(w[: max(3, len(w) - 2)]) + r"\w*" for w in words.split()]
    return re.compile(r"(?<!\w)" + r"[\s-]+".join(parts), re.IGNORECASE)


def test_the_english_refusals_use_the_glossarys_words() -> None:
    found = {key: offences(said) for key, said in refusals(DEFAULT).items()}
    assert {key: words for key, words in found.items() if words} == {}


@pytest.mark.parametrize("lang", [lang for lang in Lang if lang is not DEFAULT])
def test_translations_name_the_gin_words_of_the_table(lang: Lang) -> None:
    english, theirs = refusals(DEFAULT), refusals(lang)
    checked = 0
    for term, noun in NOUNS.items():
        said = re.compile(rf"\b{noun}", re.IGNORECASE)
        word = stems(text(lang, term))
        for key, sentence in english.items():
            if said.search(sentence):
                checked += 1
                assert word.search(theirs[key]), f"{key}: {text(lang, term)!r} in {theirs[key]!r}"
    assert checked >= 10  # the rules' refusals name the stock, the upcard, the discard pile...


def test_every_language_words_every_refusal_itself() -> None:
    """Complete, not English left in place (a setting's name may match)."""
    english = refusals(DEFAULT)
    for lang in Lang:
        if lang is DEFAULT:
            continue
        same = {k for k, v in refusals(lang).items() if v == english[k]}
        assert same <= {"err.setting.match"}, lang
