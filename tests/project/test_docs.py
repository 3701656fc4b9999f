"""The docs name only what exists.

README.md and every ``docs/*.md`` are read as a newcomer would use them:

* every relative link (``[text](path)``, ``![alt](path)``, ``[ref]: path``)
  must point at a file or folder that exists, and a link to a heading
  (``page.md#heading``, ``#heading``) at a heading of that page, with
  GitHub's rule for turning a heading into its anchor;
* every repository path named in code (inline ``code`` or a fenced block) —
  ``bot/render/pool.py``, ``tests/fakediscord/``, a glob — must exist, a bare
  file name (``pool.py``) must exist somewhere in the repository, and a
  dotted module (``bot.engine.melds``, also ``bot.service.moves.MoveDesk``)
  must be a module, and what follows it a name the module defines;
* no page speaks of the project's history (issue numbers, "this stop"):
  a reader who knows none of it must be able to follow every sentence.

Paths resolve from the repository root (links from their page's folder).
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

#: The repository's top-level folders a path in the docs may start with.
TOP = ("bot", "cogs", "tests", "benchmarks", "docs", ".ci")
#: Folders that are not the repository's own files (made by tools, or by a run).
NOT_OURS = {
    ".git",
    ".venv",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
    "node_modules",
    "gin_bot.egg-info",
}
#: Bare file names with these endings are checked; others (``gin.db``) may be
#: files the bot or the operator makes.
CHECKED_SUFFIXES = (
    ".py",
    ".md",
    ".toml",
    ".json",
    ".jsonl",
    ".png",
    ".txt",
    ".cfg",
    ".ini",
    ".yml",
    ".yaml",
    ".sh",
    ".example",
)

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.DOTALL)
INLINE_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.MULTILINE)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
PATH = re.compile(rf"^(?:\./)?(?:{'|'.join(re.escape(t) for t in TOP)})/\S*$")
BARE_FILE = re.compile(r"^\.?[\w-]+(?:\.[\w-]+)*$")
DOTTED = re.compile(r"^(?:bot|cogs|tests|benchmarks)(?:\.[A-Za-z_]\w*)+$")
TOKEN_SPLIT = re.compile(r"[\s\"'()\[\]{},;|=]+")
#: What the project's history sounds like (the same pattern a hook refuses).
HISTORY = re.compile(r"(goals of|before|after|since|issue) #[0-9]+|\(#[0-9]+\)|this stop")


# --- reading a page -------------------------------------------------------------------


def split_page(text: str) -> tuple[str, list[str]]:
    """The page's prose (fenced blocks blanked out, line numbers kept) and
    the text of its fenced code blocks."""
    prose: list[str] = []
    blocks: list[str] = []
    fence: str | None = None
    for line in text.splitlines():
        found = FENCE.match(line)
        if fence is None and found:
            fence = found.group(1)
            blocks.append("")
            prose.append("")
        elif fence is not None:
            if line.strip().startswith(fence):
                fence = None
            else:
                blocks[-1] += line + "\n"
            prose.append("")
        else:
            prose.append(line)
    return "\n".join(prose), blocks


def code_spans(prose: str) -> list[str]:
    return [m.group(2) for m in CODE_SPAN.finditer(prose)]


def without_code(prose: str) -> str:
    """``prose`` with its code spans blanked out (a link in code is no link)."""
    return CODE_SPAN.sub(lambda m: " " * len(m.group(0)), prose)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: markup dropped, lower case, punctuation
    dropped (letters, digits, ``_`` and ``-`` kept), spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


@cache
def anchors(text: str) -> frozenset[str]:
    """Every heading anchor of a page (a repeated heading gets ``-1``, ``-2`` …)."""
    prose, _ = split_page(text)
    seen: dict[str, int] = {}
    out = set()
    for line in prose.splitlines():
        found = HEADING.match(line)
        if not found:
            continue
        base = slug(found.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.add(base if count == 0 else f"{base}-{count}")
    return frozenset(out)


def page_anchors(page: Path) -> frozenset[str]:
    return anchors(page.read_text(encoding="utf-8"))


def tokens(code: str) -> Iterator[str]:
    """The words of a piece of code that could name a path or a module."""
    for raw in TOKEN_SPLIT.split(code):
        word = raw.split("::")[0]  # tests/x.py::test_name
        word = re.sub(r"(?::\d+)+$", "", word)  # bot/x.py:12
        word = word.rstrip(".,:;!?…")
        if word:
            yield word


# --- what exists ----------------------------------------------------------------------


@cache
def file_names() -> frozenset[str]:
    """The name of every file and folder of the repository (tools' folders left out)."""
    names = set()
    for _, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in NOT_OURS]
        names.update(dirs)
        names.update(files)
    return frozenset(names)


