"""What crosses the service boundary to the Discord layer: views, never a
live :class:`~bot.engine.Game`.

* :class:`TableView` — a game as anyone in the channel may see it (the
  public view plus ids, version, board message);
* :class:`TurnView` — one player's seat view with the engine's advice
  (deadwood left by each discard, the best discard, the knock or gin card);
* :class:`MoveReport` — what a committed move changed, for the player who
  made it and for the public side;
* :class:`TeamProgress`, :class:`TeamSheet`, :class:`TournamentSummary`,
  :class:`TournamentProgress` — group play, with the games it started as
  table views and the bracket as the engine's frozen
  :class:`~bot.engine.tournament.TournamentView`.

They are built from a committed snapshot inside the service, so the layer
that talks to Discord can show a game and check nothing itself: every rule
question was answered by the engine before the view was made.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import (
    ActionKind,
    Assist,
    Card,
    Event,
    GameResult,
    HandResult,
    Outcome,
    PublicView,
    Ruleset,
    SeatView,
)
from bot.engine.team_game import TeamHandRecord
from bot.engine.tournament import TournamentFormat, TournamentView

from .achievement_rules import Award
from .models import (
    AiLevel,
    GameSnapshot,
    GameStatus,
    RatingChange,
    Seated,
    TimerKind,
    TournamentStatus,
)


@dataclass(frozen=True, slots=True)
class TableView(Seated):
    """A game as everyone may see it."""

    id: int
    guild_id: int
    channel_id: int
    players: tuple[int, int]  # user ids by seat
    version: int
    status: GameStatus
    ai_level: AiLevel | None  # set when seat 1 is the computer
    public: PublicView
    turn_deadline: float | None
    board_message_id: int | None
    board_posted_at: float | None
    #: How much analysis this game's players are shown (fixed at its start).
    assist: Assist = Assist.FULL
    #: Thread play: the parent channel and the game's summary line there
    #: (``channel_id`` is then the thread, which shares the summary's id).
    summary_channel_id: int | None = None
    summary_message_id: int | None = None
    #: The hand the posted board belongs to (None: not known).
    board_hand: int | None = None
    #: The game version the posted board shows (None: not known).
    board_version: int | None = None

    @property
    def names(self) -> tuple[str, str]:
        return self.public.names

    @property
    def in_thread(self) -> bool:
        """Played in a thread of its own (the channel then has its summary line)."""
        return self.summary_channel_id is not None and self.channel_id != self.summary_channel_id

    @property
    def turn(self) -> int | None:
        return self.public.turn


@dataclass(frozen=True, slots=True)
class Advice:
    """The engine's answers for the seat to move (empty when it may not discard).

    At assist ``counts`` and ``off`` only ``discards`` is filled: nothing that
    rates one card against another crosses the boundary."""

    #: The cards it may discard now, in hand order.
    discards: tuple[Card, ...] = ()
    #: Deadwood left after discarding each card, for the cards it may discard.
    deadwood_after: tuple[tuple[Card, int], ...] = ()
    best_discard: Card | None = None
    #: The card a Knock / Gin button would throw (at most one of the two is set).
    knock_card: Card | None = None
    gin_card: Card | None = None

    def left_by(self, card: Card) -> int | None:
        for c, left in self.deadwood_after:
            if c == card:
                return left
        return None


@dataclass(frozen=True, slots=True)
class TurnView:
    """One player's seat: what they may see and do, with advice."""

    table: TableView
    seat: int
    view: SeatView
    advice: Advice

    @property
    def user_id(self) -> int:
        return self.table.players[self.seat]


@dataclass(frozen=True, slots=True)
class TeamProgress:
    """What a table's finished hand did to its partnership game."""

    team_game_id: int
    guild_id: int
    channel_id: int
    #: A1, A2, B1, B2 (the computer's id for a computer seat).
    players: tuple[int, int, int, int]
    names: tuple[str, str, str, str]
    #: The hand's two table games.
    tables: tuple[int, int]
    teams: tuple[str, str]
    #: Both tables are done: the combined hand (else the other table still plays).
    hand: TeamHandRecord | None
    waiting_table: int | None
    scores: tuple[int, int]
    target: int
    #: The team game ended (by the target or a forfeit at a table).
    result: GameResult | None = None
    rating_changes: tuple[RatingChange, ...] = ()
    #: The next hand's tables, dealt in the same transaction.
    new_tables: tuple[TableView, ...] = ()


@dataclass(frozen=True, slots=True)
class TeamSheet:
    """A partnership game's score sheet: every team hand and the score."""

    names: tuple[str, str, str, str]
    teams: tuple[str, str]
    target: int
    hands: tuple[TeamHandRecord, ...]
    scores: tuple[int, int]
    hand_number: int
    result: GameResult | None


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    """A tournament as anyone may see it (built from its stored row)."""

    id: int
    guild_id: int
    channel_id: int
    creator_id: int
    title: str
    format: TournamentFormat
    status: TournamentStatus
    entrants: tuple[tuple[int, str], ...]  # join order
    signup_ends: float
    message_id: int | None
    version: int
    #: The bracket once sign-up has closed, frozen; its ``status`` is the
    #: tournament's status value (the bot words it).
    bracket: TournamentView | None = None
    #: Match key → game id of the matches started so far.
    games: tuple[tuple[str, int], ...] = ()
    rules: Ruleset | None = None


