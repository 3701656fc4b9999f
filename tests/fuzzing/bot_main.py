"""``python -m tests.fuzzing.bot_main API_BASE GATEWAY_URL``: the real bot
process of :mod:`tests.helpers.bot_process`, logging as ``python -m bot`` does (INFO
and up, with the level and logger on each line), so the fuzzer can count
every line above INFO and every traceback in its output."""

from __future__ import annotations

import contextlib
import logging
import sys

from bot.__main__ import quiet_discord_logs
from tests.helpers import bot_process


def main() -> None:
    logging.basicConfig(
        level=logging.INFO, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    quiet_discord_logs()
    with contextlib.suppress(KeyboardInterrupt):  # a clean stop, as ``python -m bot`` takes it
        bot_process.main()


if __name__ == "__main__":
    main()
