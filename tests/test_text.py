"""The words players read: pure text helpers and error messages, unit by unit."""

from __future__ import annotations

from dataclasses import replace

import pytest
from discord import app_commands

from bot.discord_ui.errors import player_message
from bot.discord_ui.text import (
    APOLOGY,
    describe_events,
    game_result_line,
    hand_result_line,
    leaderboard_text,
    my_draw_line,
    score_line,
    score_sheet_text,
    turn_line,
)
from bot.engine import (
    CardError,
    Event,
    EventKind,
    Game,
    GameEnd,
    HandEnd,
    Phase,
    parse_card,
)
from bot.engine.errors import NotYourTurnError
from bot.render import samples
from bot.service.models import (
    GameStatus,
    LeaderboardPage,
    NoSuchGameError,
    PlayerStats,
    ScoreSheet,
    ScoreSheetRow,
)

NAMES = ("Ana", "Bo")
SEVEN_D, KING_C, QUEEN_S = parse_card("7D"), parse_card("KC"), parse_card("QS")


def test_events_join_one_players_turn() -> None:
    line = describe_events(
        [
            Event(EventKind.TAKE_DISCARD, 0, SEVEN_D),
            Event(EventKind.DISCARD, 0, KING_C),
            Event(EventKind.DRAW_STOCK, 1, private_card=QUEEN_S),
        ],
        NAMES,
    )
    assert (
        line
        == f"Ana took the {SEVEN_D} from the pile and threw the {KING_C}. Bo drew from the stock."
    )


def test_events_never_name_a_stock_card() -> None:
    line = describe_events([Event(EventKind.DRAW_STOCK, 1, private_card=QUEEN_S)], NAMES)
    assert str(QUEEN_S) not in line and "Q" not in line


def test_events_deal_gin_and_dead_hand() -> None:
    assert describe_events([], NAMES) == ""
    assert describe_events([Event(EventKind.GIN, 1)], NAMES) == "Bo went gin!"
    deal = describe_events([Event(EventKind.DEAL, 0, SEVEN_D)], NAMES)
    assert deal == f"New hand: Ana deals; the upcard is the {SEVEN_D}."
    dead = describe_events([Event(EventKind.DEAD_HAND, 0)], NAMES)
    assert dead == "The stock ran down: dead hand, no points."


@pytest.mark.parametrize(
    ("phase", "expected"),
    [
        (Phase.DRAW, "Alice to draw."),
        (Phase.DISCARD, "Alice to discard or knock."),
        (Phase.UPCARD, "Alice: take the upcard 3♥ or pass."),
        (Phase.GAME_OVER, "The game is over."),
    ],
)
def test_turn_line(phase: Phase, expected: str) -> None:
    view = samples.public_view(phase=phase, turn=None if phase is Phase.GAME_OVER else 0)
    assert turn_line(view) == expected


def test_score_line_shows_limits_and_double() -> None:
    assert score_line(samples.public_view()) == (
        "**Alice** 37 – 52 **Bob** · to 100 · hand 3 · stock 21 · knock ≤ 10"
    )
    line = score_line(samples.public_view(knock_limit=0, spade_double=True))
    assert line.endswith("gin only · ♠ doubled")


def test_hand_result_lines() -> None:
    knock = samples.knock_result()
    line = hand_result_line(knock, NAMES)
    assert line == (
        f"Hand 3: Ana knocked with {knock.knocker_value} against {knock.defender_value}: "
        f"Ana scores {knock.points}."
    )
    under = replace(knock, end=HandEnd.UNDERCUT, winner=1, points=25, doubled=True)
    assert hand_result_line(under, NAMES).endswith(
        "Bo undercut with " + str(knock.defender_value) + ": Bo scores 25 (doubled: spade upcard)."
    )
    dead = replace(knock, end=HandEnd.DEAD, winner=None, knocker=None)
    assert hand_result_line(dead, NAMES) == "Hand 3: dead hand, no points."


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        (GameEnd.TARGET, "reached the target"),
        (GameEnd.RESIGN, "won by resignation"),
        (GameEnd.TIMEOUT, "won on time (the other player ran out of time)"),
        (GameEnd.ENDED, "game ended by a moderator"),
    ],
)
def test_game_result_line_has_words_for_every_end(reason: GameEnd, words: str) -> None:
    result = replace(samples.game_result(), reason=reason)
    line = game_result_line(result, NAMES)
    assert line.startswith(f"🏆 **Ana** wins the game — {words}. ")
    assert line.endswith(f"Final tally Ana {result.totals[0]} – {result.totals[1]} Bo.")


def test_my_draw_line() -> None:
    view = samples.seat_view()
    assert my_draw_line(view) == f"You drew the {view.drawn} from the stock."
    assert my_draw_line(replace(view, drawn_from_pile=True)).endswith("from the pile.")
    assert my_draw_line(replace(view, drawn=None)) == ""


