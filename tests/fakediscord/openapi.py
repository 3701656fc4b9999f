"""Every REST request the bot makes, checked against Discord's own OpenAPI spec.

Real Discord is stricter than a hand-written fake.  ``tests/data/discord-openapi.json``
is Discord's published OpenAPI 3.1 description of API v10 (discord/discord-api-spec,
commit 74fda0f, MIT: ``tests/data/discord-openapi.LICENSE``), copied into the
repository so nothing outside it is read.  :func:`check_request` matches a request
to the spec's path template (literal segments before ``{parameters}``, as OpenAPI
prescribes), refuses a route or method the spec does not have, and validates

* path and query parameters against their schemas (``limit`` ranges, snowflakes),
* the JSON body, or for ``multipart/form-data`` uploads the ``payload_json`` part,
  against the operation's ``requestBody`` schema with JSON Schema draft 2020-12
  (OpenAPI 3.1's dialect), resolving ``$ref`` into the spec.

The spec describes a multipart body as one object schema whose properties are the
JSON fields *plus* ``files[0]``…``files[9]`` (``allOf: [MessageCreateRequest,
{files[n]: binary}]``).  Discord reads the JSON fields from ``payload_json``, so that
object is validated against the multipart schema; the file parts are not JSON and
their limits (count, size, alt text) stay with the handlers.

The spec loads once per process (about 10 ms); a validator is built the first time
its route and method are seen and then reused, so a request costs a dict walk and one
schema validation.  Limits the spec does not encode (five action rows, a select
alone in its row, unique custom ids, autocomplete values ≤ 100…) are still checked
by :mod:`.validation` in the handlers.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from jsonschema import Draft202012Validator
from jsonschema import validators as jsonschema_validators
from jsonschema.exceptions import ValidationError

SPEC_FILE = Path(__file__).resolve().parent.parent / "data" / "discord-openapi.json"
_MAX_PROBLEMS = 20

# ---------------------------------------------------------------------------
# Where Discord's documentation is stricter than its spec, the documentation
# wins.  (JSON pointer into the spec, keyword, documented value, why.)  Never
# loosen a limit here: a message Discord refuses must be refused by the fake.
# ---------------------------------------------------------------------------
DOC_OVERRIDES: tuple[tuple[str, str, Any, str], ...] = (
    # The spec says 4000 (the Nitro limit for user accounts); the documented
    # limit for bots creating or editing a channel message is 2000 characters.
    (
        "/components/schemas/MessageCreateRequest/properties/content",
        "maxLength",
        2000,
        "Create Message: content is up to 2000 characters",
    ),
    (
        "/components/schemas/MessageEditRequestPartial/properties/content",
        "maxLength",
        2000,
        "Edit Message: content is up to 2000 characters",
    ),
    (
        "/components/schemas/BaseCreateMessageCreateRequest/properties/content",
        "maxLength",
        2000,
        "a forum thread's first message: content is up to 2000 characters",
    ),
)

# ---------------------------------------------------------------------------
# Where the spec is narrower than what Discord accepts and the unmodified
# discord.py sends.  Each is as narrow as possible.
# ---------------------------------------------------------------------------
SPEC_ALLOWANCES: tuple[tuple[str, Any, str], ...] = (
    # The spec types every snowflake as a decimal *string*.  Discord returns
    # snowflakes as strings but accepts JSON integers for them in requests,
    # and discord.py sends integers: ``recipient_id`` (open a DM),
    # ``allowed_mentions.users``/``roles``, ``message_reference.message_id``,
    # and the upload index as ``attachments[].id`` (``File.to_dict`` sends
    # ``{"id": 0, ...}`` for ``files[0]``).  So a snowflake may also be an
    # integer in 0..2**64-1; strings must still be decimal digits.
    (
        "/components/schemas/SnowflakeType",
        {
            "type": ["string", "integer"],
            "pattern": "^(0|[1-9][0-9]*)$",
            "minimum": 0,
            "maximum": 2**64 - 1,
            "format": "snowflake",
        },
        "Discord accepts integer snowflakes; discord.py sends them",
    ),
)


def _pointer_get(doc: Any, pointer: str) -> Any:
    node = doc
    for part in pointer.split("/")[1:]:
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def _pointer_set(doc: Any, pointer: str, value: Any) -> None:
    parent_ptr, _, last = pointer.rpartition("/")
    _pointer_get(doc, parent_ptr)[last.replace("~1", "/").replace("~0", "~")] = value


@functools.cache
def load_spec() -> dict[str, Any]:
    """The spec with :data:`DOC_OVERRIDES` and :data:`SPEC_ALLOWANCES` applied (cached)."""
    text = SPEC_FILE.read_text(encoding="utf-8")
    # _ref resolves every reference as a JSON pointer into this one document
    for keyword in ('"$id"', '"$anchor"', '"$dynamicRef"', '"$dynamicAnchor"'):
        assert keyword not in text, f"the spec now uses {keyword}: revisit _ref"
    assert not re.search(r'"\$ref":\s*"(?!#/)', text), "a non-local $ref: revisit _ref"
    spec: dict[str, Any] = json.loads(text)
    for pointer, keyword, value, _why in DOC_OVERRIDES:
        node = _pointer_get(spec, pointer)
        assert keyword in node, f"override {pointer}/{keyword}: not in the spec any more"
        node[keyword] = value
    for pointer, schema, _why in SPEC_ALLOWANCES:
        _pointer_get(spec, pointer)  # fails loudly if the spec moved it
        _pointer_set(spec, pointer, copy.deepcopy(schema))
    return spec


def _validator(pointer_parts: Iterable[str]) -> Draft202012Validator:
    """A validator for the schema at ``pointer_parts`` in the spec (its
    ``#/components/...`` references resolve into the spec: :func:`_ref`)."""
    node: Any = load_spec()
    for part in pointer_parts:
        node = node[int(part)] if isinstance(node, list) else node[part]
    return _SpecValidator(node)


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    """Follow a top-level local ``$ref`` (enough to read a parameter's type)."""
    seen = 0
    while "$ref" in schema and seen < 10:
        schema = _pointer_get(load_spec(), schema["$ref"].removeprefix("#"))
        seen += 1
    return schema


# ---------------------------------------------------------------------------
# Speed without changing a verdict.  Plain jsonschema spends ~9 ms on a message
# with five rows of components: every ``oneOf`` (seven top-level component
# kinds, six row children, twenty component ``type`` constants) is evaluated in
# full, and every ``$ref`` goes through URI resolution.  Three exact shortcuts:
#
# * a union branch that *cannot* match (its JSON ``type``, ``const`` or
#   ``enum`` excludes the value, or its ``properties.type`` discriminator
#   excludes the value's ``type``) is skipped, and the remaining branches are
#   counted with JSON Schema's own semantics (exactly one for ``oneOf``, at
#   least one for ``anyOf``);
# * whenever that count fails, the stock keyword runs over *all* branches, so
#   an invalid request gets exactly jsonschema's error (and its context);
# * a ``$ref`` is resolved as a JSON pointer into the spec once and cached:
#   every reference in the spec is local (``#/components/...``) and it has no
#   ``$id``/``$anchor``/``$dynamicRef`` to change what one means (checked at
#   load), so this is what a full URI resolution would find.
# ---------------------------------------------------------------------------
_STOCK = Draft202012Validator.VALIDATORS
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "boolean": (bool,),
    "null": (type(None),),
    "array": (list,),
    "object": (dict,),
    "number": (int, float),
    "integer": (int, float),
}


