"""Challenges (``bot.service.challenges``): their life from offer to game or
expiry, and one active game per player per server."""

from __future__ import annotations

import pytest

from bot.service import (
    AiLevel,
    AlreadyInGameError,
    ChallengeError,
    ChallengeStatus,
    GameStatus,
    GinService,
    snapshots,
)
from tests.helpers.service import CHANNEL, GUILD, FakeClock, start_game


async def test_challenge_lifecycle(svc: GinService, clock: FakeClock) -> None:
    with pytest.raises(ChallengeError, match="yourself"):
        await svc.challenges.create_challenge(GUILD, CHANNEL, 1, "Ana", 1, "Ana")
    c = await svc.challenges.create_challenge(GUILD, CHANNEL, 1, "Ana", 2, "Bo")
    assert c.status is ChallengeStatus.OPEN and c.expires_at == clock.now + 600
    with pytest.raises(ChallengeError, match="already challenged Bo"):
        await svc.challenges.create_challenge(GUILD, CHANNEL, 1, "Ana", 2, "Bo")
    await svc.challenges.set_challenge_message(c.id, 777)
    assert (await svc.challenges.get_challenge(c.id)).message_id == 777
    with pytest.raises(ChallengeError, match="Only Bo"):
        await snapshots.accept_challenge(svc, c.id, 3)
    with pytest.raises(ChallengeError, match="own challenge"):
        await snapshots.accept_challenge(svc, c.id, 1)
    with pytest.raises(ChallengeError, match="Only Ana"):
        await svc.challenges.cancel_challenge(c.id, 2)
    snap = await snapshots.accept_challenge(svc, c.id, 2)
    assert snap.players == (1, 2) and snap.version == 1 and snap.status is GameStatus.ACTIVE
    assert snap.game.names == ("Ana", "Bo")
    done = await svc.challenges.get_challenge(c.id)
    assert done.status is ChallengeStatus.ACCEPTED and done.game_id == snap.id
    with pytest.raises(ChallengeError, match=f"already accepted \\(game #{snap.id}\\)"):
        await snapshots.accept_challenge(svc, c.id, 2)  # a double click on Accept

    d = await svc.challenges.create_challenge(GUILD, CHANNEL, 3, "Cy", 4, "Di")
    assert (await svc.challenges.decline_challenge(d.id, 4)).status is ChallengeStatus.DECLINED
    e = await svc.challenges.create_challenge(GUILD, CHANNEL, 3, "Cy", 4, "Di")
    assert (await svc.challenges.cancel_challenge(e.id, 3)).status is ChallengeStatus.CANCELLED
    with pytest.raises(ChallengeError, match="cancelled"):
        await snapshots.accept_challenge(svc, e.id, 4)
    with pytest.raises(ChallengeError, match="no such challenge"):
        await svc.challenges.get_challenge(999)


async def test_challenges_expire_after_ten_minutes(svc: GinService, clock: FakeClock) -> None:
    c = await svc.challenges.create_challenge(GUILD, CHANNEL, 1, "Ana", 2, "Bo")
    assert await svc.challenges.next_challenge_expiry() == c.expires_at
    clock.advance(599)
    assert await svc.challenges.expire_challenges() == []
    clock.advance(1)
    with pytest.raises(ChallengeError, match="expired"):
        await snapshots.accept_challenge(svc, c.id, 2)
    expired = await svc.challenges.expire_challenges()
    assert [(x.id, x.status) for x in expired] == [(c.id, ChallengeStatus.EXPIRED)]
    assert await svc.challenges.expire_challenges() == []  # reported once
    assert await svc.challenges.next_challenge_expiry() is None


async def test_one_active_game_per_player_per_server(svc: GinService) -> None:
    game = await start_game(svc, 1, 2)
    with pytest.raises(
        AlreadyInGameError, match=f"You're already in game #{game.id} against P2"
    ) as e:
        await svc.challenges.create_challenge(GUILD, CHANNEL, 1, "P1", 3, "P3")
    assert e.value.game_id == game.id and e.value.user_id == 1
    with pytest.raises(AlreadyInGameError, match=f"P2 is already in game #{game.id} against P1"):
        await svc.challenges.create_challenge(GUILD, CHANNEL, 3, "P3", 2, "P2")
    with pytest.raises(AlreadyInGameError):
        await snapshots.start_ai_game(svc, GUILD, CHANNEL, 2, "P2", AiLevel.EASY)
    # Another server is fine.
    other = await start_game(svc, 1, 2, guild=GUILD + 1)
    assert other.id != game.id
    # Accepting re-checks: 3 challenged both 4 and 5; 4 accepts, then 5 can't.
    c4 = await svc.challenges.create_challenge(GUILD, CHANNEL, 3, "P3", 4, "P4")
    c5 = await svc.challenges.create_challenge(GUILD, CHANNEL, 3, "P3", 5, "P5")
    g34 = await snapshots.accept_challenge(svc, c4.id, 4)
    with pytest.raises(AlreadyInGameError, match=f"P3 is already in game #{g34.id}"):
        await snapshots.accept_challenge(svc, c5.id, 5)
    assert (await svc.challenges.get_challenge(c5.id)).status is ChallengeStatus.OPEN
    # Once the game is over, a new one may start.
    await snapshots.resign(svc, game.id, 1)
    assert await snapshots.active_game_for(svc, GUILD, 1) is None
    again = await start_game(svc, 1, 2)
    assert (await snapshots.active_game_for(svc, GUILD, 2)) is not None
    assert (await snapshots.last_game_for(svc, GUILD, 1)).id == again.id  # type: ignore[union-attr]
