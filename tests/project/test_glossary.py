"""One thing, one name: the words the glossary says we don't use appear
nowhere a player reads.

The banned words are read from the "Words we use" table of
``docs/glossary.md`` (its third column, each in double quotes), so adding a
word there is enough to ban it.  The player-facing English is every string of
the words modules (``bot/discord_ui/*text.py``, ``bot/render/*words.py``,
``bot/render/alt_text.py``, ``bot/engine/words.py``) and the English
catalogues (``bot/locales/en/*.po``), the engine's and the
service's messages, the command descriptions in ``cogs/``, and the README.
Docstrings, log lines and single words without a space (identifiers, enum
values) are not player text and are left out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
ROW = re.compile(r"^\|(?P<term>[^|]+)\|(?P<meaning>[^|]+)\|(?P<banned>[^|]*)\|\s*$")
QUOTED = re.compile(r'"([^"]+)"')
#: A count written so that no plural form can be right: "1 game(s)".
FAKE_PLURAL = re.compile(r"\w\(s\)")


def player_modules() -> list[Path]:
    return sorted(
        {
            *(ROOT / "bot" / "discord_ui").glob("*text.py"),
            *(ROOT / "bot" / "render").glob("*words.py"),
            ROOT / "bot" / "render" / "alt_text.py",
            *(ROOT / "bot" / "engine").glob("*.py"),
            *(ROOT / "bot" / "service").glob("*.py"),
            *(ROOT / "cogs").glob("*.py"),
        }
    )


@cache
def banned() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(the glossary's terms of a row, the words it bans) for each row that bans any."""
    text = GLOSSARY.read_text(encoding="utf-8")
    table = text.split("**Words we use**", 1)[1].split("\n\n**", 1)[0]
    rows = []
    for line in table.splitlines():
        found = ROW.match(line)
        if found is None or set(found["term"].strip()) <= {"-"}:
            continue
        words = tuple(QUOTED.findall(found["banned"]))
        if words:
            terms = tuple(t.strip() for t in found["term"].split(","))
            rows.append((" / ".join(terms), words))
    return tuple(rows)


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _logged(tree: ast.AST) -> set[int]:
    """The strings handed to a logger (``log.info(...)`` and the like)."""
    ids = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in ("log", "logger", "logging")
        ):
            ids.update(id(n) for arg in node.args for n in ast.walk(arg))
    return ids


def strings(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of each player string of ``path``: string constants and
    the literal parts of f-strings (their fields as "…"), docstrings and log
    lines left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree) | _logged(tree)
    inner = {
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        for part in node.values
    }
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in inner:
            continue
        if isinstance(node, ast.JoinedStr):
            value = "".join(
                p.value if isinstance(p, ast.Constant) and isinstance(p.value, str) else "…"
                for p in node.values
            )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            value = node.value
        else:
            continue
        if " " in value.strip():
            yield node.lineno, value


def readme_lines() -> Iterator[tuple[int, str]]:
    yield from enumerate((ROOT / "README.md").read_text(encoding="utf-8").splitlines(), 1)


def offences(text: str) -> list[str]:
    """The banned words in ``text``: a row's own term is taken out first, so
    "pile" is refused but "discard pile" is not."""
    found = []
    for terms, words in banned():
        rest = text
        for term in terms.split(" / "):
            rest = re.sub(re.escape(term), "_" * len(term), rest, flags=re.IGNORECASE)
        for word in words:
            if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", rest, re.IGNORECASE):
                found.append(f"{word!r} (we say {terms!r})")
    if FAKE_PLURAL.search(text):
        found.append("'(s)' (write a function of the count)")
    return found


def test_the_glossary_bans_words_and_the_check_finds_them() -> None:
    words = {w for _, ws in banned() for w in ws}
    assert {"pile", "threw", "gave up", "forfeited", "ran down", "stock ran out"} <= words
    assert offences("Ana gave up.") and offences("Bo threw the K♣.")
    assert offences("took the 7♦ from the pile") and offences("1 game(s) in progress")
    assert offences("The stock ran out: nobody scores.")
    assert not offences("Ana drew the 7♦ from the discard pile and discarded the K♣.")
    assert not offences("Bo resigned. 3 games in progress.")


@pytest.mark.parametrize("path", player_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_banned_word_in_what_players_read(path: Path) -> None:
    bad = [
        f"{path.relative_to(ROOT)}:{line}: {found} in {text!r}"
        for line, text in strings(path)
        for found in offences(text)
    ]
    assert not bad, "\n".join(bad)


def test_no_banned_word_in_the_readme() -> None:
    bad = [
        f"README.md:{line}: {found}" for line, text in readme_lines() for found in offences(text)
    ]
    assert not bad, "\n".join(bad)


def test_no_banned_word_in_the_english_catalogues() -> None:
    """The English of ``bot/locales/en/*.po``: what the words modules now
    look up (so a text moved into a catalogue stays checked)."""
    from bot.i18n import DEFAULT, Catalogs

    english = Catalogs()[DEFAULT].texts
    bad = [
        f"{key}: {found} in {form!r}"
        for key, value in sorted(english.items())
        for form in (value if isinstance(value, tuple) else (value,))
        for found in offences(form)
    ]
    assert len(english) > 100, "the English catalogues hold the bot's words"
    assert not bad, "\n".join(bad)