def stats(user_id: int, name: str, wins: int) -> PlayerStats:
    return PlayerStats(
        guild_id=1,
        user_id=user_id,
        name=name,
        rating=1500 + wins,
        games=wins + 1,
        wins=wins,
        losses=1,
        hands_won=wins * 3,
        gins=wins,
        big_gins=0,
        undercuts_scored=0,
        undercuts_suffered=0,
        total_points=wins * 100,
        best_game=100,
        current_streak=wins,
        best_streak=wins,
    )


def test_leaderboard_text_numbers_rows_across_pages() -> None:
    page = LeaderboardPage(
        guild_id=1, sort="win_rate", page=2, pages=3, min_games=0, rows=(stats(7, "old", 3),)
    )
    text = leaderboard_text(page, {7: "Zed"})
    assert text.splitlines()[0] == "**Leaderboard** by win rate — page 2/3"
    assert text.splitlines()[1].startswith("` 11.` **Zed** — 1503 · 3-1 (75%)")
    empty = replace(page, rows=(), min_games=5)
    assert "at least 5 games" in leaderboard_text(empty, {})


def test_score_sheet_text_is_a_code_block_with_totals() -> None:
    sheet = ScoreSheet(
        game_id=9,
        names=NAMES,
        rows=(
            ScoreSheetRow(1, "knock", 0, 12, (3, 15), (12, 0)),
            ScoreSheetRow(2, "dead", None, 0, (20, 30), (12, 0)),
        ),
        status=GameStatus.ACTIVE,
        result=None,
    )
    lines = score_sheet_text(sheet).splitlines()
    assert lines[0] == "**Score sheet** — game #9: Ana vs Bo"
    assert lines[1] == lines[-1] == "```"
    assert lines[3].split() == ["1", "knock", "Ana", "12", "12", "0"]
    assert lines[4].split() == ["2", "dead", "—", "0", "12", "0"]


def test_a_long_score_sheet_fits_one_message_and_keeps_the_latest_hands() -> None:
    rows = tuple(
        ScoreSheetRow(n, "knock", n % 2, 10 + n % 7, (3, 15), (n * 5, n * 4)) for n in range(1, 201)
    )
    result = Game.new(NAMES, seed=1).forfeit(1, GameEnd.RESIGN).game
    sheet = ScoreSheet(9, NAMES, rows, GameStatus.FINISHED, result)
    page = score_sheet_text(sheet)
    assert len(page) <= 2000
    lines = page.splitlines()
    skipped = int(lines[3].split()[1])
    assert lines[3] == f"… {skipped} earlier hands" and 0 < skipped < 200
    # The hands shown are the latest, in order, and the totals are all there.
    assert lines[4].split()[0] == str(skipped + 1)
    assert lines[3 + 200 - skipped].split()[0] == "200"
    assert "final tally" in page and "wins the game" in lines[-1]


def test_player_message_for_known_errors() -> None:
    assert player_message(NoSuchGameError("There is no such game.")) == "There is no such game."
    assert player_message(NotYourTurnError("It's Bo's turn.")) == "It's Bo's turn."
    assert player_message(CardError("No card “ZZ”.")) == "No card “ZZ”."
    assert "Manage Server" in (
        player_message(app_commands.MissingPermissions(["manage_guild"])) or ""
    )
    assert "servers" in (player_message(app_commands.NoPrivateMessage()) or "")
    cooldown = app_commands.CommandOnCooldown(app_commands.Cooldown(1, 10), 4.2)
    assert player_message(cooldown) == "Slow down — try again in 4s."
    assert player_message(app_commands.CheckFailure()) == "You can't use that here."


def test_player_message_hides_bugs() -> None:
    for bug in (KeyError("x"), RuntimeError("db path /secret"), ValueError("boom")):
        assert player_message(bug) is None
    assert "try again" in APOLOGY and "safe" in APOLOGY


def test_hollywood_score_line_and_sheet() -> None:
    from dataclasses import replace

    from bot.engine import Game, Ruleset, Scoring
    from bot.engine.hollywood import HollywoodRules, hollywood_sheet
    from bot.service.models import GameStatus, ScoreSheet

    game = Game.new(("Ann", "Bo"), Ruleset(scoring=Scoring.HOLLYWOOD), seed=1)
    sheet = hollywood_sheet([(0, 30), (1, 20), (0, 40), (0, 35)], HollywoodRules())
    view = replace(game.public_view(), hollywood=sheet)
    line = score_line(view)
    assert "**Ann** 105* · 75 · 35 – 20 · 0 · 0 **Bo** · Hollywood, each to 100" in line
    page = score_sheet_text(ScoreSheet(1, ("Ann", "Bo"), (), GameStatus.ACTIVE, None, view))
    assert "Game I: Ann 105 – 20 Bo — won by Ann (with bonuses 280 – 45)" in page
    assert "Game II: Ann 75 – 0 Bo" in page


def test_a_rematch_keeps_the_match_length() -> None:
    from bot.discord_ui.challenges import rematch_games
    from bot.engine import MatchForm, Ruleset

    assert rematch_games(Ruleset()) == 1
    assert rematch_games(Ruleset(match=MatchForm.BEST_OF, match_games=7)) == 7
    assert rematch_games(Ruleset(match=MatchForm.MULTI)) is None