def _has_type(value: Any, name: str) -> bool:
    if not isinstance(value, _JSON_TYPES.get(name, (object,))):
        return False
    if name in ("number", "integer") and isinstance(value, bool):
        return False
    return not (name == "integer" and isinstance(value, float) and not value.is_integer())


@dataclass(frozen=True)
class _Branch:
    types: tuple[str, ...] | None
    values: tuple[Any, ...] | None
    """``const``/``enum``: the only values the branch accepts"""
    discriminator: tuple[Any, ...] | None
    """``properties.type`` ``const``/``enum``: the only ``type`` values it accepts"""

    def excludes(self, value: Any) -> bool:
        """True only when the branch certainly fails (Python ``==`` is looser
        than JSON Schema's equality, 1 == True, so this errs towards checking)."""
        if self.types is not None and not any(_has_type(value, t) for t in self.types):
            return True
        if self.values is not None and all(value != v for v in self.values):
            return True
        if self.discriminator is not None and isinstance(value, dict) and "type" in value:
            return all(value["type"] != v for v in self.discriminator)
        return False


def _allowed(schema: dict[str, Any]) -> tuple[Any, ...] | None:
    if "const" in schema:
        return (schema["const"],)
    if isinstance(schema.get("enum"), list):
        return tuple(schema["enum"])
    return None


