"""Starting games and committing moves: the transaction functions.

Everything here runs inside one transaction handed to
:meth:`Repository.write` (see :mod:`bot.service.service` for why).

A move, step by step (:func:`run_move`):

1. read the game row and the server's turn timeout (one statement);
2. refuse, raising inside the transaction so that nothing changes: no such
   game, not a player, an older ``expected_version`` (a stale button);
3. take the committed :class:`Game` from :class:`GameCache` if it is the
   stored version, else parse it from the row (another process moved, or it
   was evicted);
4. apply the action to a *copy* (the engine raises a typed error and leaves
   the copy untouched if it is illegal);
5. ``UPDATE games … WHERE id = ? AND version = ?`` (a trigger logs the move),
   plus the score-sheet row of a finished hand and, when the game ends, its
   result, ratings and statistics — all in the same transaction;
6. after ``COMMIT`` only, the copy becomes the cached game.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import partial
from typing import Final

from bot.engine import (
    CARDS,
    Action,
    ActionKind,
    Assist,
    Game,
    GameEnd,
    GameError,
    Outcome,
    Phase,
    StateError,
)
from bot.engine.errors import EngineError, Phrase
from bot.storage import GameRow, GameUpdate, NewGame, Tx

from . import scoring
from .assist import game_assist
from .codec import clone_game, dump_ruleset, dump_state, load_state
from .convert import snapshot_from_row
from .models import (
    NO_LINKS,
    AiLevel,
    GameDamagedError,
    GameLinks,
    GameSnapshot,
    GameStatus,
    MoveRejectedError,
    NoSuchGameError,
    NotYourGameError,
    RatingChange,
    StaleActionError,
)
from .timers import DEFAULT_TURN_TIMEOUT_MINUTES, STOPPED, TurnClock, start_clock
from .views import MoveResult

#: Committed games in progress kept in memory (a few KB each); the rest are
#: re-read.  Sized for every game a busy server has going at once.
CACHE_SIZE: Final = 4096
#: Finished games kept in memory: only the few still being looked at (the
#: last board, a tally, a rematch).  A bot that has played a hundred thousand
#: games must not hold thousands of them, so they get a short list of their own.
FINISHED_CACHE_SIZE: Final = 64


class StepKind(StrEnum):
    """Every change a game can undergo: a player's action, or a forfeit."""

    DRAW_STOCK = "draw_stock"
    TAKE_DISCARD = "take_discard"
    PASS = "pass"
    DISCARD = "discard"
    KNOCK = "knock"
    BIG_GIN = "big_gin"
    RESIGN = "resign"
    TIMEOUT = "timeout"  # the player to move ran out of time
    ENDED = "ended"  # a moderator ended the game

    @classmethod
    def of(cls, action: Action) -> StepKind:
        return cls(ActionKind(action.kind).value)


#: The forfeit steps and how each ends the game (``Step.action`` is ``None``).
#: Same values on both sides, so the move log's ``kind`` column reads as either.
FORFEIT_ENDS: Final = {
    StepKind.RESIGN: GameEnd.RESIGN,
    StepKind.TIMEOUT: GameEnd.TIMEOUT,
    StepKind.ENDED: GameEnd.ENDED,
}


@dataclass(frozen=True, slots=True)
class Step:
    """One change to a game, as the move transaction needs it.

    ``user_id`` is the player who acts; ``None`` means "the seat to move"
    (a timeout, or a moderator ending the game).  ``action`` is ``None`` for
    a forfeit, whose reason is ``kind``.
    """

    kind: StepKind
    action: Action | None = None
    user_id: int | None = None
    expected_version: int | None = None
    actor_id: int | None = None  # reported in MoveResult; default: the acting player
    due_at: float | None = None  # timeouts: only if the deadline is still <= this


