"""A player's profile in one server: ``/gin profile``.

Every figure is worked out from the stored results of the player's rated
games (``game_results`` and the score sheets in ``hands``), never from a
counter of its own, so it can always be checked against them:

* the rating chart is each rated game's rating after it, in the order the
  games finished (from the rating before the first); a result stored
  without ratings adds no point;
* games, wins, the streaks and the head-to-head come from the same results;
* hand figures add up the score sheets of those games: **gin %** is the
  share of the hands the player won that were gin or big gin, **undercut %**
  the share of their knocks (gin aside) that were undercut, and the average
  deadwood is theirs over those knocks;
* the best hand is the most points one hand won them.

Only rated games count — human against human, as on the leaderboard; games
against the computer stay out, and so do partnership games, which are
rated as team games and leave no two-player result.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine import HandEnd
from bot.storage import RatedResultRow, Tx

from .achievements import earned_awards
from .core import ServiceContext


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The player's rating at a moment (after a game, or before the first)."""

    at: float  # Unix time
    rating: float


@dataclass(frozen=True, slots=True)
class BestHand:
    game_id: int
    hand_number: int
    end: HandEnd
    points: int


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """The player's rated games against one other player."""

    opponent_id: int
    wins: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.losses


@dataclass(frozen=True, slots=True)
class PlayerProfile:
    """One player's figures in one server (see the module docstring)."""

    guild_id: int
    user_id: int
    ratings: tuple[RatingPoint, ...]  # oldest first; empty before a rated game
    games: int
    wins: int
    hands: int  # played out in those games (dead hands included)
    hands_won: int
    gins: int  # hands won by gin or big gin
    knocks: int  # knocks that were not gin
    undercut: int  # of those, undercut
    knock_deadwood: int  # the player's deadwood summed over those knocks
    best_streak: int
    current_streak: int
    best_hand: BestHand | None
    #: Against the player who asked (None: they asked about themselves).
    head_to_head: HeadToHead | None
    #: The achievements earned, the latest first, as the catalogue keys of
    #: their names (worded in the reader's language where they are shown;
    #: every game counts for these, the computer's included: see achievement_rules).
    achievements: tuple[str, ...] = field(default=())

    @property
    def rating(self) -> float | None:
        return self.ratings[-1].rating if self.ratings else None

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def gin_rate(self) -> float | None:
        return self.gins / self.hands_won if self.hands_won else None

    @property
    def undercut_rate(self) -> float | None:
        return self.undercut / self.knocks if self.knocks else None

    @property
    def knock_deadwood_average(self) -> float | None:
        return self.knock_deadwood / self.knocks if self.knocks else None


def seat_in(row: RatedResultRow, user_id: int) -> int:
    return 0 if row.player0 == user_id else 1


def rating_points(rows: list[RatedResultRow], user_id: int) -> tuple[RatingPoint, ...]:
    """The rating before the first rated game, then after each (results
    stored without ratings are left out)."""
    points: list[RatingPoint] = []
    for row in rows:
        seat = seat_in(row, user_id)
        before = row.rating_before0 if seat == 0 else row.rating_before1
        after = row.rating_after0 if seat == 0 else row.rating_after1
        if before is None or after is None:
            continue
        if not points:
            points.append(RatingPoint(row.finished_at, before))
        points.append(RatingPoint(row.finished_at, after))
    return tuple(points)


def streaks(won: list[bool]) -> tuple[int, int]:
    """(best, current) runs of wins in ``won``, oldest first."""
    best = run = 0
    for w in won:
        run = run + 1 if w else 0
        best = max(best, run)
    return best, run


class ProfileDesk:
    """Player profiles."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    async def profile(
        self, guild_id: int, user_id: int, *, viewer_id: int | None = None
    ) -> PlayerProfile:
        """``user_id``'s profile in ``guild_id``; with ``viewer_id`` (someone
        else) their head-to-head against the viewer too."""

        async def txn(tx: Tx) -> PlayerProfile:
            rows = await tx.rated_results(guild_id, user_id)
            hands = await tx.hand_figures(guild_id, user_id)
            best = await tx.best_hand(guild_id, user_id)
            won = [r.winner_seat == seat_in(r, user_id) for r in rows]
            best_streak, current = streaks(won)
            h2h = None
            if viewer_id is not None and viewer_id != user_id:
                mine = [
                    w for r, w in zip(rows, won, strict=True) if viewer_id in (r.player0, r.player1)
                ]
                h2h = HeadToHead(viewer_id, sum(mine), len(mine) - sum(mine))
            return PlayerProfile(
                guild_id=guild_id,
                user_id=user_id,
                ratings=rating_points(rows, user_id),
                games=len(rows),
                wins=sum(won),
                hands=hands.hands,
                hands_won=hands.hands_won,
                gins=hands.gins,
                knocks=hands.knocks,
                undercut=hands.undercut,
                knock_deadwood=hands.knock_deadwood,
                best_streak=best_streak,
                current_streak=current,
                best_hand=None
                if best is None
                else BestHand(best.game_id, best.hand_number, HandEnd(best.ending), best.points),
                head_to_head=h2h,
                achievements=tuple(
                    a.name_key
                    for a in earned_awards(guild_id, user_id, await tx.earned(guild_id, user_id))
                ),
            )

        return await self._ctx.repo.read(txn)
