"""The answers of ``mjpy serve``, one function per endpoint: a validated request (a dict, see
:mod:`mjpy.serve.schema`) in, a JSON-ready dict out. No web framework here: :mod:`mjpy.serve.service`
wraps these in HTTP; tests call them directly too.

>>> analyze({"hand": "2233445566778p"})["waits"]
['2p', '5p', '8p']
>>> score({"rules": "sichuan_fan", "hand": "11222244p557799m", "win_tile": "9m", "self_drawn": True})["total"]
5

Every refusal is the library's own one-line ``ValueError`` (HTTP 400) or a :class:`~mjpy.serve.schema.SchemaError`
(HTTP 422).
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Dict, List, Mapping, Optional

import numpy as np

from ..tiles import TILE_NAMES
from .schema import ENDPOINTS, SchemaError, validate

__all__ = ["analyze", "score", "tenpai", "settle", "advise", "batch", "rules", "RESPONSES", "hand_text"]

_JOKER_KEYS = ("indicator", "joker_tiles", "context")


def _counts(values, where: str) -> np.ndarray:
    """34 counts of a request (a list of ints) as uint8, each checked to be 0-4."""
    counts = np.asarray(values, dtype=np.int64)
    bad = np.flatnonzero((counts < 0) | (counts > 4))
    if bad.size:
        i = int(bad[0])
        raise ValueError(f"{where}[{i}] ({TILE_NAMES[i]}) = {int(counts[i])}: a count is 0-4")
    return counts.astype(np.uint8)


def hand_text(hand, where: str = "hand") -> str:
    """A request's hand as notation: a string as given, or 34 counts (each 0-4) written in MPSZ."""
    if isinstance(hand, str):
        return hand
    from ..notation import to_string

    return to_string(_counts(hand, where))


def _melds_text(melds) -> Optional[str]:
    """Melds as bracket notation: a string as given; ``[[kind, tiles], ...]`` through :class:`mjpy.Meld`."""
    if melds is None or isinstance(melds, (str, int)):
        return melds
    from ..meld import Meld

    out = []
    for m in melds:
        kind, tiles = (m["kind"], m["tiles"]) if isinstance(m, dict) else m
        out.append(str(Meld(kind, tiles)))
    return "".join(out)


def _tiles_arg(tiles):
    return ",".join(str(t) for t in tiles) if isinstance(tiles, list) else tiles


def _left(entries: List[dict]) -> Dict[str, int]:
    return {e["tile"]: e["left"] for e in entries}


def _checked(path: str, req: Mapping[str, Any]) -> Mapping[str, Any]:
    """The request as :func:`~mjpy.serve.schema.validate` returns it (validated here when it is not yet)."""
    return req if "_extra" in req else validate(path, dict(req))


def analyze(req: Mapping[str, Any]) -> dict:
    """POST /analyze: :func:`mjpy.cli.analyze` with every discard of a 14-tile hand (not only those that keep
    the shanten), tiles as MPSZ names."""
    from .. import cli

    req = _checked("/analyze", req)
    out = cli.analyze(hand_text(req["hand"]), melds=_melds_text(req.get("melds")),
                      forms=cli._parse_forms(_tiles_arg(req.get("forms"))) or cli._FORMS_DEFAULT,
                      quads_as_two_pairs=req.get("quads_as_two_pairs", True),
                      include_exhausted=req.get("include_exhausted", False), visible=req.get("visible") or "",
                      jokers=req.get("jokers", 0), joker_tiles=_analyze_joker_tiles(req),
                      allow_fifth_copy=req.get("allow_fifth_copy", True), hand_size=req.get("hand_size", 13),
                      every_discard=True)
    res = {k: out[k] for k in ("hand", "hand_size", "tiles", "jokers", "joker_tiles", "joker_count", "forms",
                               "meld_count", "melds_assumed", "visible", "shanten")}
    res["melds"] = [[m["kind"], m["tiles"]] for m in out["melds"]]
    res["is_win"] = out["complete"]
    res["waits"] = [w["tile"] for w in out["waits"]]
    res["waits_left"] = _left(out["waits"])
    res["useful"] = [u["tile"] for u in out["useful"]]
    res["useful_left"] = _left(out["useful"])
    res["discards"] = [{"discard": d["tile"], "shanten": d["shanten"], "useful": [u["tile"] for u in d["useful"]],
                        "useful_left": _left(d["useful"]), "left": d["left"]} for d in out["discards"]]
    res["decompositions"] = [d["text"] for d in out["decompositions"]] or [a["text"] for a in out["assignments"]]
    return res


