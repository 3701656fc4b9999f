"""The fake refuses what Discord refuses: every request against Discord's OpenAPI spec.

:mod:`tests.fakediscord.openapi` is checked directly (fast, no server), then
through the fake's HTTP server with plain aiohttp, then with the real
discord.py client, whose ``HTTPException`` must carry Discord's 50035.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from tests.fakediscord import FakeDiscord
from tests.fakediscord import openapi as spec

MESSAGES = "/channels/123/messages"


def button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def check(method: str, path: str, body: Any = None, **query: str) -> spec.Verdict:
    return spec.check_request(method, path, query, body)


def codes(verdict: spec.Verdict) -> dict[str, str]:
    return {p.dotted: p.code for p in verdict.problems}


# ---------------------------------------------------------------------------
# the validator
# ---------------------------------------------------------------------------
def test_a_valid_message_passes() -> None:
    body = {
        "content": "x" * 2000,
        "components": [row(button("a"), button("b"))],
        "embeds": [{"title": "t", "description": "d", "fields": [{"name": "n", "value": "v"}]}],
        "allowed_mentions": {"parse": [], "users": [1234567890123]},
        "flags": 4096,
    }
    verdict = check("POST", MESSAGES, body)
    assert verdict.ok, verdict.summary()
    assert verdict.template == "/channels/{channel_id}/messages"


def test_content_over_2000_is_refused_though_the_spec_says_4000() -> None:
    raw = json.loads(spec.SPEC_FILE.read_text(encoding="utf-8"))
    assert (
        raw["components"]["schemas"]["MessageCreateRequest"]["properties"]["content"]["maxLength"]
        == 4000
    )
    for method, path in (("POST", MESSAGES), ("PATCH", MESSAGES + "/456")):
        verdict = check(method, path, {"content": "x" * 2001})
        assert verdict.summary() == ["content: length 2001 > 2000"]
        assert verdict.errors() == {
            "content": {
                "_errors": [
                    {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}
                ]
            }
        }


def test_documentation_overrides_only_tighten_the_spec() -> None:
    raw = json.loads(spec.SPEC_FILE.read_text(encoding="utf-8"))
    for pointer, keyword, value, _why in spec.DOC_OVERRIDES:
        node = raw
        for part in pointer.split("/")[1:]:
            node = node[part]
        assert keyword in ("maxLength", "maxItems", "maximum"), keyword
        assert value < node[keyword], f"{pointer}: {value} would loosen {node[keyword]}"


def test_unknown_component_type_is_refused() -> None:
    verdict = check("POST", MESSAGES, {"components": [{"type": 99, "components": []}]})
    [problem] = verdict.problems
    assert problem.where == ("components", 0) and problem.code == "UNION_TYPE_CHOICES"
    nested = check("POST", MESSAGES, {"components": [row({"type": 4, "custom_id": "t"})]})
    assert codes(nested) == {"components.0.components.0": "UNION_TYPE_CHOICES"}


def test_wrong_types_are_refused() -> None:
    assert codes(check("POST", MESSAGES, {"content": 5})) == {"content": "STRING_TYPE_CONVERT"}
    assert codes(check("POST", MESSAGES, {"flags": "64"})) == {"flags": "NUMBER_TYPE_COERCE"}
    assert codes(check("POST", MESSAGES, {"tts": "yes"})) == {"tts": "BOOLEAN_TYPE_COERCE"}
    bad_button = row({**button("a"), "style": "primary"})
    assert not check("POST", MESSAGES, {"components": [bad_button]}).ok
    assert codes(check("POST", MESSAGES, [])) == {"body": "DICT_TYPE_CONVERT"}


def test_too_many_components_are_refused() -> None:
    six = check("POST", MESSAGES, {"components": [row(*(button(str(i)) for i in range(6)))]})
    assert six.summary() == ["components.0.components: 6 items > 5"]
    many = [row(button(str(i))) for i in range(41)]
    assert check("POST", MESSAGES, {"components": many}).summary() == ["components: 41 items > 40"]
    options = [{"label": str(i), "value": str(i)} for i in range(26)]
    select = {"type": 3, "custom_id": "s", "options": options}
    assert check("POST", MESSAGES, {"components": [row(select)]}).summary() == [
        "components.0.components.0.options: 26 items > 25"
    ]


def test_a_missing_required_field_is_refused() -> None:
    verdict = check("POST", MESSAGES, {"components": [row({"type": 3, "options": []})]})
    where = "components.0.components.0"
    assert codes(verdict) == {
        f"{where}.custom_id": "BASE_TYPE_REQUIRED",
        f"{where}.options": "BASE_TYPE_MIN_LENGTH",
    }


def test_interaction_callbacks_and_webhooks_are_validated() -> None:
    callback = "/interactions/1/fake.1.abc/callback"
    ok = check("POST", callback, {"type": 4, "data": {"content": "hi", "flags": 64}})
    assert ok.ok, ok.summary()
    too_long = check("POST", callback, {"type": 4, "data": {"content": "x" * 2001}})
    assert too_long.summary() == ["data.content: length 2001 > 2000"]
    assert codes(check("POST", callback, {"type": 42})) == {"body": "UNION_TYPE_CHOICES"}
    autocomplete = {"type": 8, "data": {"choices": [{"name": "", "value": "v"}]}}
    assert check("POST", callback, autocomplete).summary() == ["data.choices.0.name: length 0 < 1"]
    assert check("POST", callback, {"type": 4}, with_response="1").ok
    assert codes(check("POST", callback, {"type": 4}, with_response="maybe")) == {
        "with_response": "BOOLEAN_TYPE_COERCE"
    }
    edit = check("PATCH", "/webhooks/1/tok/messages/@original", {"content": "y" * 2001})
    assert edit.template == "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
    assert edit.summary() == ["content: length 2001 > 2000"]
    assert not check("POST", "/webhooks/1/tok", {"embeds": [{}] * 11}).ok


def test_thread_routes_are_checked_from_the_spec() -> None:
    start = "/channels/1/messages/2/threads"
    assert check("POST", start, {"name": "Game", "auto_archive_duration": 1440}).ok
    assert codes(check("POST", start, {"auto_archive_duration": 1440})) == {
        "name": "BASE_TYPE_REQUIRED"
    }
    assert codes(check("POST", start, {"name": "x" * 101})) == {"name": "BASE_TYPE_MAX_LENGTH"}
    [problem] = check("POST", start, {"name": "Game", "auto_archive_duration": 5}).problems
    assert problem.dotted == "auto_archive_duration" and problem.code == "BASE_TYPE_CHOICES"
    assert problem.message == "Value must be one of (60, 1440, 4320, 10080)."
    assert check("PUT", "/channels/1/thread-members/2").ok
    assert check("PATCH", "/channels/1", {"archived": True, "locked": True}).ok
    assert codes(check("PATCH", "/channels/1", {"name": 7})) == {"name": "STRING_TYPE_CONVERT"}


def test_query_and_path_parameters_are_checked() -> None:
    assert check("GET", MESSAGES, limit="100").ok
    assert codes(check("GET", MESSAGES, limit="101")) == {"limit": "NUMBER_TYPE_MAX"}
    assert codes(check("GET", MESSAGES, limit="ten")) == {"limit": "NUMBER_TYPE_COERCE"}
    assert codes(check("GET", "/channels/general/messages")) == {"channel_id": "NUMBER_TYPE_COERCE"}


def test_unknown_routes_and_methods_are_refused() -> None:
    assert check("GET", "/no/such/route").route_status == 404
    assert check("POST", "/users/@me").route_status == 405
    # Discord adds reactions only as the bot itself (``@me``), not as someone else
    reaction = "/channels/1/messages/2/reactions/%F0%9F%91%8D"
    assert check("PUT", reaction + "/@me").ok
    assert check("PUT", reaction + "/3").route_status == 405


def test_snowflakes_may_be_integers_but_not_junk() -> None:
    # discord.py sends integer snowflakes (recipient_id, allowed_mentions, upload ids)
    assert check("POST", "/users/@me/channels", {"recipient_id": 42}).ok
    upload = {"attachments": [{"id": 0, "filename": "hand.png", "description": "alt"}]}
    assert check("POST", MESSAGES, upload).ok
    assert not check("POST", "/users/@me/channels", {"recipient_id": "alice"}).ok
    assert not check("POST", "/users/@me/channels", {"recipient_id": -1}).ok
    too_long = {"attachments": [{"id": 0, "description": "d" * 1025}]}
    assert check("POST", MESSAGES, too_long).summary() == [
        "attachments.0.description: length 1025 > 1024"
    ]


def test_multipart_bodies_use_the_multipart_schema() -> None:
    verdict = spec.check_request("POST", MESSAGES, {}, {"content": "x" * 2001}, multipart=True)
    assert verdict.summary() == ["content: length 2001 > 2000"]
    assert spec.check_request("POST", MESSAGES, {}, None, multipart=True).ok


# ---------------------------------------------------------------------------
# through the fake's HTTP server
# ---------------------------------------------------------------------------
@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake


async def test_the_fake_answers_invalid_form_body(fake: FakeDiscord) -> None:
    url = f"{fake.api_base}/channels/{fake.channel_id}/messages"
    async with aiohttp.ClientSession() as http:
        async with http.post(url, json={"content": "fine"}) as resp:
            assert resp.status == 200
        async with http.post(url, json={"content": "fine", "tts": "loud"}) as resp:
            assert resp.status == 400
            body = await resp.json()
        thread = f"{url}/{fake.channel_messages(fake.channel_id)[0].id}/threads"
        async with http.post(thread, json={"name": ""}) as resp:
            assert resp.status == 400
            assert (await resp.json())["code"] == 50035
    assert body["code"] == 50035 and body["message"].startswith("Invalid Form Body")
    assert body["errors"] == {
        "tts": {
            "_errors": [
                {"code": "BOOLEAN_TYPE_COERCE", "message": 'Value "loud" is not a boolean.'}
            ]
        }
    }
    assert [r.split(" -> ")[1] for r in fake.rejections] == [
        "400 50035: Invalid Form Body: tts: str is not boolean/null",
        "400 50035: Invalid Form Body: name: length 0 < 1",
    ]
    assert [m.content for m in fake.channel_messages(fake.channel_id)] == ["fine"]


async def test_routes_discord_lacks_are_refused_like_unknown_ones(fake: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{fake.api_base}/channels/{fake.channel_id}/everything") as resp:
            assert resp.status == 404
            assert await resp.json() == {"code": 0, "message": "404: Not Found"}
        async with http.delete(f"{fake.api_base}/users/@me") as resp:
            assert resp.status == 405
            assert await resp.json() == {"code": 0, "message": "405: Method Not Allowed"}
        # the fake's own routes outside /api/v10 are not Discord's, so not checked
        async with http.get(f"{fake.http_url}/attachments/1/2/x.png") as resp:
            assert resp.status == 404 and resp.content_type != "application/json"
    assert [(r.method, r.status) for r in fake.unknown_requests] == [("GET", 404), ("DELETE", 405)]
    with pytest.raises(AssertionError, match="unknown route"):
        fake.assert_clean()


class SpecBot(discord.Client):
    """Plain discord.py sending what Discord refuses, through callback and webhook."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.followup_error: discord.HTTPException | None = None

        @self.tree.command(name="long", description="Answers 2001 characters")
        async def long(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("x" * 2001)

        @self.tree.command(name="late", description="Follows up with 2001 characters")
        async def late(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            try:
                await interaction.followup.send("y" * 2001)
            except discord.HTTPException as exc:
                self.followup_error = exc
                await interaction.followup.send("shorter")

    async def setup_hook(self) -> None:
        await self.tree.sync()


async def test_discord_py_sees_discords_error(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    async with fake.run_bot(SpecBot()) as bot:
        assert isinstance(bot, SpecBot)
        channel = bot.get_channel(fake.channel_id)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send("z" * 2001)
        assert refused.value.status == 400 and refused.value.code == 50035
        assert "In content: Must be 2000 or fewer in length." in refused.value.text
        with pytest.raises(AssertionError, match=r"rejected: 400 50035.*data\.content"):
            await fake.slash(alice, "long")
        res = await fake.slash(alice, "late")
        assert res.content == "shorter"
        assert bot.followup_error is not None and bot.followup_error.code == 50035
    assert len(fake.rejections) == 3
