"""Numbered schema migrations, tracked in ``PRAGMA user_version``.

Migration *n* turns a version *n − 1* database into version *n*.  Each runs in
its own ``BEGIN IMMEDIATE`` transaction together with the ``user_version``
bump (the header field is transactional), so a crash mid-migration leaves the
file at the previous version and the next start simply runs it again; two
processes starting at once serialize on the write lock and the second finds
nothing left to do.  Never edit a released migration: append a new one.
"""

from __future__ import annotations

import contextlib
import sqlite3
from typing import TYPE_CHECKING

from .errors import DatabaseUnavailableError, StorageError

if TYPE_CHECKING:
    from .tables.base import Db

#: Migration scripts by number (index 0 is migration 1).  Plain DDL only: no
#: ``BEGIN``/``COMMIT`` (the runner owns the transaction).
MIGRATIONS: tuple[str, ...] = (
    # 1: the initial schema.
    """
    -- Small key/value facts about the database itself (e.g. the heartbeat
    -- used to give players back the time the bot was down).
    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) WITHOUT ROWID;

    CREATE TABLE server_settings (
        guild_id             INTEGER PRIMARY KEY,
        ruleset              TEXT    NOT NULL,  -- Ruleset.to_dict() as JSON
        turn_timeout_minutes INTEGER NOT NULL DEFAULT 60
                             CHECK (turn_timeout_minutes BETWEEN 1 AND 10080),
        updated_at           REAL    NOT NULL
    );

    CREATE TABLE games (
        id               INTEGER PRIMARY KEY,
        guild_id         INTEGER NOT NULL,
        channel_id       INTEGER NOT NULL,
        player0          INTEGER NOT NULL,  -- seat 0: the challenger
        player1          INTEGER NOT NULL,  -- seat 1: the opponent or the computer
        name0            TEXT    NOT NULL,
        name1            TEXT    NOT NULL,
        ai_level         TEXT    CHECK (ai_level IN ('easy', 'normal', 'hard')),
        ruleset          TEXT    NOT NULL,  -- JSON, fixed when the game starts
        state            TEXT    NOT NULL,  -- the engine's Game.to_dict() as JSON
        version          INTEGER NOT NULL CHECK (version >= 1),  -- +1 per committed move
        status           TEXT    NOT NULL CHECK (status IN ('active', 'finished')),
        -- Copies of a few state fields so lists need not parse the state.
        turn_seat        INTEGER CHECK (turn_seat IN (0, 1)),
        hand_number      INTEGER NOT NULL,
        score0           INTEGER NOT NULL DEFAULT 0,
        score1           INTEGER NOT NULL DEFAULT 0,
        -- Turn timer: NULL while nobody human is to move.
        turn_deadline    REAL,
        reminder_at      REAL,
        reminder_sent    INTEGER NOT NULL DEFAULT 0 CHECK (reminder_sent IN (0, 1)),
        next_timer_at    REAL,  -- reminder_at until it is sent, then turn_deadline
        -- The last committed move; the trigger below copies it to the log.
        last_seat        INTEGER CHECK (last_seat IN (0, 1)),
        last_kind        TEXT,
        last_card        TEXT,
        board_message_id INTEGER,
        board_posted_at  REAL,
        created_at       REAL    NOT NULL,
        updated_at       REAL    NOT NULL,
        finished_at      REAL,
        CHECK (player0 <> player1)
    );
    CREATE INDEX games_guild_status ON games (guild_id, status);
    CREATE INDEX games_player0 ON games (guild_id, player0);
    CREATE INDEX games_player1 ON games (guild_id, player1);
    CREATE INDEX games_timers ON games (next_timer_at)
        WHERE status = 'active' AND next_timer_at IS NOT NULL;

    -- One active game per player per server, enforced by the primary key even
    -- if two processes race (the computer seat is not listed).
    CREATE TABLE active_players (
        guild_id INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        PRIMARY KEY (guild_id, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX active_players_game ON active_players (game_id);

    -- Every committed change of a game, numbered by the version it produced:
    -- an audit trail, and with the seed in the state a full replay.  Written
    -- by a trigger, so no version can ever be bumped without its log line
    -- (and a move costs one statement less).
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        seat    INTEGER NOT NULL CHECK (seat IN (0, 1)),
        kind    TEXT    NOT NULL,  -- an ActionKind, or resign / timeout / ended
        card    TEXT,              -- two-letter card code
        at      REAL    NOT NULL,
        PRIMARY KEY (game_id, version)
    ) WITHOUT ROWID;
    CREATE TRIGGER games_log_move AFTER UPDATE OF version ON games
    BEGIN
        INSERT INTO moves (game_id, version, seat, kind, card, at)
        VALUES (NEW.id, NEW.version, NEW.last_seat, NEW.last_kind, NEW.last_card,
                NEW.updated_at);
    END;

    -- The score sheet: one row per finished hand, plus a last row when a game
    -- ends by resign, timeout or a moderator.  Keyed by hand number (a game
    -- can only be forfeited during a hand that has not finished).
    CREATE TABLE hands (
        game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        hand_number  INTEGER NOT NULL,
        ending       TEXT    NOT NULL CHECK (ending IN ('knock', 'gin', 'big_gin', 'undercut',
                                                        'dead', 'resign', 'timeout', 'ended')),
        knocker_seat INTEGER CHECK (knocker_seat IN (0, 1)),
        winner_seat  INTEGER CHECK (winner_seat IN (0, 1)),
        points       INTEGER NOT NULL,
        doubled      INTEGER NOT NULL DEFAULT 0,
        deadwood0    INTEGER NOT NULL,
        deadwood1    INTEGER NOT NULL,
        total0       INTEGER NOT NULL,
        total1       INTEGER NOT NULL,
        finished_at  REAL    NOT NULL,
        PRIMARY KEY (game_id, hand_number)
    ) WITHOUT ROWID;

    -- One row per finished game: the final tally and what it did to ratings.
    CREATE TABLE game_results (
        game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        guild_id       INTEGER NOT NULL,
        player0        INTEGER NOT NULL,
        player1        INTEGER NOT NULL,
        winner_seat    INTEGER NOT NULL CHECK (winner_seat IN (0, 1)),
        reason         TEXT    NOT NULL CHECK (reason IN ('target', 'resign', 'timeout', 'ended')),
        rated          INTEGER NOT NULL CHECK (rated IN (0, 1)),
        ai_level       TEXT,
        hands_played   INTEGER NOT NULL,
        hand_points0   INTEGER NOT NULL,
        hand_points1   INTEGER NOT NULL,
        hands_won0     INTEGER NOT NULL,
        hands_won1     INTEGER NOT NULL,
        shutout0       INTEGER NOT NULL,
        shutout1       INTEGER NOT NULL,
        line_bonus0    INTEGER NOT NULL,
        line_bonus1    INTEGER NOT NULL,
        game_bonus0    INTEGER NOT NULL,
        game_bonus1    INTEGER NOT NULL,
        total0         INTEGER NOT NULL,
        total1         INTEGER NOT NULL,
        rating_before0 REAL,
        rating_after0  REAL,
        rating_before1 REAL,
        rating_after1  REAL,
        finished_at    REAL    NOT NULL
    );
    CREATE INDEX game_results_guild ON game_results (guild_id, finished_at);

    -- Rated (human against human) standings per server.
    CREATE TABLE player_stats (
        guild_id           INTEGER NOT NULL,
        user_id            INTEGER NOT NULL,
        name               TEXT    NOT NULL,
        rating             REAL    NOT NULL,
        games              INTEGER NOT NULL DEFAULT 0,
        wins               INTEGER NOT NULL DEFAULT 0,
        losses             INTEGER NOT NULL DEFAULT 0,
        hands_won          INTEGER NOT NULL DEFAULT 0,
        gins               INTEGER NOT NULL DEFAULT 0,
        big_gins           INTEGER NOT NULL DEFAULT 0,
        undercuts_scored   INTEGER NOT NULL DEFAULT 0,
        undercuts_suffered INTEGER NOT NULL DEFAULT 0,
        total_points       INTEGER NOT NULL DEFAULT 0,
        best_game          INTEGER NOT NULL DEFAULT 0,
        current_streak     INTEGER NOT NULL DEFAULT 0,
        best_streak        INTEGER NOT NULL DEFAULT 0,
        updated_at         REAL    NOT NULL,
        PRIMARY KEY (guild_id, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX player_stats_rating ON player_stats (guild_id, rating);

    -- Games against the computer, kept apart from the rated tables.
    CREATE TABLE ai_stats (
        guild_id INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        level    TEXT    NOT NULL,
        games    INTEGER NOT NULL DEFAULT 0,
        wins     INTEGER NOT NULL DEFAULT 0,
        losses   INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, user_id, level)
    ) WITHOUT ROWID;

    CREATE TABLE challenges (
        id              INTEGER PRIMARY KEY,
        guild_id        INTEGER NOT NULL,
        channel_id      INTEGER NOT NULL,
        challenger_id   INTEGER NOT NULL,
        challenger_name TEXT    NOT NULL,
        opponent_id     INTEGER NOT NULL,
        opponent_name   TEXT    NOT NULL,
        ruleset         TEXT    NOT NULL,
        status          TEXT    NOT NULL
                        CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
        created_at      REAL    NOT NULL,
        expires_at      REAL    NOT NULL,
        message_id      INTEGER,
        game_id         INTEGER REFERENCES games (id) ON DELETE SET NULL,
        CHECK (challenger_id <> opponent_id)
    );
    CREATE INDEX challenges_open ON challenges (expires_at) WHERE status = 'open';
    CREATE INDEX challenges_pair ON challenges (guild_id, challenger_id, opponent_id)
        WHERE status = 'open';
    """,
    # 2: assistance and turn pings per server; each game keeps the assistance it
    # started with (games from before keep what they had: full).
    """
    -- NULL: counts between people, full against the computer.
    ALTER TABLE server_settings ADD COLUMN assist TEXT
        CHECK (assist IN ('full', 'counts', 'off'));
    ALTER TABLE server_settings ADD COLUMN ping_mode TEXT NOT NULL DEFAULT 'idle'
        CHECK (ping_mode IN ('every', 'idle', 'off'));
    ALTER TABLE server_settings ADD COLUMN ping_idle_minutes INTEGER NOT NULL DEFAULT 5
        CHECK (ping_idle_minutes BETWEEN 1 AND 1440);
    ALTER TABLE games ADD COLUMN assist TEXT NOT NULL DEFAULT 'full'
        CHECK (assist IN ('full', 'counts', 'off'));
    """,
    # 3: the version each public board shows, so that after a crash between a
    # move and its board edit the restarted bot brings the board up to date.
    """
    -- NULL: not known (games from before): such boards are refreshed once.
    ALTER TABLE games ADD COLUMN board_version INTEGER;
    """,
    # 4: group play: partnership (2 v 2) games, whose hands are pairs of
    # ordinary one-hand games (tables), and server tournaments, whose matches
    # are ordinary games.  Both are rows with a JSON state and a version, like
    # a game, so a change is one version-checked UPDATE in the move's own
    # transaction.
    """
    CREATE TABLE team_games (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        creator_id  INTEGER NOT NULL,
        status      TEXT    NOT NULL
                    CHECK (status IN ('lobby', 'active', 'finished', 'cancelled', 'expired')),
        seats       TEXT    NOT NULL,  -- JSON: A1, A2, B1, B2 (user, name, joined)
        ai_level    TEXT    CHECK (ai_level IN ('easy', 'normal', 'hard')),
        ruleset     TEXT    NOT NULL,
        state       TEXT,              -- TeamGame.to_dict() once started
        version     INTEGER NOT NULL CHECK (version >= 1),
        table1      INTEGER,           -- the current hand's two table games
        table2      INTEGER,
        message_id  INTEGER,           -- the lobby message
        created_at  REAL    NOT NULL,
        expires_at  REAL    NOT NULL,  -- the lobby's
        updated_at  REAL    NOT NULL,
        finished_at REAL
    );
    CREATE INDEX team_games_guild ON team_games (guild_id, status);
    ALTER TABLE games ADD COLUMN team_game_id INTEGER REFERENCES team_games (id);
    ALTER TABLE games ADD COLUMN team_table INTEGER;

    CREATE TABLE tournaments (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        creator_id  INTEGER NOT NULL,
        title       TEXT    NOT NULL,
        format      TEXT    NOT NULL CHECK (format IN ('single_elimination', 'round_robin')),
        ruleset     TEXT    NOT NULL,
        status      TEXT    NOT NULL
                    CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
        entrants    TEXT    NOT NULL,  -- JSON: [user id, name] in join order
        state       TEXT,              -- the bracket once started
        version     INTEGER NOT NULL CHECK (version >= 1),
        signup_ends REAL    NOT NULL,
        message_id  INTEGER,           -- the sign-up / bracket message
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL,
        finished_at REAL
    );
    -- One tournament at a time per server, even if two moderators race.
    CREATE UNIQUE INDEX tournaments_open ON tournaments (guild_id)
        WHERE status IN ('signup', 'running');
    ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
    ALTER TABLE games ADD COLUMN tournament_match TEXT;
    """,
    # 5: a thread per game.  The game's channel_id becomes its thread (started
    # from the challenge message, whose id the thread shares); the parent channel
    # keeps one summary message per game.  board_hand says which hand the posted
    # board belongs to, so a late edit never writes one hand's state into
    # another hand's board (also after a restart).
    """
    ALTER TABLE server_settings ADD COLUMN tables TEXT NOT NULL DEFAULT 'thread'
        CHECK (tables IN ('thread', 'channel'));
    ALTER TABLE games ADD COLUMN summary_channel_id INTEGER;
    ALTER TABLE games ADD COLUMN summary_message_id INTEGER;
    ALTER TABLE games ADD COLUMN board_hand INTEGER;
    """,
    # 6: a player's finished games (history, profile) without reading every
    # result of the server: one index per seat, newest last.
    """
    CREATE INDEX game_results_player0 ON game_results (guild_id, player0, finished_at);
    CREATE INDEX game_results_player1 ON game_results (guild_id, player1, finished_at);
    """,
    # 7: the adaptive computer.  Its strength for each player (the state as JSON,
    # bot/storage/tables/adaptive.py), and 'adaptive' as the computer level of a
    # game or team game.  Neither SQLite nor the shared DDL can widen a column's
    # CHECK in place, so ai_level is copied into a new column with the wider
    # check and the old column dropped (it moves to the end of the table; every
    # statement names its columns).
    """
    CREATE TABLE adaptive_players (
        guild_id   INTEGER NOT NULL,
        user_id    INTEGER NOT NULL,
        state      TEXT    NOT NULL,  -- AdaptiveState as JSON
        updated_at REAL    NOT NULL,
        PRIMARY KEY (guild_id, user_id)
    ) WITHOUT ROWID;
    ALTER TABLE games RENAME COLUMN ai_level TO ai_level_before;
    ALTER TABLE games ADD COLUMN ai_level TEXT
        CHECK (ai_level IN ('easy', 'normal', 'hard', 'adaptive'));
    UPDATE games SET ai_level = ai_level_before WHERE ai_level_before IS NOT NULL;
    ALTER TABLE games DROP COLUMN ai_level_before;
    ALTER TABLE team_games RENAME COLUMN ai_level TO ai_level_before;
    ALTER TABLE team_games ADD COLUMN ai_level TEXT
        CHECK (ai_level IN ('easy', 'normal', 'hard', 'adaptive'));
    UPDATE team_games SET ai_level = ai_level_before WHERE ai_level_before IS NOT NULL;
    ALTER TABLE team_games DROP COLUMN ai_level_before;
    """,
    # 8: seasons and achievements.  The season settings; each season's standings
    # (the all-time statistics' columns, per season window: a season's table is
    # read per request, and its Elo ratings from 1200 can't be summed in SQL, so
    # they are kept up to date in the result's own transaction, and rebuilt from
    # game_results when the season setting changes); the seasons already closed
    # (one row each, so a restart or a second process never closes one twice)
    # with their podium; and the achievements earned (one row per player and
    # achievement: never awarded twice).
    """
    ALTER TABLE server_settings ADD COLUMN season TEXT NOT NULL DEFAULT 'off'
        CHECK (season IN ('off', 'weekly', 'monthly', 'quarterly'));
    ALTER TABLE server_settings ADD COLUMN season_since REAL;
    ALTER TABLE server_settings ADD COLUMN announce_channel_id INTEGER;
    ALTER TABLE server_settings ADD COLUMN champion_role_id INTEGER;

    CREATE TABLE season_standings (
        guild_id           INTEGER NOT NULL,
        season             TEXT    NOT NULL CHECK (season IN ('weekly', 'monthly', 'quarterly')),
        starts_at          REAL    NOT NULL,
        user_id            INTEGER NOT NULL,
        name               TEXT    NOT NULL,
        rating             REAL    NOT NULL,
        games              INTEGER NOT NULL,
        wins               INTEGER NOT NULL,
        losses             INTEGER NOT NULL,
        hands_won          INTEGER NOT NULL,
        gins               INTEGER NOT NULL,
        big_gins           INTEGER NOT NULL,
        undercuts_scored   INTEGER NOT NULL,
        undercuts_suffered INTEGER NOT NULL,
        total_points       INTEGER NOT NULL,
        best_game          INTEGER NOT NULL,
        current_streak     INTEGER NOT NULL,
        best_streak        INTEGER NOT NULL,
        updated_at         REAL    NOT NULL,
        PRIMARY KEY (guild_id, season, starts_at, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX season_standings_rating ON season_standings (guild_id, season, starts_at, rating);

    CREATE TABLE season_closings (
        guild_id  INTEGER NOT NULL,
        season    TEXT    NOT NULL,
        starts_at REAL    NOT NULL,
        ends_at   REAL    NOT NULL,
        closed_at REAL    NOT NULL,
        players   INTEGER NOT NULL,  -- with a rated game in the season
        PRIMARY KEY (guild_id, season, starts_at)
    ) WITHOUT ROWID;
    CREATE INDEX season_closings_ends ON season_closings (guild_id, ends_at);

    CREATE TABLE season_champions (
        guild_id  INTEGER NOT NULL,
        season    TEXT    NOT NULL,
        starts_at REAL    NOT NULL,
        place     INTEGER NOT NULL CHECK (place BETWEEN 1 AND 3),
        user_id   INTEGER NOT NULL,
        name      TEXT    NOT NULL,
        rating    REAL    NOT NULL,
        games     INTEGER NOT NULL,
        wins      INTEGER NOT NULL,
        PRIMARY KEY (guild_id, season, starts_at, place)
    ) WITHOUT ROWID;

    CREATE TABLE achievements (
        guild_id    INTEGER NOT NULL,
        user_id     INTEGER NOT NULL,
        achievement TEXT    NOT NULL,
        earned_at   REAL    NOT NULL,
        game_id     INTEGER,  -- the game that earned it (NULL: a season)
        PRIMARY KEY (guild_id, user_id, achievement)
    ) WITHOUT ROWID;
    """,
    # 9: the language of a server's public messages: ``auto`` (the server's
    # own Discord language) or one of the catalogues' (en, es, pt-BR, de, fr).
    """
    ALTER TABLE server_settings ADD COLUMN language TEXT NOT NULL DEFAULT 'auto';
    """,
    # 10: the daily puzzle.  One puzzle a day for every server (made ahead of
    # time from seeded self-play: the same day is the same puzzle on every
    # shard), each player's one answer to it per server (the key makes a
    # second answer change nothing), and the days whose solvers a server has
    # been told of (posted once, whichever process gets there first).
    """
    CREATE TABLE puzzles (
        day     TEXT PRIMARY KEY,  -- ISO date, UTC
        kind    TEXT NOT NULL CHECK (kind IN ('discard', 'knock')),
        data    TEXT NOT NULL,     -- bot.ai.puzzles.to_dict() as JSON
        made_at REAL NOT NULL
    ) WITHOUT ROWID;

    CREATE TABLE puzzle_answers (
        guild_id    INTEGER NOT NULL,
        user_id     INTEGER NOT NULL,
        day         TEXT    NOT NULL,
        choice      TEXT    NOT NULL,
        correct     INTEGER NOT NULL CHECK (correct IN (0, 1)),
        answered_at REAL    NOT NULL,
        PRIMARY KEY (guild_id, user_id, day)
    ) WITHOUT ROWID;
    CREATE INDEX puzzle_answers_day ON puzzle_answers (day, guild_id);

    CREATE TABLE puzzle_closings (
        guild_id  INTEGER NOT NULL,
        day       TEXT    NOT NULL,
        closed_at REAL    NOT NULL,
        PRIMARY KEY (guild_id, day)
    ) WITHOUT ROWID;
    """,
)

