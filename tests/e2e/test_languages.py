"""Who reads which language, through the fake Discord: a server set to one
language, its players' Discord clients in another.

Every public message (the challenge, the board and the summary line, the
reveals and tallies, the achievements earned, the tournament's message and
notices) speaks the server's language, never a player's own; every private answer (a hand, a
setting changed) speaks the language of whoever asked.  Games end at once —
every deal gives the first player gin with the upcard (:func:`stacked_deck`)
— so a game, a match and a tournament play through in each language in a
moment.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import bot.engine.game
from bot.discord_ui import GinBot
from bot.discord_ui import text as words
from bot.discord_ui.settings_text import language_name
from bot.engine import GameEnd
from bot.i18n import Lang, lang_of
from bot.i18n import text as tr
from bot.service import GameStatus, snapshots
from bot.service.snapshots import GameSnapshot
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.models import InteractionResult
from tests.helpers.discord import FAST_LIMIT, idle, ids_with, make_bot, start_game
from tests.helpers.languages import (
    check_languages,
    image_languages,
    languages_in,
    stacked_deck,
)

#: For each server language, its players' (another language: the test fails if
#: a public message follows them).
PLAYERS = {
    Lang.EN: "de",
    Lang.ES: "fr",
    Lang.PT_BR: "es-419",
    Lang.DE: "pt-BR",
    Lang.FR: "en-GB",
}
#: The server's own Discord language: one we don't speak (``auto`` would be English).
GUILD_LOCALE = "ja"


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """The fake Discord of the e2e tests, patient with a busy machine."""
    async with FakeDiscord(channel_write_limit=FAST_LIMIT, default_timeout=20) as f:
        yield f


@pytest.fixture
def quick_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hand dealt so that its first player draws the upcard and goes gin."""
    monkeypatch.setattr(bot.engine.game, "shuffled_deck", stacked_deck)


async def set_language(fake: FakeDiscord, mod: FakeUser, value: str) -> InteractionResult:
    options = {"setting": "language", "value": value}
    return await fake.slash(mod, "ginadmin", subcommand="settings", options=options)


async def go_gin(fake: FakeDiscord, gin: GinBot, users: dict[int, FakeUser], game_id: int) -> None:
    """The player to move draws the upcard and goes gin with the K♣."""
    snap = await snapshots.get_game(gin.service, game_id)
    assert snap.game.turn is not None
    user = users[snap.players[snap.game.turn]]
    drawn = await fake.slash(user, "gin", subcommand="draw", options={"source": "discard"})
    knocked = await fake.slash(user, "gin", subcommand="knock", options={"card": "KC"})
    assert drawn.ephemeral and knocked.ephemeral
    await idle(gin, fake)


async def play_out(
    fake: FakeDiscord, gin: GinBot, users: dict[int, FakeUser], game_id: int
) -> GameSnapshot:
    """Gin after gin until the game (or match) is over."""
    for _ in range(5):
        snap = await snapshots.get_game(gin.service, game_id)
        if snap.status is not GameStatus.ACTIVE:
            return snap
        await go_gin(fake, gin, users, game_id)
    raise AssertionError("the game did not end")


async def play_match(
    fake: FakeDiscord, gin: GinBot, users: dict[int, FakeUser], a: FakeUser, b: FakeUser
) -> GameSnapshot:
    """``a`` challenges ``b`` to a best-of-three match, played out."""
    options = {"opponent": b, "target": 10, "match": 3}
    res = await fake.slash(a, "gin", subcommand="challenge", options=options)
    assert res.message is not None and not res.ephemeral
    await fake.click(b, res.message, ids_with(res.message, "gin:c:accept:")[0])
    await idle(gin, fake)
    snap = await snapshots.active_game_for(gin.service, fake.guild_id, a.id)
    assert snap is not None
    return await play_out(fake, gin, users, snap.id)


async def play_tournament(
    fake: FakeDiscord, gin: GinBot, mod: FakeUser, users: dict[int, FakeUser]
) -> int:
    """Three players through sign-up, a bye and two games; the champion."""
    options = {"title": "T1", "match": 1, "target": 10, "signup_minutes": 30}
    res = await fake.slash(mod, "ginadmin tournament", options=options)
    msg = res.message
    assert msg is not None and not res.ephemeral
    for user in users.values():
        await fake.click(user, msg, ids_with(msg, "gin:t:join:")[0])
    await fake.click(mod, msg, ids_with(msg, "gin:t:start:")[0])
    await idle(gin, fake)
    for _ in range(3):
        summary = await gin.service.tournaments.current_tournament(fake.guild_id)
        assert summary is not None and summary.bracket is not None
        live = [game_id for key, game_id in summary.games if key in summary.bracket.live]
        for game_id in live:
            await play_out(fake, gin, users, game_id)
    summary = await gin.service.tournaments.current_tournament(fake.guild_id)
    assert summary is not None and summary.status == "finished"
    assert summary.bracket is not None and summary.bracket.champion is not None
    return summary.bracket.champion


