"""Engine results → score-sheet rows, game results and player statistics.

Pure functions, so the rules for what a leaderboard counts can be read (and
tested) in one place, and :func:`record_standings`, the one place that
writes them:

* hands won, gins, big gins and undercuts come from the finished game's hand
  history (an undercut is *scored* by the defender who wins it and
  *suffered* by the knocker);
* total points add up each game's final tally (``GameResult.totals``), and
  the best game is the highest such tally;
* a streak counts consecutive wins.

That counting is :func:`counted_stats`, over one player's
:class:`GameFigures` in one game: the live count works the figures out from
the hand history (:func:`updated_stats`), a season's rebuild from the stored
result (:mod:`bot.service.season_rebuild`), so the two cannot disagree.

Statistics are written only when a game finishes, in the same transaction as
its final move, so a game a moderator ends leaves no trace in them: a
two-player game's by :func:`bot.service.games.record_finish`, a partnership
game's by :mod:`bot.service.team_play`, both through :func:`record_standings`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import Card, Game, GameEnd, GameResult, HandEnd, HandResult, min_deadwood
from bot.storage import HandRow, ResultRow, StatsRow, Tx

from .models import RatingChange
from .ratings import INITIAL_RATING, ratings_after

#: Ways a game ends without its last hand being played out.
FORFEIT_REASONS = frozenset({GameEnd.RESIGN, GameEnd.TIMEOUT, GameEnd.ENDED})
#: Reasons that count for ratings and statistics.
COUNTED_REASONS = frozenset({GameEnd.TARGET, GameEnd.RESIGN, GameEnd.TIMEOUT})


def hand_deadwoods(hand: HandResult) -> tuple[int, int]:
    """Both seats' deadwood when a knock or gin ended the hand (the
    defender's after layoffs)."""
    if hand.knocker is None:
        return (0, 0)
    out = [0, 0]
    out[hand.knocker] = hand.knocker_value
    out[1 - hand.knocker] = hand.defender_value
    return (out[0], out[1])


def current_deadwoods(hands: Sequence[Sequence[Card]]) -> tuple[int, int]:
    """Least deadwood of each seat's cards as they lie (11 cards: after the
    best discard) — for dead hands and forfeits, which lay nothing down."""
    return (min_deadwood(hands[0]), min_deadwood(hands[1]))


def hand_row(game_id: int, hand: HandResult, deadwood: tuple[int, int], now: float) -> HandRow:
    return HandRow(
        game_id=game_id,
        hand_number=hand.number,
        ending=hand.end.value,
        knocker_seat=hand.knocker,
        winner_seat=hand.winner,
        points=hand.points,
        doubled=int(hand.doubled),
        deadwood0=deadwood[0],
        deadwood1=deadwood[1],
        total0=hand.totals[0],
        total1=hand.totals[1],
        finished_at=now,
    )


def forfeit_row(game_id: int, game: Game, result: GameResult, now: float) -> HandRow:
    """The score sheet's last line for a resign, timeout or moderator end:
    no points; the winner is left empty when a moderator ended the game."""
    deadwood = current_deadwoods((game.hand(0), game.hand(1)))
    return HandRow(
        game_id=game_id,
        hand_number=game.hand_number,
        ending=result.reason.value,
        knocker_seat=None,
        winner_seat=None if result.reason is GameEnd.ENDED else result.winner,
        points=0,
        doubled=0,
        deadwood0=deadwood[0],
        deadwood1=deadwood[1],
        total0=game.scores[0],
        total1=game.scores[1],
        finished_at=now,
    )


def result_row(
    *,
    game_id: int,
    guild_id: int,
    players: tuple[int, int],
    ai_level: str | None,
    result: GameResult,
    hands_played: int,
    rated: bool,
    ratings: tuple[tuple[float, float], tuple[float, float]] | None,
    now: float,
) -> ResultRow:
    t0, t1 = result.tallies
    totals = result.totals
    return ResultRow(
        game_id=game_id,
        guild_id=guild_id,
        player0=players[0],
        player1=players[1],
        winner_seat=result.winner,
        reason=result.reason.value,
        rated=int(rated),
        ai_level=ai_level,
        hands_played=hands_played,
        hand_points0=t0.hand_points,
        hand_points1=t1.hand_points,
        hands_won0=t0.hands_won,
        hands_won1=t1.hands_won,
        shutout0=int(t0.shutout),
        shutout1=int(t1.shutout),
        line_bonus0=t0.line_bonus,
        line_bonus1=t1.line_bonus,
        game_bonus0=t0.game_bonus,
        game_bonus1=t1.game_bonus,
        total0=totals[0],
        total1=totals[1],
        rating_before0=None if ratings is None else ratings[0][0],
        rating_after0=None if ratings is None else ratings[0][1],
        rating_before1=None if ratings is None else ratings[1][0],
        rating_after1=None if ratings is None else ratings[1][1],
        finished_at=now,
    )


@dataclass(frozen=True, slots=True)
class GameFigures:
    """One player's figures in one counted game — all a standing adds up.

    The live count works them out from the hand history
    (:func:`game_figures`), a season's rebuild from the stored result
    (:func:`bot.service.season_rebuild.fold`); both then count them by
    :func:`counted_stats`, so the two can never count differently.
    """

    #: The game's final tally for the player (``GameResult.totals``).
    points: int
    hands_won: int
    gins: int
    big_gins: int
    #: Undercuts the player won as the defender.
    undercuts_scored: int
    #: Undercuts the player suffered as the knocker.
    undercuts_suffered: int
    won: bool


