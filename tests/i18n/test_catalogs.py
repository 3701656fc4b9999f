"""The catalogues (``bot/locales/<language>/*.po`` through ``bot/i18n``): every language
has every English key, keeps the English placeholders and its own plural
rule; a missing translation falls back to English, never to a key."""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from pathlib import Path
from typing import Final

import pytest
from babel import Locale
from babel.messages.plurals import get_plural

from bot.i18n import DEFAULT, Catalogs, Lang, lang_of
from bot.i18n.catalogs import LOCALES, Catalog, placeholders


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


#: Counts that meet every plural category of our languages: CLDR's "many" of
#: Spanish, Portuguese and French is the whole millions.
NUMBERS: Final = (*range(2001), 999_999, 1_000_000, 1_000_001, 2_000_000, 1_500_000, 10**9)


def _separates(ours: Mapping[int, int], theirs: Mapping[int, object]) -> bool:
    """Whether the rule ``ours`` (number -> form) tells apart every two
    numbers ``theirs`` does: no form of ours serves two of theirs."""
    served: dict[int, set[object]] = {}
    for n, form in ours.items():
        served.setdefault(form, set()).add(theirs[n])
    return all(len(kinds) == 1 for kinds in served.values())


def _rule_problems(catalog: Catalog) -> list[str]:
    """What is wrong with a language's plural forms: a text without exactly
    the forms its header counts, a form the rule never picks or one outside
    them, or a rule that is not CLDR's categories one for one (each category
    its own form; Babel's CLDR data, in every version) or that merges
    numbers the installed Babel's gettext rule tells apart."""
    problems = [
        f"{key}: {len(value)} forms, the header counts {catalog.num_plurals}"
        for key, value in catalog.texts.items()
        if isinstance(value, tuple) and len(value) != catalog.num_plurals
    ]
    ours = {n: catalog.plural_index(n) for n in NUMBERS}
    if set(ours.values()) != set(range(catalog.num_plurals)):
        problems.append(f"the rule picks forms {sorted(set(ours.values()))}")
    category = Locale.parse(catalog.lang.babel).plural_form
    cldr = {n: category(n) for n in NUMBERS}
    if not _separates(ours, cldr) or len(set(cldr.values())) != catalog.num_plurals:
        problems.append(f"not one form per CLDR category {sorted(set(cldr.values()))}")
    gettext_rule = gettext.c2py(get_plural(catalog.lang.babel).plural_expr)
    if not _separates(ours, {n: gettext_rule(n) for n in NUMBERS}):
        problems.append(f"merges numbers Babel's {get_plural(catalog.lang.babel)} tells apart")
    return problems


@pytest.mark.parametrize("lang", list(Lang))
def test_plural_forms_follow_each_languages_rule(shipped: Catalogs, lang: Lang) -> None:
    assert any(isinstance(v, tuple) for v in shipped[lang].texts.values()), "a plural text"
    assert _rule_problems(shipped[lang]) == []


def test_a_language_lacking_a_plural_form_is_caught(shipped: Catalogs) -> None:
    # Spanish as it was before CLDR's "many": two forms, millions take "other".
    two = Catalog(
        Lang.ES, {"k": ("{n} partida", "{n} partidas")}, gettext.c2py("(n != 1)"), 2, "(n != 1)"
    )
    assert any("CLDR category" in p for p in _rule_problems(two))
    # A text short of the forms its header counts.
    es = shipped[Lang.ES]
    short = Catalog(
        Lang.ES, {"k": ("{n} partida", "{n} partidas")}, es.plural_index, 3, es.plural_expr
    )
    assert _rule_problems(short) == ["k: 2 forms, the header counts 3"]


def test_plural_rules_differ_where_languages_do(shipped: Catalogs) -> None:
    # French and Brazilian Portuguese count zero as singular; English and German don't.
    zero = {lang: shipped.plural(lang, "count.games_in_progress", 0) for lang in Lang}
    one = {lang: shipped.plural(lang, "count.games_in_progress", 1) for lang in Lang}
    for lang in (Lang.FR, Lang.PT_BR):
        assert zero[lang] == one[lang].replace("1", "0", 1), lang
    for lang in (Lang.EN, Lang.DE, Lang.ES):
        assert zero[lang] != one[lang].replace("1", "0", 1), lang
    assert shipped.plural(Lang.EN, "count.games_in_progress", 3) == "3 games in progress"


@pytest.mark.parametrize(
    ("lang", "million", "more"),
    [
        (Lang.ES, "1000000 de partidas en curso", "1000001 partidas en curso"),
        (Lang.PT_BR, "1000000 de partidas em andamento", "1000001 partidas em andamento"),
        (Lang.FR, "1000000 de parties en cours", "1000001 parties en cours"),
        (Lang.EN, "1000000 games in progress", "1000001 games in progress"),
        (Lang.DE, "1000000 laufende Spiele", "1000001 laufende Spiele"),
    ],
)
def test_whole_millions_take_their_own_form_where_the_language_has_one(
    shipped: Catalogs, lang: Lang, million: str, more: str
) -> None:
    # "un millón de partidas": Spanish, Portuguese and French put "de" after millions.
    assert shipped.plural(lang, "count.games_in_progress", 1_000_000) == million
    assert shipped.plural(lang, "count.games_in_progress", 1_000_001) == more
    assert shipped.plural(lang, "count.games_in_progress", 3_000_000) == million.replace("1", "3")


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


def test_every_catalogue_states_its_languages_plural_rule(shipped: Catalogs) -> None:
    # Even a file without plural texts: pybabel and translators' tools read it there.
    for lang in Lang:
        rule = f"nplurals={shipped[lang].num_plurals}; plural={shipped[lang].plural_expr};"
        for path in (LOCALES / lang.value).glob("*.po"):
            header = path.read_text(encoding="utf-8").split("\n\n")[0].splitlines()
            assert f'"Plural-Forms: {rule}\\n"' in header, path


def test_plural_forms_without_their_rule_are_refused(tmp_path: Path) -> None:
    # Without the header, Babel would make the rule up from its own CLDR data.
    _copy(tmp_path, {Lang.ES: {'"Plural-Forms: nplurals=3; plural=': '"X-Plural: '}})
    with pytest.raises(ValueError, match="has plural forms but no Plural-Forms header"):
        Catalogs(tmp_path)


def test_catalogues_of_one_language_with_two_plural_rules_are_refused(tmp_path: Path) -> None:
    _copy(tmp_path)
    header = (tmp_path / "es" / "terms.po").read_text(encoding="utf-8").split("\n\n")[0]
    other = header.replace(
        "nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)",
        "nplurals=2; plural=(n != 1)",
    )
    assert other != header
    (tmp_path / "es" / "extra.po").write_text(other + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="Plural-Forms differs from the other catalogues of es"):
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
