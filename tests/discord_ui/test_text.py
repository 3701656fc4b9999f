"""The words players read (``bot.discord_ui.text``): events, turns, results,
score sheets, leaderboards and the coach's notes, unit by unit.  Error replies
are tested in test_errors.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.discord_ui.text import (
    count_of,
    describe_events,
    earlier_hands,
    game_result_line,
    games_in_progress,
    hand_result_line,
    hand_words,
    leaderboard_text,
    match_game_line,
    my_draw_line,
    note_line,
    review_text,
    score_line,
    score_sheet_text,
    turn_line,
)
from bot.engine import (
    Event,
    EventKind,
    Game,
    GameEnd,
    HandEnd,
    HandResult,
    MatchForm,
    Phase,
    PublicView,
    Ruleset,
    parse_card,
)
from bot.engine.match import FinishedGame, MatchFormat, standing
from bot.engine.review import HandReview, NoteKind, ReviewNote
from bot.i18n import Lang
from bot.service.coach import CoachReport
from bot.service.models import (
    GameStatus,
    LeaderboardPage,
    PlayerStats,
    ScoreSheet,
    ScoreSheetRow,
)
from tests.helpers import samples

NAMES = ("Ana", "Bo")
SEVEN_D, KING_C, QUEEN_S = parse_card("7D"), parse_card("KC"), parse_card("QS")
EN = Lang.EN


def test_events_join_one_players_turn() -> None:
    line = describe_events(
        EN,
        [
            Event(EventKind.TAKE_DISCARD, 0, SEVEN_D),
            Event(EventKind.DISCARD, 0, KING_C),
            Event(EventKind.DRAW_STOCK, 1, private_card=QUEEN_S),
        ],
        NAMES,
    )
    assert (
        line == f"Ana drew the {SEVEN_D} from the discard pile and discarded the {KING_C}. "
        "Bo drew from the stock."
    )


def test_events_never_name_a_stock_card() -> None:
    line = describe_events(EN, [Event(EventKind.DRAW_STOCK, 1, private_card=QUEEN_S)], NAMES)
    assert str(QUEEN_S) not in line and "Q" not in line


def test_events_deal_gin_and_dead_hand() -> None:
    assert describe_events(EN, [], NAMES) == ""
    assert describe_events(EN, [Event(EventKind.GIN, 1)], NAMES) == "Bo went gin!"
    deal = describe_events(EN, [Event(EventKind.DEAL, 0, SEVEN_D)], NAMES)
    assert deal == f"New hand: Ana deals; the upcard is the {SEVEN_D}."
    dead = describe_events(EN, [Event(EventKind.DEAD_HAND, 0)], NAMES)
    assert dead == "Dead hand: the stock is down to 2 cards, no points."


@pytest.mark.parametrize(
    ("phase", "expected"),
    [
        (Phase.DRAW, "Alice to draw."),
        (Phase.DISCARD, "Alice to discard."),
        (Phase.UPCARD, "Alice: draw the upcard 3♥ or pass."),
        (Phase.GAME_OVER, "The game is over."),
    ],
)
def test_turn_line(phase: Phase, expected: str) -> None:
    view = samples.public_view(phase=phase, turn=None if phase is Phase.GAME_OVER else 0)
    assert turn_line(EN, view) == expected


def test_score_line_shows_limits_and_double() -> None:
    assert score_line(EN, samples.public_view()) == (
        "**Alice** 37 – 52 **Bob** · to 100 · hand 3 · stock 21 · knock ≤ 10"
    )
    line = score_line(EN, samples.public_view(knock_limit=0, spade_double=True))
    assert line.endswith("gin only · ♠ doubled")


def test_hand_result_lines() -> None:
    knock = samples.knock_result()
    line = hand_result_line(EN, knock, NAMES)
    assert line == (
        f"Hand 3: Ana knocked with {knock.knocker_value} against {knock.defender_value}: "
        f"Ana scores {knock.points}."
    )
    under = replace(knock, end=HandEnd.UNDERCUT, winner=1, points=25, doubled=True)
    assert hand_result_line(EN, under, NAMES).endswith(
        "Bo undercut with " + str(knock.defender_value) + ": Bo scores 25 (doubled: spade upcard)."
    )
    dead = replace(knock, end=HandEnd.DEAD, winner=None, knocker=None)
    assert hand_result_line(EN, dead, NAMES) == "Hand 3: dead hand, no points."


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        (GameEnd.TARGET, "reached the target"),
        (GameEnd.RESIGN, "won by resignation"),
        (GameEnd.TIMEOUT, "won on time (the other player ran out of time)"),
    ],
)
def test_game_result_line_has_words_for_every_end(reason: GameEnd, words: str) -> None:
    result = replace(samples.game_result(), reason=reason)
    line = game_result_line(EN, result, NAMES)
    assert line.startswith(f"🏆 **Ana** wins the game — {words}. ")
    assert line.endswith(f"Final tally Ana {result.totals[0]} – {result.totals[1]} Bo.")


def test_a_moderators_end_names_no_winner_and_no_resignation() -> None:
    """A moderator's /ginadmin end is worded as what it is: nobody won,
    nobody resigned, nothing is rated (the result line, the summary, the board)."""
    result = replace(samples.game_result(), reason=GameEnd.ENDED)
    line = game_result_line(EN, result, NAMES)
    assert "moderator" in line and "no rating change" in line
    assert "wins" not in line and "Ana" not in line and "Bo" not in line
    ended = Event(EventKind.ENDED, 1)
    assert describe_events(EN, [ended], NAMES) == "A moderator ended the game (unrated)."
    assert "resign" not in describe_events(EN, [ended], NAMES)
    assert describe_events(EN, [Event(EventKind.TIMED_OUT, 1)], NAMES) == "Bo ran out of time."
    assert describe_events(EN, [Event(EventKind.FORFEIT, 1)], NAMES) == "Bo resigned."


def test_my_draw_line() -> None:
    view = samples.seat_view()
    assert my_draw_line(EN, view) == f"You drew the {view.drawn} from the stock."
    assert my_draw_line(EN, replace(view, drawn_from_pile=True)).endswith("from the discard pile.")
    assert my_draw_line(EN, replace(view, drawn=None)) == ""


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
    text = leaderboard_text(EN, page, {7: "Zed"})
    assert text.splitlines()[0] == "**Leaderboard** by win rate — page 2/3"
    assert text.splitlines()[1].startswith("` 11.` **Zed** — 1503 · 3-1 (75%)")
    empty = replace(page, rows=(), min_games=5)
    assert "at least 5 games" in leaderboard_text(EN, empty, {})


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
    lines = score_sheet_text(EN, sheet).splitlines()
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
    page = score_sheet_text(EN, sheet)
    assert len(page) <= 2000
    lines = page.splitlines()
    skipped = int(lines[3].split()[1])
    assert lines[3] == f"… {skipped} earlier hands" and 0 < skipped < 200
    # The hands shown are the latest, in order, and the totals are all there.
    assert lines[4].split()[0] == str(skipped + 1)
    assert lines[3 + 200 - skipped].split()[0] == "200"
    assert "final tally" in page and "wins the game" in lines[-1]


def test_hollywood_score_line_and_sheet() -> None:
    from dataclasses import replace

    from bot.engine import Game, Ruleset, Scoring
    from bot.engine.hollywood import HollywoodRules, hollywood_sheet
    from bot.service.models import GameStatus, ScoreSheet

    game = Game.new(("Ann", "Bo"), Ruleset(scoring=Scoring.HOLLYWOOD), seed=1)
    sheet = hollywood_sheet([(0, 30), (1, 20), (0, 40), (0, 35)], HollywoodRules())
    view = replace(game.public_view(), hollywood=sheet)
    line = score_line(EN, view)
    assert "**Ann** 105* · 75 · 35 – 20 · 0 · 0 **Bo** · Hollywood, each to 100" in line
    page = score_sheet_text(EN, ScoreSheet(1, ("Ann", "Bo"), (), GameStatus.ACTIVE, None, view))
    assert "Game I: Ann 105 – 20 Bo — won by Ann (with bonuses 280 – 45)" in page
    assert "Game II: Ann 75 – 0 Bo" in page


def test_every_note_is_worded_and_the_review_fits_a_message() -> None:
    c = parse_card
    notes = {
        NoteKind.DISCARD: ReviewNote(NoteKind.DISCARD, 2, c("7H"), c("KS"), 63, 36),
        NoteKind.MELD_CHANCE: ReviewNote(NoteKind.MELD_CHANCE, 3, c("8S"), c("5D"), 2, 7),
        NoteKind.MISSED_PILE: ReviewNote(NoteKind.MISSED_PILE, 1, c("2S"), None, 43, 29),
        NoteKind.EMPTY_TAKE: ReviewNote(NoteKind.EMPTY_TAKE, 1, c("QS"), None, 10, 10),
        NoteKind.MISSED_KNOCK: ReviewNote(NoteKind.MISSED_KNOCK, 4, c("9C"), c("KD"), 12, 8),
        NoteKind.FED: ReviewNote(NoteKind.FED, 2, c("7H"), meld=(c("7S"), c("7H"), c("7D"))),
    }
    assert set(notes) == set(NoteKind)
    lines = {kind: note_line(EN, note, "Bo") for kind, note in notes.items()}
    assert lines[NoteKind.DISCARD] == (
        "Turn 2: discarding the 7♥ left 63 deadwood; the K♠ would have left 36."
    )
    assert "5♦ instead of the 8♠" in lines[NoteKind.MELD_CHANCE]
    assert "7 unseen cards" in lines[NoteKind.MELD_CHANCE]
    assert "2♠ on the discard pile made a meld" in lines[NoteKind.MISSED_PILE]
    assert "showed Bo" in lines[NoteKind.EMPTY_TAKE]
    assert "knocked with 8 (discarding the K♦)" in lines[NoteKind.MISSED_KNOCK]
    assert lines[NoteKind.FED] == (
        "Turn 2: Bo drew your 7♥ from the discard pile and melded it: 7♠ 7♥ 7♦."
    )
    hand = HandResult(1, HandEnd.KNOCK, 1, 1, 12, False, 10, knocker_value=3, defender_value=15)
    review = HandReview(hand, 0, 5, tuple(notes.values()))
    out = review_text(EN, CoachReport(4, ("Ana", "Bo" * 900), 0, review))
    assert len(out) <= 2000 and out.startswith("**Coach — your hand 1** (game #4, 5 turns)")
    clean = review_text(EN, CoachReport(4, ("Ana", "Bo"), 0, HandReview(hand, 0, 5, ())))
    assert "A clean hand" in clean


def test_a_match_names_the_game_its_hand_and_the_standing() -> None:
    """ "Game 3 · hand 2", and "wins game 3 — leads 2–1": never a hand
    counted across the whole match, never "a game of the match"."""

    def after(*winners: int, games: int = 5) -> PublicView:
        won = [FinishedGame(w, (250, 100) if w == 0 else (100, 250)) for w in winners]
        return replace(
            samples.public_view(),
            ruleset=Ruleset(match=MatchForm.BEST_OF, match_games=games),
            match=standing(MatchFormat(games=games), won),
            hand_number=56,
            hand_in_game=2,
        )

    view = after(0, 1)
    assert hand_words(EN, view) == "game 3 · hand 2"
    assert "· game 3 · hand 2 · stock 21 ·" in score_line(EN, view)
    assert hand_words(EN, samples.public_view()) == "hand 3"
    won = samples.game_result()  # Alice wins, 312 – 111
    assert match_game_line(EN, won, after(0, 1, 0)) == (
        "🏅 **Alice** wins game 3 — leads 2–1 · tally Alice 312 – 111 Bob."
    )
    lost = replace(won, winner=1)
    assert " wins game 2 — level at 1–1 · " in match_game_line(EN, lost, after(0, 1))
    assert " wins game 3 — trails 1–2 · " in match_game_line(EN, lost, after(0, 0, 1))
    assert " wins game 3 and the match, 2–1 · " in match_game_line(EN, won, after(0, 1, 0, games=3))


def test_counts_take_the_right_form() -> None:
    assert count_of(1, "game", "games") == "1 game"
    assert count_of(0, "game", "games") == "0 games"
    assert games_in_progress(EN, 1) == "1 game in progress"
    assert games_in_progress(EN, 3) == "3 games in progress"
    assert earlier_hands(EN, 1) == "… 1 earlier hand"
