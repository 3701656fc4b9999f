"""A partnership game (2 v 2): the team score around the tables.

Each hand is two ordinary one-hand tables (:class:`~bot.engine.game.Game`
with a :class:`~bot.engine.partnership.TableInfo`).  This object only knows
who sits where, the team score, and each finished hand's two table results;
the service deals the tables it asks for and hands back their results.  It
is pure and serializable like a game, so a team game restores exactly.

Players are indexed 0–3 as A1, A2, B1, B2.  At every table seat 0 is the
team A player and seat 1 the team B player (docs/RULES.md, *Partnership
gin*), so a table's winner is directly the winning team.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import errors
from .partnership import (
    TableInfo,
    TeamHand,
    TeamRules,
    TeamScore,
    TeamScoring,
    pairings,
    team_hand,
    team_tally,
)
from .records import GameEnd, GameResult, HandResult, SeatTally
from .serialize import (
    game_result_from_dict,
    game_result_to_dict,
    hand_result_from_dict,
    hand_result_to_dict,
)


@dataclass(frozen=True, slots=True)
class Seating:
    """One table of the current hand: which players, who deals."""

    table: int  # 1 or 2
    players: tuple[int, int]  # player indexes 0-3: (team A player, team B player)
    dealer: int  # table seat that deals
    info: TableInfo


@dataclass(frozen=True, slots=True)
class TeamHandRecord:
    """A finished partnership hand: both tables and what they made together."""

    number: int
    tables: tuple[HandResult, HandResult]
    seats: tuple[tuple[int, int], tuple[int, int]]  # player indexes at each table
    result: TeamHand
    totals: tuple[int, int]  # team scores after the hand


class TeamGame:
    """The team game: seats, score, finished hands, result."""

    def __init__(
        self,
        names: tuple[str, str, str, str],
        rules: TeamRules,
        target: int,
        game_bonus: int,
        line_bonus: int,
        shutout: bool,
    ) -> None:
        self.names = names
        self.rules = rules
        self.target = target
        self.game_bonus = game_bonus
        self.line_bonus = line_bonus
        self.shutout = shutout
        self.hand_number = 1
        self.score = TeamScore()
        self.hands: list[TeamHandRecord] = []
        self.result: GameResult | None = None

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def teams(self) -> tuple[str, str]:
        """The two teams' names, "A1 & A2" and "B1 & B2"."""
        n = self.names
        return (f"{n[0]} & {n[1]}", f"{n[2]} & {n[3]}")

    @staticmethod
    def team_of(player: int) -> int:
        return 0 if player < 2 else 1

    def seating(self) -> tuple[Seating, Seating]:
        """The two tables of the current hand: opponents rotate every hand
        and the dealer alternates (the B players deal in hand 1)."""
        if self.is_over:
            raise errors.StateError("err.state.team_game_over")
        dealer = 1 if self.hand_number % 2 == 1 else 0
        out = []
        for i, (a, b) in enumerate(pairings(self.hand_number)):
            info = TableInfo(self.hand_number, i + 1, self.teams, self.score.scores, self.target)
            out.append(Seating(i + 1, (a, 2 + b), dealer, info))
        return (out[0], out[1])

    def record(self, tables: tuple[HandResult, HandResult]) -> TeamHandRecord:
        """Both tables of the current hand are done: score the hand, end the
        game if a team reached the target, else move to the next hand."""
        seats = self.seating()
        hand = team_hand(tables, self.rules)
        self.score = self.score.after(hand)
        rec = TeamHandRecord(
            self.hand_number,
            tables,
            (seats[0].players, seats[1].players),
            hand,
            self.score.scores,
        )
        self.hands.append(rec)
        if hand.winner is not None and self.score.scores[hand.winner] >= self.target:
            self.result = GameResult(hand.winner, GameEnd.TARGET, self._tallies(hand.winner))
        else:
            self.hand_number += 1
        return rec

    def forfeit(self, losing_team: int, reason: GameEnd) -> GameResult:
        """A player resigned, ran out of time or a moderator ended it: the
        other team wins with the scores as they stand."""
        if self.is_over:
            raise errors.StateError("err.state.team_game_over")
        winner = 1 - losing_team
        self.result = GameResult(winner, reason, self._tallies(winner))
        return self.result

    def _tallies(self, winner: int) -> tuple[SeatTally, SeatTally]:
        return team_tally(self.score, winner, self.game_bonus, self.line_bonus, self.shutout)

    # --- serialization -------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        return {
            "names": list(self.names),
            "team_scoring": self.rules.scoring.value,
            "target": self.target,
            "game_bonus": self.game_bonus,
            "line_bonus": self.line_bonus,
            "shutout": self.shutout,
            "hand_number": self.hand_number,
            "hands": [
                {
                    "number": h.number,
                    "tables": [hand_result_to_dict(t) for t in h.tables],
                    "seats": [list(s) for s in h.seats],
                }
                for h in self.hands
            ],
            "result": None if self.result is None else game_result_to_dict(self.result),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TeamGame:
        """Rebuild a team game; each hand's team result is recomputed from its
        tables, so the score can never drift from them."""
        try:
            n = data["names"]
            game = cls(
                (str(n[0]), str(n[1]), str(n[2]), str(n[3])),
                TeamRules(TeamScoring(data["team_scoring"])),
                int(data["target"]),
                int(data["game_bonus"]),
                int(data["line_bonus"]),
                bool(data["shutout"]),
            )
            for h in data["hands"]:
                t = [hand_result_from_dict(x) for x in h["tables"]]
                tables = (t[0], t[1])
                s = h["seats"]
                hand = team_hand(tables, game.rules)
                game.score = game.score.after(hand)
                game.hands.append(
                    TeamHandRecord(
                        int(h["number"]),
                        tables,
                        ((int(s[0][0]), int(s[0][1])), (int(s[1][0]), int(s[1][1]))),
                        hand,
                        game.score.scores,
                    )
                )
            game.hand_number = int(data["hand_number"])
            r = data["result"]
            game.result = None if r is None else game_result_from_dict(r)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise errors.StateError("err.state.team_damaged", detail=str(exc)) from exc
        return game
