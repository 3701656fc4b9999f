"""Every text the Discord layer shows a player comes from a catalogue.

The modules of ``bot/discord_ui`` and ``cogs`` place words; the words
modules (:data:`WORDS_MODULES`) look them up in the catalogues, in the
reader's language.  A text written where a message is sent — a string
literal with words in it handed to ``send_message`` / ``edit`` /
``followup.send``, or given as a message's ``content``, a button's
``label``, a menu's ``placeholder`` or an option's ``description``, or as
the words of a refusal (``raise SomeError("…")``) — would reach every
player in English: this test finds it (and shows, on a planted case, that
it would).
"""

from __future__ import annotations

import ast
import builtins
import re
from dataclasses import dataclass
from pathlib import Path

from bot.i18n import DEFAULT, catalogs

ROOT = Path(__file__).resolve().parents[2]
#: Where the words are looked up (and the commands' own English text kept).
WORDS_MODULES = frozenset(
    {
        "bot/discord_ui/text.py",
        "bot/discord_ui/group_text.py",
        "bot/discord_ui/bracket_text.py",
        "bot/discord_ui/settings_text.py",
        "bot/discord_ui/history_text.py",
        "bot/discord_ui/rules_text.py",
        "bot/discord_ui/help_text.py",
        "bot/discord_ui/command_text.py",
        "bot/discord_ui/season_text.py",
        "bot/discord_ui/puzzle_text.py",
        "bot/discord_ui/translator.py",
    }
)
#: Calls that send or edit a message: their first argument is its content.
SENDS = frozenset(
    {"send_message", "send", "edit_message", "edit", "edit_original_response", "reply", "respond"}
)
#: Keywords whose value a player reads, whatever the call.
SHOWN = frozenset({"content", "label", "placeholder", "description"})
#: Two letters in a row: a word (a card, an arrow or a mark is not one).
WORD = re.compile(r"[^\W\d_]{2,}")
#: Python's own exceptions: a programming error's words are for the log, not a player.
BUILTIN_ERRORS = frozenset(
    name for name, value in vars(builtins).items() if isinstance(value, type)
)


@dataclass(frozen=True, slots=True)
class Written:
    """A text written where it is shown."""

    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r}"


def _literal_words(node: ast.expr) -> str | None:
    """The literal text of ``node`` if it has words in it (a string or the
    constant parts of an f-string), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(
            part.value
            for part in node.values
            if isinstance(part, ast.Constant) and isinstance(part.value, str)
        )
    else:
        return None
    if not WORD.search(text) or text in catalogs()[DEFAULT].texts:
        return None  # no words, or a catalogue's key (worded where it is shown)
    return text


def _call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def written(source: str, path: str = "<planted>") -> list[Written]:
    """Every text with words written where a player reads it, in ``source``."""
    found: list[Written] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        shown: list[ast.expr] = [kw.value for kw in node.keywords if kw.arg in SHOWN]
        if name in SENDS and node.args:
            shown.append(node.args[0])
        if name.endswith("Error") and name not in BUILTIN_ERRORS and node.args:  # a refusal
            shown.append(node.args[0])
        for value in shown:
            text = _literal_words(value)
            if text is not None:
                found.append(Written(path, value.lineno, text))
    return sorted(found, key=lambda w: w.line)


def discord_layer() -> list[Path]:
    files = [*(ROOT / "bot" / "discord_ui").glob("*.py"), *(ROOT / "cogs").glob("*.py")]
    return sorted(p for p in files if str(p.relative_to(ROOT)) not in WORDS_MODULES)


def test_no_text_is_written_where_it_is_shown() -> None:
    found = [
        w
        for path in discord_layer()
        for w in written(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not found, "look these words up in a words module:\n" + "\n".join(map(str, found))


def test_the_scan_finds_a_planted_text() -> None:
    planted = """
async def answer(interaction, text, lang, board):
    await interaction.response.send_message("You can't do that here.", ephemeral=True)
    await interaction.followup.send(f"Game #{board.id} is over", ephemeral=True)
    await board.edit(content="Waiting for the next hand…")
    view.add_item(discord.ui.Button(label="Play again"))
    options.append(discord.SelectOption(label=card, description=f"{left} left over"))
    raise SettingsError("Pick a setting from the list.")
    # Looked up, a catalogue's key, no words at all, or a programming error: fine.
    raise SettingsError("ui.settings.no_role")
    raise ValueError("cap must be at least 1")
    await interaction.response.send_message(text.apology(lang), ephemeral=True)
    await board.edit(content=f"{head}\\n{body}", view=None)
    view.add_item(discord.ui.Button(label="?", custom_id=f"gin:a:{board.id}"))
    discord.File(png, filename="board.png", description=text.board_alt(lang))
"""
    found = written(planted)
    assert [w.text for w in found] == [
        "You can't do that here.",
        "Game # is over",
        "Waiting for the next hand…",
        "Play again",
        " left over",
        "Pick a setting from the list.",
    ]
    assert [w.line for w in found] == [3, 4, 5, 6, 7, 8]


def test_every_words_module_exists() -> None:
    """A words module renamed or gone must leave this list too (or the scan
    would quietly skip a file)."""
    for name in WORDS_MODULES:
        assert (ROOT / name).is_file(), name


def test_every_key_the_discord_layer_names_is_in_the_catalogues() -> None:
    """A key written out whole (``"ui.game_over"``, ``"season.podium"``) that no catalogue has would
    fail the first time a player meets it; one built from a prefix
    (``f"ui.level.{level}"``) is checked by the tests of its module."""
    english = catalogs()[DEFAULT].texts
    named = set()
    paths = [
        *(ROOT / "bot" / "discord_ui").glob("*.py"),
        ROOT / "bot" / "service" / "achievement_rules.py",
    ]
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parts = {
            id(part)
            for node in ast.walk(tree)
            if isinstance(node, ast.JoinedStr)
            for part in node.values
        }
        named |= {
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in parts
            and re.fullmatch(r"(ui|season|help)(\.[a-z0-9_]+)+", node.value)
        }
    assert len(named) > 100
    assert sorted(k for k in named if k not in english) == []