@cache
def defined_names(module: Path) -> dict[str, frozenset[str]]:
    """The top-level names ``module`` defines, each with the names defined in
    its body when it is a class (an empty set otherwise)."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    out: dict[str, frozenset[str]] = {}

    def names_of(body: list[ast.stmt]) -> dict[str, list[ast.stmt]]:
        found: dict[str, list[ast.stmt]] = {}
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                found[node.name] = node.body if isinstance(node, ast.ClassDef) else []
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name):
                            found[name.id] = []
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                found[node.target.id] = []
            elif isinstance(node, ast.Import | ast.ImportFrom):
                for alias in node.names:
                    found[(alias.asname or alias.name).split(".")[0]] = []
            elif isinstance(node, ast.If | ast.Try):  # TYPE_CHECKING, optional imports
                found.update(names_of(node.body))
        return found

    for name, body in names_of(tree.body).items():
        out[name] = frozenset(names_of(body)) if body else frozenset()
    return out


def path_problem(word: str) -> str | None:
    """Why ``word`` (a path from the repository root, or a bare file name)
    names nothing, or ``None`` if it is not a path or it exists."""
    if any(mark in word for mark in ("<", "…", "...", "$")):
        return None  # a placeholder, not a path
    word = word.removeprefix("./")
    if PATH.match(word):
        if any(ch in word for ch in "*?"):
            return None if any(ROOT.glob(word)) else f"no file matches `{word}`"
        return None if (ROOT / word).exists() else f"`{word}` does not exist"
    if "/" not in word and BARE_FILE.match(word) and word.endswith(CHECKED_SUFFIXES):
        return None if word in file_names() else f"no file is named `{word}`"
    return None


def module_problem(word: str) -> str | None:
    """Why the dotted ``word`` names no module (or no name in it), else ``None``."""
    if not DOTTED.match(word):
        return None
    parts = word.split(".")
    for cut in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:cut])
        module = next(
            (p for p in (base.with_suffix(".py"), base / "__init__.py") if p.is_file()), None
        )
        if module is not None:
            break
    else:
        return f"`{word}` is no module"
    rest = parts[cut:]
    if not rest:
        return None
    names = defined_names(module)
    if rest[0] not in names:
        if (base / f"{rest[0]}.py").is_file() or (base / rest[0]).is_dir():
            return None  # a submodule
        return f"`{word}`: {'.'.join(parts[:cut])} defines no `{rest[0]}`"
    members = names[rest[0]]
    if len(rest) > 1 and members and rest[1] not in members:
        return f"`{word}`: `{rest[0]}` has no `{rest[1]}`"
    return None


# --- the checks -----------------------------------------------------------------------


def link_problems(page: Path, text: str) -> list[str]:
    prose, _ = split_page(text)
    plain = without_code(prose)
    targets = INLINE_LINK.findall(plain) + REFERENCE_LINK.findall(plain)
    problems: list[str] = []
    for target in dict.fromkeys(targets):  # each target once, in order
        if SCHEME.match(target):
            continue  # a web address
        path, _, anchor = target.partition("#")
        if not path:  # a heading of this page
            if anchor not in anchors(text):
                problems.append(f"link to `{target}`: no heading `#{anchor}` here")
            continue
        where = page.parent / path
        if not where.exists():
            problems.append(f"link to `{target}`: no such file")
        elif anchor and where.suffix == ".md" and anchor not in page_anchors(where):
            problems.append(f"link to `{target}`: {where.name} has no heading `#{anchor}`")
    return problems


def name_problems(page: Path, text: str) -> list[str]:
    prose, blocks = split_page(text)
    problems = []
    for code in code_spans(prose) + blocks:
        for word in tokens(code):
            problem = path_problem(word) or module_problem(word)
            if problem is not None and problem not in problems:
                problems.append(problem)
    return problems


def history_problems(page: Path, text: str) -> list[str]:
    return [f"project history: “{m.group(0)}”" for m in HISTORY.finditer(text)]


Checker = Callable[[Path, str], list[str]]
CHECKS: tuple[Checker, ...] = (link_problems, name_problems, history_problems)


def check(page: Path, text: str) -> list[str]:
    """Everything wrong with ``text`` as the page ``page``."""
    return [problem for checker in CHECKS for problem in checker(page, text)]


def report(checker: Checker) -> list[str]:
    """``checker``'s problems on every page, each prefixed with its page."""
    out = []
    for page in PAGES:
        found = checker(page, page.read_text(encoding="utf-8"))
        out += [f"{page.relative_to(ROOT)}: {problem}" for problem in found]
    return out


