"""Seasons and achievements through the fake Discord, with the bot's clock
injected: a moderator turns weekly seasons on; at the week's end the podium
is posted in the announce channel and the champion gets the role, which
moves to the next week's champion — once, not again on the next pass nor
after a restart; a missing permission is reported, never a traceback; the
leaderboard shows the season; an achievement is announced once in the
game's thread, and never again after a restart; in a server set to German,
the achievement line and the podium are German whatever the players' own
language, and the season option's list is the asker's."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.i18n import Lang
from bot.service import GinService, snapshots
from bot.service.seasons import CLOSE_GRACE
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.models import SentMessage
from tests.fakediscord.payloads import BOT_ROLE_PERMISSIONS, PERM_MANAGE_ROLES
from tests.helpers.discord import idle, make_bot, start_game
from tests.helpers.languages import languages_in
from tests.helpers.service import FakeClock

WEDNESDAY = datetime(2026, 11, 18, 12, tzinfo=UTC).timestamp()
MONDAY_AFTER = datetime(2026, 11, 23, tzinfo=UTC).timestamp()
WEEK = 7 * 86400.0
#: Manage Server: the moderators' permission.
PERM_MANAGE_GUILD = 1 << 5


async def wins(
    db: Path, clock: FakeClock, fake: FakeDiscord, games: list[tuple[FakeUser, FakeUser]]
) -> None:
    """Rated games played before the bot runs: the first of each pair wins."""
    svc = await GinService.open(db, clock=clock)
    try:
        for winner, loser in games:
            challenge = await svc.challenges.create_challenge(
                fake.guild_id, fake.channel_id, winner.id, winner.name, loser.id, loser.name
            )
            game = await snapshots.accept_challenge(svc, challenge.id, loser.id)
            await snapshots.resign(svc, game.id, loser.id)
            clock.advance(60)
    finally:
        await svc.close()


async def setting(fake: FakeDiscord, mod: FakeUser, name: str, value: str) -> str:
    res = await fake.slash(
        mod, "ginadmin", subcommand="settings", options={"setting": name, "value": value}
    )
    assert res.ephemeral
    return res.content


def season_posts(fake: FakeDiscord, channel_id: int) -> list[SentMessage]:
    return [
        m
        for m in fake.channel_messages(channel_id, include_ephemeral=False)
        if "is over" in m.content
    ]


async def test_a_season_rolls_over_with_its_podium_and_the_role(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    mod = fake.add_user("Mod", permissions=PERM_MANAGE_GUILD)
    news = fake.add_channel("announcements")
    champion = fake.add_role("Champion", position=2)
    fake.update_role(
        fake.bot_role(), permissions=BOT_ROLE_PERMISSIONS | PERM_MANAGE_ROLES, position=5
    )
    clock = FakeClock(WEDNESDAY)
    db = tmp_path / "gin.db"
    bot = await make_bot(db, clock=clock)
    async with fake.run_bot(bot):
        said = await setting(fake, mod, "season", "weekly")
        assert said.startswith("✅ season: weekly (from Monday, 00:00 UTC).")
        said = await setting(fake, mod, "announce_channel", str(news.id))
        assert f"announce channel: <#{news.id}>" in said
        said = await setting(fake, mod, "champion_role", f"<@&{champion.id}>")
        assert f"champion role: <@&{champion.id}>" in said and "Heads up" not in said
        refused = await setting(fake, mod, "champion_role", "123")
        assert "champion role must be picked from the list, or off." in refused
        # Week one (games played meanwhile by another process): Ana wins all three of hers.
        await wins(db, clock, fake, [(ana, bo), (ana, cy), (bo, cy), (ana, bo), (cy, bo)])
        board = await fake.slash(ana, "gin", subcommand="leaderboard")
        assert "Season: the week of 16 Nov 2026" in board.content
        assert board.content.index("Ana") < board.content.index("Bo")
        clock.now = MONDAY_AFTER + CLOSE_GRACE + 1
        await bot.seasons.loop.tick()
        await idle(bot, fake)
        [post] = season_posts(fake, news.id)
        assert "The week of 16 Nov 2026 is over!" in post.content
        assert post.content.index("🥇 **Ana**") < post.content.index("🥈")
        assert post.pinged_user_ids() == {ana.id}
        assert "**Season won**" in post.content
        assert champion.id in fake.user(ana.id).roles
        await bot.seasons.loop.tick()  # nothing more to close
        await idle(bot, fake)
        assert len(season_posts(fake, news.id)) == 1
        offered = await fake.autocomplete(
            ana, "gin", subcommand="leaderboard", focused="season", options={"season": ""}
        )
        assert offered == [
            {"name": "This season (the week of 23 Nov 2026)", "value": "current"},
            {"name": "All time", "value": "all"},
            {"name": "The week of 16 Nov 2026", "value": "weekly:2026-11-16"},
        ]
        past = await fake.slash(
            ana, "gin", subcommand="leaderboard", options={"season": "weekly:2026-11-16"}
        )
        assert "Season: the week of 16 Nov 2026** (over)" in past.content
        fame = await fake.slash(cy, "gin", subcommand="halloffame")
        assert "🥇 **Ana**" in fame.content
        # Week two: Bo wins it; the role moves from Ana to Bo.
        await wins(db, clock, fake, [(bo, cy), (bo, ana), (bo, cy), (cy, ana)])
        clock.now = MONDAY_AFTER + WEEK + CLOSE_GRACE + 1
        await bot.seasons.loop.tick()
        await idle(bot, fake)
        posts = season_posts(fake, news.id)
        assert len(posts) == 2 and "🥇 **Bo**" in posts[-1].content
        assert champion.id in fake.user(bo.id).roles
        assert champion.id not in fake.user(ana.id).roles
    # After a restart: closed seasons stay closed, nothing is posted again.
    bot = await make_bot(db, clock=clock)
    async with fake.run_bot(bot):
        await bot.seasons.loop.tick()
        await idle(bot, fake)
        assert len(season_posts(fake, news.id)) == 2
    fake.assert_clean()


async def test_a_role_the_bot_cannot_give_is_reported(
    fake: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    mod = fake.add_user("Mod", permissions=PERM_MANAGE_GUILD)
    champion = fake.add_role("Champion", position=2)  # the bot lacks Manage Roles
    clock = FakeClock(WEDNESDAY)
    db = tmp_path / "gin.db"
    bot = await make_bot(db, clock=clock)
    async with fake.run_bot(bot):
        await setting(fake, mod, "season", "weekly")
        await setting(fake, mod, "announce_channel", str(fake.channel_id))
        said = await setting(fake, mod, "champion_role", str(champion.id))
        assert "Heads up: I need the Manage Roles permission" in said
    await wins(db, clock, fake, [(ana, bo), (ana, bo), (bo, ana)])
    bot = await make_bot(db, clock=clock)
    caplog.set_level(logging.INFO)
    async with fake.run_bot(bot):
        clock.now = MONDAY_AFTER + CLOSE_GRACE + 1
        await bot.seasons.loop.tick()
        await idle(bot, fake)
        said = [m.content for m in fake.channel_messages(include_ephemeral=False)]
        assert any("🥇 **Ana**" in c for c in said)
        assert any("I need the Manage Roles permission" in c for c in said)
        assert champion.id not in fake.user(ana.id).roles
    warned = [r for r in caplog.records if "champion role" in r.getMessage()]
    assert warned and all(r.exc_info is None for r in warned)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_an_achievement_is_announced_once(fake: FakeDiscord, tmp_path: Path) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    db = tmp_path / "gin.db"

    def announced() -> list[SentMessage]:
        return [
            m
            for m in fake.channel_messages(include_ephemeral=False, with_threads=True)
            if "earned an achievement: **First win**" in m.content
        ]

    async def game_won_by(winner: FakeUser, loser: FakeUser) -> None:
        await start_game(fake, bot, winner, loser)
        await fake.slash(loser, "gin", subcommand="resign")
        await idle(bot, fake)

    bot = await make_bot(db)
    async with fake.run_bot(bot):
        await game_won_by(ana, bo)
        [line] = announced()
        assert line.content.startswith("🎖 **Ana** earned an achievement: **First win**")
        assert fake.channels[line.channel_id].parent_id == fake.channel_id  # in the game's thread
        await game_won_by(ana, bo)
        assert len(announced()) == 1
    bot = await make_bot(db)
    async with fake.run_bot(bot):
        await game_won_by(ana, bo)
        assert len(announced()) == 1
        profile = await fake.slash(ana, "gin", subcommand="profile")
        alt = profile.message.attachments[0].description or ""
        assert "First win" in alt
    fake.assert_clean()


async def test_a_german_server_hears_achievements_and_its_podium_in_german(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ana, bo = fake.add_user("Ana", locale="fr"), fake.add_user("Bo", locale="fr")
    mod = fake.add_user("Mod", permissions=PERM_MANAGE_GUILD)
    clock = FakeClock(WEDNESDAY)
    db = tmp_path / "gin.db"
    bot = await make_bot(db, clock=clock)
    async with fake.run_bot(bot):
        await setting(fake, mod, "language", "de")
        await setting(fake, mod, "season", "weekly")
        await setting(fake, mod, "announce_channel", str(fake.channel_id))
        await start_game(fake, bot, ana, bo)
        await fake.slash(bo, "gin", subcommand="resign")
        await idle(bot, fake)
        public = fake.channel_messages(include_ephemeral=False, with_threads=True)
        [earned] = [m for m in public if m.content.startswith("🎖")]
        assert earned.content == (
            "🎖 **Ana** hat einen Erfolg freigeschaltet: **Erster Sieg** — Gewinne eine Partie."
        )
        # Private: the season option's list speaks the asker's French.
        offered = await fake.autocomplete(
            ana, "gin", subcommand="leaderboard", focused="season", options={"season": ""}
        )
        assert offered[0]["name"] == "Cette saison (la semaine du 16 nov. 2026)"
        await wins(db, clock, fake, [(ana, bo), (ana, bo)])  # three rated games each
        clock.now = MONDAY_AFTER + CLOSE_GRACE + 1
        await bot.seasons.loop.tick()
        await idle(bot, fake)
        [post] = [
            m
            for m in fake.channel_messages(fake.channel_id, include_ephemeral=False)
            if "ist vorbei!" in m.content
        ]
        assert post.content.startswith("🏆 **Die Woche vom 16. Nov. 2026 ist vorbei!**")
        assert "🥇 **Ana** — " in post.content and "3 von 3 Partien gewonnen" in post.content
        assert "**Saisonsieg** — Beende eine Saison auf Platz eins." in post.content
        assert languages_in(post.content) == {Lang.DE}
        fame = await fake.slash(bo, "gin", subcommand="halloffame")  # public: German
        assert not fame.ephemeral and fame.content.startswith("🏆 **Ruhmeshalle**")
    fake.assert_clean()
