"""Every change of the database explained: the fuzzer's books.

After each step :meth:`Ledger.check` reads the bot's SQLite file (read-only,
beside the running bot) and compares it with what it saw last time:

* **games** — each new version is a row of the move log; it must be a move
  of the right player (someone who sent a matching interaction in this
  step, the computer for its own seat, the timer once the turn's deadline
  passed, a moderator's ``/ginadmin end``) and, replayed through the engine on the
  last state seen, must give exactly the stored state.  A new game is
  replayed from its first deal (its seed) and must have been started by the
  players (the opponent's Accept, the player's own game against the
  computer, a lobby or tournament).  Nothing changes without a new version.
  Every state holds the 52 cards once each.
* **challenges** — created by the challenger; accepted or declined only by
  the opponent, cancelled only by the challenger, expired only after their
  time.
* **server settings** — changed only by ``/ginadmin settings`` from a member
  with Manage Server.

It also remembers, for every version of every game, which cards were
hidden then, so the message audit can judge a board written for any version.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.engine import CARDS, Action, ActionKind, Game, Phase, game_from_dict, game_to_dict

ACTIONS = {k.value for k in ActionKind}
FORFEITS = {"resign", "timeout", "ended"}
CODES = {c.code: c for c in CARDS}
#: What each move command and control can do.
SLASH_MOVES = {
    "gin draw": {"draw_stock", "take_discard"},
    "gin pass": {"pass"},
    "gin discard": {"discard"},
    "gin knock": {"knock"},
    "gin biggin": {"big_gin"},
    "gin resign": {"resign"},
}
BUTTON_MOVES = {
    "stock": {"draw_stock"},
    "take": {"take_discard"},
    "pass": {"pass"},
    "knock": {"knock"},
    "gin": {"knock"},
    "biggin": {"big_gin"},
}


@dataclass(frozen=True, slots=True)
class Sent:
    """One interaction the fuzzer sent: who, and what it named."""

    user: int
    kind: str  # "slash" | "component" | "autocomplete"
    name: str  # the command path ("gin draw") or the custom_id
    options: Mapping[str, Any] = field(default_factory=dict)
    manager: bool = False  # the user has Manage Server


def canonical(text: str) -> int | None:
    """An id exactly as the bot writes one (what the bot must accept)."""
    if not text.isascii() or not text.isdigit() or text.startswith("0") or len(text) > 19:
        return None
    return int(text)


def component_moves(custom_id: str) -> tuple[int, set[str]] | None:
    """(game, kinds) a move control names, or None."""
    parts = custom_id.split(":")
    if len(parts) == 5 and parts[:2] == ["gin", "a"] and parts[2] in BUTTON_MOVES:
        game = canonical(parts[3])
        return None if game is None else (game, BUTTON_MOVES[parts[2]])
    if len(parts) == 4 and parts[:2] == ["gin", "d"]:
        game = canonical(parts[2])
        return None if game is None else (game, {"discard", "knock"})
    return None


def hidden_labels(game: Game) -> frozenset[str]:
    """Cards nobody but their holder may know: hands (less what was taken
    from the pile, which everyone saw) and the stock."""
    if game.phase is Phase.GAME_OVER:
        return frozenset()
    public = game.public_view()
    known = set(public.known[0]) | set(public.known[1])
    cards = (set(game.hand(0)) | set(game.hand(1)) | set(game.stock)) - known
    return frozenset(c.label for c in cards)


def conserved(game: Game) -> bool:
    """The 52 cards once each: in the hands, the stock and the pile — and,
    once a knock has ended the game, the knocker's face-down discard, which
    the hand's result keeps (the next deal would have gathered it)."""
    cards = [*game.hand(0), *game.hand(1), *game.stock, *game.pile]
    last = game.history[-1] if game.history else None
    if game.is_over and last is not None and last.number == game.hand_number:
        cards += [] if last.knocker_discard is None else [last.knocker_discard]
    return len(cards) == 52 and len(set(cards)) == 52