def _analyze_joker_tiles(req: Mapping[str, Any]):
    """The joker kinds of an /analyze request: ``joker_tiles``, and those its ``joker_rule`` derives from the
    ``indicator`` (:func:`mjpy.wildcards.resolve`)."""
    given = _tiles_arg(req.get("joker_tiles"))
    rule, indicator, options = req.get("joker_rule"), req.get("indicator"), req.get("joker_options") or {}
    if rule is None:
        if indicator is not None or options:
            raise ValueError("/analyze: indicator and joker_options need joker_rule (a rule set with jokers, e.g. "
                             "'tianjin': its rule turns the indicator into joker tiles)")
        return given
    from ..rules import registry
    from ..wildcards import RULESETS, resolve

    if rule not in RULESETS:
        row = registry.info(rule)               # ValueError naming the known rule sets
        if not row.jokers:
            raise ValueError(f"/analyze: joker_rule {row.name!r} has no jokers")
        rule = row.jokers
    names = ",".join(resolve(rule, indicator, **options).names)
    return ",".join(x for x in (given, names) if x) or None


@lru_cache(maxsize=256)
def _ruleset(name: str, options_json: str):
    from ..rules import registry

    return registry.get(name, **json.loads(options_json))


def _bound(req) -> Any:
    """The request's rule set with its options bound (cached by name and options: a rule set is immutable)."""
    return _ruleset(req["rules"], json.dumps(req.get("options") or {}, sort_keys=True))


def _rule_call(path: str, req: Mapping[str, Any], want: str) -> dict:
    from .. import cli

    rs = _bound(req)
    extra = dict(req.get("_extra") or {})
    own = {k: v for k, v in extra.items() if k in rs.extra_flags and k not in _JOKER_KEYS}
    unknown = sorted(k for k in extra if k not in own)
    if unknown:
        flags = [f for f in rs.extra_flags if f not in _JOKER_KEYS]
        fields = sorted(f.name for f in ENDPOINTS[path][1])
        raise SchemaError(f"{path}: unknown field {unknown[0]!r} (fields: {', '.join(fields)}; flags of "
                          f"{rs.name}: {', '.join(flags) or 'none'})")
    kw = {k: req[k] for k in ("self_drawn", "dealer", "seat_wind", "round_wind", "indicator")}
    if want == "score":
        kw.update({k: req[k] for k in ("after_kong", "robbing_kong", "last_tile", "tianhu", "dihu")})
        kw["win"] = req.get("win_tile")
    counts_text = hand_text(req["hand"])
    r = cli.analyze_rules(counts_text, rules=rs,
                          melds=_melds_text(req.get("melds")), joker_tiles=_tiles_arg(req.get("joker_tiles")),
                          context=req.get("context"), flags=own, **kw)
    complete = r["complete"]
    size = rs.hand_size
    if want == "score" and not complete:
        raise ValueError(f"/score needs a complete hand ({size + 1} tiles, kongs counted as 3); for a waiting "
                         f"hand ask /tenpai")
    if want == "tenpai" and complete:
        raise ValueError(f"/tenpai needs a waiting hand ({size} tiles, kongs counted as 3); to score a complete "
                         f"hand ask /score")
    return r


