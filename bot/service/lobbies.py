"""Partnership lobbies: the four seats, as stored (JSON) and as the lobby
message shows them, and who sits where when the game is opened."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.storage import TeamGameRow

from .codec import load_ruleset
from .models import AiLevel, ChallengeError, GameSnapshot, LobbyStatus
from .views import TableView, table_of

LOBBY_TTL_SECONDS: Final = 15 * 60
COMPUTER_NAME: Final = "Computer"


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
    status: LobbyStatus
    seats: tuple[LobbySeat, LobbySeat, LobbySeat, LobbySeat]  # A1, A2, B1, B2
    ai_level: AiLevel | None
    target: int
    expires_at: float
    message_id: int | None
    version: int
    #: Set when the fourth player joined: the first hand's two tables.
    tables: tuple[TableView, ...] = ()

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


def seats_json(seats: Sequence[LobbySeat]) -> str:
    return json.dumps(
        [
            {"user": s.user_id, "name": s.name, "joined": s.joined, "computer": s.computer}
            for s in seats
        ]
    )


def seats_of(text: str) -> tuple[LobbySeat, LobbySeat, LobbySeat, LobbySeat]:
    data: list[dict[str, Any]] = json.loads(text)
    s = [LobbySeat(d["user"], d["name"], bool(d["joined"]), bool(d["computer"])) for d in data]
    return (s[0], s[1], s[2], s[3])


def lobby_of(row: TeamGameRow, tables: tuple[GameSnapshot, ...] = ()) -> Lobby:
    """The lobby as its message shows it (``tables``: the first hand's, as dealt)."""
    return Lobby(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        creator_id=row.creator_id,
        status=LobbyStatus(row.status),
        seats=seats_of(row.seats),
        ai_level=None if row.ai_level is None else AiLevel(row.ai_level),
        target=load_ruleset(row.ruleset).team_target,
        expires_at=row.expires_at,
        message_id=row.message_id,
        version=row.version,
        tables=tuple(table_of(s) for s in tables),
    )


def place_seats(
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
        raise ChallengeError("err.table.computer_one_team")
    if not open_mine and not open_theirs:
        raise ChallengeError("err.table.no_seat_for_computer")
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
