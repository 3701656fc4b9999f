"""Discord's server-side limits, enforced by the fake.

A real Discord answers ``400 Invalid Form Body (50035)`` when a message breaks
these limits; a fake that silently accepted them would let a bot pass its tests
and then fail in production (a 26th select option, a 2001-character hand
listing, a duplicate custom_id…).  Only documented limits are checked, and
only ones that are cheap to check exactly, so a valid message is never rejected.
"""

from __future__ import annotations

from typing import Any

from .payloads import COMPONENT_ACTION_ROW, COMPONENT_BUTTON, SELECT_TYPES

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ACTION_ROWS = 5
MAX_V2_COMPONENTS = 40
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_CHOICES = 25
MAX_FILES = 10


def _embed_errors(embeds: list[dict[str, Any]]) -> list[str]:
    errors: list[str] = []
    if len(embeds) > MAX_EMBEDS:
        errors.append(f"embeds: {len(embeds)} > {MAX_EMBEDS}")
    total = 0
    for i, embed in enumerate(embeds):
        limits = {"title": 256, "description": 4096}
        for key, limit in limits.items():
            text = embed.get(key) or ""
            total += len(text)
            if len(text) > limit:
                errors.append(f"embeds[{i}].{key}: length {len(text)} > {limit}")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.append(f"embeds[{i}].fields: {len(fields)} > 25")
        for j, fld in enumerate(fields):
            name, value = str(fld.get("name", "")), str(fld.get("value", ""))
            total += len(name) + len(value)
            if not name or len(name) > 256:
                errors.append(f"embeds[{i}].fields[{j}].name: length must be 1..256")
            if not value or len(value) > 1024:
                errors.append(f"embeds[{i}].fields[{j}].value: length must be 1..1024")
        footer = (embed.get("footer") or {}).get("text") or ""
        author = (embed.get("author") or {}).get("name") or ""
        total += len(footer) + len(author)
        if len(footer) > 2048:
            errors.append(f"embeds[{i}].footer.text: length {len(footer)} > 2048")
        if len(author) > 256:
            errors.append(f"embeds[{i}].author.name: length {len(author)} > 256")
    if total > MAX_EMBED_TOTAL:
        errors.append(f"embeds: total text {total} > {MAX_EMBED_TOTAL}")
    return errors


def _button_errors(comp: dict[str, Any], where: str) -> list[str]:
    errors: list[str] = []
    style = comp.get("style")
    label = comp.get("label")
    if label is not None and len(label) > MAX_BUTTON_LABEL:
        errors.append(f"{where}.label: length {len(label)} > {MAX_BUTTON_LABEL}")
    if style == 5:
        if not comp.get("url"):
            errors.append(f"{where}: link button needs a url")
        if "custom_id" in comp:
            errors.append(f"{where}: link button cannot have a custom_id")
    elif style == 6:
        if not comp.get("sku_id"):
            errors.append(f"{where}: premium button needs a sku_id")
    else:
        if not comp.get("custom_id"):
            errors.append(f"{where}: button needs a custom_id")
    return errors


def _select_errors(comp: dict[str, Any], where: str) -> list[str]:
    errors: list[str] = []
    placeholder = comp.get("placeholder") or ""
    if len(placeholder) > 150:
        errors.append(f"{where}.placeholder: length {len(placeholder)} > 150")
    min_v = comp.get("min_values", 1)
    max_v = comp.get("max_values", 1)
    if not 0 <= min_v <= 25 or not 1 <= max_v <= 25 or min_v > max_v:
        errors.append(f"{where}: bad min_values/max_values {min_v}/{max_v}")
    if comp.get("type") == 3:
        options = comp.get("options") or []
        if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
            errors.append(f"{where}.options: {len(options)} not in 1..{MAX_SELECT_OPTIONS}")
        if max_v > len(options) and options:
            errors.append(f"{where}: max_values {max_v} > number of options {len(options)}")
        values = [str(o.get("value")) for o in options]
        if len(set(values)) != len(values):
            errors.append(f"{where}.options: duplicate values")
        for k, opt in enumerate(options):
            for key, limit in (("label", 100), ("value", 100), ("description", 100)):
                text = opt.get(key)
                if text is not None and len(str(text)) > limit:
                    errors.append(f"{where}.options[{k}].{key}: length > {limit}")
            if not opt.get("label") or not opt.get("value"):
                errors.append(f"{where}.options[{k}]: label and value are required")
    return errors


def component_errors(components: list[dict[str, Any]], *, v2: bool) -> list[str]:
    """Limits on a message's component tree (classic action rows or v2 layout)."""
    errors: list[str] = []
    if v2:
        total = 0
        stack = list(components)
        while stack:
            comp = stack.pop()
            total += 1
            stack.extend(comp.get("components") or [])
            if isinstance(comp.get("accessory"), dict):
                stack.append(comp["accessory"])
        if total > MAX_V2_COMPONENTS:
            errors.append(f"components: {total} > {MAX_V2_COMPONENTS} in a v2 message")
    else:
        if len(components) > MAX_ACTION_ROWS:
            errors.append(f"components: {len(components)} rows > {MAX_ACTION_ROWS}")
        for r, row in enumerate(components):
            where = f"components[{r}]"
            if row.get("type") != COMPONENT_ACTION_ROW:
                errors.append(f"{where}: top-level component must be an action row (type 1)")
                continue
            children = row.get("components") or []
            buttons = [c for c in children if c.get("type") == COMPONENT_BUTTON]
            selects = [c for c in children if c.get("type") in SELECT_TYPES]
            if not children:
                errors.append(f"{where}: empty action row")
            if len(buttons) > 5:
                errors.append(f"{where}: {len(buttons)} buttons > 5")
            if selects and (len(selects) > 1 or buttons):
                errors.append(f"{where}: a select must be alone in its row")
    seen: set[str] = set()
    stack2 = [(c, f"components[{i}]") for i, c in enumerate(components)]
    while stack2:
        comp, where = stack2.pop()
        for k, child in enumerate(comp.get("components") or []):
            stack2.append((child, f"{where}.components[{k}]"))
        if isinstance(comp.get("accessory"), dict):
            stack2.append((comp["accessory"], f"{where}.accessory"))
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            if not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
                errors.append(f"{where}.custom_id: length {len(custom_id)} not in 1..100")
            if custom_id in seen:
                errors.append(f"{where}.custom_id: duplicate {custom_id!r}")
            seen.add(custom_id)
        if comp.get("type") == COMPONENT_BUTTON:
            errors.extend(_button_errors(comp, where))
        elif comp.get("type") in SELECT_TYPES:
            errors.extend(_select_errors(comp, where))
    return errors