def game_figures(seat: int, result: GameResult, history: Sequence[HandResult]) -> GameFigures:
    """The figures of the player on ``seat`` (their side) in a finished game."""
    return GameFigures(
        points=result.totals[seat],
        hands_won=sum(1 for h in history if h.winner == seat),
        gins=sum(1 for h in history if h.end is HandEnd.GIN and h.winner == seat),
        big_gins=sum(1 for h in history if h.end is HandEnd.BIG_GIN and h.winner == seat),
        undercuts_scored=sum(1 for h in history if h.end is HandEnd.UNDERCUT and h.winner == seat),
        undercuts_suffered=sum(
            1 for h in history if h.end is HandEnd.UNDERCUT and h.knocker == seat
        ),
        won=result.winner == seat,
    )


def counted_stats(
    previous: StatsRow | None,
    figures: GameFigures,
    *,
    guild_id: int,
    user_id: int,
    name: str,
    rating: float,
    now: float,
) -> StatsRow:
    """``previous`` (or a fresh 1200 record) after one more counted game:
    the one place a standing's numbers are added up.  ``rating`` is the
    player's new rating (:func:`~.ratings.ratings_after`), ``now`` when the
    game finished."""
    p = previous or StatsRow(
        guild_id, user_id, name, INITIAL_RATING, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, now
    )
    won = figures.won
    streak = p.current_streak + 1 if won else 0
    return StatsRow(
        guild_id=guild_id,
        user_id=user_id,
        name=name,
        rating=rating,
        games=p.games + 1,
        wins=p.wins + int(won),
        losses=p.losses + int(not won),
        hands_won=p.hands_won + figures.hands_won,
        gins=p.gins + figures.gins,
        big_gins=p.big_gins + figures.big_gins,
        undercuts_scored=p.undercuts_scored + figures.undercuts_scored,
        undercuts_suffered=p.undercuts_suffered + figures.undercuts_suffered,
        total_points=p.total_points + figures.points,
        # The first game is the best so far, even at a negative or zero tally.
        best_game=max(p.best_game, figures.points) if p.games else figures.points,
        current_streak=streak,
        best_streak=max(p.best_streak, streak),
        updated_at=now,
    )


def updated_stats(
    previous: StatsRow | None,
    *,
    guild_id: int,
    user_id: int,
    name: str,
    seat: int,
    result: GameResult,
    history: Sequence[HandResult],
    rating: float,
    now: float,
) -> StatsRow:
    """``previous`` (or a fresh 1200 record) after one more counted game,
    its figures worked out from the hand history."""
    return counted_stats(
        previous,
        game_figures(seat, result, history),
        guild_id=guild_id,
        user_id=user_id,
        name=name,
        rating=rating,
        now=now,
    )


# --- the one writer ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Participant:
    """One player of a finished game, as the standings count them."""

    user_id: int
    name: str
    #: The side of the game's result they played on: their seat in a
    #: two-player game, their team in a partnership game.
    side: int
    #: The hands they played (a partnership game: those of their own tables).
    history: Sequence[HandResult]
    #: The computer's seat: it has no standing.
    computer: bool = False


async def record_standings(
    tx: Tx,
    *,
    guild_id: int,
    result: GameResult,
    players: Sequence[Participant],
    ai_level: str | None,
    now: float,
) -> tuple[RatingChange, ...]:
    """Write what a finished game does to its players' standings, in the
    transaction of its final move; the rating changes, in the order of
    ``players`` (empty: the game was unrated).

    * a game a moderator ended (or any reason outside
      :data:`COUNTED_REASONS`) counts nowhere;
    * with the computer at the table (``ai_level``) no rating moves and
      ``player_stats`` stays as it was; a one-on-one game against it counts
      in the person's ``ai_stats`` at that level, a partnership game with a
      computer seat nowhere;
    * otherwise every player's rating moves by :func:`ratings_after` and
      their row gains the game (:func:`updated_stats`): all the rows are read
      first, then written in the order of ``players``.
    """
    if result.reason not in COUNTED_REASONS:
        return ()
    if ai_level is not None:
        people = [p for p in players if not p.computer]
        if len(players) == 2 and len(people) == 1:
            person = people[0]
            await tx.bump_ai_stats(
                guild_id, person.user_id, ai_level, won=result.winner == person.side
            )
        return ()
    previous = [await tx.stats(guild_id, p.user_id) for p in players]
    before = [INITIAL_RATING if row is None else row.rating for row in previous]
    after = ratings_after(before, [p.side for p in players], result.winner)
    for p, row, rating in zip(players, previous, after, strict=True):
        await tx.put_stats(
            updated_stats(
                row,
                guild_id=guild_id,
                user_id=p.user_id,
                name=p.name,
                seat=p.side,
                result=result,
                history=p.history,
                rating=rating,
                now=now,
            )
        )
    return tuple(
        RatingChange(p.user_id, b, a) for p, b, a in zip(players, before, after, strict=True)
    )
