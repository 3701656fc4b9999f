"""Server tournaments: sign-up, seeding, pairing, starting matches and
advancing winners (docs/RULES.md, *Tournaments*).

A tournament is one row (entrants, the bracket as JSON, a version); each of
its matches is an ordinary game linked to it, so moves, timers, restarts and
old buttons work as for any game.  What is new runs in the transaction of
the move that finishes a match (:meth:`TournamentDesk.after_move`): the
result goes into the bracket and the matches it makes ready start at once,
all committed together.  The timer loop (:meth:`advance_tournaments`) closes
sign-ups when their window ends and starts matches that waited for a player
busy in another game.  A no-show loses by the turn timer like in any game.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import partial
from typing import Any, Final

from bot.engine import Game, Ruleset, Variant
from bot.engine.tournament import (
    Bracket,
    Entrant,
    TournamentError,
    TournamentFormat,
    seed,
    tournament_view,
)
from bot.storage import TournamentRow, Tx

from .codec import dump_ruleset, load_ruleset
from .convert import game_ruleset
from .core import ServiceContext
from .games import insert_game
from .models import (
    ChallengeError,
    GameLinks,
    GameSnapshot,
    PermissionDeniedError,
    SettingsError,
    TournamentStatus,
)
from .views import MoveResult, TableView, TournamentProgress, TournamentSummary, table_of

#: The tournament format of the rule texts: best of five games to 250.
DEFAULT_MATCH_GAMES: Final = 5
DEFAULT_SIGNUP_MINUTES: Final = 15
SIGNUP_LIMITS: Final = (1, 7 * 24 * 60)
MAX_PLAYERS: Final = 64
TITLE_LIMIT: Final = 80


def summary_of(row: TournamentRow) -> TournamentSummary:
    """The tournament as anyone may see it: the bracket as a frozen view."""
    entrants = tuple((int(u), str(n)) for u, n in json.loads(row.entrants))
    status = TournamentStatus(row.status)
    view = None
    games: tuple[tuple[str, int], ...] = ()
    if row.state is not None:
        bracket, started = bracket_of(row)
        view = tournament_view(bracket, row.title, status.value)
        games = tuple(started.items())
    return TournamentSummary(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        creator_id=row.creator_id,
        title=row.title,
        format=TournamentFormat(row.format),
        status=status,
        entrants=entrants,
        signup_ends=row.signup_ends,
        message_id=row.message_id,
        version=row.version,
        bracket=view,
        games=games,
        rules=load_ruleset(row.ruleset),
    )


def bracket_of(row: TournamentRow) -> tuple[Bracket, dict[str, int]]:
    """The live bracket of a running tournament and its started games (match
    key → game id), for the service to change and save — never returned."""
    assert row.state is not None
    state: dict[str, Any] = json.loads(row.state)
    games = {str(k): int(v) for k, v in state["games"].items()}
    return Bracket.from_dict(state["bracket"]), games


def _state(bracket: Bracket, games: dict[str, int]) -> str:
    return json.dumps({"bracket": bracket.to_dict(), "games": games})


class TournamentDesk:
    """Open, fill, run and show a server's tournament (a move observer: see
    :class:`~bot.service.core.MoveObserver`)."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    async def create_tournament(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        *,
        can_manage: bool,
        fmt: TournamentFormat = TournamentFormat.SINGLE_ELIMINATION,
        title: str | None = None,
        variant: Variant | None = None,
        target: int | None = None,
        match_games: int | None = None,
        signup_minutes: int | None = None,
    ) -> TournamentSummary:
        """Open sign-up (Manage Server only).  Matches are best of five games
        to 250 unless chosen otherwise; sign-up lasts 15 minutes by default.

        ``fmt`` is checked again (a value equal to a format's is accepted):
        it arrives from a slash-command choice, and a wrong one must change
        nothing and say why rather than fail later."""
        if not can_manage:
            raise PermissionDeniedError("err.tournament.open_needs_manage")
        try:
            form = TournamentFormat(fmt)
        except ValueError as err:
            raise SettingsError("err.tournament.format") from err
        minutes = DEFAULT_SIGNUP_MINUTES if signup_minutes is None else signup_minutes
        low, high = SIGNUP_LIMITS
        if not low <= minutes <= high:
            raise SettingsError("err.tournament.signup_length", low=low, days=high // 1440)
        name = " ".join((title or "Gin tournament").split())[:TITLE_LIMIT] or "Gin tournament"
        games = DEFAULT_MATCH_GAMES if match_games is None else match_games

        async def txn(tx: Tx) -> TournamentSummary:
            now = self._ctx.clock()
            if await _open_row(tx, guild_id) is not None:
                raise ChallengeError("err.tournament.one_at_a_time")
            ruleset = await game_ruleset(tx, guild_id, target, variant, games)
            row = TournamentRow(
                id=0,
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator_id,
                title=name,
                format=form.value,
                ruleset=dump_ruleset(ruleset),
                status=TournamentStatus.SIGNUP.value,
                entrants="[]",
                state=None,
                version=1,
                signup_ends=now + minutes * 60,
                message_id=None,
                created_at=now,
                updated_at=now,
                finished_at=None,
            )
            return summary_of(replace(row, id=await tx.insert_tournament(row)))

        return await self._ctx.repo.write(txn)

    async def current_tournament(self, guild_id: int) -> TournamentSummary | None:
        """The server's tournament under way, else its last one."""

        async def txn(tx: Tx) -> TournamentSummary | None:
            row = await tx.current_tournament(guild_id)
            return None if row is None else summary_of(row)

        return await self._ctx.repo.read(txn)

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        async def txn(tx: Tx) -> None:
            row = await _row(tx, tournament_id)
            await tx.save_tournament(
                replace(row, message_id=message_id, version=row.version + 1), row.version
            )

        await self._ctx.repo.write(txn)

    async def join_tournament(
        self, tournament_id: int, user_id: int, name: str
    ) -> TournamentSummary:
        async def txn(tx: Tx) -> TournamentSummary:
            now = self._ctx.clock()
            row = await _signup_row(tx, tournament_id, now)
            entrants = json.loads(row.entrants)
            if any(int(u) == user_id for u, _ in entrants):
                raise ChallengeError("err.tournament.signed_up")
            if len(entrants) >= MAX_PLAYERS:
                raise ChallengeError("err.tournament.full", n=MAX_PLAYERS)
            entrants.append([user_id, name])
            new = replace(
                row, entrants=json.dumps(entrants), version=row.version + 1, updated_at=now
            )
            await tx.save_tournament(new, row.version)
            return summary_of(new)

        return await self._ctx.repo.write(txn)

    async def leave_tournament(self, tournament_id: int, user_id: int) -> TournamentSummary:
        async def txn(tx: Tx) -> TournamentSummary:
            now = self._ctx.clock()
            row = await _signup_row(tx, tournament_id, now)
            entrants = json.loads(row.entrants)
            kept = [e for e in entrants if int(e[0]) != user_id]
            if len(kept) == len(entrants):
                raise ChallengeError("err.tournament.not_signed_up")
            new = replace(row, entrants=json.dumps(kept), version=row.version + 1, updated_at=now)
            await tx.save_tournament(new, row.version)
            return summary_of(new)

        return await self._ctx.repo.write(txn)

    async def start_tournament_now(
        self, tournament_id: int, user_id: int, *, can_manage: bool
    ) -> TournamentProgress:
        """Close sign-up early (its opener or Manage Server) and pair round 1."""

        async def txn(tx: Tx) -> TournamentProgress:
            now = self._ctx.clock()
            row = await _signup_row(tx, tournament_id, now)
            if user_id != row.creator_id and not can_manage:
                raise PermissionDeniedError("err.tournament.start_needs_opener")
            if len(json.loads(row.entrants)) < 2:
                raise ChallengeError("err.tournament.too_few", n=2)
            return await self._close_signup(tx, row, now)

        return await self._ctx.repo.write(txn)

    async def cancel_tournament(
        self, tournament_id: int, user_id: int, *, can_manage: bool
    ) -> TournamentSummary:
        """Cancel (its opener or Manage Server).  Matches already under way
        play on as ordinary games."""

        async def txn(tx: Tx) -> TournamentSummary:
            now = self._ctx.clock()
            row = await _row(tx, tournament_id)
            if row.status not in (TournamentStatus.SIGNUP, TournamentStatus.RUNNING):
                raise ChallengeError("err.tournament.over")
            if user_id != row.creator_id and not can_manage:
                raise PermissionDeniedError("err.tournament.cancel_needs_opener")
            return summary_of(await _cancel(tx, row, now))

        return await self._ctx.repo.write(txn)

    async def advance_tournaments(self) -> list[TournamentProgress]:
        """Close sign-ups whose window ended and start matches whose players
        are free now (for the timer loop; this process's guilds only)."""
        now = self._ctx.clock()
        ids = await self._ctx.repo.read(lambda tx: tx.tournaments_to_advance(now, self._ctx.shards))
        out = []
        for tid in ids:
            progress = await self._ctx.repo.write(partial(self._advance, tid))
            if progress is not None:
                out.append(progress)
        return out

    async def next_tournament_at(self) -> float | None:
        return await self._ctx.repo.read(lambda tx: tx.next_signup_end(self._ctx.shards))

    # --- inside transactions -----------------------------------------------------------

    async def _advance(self, tournament_id: int, tx: Tx) -> TournamentProgress | None:
        now = self._ctx.clock()
        row = await _row(tx, tournament_id)
        if row.status == TournamentStatus.SIGNUP and row.signup_ends <= now:
            return await self._close_signup(tx, row, now)
        if row.status != TournamentStatus.RUNNING or row.state is None:
            return None
        bracket, games = bracket_of(row)
        started = await self._start_ready(tx, row, bracket, games, now)
        if not started:
            return None
        new = await self._save(tx, row, bracket, games, now)
        return TournamentProgress(row.id, row.channel_id, summary_of(new), started)

    async def _close_signup(self, tx: Tx, row: TournamentRow, now: float) -> TournamentProgress:
        """Seed by server rating, make the bracket, start round 1 (or cancel
        a tournament that fewer than two joined)."""
        entrants = [
            Entrant(int(u), str(n), await _rating(tx, row.guild_id, int(u)), i)
            for i, (u, n) in enumerate(json.loads(row.entrants))
        ]
        if len(entrants) < 2:
            return TournamentProgress(
                row.id, row.channel_id, summary_of(await _cancel(tx, row, now))
            )
        try:
            bracket = Bracket.new(TournamentFormat(row.format), seed(entrants))
        except TournamentError as err:
            raise ChallengeError.of(err) from err
        games: dict[str, int] = {}
        row = replace(row, status=TournamentStatus.RUNNING.value)
        started = await self._start_ready(tx, row, bracket, games, now)
        new = await self._save(tx, row, bracket, games, now)
        return TournamentProgress(row.id, row.channel_id, summary_of(new), started)

    async def _start_ready(
        self,
        tx: Tx,
        row: TournamentRow,
        bracket: Bracket,
        games: dict[str, int],
        now: float,
    ) -> tuple[TableView, ...]:
        """Start every ready match whose two players are free (a player still
        in another game is waited for: the timer loop tries again)."""
        rules = load_ruleset(row.ruleset)
        names = {e.user_id: e.name for e in bracket.entrants}
        out = []
        for m in bracket.ready():
            a, b = m.players
            assert a is not None and b is not None
            if await tx.active_game_id(row.guild_id, a) is not None:
                continue
            if await tx.active_game_id(row.guild_id, b) is not None:
                continue
            out.append(table_of(await self._start_match(tx, row, rules, m.key, (a, b), names, now)))
            bracket.start(m.key)
            games[m.key] = out[-1].id
        return tuple(out)

    async def _start_match(
        self,
        tx: Tx,
        row: TournamentRow,
        rules: Ruleset,
        key: str,
        players: tuple[int, int],
        names: dict[int, str],
        now: float,
    ) -> GameSnapshot:
        a, b = players  # both free: _start_ready checked
        game = Game.new((names[a], names[b]), rules, seed=self._ctx.new_seed())
        return await insert_game(
            tx,
            self._ctx.cache,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            players=(a, b),
            game=game,
            ai_level=None,
            now=now,
            links=GameLinks(tournament_id=row.id, tournament_match=key),
        )

    @staticmethod
    async def _save(
        tx: Tx, row: TournamentRow, bracket: Bracket, games: dict[str, int], now: float
    ) -> TournamentRow:
        over = bracket.is_over
        new = replace(
            row,
            status=TournamentStatus.FINISHED.value if over else row.status,
            state=_state(bracket, games),
            version=row.version + 1,
            updated_at=now,
            finished_at=now if over else None,
        )
        await tx.save_tournament(new, row.version)
        return new

    async def after_move(self, tx: Tx, now: float, result: MoveResult) -> MoveResult:
        """A match's game ended: the bracket moves on."""
        links = result.snapshot.links
        final = result.outcome.game
        if links.tournament_id is not None and final is not None:
            progress = await self._match_done(tx, now, result)
            if progress is not None:
                result = replace(result, tournament=progress)
        return result

    async def _match_done(
        self, tx: Tx, now: float, result: MoveResult
    ) -> TournamentProgress | None:
        """A match ended: its winner goes into the bracket and the matches
        that makes ready start — in the same transaction as the last move."""
        links = result.snapshot.links
        final = result.outcome.game
        assert links.tournament_id is not None and links.tournament_match is not None
        assert final is not None
        row = await _row(tx, links.tournament_id)
        if row.status != TournamentStatus.RUNNING or row.state is None:
            return None  # cancelled meanwhile: the game stays an ordinary game
        bracket, games = bracket_of(row)
        players = result.snapshot.players
        try:
            bracket.record(links.tournament_match, players[final.winner], final.totals)
        except TournamentError:
            return None  # already recorded (cannot happen: one final move per game)
        started = await self._start_ready(tx, row, bracket, games, now)
        new = await self._save(tx, row, bracket, games, now)
        return TournamentProgress(row.id, row.channel_id, summary_of(new), started)


async def _row(tx: Tx, tournament_id: int) -> TournamentRow:
    row = await tx.tournament(tournament_id)
    if row is None:
        raise ChallengeError("err.tournament.none")
    return row


async def _cancel(tx: Tx, row: TournamentRow, now: float) -> TournamentRow:
    new = replace(
        row,
        status=TournamentStatus.CANCELLED.value,
        version=row.version + 1,
        updated_at=now,
        finished_at=now,
    )
    await tx.save_tournament(new, row.version)
    return new


async def _open_row(tx: Tx, guild_id: int) -> TournamentRow | None:
    row = await tx.current_tournament(guild_id)
    if row is None or row.status not in (TournamentStatus.SIGNUP, TournamentStatus.RUNNING):
        return None
    return row


async def _signup_row(tx: Tx, tournament_id: int, now: float) -> TournamentRow:
    row = await _row(tx, tournament_id)
    if row.status != TournamentStatus.SIGNUP or row.signup_ends <= now:
        raise ChallengeError("err.tournament.signup_closed")
    return row


async def _rating(tx: Tx, guild_id: int, user_id: int) -> float | None:
    stats = await tx.stats(guild_id, user_id)
    return None if stats is None or stats.games == 0 else stats.rating
