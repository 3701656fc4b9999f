"""The calendar of seasons (``bot.service.season_calendar``): weeks from
Monday 00:00 UTC, calendar months and quarters, their keys, the seasons
that ended since a moment, and the settings' values."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.service import SeasonLength, SettingsError
from bot.service.season_calendar import (
    ended_since,
    parse_discord_id,
    parse_season_length,
    season_at,
    season_of_key,
)


def at(*parts: int) -> float:
    return datetime(*parts, tzinfo=UTC).timestamp()


@pytest.mark.parametrize(
    ("length", "moment", "first", "after"),
    [
        (SeasonLength.WEEKLY, at(2026, 11, 18, 12), at(2026, 11, 16), at(2026, 11, 23)),
        (SeasonLength.WEEKLY, at(2026, 11, 16), at(2026, 11, 16), at(2026, 11, 23)),
        (SeasonLength.WEEKLY, at(2026, 11, 15, 23, 59, 59), at(2026, 11, 9), at(2026, 11, 16)),
        (SeasonLength.WEEKLY, at(2026, 12, 31, 8), at(2026, 12, 28), at(2027, 1, 4)),
        (SeasonLength.MONTHLY, at(2026, 12, 31, 23, 59), at(2026, 12, 1), at(2027, 1, 1)),
        (SeasonLength.MONTHLY, at(2028, 2, 29), at(2028, 2, 1), at(2028, 3, 1)),
        (SeasonLength.QUARTERLY, at(2026, 11, 26), at(2026, 10, 1), at(2027, 1, 1)),
        (SeasonLength.QUARTERLY, at(2026, 4, 1), at(2026, 4, 1), at(2026, 7, 1)),
        (SeasonLength.QUARTERLY, at(2026, 3, 31, 23), at(2026, 1, 1), at(2026, 4, 1)),
    ],
)
def test_a_moment_falls_in_its_season(
    length: SeasonLength, moment: float, first: float, after: float
) -> None:
    season = season_at(length, moment)
    assert (season.starts_at, season.ends_at) == (first, after)
    assert season.following().starts_at == after
    assert season.before().ends_at == first
    assert season_of_key(season.key) == season


def test_keys_name_only_real_seasons() -> None:
    assert season_of_key("weekly:2026-11-16") == season_at(SeasonLength.WEEKLY, at(2026, 11, 16))
    assert season_of_key(" monthly:2026-11-01 ") is not None
    for bad in (
        "weekly:2026-11-17",
        "monthly:2026-11-02",
        "quarterly:2026-02-01",
        "off:2026-11-16",
        "weekly:",
        "yearly:2026-01-01",
        "",
        "weekly:2026-13-01",
    ):
        assert season_of_key(bad) is None, bad


def test_the_seasons_ended_since_a_moment() -> None:
    since = at(2026, 11, 18, 12)
    ended = ended_since(SeasonLength.WEEKLY, since, at(2026, 12, 8), 10)
    assert [s.starts_at for s in ended] == [at(2026, 11, 16), at(2026, 11, 23), at(2026, 11, 30)]
    assert ended_since(SeasonLength.WEEKLY, since, at(2026, 11, 22), 10) == []
    # Only the latest few after a long time.
    assert len(ended_since(SeasonLength.WEEKLY, since, at(2027, 11, 1), 12)) == 12
    # A season that ended exactly at ``since`` is not one of them.
    assert ended_since(SeasonLength.MONTHLY, at(2026, 12, 1), at(2027, 1, 2), 5) == [
        season_at(SeasonLength.MONTHLY, at(2026, 12, 5))
    ]


def test_the_settings_values() -> None:
    assert parse_season_length(" Weekly ") is SeasonLength.WEEKLY
    assert parse_season_length("month") is SeasonLength.MONTHLY
    assert parse_season_length("default") is SeasonLength.OFF
    assert parse_discord_id("announce_channel", "<#123>", "<#") == 123
    assert parse_discord_id("champion_role", "<@&456>", "<@&") == 456
    assert parse_discord_id("champion_role", "789", "<@&") == 789
    assert parse_discord_id("announce_channel", "off", "<#") is None
    for bad_length in ("yearly", "7"):
        with pytest.raises(SettingsError):
            parse_season_length(bad_length)
    for bad_id in ("#general", "<@&12>", "9" * 25, "-5", "١٢"):
        with pytest.raises(SettingsError):
            parse_discord_id("announce_channel", bad_id, "<#")
