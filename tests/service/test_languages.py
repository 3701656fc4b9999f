"""The ``language`` server setting (``bot.service.languages``): ``auto`` or
one of the catalogues' languages, stored with the other settings on both
databases, anything else refused in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import Lang
from bot.service import GinService, SettingsError
from bot.service.languages import language_of_row, parse_language, stored_language


@pytest.mark.parametrize(
    ("typed", "lang"),
    [
        ("auto", None),
        (" Default ", None),
        ("fr", Lang.FR),
        ("pt-BR", Lang.PT_BR),
        ("pt_br", Lang.PT_BR),
        ("PT", Lang.PT_BR),
        ("EN", Lang.EN),
    ],
)
def test_parse(typed: str, lang: Lang | None) -> None:
    assert parse_language(typed) is lang
    assert language_of_row(stored_language(lang)) is lang


def test_a_language_we_dont_speak_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match=r"auto .* or one of en, es, pt-BR, de, fr"):
        parse_language("klingon")
    assert language_of_row("tlh") is None  # a stored value no longer known reads as auto


async def test_the_setting_is_kept_with_the_others(db_target: str | Path) -> None:
    svc = await GinService.open(db_target, seed=1)
    try:
        assert (await svc.settings.get_settings(1)).language is None
        changed = await svc.settings.update_setting(1, "language", "de")
        assert changed.language is Lang.DE
        await svc.settings.update_setting(1, "target", "150")
        now = await svc.settings.get_settings(1)
        assert now.language is Lang.DE and now.ruleset.target == 150
        assert (await svc.settings.get_settings(2)).language is None  # per server
        with pytest.raises(SettingsError):
            await svc.settings.update_setting(1, "language", "xx")
        back = await svc.settings.update_setting(1, "language", "auto")
        assert back.language is None
    finally:
        await svc.close()