_BRANCHES: dict[int, tuple[list[Any], tuple[_Branch, ...]]] = {}


def _branches(union: list[Any]) -> tuple[_Branch, ...]:
    cached = _BRANCHES.get(id(union))
    if cached is not None and cached[0] is union:
        return cached[1]
    out = []
    for sub in union:
        schema = _resolve(sub) if isinstance(sub, dict) else {}
        types = schema.get("type")
        prop = (schema.get("properties") or {}).get("type")
        out.append(
            _Branch(
                types=(types,) if isinstance(types, str) else tuple(types) if types else None,
                values=_allowed(schema),
                discriminator=_allowed(_resolve(prop)) if isinstance(prop, dict) else None,
            )
        )
    _BRANCHES[id(union)] = (union, tuple(out))  # keeps ``union`` alive: ids stay unique
    return _BRANCHES[id(union)][1]


def _passes(validator: Any, instance: Any, schema: Any, index: int) -> bool:
    return next(iter(validator.descend(instance, schema, schema_path=index)), None) is None


def _one_of(validator: Any, union: list[Any], instance: Any, schema: Any) -> Any:
    valid = 0
    for index, branch in enumerate(_branches(union)):
        if not branch.excludes(instance) and _passes(validator, instance, union[index], index):
            valid += 1
    if valid != 1:
        yield from _STOCK["oneOf"](validator, union, instance, schema)


def _any_of(validator: Any, union: list[Any], instance: Any, schema: Any) -> Any:
    for index, branch in enumerate(_branches(union)):
        if not branch.excludes(instance) and _passes(validator, instance, union[index], index):
            return
    yield from _STOCK["anyOf"](validator, union, instance, schema)


_REFS: dict[str, Any] = {}


def _ref(validator: Any, ref: str, instance: Any, schema: Any) -> Any:
    target = _REFS.get(ref)
    if target is None:
        target = _REFS[ref] = _pointer_get(load_spec(), ref[1:])
    yield from validator.descend(instance, target)


_SpecValidator = jsonschema_validators.extend(
    Draft202012Validator, {"oneOf": _one_of, "anyOf": _any_of, "$ref": _ref}
)


# ---------------------------------------------------------------------------
# route matching
# ---------------------------------------------------------------------------
@dataclass
class _Node:
    literal: dict[str, _Node] = field(default_factory=dict)
    param: _Node | None = None
    template: str | None = None


@functools.cache
def _routes() -> _Node:
    root = _Node()
    for template in load_spec()["paths"]:
        node = root
        for seg in template.strip("/").split("/"):
            if seg.startswith("{") and seg.endswith("}"):
                node.param = node.param or _Node()
                node = node.param
            else:
                node = node.literal.setdefault(seg, _Node())
        node.template = template
    return root


def _match(node: _Node, segs: list[str], i: int) -> str | None:
    if i == len(segs):
        return node.template
    child = node.literal.get(segs[i])
    if child is not None:
        found = _match(child, segs, i + 1)
        if found is not None:
            return found
    if node.param is not None and segs[i]:
        return _match(node.param, segs, i + 1)
    return None


def match_route(path: str) -> tuple[str, dict[str, str]] | None:
    """``(template, path parameters)`` for a path relative to ``/api/v10``, or None.

    ``path`` may be percent-encoded (each segment is decoded after splitting).
    Concrete segments win over parameters (``/messages/@original`` before
    ``/messages/{message_id}``), as in OpenAPI and Discord's router.
    """
    segs = [unquote(s) for s in path.strip("/").split("/")]
    template = _match(_routes(), segs, 0)
    if template is None:
        return None
    params = {
        seg[1:-1]: value
        for seg, value in zip(template.strip("/").split("/"), segs, strict=True)
        if seg.startswith("{")
    }
    return template, params


