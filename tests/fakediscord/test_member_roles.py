"""The fake's member-role routes (``PUT`` / ``DELETE
/guilds/{guild_id}/members/{user_id}/roles/{role_id}``), checked against
Discord's OpenAPI spec like every route, and refusing what Discord refuses:
no Manage Roles, a role at or above the bot's highest, @everyone, an
unknown member or role."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.payloads import BOT_ROLE_PERMISSIONS, PERM_MANAGE_ROLES


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as f:
        yield f


async def test_giving_and_taking_a_role(fake: FakeDiscord) -> None:
    ana = fake.add_user("Ana")
    champion = fake.add_role("Champion", position=2)
    base = f"{fake.api_base}/guilds/{fake.guild_id}/members"

    async def call(method: str, user: int, role: int) -> int:
        url = f"{base}/{user}/roles/{role}"
        async with aiohttp.ClientSession() as http, http.request(method, url) as resp:
            return resp.status

    assert await call("PUT", ana.id, champion.id) == 403  # no Manage Roles yet
    fake.update_role(fake.bot_role(), permissions=BOT_ROLE_PERMISSIONS | PERM_MANAGE_ROLES)
    assert await call("PUT", ana.id, champion.id) == 403  # the role is above the bot's
    fake.update_role(fake.bot_role(), position=5)
    assert await call("PUT", ana.id, champion.id) == 204
    assert await call("PUT", ana.id, champion.id) == 204  # again: nothing changes
    assert fake.user(ana.id).roles.count(champion.id) == 1
    assert await call("PUT", ana.id, fake.guild_id) == 403  # @everyone
    assert await call("PUT", 12345, champion.id) == 404
    assert await call("PUT", ana.id, 12345) == 404
    assert await call("DELETE", ana.id, champion.id) == 204
    assert champion.id not in fake.user(ana.id).roles
    assert await call("PATCH", ana.id, champion.id) == 405  # not in Discord's API
    assert [r.path for r in fake.unknown_requests] == [
        f"/guilds/{fake.guild_id}/members/{ana.id}/roles/{champion.id}"
    ]
