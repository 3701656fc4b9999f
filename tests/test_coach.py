"""The coach through the service and through Discord: only after a hand, only
for its players, private, and the same after a restart (it is replayed from
the move log)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_ui.text import note_line, review_text
from bot.engine import HandEnd, HandResult, parse_card
from bot.engine.review import HandReview, NoteKind, ReviewNote
from bot.service import GinService, NoSuchGameError, NotYourGameError, snapshots
from bot.service.coach import NO_FINISHED_HAND, CoachReport
from tests.fakediscord import FakeDiscord
from tests.test_discord import FAST_LIMIT, idle, make_bot, play_turn, start_game
from tests.test_properties import random_action

GUILD = 7


async def play_until_a_hand_ends(svc: GinService, game_id: int, seed: int) -> None:
    rng = random.Random(seed)
    while True:
        snap = await snapshots.get_game(svc, game_id)
        if snap.game.history:
            return
        seat, action = random_action(snap.game, rng)
        await svc.moves.play(GUILD, snap.players[seat], action, game_id=game_id)


async def test_review_after_the_hand_for_its_players_only(db_target: str | Path) -> None:
    db = db_target
    svc = await GinService.open(db, seed=11)
    try:
        ch = await svc.challenges.create_challenge(GUILD, 1, 10, "Ana", 20, "Bo")
        table = await svc.challenges.accept(ch.id, 20)
        with pytest.raises(NoSuchGameError, match="once it is over"):
            await svc.coach.review(GUILD, 10)
        await play_until_a_hand_ends(svc, table.id, seed=5)
        first = await svc.coach.review(GUILD, 10)
        second = await svc.coach.review(GUILD, 20)
        sheet = await svc.standings.score_sheet(table.id)
        row = sheet.rows[0]
        for report, user in ((first, 10), (second, 20)):
            assert report.game_id == table.id and report.names == ("Ana", "Bo")
            assert table.players[report.seat] == user
            hand = report.review.hand
            assert (hand.number, hand.points, hand.winner) == (1, row.points, row.winner_seat)
        assert first.seat != second.seat
        with pytest.raises(NotYourGameError):
            await svc.coach.review(GUILD, 99, game_id=table.id)
        with pytest.raises(NoSuchGameError, match="once it is over"):
            await svc.coach.review(GUILD, 10, hand_number=2)
    finally:
        await svc.close()
    # Replayed from the seed and the move log: the same review after a restart.
    svc = await GinService.open(db)
    try:
        assert await svc.coach.review(GUILD, 10, game_id=table.id, hand_number=1) == first
    finally:
        await svc.close()


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(channel_write_limit=FAST_LIMIT) as f:
        yield f


async def test_review_button_on_the_reveal_is_private(fake: FakeDiscord, tmp_path: Path) -> None:
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    users = {ana.id: ana, bo.id: bo}
    bot = await make_bot(tmp_path / "gin.db")
    rng = random.Random(3)
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo)
        res = await fake.slash(ana, "gin", subcommand="review")
        assert res.ephemeral and NO_FINISHED_HAND in res.content
        while not snap.game.history:
            await play_turn(fake, bot, users, snap, rng)
            await idle(bot, fake)
            snap = await snapshots.get_game(bot.service, snap.id)
        public = fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True)
        reveal = next(
            m for m in public if m.attachments and m.attachments[0].filename == "reveal.png"
        )
        button = f"gin:v:{snap.id}:1"
        assert button in reveal.custom_ids()
        count = len(public)
        res = await fake.click(ana, reveal, button)
        assert res.ephemeral and res.content.startswith("**Coach — your hand 1**")
        assert "Hand 1:" in res.content and len(res.content) <= 2000
        res = await fake.click(cy, reveal, button)
        assert res.ephemeral and "not your game" in res.content
        res = await fake.slash(bo, "gin", subcommand="review", options={"hand": 1})
        assert res.ephemeral and res.content.startswith("**Coach — your hand 1**")
        # Nothing of it went to the channel.
        await idle(bot, fake)
        assert (
            len(fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True))
            == count
        )
    fake.assert_clean()


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
    lines = {kind: note_line(note, "Bo") for kind, note in notes.items()}
    assert lines[NoteKind.DISCARD] == (
        "Turn 2: throwing the 7♥ left 63 deadwood; the K♠ would have left 36."
    )
    assert "5♦ instead of the 8♠" in lines[NoteKind.MELD_CHANCE]
    assert "7 unseen cards" in lines[NoteKind.MELD_CHANCE]
    assert "2♠ on the pile made a meld" in lines[NoteKind.MISSED_PILE]
    assert "showed Bo" in lines[NoteKind.EMPTY_TAKE]
    assert "knocked with 8 (throwing the K♦)" in lines[NoteKind.MISSED_KNOCK]
    assert lines[NoteKind.FED] == "Turn 2: your 7♥ was picked up and went into Bo's meld 7♠ 7♥ 7♦."
    hand = HandResult(1, HandEnd.KNOCK, 1, 1, 12, False, 10, knocker_value=3, defender_value=15)
    review = HandReview(hand, 0, 5, tuple(notes.values()))
    out = review_text(CoachReport(4, ("Ana", "Bo" * 900), 0, review))
    assert len(out) <= 2000 and out.startswith("**Coach — your hand 1** (game #4, 5 turns)")
    clean = review_text(CoachReport(4, ("Ana", "Bo"), 0, HandReview(hand, 0, 5, ())))
    assert "A clean hand" in clean