# ---------------------------------------------------------------------------
# operations (built lazily per route + method, then cached)
# ---------------------------------------------------------------------------
_TRUE = frozenset({"true", "True", "1"})
_FALSE = frozenset({"false", "False", "0"})


@dataclass
class _Param:
    name: str
    location: str
    required: bool
    types: frozenset[str]
    validator: Draft202012Validator

    def coerce(self, raw: str) -> Any:
        """A query/path string as Discord's form parser reads it."""
        if "string" in self.types:
            return raw
        if "integer" in self.types:
            try:
                return int(raw)
            except ValueError:
                return raw
        if "number" in self.types:
            try:
                return float(raw)
            except ValueError:
                return raw
        if "boolean" in self.types:
            return True if raw in _TRUE else False if raw in _FALSE else raw
        return raw


@dataclass
class _Operation:
    template: str
    method: str
    params: list[_Param]
    body_required: bool
    body_media: dict[str, list[str]]
    """media type -> JSON pointer parts of its schema"""
    _body_validators: dict[str, Draft202012Validator] = field(default_factory=dict)

    def body_validator(self, multipart: bool) -> Draft202012Validator | None:
        media = "multipart/form-data" if multipart else "application/json"
        if media not in self.body_media:
            media = "application/json" if "application/json" in self.body_media else ""
        if not media:
            return None
        if media not in self._body_validators:
            self._body_validators[media] = _validator(self.body_media[media])
        return self._body_validators[media]


@functools.cache
def _operation(template: str, method: str) -> _Operation | None:
    item = load_spec()["paths"][template]
    op = item.get(method)
    if not isinstance(op, dict):
        return None
    merged: dict[tuple[str, str], tuple[list[str], dict[str, Any]]] = {}
    for where, params in (("", item.get("parameters") or []), (method, op.get("parameters") or [])):
        for i, param in enumerate(params):
            parts = ["paths", template, *([where] if where else []), "parameters", str(i)]
            merged[(param["name"], param["in"])] = (parts, param)
    checks: list[_Param] = []
    for (name, location), (parts, param) in merged.items():
        if location not in ("path", "query"):
            continue
        schema = _resolve(param.get("schema") or {})
        types = schema.get("type", "string")
        checks.append(
            _Param(
                name=name,
                location=location,
                required=bool(param.get("required")) or location == "path",
                types=frozenset([types] if isinstance(types, str) else types),
                validator=_validator([*parts, "schema"]),
            )
        )
    body = op.get("requestBody") or {}
    media = {
        mtype: ["paths", template, method, "requestBody", "content", mtype, "schema"]
        for mtype, content in (body.get("content") or {}).items()
        if "schema" in content
    }
    return _Operation(
        template=template,
        method=method,
        params=checks,
        body_required=bool(body.get("required")),
        body_media=media,
    )


# ---------------------------------------------------------------------------
# errors, shaped like Discord's ``Invalid Form Body``
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Problem:
    """One refused field: where, Discord's code and message, and a short summary."""

    where: tuple[str | int, ...]
    code: str
    message: str
    summary: str

    @property
    def dotted(self) -> str:
        return ".".join(str(p) for p in self.where) or "body"


def _type_problem(where: tuple[str | int, ...], value: Any, expected: Any) -> Problem:
    names = [expected] if isinstance(expected, str) else list(expected)
    if "string" in names and "integer" in names:  # a snowflake (see SPEC_ALLOWANCES)
        code, message = "NUMBER_TYPE_COERCE", f'Value "{value}" is not snowflake.'
    elif "integer" in names or "number" in names:
        code, message = "NUMBER_TYPE_COERCE", f'Value "{value}" is not int.'
    elif "boolean" in names:
        code, message = "BOOLEAN_TYPE_COERCE", f'Value "{value}" is not a boolean.'
    elif "array" in names:
        code, message = "BASE_TYPE_BAD_TYPE", "Must be an array."
    elif "object" in names:
        code, message = "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"
    else:
        code, message = "STRING_TYPE_CONVERT", f'Could not interpret "{value}" as string.'
    return Problem(where, code, message, f"{type(value).__name__} is not {'/'.join(names)}")


