"""Who Discord offers the commands to: ``/gin`` to everyone, in servers only;
``/ginadmin`` (settings, ending a game, tournaments) only to members with
Manage Server — and the commands still check the member themselves, since a
server can show ``/ginadmin`` to anyone it likes.

What Discord shows is decided by the command payloads the bot syncs, read
here from the fake; the second line of defence is tried by invoking the
commands as members Discord would not have offered them to.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.service import snapshots
from tests.fakediscord import FakeDiscord
from tests.helpers.discord import idle, make_bot, start_game

#: Discord's interaction context type for a server channel (no DMs, no group DMs).
GUILD_CONTEXT = 0
MANAGE_GUILD = 1 << 5
MANAGE_MESSAGES = 1 << 13


def synced(fake: FakeDiscord) -> dict[str, dict[str, Any]]:
    """The global commands the bot registered, by name."""
    return {cmd["name"]: cmd for cmd in fake.commands[None]}


def subcommands(command: dict[str, Any]) -> set[str]:
    return {option["name"] for option in command.get("options", []) if option["type"] in (1, 2)}


async def test_moderator_commands_are_hidden_and_nothing_is_offered_in_dms(
    tmp_path: Path,
) -> None:
    async with FakeDiscord(default_timeout=20) as fake:
        bot = await make_bot(tmp_path / "gin.db")
        async with fake.run_bot(bot):
            commands = synced(fake)
    assert set(commands) == {"gin", "ginadmin"}
    for command in commands.values():
        assert command["contexts"] == [GUILD_CONTEXT], command["name"]
        assert command["integration_types"] == [0], command["name"]  # installed in servers
    assert commands["gin"]["default_member_permissions"] is None  # everyone
    admin = commands["ginadmin"]
    assert int(admin["default_member_permissions"]) == discord.Permissions(manage_guild=True).value
    assert subcommands(admin) == {"settings", "end", "tournament"}
    # Nothing that changes the server is left under /gin.
    gin = commands["gin"]
    assert "end" not in subcommands(gin)
    settings = next(o for o in gin["options"] if o["name"] == "settings")
    assert settings.get("options", []) == []  # /gin settings only shows them
    tournament = next(o for o in gin["options"] if o["name"] == "tournament")
    assert subcommands(tournament) == {"show"}


async def test_moderator_commands_still_check_the_member(tmp_path: Path) -> None:
    async with FakeDiscord(default_timeout=20) as fake:
        ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
        owner = fake.add_user("Owner", permissions=MANAGE_GUILD)
        helper = fake.add_user("Helper", permissions=MANAGE_MESSAGES)
        bot = await make_bot(tmp_path / "gin.db")
        async with fake.run_bot(bot):
            snap = await start_game(fake, bot, ana, bo)
            # A server that shows /ginadmin to everyone: a player still can't use it.
            change = {"setting": "target", "value": "150"}
            res = await fake.slash(ana, "ginadmin", subcommand="settings", options=change)
            assert res.ephemeral and "Manage Server" in res.content
            res = await fake.slash(ana, "ginadmin", subcommand="end", options={"player": bo})
            assert res.ephemeral and "Manage Messages" in res.content
            res = await fake.slash(helper, "ginadmin", subcommand="settings", options=change)
            assert res.ephemeral and "Manage Server" in res.content
            assert (await bot.service.settings.get_settings(fake.guild_id)).ruleset.target != 150
            # Anyone reads the settings; Manage Server changes them.
            res = await fake.slash(bo, "gin", subcommand="settings")
            assert res.ephemeral and "target" in res.content
            res = await fake.slash(owner, "ginadmin", subcommand="settings", options=change)
            assert res.ephemeral and "150" in res.content
            assert (await bot.service.settings.get_settings(fake.guild_id)).ruleset.target == 150
            # Manage Messages is enough to end a stuck game.
            res = await fake.slash(helper, "ginadmin", subcommand="end", options={"player": ana})
            assert not res.ephemeral and "ended by a moderator" in res.content
            await idle(bot, fake)
            assert (await snapshots.get_game(bot.service, snap.id)).status.value == "finished"
        fake.assert_clean()
