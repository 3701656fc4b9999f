"""No refusal of the engine or the service is written in English where it is
raised: each error a player can see carries the key of its words in
``bot/locales/<language>/err.po`` (and the values of its placeholders), and
the Discord layer words it in the player's language.

The check reads the source (``ast``): every construction of an error class
that derives from ``EngineError`` or ``ServiceError`` in ``bot/engine`` and
``bot/service`` (``raise X(...)``, ``refusal = X(...)``) must name its words
by a key English has — a string literal ``err.…``, or a value that carries a
key (``err.key``, a dict of keys) — never a sentence, an f-string, a sum of
strings or a call that words one (``str(err)``).  The storage's
``DatabaseUnavailableError`` family is keyed by its class (``KEY``): its
argument is a driver's detail for the log.  Every ``err.…`` literal of those
folders must be a key of the English catalogue, so a typo'd key fails here
rather than in front of a player.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from bot.engine import EngineError
from bot.i18n import DEFAULT, catalogs
from bot.service import ServiceError

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("bot/engine", "bot/service")
KEYED: tuple[type[Exception], ...] = (EngineError, ServiceError)
KEY = re.compile(r"err(\.[a-z0-9_]+)+")


@cache
def english_keys() -> frozenset[str]:
    return frozenset(catalogs()[DEFAULT].keys())


def _resolve(node: ast.expr, namespace: Mapping[str, Any]) -> Any:
    """What a ``Name`` or ``a.b`` names in a module's namespace (None if unknown)."""
    if isinstance(node, ast.Name):
        return namespace.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _resolve(node.value, namespace)
        return None if owner is None else getattr(owner, node.attr, None)
    return None


def _is_keyed_error(node: ast.expr, namespace: Mapping[str, Any]) -> bool:
    found = _resolve(node, namespace)
    return isinstance(found, type) and issubclass(found, KEYED)


def _assigned(scope: ast.AST, name: str) -> Iterator[ast.expr]:
    """The values assigned to ``name`` in ``scope`` (a function's body)."""
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                yield node.value
        elif (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == name
            and node.value is not None
        ):
            yield node.value


#: Calls that turn anything into words.
WORDING_CALLS = frozenset({"str", "repr", "format", "join"})


def _returns_words(tree: ast.AST, name: str) -> bool:
    """Whether a function ``name`` of the module returns a sentence (a string
    literal that is not a key, an f-string, strings joined together)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name:
            for ret in ast.walk(node):
                value = ret.value if isinstance(ret, ast.Return) else None
                if isinstance(value, ast.JoinedStr | ast.BinOp) or (
                    isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                    and KEY.fullmatch(value.value) is None
                ):
                    return True
    return False


def _words(
    arg: ast.expr, scope: ast.AST, namespace: Mapping[str, Any], tree: ast.AST
) -> str | None:
    """Why ``arg`` (an error's first argument) is words rather than a key, or
    None (``scope``: the function it is in; ``tree``: its module)."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        if KEY.fullmatch(arg.value) is None:
            return f"the sentence {arg.value!r}"
        return None  # a key: whether English has it is checked for every literal
    if isinstance(arg, ast.JoinedStr):
        return "an f-string"
    if isinstance(arg, ast.BinOp):
        return "strings joined together"
    if isinstance(arg, ast.Call):
        func = arg.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in WORDING_CALLS or _returns_words(tree, name):
            return f"words made by a call ({ast.unparse(arg)})"
        return None
    if isinstance(arg, ast.IfExp):
        return _words(arg.body, scope, namespace, tree) or _words(
            arg.orelse, scope, namespace, tree
        )
    if isinstance(arg, ast.Name):
        if isinstance(namespace.get(arg.id), str) and not KEY.fullmatch(namespace[arg.id]):
            return f"the module's sentence {arg.id}"
        for value in _assigned(scope, arg.id):
            why = _words(value, scope, namespace, tree)
            if why is not None:
                return f"{arg.id}, {why}"
    return None


def inline_words(code: str | ast.Module, namespace: Mapping[str, Any], where: str) -> list[str]:
    """Each construction of a keyed error in ``code`` given words instead of
    a key (``namespace``: the module's names, to tell which calls are errors)."""
    tree = code if isinstance(code, ast.Module) else ast.parse(code)
    # Each error call with the innermost function around it (whose assignments
    # say what a name holds); ast.walk goes outside in, so inner ones win.
    scope_of: dict[int, tuple[ast.Call, ast.AST]] = {}
    for scope in ast.walk(tree):
        if scope is tree or isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(scope):
                if isinstance(node, ast.Call) and _is_keyed_error(node.func, namespace):
                    scope_of[id(node)] = (node, scope)
    found = []
    for call, scope in sorted(scope_of.values(), key=lambda cs: cs[0].lineno):
        if not call.args:
            found.append(f"{where}:{call.lineno}: {ast.unparse(call.func)}() names no key")
            continue
        why = _words(call.args[0], scope, namespace, tree)
        if why is not None:
            found.append(f"{where}:{call.lineno}: {ast.unparse(call.func)} is given {why}")
    return found


def unknown_keys(code: str | ast.Module, where: str) -> list[str]:
    """Each ``err.…`` string literal of ``source`` English lacks (an f-string
    that builds a key must at least start one)."""
    keys = english_keys()
    found = []
    for node in ast.walk(code if isinstance(code, ast.Module) else ast.parse(code)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if KEY.fullmatch(node.value) and node.value not in keys:
                found.append(f"{where}:{node.lineno}: {node.value}")
        elif isinstance(node, ast.JoinedStr) and node.values:
            head = node.values[0]
            if (
                isinstance(head, ast.Constant)
                and isinstance(head.value, str)
                and head.value.startswith("err.")
                and not any(k.startswith(head.value) for k in keys)
            ):
                found.append(f"{where}:{node.lineno}: {head.value}…")
    return found


@cache
def modules() -> tuple[tuple[str, ModuleType, ast.Module], ...]:
    """(path, module, parsed source) of every module of the engine and the service."""
    found = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).glob("*.py")):
            if path.name == "__main__.py":
                continue
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found.append(
                (
                    str(path.relative_to(ROOT)),
                    importlib.import_module(name),
                    ast.parse(path.read_text()),
                )
            )
    return tuple(found)