@pytest.mark.parametrize("server", list(Lang), ids=[lang.value for lang in Lang])
async def test_a_game_a_match_and_a_tournament_speak_the_servers_language(
    fake: FakeDiscord, tmp_path: Path, quick_deals: None, server: Lang
) -> None:
    fake.guilds[fake.guild_id].locale = GUILD_LOCALE
    locale = PLAYERS[server]
    theirs = lang_of(locale)
    mod = fake.add_user("Mod", admin=True, locale=locale)
    ana, bo, cy = (fake.add_user(name, locale=locale) for name in ("Ana", "Bo", "Cy"))
    users = {u.id: u for u in (ana, bo, cy)}
    gin = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(gin):
        changed = await set_language(fake, mod, server.value)
        assert changed.ephemeral and languages_in(changed.content) == {theirs}
        assert language_name(server) in changed.content
        game = await start_game(fake, gin, ana, bo, target=10)
        assert (await play_out(fake, gin, users, game.id)).status is GameStatus.FINISHED
        match = await play_match(fake, gin, users, ana, bo)
        standing = match.game.match_standing()
        assert standing is not None and standing.winner is not None
        champion = await play_tournament(fake, gin, mod, users)
    readers = dict.fromkeys([mod.id, *users], theirs)
    public, private = check_languages(fake, server, readers)
    assert public >= 10 and private >= 10, (public, private)
    # The images too: the boards', reveals' and tallies' descriptions in the
    # server's language, each player's hand in theirs.
    images = [m for m in fake.channel_messages(with_threads=True) if m.attachments]
    assert any(image_languages(m) == {server} for m in images if not m.ephemeral)
    assert any(image_languages(m) == {theirs} for m in images if m.ephemeral)
    shown = fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True)
    everything = "\n".join(m.content for m in shown)
    # The achievements the games earned: announced in the server's words.
    earned = [m for m in shown if m.content.startswith("🎖")]
    assert earned and all(languages_in(m.content, "season.") == {server} for m in earned)
    # The server's words where it matters: tallies, the match, the champion.
    assert words.reason_words(server, GameEnd.TARGET) in everything
    winner = match.game.names[standing.winner]
    assert tr(server, "ui.standing.winner", winner=winner) in everything
    assert f"<@{champion}>" in everything
    fake.assert_clean()


async def test_no_public_message_follows_a_players_locale(
    fake: FakeDiscord, tmp_path: Path, quick_deals: None
) -> None:
    """A player whose Discord speaks German, in a server set to French: every
    message everybody sees is French, every private answer to the player German."""
    fake.guilds[fake.guild_id].locale = "en-US"
    mod = fake.add_user("Mod", admin=True, locale="fr")
    hans = fake.add_user("Hans", locale="de")
    lea = fake.add_user("Léa", locale="fr")
    users = {hans.id: hans, lea.id: lea}
    gin = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(gin):
        await set_language(fake, mod, "fr")
        game = await start_game(fake, gin, hans, lea, target=10)
        hand = await fake.slash(hans, "gin", subcommand="hand")
        assert hand.ephemeral and languages_in(hand.content) <= {Lang.DE}
        await play_out(fake, gin, users, game.id)
        stats = await fake.slash(hans, "gin", subcommand="stats")  # posted for everyone
        assert not stats.ephemeral and languages_in(stats.content) == {Lang.FR}
        score = await fake.slash(hans, "gin", subcommand="score")  # only for Hans
        assert score.ephemeral and languages_in(score.content) == {Lang.DE}
        rules = await fake.slash(hans, "gin", subcommand="rules")
        assert rules.ephemeral and languages_in(rules.content) == {Lang.DE}
    readers = {mod.id: Lang.FR, hans.id: Lang.DE, lea.id: Lang.FR}
    public, private = check_languages(fake, Lang.FR, readers)
    assert public >= 4 and private >= 3, (public, private)
    # Nothing public is German, whoever's move it follows; Hans reads German only.
    for msg in fake.channel_messages(fake.channel_id, with_threads=True):
        if msg.ephemeral and msg.interaction_user_id == hans.id:
            assert languages_in(msg.content) <= {Lang.DE}, msg
        elif not msg.ephemeral:
            assert Lang.DE not in languages_in(msg.content), msg
            assert languages_in(msg.content, "ui.") <= {Lang.FR}, msg
    fake.assert_clean()


async def test_auto_follows_the_servers_discord_language_until_one_is_set(
    fake: FakeDiscord, tmp_path: Path, quick_deals: None
) -> None:
    """``auto`` (the default) speaks the server's own Discord language; a
    language set with /ginadmin settings replaces it at once, and ``auto``
    brings it back."""
    fake.guilds[fake.guild_id].locale = "pt-BR"
    mod = fake.add_user("Mod", admin=True, locale="en-US")
    ana, bo = fake.add_user("Ana", locale="de"), fake.add_user("Bo", locale="fr")
    users = {ana.id: ana, bo.id: bo}
    gin = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(gin):
        shown = await fake.slash(mod, "gin", subcommand="settings")
        assert "language: automatic (the server's Discord language) (default)" in shown.content
        stats = await fake.slash(ana, "gin", subcommand="stats")
        assert languages_in(stats.content) == {Lang.PT_BR}
        changed = await set_language(fake, mod, "es")
        assert "language: Español" in changed.content
        stats = await fake.slash(ana, "gin", subcommand="stats")
        assert languages_in(stats.content) == {Lang.ES}
        await set_language(fake, mod, "auto")
        mark = fake.mark()
        game = await start_game(fake, gin, ana, bo, target=10)
        await play_out(fake, gin, users, game.id)
        assert gin.languages.sizes() == {"languages.chosen": 1}
    readers = {mod.id: Lang.EN, ana.id: Lang.DE, bo.id: Lang.FR}
    public, _ = check_languages(fake, Lang.PT_BR, readers, after=mark)
    assert public >= 4
    fake.assert_clean()
