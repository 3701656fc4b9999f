"""The catalogues: read once from ``bot/locales/<language>/*.po`` with Babel,
looked up by key, worded with ``str.format`` placeholders.

Which plural form a number takes comes from the catalogues' own
``Plural-Forms`` header, never from the plural rules of the installed Babel:
the forms a file has are the ones its header counts, and Babel's CLDR data
changes between releases (2.19 gave Spanish, Portuguese and French a third
form, "many", for whole millions), so a rule taken from it could index forms
a file does not have.  A file with plural texts must declare the header, and
a language's files must agree on it; ``tests/i18n`` checks each rule against
CLDR's plural categories.
"""

from __future__ import annotations

import gettext
import io
import re
import string
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.pofile import read_po

from .languages import DEFAULT, Lang

#: Where the catalogues are (shipped with the package).
LOCALES: Final = Path(__file__).resolve().parent.parent / "locales"


#: The header line that states a catalogue's own plural rule (without it,
#: Babel would make one up from its CLDR data, which changes between releases).
_PLURAL_FORMS: Final = re.compile(rb'^"Plural-Forms:', re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Catalog:
    """One language's texts by key.  A plural text is a tuple of its
    ``num_plurals`` forms, indexed by the language's plural rule (the
    catalogues' ``Plural-Forms`` header: ``plural_expr``)."""

    lang: Lang
    texts: Mapping[str, str | tuple[str, ...]]
    plural_index: Callable[[int], int]
    num_plurals: int
    plural_expr: str

    def keys(self) -> Iterator[str]:
        return iter(self.texts)


def load(lang: Lang, folder: Path = LOCALES) -> Catalog:
    """Read every catalogue of ``lang``: ``<folder>/<lang>/*.po``, one per
    part of the bot (``terms.po``, …), merged.  Untranslated and fuzzy
    entries are left out (the English text stands in for them); a key in
    two files, plural forms in a file without a ``Plural-Forms`` header and
    two files with different ones are mistakes."""
    texts: dict[str, str | tuple[str, ...]] = {}
    rule: tuple[int, str] | None = None
    found = False
    for path in sorted((folder / lang.value).glob("*.po")):
        found = True
        raw = path.read_bytes()
        declared = _PLURAL_FORMS.search(raw.split(b"\n\n", 1)[0]) is not None  # the header
        po: BabelCatalog = read_po(io.BytesIO(raw), locale=lang.babel)
        if declared:  # Babel takes both from the header when there is one
            file_rule = (po.num_plurals, po.plural_expr)
            if rule is not None and file_rule != rule:
                raise ValueError(
                    f"{path}: Plural-Forms differs from the other catalogues of {lang.value}"
                )
            rule = file_rule
        for message in po:
            if not message.id:
                continue
            key = message.id[0] if isinstance(message.id, tuple | list) else message.id
            if key in texts:
                raise ValueError(f"{path}: {key} is also in another catalogue of {lang.value}")
            if message.pluralizable and not declared:
                raise ValueError(f"{path}: {key} has plural forms but no Plural-Forms header")
            if message.fuzzy:
                continue
            value = message.string
            if isinstance(value, tuple | list):
                if all(value):
                    texts[key] = tuple(value)
            elif value:
                texts[key] = value
    if not found:
        raise FileNotFoundError(f"no catalogue in {folder / lang.value}")
    # No header at all means no plural text, so no rule is ever asked for.
    num_plurals, plural_expr = rule or (2, "(n != 1)")
    return Catalog(lang, texts, gettext.c2py(plural_expr), num_plurals, plural_expr)


def placeholders(text: str) -> frozenset[str]:
    """The ``{names}`` a text fills in (for the catalogue checks)."""
    return frozenset(
        field.split(".")[0].split("[")[0]
        for _, field, _, _ in string.Formatter().parse(text)
        if field is not None
    )


class Catalogs:
    """Every language's catalogue, English as the fallback of each."""

    def __init__(self, folder: Path = LOCALES) -> None:
        self._by_lang = {lang: load(lang, folder) for lang in Lang}
        self._english = self._by_lang[DEFAULT]

    def __getitem__(self, lang: Lang) -> Catalog:
        return self._by_lang[lang]

    def _raw(self, lang: Lang, key: str) -> tuple[Catalog, str | tuple[str, ...]]:
        catalog = self._by_lang[lang]
        found = catalog.texts.get(key)
        if found is None:
            catalog = self._english
            found = catalog.texts[key]  # English has every key: a KeyError is a bug
        return catalog, found

    def text(self, lang: Lang, key: str, /, **args: object) -> str:
        """The text ``key`` in ``lang``, its placeholders filled from ``args``."""
        _, found = self._raw(lang, key)
        if isinstance(found, tuple):
            raise TypeError(f"{key} has plural forms: use plural()")
        return found.format(**args) if args else found

    def plural(self, lang: Lang, key: str, n: int, /, **args: object) -> str:
        """The form of ``key`` for the number ``n`` (also given as ``{n}``)."""
        catalog, found = self._raw(lang, key)
        if isinstance(found, str):
            raise TypeError(f"{key} has no plural forms: use text()")
        index = min(catalog.plural_index(n), len(found) - 1)
        return found[index].format(n=n, **args)


@cache
def catalogs() -> Catalogs:
    """The shipped catalogues, read on first use."""
    return Catalogs()


def text(lang: Lang, key: str, /, **args: object) -> str:
    """:meth:`Catalogs.text` of the shipped catalogues."""
    return catalogs().text(lang, key, **args)


def plural(lang: Lang, key: str, n: int, /, **args: object) -> str:
    """:meth:`Catalogs.plural` of the shipped catalogues."""
    return catalogs().plural(lang, key, n, **args)
