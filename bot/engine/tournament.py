"""Server tournaments: seeding, the bracket or the round-robin schedule,
results and standings (docs/RULES.md, *Tournaments*).

Pure and deterministic like the rest of the engine: a :class:`Bracket` is a
small state machine driven by the service (``start`` a match when its game
begins, ``record`` it when the match ends), and it round-trips through a
plain dict so a tournament survives restarts exactly as a game does.  The
matches themselves are ordinary matches (:mod:`.match`); this module only
knows who plays whom, who won and how many points each scored.

Why the bracket is built whole at the start: every slot of every round
exists from the beginning (players ``None`` until known), so the image and
the text can show the full bracket at sign-up close, and a match key such as
``"r2m3"`` stays the same for the whole tournament.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from .errors import EngineError

MIN_ENTRANTS = 2
MAX_ENTRANTS = 64
#: Version of :meth:`Bracket.to_dict`'s layout.
SCHEMA_VERSION = 1


class TournamentFormat(StrEnum):
    SINGLE_ELIMINATION = "single_elimination"
    ROUND_ROBIN = "round_robin"


class TournamentError(EngineError):
    """An impossible tournament action; its words can be shown to players.

    Raised by :meth:`Bracket.new` (too few or too many entrants, a double
    entry), :meth:`Bracket.start` and :meth:`Bracket.record` (a match that
    cannot start, a result that cannot be recorded), :meth:`Bracket.match`
    and :meth:`Bracket.seed_of` (no such match or player) and
    :meth:`Bracket.from_dict` (a saved bracket that cannot be restored)."""


@dataclass(frozen=True, slots=True)
class Entrant:
    user_id: int
    name: str
    rating: float | None  # None: unrated on this server
    joined: int  # sign-up order, 0-based


def seed(entrants: Sequence[Entrant]) -> tuple[Entrant, ...]:
    """Seeding order: rated players by rating (highest first, ties by who
    joined first), then unrated players by join order.

    Why unrated last: a rating is the only evidence of strength we have, and
    a newcomer placed above a proven player would meet the weakest seeds.
    """
    rated = [(e.rating, e) for e in entrants if e.rating is not None]
    rated.sort(key=lambda p: (-p[0], p[1].joined, p[1].user_id))
    unrated = sorted((e for e in entrants if e.rating is None), key=lambda e: (e.joined, e.user_id))
    return (*(e for _, e in rated), *unrated)


@dataclass(frozen=True, slots=True)
class MatchSlot:
    """One match of the tournament (or one bye of single elimination)."""

    key: str  # stable id, "r<round>m<number>", e.g. "r1m3"
    round: int  # 1-based
    players: tuple[int | None, int | None]  # user ids; None: not known yet, or the bye
    winner: int | None
    #: Points each player scored in the match (round-robin tiebreak); (0, 0)
    #: until played.
    points: tuple[int, int] = (0, 0)
    #: A bye: the one player advances without playing (``winner`` is set).
    bye: bool = False

    @property
    def done(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True, slots=True)
class Standing:
    user_id: int
    name: str
    played: int
    won: int
    lost: int
    points: int


def bracket_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket position order for a power-of-two ``size``.

    Each round-1 pair sums to ``size + 1`` (seed 1 meets the lowest seed),
    and the order is built by splitting every pair of the smaller bracket, so
    seeds 1 and 2 sit in opposite halves, 1–4 in different quarters, and so
    on: the strongest can only meet late.  For 8: 1, 8, 4, 5, 2, 7, 3, 6.
    """
    if size < 2 or size & (size - 1):
        raise ValueError(f"bracket size must be a power of two ≥ 2, not {size}")
    order = [1, 2]
    while len(order) < size:
        n = 2 * len(order) + 1
        order = [s for top in order for s in (top, n - top)]
    return order


def _key(round: int, number: int) -> str:
    return f"r{round}m{number}"


