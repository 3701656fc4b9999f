"""Days and months as each language writes them: one way for every layer,
so a puzzle's image and its message (or a season's name and its end) name
the same day the same way — "29 Nov 2026", "29. Nov. 2026", "29 de nov. de
2026".  Babel's month names, in the order the catalogue's ``season.date``
entry puts day, month and year."""

from __future__ import annotations

from datetime import date
from functools import cache
from typing import Literal

from babel.dates import get_month_names

from .catalogs import text
from .languages import Lang


@cache
def month_names(lang: Lang, width: Literal["abbreviated", "wide"]) -> tuple[str, ...]:
    """The language's month names, January first (Babel's, as a date writes them)."""
    names = get_month_names(width, "format", lang.babel)
    return tuple(str(names[m]) for m in range(1, 13))


def day_words(lang: Lang, day: date) -> str:
    """ "16 Nov 2026", "16. Nov. 2026", "16 de nov. de 2026"."""
    month = month_names(lang, "abbreviated")[day.month - 1]
    return text(lang, "season.date", day=day.day, month=month, year=day.year)