LATEST_VERSION = len(MIGRATIONS)


def split_statements(script: str) -> list[str]:
    """Split a script into complete statements (``sqlite3.complete_statement``
    knows about strings and comments, so a ``;`` inside one is safe)."""
    out: list[str] = []
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                out.append(buf.strip())
            buf = ""
    if buf.strip() and not all(
        part.strip().startswith("--") or not part.strip() for part in buf.splitlines()
    ):
        raise StorageError(f"Migration script ends with an incomplete statement: {buf!r}")
    return out


async def user_version(db: Db) -> int:
    row = await db.fetchone("PRAGMA user_version")
    return 0 if row is None else int(row[0])


async def migrate(db: Db, migrations: tuple[str, ...] = MIGRATIONS) -> int:
    """Bring the database up to date; return the version it ended at.

    ``db`` must be in autocommit mode (``isolation_level=None``) so that our
    explicit ``BEGIN IMMEDIATE`` owns the transaction.  A file written by a
    newer bot (a higher version than we know) is refused rather than touched.
    """
    latest = len(migrations)
    while True:
        await db.execute("BEGIN IMMEDIATE")
        try:
            current = await user_version(db)
            if current > latest:
                raise StorageError(
                    f"The database is at schema version {current}, newer than this bot "
                    f"knows ({latest}). Upgrade the bot instead of opening it with this one."
                )
            if current == latest:
                await db.execute("COMMIT")
                return current
            for statement in split_statements(migrations[current]):
                await db.execute(statement)
            # PRAGMA takes no parameters; the value is our own int.
            await db.execute(f"PRAGMA user_version = {current + 1:d}")
            await db.execute("COMMIT")
        except BaseException:
            # Outside a transaction (BEGIN itself failed) this is an error we ignore.
            with contextlib.suppress(sqlite3.Error, DatabaseUnavailableError):
                await db.execute("ROLLBACK")
            raise