def message_errors(
    *,
    content: str,
    embeds: list[dict[str, Any]],
    components: list[dict[str, Any]],
    flags: int,
    n_attachments: int,
    extra: dict[str, Any],
    v2_flag: int,
) -> list[str]:
    """Validate the *resulting* message (after an edit is applied)."""
    errors: list[str] = []
    v2 = bool(flags & v2_flag)
    if len(content) > MAX_CONTENT:
        errors.append(f"content: length {len(content)} > {MAX_CONTENT}")
    if v2 and (content or embeds or extra.get("poll") or extra.get("sticker_ids")):
        errors.append("IS_COMPONENTS_V2 messages cannot have content, embeds, stickers or polls")
    if n_attachments > MAX_FILES:
        errors.append(f"attachments: {n_attachments} > {MAX_FILES}")
    errors.extend(_embed_errors(embeds))
    errors.extend(component_errors(components, v2=v2))
    return errors


def is_empty_message(
    *,
    content: str,
    embeds: list[Any],
    components: list[Any],
    n_attachments: int,
    extra: dict[str, Any],
) -> bool:
    """Discord's "Cannot send an empty message" (50006) condition."""
    return not (
        content
        or embeds
        or components
        or n_attachments
        or extra.get("poll")
        or extra.get("sticker_ids")
    )


def choice_errors(choices: Any) -> list[str]:
    """Autocomplete result limits: ≤25 choices, name 1..100, string value ≤100."""
    if not isinstance(choices, list):
        return ["choices: must be a list"]
    errors: list[str] = []
    if len(choices) > MAX_CHOICES:
        errors.append(f"choices: {len(choices)} > {MAX_CHOICES}")
    for i, choice in enumerate(choices):
        name = str(choice.get("name", ""))
        if not 1 <= len(name) <= 100:
            errors.append(f"choices[{i}].name: length {len(name)} not in 1..100")
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            errors.append(f"choices[{i}].value: length {len(value)} > 100")
    return errors


def modal_errors(data: dict[str, Any]) -> list[str]:
    """Modal limits: title ≤45, custom_id 1..100, 1..5 top-level components."""
    errors: list[str] = []
    title = data.get("title") or ""
    if not 1 <= len(title) <= 45:
        errors.append(f"title: length {len(title)} not in 1..45")
    custom_id = data.get("custom_id") or ""
    if not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
        errors.append(f"custom_id: length {len(custom_id)} not in 1..100")
    comps = data.get("components") or []
    if not 1 <= len(comps) <= 5:
        errors.append(f"components: {len(comps)} not in 1..5")
    return errors


def command_errors(cmds: list[dict[str, Any]]) -> list[str]:
    """Bulk-overwrite limits: names, descriptions, option counts and order.

    A bot whose command tree Discord rejects fails at startup in production
    (``CommandSyncFailure``); the fake rejects it the same way.
    """
    problems: list[str] = []
    seen: set[tuple[int, str]] = set()
    if len(cmds) > 100:
        problems.append(f"{len(cmds)} commands > 100")

    def check_name(name: str, where: str, ctype: int) -> None:
        ok = 1 <= len(name) <= 32
        if ctype == 1:
            ok = ok and name == name.lower() and all(c.isalnum() or c in "-_'" for c in name)
        if not ok:
            problems.append(f"{where}: invalid name {name!r}")

    def check_options(opts: list[dict[str, Any]], where: str) -> None:
        if len(opts) > 25:
            problems.append(f"{where}: {len(opts)} options > 25")
        names = [o.get("name", "") for o in opts]
        if len(set(names)) != len(names):
            problems.append(f"{where}: duplicate option names {names}")
        optional_seen = False
        for o in opts:
            ow = f"{where}.{o.get('name')}"
            check_name(str(o.get("name", "")), ow, 1)
            desc = o.get("description") or ""
            if not 1 <= len(desc) <= 100:
                problems.append(f"{ow}: description length {len(desc)} not in 1..100")
            if len(o.get("choices") or []) > 25:
                problems.append(f"{ow}: more than 25 choices")
            if o.get("type") in (1, 2):
                check_options(list(o.get("options") or []), ow)
                continue
            if o.get("required"):
                if optional_seen:
                    problems.append(f"{ow}: required option after an optional one")
            else:
                optional_seen = True

    for cmd in cmds:
        ctype = int(cmd.get("type", 1))
        name = str(cmd.get("name", ""))
        check_name(name, f"command {name!r}", ctype)
        if (ctype, name) in seen:
            problems.append(f"duplicate command {name!r}")
        seen.add((ctype, name))
        if ctype == 1:
            desc = cmd.get("description") or ""
            if not 1 <= len(desc) <= 100:
                problems.append(f"/{name}: description length {len(desc)} not in 1..100")
            check_options(list(cmd.get("options") or []), f"/{name}")
    return problems
