"""Partnership play around its tables: dealing a hand's two tables, and
what a table's finished hand does to the team game (scoring, the next deal,
a forfeit, ratings) — all inside the move's own transaction (see
:mod:`bot.service.partnership`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from bot.engine import Game, HandResult, Ruleset
from bot.engine.team_game import TeamGame
from bot.storage import TeamGameRow, Tx

from . import scoring
from .codec import load_ruleset
from .core import ServiceContext
from .games import GameCache, Step, StepKind, insert_game, run_move
from .lobbies import LobbySeat, seats_of
from .models import (
    AiLevel,
    GameLinks,
    GameSnapshot,
    GameStatus,
    LobbyStatus,
    RatingChange,
)
from .views import MoveResult, TeamProgress, table_of


async def deal_tables(
    ctx: ServiceContext,
    tx: Tx,
    row: TeamGameRow,
    team: TeamGame,
    seats: Sequence[LobbySeat],
    rules: Ruleset,
    now: float,
) -> tuple[GameSnapshot, GameSnapshot]:
    """The current hand's two tables, as new games linked to the team game."""
    level = None if row.ai_level is None else AiLevel(row.ai_level)
    out = []
    for st in team.seating():
        a, b = seats[st.players[0]], seats[st.players[1]]
        assert a.user_id is not None and b.user_id is not None
        game = Game.new(
            (a.name or "?", b.name or "?"),
            rules.for_table(),
            seed=ctx.new_seed(),
            first_dealer=st.dealer,
            table=st.info,
        )
        out.append(
            await insert_game(
                tx,
                ctx.cache,
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                players=(a.user_id, b.user_id),
                game=game,
                ai_level=level if b.computer else None,
                now=now,
                links=GameLinks(team_game_id=row.id, team_table=st.table),
            )
        )
    return (out[0], out[1])


async def table_done(ctx: ServiceContext, tx: Tx, now: float, result: MoveResult) -> TeamProgress:
    """A table's hand ended (or a player forfeited at it): what that does to
    the team game, all in the move's transaction."""
    links = result.snapshot.links
    assert links.team_game_id is not None
    row = await tx.team_game(links.team_game_id)
    assert row is not None and row.state is not None
    team = TeamGame.from_dict(json.loads(row.state))
    seats = seats_of(row.seats)
    tables = (row.table1, row.table2)
    other = tables[1] if links.team_table == 1 else tables[0]
    assert other is not None
    assert tables[0] is not None and tables[1] is not None
    progress = TeamProgress(
        team_game_id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        players=_four(tuple(s.user_id or 0 for s in seats)),
        names=team.names,
        tables=(tables[0], tables[1]),
        teams=team.teams,
        hand=None,
        waiting_table=None,
        scores=team.score.scores,
        target=team.target,
    )
    forfeit = result.outcome.game
    if forfeit is not None:  # resign, timeout or a moderator at one table ends the team game
        other_row = await tx.game(other)
        if other_row is not None and other_row.status == GameStatus.ACTIVE.value:
            await run_move(tx, ctx.cache, now, other, Step(StepKind.ENDED))
        team.forfeit(1 - forfeit.winner, forfeit.reason)
    else:
        other_row = await tx.game(other)
        if other_row is None or other_row.status != GameStatus.FINISHED.value:
            return replace(progress, waiting_table=2 if links.team_table == 1 else 1)
        hands = [
            await _table_hand(ctx.cache, tx, tables[0], result),
            await _table_hand(ctx.cache, tx, tables[1], result),
        ]
        rec = team.record((hands[0], hands[1]))
        progress = replace(progress, hand=rec, scores=team.score.scores)
    for table_id in tables:
        assert table_id is not None
        await tx.release_players(table_id)
    new = replace(row, state=json.dumps(team.to_dict()), version=row.version + 1, updated_at=now)
    if team.result is not None:
        changes = await _rate(tx, new, team, seats, now)
        new = replace(new, status=LobbyStatus.FINISHED.value, finished_at=now)
        await tx.save_team_game(new, row.version)
        return replace(progress, result=team.result, rating_changes=changes)
    rules = load_ruleset(row.ruleset)
    dealt = await deal_tables(ctx, tx, new, team, seats, rules, now)
    new = replace(new, table1=dealt[0].id, table2=dealt[1].id)
    await tx.save_team_game(new, row.version)
    return replace(progress, new_tables=(table_of(dealt[0]), table_of(dealt[1])))


def _four(ids: tuple[int, ...]) -> tuple[int, int, int, int]:
    return (ids[0], ids[1], ids[2], ids[3])


async def _table_hand(
    cache: GameCache, tx: Tx, table_id: int | None, result: MoveResult
) -> HandResult:
    """The one hand a finished table played."""
    assert table_id is not None
    if table_id == result.snapshot.id:
        game = result.snapshot.game
    else:
        row = await tx.game(table_id)
        assert row is not None
        game = await cache.game_at(tx, row)
    return game.history[-1]


async def _rate(
    tx: Tx, row: TeamGameRow, team: TeamGame, seats: Sequence[LobbySeat], now: float
) -> tuple[RatingChange, ...]:
    """Each player's rating moves as in a two-player game against the
    average rating of the two opponents (docs/RULES.md), each counting the
    hands of their own tables — written by :func:`~.scoring.record_standings`,
    as a two-player game's.  Unrated with a computer at the table or when a
    moderator ended it."""
    result = team.result
    assert result is not None
    players = [
        scoring.Participant(
            user_id=seat.user_id or 0,  # only a computer has none, and then nothing is written
            name=seat.name or "?",
            side=TeamGame.team_of(i),
            history=[rec.tables[t] for rec in team.hands for t in (0, 1) if i in rec.seats[t]],
            computer=seat.computer,
        )
        for i, seat in enumerate(seats)
    ]
    return await scoring.record_standings(
        tx, guild_id=row.guild_id, result=result, players=players, ai_level=row.ai_level, now=now
    )
