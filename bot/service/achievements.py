"""Achievements earned: checked when a hand or a game ends, inside the
move's own transaction (a :class:`~bot.service.core.MoveObserver`, after
tournaments, so a won tournament is known), and stored with a unique key.

The move's transaction is the one place that knows a hand or a game just
ended, and storing the award there ties it to the result: a move that rolls
back earns nothing, a lost race re-run by the repository finds the award
already stored, and a restart cannot re-run a committed move.  The awards a
move earned ride on its :class:`~bot.service.views.MoveResult` to the
Discord layer, which announces each once in the game's thread or channel —
only awards newly stored are on it, so nothing is ever announced twice.

The rules themselves are data (:mod:`bot.service.achievement_rules`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.engine import CARDS, Action, ActionKind, Game, GameEnd, HandEnd, HandResult
from bot.engine.game import STOCK_FLOOR
from bot.engine.replay import HandNotFinishedError, replay_hand
from bot.storage import EarnedRow, MoveRow, Tx

from .achievement_rules import (
    ACHIEVEMENTS,
    BY_ID,
    Award,
    Facts,
    GameFacts,
    HandFacts,
    Moment,
    SeasonFacts,
    award_of,
)
from .core import ServiceContext
from .views import MoveResult

#: Move kinds that are actions (the rest end the game: resign, timeout, ended).
_ACTIONS = frozenset(k.value for k in ActionKind)
#: How many latest results the streak achievement looks at.
STREAK = 5


async def grant(
    tx: Tx,
    moment: Moment,
    facts: Facts,
    *,
    guild_id: int,
    user_id: int,
    now: float,
    game_id: int | None,
) -> tuple[Award, ...]:
    """Store every achievement of ``moment`` that ``facts`` earn and the
    player does not hold yet; the newly earned ones."""
    out = []
    for rule in ACHIEVEMENTS:
        if (
            rule.moment is moment
            and rule.earned(facts)
            and await tx.award(guild_id, user_id, rule.id, now, game_id)
        ):
            out.append(award_of(rule, guild_id, user_id, now, game_id))
    return tuple(out)


async def grant_season(
    tx: Tx, guild_id: int, user_id: int, place: int, now: float
) -> tuple[Award, ...]:
    """A season's podium place: the season achievements it earns."""
    return await grant(
        tx,
        Moment.SEASON,
        SeasonFacts(place),
        guild_id=guild_id,
        user_id=user_id,
        now=now,
        game_id=None,
    )


def worst_deficit(game: Game, seat: int) -> int:
    """The most points ``seat`` trailed by after a hand of the game's last
    game (a match starts each game from zero: its earlier games are left out)."""
    hands = game.history
    if game.ruleset.match_format() is not None:
        ended = [
            i
            for i, h in enumerate(hands[:-1])
            if h.winner is not None and h.totals[h.winner] >= game.target
        ]
        if ended:
            hands = hands[ended[-1] + 1 :]
    return max((h.totals[1 - seat] - h.totals[seat] for h in hands), default=0)


def took_fiftieth(game: Game, moves: Sequence[MoveRow], hand: HandResult) -> bool:
    """Whether the knocker of ``hand`` drew the 50th card just before going
    gin: the card taken from the discard pile with the stock at two cards
    (only the 50th-card rule lets anyone draw then).  Replayed from the move
    log, since the next hand is dealt by the time the move is recorded."""
    actions: list[tuple[int, Action]] = []
    for move in moves:
        if move.kind not in _ACTIONS:
            break
        card = None if move.card is None else next(c for c in CARDS if c.code == move.card)
        actions.append((move.seat, Action(ActionKind(move.kind), card)))
    try:
        replay = replay_hand(
            game.names, game.ruleset, game.seed, game.first_dealer, actions, hand.number
        )
    except HandNotFinishedError:
        return False  # the log and the state disagree: claim nothing
    knock = replay.knock_step
    if knock is None or knock < 1:
        return False
    drawn = replay.steps[knock - 1]
    return (
        drawn.seat == hand.knocker
        and drawn.kind is ActionKind.TAKE_DISCARD
        and drawn.stock_count <= STOCK_FLOOR
    )


class AchievementDesk:
    """Achievements: the move observer that awards them, and what a player holds."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    async def after_move(self, tx: Tx, now: float, result: MoveResult) -> MoveResult:
        """A hand or a game ended: award what it earned, in its transaction."""
        snap = result.snapshot
        if snap.links.team_game_id is not None:
            return result  # a partnership table earns nothing (see achievement_rules)
        game = snap.game
        humans = (0,) if snap.ai_level is not None else (0, 1)
        awards: list[Award] = []
        hand = result.outcome.hand
        if hand is not None and hand.winner is not None:
            for seat in humans:
                facts = await self._hand_facts(tx, snap.id, game, hand, seat)
                awards += await grant(
                    tx,
                    Moment.HAND,
                    facts,
                    guild_id=snap.guild_id,
                    user_id=snap.players[seat],
                    now=now,
                    game_id=snap.id,
                )
        final = result.outcome.game
        if final is not None and final.reason is not GameEnd.ENDED:
            for seat in humans:
                game_facts = await self._game_facts(tx, result, seat)
                awards += await grant(
                    tx,
                    Moment.GAME,
                    game_facts,
                    guild_id=snap.guild_id,
                    user_id=snap.players[seat],
                    now=now,
                    game_id=snap.id,
                )
        if not awards:
            return result
        return replace(result, awards=result.awards + tuple(awards))

    @staticmethod
    async def _hand_facts(
        tx: Tx, game_id: int, game: Game, hand: HandResult, seat: int
    ) -> HandFacts:
        fiftieth = False
        if hand.end is HandEnd.GIN and hand.knocker == seat and game.ruleset.fiftieth_card_rule:
            fiftieth = took_fiftieth(game, await tx.moves(game_id), hand)
        return HandFacts(
            end=hand.end,
            won=hand.winner == seat,
            knocked=hand.knocker == seat,
            points=hand.points,
            doubled=hand.doubled,
            fiftieth=fiftieth,
        )

    @staticmethod
    async def _game_facts(tx: Tx, result: MoveResult, seat: int) -> GameFacts:
        snap = result.snapshot
        final = result.outcome.game
        assert final is not None
        user = snap.players[seat]
        won = final.winner == seat
        latest: tuple[bool, ...] = ()
        if won:
            latest = tuple(await tx.latest_wins(snap.guild_id, user, STREAK))
        bracket = None if result.tournament is None else result.tournament.summary.bracket
        return GameFacts(
            won=won,
            reason=final.reason,
            opponent_points=final.tallies[1 - seat].hand_points,
            worst_deficit=worst_deficit(snap.game, seat),
            games=await tx.counted_games(snap.guild_id, user),
            latest_wins=latest,
            against=snap.ai_level,
            match=snap.game.ruleset.match_format() is not None,
            tournament_won=bracket is not None and bracket.champion == user,
        )

    async def earned(self, guild_id: int, user_id: int) -> tuple[Award, ...]:
        """The achievements a player holds in a server, the latest first."""
        rows = await self._ctx.repo.read(lambda tx: tx.earned(guild_id, user_id))
        return earned_awards(guild_id, user_id, rows)


def earned_awards(guild_id: int, user_id: int, rows: Sequence[EarnedRow]) -> tuple[Award, ...]:
    """Stored rows as awards (an id no rule has any more is left out)."""
    return tuple(
        award_of(BY_ID[row.achievement], guild_id, user_id, row.earned_at, row.game_id)
        for row in rows
        if row.achievement in BY_ID
    )