class GameCache:
    """Committed games by id, with the version they are; least recently used
    first out.  :meth:`put` never replaces a newer version with an older one
    (a read may finish after a move).

    Games in progress and finished games are kept in two lists, so the
    finished ones (which only grow in number) never push out a live game and
    never add up to more than ``finished`` entries.

    A cached :class:`Game` is never mutated (moves go to a copy), so the same
    object can be handed out in snapshots while the next move is made.
    """

    def __init__(self, size: int = CACHE_SIZE, finished: int = FINISHED_CACHE_SIZE) -> None:
        self._size = size
        self._finished_size = finished
        self._games: OrderedDict[int, tuple[int, Game]] = OrderedDict()
        self._finished: OrderedDict[int, tuple[int, Game]] = OrderedDict()

    def _get(self, game_id: int) -> tuple[int, Game] | None:
        held = self._games.get(game_id)
        return held if held is not None else self._finished.get(game_id)

    def put(self, game_id: int, version: int, game: Game) -> None:
        held = self._get(game_id)
        if held is not None and held[0] > version:
            return
        self._games.pop(game_id, None)
        self._finished.pop(game_id, None)
        games, size = (
            (self._finished, self._finished_size) if game.is_over else (self._games, self._size)
        )
        games[game_id] = (version, game)
        while len(games) > size:
            games.popitem(last=False)

    def sizes(self) -> dict[str, int]:
        """How many games each list holds (for the soak and ``/ginadmin``)."""
        return {"live_games": len(self._games), "finished_games": len(self._finished)}

    async def game_at(self, tx: Tx, row: GameRow) -> Game:
        """The committed game for ``row``: from memory if it is that version,
        else parsed from the database."""
        cached = self._get(row.id)
        if cached is not None and cached[0] == row.version:
            return cached[1]
        text = await tx.game_state(row.id)
        try:
            if text is None:
                raise StateError("err.state.missing")
            game = load_state(text)
        except (StateError, ValueError) as err:
            reason = Phrase(err.key, err.params) if isinstance(err, EngineError) else str(err)
            raise GameDamagedError("err.game.damaged", game=row.id, reason=reason) from err
        self.put(row.id, row.version, game)
        return game

    async def load(self, tx: Tx, game_id: int) -> GameSnapshot:
        row = await tx.game(game_id)
        if row is None:
            raise NoSuchGameError("err.game.none", game=game_id)
        return await self.snapshot(tx, row)

    async def snapshot(self, tx: Tx, row: GameRow) -> GameSnapshot:
        """The snapshot of a game row read in ``tx`` (its state from memory
        when cached: then a read of one statement)."""
        return snapshot_from_row(row, await self.game_at(tx, row))


def turn_clock(
    game: Game, ai_level: AiLevel | str | None, timeout: int | None, now: float
) -> TurnClock:
    """The turn clock after a change: it runs only while a human is to move."""
    if game.is_over or (ai_level is not None and game.turn == 1):
        return STOPPED
    return start_clock(now, timeout or DEFAULT_TURN_TIMEOUT_MINUTES)


async def insert_game(
    tx: Tx,
    cache: GameCache,
    *,
    guild_id: int,
    channel_id: int,
    players: tuple[int, int],
    game: Game,
    ai_level: AiLevel | None,
    now: float,
    links: GameLinks = NO_LINKS,
    summary: tuple[int, int] | None = None,
) -> GameSnapshot:
    """Store a new game at version 1 and mark its human players busy
    (``links``: the partnership or tournament it is part of; ``summary``: the
    parent channel and message of a game played in the thread ``channel_id``)."""
    clock = turn_clock(game, ai_level, await tx.turn_timeout_minutes(guild_id), now)
    assist = game_assist(await tx.assist_setting(guild_id), against_computer=ai_level is not None)
    game_id = await tx.insert_game(
        NewGame(
            guild_id=guild_id,
            channel_id=channel_id,
            player0=players[0],
            player1=players[1],
            name0=game.names[0],
            name1=game.names[1],
            ai_level=None if ai_level is None else ai_level.value,
            ruleset=dump_ruleset(game.ruleset),
            state=dump_state(game),
            version=1,
            status=GameStatus.ACTIVE.value,
            turn_seat=game.turn,
            hand_number=game.hand_number,
            score0=game.scores[0],
            score1=game.scores[1],
            turn_deadline=clock.deadline,
            reminder_at=clock.reminder_at,
            reminder_sent=0,
            next_timer_at=clock.next_timer_at,
            created_at=now,
            updated_at=now,
            assist=assist.value,
            team_game_id=links.team_game_id,
            team_table=links.team_table,
            tournament_id=links.tournament_id,
            tournament_match=links.tournament_match,
            summary_channel_id=None if summary is None else summary[0],
            summary_message_id=None if summary is None else summary[1],
        )
    )
    humans = [players[0]] if ai_level is not None else list(players)
    await tx.claim_players(guild_id, humans, game_id)
    row = await tx.game(game_id)
    assert row is not None
    tx.after_commit(partial(cache.put, game_id, row.version, game))
    return snapshot_from_row(row, game)


async def run_move(
    tx: Tx, cache: GameCache, now: float, game_id: int, step: Step
) -> MoveResult | None:
    """Load → engine → save in the caller's transaction (see the module doc).

    Returns ``None`` only for a timeout that is no longer due.
    """
    found = await tx.game_for_move(game_id)
    if found is None:
        raise NoSuchGameError("err.game.none", game=game_id)
    return await run_found_move(tx, cache, now, found, step)


