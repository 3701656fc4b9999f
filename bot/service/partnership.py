"""Partnership gin (2 v 2): the lobby that seats four, and the team game
that runs two tables per hand.

Each hand's two tables are ordinary games (one hand each, linked to the
team game), so every move, button, timer, computer turn and restart works
exactly as for two players.  What is new happens in the transaction of the
move that ends a table's hand (:meth:`PartnershipDesk._after_move`): when
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
from dataclasses import dataclass, replace
from typing import Any, Final

from bot.engine import Game, GameEnd, HandResult, Ruleset
from bot.engine.team_game import TeamGame
from bot.storage import TeamGameRow, Tx

from . import scoring
from .codec import dump_ruleset, load_ruleset
from .convert import check_free, game_ruleset
from .core import ServiceCore
from .games import GameCache, Step, StepKind, insert_game, run_move
from .models import (
    AiLevel,
    ChallengeError,
    GameLinks,
    GameSnapshot,
    GameStatus,
    MoveResult,
    RatingChange,
    TeamProgress,
)
from .ratings import INITIAL_RATING, elo_update

LOBBY_TTL_SECONDS: Final = 15 * 60
COMPUTER_NAME: Final = "Computer"


class LobbyStatus:
    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class LobbySeat:
    user_id: int | None  # None: open for anyone to join
    name: str | None
    joined: bool
    computer: bool = False


@dataclass(frozen=True, slots=True)
class Lobby:
    """A partnership game as its lobby message shows it."""

    id: int
    guild_id: int
    channel_id: int
    creator_id: int
    status: str
    seats: tuple[LobbySeat, LobbySeat, LobbySeat, LobbySeat]  # A1, A2, B1, B2
    ai_level: AiLevel | None
    target: int
    expires_at: float
    message_id: int | None
    version: int
    #: Set when the fourth player joined: the first hand's two tables.
    tables: tuple[GameSnapshot, ...] = ()

    @property
    def creator_team(self) -> int:
        """The challenger's team (0 = A, 1 = B); listed first everywhere."""
        return 0 if any(s.user_id == self.creator_id for s in self.seats[:2]) else 1

    def team(self, team: int) -> tuple[LobbySeat, LobbySeat]:
        return (self.seats[2 * team], self.seats[2 * team + 1])

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s.user_id == user_id and not s.computer:
                return i
        return None


def _seats_json(seats: Sequence[LobbySeat]) -> str:
    return json.dumps(
        [
            {"user": s.user_id, "name": s.name, "joined": s.joined, "computer": s.computer}
            for s in seats
        ]
    )


def _seats(text: str) -> tuple[LobbySeat, LobbySeat, LobbySeat, LobbySeat]:
    data: list[dict[str, Any]] = json.loads(text)
    s = [LobbySeat(d["user"], d["name"], bool(d["joined"]), bool(d["computer"])) for d in data]
    return (s[0], s[1], s[2], s[3])


def lobby_of(row: TeamGameRow, tables: tuple[GameSnapshot, ...] = ()) -> Lobby:
    return Lobby(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        creator_id=row.creator_id,
        status=row.status,
        seats=_seats(row.seats),
        ai_level=None if row.ai_level is None else AiLevel(row.ai_level),
        target=load_ruleset(row.ruleset).team_target,
        expires_at=row.expires_at,
        message_id=row.message_id,
        version=row.version,
        tables=tables,
    )


def _place(
    creator: tuple[int, str],
    partner: tuple[int, str] | None,
    opponents: Sequence[tuple[int, str]],
    level: AiLevel | None,
    ai_user_id: int,
) -> list[LobbySeat]:
    """Seat everyone: named players reserved (the challenger already in),
    empty seats open, or filled by the computer — of one team only, which is
    then stored as team B."""
    mine = [LobbySeat(creator[0], creator[1], True)]
    mine.append(
        LobbySeat(None, None, False) if partner is None else LobbySeat(*partner, joined=False)
    )
    theirs = [LobbySeat(u, n, False) for u, n in opponents]
    theirs += [LobbySeat(None, None, False)] * (2 - len(theirs))
    if level is None:
        return mine + theirs
    open_mine = sum(1 for s in mine if s.user_id is None)
    open_theirs = sum(1 for s in theirs if s.user_id is None)
    if open_mine and open_theirs:
        raise ChallengeError(
            "The computer can fill the seats of one team only: name your partner, "
            "or both opponents."
        )
    if not open_mine and not open_theirs:
        raise ChallengeError("Every seat is taken: leave one empty for the computer.")
    count = 0

    def fill(team: list[LobbySeat]) -> list[LobbySeat]:
        nonlocal count
        out = []
        for s in team:
            if s.user_id is None:
                count += 1
                name = COMPUTER_NAME if count == 1 else f"{COMPUTER_NAME} {count}"
                s = LobbySeat(ai_user_id, name, True, computer=True)
            out.append(s)
        return out

    if open_mine:
        return theirs + fill(mine)  # the computer's team is B
    return mine + fill(theirs)