def _choices(values: Iterable[Any]) -> str:
    return "(" + ", ".join(json.dumps(v) for v in values) + ")"


def _is_discriminator_miss(err: ValidationError) -> bool:
    """Does this branch error say "this is not the branch for that value"?"""
    rel = list(err.relative_path)
    if not rel and err.validator == "type":
        return True  # e.g. the ``null`` branch of a nullable ``oneOf``
    return rel == ["type"] and err.validator in ("enum", "const", "allOf", "oneOf")


def _problems_of(err: ValidationError, prefix: tuple[str | int, ...]) -> list[Problem]:
    where = prefix + tuple(err.absolute_path)
    value, limit = err.instance, err.validator_value
    kw = err.validator
    if kw in ("oneOf", "anyOf"):
        branches: dict[int, list[ValidationError]] = {}
        for sub in err.context or []:
            branches.setdefault(int(sub.relative_schema_path[0]), []).append(sub)
        if not branches:  # valid under several oneOf branches
            return [Problem(where, "BASE_TYPE_INVALID", "Value is ambiguous.", err.message)]
        subs_all = [sub for subs in branches.values() for sub in subs]
        if all(not sub.relative_path and sub.validator in ("const", "enum") for sub in subs_all):
            # an enumeration spelled as one constant per branch (e.g. archive durations)
            options: list[Any] = []
            for sub in subs_all:
                found = sub.validator_value if sub.validator == "enum" else [sub.validator_value]
                options.extend(v for v in found if v not in options)
            message = f"Value must be one of {_choices(options)}."
            return [Problem(where, "BASE_TYPE_CHOICES", message, f"{value!r} not in {options}")]
        live = [subs for subs in branches.values() if not any(map(_is_discriminator_miss, subs))]
        if live:
            # the branch the value was nearest to: the fewest refused fields
            found = [[p for sub in subs for p in _problems_of(sub, prefix)] for subs in live]
            return min(found, key=len)
        if isinstance(value, dict) and "type" in value:
            allowed: list[Any] = []
            for subs in branches.values():
                for sub in subs:
                    if list(sub.relative_path) == ["type"] and sub.validator in ("enum", "const"):
                        values = (
                            sub.validator_value
                            if sub.validator == "enum"
                            else [sub.validator_value]
                        )
                        allowed.extend(v for v in values if v not in allowed)
            message = f'Value of field "type" must be one of {_choices(allowed)}.'
            return [Problem(where, "UNION_TYPE_CHOICES", message, f"type {value['type']!r}")]
        expected: list[str] = []
        for subs in branches.values():
            for sub in subs:
                if not list(sub.relative_path) and sub.validator == "type":
                    t = sub.validator_value
                    expected.extend([t] if isinstance(t, str) else t)
        return [_type_problem(where, value, expected or ["valid value"])]
    if kw == "required":
        missing = [name for name in limit if isinstance(value, dict) and name not in value]
        return [
            Problem((*where, name), "BASE_TYPE_REQUIRED", "This field is required", "required")
            for name in missing
        ]
    if kw == "maxLength":
        message = f"Must be {limit} or fewer in length."
        return [Problem(where, "BASE_TYPE_MAX_LENGTH", message, f"length {len(value)} > {limit}")]
    if kw == "minLength":
        message = f"Must be {limit} or more in length."
        return [Problem(where, "BASE_TYPE_MIN_LENGTH", message, f"length {len(value)} < {limit}")]
    if kw == "maxItems":
        message = f"Must be {limit} or fewer in length."
        return [Problem(where, "BASE_TYPE_MAX_LENGTH", message, f"{len(value)} items > {limit}")]
    if kw == "minItems":
        message = f"Must be {limit} or more in length."
        return [Problem(where, "BASE_TYPE_MIN_LENGTH", message, f"{len(value)} items < {limit}")]
    if kw == "type":
        return [_type_problem(where, value, limit)]
    if kw in ("enum", "const"):
        options = limit if kw == "enum" else [limit]
        message = f"Value must be one of {_choices(options)}."
        return [Problem(where, "BASE_TYPE_CHOICES", message, f"{value!r} not in {options}")]
    if kw in ("maximum", "exclusiveMaximum"):
        message = f"int value should be less than or equal to {limit}."
        return [Problem(where, "NUMBER_TYPE_MAX", message, f"{value} > {limit}")]
    if kw in ("minimum", "exclusiveMinimum"):
        message = f"int value should be greater than or equal to {limit}."
        return [Problem(where, "NUMBER_TYPE_MIN", message, f"{value} < {limit}")]
    if kw == "pattern":
        message = f'Value "{value}" is not snowflake.'
        if limit != "^(0|[1-9][0-9]*)$":
            message = f'Value "{value}" does not match {limit}.'
        return [Problem(where, "NUMBER_TYPE_COERCE", message, f"{value!r} !~ {limit}")]
    if kw in ("allOf", "not", "if", "then", "else") and err.context:
        out = []
        for sub in err.context:
            out.extend(_problems_of(sub, prefix))
        return out
    return [Problem(where, "BASE_TYPE_INVALID", err.message[:200], err.message[:200])]