def _result(e: dict) -> dict:
    """One result of the library (``mjpy.cli._result_entry``) with fans as ``[name, value]`` pairs."""
    return {"is_win": e["is_win"], "reason": e["reason"], "total": e["total"], "unit": e["unit"],
            "fans": [[f["name"], f["value"]] for f in e["fans"]],
            "factors": [[f["name"], f["value"]] for f in e["factors"]], "form": e["form"],
            "reading": e["reading"], "missing": e["missing"]}


def _head(r: dict) -> dict:
    return {k: r[k] for k in ("rules", "title", "unit", "options", "hand", "melds", "indicator", "joker_tiles",
                              "seat_wind", "round_wind", "dealer")}  # options: every option with its bound value


def score(req: Mapping[str, Any]) -> dict:
    """POST /score: a complete hand under a rule set (``rules.get(NAME, **options).score``)."""
    req = _checked("/score", req)
    r = _rule_call("/score", req, "score")
    flags = {k: r[k] for k in ("win_tile", "self_drawn", "after_kong", "robbing_kong", "last_tile", "tianhu",
                               "dihu")}
    return {**_head(r), **flags, **_result(r)}


def tenpai(req: Mapping[str, Any]) -> dict:
    """POST /tenpai: each wait of a waiting hand with its result (``rules.get(NAME).waits``, 查大叫)."""
    req = _checked("/tenpai", req)
    r = _rule_call("/tenpai", req, "tenpai")
    results = [{"tile": w["tile"], **_result(w)} for w in r["waits"]]
    best = max(results, key=lambda w: (w["is_win"], w["total"]), default=None)
    return {**_head(r), "self_drawn": r["self_drawn"], "tenpai": r["tenpai"],
            "waits": [w["tile"] for w in results], "results": results,
            "best": None if best is None else {"tile": best["tile"], "total": best["total"], "is_win": best["is_win"]}}


def settle(req: Mapping[str, Any]) -> dict:
    """POST /settle: the table (a JSON object, as ``mjpy settle`` reads) settled under the rule set."""
    from .. import cli

    req = _checked("/settle", req)
    return cli._settle(req["table"], rules=req["rules"], preset=req.get("preset"),
                       options=req.get("options")).to_dict()


def advise(req: Mapping[str, Any], max_hands: int) -> dict:
    """POST /advise: :func:`mjpy.advise`, the hands the discards may reach capped at ``max_hands``."""
    import mjpy

    req = _checked("/advise", req)
    opts = dict(req.get("options") or {})
    melds = _melds_text(req.get("melds"))
    out = mjpy.advise(hand_text(req["hand"]), req["rules"], melds=melds or (), turns=req["turns"],
                      visible=req.get("visible") or None, objective=req["objective"], max_hands=max_hands,
                      **opts).to_dict()
    for row in out["rows"]:          # a discard that raises the shanten is not solved: NaN -> null
        for k in ("tenpai_prob", "win_prob", "expected", "value"):
            v = row[k]
            row[k] = [None if x != x else x for x in v] if isinstance(v, list) else (None if v != v else v)
    return out


def batch_arrays(req: Mapping[str, Any], max_rows: int) -> np.ndarray:
    """The (N, 34) uint8 hands of a JSON batch request (tile strings or 34 counts per row)."""
    from ..notation import NotationError, parse

    hands = req["hands"]
    if len(hands) > max_rows:
        raise ValueError(f"hands: {len(hands)} rows is over the limit of {max_rows}")
    out = np.zeros((len(hands), 34), dtype=np.uint8)
    for i, h in enumerate(hands):
        if isinstance(h, str):
            try:
                out[i] = parse(h)
            except NotationError as e:
                raise e.relabel(f"hands[{i}] {h!r}"[:120]) from None
        else:
            out[i] = _counts(h, f"hands[{i}]")
    return out


