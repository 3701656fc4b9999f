"""A season's table worked out again from the stored results
(``bot.service.season_rebuild``) is, row for row and field for field, the
table the live count wrote as the games finished — and over every result,
the all-time statistics ``record_standings`` wrote: one counting, whichever
way the figures arrive."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from bot.service import GinService, SeasonLength, snapshots
from bot.service.season_calendar import Season, season_at
from bot.service.season_rebuild import draft_season, rebuild_season
from bot.storage import StatsRow, Tx
from tests.helpers.service import GUILD, FakeClock, play_out, start_game

#: Wednesday 18 November 2026, noon UTC.
WEDNESDAY = datetime(2026, 11, 18, 12, tzinfo=UTC).timestamp()


async def season_rows(svc: GinService, season: Season) -> list[StatsRow]:
    key = (season.length.value, season.starts_at)

    async def txn(tx: Tx) -> list[StatsRow]:
        return await tx.season_leaderboard(GUILD, *key, "rating", 0, 100, 0)

    return sorted(await svc.repository.read(txn), key=lambda r: r.user_id)


async def test_the_rebuilt_season_is_the_live_one(svc: GinService, clock: FakeClock) -> None:
    clock.now = WEDNESDAY
    await svc.settings.update_setting(GUILD, "season", "weekly")
    season = season_at(SeasonLength.WEEKLY, clock.now)
    rng = random.Random(3)
    for a, b in [(1, 2), (2, 3), (3, 1), (1, 2)]:
        snap = await start_game(svc, a, b)
        await play_out(svc, snap.id, rng)
        clock.advance(300)
    snap = await start_game(svc, 2, 3)
    await snapshots.resign(svc, snap.id, 2)  # a forfeit: no hand won
    live = await season_rows(svc, season)
    assert [(r.user_id, r.games) for r in live] == [(1, 3), (2, 4), (3, 3)]
    assert len({r.rating for r in live}) == 3
    assert sum(r.undercuts_scored for r in live) == sum(r.undercuts_suffered for r in live) > 0
    assert any(r.best_streak > r.current_streak for r in live)
    assert [r.updated_at for r in live] == [WEDNESDAY + 900, WEDNESDAY + 1200, WEDNESDAY + 1200]

    await svc.repository.write(lambda tx: rebuild_season(tx, GUILD, season))
    assert await season_rows(svc, season) == live

    # Every result since the first: the all-time rows record_standings wrote.
    forever = Season(0.0, clock.now + 1, SeasonLength.WEEKLY)
    draft = await svc.repository.read(lambda tx: draft_season(tx, GUILD, forever))

    async def all_time(tx: Tx) -> list[StatsRow]:
        return await tx.leaderboard(GUILD, "rating", 0, 100, 0)

    stored = sorted(await svc.repository.read(all_time), key=lambda r: r.user_id)
    assert sorted(draft.table.values(), key=lambda r: r.user_id) == stored == live