def _collect(
    validator: Draft202012Validator, instance: Any, prefix: tuple[str | int, ...]
) -> list[Problem]:
    out: list[Problem] = []
    for err in validator.iter_errors(instance):
        out.extend(_problems_of(err, prefix))
        if len(out) >= _MAX_PROBLEMS:
            break
    return out


# ---------------------------------------------------------------------------
# the check
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """What Discord would say about a request, before any handler runs."""

    template: str | None
    """The spec's path template, e.g. ``/channels/{channel_id}/messages``."""
    route_status: int | None = None
    """404 (no such route in Discord's API) or 405 (no such method on it)."""
    problems: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        return self.route_status is None and not self.problems

    @property
    def route_message(self) -> str:
        return {404: "404: Not Found", 405: "405: Method Not Allowed"}.get(
            self.route_status or 0, ""
        )

    def summary(self) -> list[str]:
        """One line per problem, e.g. ``content: length 2001 > 2000``."""
        return [f"{p.dotted}: {p.summary}" for p in self.problems]

    def errors(self) -> dict[str, Any]:
        """Discord's nested ``errors`` object for a 50035 answer."""
        tree: dict[str, Any] = {}
        for p in self.problems:
            node = tree
            for key in p.where:
                node = node.setdefault(str(key), {})
            node.setdefault("_errors", []).append({"code": p.code, "message": p.message})
        return tree


def check_request(
    method: str,
    path: str,
    query: Mapping[str, str],
    body: Any,
    *,
    multipart: bool = False,
) -> Verdict:
    """Check one request against the spec.

    ``path`` is relative to ``/api/v10`` (percent-encoding allowed), ``query``
    a mapping (an aiohttp ``MultiDictProxy`` works: repeated keys are read with
    ``getall`` for array parameters), ``body`` the parsed JSON body or, for a
    multipart upload, the parsed ``payload_json`` (None when absent).
    """
    matched = match_route(path)
    if matched is None:
        return Verdict(None, 404)
    template, path_params = matched
    op = _operation(template, method.lower())
    if op is None:
        return Verdict(template, 405)
    problems: list[Problem] = []
    for param in op.params:
        source: Mapping[str, str] = path_params if param.location == "path" else query
        if param.name not in source:
            if param.required:
                problems.append(
                    Problem(
                        (param.name,), "BASE_TYPE_REQUIRED", "This field is required", "required"
                    )
                )
            continue
        if "array" in param.types and hasattr(source, "getall"):
            value: Any = [param.coerce(v) for v in source.getall(param.name)]
        else:
            value = param.coerce(source[param.name])
        problems.extend(_collect(param.validator, value, (param.name,)))
    if op.body_media:
        validator = op.body_validator(multipart)
        if validator is not None and (body is not None or op.body_required):
            # Discord parses a missing body (or a missing payload_json) as an empty form.
            problems.extend(_collect(validator, {} if body is None else body, ()))
    return Verdict(template, None, tuple(problems[:_MAX_PROBLEMS]))