class PartnershipDesk(ServiceCore):
    """Open and fill lobbies; run team games around their tables."""

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
        variant: str | None = None,
    ) -> Lobby:
        """A lobby for four: named players are asked to join, empty seats are
        open to anyone (or the computer's, with ``level``).  Starts at once
        when nobody else has to join."""
        named = [creator[0]] + [p[0] for p in ([partner] if partner else []) + list(opponents)]
        if len(set(named)) != len(named):
            raise ChallengeError("Each player can take one seat only: name four different people.")
        if ai_user_id in named:
            raise ChallengeError("Leave a seat empty for the computer instead of naming it.")
        if len(opponents) > 2:
            raise ChallengeError("A team has two players.")
        seats = _place(creator, partner, opponents, level, ai_user_id)

        async def txn(tx: Tx) -> Lobby:
            now = self.clock()
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
                status=LobbyStatus.LOBBY,
                seats=_seats_json(seats),
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

        return await self._repo.write(txn)

    async def lobby(self, lobby_id: int) -> Lobby:
        async def txn(tx: Tx) -> Lobby:
            return lobby_of(await self._lobby_row(tx, lobby_id))

        return await self._repo.read(txn)

    async def set_lobby_message(self, lobby_id: int, message_id: int) -> None:
        async def txn(tx: Tx) -> None:
            row = await self._lobby_row(tx, lobby_id)
            await tx.save_team_game(
                replace(row, message_id=message_id, version=row.version + 1), row.version
            )

        await self._repo.write(txn)

    async def join_partnership(
        self, lobby_id: int, user_id: int, name: str, team: int | None = None
    ) -> Lobby:
        """Take a seat: your reserved one, else an open one (in ``team``,
        0 = the challenger's team, 1 = the other, if given).  The fourth
        player to join starts the game."""

        async def txn(tx: Tx) -> Lobby:
            now = self.clock()
            row = await self._open_lobby(tx, lobby_id, now)
            lobby = lobby_of(row)
            seats = list(lobby.seats)
            mine = lobby.seat_of(user_id)
            if mine is not None and seats[mine].joined:
                raise ChallengeError("You're already at this table.")
            if mine is None:
                order = [lobby.creator_team, 1 - lobby.creator_team]
                teams = order if team is None else [order[team]]
                free = [i for t in teams for i in (2 * t, 2 * t + 1) if seats[i].user_id is None]
                if not free:
                    raise ChallengeError(
                        "That team is full." if team is not None else "This table is full."
                    )
                mine = free[0]
            await check_free(tx, row.guild_id, user_id, None)
            seats[mine] = LobbySeat(user_id, name, True)
            new = replace(row, seats=_seats_json(seats), updated_at=now)
            if all(s.joined for s in seats):
                return await self._start_team(tx, new, row.version, now)
            new = replace(new, version=row.version + 1)
            await tx.save_team_game(new, row.version)
            return lobby_of(new)

        return await self._repo.write(txn)

    async def leave_partnership(self, lobby_id: int, user_id: int) -> Lobby:
        """Leave your seat (it opens for anyone); the challenger leaving
        cancels the table."""

        async def txn(tx: Tx) -> Lobby:
            now = self.clock()
            row = await self._open_lobby(tx, lobby_id, now)
            lobby = lobby_of(row)
            seat = lobby.seat_of(user_id)
            if seat is None:
                raise ChallengeError("You're not at this table.")
            if user_id == row.creator_id:
                new = replace(row, status=LobbyStatus.CANCELLED)
            else:
                seats = list(lobby.seats)
                seats[seat] = LobbySeat(None, None, False)
                new = replace(row, seats=_seats_json(seats))
            new = replace(new, version=row.version + 1, updated_at=now)
            await tx.save_team_game(new, row.version)
            return lobby_of(new)

        return await self._repo.write(txn)

    async def team_sheet(self, game_id: int) -> TeamGame | None:
        """The team game a table belongs to (its hands, score and result), or
        ``None`` for an ordinary game: the partnership's score sheet."""

        async def txn(tx: Tx) -> TeamGame | None:
            row = await tx.game(game_id)
            if row is None or row.team_game_id is None:
                return None
            team = await tx.team_game(row.team_game_id)
            if team is None or team.state is None:
                return None
            return TeamGame.from_dict(json.loads(team.state))

        return await self._repo.read(txn)

    # --- inside transactions -----------------------------------------------------------

    @staticmethod
    async def _lobby_row(tx: Tx, lobby_id: int) -> TeamGameRow:
        row = await tx.team_game(lobby_id)
        if row is None:
            raise ChallengeError("There's no such table.")
        return row

    async def _open_lobby(self, tx: Tx, lobby_id: int, now: float) -> TeamGameRow:
        row = await self._lobby_row(tx, lobby_id)
        if row.status == LobbyStatus.LOBBY and row.expires_at <= now:
            raise ChallengeError("This table expired: nobody filled it in time.")
        if row.status != LobbyStatus.LOBBY:
            word = {
                LobbyStatus.ACTIVE: "has already started",
                LobbyStatus.FINISHED: "has already been played",
                LobbyStatus.CANCELLED: "was cancelled",
            }.get(row.status, "is closed")
            raise ChallengeError(f"This table {word}.")
        return row

    async def _start_team(self, tx: Tx, row: TeamGameRow, stored_version: int, now: float) -> Lobby:
        """Everyone is seated: the team game starts with hand 1's tables and
        ``row`` (changed in memory, stored at ``stored_version``) is saved.
        (Re-checks that nobody started another game since joining.)"""
        seats = _seats(row.seats)
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
        tables = await self._deal(tx, row, team, seats, rules, now)
        new = replace(
            row,
            status=LobbyStatus.ACTIVE,
            state=json.dumps(team.to_dict()),
            table1=tables[0].id,
            table2=tables[1].id,
            version=stored_version + 1,
            updated_at=now,
        )
        await tx.save_team_game(new, stored_version)
        return lobby_of(new, tables)

    async def _deal(
        self,
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
                seed=self._new_seed(),
                first_dealer=st.dealer,
                table=st.info,
            )
            out.append(
                await insert_game(
                    tx,
                    self._cache,
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

    async def _after_move(self, tx: Tx, now: float, result: MoveResult) -> MoveResult:
        links = result.snapshot.links
        if links.team_game_id is not None and (
            result.outcome.hand is not None or result.outcome.game is not None
        ):
            result = replace(result, team=await _table_done(self, tx, now, result))
        return await super()._after_move(tx, now, result)


async def _table_done(
    desk: PartnershipDesk, tx: Tx, now: float, result: MoveResult
) -> TeamProgress:
    """A table's hand ended (or a player forfeited at it): what that does to
    the team game, all in the move's transaction."""
    links = result.snapshot.links
    assert links.team_game_id is not None
    row = await tx.team_game(links.team_game_id)
    assert row is not None and row.state is not None
    team = TeamGame.from_dict(json.loads(row.state))
    seats = _seats(row.seats)
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
            await run_move(tx, desk._cache, now, other, Step(StepKind.ENDED))
        team.forfeit(1 - forfeit.winner, GameEnd(forfeit.reason))
    else:
        other_row = await tx.game(other)
        if other_row is None or other_row.status != GameStatus.FINISHED.value:
            return replace(progress, waiting_table=2 if links.team_table == 1 else 1)
        hands = [
            await _table_hand(desk._cache, tx, tables[0], result),
            await _table_hand(desk._cache, tx, tables[1], result),
        ]
        rec = team.record((hands[0], hands[1]))
        progress = replace(progress, hand=rec, scores=team.score.scores)
    for table_id in tables:
        assert table_id is not None
        await tx.release_players(table_id)
    new = replace(row, state=json.dumps(team.to_dict()), version=row.version + 1, updated_at=now)
    if team.result is not None:
        changes = await _rate(tx, new, team, seats, now)
        new = replace(new, status=LobbyStatus.FINISHED, finished_at=now)
        await tx.save_team_game(new, row.version)
        return replace(progress, result=team.result, rating_changes=changes)
    rules = load_ruleset(row.ruleset)
    dealt = await desk._deal(tx, new, team, seats, rules, now)
    new = replace(new, table1=dealt[0].id, table2=dealt[1].id)
    await tx.save_team_game(new, row.version)
    return replace(progress, new_tables=dealt)


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
    average rating of the two opponents (docs/RULES.md).  Unrated with a
    computer at the table or when a moderator ended it."""
    result = team.result
    assert result is not None
    if row.ai_level is not None or result.reason not in scoring.COUNTED_REASONS:
        return ()
    ids = [s.user_id or 0 for s in seats]  # no computer here: every seat is a person
    previous = [await tx.stats(row.guild_id, u) for u in ids]
    before = [INITIAL_RATING if p is None else p.rating for p in previous]
    changes = []
    for i, seat in enumerate(seats):
        mine = TeamGame.team_of(i)
        opponents = [before[j] for j in range(4) if TeamGame.team_of(j) != mine]
        avg = sum(opponents) / 2
        if result.winner == mine:
            after = elo_update(before[i], avg)[0]
        else:
            after = elo_update(avg, before[i])[1]
        history = [rec.tables[t] for rec in team.hands for t in (0, 1) if i in rec.seats[t]]
        await tx.put_stats(
            scoring.updated_stats(
                previous[i],
                guild_id=row.guild_id,
                user_id=ids[i],
                name=seat.name or "?",
                seat=mine,
                result=result,
                history=history,
                rating=after,
                now=now,
            )
        )
        changes.append(RatingChange(ids[i], before[i], after))
    return tuple(changes)