def as_json(game: Game) -> Any:
    return json.loads(json.dumps(game_to_dict(game)))


@dataclass
class Tracked:
    """What the ledger knows of one game."""

    game: Game
    version: int
    status: str
    deadline: float | None
    players: tuple[int, int]
    ai: bool
    team: int | None
    #: Hidden card labels by version (for judging messages written then).
    hidden: dict[int, frozenset[str]] = field(default_factory=dict)


class Ledger:
    """Reads the bot's database and explains each change (see the module doc)."""

    def __init__(self, db_path: Path, bot_id: int) -> None:
        self.db_path = db_path
        self.bot_id = bot_id
        self.games: dict[int, Tracked] = {}
        self.challenges: dict[int, tuple[Any, ...]] = {}
        self.settings: dict[int, tuple[Any, ...]] = {}
        #: Every tournament's title (typed text the bot quotes publicly).
        self.titles: set[str] = set()
        #: Players signed up to a tournament not over yet.
        self.entrants: set[int] = set()
        self.moves_checked = 0

    # --- reading ---------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection | None:
        if not self.db_path.exists():
            return None
        db = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True, timeout=30)
        db.row_factory = sqlite3.Row
        return db

    def hidden_at(self, game_id: int, version: int) -> frozenset[str] | None:
        """The labels hidden in ``game_id`` at ``version``; None if the ledger
        has not seen that version (yet)."""
        tracked = self.games.get(game_id)
        return None if tracked is None else tracked.hidden.get(version)

    def hidden_now(self, game_id: int) -> frozenset[str]:
        """The labels hidden in ``game_id`` now (none for an unknown game)."""
        tracked = self.games.get(game_id)
        return frozenset() if tracked is None else tracked.hidden.get(tracked.version, frozenset())

    def all_hidden(self) -> frozenset[str]:
        """Every label hidden in some active game right now."""
        out: set[str] = set()
        for tracked in self.games.values():
            if tracked.status == "active":
                out |= tracked.hidden.get(tracked.version, frozenset())
        return frozenset(out)

    # --- checking --------------------------------------------------------------------

    def check(self, window: Sequence[Sent], now: float) -> list[str]:
        """Problems with what changed since the last check (empty: all explained)."""
        db = self._connect()
        if db is None:
            return []
        try:
            db.execute("BEGIN")  # one snapshot of everything
            problems = self._check_games(db, window, now)
            problems += self._check_challenges(db, window, now)
            problems += self._check_settings(db, window)
            self._read_tournaments(db)
            db.execute("COMMIT")
        finally:
            db.close()
        return problems

    def _check_games(self, db: sqlite3.Connection, window: Sequence[Sent], now: float) -> list[str]:
        problems: list[str] = []
        rows = db.execute(
            "SELECT id, version, status, turn_deadline, player0, player1, ai_level, "
            "team_game_id, tournament_id, created_at FROM games"
        ).fetchall()
        forfeited_teams: set[int] = set()
        changed: list[tuple[sqlite3.Row, list[sqlite3.Row]]] = []
        for row in rows:
            tracked = self.games.get(row["id"])
            since = 1 if tracked is None else tracked.version
            if tracked is not None and row["version"] == since:
                tracked.deadline = row["turn_deadline"]  # restarts credit downtime
                if row["status"] != tracked.status:
                    problems.append(f"game {row['id']}: status changed without a move")
                continue
            moves = db.execute(
                "SELECT version, seat, kind, card, at FROM moves "
                "WHERE game_id = ? AND version > ? ORDER BY version",
                (row["id"], since),
            ).fetchall()
            changed.append((row, moves))
            if row["team_game_id"] is not None and any(m["kind"] in FORFEITS for m in moves):
                forfeited_teams.add(row["team_game_id"])
        for row, moves in changed:
            state = db.execute("SELECT state FROM games WHERE id = ?", (row["id"],)).fetchone()
            problems += self._game(row, moves, state["state"], window, now, forfeited_teams)
        return problems

    def _game(
        self,
        row: sqlite3.Row,
        moves: Sequence[sqlite3.Row],
        state: str,
        window: Sequence[Sent],
        now: float,
        forfeited_teams: set[int],
    ) -> list[str]:
        gid = row["id"]
        players = (row["player0"], row["player1"])
        stored = game_from_dict(json.loads(state))
        tracked = self.games.get(gid)
        problems: list[str] = []
        if tracked is None:
            why = self._creation(row, players, window)
            if why:
                problems.append(f"game {gid}: {why}")
            first = Game.new(
                stored.names,
                stored.ruleset,
                seed=stored.seed,
                first_dealer=stored.first_dealer,
                table=stored.table,
            )
            tracked = Tracked(
                game=first,
                version=1,
                status="active",
                deadline=None,
                players=players,
                ai=row["ai_level"] is not None,
                team=row["team_game_id"],
            )
            tracked.hidden[1] = hidden_labels(first)
            self.games[gid] = tracked
        elif row["version"] < tracked.version:
            return [f"game {gid}: version went back from {tracked.version} to {row['version']}"]
        expected = list(range(tracked.version + 1, row["version"] + 1))
        if [m["version"] for m in moves] != expected:
            problems.append(f"game {gid}: move log {[m['version'] for m in moves]} != {expected}")
        game = tracked.game
        for move in moves:
            self.moves_checked += 1
            why = self._actor(gid, tracked, move, window, forfeited_teams)
            if why:
                problems.append(f"game {gid} v{move['version']}: {why}")
            try:
                card = None if move["card"] is None else CODES[move["card"]]
                if move["kind"] in ACTIONS:
                    game.apply(move["seat"], Action(ActionKind(move["kind"]), card))
                else:
                    game.forfeit(move["seat"], move["kind"])
            except Exception as exc:  # the engine refuses it: not a legal move
                problems.append(f"game {gid} v{move['version']}: illegal {dict(move)}: {exc}")
                game = game_from_dict(json.loads(state))
                break
            tracked.hidden[move["version"]] = hidden_labels(game)
        if as_json(game) != json.loads(state):
            problems.append(f"game {gid} v{row['version']}: stored state is not the moves replayed")
            game = stored
        if not conserved(game):
            problems.append(f"game {gid} v{row['version']}: the 52 cards are not all there once")
        tracked.game = game
        tracked.version = row["version"]
        tracked.status = row["status"]
        tracked.deadline = row["turn_deadline"]
        tracked.hidden.setdefault(tracked.version, hidden_labels(game))
        return problems

    def _creation(self, row: sqlite3.Row, players: tuple[int, int], window: Sequence[Sent]) -> str:
        """Why a new game is unexplained ('' if it is explained)."""
        names = [(s.user, s.kind, s.name) for s in window]
        if row["team_game_id"] is not None:
            ok = any(k == "component" and n.startswith("gin:l:") for _, k, n in names) or any(
                g.team == row["team_game_id"] for g in self.games.values()
            )
            return "" if ok else "a partnership table appeared without a lobby click"
        if row["tournament_id"] is not None:
            return ""  # started by its tournament: sign-up closing (timer, Start now) or a result
        if row["ai_level"] is not None:
            if players[1] != self.bot_id:
                return "a game against the computer without the computer"
            ok = any(
                u == players[0]
                and ((k == "slash" and n == "gin challenge") or n.startswith("gin:r:"))
                for u, k, n in names
            )
            return "" if ok else "a game against the computer nobody asked for"
        ok = any(u == players[1] and n.startswith("gin:c:accept:") for u, _, n in names)
        return "" if ok else "a game started without the opponent's Accept"

    def _actor(
        self,
        gid: int,
        tracked: Tracked,
        move: sqlite3.Row,
        window: Sequence[Sent],
        forfeited_teams: set[int],
    ) -> str:
        """Why a logged move is unexplained ('' if explained)."""
        kind, seat = move["kind"], move["seat"]
        user = tracked.players[seat]
        if kind == "timeout":
            deadline = tracked.deadline
            return "" if deadline is None or move["at"] >= deadline - 1 else "timeout too early"
        if kind == "ended":
            if any(s.kind == "slash" and s.name == "ginadmin end" and s.manager for s in window):
                return ""
            if tracked.team is not None and tracked.team in forfeited_teams:
                return ""
            return "ended without a moderator's /ginadmin end"
        if tracked.ai and seat == 1:
            return "" if kind in ACTIONS else f"the computer did {kind}"
        for sent in window:
            if sent.user != user:
                continue
            if sent.kind == "slash" and kind in SLASH_MOVES.get(sent.name, set()):
                return ""
            named = component_moves(sent.name) if sent.kind == "component" else None
            if named is not None and named[0] == gid and kind in named[1]:
                return ""
        return f"{kind} by seat {seat} (user {user}) without a matching interaction of theirs"

    def _check_challenges(
        self, db: sqlite3.Connection, window: Sequence[Sent], now: float
    ) -> list[str]:
        problems: list[str] = []
        rows = db.execute(
            "SELECT id, challenger_id, opponent_id, status, expires_at FROM challenges"
        ).fetchall()
        for row in rows:
            cid, status = row["id"], row["status"]
            old = self.challenges.get(cid)
            self.challenges[cid] = tuple(row)
            if old is not None and old[3] == status:
                continue
            clicks = {(s.user, s.name.split(":")[2]) for s in window if _names_challenge(s, cid)}
            challenger, opponent = row["challenger_id"], row["opponent_id"]
            if old is None:
                made = any(
                    s.user == challenger
                    and (s.name == "gin challenge" or s.name.startswith("gin:r:"))
                    for s in window
                )
                if not made:
                    problems.append(f"challenge {cid}: created without its challenger")
                if status == "open":
                    continue
            why = {
                "accepted": "" if (opponent, "accept") in clicks else "accepted, not by opponent",
                "declined": "" if (opponent, "decline") in clicks else "declined, not by opponent",
                "cancelled": (
                    "" if (challenger, "cancel") in clicks else "cancelled, not by challenger"
                ),
                "expired": "" if now >= row["expires_at"] - 1 else "expired early",
            }.get(status, f"status {status}")
            if why:
                problems.append(f"challenge {cid}: {why}")
        return problems

    def _read_tournaments(self, db: sqlite3.Connection) -> None:
        rows = db.execute("SELECT title, status, entrants FROM tournaments").fetchall()
        self.titles = {row["title"] for row in rows}
        self.entrants = {
            int(entrant[0])
            for row in rows
            if row["status"] in ("signup", "running")
            for entrant in json.loads(row["entrants"])
        }

    def _check_settings(self, db: sqlite3.Connection, window: Sequence[Sent]) -> list[str]:
        problems: list[str] = []
        for row in db.execute("SELECT * FROM server_settings").fetchall():
            values = tuple(row[k] for k in row.keys() if k != "updated_at")  # noqa: SIM118
            old = self.settings.get(row["guild_id"])
            self.settings[row["guild_id"]] = values
            if old == values:
                continue
            settings = [s for s in window if s.kind == "slash" and s.name == "ginadmin settings"]
            if not any(s.manager and "setting" in s.options for s in settings):
                problems.append(f"settings of {row['guild_id']} changed without Manage Server")
        return problems


def _names_challenge(sent: Sent, challenge_id: int) -> bool:
    parts = sent.name.split(":")
    return (
        sent.kind == "component"
        and len(parts) == 4
        and parts[:2] == ["gin", "c"]
        and canonical(parts[3]) == challenge_id
    )
