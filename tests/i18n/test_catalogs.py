"""The catalogues (``bot/locales/<language>/*.po`` through ``bot/i18n``): every language
has every English key, keeps the English placeholders and its own plural
rule; a missing translation falls back to English, never to a key."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.plurals import get_plural

from bot.i18n import DEFAULT, Catalogs, Lang, lang_of
from bot.i18n.catalogs import LOCALES, placeholders


@pytest.fixture(scope="module")
def shipped() -> Catalogs:
    return Catalogs()


def _forms(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


@pytest.mark.parametrize("lang", [lang for lang in Lang if lang is not DEFAULT])
def test_every_language_has_every_english_key_and_no_other(shipped: Catalogs, lang: Lang) -> None:
    english = set(shipped[DEFAULT].keys())
    theirs = set(shipped[lang].keys())
    assert english - theirs == set(), f"{lang.value}.po lacks these keys"
    assert theirs - english == set(), f"{lang.value}.po has keys English lacks"


@pytest.mark.parametrize("lang", list(Lang))
def test_translations_keep_the_english_placeholders(shipped: Catalogs, lang: Lang) -> None:
    english = shipped[DEFAULT].texts
    for key, value in shipped[lang].texts.items():
        want = set().union(*(placeholders(f) for f in _forms(english[key])))
        for form in _forms(value):
            assert placeholders(form) == want, f"{lang.value}: {key}: {form!r}"
        # The same kind of text: plural in English, plural in every language.
        assert isinstance(value, tuple) == isinstance(english[key], tuple), key


@pytest.mark.parametrize("lang", list(Lang))
def test_plural_forms_follow_each_languages_rule(shipped: Catalogs, lang: Lang) -> None:
    wanted = get_plural(lang.babel).num_plurals
    plurals = {k: v for k, v in shipped[lang].texts.items() if isinstance(v, tuple)}
    assert plurals, "at least one text has plural forms"
    for key, forms in plurals.items():
        assert len(forms) == wanted, key


def test_plural_rules_differ_where_languages_do(shipped: Catalogs) -> None:
    # French and Brazilian Portuguese count zero as singular; English and German don't.
    zero = {lang: shipped.plural(lang, "count.games_in_progress", 0) for lang in Lang}
    one = {lang: shipped.plural(lang, "count.games_in_progress", 1) for lang in Lang}
    for lang in (Lang.FR, Lang.PT_BR):
        assert zero[lang] == one[lang].replace("1", "0", 1), lang
    for lang in (Lang.EN, Lang.DE, Lang.ES):
        assert zero[lang] != one[lang].replace("1", "0", 1), lang
    assert shipped.plural(Lang.EN, "count.games_in_progress", 3) == "3 games in progress"


def _copy(folder: Path, edit: dict[Lang, dict[str, str]] | None = None) -> None:
    """The shipped catalogues in ``folder``, each file's text edited by ``edit``."""
    for lang in Lang:
        (folder / lang.value).mkdir()
        for path in (LOCALES / lang.value).glob("*.po"):
            text = path.read_text(encoding="utf-8")
            for old, new in (edit or {}).get(lang, {}).items():
                text = text.replace(old, new)
            (folder / lang.value / path.name).write_text(text, encoding="utf-8")


def test_every_language_has_the_same_catalogue_files() -> None:
    files = {lang: sorted(p.name for p in (LOCALES / lang.value).glob("*.po")) for lang in Lang}
    assert files[DEFAULT], "English has catalogues"
    for lang in Lang:
        assert files[lang] == files[DEFAULT], lang


def test_a_key_in_two_catalogues_is_refused(tmp_path: Path) -> None:
    _copy(tmp_path)
    terms = (tmp_path / "de" / "terms.po").read_text(encoding="utf-8")
    (tmp_path / "de" / "more.po").write_text(terms, encoding="utf-8")
    with pytest.raises(ValueError, match="is also in another catalogue of de"):
        Catalogs(tmp_path)


def test_a_missing_translation_falls_back_to_english(tmp_path: Path) -> None:
    # German loses one entry, another goes fuzzy.
    _copy(
        tmp_path,
        {
            Lang.DE: {
                'msgstr "klopfen"': 'msgstr ""',
                'msgid "term.stock"': '#, fuzzy\nmsgid "term.stock"',
            }
        },
    )
    cats = Catalogs(tmp_path)
    assert cats.text(Lang.DE, "term.knock") == cats.text(Lang.EN, "term.knock") == "knock"
    assert cats.text(Lang.DE, "term.stock") == "stock"
    assert cats.text(Lang.DE, "term.meld") == "Kombination"
    with pytest.raises(KeyError):
        cats.text(Lang.DE, "no.such.key")  # a key English lacks is a bug, not a blank


def test_texts_and_plurals_are_not_confused(shipped: Catalogs) -> None:
    with pytest.raises(TypeError):
        shipped.text(Lang.EN, "count.games_in_progress")
    with pytest.raises(TypeError):
        shipped.plural(Lang.EN, "term.knock", 2)


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("en-US", Lang.EN),
        ("en-GB", Lang.EN),
        ("es-ES", Lang.ES),
        ("es-419", Lang.ES),
        ("pt-BR", Lang.PT_BR),
        ("de", Lang.DE),
        ("fr", Lang.FR),
        ("ja", Lang.EN),
        ("", Lang.EN),
        (None, Lang.EN),
        ("PT-br", Lang.PT_BR),
    ],
)
def test_discord_locales_map_to_our_languages(locale: str | None, lang: Lang) -> None:
    assert lang_of(locale) is lang


def test_the_gin_words_table_in_the_docs_is_the_catalogues(shipped: Catalogs) -> None:
    """docs/languages.md lists each language's gin words: they are the
    catalogues' ``term.*`` entries, every one of them, in the table's order
    of languages."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "languages.md").read_text()
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in doc.splitlines()
        if line.startswith("| ") and not line.startswith("| English")
    ]
    order = [Lang.EN, Lang.ES, Lang.PT_BR, Lang.DE, Lang.FR]
    terms = {k: v for k, v in shipped[DEFAULT].texts.items() if k.startswith("term.")}
    by_english = {v: k for k, v in terms.items()}
    assert sorted(row[0] for row in rows) == sorted(terms.values())
    for row in rows:
        key = by_english[row[0]]
        assert row == [shipped.text(lang, key) for lang in order], key
