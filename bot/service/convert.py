"""Stored rows → service models, and the checks that run inside transactions.

Plain functions of a :class:`~bot.storage.Tx` or a row, so the service
methods stay short and every player-facing refusal is worded in one place.
"""

from __future__ import annotations

from dataclasses import fields

from bot.engine import Assist, Game, GameEnd, HandEnd, Ruleset, RulesetError, Variant
from bot.engine.errors import Param
from bot.storage import ChallengeRow, GameRow, SettingsRow, StatsRow, Tx

from .codec import load_ruleset
from .languages import language_of_row
from .models import (
    NO_LINKS,
    AiLevel,
    AlreadyInGameError,
    Challenge,
    ChallengeError,
    ChallengeStatus,
    GameLinks,
    GameSnapshot,
    GameStatus,
    PlayerStats,
    ServerSettings,
    SettingsError,
)
from .pinging import PingMode
from .places import TableMode
from .season_calendar import SeasonLength
from .timers import DEFAULT_TURN_TIMEOUT_MINUTES


def sheet_ending(ending: str) -> HandEnd | GameEnd:
    """A score-sheet row's stored ``ending``: how the hand ended, or, on the
    row a forfeit adds, how the game did.  The two value sets do not overlap
    and the column's CHECK holds it to them."""
    try:
        return HandEnd(ending)
    except ValueError:
        return GameEnd(ending)


def settings_from_row(guild_id: int, row: SettingsRow | None) -> ServerSettings:
    if row is None:
        return ServerSettings(guild_id, Ruleset(), DEFAULT_TURN_TIMEOUT_MINUTES)
    return ServerSettings(
        guild_id,
        load_ruleset(row.ruleset),
        row.turn_timeout_minutes,
        assist=None if row.assist is None else Assist(row.assist),
        ping_mode=PingMode(row.ping_mode),
        ping_idle_minutes=row.ping_idle_minutes,
        tables=TableMode(row.tables),
        season=SeasonLength(row.season),
        announce_channel_id=row.announce_channel_id,
        champion_role_id=row.champion_role_id,
        language=language_of_row(row.language),
    )


async def game_ruleset(
    tx: Tx,
    guild_id: int,
    target: int | None,
    variant: Variant | None,
    match_games: int | None = None,
) -> Ruleset:
    """The server's rules with this game's choices of variant, target and
    match length (1: a single game, whatever the server's match setting)."""
    ruleset = settings_from_row(guild_id, await tx.get_settings(guild_id)).ruleset
    try:
        if variant is not None:
            ruleset = ruleset.with_setting("variant", variant)
        if target is not None:
            ruleset = ruleset.with_setting("target", target)
        if match_games == 1:
            ruleset = ruleset.with_setting("match", "off")
        elif match_games is not None:
            ruleset = ruleset.with_setting("match_games", match_games)
            ruleset = ruleset.with_setting("match", "best_of")
    except RulesetError as err:
        raise SettingsError.of(err) from err
    return ruleset


async def check_free(tx: Tx, guild_id: int, user_id: int, name: str | None) -> None:
    """One active game per player per server. ``name=None`` words the error
    for the player themself ("You're ..."), else for someone else."""
    game_id = await tx.active_game_id(guild_id, user_id)
    if game_id is None:
        return
    row = await tx.game(game_id)
    params: dict[str, Param] = {"game": game_id}
    if name is not None:
        params["name"] = name
    if row is not None:
        params["opponent"] = row.name1 if user_id == row.player0 else row.name0
    keys = {  # (the player themself?, an opponent to name?)
        (True, True): "err.busy.you",
        (True, False): "err.busy.you_alone",
        (False, True): "err.busy.them",
        (False, False): "err.busy.them_alone",
    }
    key = keys[name is None, row is not None]
    raise AlreadyInGameError(key, game_id=game_id, user_id=user_id, **params)


async def open_challenge(tx: Tx, challenge_id: int, now: float) -> ChallengeRow:
    row = await tx.challenge(challenge_id)
    if row is None:
        raise ChallengeError("err.challenge.none")
    status = ChallengeStatus(row.status)
    if status is ChallengeStatus.OPEN and row.expires_at <= now:
        status = ChallengeStatus.EXPIRED
    if status is ChallengeStatus.OPEN:
        return row
    if status is ChallengeStatus.ACCEPTED:
        raise ChallengeError("err.challenge.accepted", game=str(row.game_id))
    keys = {
        ChallengeStatus.DECLINED: "err.challenge.declined",
        ChallengeStatus.CANCELLED: "err.challenge.cancelled",
        ChallengeStatus.EXPIRED: "err.challenge.expired",
    }
    raise ChallengeError(keys[status])


def challenge_from_row(row: ChallengeRow) -> Challenge:
    return Challenge(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        challenger_id=row.challenger_id,
        challenger_name=row.challenger_name,
        opponent_id=row.opponent_id,
        opponent_name=row.opponent_name,
        ruleset=load_ruleset(row.ruleset),
        status=ChallengeStatus(row.status),
        created_at=row.created_at,
        expires_at=row.expires_at,
        message_id=row.message_id,
        game_id=row.game_id,
    )


def snapshot_from_row(row: GameRow, game: Game) -> GameSnapshot:
    return GameSnapshot(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        players=row.players,
        version=row.version,
        status=GameStatus(row.status),
        game=game,
        ai_level=None if row.ai_level is None else AiLevel(row.ai_level),
        turn_deadline=row.turn_deadline,
        board_message_id=row.board_message_id,
        board_posted_at=row.board_posted_at,
        created_at=row.created_at,
        updated_at=row.updated_at,
        assist=Assist(row.assist),
        links=links_of(row),
        summary_channel_id=row.summary_channel_id,
        summary_message_id=row.summary_message_id,
        board_hand=row.board_hand,
        board_version=row.board_version,
    )


def links_of(row: GameRow) -> GameLinks:
    if row.team_game_id is None and row.tournament_id is None:
        return NO_LINKS
    return GameLinks(row.team_game_id, row.team_table, row.tournament_id, row.tournament_match)


def stats_from_row(row: StatsRow, rank: int | None) -> PlayerStats:
    """The stored standing with the player's place (``PlayerStats`` is the
    row itself plus ``rank``, so nothing here names a field)."""
    return PlayerStats(**{f.name: getattr(row, f.name) for f in fields(StatsRow)}, rank=rank)
