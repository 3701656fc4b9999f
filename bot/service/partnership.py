"""Partnership gin (2 v 2): the lobby that seats four, and the team game
that runs two tables per hand.

Each hand's two tables are ordinary games (one hand each, linked to the
team game), so every move, button, timer, computer turn and restart works
exactly as for two players.  What is new happens in the transaction of the
move that ends a table's hand (:meth:`PartnershipDesk.after_move`, in
:mod:`bot.service.team_play`): when
both tables are done the hand is scored for the teams and — still in that
transaction — the game ends or the next hand's tables are dealt.  A forfeit
at one table (resign, timeout, a moderator) forfeits the team game.

Seats are A1, A2, B1, B2 (indexes 0–3).  A computer always sits in team B
(seat 1 of its tables, where the computer runner plays), so when the
computer partners the challenger, the challenger's team is stored as B.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from bot.engine import Variant
from bot.engine.team_game import TeamGame
from bot.storage import TeamGameRow, Tx

from .codec import dump_ruleset, load_ruleset
from .convert import check_free, game_ruleset
from .core import ServiceContext
from .lobbies import (
    LOBBY_TTL_SECONDS,
    Lobby,
    LobbySeat,
    lobby_of,
    place_seats,
    seats_json,
    seats_of,
)
from .models import AiLevel, ChallengeError, LobbyStatus
from .team_play import deal_tables, table_done
from .views import MoveResult, TeamSheet


class PartnershipDesk:
    """Open and fill lobbies; run team games around their tables (a move
    observer: see :class:`~bot.service.core.MoveObserver`)."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    async def open_partnership(
        self,
        guild_id: int,
        channel_id: int,
        creator: tuple[int, str],
        *,
        partner: tuple[int, str] | None = None,
        opponents: Sequence[tuple[int, str]] = (),
        level: AiLevel | None = None,
        ai_user_id: int = 0,
        target: int | None = None,
        variant: Variant | None = None,
    ) -> Lobby:
        """A lobby for four: named players are asked to join, empty seats are
        open to anyone (or the computer's, with ``level``).  Starts at once
        when nobody else has to join."""
        named = [creator[0]] + [p[0] for p in ([partner] if partner else []) + list(opponents)]
        if len(set(named)) != len(named):
            raise ChallengeError("err.table.four_different")
        if ai_user_id in named:
            raise ChallengeError("err.table.computer_named")
        if len(opponents) > 2:
            raise ChallengeError("err.table.team_of_two")
        seats = place_seats(creator, partner, opponents, level, ai_user_id)

        async def txn(tx: Tx) -> Lobby:
            now = self._ctx.clock()
            ruleset = await game_ruleset(tx, guild_id, target, variant)
            for s in seats:
                if s.user_id is not None and not s.computer:
                    await check_free(
                        tx, guild_id, s.user_id, None if s.user_id == creator[0] else s.name
                    )
            row = TeamGameRow(
                id=0,
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator[0],
                status=LobbyStatus.LOBBY.value,
                seats=seats_json(seats),
                ai_level=None if level is None else AiLevel(level).value,
                ruleset=dump_ruleset(ruleset),
                state=None,
                version=1,
                table1=None,
                table2=None,
                message_id=None,
                created_at=now,
                expires_at=now + LOBBY_TTL_SECONDS,
                updated_at=now,
                finished_at=None,
            )
            row = replace(row, id=await tx.insert_team_game(row))
            if all(s.joined for s in seats):
                return await self._start_team(tx, row, row.version, now)
            return lobby_of(row)

        return await self._ctx.repo.write(txn)

    async def lobby(self, lobby_id: int) -> Lobby:
        async def txn(tx: Tx) -> Lobby:
            return lobby_of(await self._lobby_row(tx, lobby_id))

        return await self._ctx.repo.read(txn)

    async def set_lobby_message(self, lobby_id: int, message_id: int) -> None:
        async def txn(tx: Tx) -> None:
            row = await self._lobby_row(tx, lobby_id)
            await tx.save_team_game(
                replace(row, message_id=message_id, version=row.version + 1), row.version
            )

        await self._ctx.repo.write(txn)

    async def join_partnership(
        self, lobby_id: int, user_id: int, name: str, team: int | None = None
    ) -> Lobby:
        """Take a seat: your reserved one, else an open one (in ``team``,
        0 = the challenger's team, 1 = the other, if given).  The fourth
        player to join starts the game."""

        async def txn(tx: Tx) -> Lobby:
            now = self._ctx.clock()
            row = await self._open_lobby(tx, lobby_id, now)
            lobby = lobby_of(row)
            seats = list(lobby.seats)
            mine = lobby.seat_of(user_id)
            if mine is not None and seats[mine].joined:
                raise ChallengeError("err.table.already_seated")
            if mine is None:
                order = [lobby.creator_team, 1 - lobby.creator_team]
                teams = order if team is None else [order[team]]
                free = [i for t in teams for i in (2 * t, 2 * t + 1) if seats[i].user_id is None]
                if not free:
                    raise ChallengeError(
                        "err.table.team_full" if team is not None else "err.table.full"
                    )
                mine = free[0]
            await check_free(tx, row.guild_id, user_id, None)
            seats[mine] = LobbySeat(user_id, name, True)
            new = replace(row, seats=seats_json(seats), updated_at=now)
            if all(s.joined for s in seats):
                return await self._start_team(tx, new, row.version, now)
            new = replace(new, version=row.version + 1)
            await tx.save_team_game(new, row.version)
            return lobby_of(new)

        return await self._ctx.repo.write(txn)

    async def leave_partnership(self, lobby_id: int, user_id: int) -> Lobby:
        """Leave your seat (it opens for anyone); the challenger leaving
        cancels the table."""

        async def txn(tx: Tx) -> Lobby:
            now = self._ctx.clock()
            row = await self._open_lobby(tx, lobby_id, now)
            lobby = lobby_of(row)
            seat = lobby.seat_of(user_id)
            if seat is None:
                raise ChallengeError("err.table.not_seated")
            if user_id == row.creator_id:
                new = replace(row, status=LobbyStatus.CANCELLED.value)
            else:
                seats = list(lobby.seats)
                seats[seat] = LobbySeat(None, None, False)
                new = replace(row, seats=seats_json(seats))
            new = replace(new, version=row.version + 1, updated_at=now)
            await tx.save_team_game(new, row.version)
            return lobby_of(new)

        return await self._ctx.repo.write(txn)

    async def team_sheet(self, game_id: int) -> TeamSheet | None:
        """The team game a table belongs to (its hands, score and result), or
        ``None`` for an ordinary game: the partnership's score sheet."""

        async def txn(tx: Tx) -> TeamSheet | None:
            row = await tx.game(game_id)
            if row is None or row.team_game_id is None:
                return None
            team = await tx.team_game(row.team_game_id)
            if team is None or team.state is None:
                return None
            game = TeamGame.from_dict(json.loads(team.state))
            return TeamSheet(
                names=game.names,
                teams=game.teams,
                target=game.target,
                hands=tuple(game.hands),
                scores=game.score.scores,
                hand_number=game.hand_number,
                result=game.result,
            )

        return await self._ctx.repo.read(txn)

    # --- inside transactions -----------------------------------------------------------

    @staticmethod
    async def _lobby_row(tx: Tx, lobby_id: int) -> TeamGameRow:
        row = await tx.team_game(lobby_id)
        if row is None:
            raise ChallengeError("err.table.none")
        return row

    async def _open_lobby(self, tx: Tx, lobby_id: int, now: float) -> TeamGameRow:
        row = await self._lobby_row(tx, lobby_id)
        if row.status == LobbyStatus.LOBBY and row.expires_at <= now:
            raise ChallengeError("err.table.expired")
        if row.status != LobbyStatus.LOBBY:
            key = {
                LobbyStatus.ACTIVE.value: "err.table.started",
                LobbyStatus.FINISHED.value: "err.table.played",
                LobbyStatus.CANCELLED.value: "err.table.cancelled",
            }.get(row.status, "err.table.closed")
            raise ChallengeError(key)
        return row

    async def _start_team(self, tx: Tx, row: TeamGameRow, stored_version: int, now: float) -> Lobby:
        """Everyone is seated: the team game starts with hand 1's tables and
        ``row`` (changed in memory, stored at ``stored_version``) is saved.
        (Re-checks that nobody started another game since joining.)"""
        seats = seats_of(row.seats)
        for s in seats:
            if not s.computer:
                assert s.user_id is not None
                await check_free(tx, row.guild_id, s.user_id, s.name)
        rules = load_ruleset(row.ruleset)
        names = tuple(s.name or "?" for s in seats)
        team = TeamGame(
            (names[0], names[1], names[2], names[3]),
            rules.team_rules(),
            rules.team_target,
            rules.game_bonus,
            rules.line_bonus,
            rules.shutout,
        )
        tables = await deal_tables(self._ctx, tx, row, team, seats, rules, now)
        new = replace(
            row,
            status=LobbyStatus.ACTIVE.value,
            state=json.dumps(team.to_dict()),
            table1=tables[0].id,
            table2=tables[1].id,
            version=stored_version + 1,
            updated_at=now,
        )
        await tx.save_team_game(new, stored_version)
        return lobby_of(new, tables)

    async def after_move(self, tx: Tx, now: float, result: MoveResult) -> MoveResult:
        """A table's hand ended (or its game did): the team game moves on."""
        links = result.snapshot.links
        if links.team_game_id is not None and (
            result.outcome.hand is not None or result.outcome.game is not None
        ):
            result = replace(result, team=await table_done(self._ctx, tx, now, result))
        return result
