"""Fixtures of the whole-game tests: a fake Discord per test."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.fakediscord import FakeDiscord
from tests.helpers.discord import FAST_LIMIT


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A fake Discord that refuses (429) a bot writing faster than ``FAST_LIMIT``."""
    async with FakeDiscord(channel_write_limit=FAST_LIMIT) as f:
        yield f
