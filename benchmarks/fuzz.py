"""The long fuzz run: a seeded stream of hostile and legal
interactions against the real bot process, with ``kill -9`` restarts spread
over it, checked after every step (see ``tests/fuzzing``).

Usage::

    .venv/bin/python benchmarks/fuzz.py --interactions 10000 --restarts 5 --seed 1

Prints progress every 500 interactions, then the figures; exits 1 if any
count of trouble (unexpected errors, tracebacks, log lines above INFO,
unexplained changes, hidden cards public, bad pings, public refusals) is not
zero.  The database and the bot's log stay in ``--keep DIR`` if given (else
a temporary directory) for a closer look; a seed fixes the fuzzer's choices
(the bot's timing can still vary what they meet).  ``tests/fuzzing/test_fuzz.py``
runs a short one in the suite.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.fuzzing.runner import Fuzzer  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--interactions", type=int, default=10_000)
    parser.add_argument("--restarts", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="keep the database and bot log here")
    args = parser.parse_args(argv)

    def run(workdir: Path) -> int:
        fuzzer = Fuzzer(
            workdir,
            seed=args.seed,
            interactions=args.interactions,
            restarts=args.restarts,
            progress=lambda line: print(line, flush=True),
        )
        report = asyncio.run(fuzzer.run())
        print(report.summary(), flush=True)
        return 0 if report.clean else 1

    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
        return run(args.keep)
    with tempfile.TemporaryDirectory(prefix="gin-fuzz-") as tmp:
        return run(Path(tmp))


if __name__ == "__main__":
    sys.exit(main())
