"""Input at the edge: every id, option and menu value a client sends is
checked here before anything reads the database.

Discord's own client only sends what it was offered — ids the bot wrote into
its buttons, options within their declared ranges, values of the menu, clicks
on messages sent to the clicker — but the bot must not depend on that: a
modified or stale client can send anything.  An id past the database's 64-bit
integers used to end in "something went wrong" and a traceback, and a click
on a hand message sent to someone else overwrote that message.  What is
refused here is refused in the player's words (:class:`InputError`, a
:class:`~bot.service.ServiceError`), so the answer is ephemeral, nothing
changes and nothing is logged above INFO.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.i18n import Lang, lang_of
from bot.service import ServiceError

from . import text

#: The largest id the database stores (SQLite INTEGER, PostgreSQL BIGINT).
MAX_ID = 2**63 - 1
#: Discord's bounds for an integer option without a declared range.
MAX_INTEGER_OPTION = 2**53 - 1
#: Discord's limit on a string option.
MAX_STRING_OPTION = 6000
#: How much of a bad value a refusal quotes.
QUOTE = 20

#: Where Discord puts what an option of each type names (``resolved``).
_RESOLVED = {
    discord.AppCommandOptionType.user: ("users",),
    discord.AppCommandOptionType.channel: ("channels",),
    discord.AppCommandOptionType.role: ("roles",),
    discord.AppCommandOptionType.mentionable: ("users", "roles"),
    discord.AppCommandOptionType.attachment: ("attachments",),
}


class InputError(ServiceError):
    """A request no real client sends: a forged id, an option outside its
    declared range, a value the menu never offered."""


def parse_id(text: str) -> int | None:
    """``text`` as one of our ids (1 … :data:`MAX_ID`, ASCII digits, no
    leading zero — exactly how we write them), else ``None``.

    The length is checked before ``int()``, which refuses over 4,300 digits
    with an exception, and ASCII is required because ``\\d`` and ``int()``
    also accept other scripts' digits ("١٢" is 12)."""
    if not 0 < len(text) <= 19 or not (text.isascii() and text.isdigit()) or text[0] == "0":
        return None
    value = int(text)
    return value if value <= MAX_ID else None


def quote(value: object) -> str:
    """A short, single-line rendering of a bad value for a refusal."""
    shown = " ".join(str(value).split())
    return shown if len(shown) <= QUOTE else shown[: QUOTE - 1] + "…"


# --- messages a component sits on --------------------------------------------------


