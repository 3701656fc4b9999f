"""The history of finished games (``bot.service.history``) on SQLite and
PostgreSQL: latest first, one member's or everyone's, paged, computer games
marked and unrated, live games and other servers left out."""

from __future__ import annotations

import random

from bot.engine import GameEnd
from bot.service import AiLevel, GinService, snapshots
from tests.helpers.service import CHANNEL, GUILD, FakeClock, play_out, start_game


async def test_lists_finished_games_latest_first(svc: GinService, clock: FakeClock) -> None:
    rng = random.Random(4)
    first = await start_game(svc, 1, 2, target=10)
    results = await play_out(svc, first.id, rng)
    changes = {c.user_id: c.after - c.before for c in results[-1].rating_changes}
    clock.advance(60)
    ai = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 1, "P1", AiLevel.HARD)
    await snapshots.resign(svc, ai.id, 1)
    clock.advance(60)
    resigned = await start_game(svc, 2, 3)
    await snapshots.resign(svc, resigned.id, 3)
    clock.advance(60)
    await start_game(svc, 1, 3)  # still being played: not listed
    other = await start_game(svc, 1, 2, guild=GUILD + 1)
    await snapshots.resign(svc, other.id, 2)

    page = await svc.history.recent(GUILD)
    assert (page.page, page.pages, page.total) == (1, 1, 3)
    assert [g.id for g in page.games] == [resigned.id, ai.id, first.id]
    last, computer, played = page.games
    assert (last.end, last.winner_seat, last.rated) == (GameEnd.RESIGN, 0, True)
    assert computer.ai_level is AiLevel.HARD and not computer.rated
    assert computer.rating_changes is None and computer.winner_seat == 1
    assert played.end is GameEnd.TARGET and played.names == ("P1", "P2")
    assert played.totals == results[-1].outcome.game.totals
    assert played.rating_changes is not None
    assert played.rating_changes == (round(changes[1], 2), round(changes[2], 2))
    assert played.channel_id == CHANNEL and played.message_id is None
    assert played.finished_at == results[-1].snapshot.updated_at

    mine = await svc.history.recent(GUILD, user_id=1)
    assert [g.id for g in mine.games] == [ai.id, first.id] and mine.user_id == 1
    assert (await svc.history.recent(GUILD, user_id=4)).games == ()

    pages = [await svc.history.recent(GUILD, page=n, page_size=2) for n in (1, 2, 9)]
    assert [p.page for p in pages] == [1, 2, 2] and pages[0].pages == 2
    assert [g.id for g in pages[1].games] == [first.id]