def batch(what: str, hands: np.ndarray, req: Mapping[str, Any], workers: Optional[int] = None) -> np.ndarray:
    """POST /batch/{shanten,is_win,waits}: the kernel's batch call on (N, 34) uint8 hands."""
    from mjcore import batch as kb

    from .. import cli

    kw: Dict[str, Any] = dict(melds=_int_or_rows(req.get("melds", 0)),
                              forms=cli._parse_forms(_tiles_arg(req.get("forms"))) or _default_forms(req),
                              quads_as_two_pairs=req.get("quads_as_two_pairs", True),
                              hand_size=req.get("hand_size", 13), workers=workers)
    jokers = _int_or_rows(req.get("jokers", 0))
    jt = req.get("joker_tiles")
    if (not isinstance(jokers, int) or jokers) or jt:
        from ..wildcards import tile_list

        kw.update(jokers=jokers, joker_tiles=list(tile_list(_tiles_arg(jt))) if jt else None,
                  allow_fifth_copy=req.get("allow_fifth_copy", True))
    if what == "waits":
        kw["include_exhausted"] = req.get("include_exhausted", False)
    return getattr(kb, what)(hands, **kw)


def _default_forms(req):
    from .. import cli

    return cli._FORMS_DEFAULT if req.get("hand_size", 13) == 13 else ("standard",)


def _int_or_rows(v):
    """One count for every row, or one per row (an int64 array: the kernel checks its length and range)."""
    if isinstance(v, list):
        return np.asarray(v, dtype=np.int64)
    return v


def batch_json(what: str, values: np.ndarray) -> dict:
    """The JSON answer of a batch call: shanten ints, is_win booleans, waits as lists of MPSZ tiles."""
    if what == "waits":
        from ..batch import mask_to_tiles

        return {"waits": [[TILE_NAMES[t] for t in ts] for ts in mask_to_tiles(values)]}
    return {what: values.tolist()}


def rules() -> dict:
    """GET /rules: every rule set with its wall, players, unit, forms, options and defaults (``mjpy rules``)."""
    from .. import cli

    return {"rules": [dict(r, options=_jsonable(r["options"]), flags=_flags(r["name"]) if r["scores"] else [])
                      for r in cli.rules_table()["rules"]]}


def _flags(name: str) -> list:
    """The rule set's own keywords of ``score`` with its default options (none where those cannot be bound
    alone: a value the caller must give)."""
    from ..rules import registry

    try:
        return list(registry.get(name).extra_flags)
    except ValueError:
        return []


def _jsonable(x):
    return json.loads(json.dumps(x, default=lambda v: v if isinstance(v, (int, float, str)) else str(v)))


_RESULT = {"type": "object", "properties": {
    "is_win": {"type": "boolean"}, "reason": {"type": "string"}, "total": {"type": "number"},
    "unit": {"type": "string"}, "fans": {"type": "array", "items": {"type": "array"}},
    "reading": {"type": ["string", "null"]}}}
_TILES = {"type": "array", "items": {"type": "string", "example": "5p"}}
RESPONSES = {
    "/analyze": {"type": "object", "properties": {
        "shanten": {"type": "integer"}, "is_win": {"type": "boolean"}, "waits": _TILES,
        "waits_left": {"type": "object", "additionalProperties": {"type": "integer"}}, "useful": _TILES,
        "useful_left": {"type": "object"}, "discards": {"type": "array", "items": {"type": "object"}},
        "decompositions": {"type": "array", "items": {"type": "string"}}}},
    "/score": _RESULT,
    "/tenpai": {"type": "object", "properties": {"tenpai": {"type": "boolean"}, "waits": _TILES,
                                                 "results": {"type": "array", "items": _RESULT},
                                                 "best": {"type": ["object", "null"]}}},
    "/settle": {"type": "object", "properties": {"totals": {"type": "array"}, "ledger": {"type": "array"}}},
    "/advise": {"type": "object", "properties": {"rows": {"type": "array", "items": {"type": "object"}}}},
    "/batch/shanten": {"type": "object", "properties": {"shanten": {"type": "array", "items": {"type": "integer"}}}},
    "/batch/is_win": {"type": "object", "properties": {"is_win": {"type": "array", "items": {"type": "boolean"}}}},
    "/batch/waits": {"type": "object", "properties": {"waits": {"type": "array", "items": _TILES}}},
}