async def run_found_move(
    tx: Tx, cache: GameCache, now: float, found: tuple[GameRow, int | None], step: Step
) -> MoveResult | None:
    """:func:`run_move` on a game row already read (with its server's turn
    timeout) in the same transaction."""
    row, timeout = found
    seat: int | None = None
    if step.user_id is not None:
        seat = 0 if step.user_id == row.player0 else 1 if step.user_id == row.player1 else None
        if seat is None:
            raise NotYourGameError("err.rules.not_playing")
    if step.expected_version is not None and step.expected_version != row.version:
        raise StaleActionError("err.game.stale")
    if row.team_game_id is not None and row.status == GameStatus.FINISHED.value:
        raise MoveRejectedError("err.game.table_done")
    if step.due_at is not None and (
        row.status != GameStatus.ACTIVE.value
        or row.turn_deadline is None
        or row.turn_deadline > step.due_at
    ):
        return None  # moved (or ended) since the timer came due
    committed = await cache.game_at(tx, row)
    if seat is None:
        seat = committed.turn
        if seat is None:
            raise MoveRejectedError("err.rules.game_over")
    step = _with_knock_card(step, committed, seat, Assist(row.assist))
    game = clone_game(committed)
    try:
        if step.action is not None:
            outcome = game.apply(seat, step.action)
        else:
            outcome = game.forfeit(seat, FORFEIT_ENDS[step.kind])
    except GameError as err:
        raise MoveRejectedError.of(err) from err

    over = game.is_over
    clock = turn_clock(game, row.ai_level, timeout, now)
    version = row.version + 1
    card = None if step.action is None or step.action.card is None else CARDS[step.action.card]
    status = GameStatus.FINISHED if over else GameStatus.ACTIVE
    update = GameUpdate(
        state=dump_state(game),
        status=status.value,
        turn_seat=game.turn,
        hand_number=game.hand_number,
        score0=game.scores[0],
        score1=game.scores[1],
        turn_deadline=clock.deadline,
        reminder_at=clock.reminder_at,
        next_timer_at=clock.next_timer_at,
        last_seat=seat,
        last_kind=step.kind.value,
        last_card=None if card is None else card.code,
        updated_at=now,
        finished_at=now if over else None,
    )
    snapshot = replace(
        snapshot_from_row(row, game),
        version=version,
        status=status,
        turn_deadline=clock.deadline,
        updated_at=now,
    )
    actor = step.actor_id if step.actor_id is not None else row.players[seat]
    tx.after_commit(partial(cache.put, row.id, version, game))
    # Most moves end no hand: the game row is all they write, so its UPDATE
    # is the transaction's last statement and goes out with the COMMIT.
    await tx.update_game(
        row.id, row.version, update, last=outcome.hand is None and outcome.game is None
    )
    if outcome.hand is not None:
        hand = outcome.hand
        if hand.knocker is None:  # dead hand: the cards as they lay before the re-deal
            before = [committed.hand(0), committed.hand(1)]
            if card is not None:
                before[seat] = [c for c in before[seat] if c != card]
            deadwood = scoring.current_deadwoods(before)
        else:
            deadwood = scoring.hand_deadwoods(hand)
        await tx.insert_hand(scoring.hand_row(row.id, hand, deadwood, now))
    changes: tuple[RatingChange, ...] = ()
    if outcome.game is not None and row.team_game_id is None:  # a table: the team game rates
        changes = await record_finish(tx, row, game, outcome, now)
    return MoveResult(snapshot, outcome, actor, outcome.game, changes)


def _with_knock_card(step: Step, game: Game, seat: int, assist: Assist) -> Step:
    """A knock without a card (the command's default, the Knock button)
    throws the discard leaving the least deadwood — chosen here, from the
    committed game, so it is always the right card for this very version.
    Only at assist ``full``: otherwise choosing the card is the player's job."""
    action = step.action
    if (
        action is None
        or action.kind is not ActionKind.KNOCK
        or action.card is not None
        or game.turn != seat
        or game.phase is not Phase.DISCARD
    ):
        return step
    if assist is not Assist.FULL:
        raise MoveRejectedError("err.game.name_knock_card", assist=assist.value)
    return replace(step, action=Action(ActionKind.KNOCK, game.best_discard(seat)))


async def record_finish(
    tx: Tx, row: GameRow, game: Game, outcome: Outcome, now: float
) -> tuple[RatingChange, ...]:
    """Result row, the score sheet's forfeit line, ratings and statistics
    (these two by :func:`~.scoring.record_standings`, as a partnership game's)
    — in the transaction of the final move, so they can't disagree with it."""
    result = outcome.game
    assert result is not None
    if result.reason in scoring.FORFEIT_REASONS:
        await tx.insert_hand(scoring.forfeit_row(row.id, game, result, now))
    await tx.release_players(row.id)
    changes = await scoring.record_standings(
        tx,
        guild_id=row.guild_id,
        result=result,
        players=[
            scoring.Participant(
                user_id=row.players[seat],
                name=row.names[seat],
                side=seat,
                history=game.history,
                computer=row.ai_level is not None and seat == 1,  # it always sits in seat 1
            )
            for seat in (0, 1)
        ],
        ai_level=row.ai_level,
        now=now,
    )
    ratings = None
    if changes:  # rated: both seats' ratings before and after
        c0, c1 = changes
        ratings = ((c0.before, c0.after), (c1.before, c1.after))
    await tx.insert_result(
        scoring.result_row(
            game_id=row.id,
            guild_id=row.guild_id,
            players=row.players,
            ai_level=row.ai_level,
            result=result,
            hands_played=len(game.history),
            rated=bool(changes),
            ratings=ratings,
            now=now,
        )
    )
    return changes
