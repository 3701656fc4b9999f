"""``.env.example`` names every setting the bot reads, and only those.

The names are found in the code itself: every ``GIN_*``, ``DISCORD_*`` or
``DEV_*`` string read through ``env.get(...)``, ``os.environ[...]`` or
``os.getenv(...)`` anywhere in ``bot/`` and ``cogs/``.  Other names in the
file (``POSTGRES_PASSWORD``, for compose.yaml) are not the bot's.  A new setting
without its line in ``.env.example`` (or a line left for a setting no longer
read) fails here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = re.compile(r"(GIN|DISCORD|DEV)_[A-Z0-9_]+")
#: A setting's line in .env.example: ``NAME=value``, or ``# NAME=value`` for
#: one left commented out (it has a default that an empty value would blank).
LINE = re.compile(r"^#?\s*((?:GIN|DISCORD|DEV)_[A-Z0-9_]+)=", re.MULTILINE)


def _name(node: ast.AST) -> str | None:
    is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
    return node.value if is_text and NAME.fullmatch(node.value) else None


def names_read(source: str) -> set[str]:
    """The setting names a module reads: the first argument of a ``.get()``
    or ``getenv()`` call, or the key of a subscript."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("get", "getenv", "pop", "setdefault"):
                found.add(_name(node.args[0]))
        elif isinstance(node, ast.Subscript):
            found.add(_name(node.slice))
    return {name for name in found if name}


def test_names_read_finds_each_way_of_reading() -> None:
    code = (
        "import os\n"
        "a = env.get('GIN_A', '')\n"
        "b = os.environ['DISCORD_B']\n"
        "c = os.getenv('DEV_C')\n"
        "d = 'GIN_NOT_READ'\n"
        "e = words.get('gin_lower')\n"
    )
    assert names_read(code) == {"GIN_A", "DISCORD_B", "DEV_C"}


def test_env_example_lists_exactly_the_settings_the_code_reads() -> None:
    read: set[str] = set()
    for path in [*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")]:
        read |= names_read(path.read_text())
    listed = set(LINE.findall((ROOT / ".env.example").read_text()))
    # Sanity: the reader found the settings every deployment uses.
    assert {"DISCORD_TOKEN", "GIN_DB_PATH", "GIN_DATABASE_URL", "GIN_SHARDS"} <= read
    assert read - listed == set(), "read by the code but missing from .env.example"
    assert listed - read == set(), "in .env.example but read nowhere"