# --- tests ----------------------------------------------------------------------------


def test_the_pages_are_found() -> None:
    names = {page.relative_to(ROOT).as_posix() for page in PAGES}
    assert {"README.md", "docs/README.md", "docs/architecture.md", "docs/testing.md"} <= names


def test_relative_links_resolve() -> None:
    problems = report(link_problems)
    assert not problems, "\n".join(problems)


def test_named_paths_and_modules_exist() -> None:
    problems = report(name_problems)
    assert not problems, "\n".join(problems)


def test_no_page_speaks_of_the_projects_history() -> None:
    problems = report(history_problems)
    assert not problems, "\n".join(problems)


PLANTED = ROOT / "docs" / "planted.md"  # never written: its text is checked as if it were


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("See [the rules](RULES.md).", []),
        ("See [nothing](NOWHERE.md).", ["link to `NOWHERE.md`: no such file"]),
        ("[group play](RULES.md#group-play)", []),
        ("[x](RULES.md#no-such-heading)", ["RULES.md has no heading `#no-such-heading`"]),
        ("[up](../README.md) ![pic](sample_hand.png) [web](https://example.com/x.md)", []),
        ("# Top\n\n[self](#top) [gone](#bottom)", ["no heading `#bottom` here"]),
        ("Not a link in code: `[x](nowhere)`.", []),
        ("```\n[x](nowhere)\n```", []),
        ("`bot/render/pool.py`, `tests/fakediscord/`, `bot/*/words.py`", []),
        ("`bot/render/nowhere.py`", ["`bot/render/nowhere.py` does not exist"]),
        ("`bot/render/nope*.py`", ["no file matches `bot/render/nope*.py`"]),
        ("run `.venv/bin/python benchmarks/nowhere.py --games 1`", ["`benchmarks/nowhere.py`"]),
        (
            "```sh\n.venv/bin/python -m pytest tests/nowhere/test_x.py::test_y\n```",
            ["`tests/nowhere/test_x.py` does not exist"],
        ),
        ("`pool.py`, `pyproject.toml`, `gin.db`, `.env`", []),
        ("`nowhere_at_all.py`", ["no file is named `nowhere_at_all.py`"]),
        ("`bot.engine.melds`, `bot.service.moves.MoveDesk.play`, `tests.helpers.bot_process`", []),
        ("`bot.engine.nowhere`", ["`bot.engine.nowhere`: bot.engine defines no `nowhere`"]),
        ("`bot.service.moves.MoveDesk.fly`", ["`MoveDesk` has no `fly`"]),
        ("`benchmarks.nowhere`", ["`benchmarks.nowhere`"]),
        ("Fixed in issue #12, this stop.", ["“issue #12”", "“this stop”"]),
        ("Game #12 and thread *Gin #12: Ana v Bo*.", []),
    ],
)
def test_the_checks_catch_planted_mistakes(text: str, expected: list[str]) -> None:
    """The checks above can fail: each planted mistake is reported (and a
    correct page is not)."""
    found = check(PLANTED, text)
    assert len(found) == len(expected), found
    for problem, part in zip(found, expected, strict=True):
        assert part in problem, found
