"""The bot's version, as installed (``pip install .`` records pyproject's
``version``): one source of truth for ``gin-bot --version`` and the start-up
log line."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

#: The distribution name in pyproject.toml.
DISTRIBUTION = "gin-bot"


def bot_version() -> str:
    """``0.1.0``, or ``unknown`` when running from a source tree that was never installed."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"
