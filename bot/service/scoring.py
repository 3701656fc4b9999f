"""Engine results → score-sheet rows, game results and player statistics.

Pure functions, so the rules for what a leaderboard counts can be read (and
tested) in one place:

* hands won, gins, big gins and undercuts come from the finished game's hand
  history (an undercut is *scored* by the defender who wins it and
  *suffered* by the knocker);
* total points add up each game's final tally (``GameResult.totals``), and
  the best game is the highest such tally;
* a streak counts consecutive wins.

Statistics are written only when a game finishes, in the same transaction as
its final move, so a game a moderator ends leaves no trace in them.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Card, Game, GameEnd, GameResult, HandEnd, HandResult, min_deadwood
from bot.storage import HandRow, ResultRow, StatsRow

from .ratings import INITIAL_RATING

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
    """``previous`` (or a fresh 1200 record) after one more counted game."""
    p = previous or StatsRow(
        guild_id, user_id, name, INITIAL_RATING, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, now
    )
    won = result.winner == seat
    points = result.totals[seat]
    streak = p.current_streak + 1 if won else 0
    return StatsRow(
        guild_id=guild_id,
        user_id=user_id,
        name=name,
        rating=rating,
        games=p.games + 1,
        wins=p.wins + int(won),
        losses=p.losses + int(not won),
        hands_won=p.hands_won + sum(1 for h in history if h.winner == seat),
        gins=p.gins + sum(1 for h in history if h.end is HandEnd.GIN and h.winner == seat),
        big_gins=p.big_gins
        + sum(1 for h in history if h.end is HandEnd.BIG_GIN and h.winner == seat),
        undercuts_scored=p.undercuts_scored
        + sum(1 for h in history if h.end is HandEnd.UNDERCUT and h.winner == seat),
        undercuts_suffered=p.undercuts_suffered
        + sum(1 for h in history if h.end is HandEnd.UNDERCUT and h.knocker == seat),
        total_points=p.total_points + points,
        best_game=max(p.best_game, points) if p.games else points,
        current_streak=streak,
        best_streak=max(p.best_streak, streak),
        updated_at=now,
    )
