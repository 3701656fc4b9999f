"""The fuzzer, short (issue #32): a few hundred seeded interactions — legal
and illegal moves, garbage options, old and forged controls, double clicks,
settings, one ``kill -9`` and restart — against the real bot process through
the fake Discord, every step checked (see ``tests/fuzzing``).  The long run
is ``benchmarks/fuzz.py``; ``GIN_FUZZ_SEED`` picks another stream here."""

from __future__ import annotations

import os
from pathlib import Path

from tests.fuzzing.runner import Fuzzer

SEED = int(os.environ.get("GIN_FUZZ_SEED", "32"))


async def test_a_short_fuzz_run_is_clean(tmp_path: Path) -> None:
    # 200 interactions (seed 32: 118 moves checked, 152 private answers, 27
    # message updates); benchmarks/fuzz.py runs the long one.
    report = await Fuzzer(tmp_path, seed=SEED, interactions=200, restarts=1).run()
    assert report.clean, report.summary()
    # It did play: games moved on, refusals and answers of every kind came.
    assert report.interactions >= 200 and report.restarts == 1, report.summary()
    assert report.moves_checked >= 50, report.summary()
    assert report.answers.get("private message", 0) >= 100, report.summary()
    assert report.answers.get("UPDATE_MESSAGE", 0) >= 1, report.summary()