def test_no_refusal_is_raised_in_words() -> None:
    found = []
    for where, module, tree in modules():
        found += inline_words(tree, vars(module), where)
    assert found == []


def test_every_key_named_is_in_the_english_catalogue() -> None:
    found = []
    for where, _, tree in modules():
        found += unknown_keys(tree, where)
    assert found == []


PLANTED = """
def sentence():
    raise ChallengeError("You can't challenge yourself.")

def formatted(name):
    raise errors.StateError(f"Saved game is damaged: {name}")

def kept_aside(name):
    message = f"{name} is already in a game."
    raise AlreadyInGameError(message, game_id=1)

def worded_by_a_call(err):
    raise SettingsError(str(err))

def joined(name):
    raise ChallengeError("Only " + name + " can accept this challenge.")

def chosen(team):
    raise ChallengeError("err.table.team_full" if team else "That table is full.")

def keyed(err, team, keys, status):
    raise ChallengeError("err.challenge.yourself")
    raise errors.StateError("err.state.damaged", detail="x")
    raise MoveRejectedError.of(err)
    raise ChallengeError(err.key, **err.params)
    raise ChallengeError("err.table.team_full" if team else "err.table.full")
    raise ChallengeError(keys[status])
    raise ValueError("a caller's bug: not a refusal")

def wording_function(game_id):
    raise NoSuchGameError(no_such_game(game_id))

def no_such_game(game_id):
    return f"There's no game #{game_id}."

def typo():
    raise ChallengeError("err.challenge.yourselff")
"""


def test_the_check_finds_words_where_a_key_belongs() -> None:
    from bot.engine import errors
    from bot.service.errors import (
        AlreadyInGameError,
        ChallengeError,
        MoveRejectedError,
        NoSuchGameError,
        SettingsError,
    )

    namespace = {
        "errors": errors,
        "AlreadyInGameError": AlreadyInGameError,
        "ChallengeError": ChallengeError,
        "MoveRejectedError": MoveRejectedError,
        "NoSuchGameError": NoSuchGameError,
        "SettingsError": SettingsError,
    }
    found = inline_words(PLANTED, namespace, "planted")
    lines = [int(f.split(":")[1]) for f in found]
    assert lines == [3, 6, 10, 13, 16, 19, 31], found
    assert "the sentence" in found[0] and "f-string" in found[1] and "message" in found[2]
    assert unknown_keys(PLANTED, "planted") == ["planted:37: err.challenge.yourselff"]