class Bracket:
    """The whole tournament's schedule and results.

    Single elimination: ``rounds()[r]`` holds ``2 ** (R - r - 1)`` slots and
    the winner of slot ``j`` moves to slot ``j // 2`` of the next round
    (first player if ``j`` is even).  Round robin: every pair once, paired by
    the circle method; a player sitting a round out has no slot at all.

    Mutable, but only through :meth:`start` and :meth:`record`, which check
    everything, so a bracket can never reach a state the rules do not allow.
    """

    __slots__ = ("_index", "_rounds", "_started", "entrants", "fmt")
    __hash__ = None  # type: ignore[assignment]  # mutable, compared by state

    def __init__(
        self,
        fmt: TournamentFormat,
        entrants: tuple[Entrant, ...],
        rounds: list[list[MatchSlot]],
    ) -> None:
        self.fmt = TournamentFormat(fmt)
        #: Seeded order: ``entrants[0]`` is seed 1.
        self.entrants = entrants
        self._rounds = rounds
        self._index = {m.key: (r, j) for r, row in enumerate(rounds) for j, m in enumerate(row)}
        self._started: set[str] = set()

    # --- building --------------------------------------------------------------

    @classmethod
    def new(cls, fmt: TournamentFormat, seeded: Sequence[Entrant]) -> Bracket:
        """The schedule for ``seeded`` players (already in seed order, see
        :func:`seed`)."""
        fmt = TournamentFormat(fmt)
        entrants = tuple(seeded)
        if len(entrants) < MIN_ENTRANTS:
            raise TournamentError("err.tournament.too_few", n=MIN_ENTRANTS)
        if len(entrants) > MAX_ENTRANTS:
            raise TournamentError("err.tournament.too_many", n=MAX_ENTRANTS)
        if len({e.user_id for e in entrants}) != len(entrants):
            raise TournamentError("err.tournament.entered_twice")
        ids = [e.user_id for e in entrants]
        if fmt is TournamentFormat.SINGLE_ELIMINATION:
            bracket = cls(fmt, entrants, _elimination_rounds(ids))
            for m in bracket._rounds[0]:
                if m.bye:
                    bracket._advance(m)
            return bracket
        return cls(fmt, entrants, _round_robin_rounds(ids))

    # --- reading ---------------------------------------------------------------

    @property
    def total_rounds(self) -> int:
        return len(self._rounds)

    def rounds(self) -> list[list[MatchSlot]]:
        return [list(row) for row in self._rounds]

    def matches(self) -> list[MatchSlot]:
        """Every slot in (round, number) order, byes included."""
        return [m for row in self._rounds for m in row]

    def match(self, key: str) -> MatchSlot:
        r, j = self._where(key)
        return self._rounds[r][j]

    def match_of(self, user_id: int) -> MatchSlot | None:
        """The match ``user_id`` is playing now (started, not recorded)."""
        for m in self._live_matches():
            if user_id in m.players:
                return m
        return None

    @property
    def live(self) -> frozenset[str]:
        """Keys of the matches being played now."""
        return frozenset(self._started)

    def seed_of(self, user_id: int) -> int:
        """1-based seed of a player."""
        for i, e in enumerate(self.entrants):
            if e.user_id == user_id:
                return i + 1
        raise TournamentError("err.tournament.not_entered")

    def ready(self) -> list[MatchSlot]:
        """Matches that can start now, in (round, number) order.

        Both players known, not played, not started, and neither player busy:
        in a match under way, or already given an earlier match of this list
        (a player plays one match at a time).  Round robin therefore offers a
        later round's match whenever both its players are free, so nobody
        waits for a slow table they are not at.
        """
        busy = self._busy()
        out: list[MatchSlot] = []
        for m in self.matches():
            if self._why_not_startable(m, busy) is None:
                out.append(m)
                busy.update(p for p in m.players if p is not None)
        return out

    @property
    def is_over(self) -> bool:
        if self.fmt is TournamentFormat.SINGLE_ELIMINATION:
            return self._rounds[-1][0].winner is not None
        return all(m.done for m in self.matches())

    @property
    def champion(self) -> int | None:
        if not self.is_over:
            return None
        if self.fmt is TournamentFormat.SINGLE_ELIMINATION:
            return self._rounds[-1][0].winner
        return self.standings()[0].user_id

    def standings(self) -> list[Standing]:
        """Every entrant's record, best first.

        Round robin: matches won, then head-to-head (wins against the other
        players on the same number of wins: for two players, who won their
        match), then total points, then seed.  Single elimination ("how far
        each got"): the furthest round reached (the champion first), then
        matches won, then points, then seed.  Byes are not matches.
        """
        played = {e.user_id: [0, 0, 0, 0] for e in self.entrants}  # played, won, lost, pts
        for m in self.matches():
            if m.bye or m.winner is None:
                continue
            for side, p in enumerate(m.players):
                if p is None:
                    continue
                row = played[p]
                row[0] += 1
                row[1 if p == m.winner else 2] += 1
                row[3] += m.points[side]
        rows = [Standing(e.user_id, e.name, *played[e.user_id]) for e in self.entrants]
        seeds = {e.user_id: i for i, e in enumerate(self.entrants)}
        if self.fmt is TournamentFormat.SINGLE_ELIMINATION:
            reach = self._reach()
            rows.sort(key=lambda s: (-reach[s.user_id], -s.won, -s.points, seeds[s.user_id]))
            return rows
        h2h = self._group_wins({s.user_id: s.won for s in rows})
        rows.sort(key=lambda s: (-s.won, -h2h[s.user_id], -s.points, seeds[s.user_id]))
        return rows

    # --- acting ----------------------------------------------------------------

    def start(self, key: str) -> None:
        """Mark a match as under way (its players are then busy)."""
        m = self.match(key)
        why = self._why_not_startable(m, self._busy())
        if why is not None:
            raise TournamentError(why)
        self._started.add(key)

    def record(self, key: str, winner: int, points: tuple[int, int]) -> None:
        """A match's result; a single-elimination winner moves on at once."""
        m = self.match(key)
        if m.bye:
            raise TournamentError("err.tournament.bye_no_result")
        if m.players[0] is None or m.players[1] is None:
            raise TournamentError("err.tournament.players_unknown")
        if m.winner is not None:
            raise TournamentError("err.tournament.already_recorded")
        if winner not in m.players:
            raise TournamentError("err.tournament.winner_not_a_player")
        pts = tuple(points)
        if len(pts) != 2 or not all(isinstance(p, int) and p >= 0 for p in pts):
            raise TournamentError("err.tournament.points")
        done = replace(m, winner=winner, points=(pts[0], pts[1]))
        r, j = self._where(key)
        self._rounds[r][j] = done
        self._started.discard(key)
        if self.fmt is TournamentFormat.SINGLE_ELIMINATION:
            self._advance(done)

    # --- storage ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA_VERSION,
            "format": self.fmt.value,
            "entrants": [
                {"user_id": e.user_id, "name": e.name, "rating": e.rating, "joined": e.joined}
                for e in self.entrants
            ],
            "matches": [
                {
                    "key": m.key,
                    "round": m.round,
                    "players": list(m.players),
                    "winner": m.winner,
                    "points": list(m.points),
                    "bye": m.bye,
                }
                for m in self.matches()
            ],
            "started": sorted(self._started, key=self._order),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Bracket:
        """Rebuild a saved bracket by replaying its results on a fresh one,
        so a damaged record is refused rather than half loaded."""
        try:
            if data["schema"] != SCHEMA_VERSION:
                raise TournamentError("err.tournament.saved_schema", schema=repr(data["schema"]))
            fmt = TournamentFormat(data["format"])
            entrants = tuple(
                Entrant(
                    int(e["user_id"]),
                    str(e["name"]),
                    None if e["rating"] is None else float(e["rating"]),
                    int(e["joined"]),
                )
                for e in data["entrants"]
            )
            saved = [
                MatchSlot(
                    str(m["key"]),
                    int(m["round"]),
                    (_opt_int(m["players"][0]), _opt_int(m["players"][1])),
                    _opt_int(m["winner"]),
                    (int(m["points"][0]), int(m["points"][1])),
                    bool(m["bye"]),
                )
                for m in data["matches"]
            ]
            started = [str(k) for k in data["started"]]
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            if isinstance(exc, TournamentError):
                raise
            raise TournamentError("err.tournament.saved_unreadable", detail=repr(exc)) from exc
        bracket = cls.new(fmt, entrants)
        for m in sorted(saved, key=lambda m: bracket._order(m.key)):
            if m.winner is not None and not m.bye:
                bracket.record(m.key, m.winner, m.points)
        for key in started:
            bracket.start(key)
        if bracket.matches() != saved:
            raise TournamentError("err.tournament.saved_mismatch")
        return bracket

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Bracket):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        done = sum(1 for m in self.matches() if m.done and not m.bye)
        return f"<Bracket {self.fmt.value} {len(self.entrants)} players, {done} played>"

    # --- internals -------------------------------------------------------------

    def _where(self, key: str) -> tuple[int, int]:
        try:
            return self._index[key]
        except (KeyError, TypeError):
            raise TournamentError("err.tournament.no_such_match", key=repr(key)) from None

    def _order(self, key: str) -> tuple[int, int]:
        return self._where(key)

    def _live_matches(self) -> list[MatchSlot]:
        return [self.match(k) for k in sorted(self._started, key=self._order)]

    def _busy(self) -> set[int]:
        return {p for m in self._live_matches() for p in m.players if p is not None}

    def _why_not_startable(self, m: MatchSlot, busy: set[int]) -> str | None:
        """The key of the reason ``m`` can't start now, or None if it can."""
        if m.bye:
            return "err.tournament.bye_not_a_match"
        if m.winner is not None:
            return "err.tournament.already_played"
        if m.players[0] is None or m.players[1] is None:
            return "err.tournament.players_unknown"
        if m.key in self._started:
            return "err.tournament.under_way"
        if m.players[0] in busy or m.players[1] in busy:
            return "err.tournament.player_busy"
        return None

    def _advance(self, m: MatchSlot) -> None:
        """Put a single-elimination winner into their next-round slot."""
        r, j = self._where(m.key)
        if r + 1 >= len(self._rounds) or m.winner is None:
            return
        nxt = self._rounds[r + 1][j // 2]
        players = list(nxt.players)
        players[j % 2] = m.winner
        self._rounds[r + 1][j // 2] = replace(nxt, players=(players[0], players[1]))

    def _reach(self) -> dict[int, int]:
        """Single elimination: the furthest round each player is placed in
        (the champion one past the final)."""
        reach = {e.user_id: 0 for e in self.entrants}
        for m in self.matches():
            for p in m.players:
                if p is not None:
                    reach[p] = max(reach[p], m.round)
        final = self._rounds[-1][0]
        if final.winner is not None:
            reach[final.winner] = final.round + 1
        return reach

    def _group_wins(self, wins: dict[int, int]) -> dict[int, int]:
        """Each player's wins against players with the same number of wins."""
        out = dict.fromkeys(wins, 0)
        for m in self.matches():
            a, b = m.players
            if m.bye or m.winner is None or a is None or b is None:
                continue
            if wins[a] == wins[b]:
                out[m.winner] += 1
        return out


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _elimination_rounds(ids: Sequence[int]) -> list[list[MatchSlot]]:
    """Every slot of a single-elimination bracket; round 1 filled, byes to
    the top seeds (a seed whose opponent would be past the last entrant)."""
    n = len(ids)
    size = 1 << max(1, (n - 1).bit_length())
    order = bracket_order(size)
    first: list[MatchSlot] = []
    for j in range(size // 2):
        top, low = order[2 * j], order[2 * j + 1]
        a = ids[top - 1]  # top ≤ size/2 < n: always a real player
        if low > n:
            first.append(MatchSlot(_key(1, j + 1), 1, (a, None), a, bye=True))
        else:
            first.append(MatchSlot(_key(1, j + 1), 1, (a, ids[low - 1]), None))
    rounds = [first]
    count = size // 4
    r = 2
    while count >= 1:
        rounds.append([MatchSlot(_key(r, j + 1), r, (None, None), None) for j in range(count)])
        count //= 2
        r += 1
    return rounds


def _round_robin_rounds(ids: Sequence[int]) -> list[list[MatchSlot]]:
    """The circle method: seed 1 stays put, everyone else turns one place a
    round; with an odd number a ``None`` joins the circle and whoever meets
    it sits the round out (no slot)."""
    circle: list[int | None] = [*ids, *([None] if len(ids) % 2 else [])]
    size = len(circle)
    rounds: list[list[MatchSlot]] = []
    for r in range(1, size):
        row: list[MatchSlot] = []
        for i in range(size // 2):
            a, b = circle[i], circle[size - 1 - i]
            if a is None or b is None:
                continue
            row.append(MatchSlot(_key(r, len(row) + 1), r, (a, b), None))
        rounds.append(row)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


# --- the public picture of a tournament -------------------------------------------


@dataclass(frozen=True, slots=True)
class TournamentView:
    """Everything the bracket image and text show, and nothing mutable: the
    view crosses the service boundary and is pickled to render workers."""

    title: str
    fmt: TournamentFormat
    status: str  # "Sign-up open", "Round 2", "Finished"
    entrants: tuple[Entrant, ...]  # seeded order
    rounds: tuple[tuple[MatchSlot, ...], ...]
    standings: tuple[Standing, ...]
    champion: int | None
    live: frozenset[str]  # keys of the matches being played now


def tournament_view(bracket: Bracket, title: str, status: str) -> TournamentView:
    return TournamentView(
        title=title,
        fmt=bracket.fmt,
        status=status,
        entrants=bracket.entrants,
        rounds=tuple(tuple(row) for row in bracket.rounds()),
        standings=tuple(bracket.standings()),
        champion=bracket.champion,
        live=bracket.live,
    )
