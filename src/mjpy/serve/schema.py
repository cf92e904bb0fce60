"""The request schemas of ``mjpy serve``: one per endpoint, as data, read by the validator and the OpenAPI
description alike (one source: a field documented is a field checked).

>>> req = validate("/analyze", {"hand": "2233445566778p"})
>>> req["hand"], req["jokers"]
('2233445566778p', 0)
>>> validate("/analyze", {"hand": 5})
Traceback (most recent call last):
...
mjpy.serve.schema.SchemaError: /analyze: field 'hand' must be a tile string (MPSZ or Chinese) or 34 counts, got int

A :class:`SchemaError` is a valid JSON of the wrong shape (HTTP 422); what the library refuses in a
well-shaped request (a fifth copy, an unknown rule set) is its own ``ValueError`` (HTTP 400).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional, Tuple

__all__ = ["Field", "SchemaError", "ENDPOINTS", "validate", "from_query", "openapi"]


class SchemaError(ValueError):
    """A request that is valid JSON but not of the endpoint's shape (HTTP 422)."""


@dataclass(frozen=True)
class Field:
    """One request field: ``kind`` is a key of :data:`KINDS`; ``default`` is used when the field is absent."""

    name: str
    kind: str
    doc: str
    default: Any = None
    required: bool = False
    enum: Tuple[str, ...] = ()


def _type_name(v) -> str:
    if v is None:
        return "null"
    return {bool: "boolean", int: "int", float: "number", str: "string", list: "array", dict: "object"}.get(
        type(v), type(v).__name__)


def _is_int(v) -> bool:
    return type(v) is int


def _check_bool(v):
    return v if type(v) is bool else None


def _check_int(v):
    return v if _is_int(v) else None


def _check_str(v):
    return v if type(v) is str else None


def _check_optional_str(v):
    return v if v is None or type(v) is str else None


def _check_object(v):
    return v if v is None or type(v) is dict else None


def _check_hand(v):
    """A notation string, or 34 integer counts (passed on as a list; the library checks 0-4)."""
    if type(v) is str:
        return v
    if type(v) is list and len(v) == 34 and all(_is_int(x) for x in v):
        return v
    return None


def _check_tiles(v):
    """A tile string (``"5z"``, ``"5z,6z"``), a list of tile names / indices, or null."""
    if v is None or type(v) is str:
        return v
    if type(v) is list and all(type(x) is str or _is_int(x) for x in v):
        return v
    return None


def _check_melds(v):
    """Bracket notation (``"[555s](1111m)"``) or a list of ``[kind, tiles]`` pairs (or ``{"kind", "tiles"}``)."""
    if v is None or type(v) is str:
        return v
    if type(v) is not list:
        return None
    for m in v:
        if type(m) is list and len(m) == 2 and type(m[0]) is str and (type(m[1]) is str or (
                type(m[1]) is list and all(_is_int(x) or type(x) is str for x in m[1]))):
            continue
        if type(m) is dict and set(m) == {"kind", "tiles"} and type(m["kind"]) is str and type(m["tiles"]) is str:
            continue
        return None
    return v


def _check_melds_or_count(v):
    return v if _is_int(v) else _check_melds(v)


def _check_forms(v):
    if type(v) is str:
        return v
    if type(v) is list and v and all(type(x) is str for x in v):
        return v
    return None


def _check_hands(v):
    if type(v) is list and all(_check_hand(h) is not None for h in v):
        return v
    return None


def _check_int_or_ints(v):
    if _is_int(v) or (type(v) is list and all(_is_int(x) for x in v)):
        return v
    return None