def sent_to_presser(interaction: discord.Interaction) -> bool:
    """Whether the ephemeral message the component sits on was sent to the
    user pressing it (its interaction metadata names them).  Only they can see
    it, so only they may use it, and only then may the answer replace it."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        return False
    meta = message.interaction_metadata
    return meta is not None and meta.user.id == interaction.user.id


def foreign_ephemeral(interaction: discord.Interaction) -> bool:
    """A component on an ephemeral message that was sent to someone else."""
    message = interaction.message
    return message is not None and message.flags.ephemeral and not sent_to_presser(interaction)


def _components(items: Sequence[Any]) -> Iterator[Any]:
    for item in items:
        yield item
        yield from _components(getattr(item, "children", None) or [])
        accessory = getattr(item, "accessory", None)
        if accessory is not None:
            yield accessory


def carries(message: discord.Message | None, component_type: int, custom_id: str) -> bool:
    """Whether ``message`` has the component (type and custom_id) a click names —
    discord.py only runs an item that is there."""
    if message is None:
        return False
    return any(
        getattr(c, "custom_id", None) == custom_id and int(c.type.value) == component_type
        for c in _components(message.components)
    )


def claims(interaction: discord.Interaction, items: Sequence[type[Any]]) -> bool:
    """Whether one of ``items`` (:class:`discord.ui.DynamicItem` classes) will
    run for this click — a template matches and the message carries the
    component — so that nobody else answers it."""
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    kind = data.get("component_type")
    return (
        interaction.type is discord.InteractionType.component
        and isinstance(kind, int)
        and any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in items)
        and carries(interaction.message, kind, custom_id)
    )


# --- slash command options ---------------------------------------------------------


def _leaf_options(options: Sequence[Mapping[str, Any]]) -> Sequence[Mapping[str, Any]]:
    """The options of the subcommand that runs (below its group and name)."""
    for option in options:
        if option.get("type") in (1, 2):
            return _leaf_options(option.get("options") or [])
    return options


def _number_problem(lang: Lang, param: app_commands.Parameter, value: Any) -> str | None:
    integer = param.type is discord.AppCommandOptionType.integer
    if isinstance(value, bool) or not isinstance(value, int | float):
        return text.not_a_number(lang, param.display_name)
    if integer and not isinstance(value, int):
        return text.not_whole(lang, param.display_name)
    if not math.isfinite(value):
        return text.not_a_number(lang, param.display_name)
    low = param.min_value if param.min_value is not None else -MAX_INTEGER_OPTION
    high = param.max_value if param.max_value is not None else MAX_INTEGER_OPTION
    if not low <= value <= high:
        return text.out_of_range(lang, param.display_name, low, high)
    return None


def _string_problem(lang: Lang, param: app_commands.Parameter, value: Any) -> str | None:
    if not isinstance(value, str):
        return text.not_text(lang, param.display_name)
    low = int(param.min_value) if param.min_value is not None else 0
    high = int(param.max_value) if param.max_value is not None else MAX_STRING_OPTION
    if not low <= len(value) <= high:
        return text.wrong_length(lang, param.display_name, low, high)
    return None


def _value_problem(
    lang: Lang, param: app_commands.Parameter, value: Any, resolved: Mapping[str, Any]
) -> str | None:
    kind = param.type
    if param.choices:
        if isinstance(value, bool) or value not in [c.value for c in param.choices]:
            names = ", ".join(c.name for c in param.choices[:10])
            return text.not_a_choice(lang, quote(value), param.display_name, names)
        return None
    if kind in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
        return _number_problem(lang, param, value)
    if kind is discord.AppCommandOptionType.string:
        return _string_problem(lang, param, value)
    if kind is discord.AppCommandOptionType.boolean:
        return None if isinstance(value, bool) else text.not_true_false(lang, param.display_name)
    if kind in _RESOLVED and not (
        isinstance(value, str)
        and parse_id(value) is not None
        and any(value in (resolved.get(key) or {}) for key in _RESOLVED[kind])
    ):
        return text.not_from_list(lang, param.display_name)
    return None


def option_problem(interaction: discord.Interaction) -> str | None:
    """What is wrong with a slash command's options, in the player's words,
    or ``None``: each must be one of the command's parameters, of its type and
    within its declared range or choices (Discord's bounds when none is
    declared), and every required one must be there.  Discord's client
    enforces all of it; a forged request is refused here instead of reaching
    the service (an integer past 64 bits) or a reply (a 6,000-character echo)."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return None  # unknown commands are the tree's CommandNotFound
    lang = lang_of(interaction.locale.value)  # a refusal is private: the user's language
    data: Mapping[str, Any] = interaction.data or {}
    resolved: Mapping[str, Any] = data.get("resolved") or {}
    params = {p.display_name: p for p in command.parameters}
    given: set[str] = set()
    for option in _leaf_options(data.get("options") or []):
        name = str(option.get("name"))
        param = params.get(name)
        if param is None:
            return text.no_such_option(lang, command.qualified_name, quote(name))
        if name in given:
            return text.given_twice(lang, name)
        given.add(name)
        problem = _value_problem(lang, param, option.get("value"), resolved)
        if problem is not None:
            return problem
    for param in command.parameters:
        if param.required and param.display_name not in given:
            return text.option_needed(lang, command.qualified_name, param.display_name)
    return None


def autocomplete_offered(interaction: discord.Interaction) -> bool:
    """Whether an autocomplete request is for one focused option that has
    suggestions (the only kind Discord sends); discord.py would log any other
    as an error and leave the player's menu empty."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return False
    data: Mapping[str, Any] = interaction.data or {}
    focused = [o for o in _leaf_options(data.get("options") or []) if o.get("focused")]
    if len(focused) != 1 or not isinstance(focused[0].get("value"), str):
        return False  # Discord sends what is typed so far, as text
    if len(focused[0]["value"]) > MAX_STRING_OPTION:
        return False
    name = focused[0].get("name")
    return any(p.display_name == name and p.autocomplete for p in command.parameters)
