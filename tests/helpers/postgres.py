"""The test PostgreSQL servers (the ``pgserver`` wheel)."""

from __future__ import annotations

import logging


def quiet_pgserver_exit() -> None:
    """pgserver's own exit hook logs a line after pytest has closed the
    stream it would go to ("--- Logging error ---" at the end of the run):
    the server is stopped by then, so that line has nothing to say."""
    logging.getLogger("pgserver").disabled = True
