"""Seasons (``bot.service.seasons``) on SQLite and PostgreSQL: each season's
table, and the all-time one, agree with a recomputation from the stored
results (games against the computer in none); turning seasons on or
changing their length counts the window's earlier games; a season closes
once — never twice, not after a restart, not a second time when it ended
while the bot was down — with its podium, hall of fame and achievements."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service import (
    PODIUM_MIN_GAMES,
    AiLevel,
    GinService,
    NoSuchSeasonError,
    SeasonLength,
    snapshots,
)
from bot.service.season_calendar import season_at
from bot.service.seasons import CLOSE_GRACE
from tests.helpers.seasons import line_of, recompute_table
from tests.helpers.service import CHANNEL, GUILD, FakeClock, play_out, start_game

#: Wednesday 18 November 2026, noon UTC: the week began on Monday the 16th.
WEDNESDAY = datetime(2026, 11, 18, 12, tzinfo=UTC).timestamp()
DAY = 86400.0


async def win(svc: GinService, clock: FakeClock, winner: int, loser: int) -> None:
    """A rated game ``winner`` wins (``loser`` resigns)."""
    snap = await start_game(svc, winner, loser)
    await snapshots.resign(svc, snap.id, loser)
    clock.advance(60)


async def table_of(svc: GinService, season: str) -> dict[int, object]:
    board = await svc.seasons.leaderboard(GUILD, season=season, page_size=100)
    return {row.user_id: line_of(row) for row in board.page.rows}


async def test_season_tables_agree_with_the_stored_results(
    svc: GinService, clock: FakeClock
) -> None:
    clock.now = WEDNESDAY
    rng = random.Random(5)

    async def play(pairs: list[tuple[int, int]]) -> None:
        for a, b in pairs:
            snap = await start_game(svc, a, b, target=10)
            await play_out(svc, snap.id, rng)
            clock.advance(300)

    await play([(1, 2), (2, 3)])  # before seasons: counted once they are on
    await svc.settings.update_setting(GUILD, "season", "weekly")
    await play([(1, 3)])
    await win(svc, clock, 3, 1)
    await win(svc, clock, 2, 1)
    # A game against the computer: in no table.
    ai = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 1, "P1", AiLevel.EASY)
    await snapshots.resign(svc, ai.id, 1)
    first = season_at(SeasonLength.WEEKLY, clock.now)
    clock.now = first.ends_at + 3600  # the next week
    await play([(1, 2)])
    await win(svc, clock, 3, 2)
    second = season_at(SeasonLength.WEEKLY, clock.now)

    repo = svc.repository
    for season in (first, second):
        expected = await recompute_table(repo, GUILD, season.starts_at, season.ends_at)
        assert expected and await table_of(svc, season.key) == expected
    # By default: the season in progress.
    board = await svc.seasons.leaderboard(GUILD)
    assert (board.season, board.current, board.seasons_on) == (second, True, True)
    assert [r.rank for r in board.page.rows] == list(range(1, len(board.page.rows) + 1))
    # All time: the rated statistics, the same recomputation over every result.
    assert await table_of(svc, "all") == await recompute_table(repo, GUILD)
    assert 0 not in await table_of(svc, "all")  # the computer's id
    # Monthly now: November is worked out from the stored results.
    await svc.settings.update_setting(GUILD, "season", "monthly")
    month = season_at(SeasonLength.MONTHLY, clock.now)
    assert (await svc.seasons.leaderboard(GUILD)).season == month
    assert await table_of(svc, "current") == await recompute_table(
        repo, GUILD, month.starts_at, month.ends_at
    )
    # Seasons off: the all-time table by default, and "current" is refused.
    await svc.settings.update_setting(GUILD, "season", "off")
    board = await svc.seasons.leaderboard(GUILD)
    assert (board.season, board.seasons_on) == (None, False)
    with pytest.raises(NoSuchSeasonError) as off:
        await svc.seasons.leaderboard(GUILD, season="current")
    refusals = {off.value.key}
    for bad in ("weekly:2026-11-17", "yearly:2026-01-01", "weekly:2099-01-05", "x" * 40):
        with pytest.raises(NoSuchSeasonError) as refused:
            await svc.seasons.leaderboard(GUILD, season=bad)
        refusals.add(refused.value.key)
    assert len(refusals) == 2  # seasons are off; no such season


async def test_a_season_closes_once_with_its_podium(
    db_target: str | Path, clock: FakeClock
) -> None:
    clock.now = WEDNESDAY
    svc = await GinService.open(db_target, clock=clock, seed=1)
    try:
        await svc.settings.update_setting(GUILD, "season", "weekly")
        await svc.settings.update_setting(GUILD, "announce_channel", "<#77>")
        await svc.settings.update_setting(GUILD, "champion_role", "88")
        # 1: 3 wins; 2: 1 win of 4; 3: 1 win of 3; 4: one win, too few games for a place.
        for winner, loser in ((1, 2), (1, 3), (2, 3), (1, 2), (3, 2), (4, 1)):
            await win(svc, clock, winner, loser)
        week = season_at(SeasonLength.WEEKLY, clock.now)
        assert await svc.seasons.close_due() == []
        clock.now = week.ends_at + CLOSE_GRACE / 2  # over, but results may still commit
        assert await svc.seasons.close_due() == []
        assert await svc.seasons.next_end_at() == week.ends_at + CLOSE_GRACE
        clock.now = week.ends_at + CLOSE_GRACE + 1

        [end] = await svc.seasons.close_due()
        table = await recompute_table(svc.repository, GUILD, week.starts_at, week.ends_at)
        qualified = sorted(
            (u for u, line in table.items() if line.games >= PODIUM_MIN_GAMES),
            key=lambda u: -table[u].rating,
        )
        assert [p.user_id for p in end.podium] == qualified[:3] and 4 not in qualified
        assert (end.champion_id, end.previous_champion_id) == (1, None)
        assert (end.announce_channel_id, end.champion_role_id, end.players) == (77, 88, 4)
        assert [p.rating for p in end.podium] == [table[u].rating for u in qualified[:3]]
        assert {(a.user_id, a.achievement) for a in end.awards} == {
            (1, "season_won"),
            *((u, "podium") for u in qualified[:3]),
        }
        # Never twice: again, and after a restart.
        assert await svc.seasons.close_due() == []
        await svc.close()
        svc = await GinService.open(db_target, clock=clock, seed=2)
        assert await svc.seasons.close_due() == []
        hall = await svc.seasons.hall_of_fame(GUILD)
        assert [(c.season, [p.user_id for p in c.podium]) for c in hall.seasons] == [
            (week, qualified[:3])
        ]
        assert (
            "season.achievement.season_won.name"
            in (await svc.profiles.profile(GUILD, 1)).achievements
        )

        # The next week 2 wins it; the bot is down when it ends, and for two
        # more weeks: each ended season is closed once when it is back.
        for winner, loser in ((2, 3), (2, 3), (2, 1)):
            await win(svc, clock, winner, loser)
        await svc.close()
        clock.now = week.ends_at + 3 * 7 * DAY + 3600
        svc = await GinService.open(db_target, clock=clock, seed=3)
        ends = await svc.seasons.close_due()
        assert [e.season.starts_at for e in ends] == [
            week.ends_at,
            week.ends_at + 7 * DAY,
            week.ends_at + 14 * DAY,
        ]
        assert (ends[0].champion_id, ends[0].previous_champion_id) == (2, 1)
        assert [e.podium for e in ends[1:]] == [(), ()]  # nobody played
        assert await svc.seasons.close_due() == []
        listed = await svc.seasons.seasons(GUILD)
        assert listed.current == season_at(SeasonLength.WEEKLY, clock.now)
        assert [s.starts_at for s in listed.past][-2:] == [week.ends_at, week.starts_at]
        assert (await svc.seasons.hall_of_fame(GUILD)).seasons[0].podium[0].user_id == 2
    finally:
        await svc.close()


async def test_turning_seasons_on_closes_no_season_from_before(
    svc: GinService, clock: FakeClock
) -> None:
    """The week before seasons were turned on is not a season: only windows
    that end after the change are ever closed."""
    clock.now = WEDNESDAY
    for winner, loser in ((1, 2), (1, 2), (2, 1)):
        await win(svc, clock, winner, loser)
    clock.now = WEDNESDAY + 7 * DAY  # next Wednesday
    await svc.settings.update_setting(GUILD, "season", "weekly")
    assert await svc.seasons.close_due() == []
    clock.now = WEDNESDAY + 12 * DAY
    [end] = await svc.seasons.close_due()
    assert end.season == season_at(SeasonLength.WEEKLY, WEDNESDAY + 7 * DAY)
    assert end.podium == ()  # last week's games are not this week's