#: kind -> (checker returning the value or None, what it must be, its JSON schema)
KINDS: Dict[str, tuple] = {
    "bool": (_check_bool, "a boolean", {"type": "boolean"}),
    "int": (_check_int, "an integer", {"type": "integer"}),
    "str": (_check_str, "a string", {"type": "string"}),
    "optional_str": (_check_optional_str, "a string or null", {"type": ["string", "null"]}),
    "object": (_check_object, "an object", {"type": ["object", "null"]}),
    "hand": (_check_hand, "a tile string (MPSZ or Chinese) or 34 counts",
             {"oneOf": [{"type": "string", "example": "123m456p789s1122z"},
                        {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 4},
                         "minItems": 34, "maxItems": 34}]}),
    "tiles": (_check_tiles, "a tile string like '5z,6z' or a list of tiles",
              {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": ["string", "integer"]}},
                         {"type": "null"}]}),
    "melds": (_check_melds, "bracket notation like '[555s](1111m)' or a list of [kind, tiles] pairs",
              {"oneOf": [{"type": "string", "example": "[555s]"},
                         {"type": "array", "items": {"type": "array", "prefixItems": [
                             {"type": "string", "enum": ["chi", "pon", "minkan", "kakan", "ankan", "kan"]},
                             {"type": "string"}], "minItems": 2, "maxItems": 2},
                          "example": [["pon", "555s"]]},
                         {"type": "null"}]}),
    "melds_or_count": (_check_melds_or_count, "a number of declared melds, bracket notation like '[555s]' or a "
                                              "list of [kind, tiles] pairs",
                       {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 5}, {"type": "string"},
                                  {"type": "array", "items": {"type": "array"}}, {"type": "null"}]}),
    "forms": (_check_forms, "'all', a comma-separated string or a list of form names",
              {"oneOf": [{"type": "string", "example": "standard,seven_pairs"},
                         {"type": "array", "items": {"type": "string", "enum": [
                             "standard", "seven_pairs", "thirteen_orphans", "knitted"]}}]}),
    "hands": (_check_hands, "a list of hands (tile strings or 34 counts each)",
              {"type": "array", "items": {"oneOf": [{"type": "string"}, {"type": "array", "items": {
                  "type": "integer"}, "minItems": 34, "maxItems": 34}]}}),
    "int_or_ints": (_check_int_or_ints, "an integer or a list of integers (one per row)",
                    {"oneOf": [{"type": "integer"}, {"type": "array", "items": {"type": "integer"}}]}),
}

_FORMS = Field("forms", "forms", "win forms the kernel checks: 'all', or of standard, seven_pairs, thirteen_orphans, "
                                 "knitted (default: standard, seven_pairs, thirteen_orphans; 16-tile play: standard)")
_KERNEL = (
    Field("quads_as_two_pairs", "bool", "a four of a kind counts as two pairs in seven pairs (false: the Japanese "
                                        "rule)", True),
    Field("hand_size", "int", "13 (4 sets + a pair) or 16 (5 sets + a pair)", 13),
    Field("joker_tiles", "tiles", "tile kinds that are jokers where they appear in the hand, e.g. '5z'"),
    Field("allow_fifth_copy", "bool", "a joker may stand for a fifth copy of a kind", True),
)
_RULES = (
    Field("rules", "str", "a rule set of GET /rules, e.g. 'sichuan_fan'", required=True),
    Field("options", "object", "the rule set's options (GET /rules lists them with their defaults)"),
    Field("hand", "hand", "the concealed tiles (with the winning tile for /score); melds may be written in "
                          "brackets", required=True),
    Field("melds", "melds", "declared melds: [['pon', '555s'], ['chi', '123m']] or '[555s][123m]'"),
    Field("self_drawn", "bool", "won by self-draw (自摸)", False),
    Field("seat_wind", "str", "the player's seat wind: E S W N", "E"),
    Field("round_wind", "str", "the round wind: E S W N", "E"),
    Field("dealer", "bool", "the player is the dealer", False),
    Field("indicator", "optional_str", "the flipped joker indicator tile (joker rule sets derive their jokers)"),
    Field("joker_tiles", "tiles", "the joker kinds themselves, where the rule set leaves the choice to the table"),
    Field("context", "object", "what the game's history adds (Hangzhou: {\"caipiao\": n})"),
)
_BATCH = (
    Field("hands", "hands", "the hands: tile strings or 34 counts each", required=True),
    Field("melds", "int_or_ints", "declared melds per hand (tiles unknown): one count or one per row", 0),
    _FORMS,
    Field("jokers", "int_or_ints", "jokers held besides the tiles: one count or one per row", 0),
) + _KERNEL