@dataclass(frozen=True, slots=True)
class TournamentProgress:
    """What a finished match did to its tournament."""

    tournament_id: int
    channel_id: int
    #: The tournament's state after the result (for its bracket image and text).
    summary: TournamentSummary
    #: Matches started because of it (winners advanced into them).
    new_games: tuple[TableView, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveReport:
    """A committed move, as the Discord layer shows it."""

    table: TableView
    #: The acting player's seat after the move (``None``: a timer or a moderator acted).
    turn: TurnView | None
    actor_id: int
    #: This move's events, as the actor may see them (their own drawn card included).
    events: tuple[Event, ...]
    hand: HandResult | None  # a hand ended: its public reveal
    game_result: GameResult | None
    rating_changes: tuple[RatingChange, ...]
    #: The move passed the turn (or dealt a new hand): the next player is pinged.
    turn_changed: bool
    #: Match play: a game of the match this move finished.
    match_game: GameResult | None = None
    #: Partnership: what this table's finished hand did to the team game.
    team: TeamProgress | None = None
    #: Tournament: what this finished match did to the tournament.
    tournament: TournamentProgress | None = None
    #: Games this move started: the next hand's tables, or tournament matches.
    new_tables: tuple[TableView, ...] = ()
    #: Achievements this move earned (announced in the game's place).
    awards: tuple[Award, ...] = ()


def table_of(snap: GameSnapshot) -> TableView:
    return TableView(
        id=snap.id,
        guild_id=snap.guild_id,
        channel_id=snap.channel_id,
        players=snap.players,
        version=snap.version,
        status=snap.status,
        ai_level=snap.ai_level,
        public=snap.game.public_view(),
        turn_deadline=snap.turn_deadline,
        board_message_id=snap.board_message_id,
        board_posted_at=snap.board_posted_at,
        assist=snap.assist,
        summary_channel_id=snap.summary_channel_id,
        summary_message_id=snap.summary_message_id,
        board_hand=snap.board_hand,
        board_version=snap.board_version,
    )


def turn_of(snap: GameSnapshot, seat: int, table: TableView | None = None) -> TurnView:
    """``seat``'s view of the committed game, with the engine's advice."""
    game = snap.game
    view = game.view(seat)
    advice = Advice()
    if ActionKind.DISCARD in view.legal:
        after = game.deadwood_after(seat)
        discards = tuple(c for c in view.hand if c in after)
        if snap.assist is not Assist.FULL:
            return TurnView(table or table_of(snap), seat, view, Advice(discards=discards))
        best = game.best_discard(seat)
        left = after[best]
        advice = Advice(
            discards=discards,
            deadwood_after=tuple(sorted(after.items(), key=lambda kv: (kv[1], kv[0].code))),
            best_discard=best,
            gin_card=best if left == 0 else None,
            knock_card=best if 0 < left <= view.public.knock_limit else None,
        )
    return TurnView(table or table_of(snap), seat, view, advice)


@dataclass(frozen=True, slots=True)
class MoveResult:
    """A committed move: the game after it, what happened, and, when the game
    ended, its result and rating changes (empty for unrated games)."""

    snapshot: GameSnapshot
    outcome: Outcome
    actor_id: int
    game_result: GameResult | None = None
    rating_changes: tuple[RatingChange, ...] = ()
    #: The move finished a partnership table's hand (or forfeited the team game).
    team: TeamProgress | None = None
    #: The move finished a tournament match.
    tournament: TournamentProgress | None = None
    #: Achievements the move earned (each stored once: a re-run earns none).
    awards: tuple[Award, ...] = ()


def report_of(result: MoveResult, viewer_id: int | None) -> MoveReport:
    """The report of ``result`` for ``viewer_id`` (the player who acted, if a player did)."""
    snap = result.snapshot
    table = table_of(snap)
    seat = None if viewer_id is None else snap.seat_of(viewer_id)
    turn = None if seat is None else turn_of(snap, seat, table)
    outcome = result.outcome
    turn_now = snap.game.turn
    return MoveReport(
        table=table,
        turn=turn,
        actor_id=result.actor_id,
        events=outcome.events if seat is not None else (),
        hand=outcome.hand,
        game_result=result.game_result,
        rating_changes=result.rating_changes,
        turn_changed=outcome.hand is not None or any(e.seat != turn_now for e in outcome.events),
        match_game=outcome.match_game,
        team=result.team,
        tournament=result.tournament,
        new_tables=new_tables_of(result),
        awards=result.awards,
    )


def new_tables_of(result: MoveResult) -> tuple[TableView, ...]:
    tables = result.team.new_tables if result.team is not None else ()
    if result.tournament is not None:
        tables += result.tournament.new_games
    return tables


@dataclass(frozen=True, slots=True)
class WaitingTurn:
    """A person's turn in progress: enough to ping them if they stay idle."""

    game_id: int
    guild_id: int
    channel_id: int
    version: int
    user_id: int
    #: When the turn began (the game's last change).
    since: float


@dataclass(frozen=True, slots=True)
class TimerNotice:
    """A due reminder (nothing changed) or a forfeit (already committed: it
    carries the finished game's report)."""

    kind: TimerKind
    game_id: int
    channel_id: int
    user_id: int  # the idle player
    deadline: float
    report: MoveReport | None = None
