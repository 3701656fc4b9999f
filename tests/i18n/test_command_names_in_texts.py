"""Slash commands named inside texts: a text that tells the player to type
``/gin challenge`` names the command as Discord lists it to that player, in
the language of the text (``/gin desafiar``, ``/ginadmin ajustes
ajuste:temporada``): the command, subcommand and option names of that
language's ``cmd.po``, or the English one where the language has none (or one
Discord would refuse), since that is what Discord shows then
(docs/languages.md).  Every text of every catalogue part is checked, each
plural form, English included."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache

import pytest

from bot.discord_ui.translator import valid_name
from bot.i18n import DEFAULT, Lang, catalogs

#: The top-level commands (groups of subcommands).
ROOTS = ("gin", "ginadmin")

#: ``/gin`` or ``/ginadmin`` as a word of its own (not ``/ginger``, not part of a path).
ROOT = re.compile(r"(?<![\w/])/(" + "|".join(ROOTS) + r")(?![-\w])")
#: The next word after a command: a name (``torneo``), or an option with its value (``game:12``).
WORD = re.compile(r"[ \u00a0]+([-\w]+)(:?)")
#: An option's value: anything up to the next space.
VALUE = re.compile(r"\S*")


@dataclass(frozen=True, slots=True)
class Names:
    """One language's command tree as Discord shows it to that language's
    players: each path (``gin.tournament.show``, ``gin.replay.game``) →
    its name there."""

    shown: Mapping[str, str]

    def children(self, path: str) -> dict[str, str]:
        """The names of the subcommands or options under ``path`` → their paths."""
        depth = path.count(".") + 1
        return {
            name: child
            for child, name in self.shown.items()
            if child.startswith(path + ".") and child.count(".") == depth
        }


@cache
def names(lang: Lang) -> Names:
    """``lang``'s names of every command, subcommand and option: the paths are
    the English catalogue's ``cmd.<path>.name`` keys (``en/cmd.po`` is
    written from the commands the bot syncs); a name is the translator's (lower
    case), or English where it has none Discord would accept."""
    english, theirs = catalogs()[DEFAULT].texts, catalogs()[lang].texts
    shown: dict[str, str] = {}
    for key, value in english.items():
        path = key.removeprefix("cmd.").removesuffix(".name")
        if not key.endswith(".name") or path.split(".")[0] not in ROOTS:
            continue
        assert isinstance(value, str), key
        found = theirs.get(key)
        name = found.lower() if isinstance(found, str) else ""
        shown[path] = name if valid_name(name) else value
    return Names(shown)


def _forms(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


def _known_elsewhere(word: str, path: str) -> str | None:
    """The path under ``path`` that ``word`` names in any language (``show``
    is ``gin.tournament.show`` in English), else ``None``."""
    for other in Lang:
        found = names(other).children(path).get(word)
        if found is not None:
            return found
    return None


def _wrong(lang: Lang, path: str, word: str, what: str) -> str:
    meant = _known_elsewhere(word, path)
    hint = f" (say {names(lang).shown[meant]!r})" if meant else ""
    return f"{what} {word!r} is not one of {lang.value}'s names here{hint}"


def mention_problems(lang: Lang, text: str) -> Iterator[str]:
    """What is wrong with each ``/gin …`` or ``/ginadmin …`` that ``text``
    names, for a player of ``lang``: a command, subcommand or option name
    that is not ``lang``'s (the English one, another language's, a typo)."""
    tree = names(lang)
    for mention in ROOT.finditer(text):
        path, pos, options = mention.group(1), mention.end(), False
        first = True
        while (word := WORD.match(text, pos)) is not None:
            name, is_option = word.group(1), bool(word.group(2))
            kids = tree.children(path)
            if is_option:  # an option: its value follows, then maybe more options
                options = True
                if name not in kids:
                    yield _wrong(lang, path, name, f"/{path.replace('.', ' ')}: option")
                value = VALUE.match(text, word.end())
                assert value is not None  # it matches nothing at worst
                pos = value.end()
                continue
            if options or not kids:
                break  # the words after the command are the sentence's
            if name in kids:
                path, pos, first = kids[name], word.end(), False
                continue
            meant = _known_elsewhere(name, path)
            if first or meant is not None:
                # The command itself, or a subcommand named in another language.
                yield _wrong(lang, path, name, f"/{path.replace('.', ' ')}:")
            if meant is None:
                break
            path, pos, first = meant, word.end(), False  # its options are checked too


def catalogue_problems(lang: Lang) -> list[str]:
    """Every mention in ``lang``'s texts (each plural form) that names a
    command, subcommand or option other than as ``lang`` lists it."""
    found = []
    for key, value in sorted(catalogs()[lang].texts.items()):
        for form in _forms(value):
            found += [f"{lang.value}: {key}: {p}" for p in mention_problems(lang, form)]
    return found


@pytest.mark.parametrize("lang", list(Lang))
def test_texts_name_the_commands_as_the_language_lists_them(lang: Lang) -> None:
    assert catalogue_problems(lang) == []


def test_the_check_finds_english_and_foreign_names() -> None:
    # Spanish players see /gin desafiar, /gin torneo ver, /gin repetición partida:…
    assert names(Lang.ES).shown["gin.challenge"] == "desafiar"
    good = "Empieza con /gin desafiar rival:@amigo o mira /gin torneo ver."
    assert list(mention_problems(Lang.ES, good)) == []
    assert list(mention_problems(Lang.ES, "/gin challenge.")) == [
        "/gin: 'challenge' is not one of es's names here (say 'desafiar')"
    ]
    assert list(mention_problems(Lang.ES, "Mira /gin torneo show.")) == [
        "/gin tournament: 'show' is not one of es's names here (say 'ver')"
    ]
    replay = names(Lang.ES).shown["gin.replay"]
    assert list(mention_problems(Lang.ES, f"/gin {replay} game:<número>")) == [
        f"/gin replay: option 'game' is not one of es's names here "
        f"(say {names(Lang.ES).shown['gin.replay.game']!r})"
    ]
    # A German name in a French text, and a name no language has.
    assert list(mention_problems(Lang.FR, "/gin herausfordern")) == [
        "/gin: 'herausfordern' is not one of fr's names here (say 'défier')"
    ]
    assert list(mention_problems(Lang.EN, "/ginadmin settings nope:1")) == [
        "/ginadmin settings: option 'nope' is not one of en's names here"
    ]
    # The words after a command are the sentence's; /ginger is no command.
    assert list(mention_problems(Lang.DE, "Fordere mit /gin herausfordern an.")) == []
    assert list(mention_problems(Lang.EN, "a /ginger ale")) == []