#: path -> (summary, fields); endpoints may also take keys that the request names at run time
#: (a rule set's own flags for /score and /tenpai: ``rules.get(NAME).extra_flags``)
ENDPOINTS: Dict[str, Tuple[str, Tuple[Field, ...]]] = {
    "/analyze": ("Shanten, waits with tiles left, useful tiles and, for a 14-tile hand, each discard with the "
                 "shanten and useful tiles it leaves", (
        Field("hand", "hand", "the hand (MPSZ '123m456p789s1122z', Chinese '23445677筒345789条', or 34 counts); "
                              "declared melds may be written in brackets", required=True),
        Field("melds", "melds_or_count", "declared melds: [['pon', '555s']], '[555s]', or their number"),
        _FORMS,
        Field("jokers", "int", "jokers held besides the tiles written in the hand", 0),
        Field("visible", "str", "tiles seen elsewhere (discards, other melds): subtracted from the copies left", ""),
        Field("include_exhausted", "bool", "also list waits whose four copies are all in sight", False),
        Field("joker_rule", "optional_str", "a rule set with jokers (GET /rules) or a joker rule of `mjpy jokers`: "
                                            "its rule turns the indicator into joker tiles"),
        Field("indicator", "optional_str", "the flipped indicator tile, read by joker_rule"),
        Field("joker_options", "object", "options of the joker rule (e.g. {\"gui\": \"fan\"})"),
    ) + _KERNEL),
    "/score": ("A complete hand under a rule set: is_win, reason, fans, total", _RULES + (
        Field("win_tile", "optional_str", "the winning tile (default: the last tile written outside brackets)"),
        Field("after_kong", "bool", "won on the replacement tile of a kong (杠上开花)", False),
        Field("robbing_kong", "bool", "won by robbing a kong (抢杠)", False),
        Field("last_tile", "bool", "won on the last tile (海底)", False),
        Field("tianhu", "bool", "天胡", False),
        Field("dihu", "bool", "地胡", False),
    )),
    "/tenpai": ("Each wait of a waiting hand with its best score under a rule set (查大叫)", _RULES),
    "/settle": ("Totals and the itemised ledger of one finished hand at the table", (
        Field("rules", "str", "a rule set with a settlement (GET /rules)", required=True),
        Field("table", "object", "the table: the JSON object that `mjpy settle` reads (docs/settle.md)",
              required=True),
        Field("preset", "optional_str", "Sichuan only: a settlement preset (e.g. 'chengdu_xiayu')"),
        Field("options", "object", "rule-set options over the table's (not Sichuan)"),
    )),
    "/advise": ("Which tile to discard: win probability, tenpai probability and expected value per discard", (
        Field("hand", "hand", "the hand (14 tiles to choose a discard, or 13)", required=True),
        Field("rules", "str", "a rule set of GET /rules", "standard"),
        Field("melds", "melds", "declared melds"),
        Field("turns", "int", "draws left", 12),
        Field("objective", "str", "what the best discard maximises", "win", enum=("win", "tenpai", "expected")),
        Field("visible", "str", "tiles seen elsewhere", ""),
        Field("options", "object", "the rule set's options and flags (dingque, indicator, ...)"),
    )),
    "/batch/shanten": ("Shanten of many hands (JSON, or a binary body of N x 34 uint8)", _BATCH),
    "/batch/is_win": ("Win check of many complete hands (JSON, or a binary body of N x 34 uint8)", _BATCH),
    "/batch/waits": ("Waits of many waiting hands (JSON, or a binary body of N x 34 uint8)", _BATCH + (
        Field("include_exhausted", "bool", "also list waits whose four copies are all in the hand", False),)),
}

_DYNAMIC = {"/score", "/tenpai"}      # also take the rule set's own flags as top-level keys


