"""Fixtures of the service tests: a settable clock and a service on each
database backend (``db_target``).  A test file may define its own ``svc``
(another seed, other settings)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import (
    GinService,
)
from tests.helpers.service import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def svc(db_target: str | Path, clock: FakeClock) -> AsyncIterator[GinService]:
    service = await GinService.open(db_target, clock=clock, seed=1)
    yield service
    await service.close()