def validate(path: str, body: Any, extra: Mapping[str, Any] = None) -> Dict[str, Any]:
    """The request of ``path`` with every field checked and defaults filled; SchemaError otherwise.
    Keys that are not fields are returned under ``"_extra"`` for endpoints that take run-time keys
    (/score, /tenpai), else refused."""
    summary, fields = ENDPOINTS[path]
    if type(body) is not dict:
        raise SchemaError(f"{path}: the body must be a JSON object, got {_type_name(body)}")
    out: Dict[str, Any] = {}
    known = {f.name for f in fields}
    for f in fields:
        if f.name not in body:
            if f.required:
                raise SchemaError(f"{path}: field {f.name!r} is required ({f.doc})")
            out[f.name] = f.default
            continue
        v = body[f.name]
        check, what, _ = KINDS[f.kind]
        if v is None and not f.required and f.default is None:
            out[f.name] = None
            continue
        got = check(v)
        if got is None:
            raise SchemaError(f"{path}: field {f.name!r} must be {what}, got {_type_name(v)}")
        if f.enum and got not in f.enum:
            raise SchemaError(f"{path}: field {f.name!r} must be one of {', '.join(f.enum)}, got {got!r}")
        out[f.name] = got
    rest = {k: v for k, v in body.items() if k not in known}
    if rest and path not in _DYNAMIC:
        k = sorted(rest)[0]
        raise SchemaError(f"{path}: unknown field {k!r} (fields: {', '.join(sorted(known))})")
    out["_extra"] = rest
    return out


def from_query(path: str, query: Mapping[str, str]) -> Dict[str, Any]:
    """The fields of a binary batch request, from its query string (``?forms=standard&jokers=1``): each
    value read as JSON where it parses (``1``, ``true``, ``[...]``), else as a string; ``hands`` is the body."""
    import json

    _, fields = ENDPOINTS[path]
    kinds = {f.name: f.kind for f in fields}
    body: Dict[str, Any] = {"hands": []}
    for k, text in query.items():
        if k == "hands":
            raise SchemaError(f"{path}: 'hands' is the body of a binary request, not a query parameter")
        if k not in kinds:
            raise SchemaError(f"{path}: unknown query parameter {k!r} (parameters: "
                              f"{', '.join(sorted(n for n in kinds if n != 'hands'))})")
        if kinds[k] in ("str", "forms", "tiles", "optional_str"):
            body[k] = text
        else:
            try:
                body[k] = json.loads(text)
            except ValueError:
                raise SchemaError(f"{path}: query parameter {k}={text!r} must be "
                                  f"{KINDS[kinds[k]][1]}") from None
    return validate(path, body)


def _request_schema(fields) -> dict:
    props = {}
    for f in fields:
        s = dict(KINDS[f.kind][2])
        s["description"] = f.doc
        if f.default is not None:
            s["default"] = f.default
        if f.enum:
            s["enum"] = list(f.enum)
        props[f.name] = s
    return {"type": "object", "properties": props, "required": [f.name for f in fields if f.required]}


_ERROR = {"description": "bad input: {\"error\": \"<one-line message>\"}", "content": {"application/json": {
    "schema": {"type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"]}}}}


def openapi(version: str, responses: Mapping[str, dict], limits: Optional[Mapping[str, Any]] = None) -> dict:
    """The OpenAPI 3.1 description of the service (GET /openapi.json)."""
    paths: Dict[str, Any] = {}
    binary = {"application/octet-stream": {"schema": {"type": "string", "format": "binary",
                                                      "description": "N x 34 uint8 tile counts, row-major; the "
                                                                     "other fields go in the query string"}}}
    for path, (summary, fields) in ENDPOINTS.items():
        body = {"application/json": {"schema": _request_schema(fields)}}
        if path.startswith("/batch/"):
            body.update(binary)
        paths[path] = {"post": {
            "summary": summary,
            "requestBody": {"required": True, "content": body},
            "responses": {"200": {"description": "the answer", "content": {"application/json": {
                "schema": responses.get(path, {"type": "object"})}}},
                "400": _ERROR, "413": _ERROR, "422": _ERROR, "503": _ERROR},
        }}
    paths["/rules"] = {"get": {"summary": "The rule sets, their options and defaults", "responses": {
        "200": {"description": "the rule sets", "content": {"application/json": {"schema": {"type": "object"}}}}}}}
    paths["/health"] = {"get": {"summary": "Liveness", "responses": {"200": {"description": "ok", "content": {
        "application/json": {"schema": {"type": "object"}}}}}}}
    info = {"title": "mjpy", "version": version,
            "description": "Mahjong hand analysis over HTTP: the answers of the mjpy library as JSON. Errors are "
                           "{\"error\": message}: 400 bad input, 413 body too large, 422 valid JSON of the wrong "
                           "shape, 503 over the time limit."}
    if limits:
        info["x-limits"] = dict(limits)
    return {"openapi": "3.1.0", "info": info, "paths": paths}
