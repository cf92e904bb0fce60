"""Wildcard indicator rules (mjpy.wildcards): docs/rules.md#jokers, #indicators, #c14, #c39."""
from __future__ import annotations

import pickle

import numpy as np
import pytest

from mjpy.notation import parse, to_string
from mjpy.tiles import TILE_NAMES, tile_index
from mjpy.wildcards import (
    RULES,
    RULESET_ALIASES,
    RULESETS,
    SUCCESSOR_TABLES,
    TABLE_ALIASES,
    Jokers,
    apply_stand_in,
    joker_kinds,
    predecessor,
    resolve,
    ruleset,
    split_jokers,
    successor,
    tile_list,
)

from conftest import load_vectors


def names(kinds):
    return sorted(TILE_NAMES[k] for k in kinds)


def idx(*tiles):
    return tuple(sorted(tile_index(t) for t in tiles))


# ----------------------------------------------------------------------------- tests/data/indicators.json
# (id, ruleset, indicator, expected kinds, status) of the 28 vectors of tests/data/indicators.json;
# test_vectors_match_the_data_file checks this table against the file. Expected kinds are
# `expected_wild_kinds`, or `expected_bonus_kind` for 寶牌 (bonus tiles, not jokers).
INDICATOR_VECTORS = [
    ("WC-TJ-01", "tianjin", "3p", ["3p", "4p"], "ok"),
    ("WC-TJ-02", "tianjin", "9s", ["9s", "1s"], "ok"),
    ("WC-TJ-03", "tianjin", "3z", ["3z", "4z"], "ok"),
    ("WC-TJ-04", "tianjin", "4z", ["4z", "1z"], "ok"),
    ("WC-TJ-05", "tianjin", "7z", ["7z", "5z"], "ok"),
    ("WC-TJ-06", "tianjin", "2m", ["2m", "3m"], "typo"),
    ("WC-GD-01", "guangdong_tuidao", "5m", ["6m"], "ok"),
    ("WC-GD-02", "guangdong_tuidao", "9m", ["1m"], "ok"),
    ("WC-GD-03", "guangdong_tuidao", "4z", ["6z"], "ok"),
    ("WC-GD-04", "guangdong_tuidao", "7z", ["1z"], "ok"),
    ("WC-GD-05", "guangdong_tuidao", "(白板鬼 option)", ["7z"], "ok"),
    ("WC-XZ-01", "xuzhou", "1m", ["2m"], "ok"),
    ("WC-XZ-02", "xuzhou", "9p", ["1p"], "ok"),
    ("WC-FJ-01", "fujian_daidi", "3m", ["4m"], "ok"),
    ("WC-FJ-02", "fujian_daidi", "9m", ["1m"], "ok"),
    ("WC-FJ-03", "fujian_daidi", "4z", ["5z"], "ok"),
    ("WC-FJ-04", "fujian_huodong", "X (any)", ["X"], "ok"),
    ("BP-01", "baopai_unattributed", "1m", ["2m"], "ok"),
    ("BP-02", "baopai_unattributed", "8s", ["9s"], "ok"),
    ("BP-03", "baopai_unattributed", "9p", ["1p"], "ok"),
    ("BP-04", "baopai_unattributed", "1z", ["2z"], "ok"),
    ("BP-05", "baopai_unattributed", "4z", ["1z"], "ok"),
    ("BP-06", "baopai_unattributed", "7z", ["6z"], "ok"),
    ("BP-07", "baopai_unattributed", "6z", ["5z"], "ok"),
    ("BP-08", "baopai_unattributed", "5z", ["7z"], "ok"),
    ("BP-09", "baopai_unattributed", "7m", ["8m"], "ok"),
    ("WC-PH-01", "philippines", "4m", ["3m", "4m", "5m", "4p", "4s"], "ok"),
    ("WC-PH-02", "philippines", "5z", ["5z", "6z", "7z", "1z", "2z"], "inconsistent"),
]

# Vectors whose `indicator` is not a tile: how the test reads them.
#   WC-GD-05: the 白板鬼 option -> gui="baiban", no indicator.
#   WC-FJ-04: "X (any)" -> every one of the 34 kinds is tried as X (test_fujian_huodong_any_tile).
_NOT_A_TILE = {"WC-GD-05": dict(indicator=None, gui="baiban"), "WC-FJ-04": None}


def test_vectors_match_the_data_file():
    data = load_vectors("indicators")
    got = [(v["id"], v["ruleset"], v["indicator"],
             v.get("expected_wild_kinds") or [v["expected_bonus_kind"]], v["status"]) for v in data]
    assert got == [tuple(v) for v in INDICATOR_VECTORS]


@pytest.mark.parametrize("vid, rs, indicator, expected, status", INDICATOR_VECTORS,
                         ids=[v[0] for v in INDICATOR_VECTORS])
def test_indicator_vector(vid, rs, indicator, expected, status):
    if vid in _NOT_A_TILE:
        args = _NOT_A_TILE[vid]
        if args is None:  # 'X (any)': every possible flipped tile is its own 活動百搭
            for x in range(34):
                test_fujian_huodong_any_tile(x)
            return
    else:
        # status "typo" (WC-TJ-06): the OCR'd '那张1万' is the flipped 2万 (the vector's correction);
        # the indicator 2m and the expected kinds already follow it.
        # status "inconsistent" (WC-PH-02): the source's rule text ('以西北中發白的次序') and its example
        # ('開紅中，則中、發、白、東、南') disagree; `expected` is the example, which is our default
        # (honor_window="forward"); the text's reading is tested in test_philippines_variants.
        args = dict(indicator=indicator)
    j = resolve(rs, **args)
    assert names(j.kinds) == sorted(expected)
    assert j.kinds == tuple(sorted(j.kinds)) == joker_kinds(rs, **args)
    assert j.wild is (not rs.startswith("baopai"))     # 寶牌 are bonus tiles, not jokers


def test_tianjin_live_jokers():
    # WC-TJ-06 live_wild_tiles = 7: the flipped copy is face up, so 3 of its kind + 4 of the successor
    kinds = joker_kinds("tianjin", "2m")
    assert 4 * len(kinds) - 1 == 7


@pytest.mark.parametrize("x", range(34))
def test_fujian_huodong_any_tile(x):
    # WC-FJ-04: 活動百搭 = the flipped kind itself; "其中一張白板可以用作代替該張翻開的牌"
    j = resolve("fujian_huodong", x)
    assert j.kinds == (x,)
    if x == tile_index("7z"):
        assert j.stand_in is None and j.face is None   # 白 flipped: 白 is the joker, nothing stands in
    else:
        assert (j.stand_in, j.face, j.stand_in_copies) == (33, x, 1)


@pytest.mark.parametrize("indicator, face", [("1m", "2m"), ("9p", "1p")])
def test_xuzhou_baiban_stands_in(indicator, face):
    # WC-XZ-01/02 baiban_stands_in_for: "擲出1萬，則2萬是配兒，白板充當2萬。擲出9筒，那么1筒是配兒，白板充當1筒。"
    j = resolve("xuzhou", indicator)
    assert j.names == (face,)
    assert j.stand_in == tile_index("白板") and j.face == tile_index(face)
    assert j.stand_in_copies is None  # all four 白板 ("徐州麻將中就少了白板")


def test_baopai_bonus_count_example():
    # BP-09: "寶牌開出七萬，和出者用兩隻八萬做眼，即加兩番" - count the bonus kind's copies in the hand
    kinds = joker_kinds("baopai", "7m")
    _, copies = split_jokers("123456p789s23488m", kinds)
    assert copies == 2
    assert resolve("baopai", "7m").wild is False


# ----------------------------------------------------------------- successor tables (docs/rules.md#c14)

Z = {c: 27 + i for i, c in enumerate("东南西北中发白")}

HONOR_TABLES = {
    "tianjin": "东南 南西 西北 北东 中发 发白 白中",
    "guangdong": "东南 南西 西北 北发 中发 发白 白东",
    "cycle7": "东南 南西 西北 北中 中发 发白 白东",
    "baopai": "东南 南西 西北 北东 白发 发中 中白",
}


@pytest.mark.parametrize("table", sorted(HONOR_TABLES))
def test_honor_successors(table):
    for pair in HONOR_TABLES[table].split():
        assert successor(Z[pair[0]], table) == Z[pair[1]], (table, pair)
    assert set(SUCCESSOR_TABLES) == set(HONOR_TABLES)


@pytest.mark.parametrize("table", sorted(HONOR_TABLES))
def test_suits_wrap_in_every_table(table):
    for base in (0, 9, 18):
        for r in range(9):
            assert successor(base + r, table) == base + (r + 1) % 9
    assert TILE_NAMES[successor("9m", table)] == "1m"


def test_tables_are_permutations_except_guangdong():
    for name in ("tianjin", "cycle7", "baopai"):
        assert sorted(SUCCESSOR_TABLES[name].honors.values()) == list(range(27, 34))
    # Guangdong: 北→发 (skips 中) and 中→发 [engine policy]: nothing maps to 中
    values = SUCCESSOR_TABLES["guangdong"].honors.values()
    assert Z["中"] not in values and list(values).count(Z["发"]) == 2
    for t in SUCCESSOR_TABLES.values():
        assert t.source and t.description


def test_successor_defaults_and_aliases():
    assert successor("北") == Z["中"]                 # default table: the single 7-cycle
    assert successor("白") == Z["东"]
    for alias, target in TABLE_ALIASES.items():
        for t in range(34):
            assert successor(t, alias) == successor(t, target)
    with pytest.raises(ValueError, match="unknown successor table 'bogus'.*cycle7"):
        successor("1m", "bogus")
    with pytest.raises(ValueError, match="unknown tile"):
        successor("1x")


def test_predecessor():
    for t in range(34):
        assert predecessor(successor(t)) == t
        assert successor(predecessor(t, "tianjin"), "tianjin") == t
    with pytest.raises(ValueError, match="predecessors of 5z"):
        predecessor("中", "guangdong")


# ----------------------------------------------------------------------------- rule sets and options

def test_indicator_forms():
    assert joker_kinds("tianjin", "9s") == joker_kinds("tianjin", 26) == joker_kinds("tianjin", "九条") \
        == joker_kinds("tianjin", "🀘") == idx("9s", "1s")
    assert joker_kinds("tianjin", "中") == joker_kinds("tianjin", "红中") == idx("5z", "6z")
    with pytest.raises(ValueError, match="unknown tile"):
        joker_kinds("tianjin", "10m")
    with pytest.raises(ValueError, match="out of range"):
        joker_kinds("tianjin", 34)


def test_guangdong_gui_option():
    assert joker_kinds("guangdong") == ()                      # default gui = none (docs/rules.md#options)
    assert joker_kinds("guangdong", gui="none") == ()
    assert joker_kinds("guangdong", gui="baiban") == idx("7z")  # 白板鬼
    assert joker_kinds("guangdong", "5m") == idx("6m")          # an indicator implies 翻鬼
    assert joker_kinds("guangdong", "北", gui="fan") == idx("发")
    assert joker_kinds("guangdong", "中", gui="fan") == idx("发")   # [engine policy] 中→发
    assert joker_kinds("guangdong", "发", gui="fan") == idx("白")   # [engine policy] 发→白
    with pytest.raises(ValueError, match="gui must be one of 'fan', 'baiban', 'none', got 'x'"):
        joker_kinds("guangdong", "5m", gui="x")
    with pytest.raises(ValueError, match="gui='baiban' takes no indicator"):
        joker_kinds("guangdong", "5m", gui="baiban")
    with pytest.raises(ValueError, match="needs an indicator"):
        joker_kinds("guangdong", gui="fan")


def test_fujian_baida_option():
    assert joker_kinds("fujian", "3m") == joker_kinds("fujian_daidi", "3m") == idx("4m")   # default daidi
    assert joker_kinds("fujian", "北") == idx("中")        # "開北則以紅中為白搭"
    assert joker_kinds("fujian", "白") == idx("东")        # "首尾相連"
    j = resolve("fujian", "3m", baida="huodong")
    assert j.kinds == idx("3m") and (j.stand_in, j.face, j.stand_in_copies) == (33, 2, 1)
    assert resolve("fujian", "3m").stand_in is None


def test_xuzhou_honors_and_fa_edge_case():
    assert joker_kinds("xuzhou", "北") == idx("中")
    assert joker_kinds("xuzhou", "白") == idx("东")
    j = resolve("xuzhou", "白")
    assert (j.stand_in, j.face) == (33, Z["东"])
    # indicator 发 -> 配兒 白 (MISSING in the seed): the 白 are the jokers, nothing stands in [policy]
    j = resolve("xuzhou", "发")
    assert j.kinds == idx("白") and j.stand_in is None and j.face is None


def test_philippines_variants():
    # the text's reading: five honors centered on the flipped one ('西北中發白' around 中)
    assert names(joker_kinds("philippines", "中", honor_window="centered")) == ["3z", "4z", "5z", "6z", "7z"]
    assert names(joker_kinds("philippines", "东")) == ["1z", "2z", "3z", "4z", "5z"]
    assert names(joker_kinds("philippines", "白")) == ["1z", "2z", "3z", "4z", "7z"]
    # suit wrap at 1/9 is MISSING: default wraps (docs/rules.md#jokers: "suits always wrap"), suit_wrap=False does not
    assert names(joker_kinds("philippines", "1m")) == ["1m", "1p", "1s", "2m", "9m"]
    assert names(joker_kinds("philippines", "9s", suit_wrap=False)) == ["8s", "9m", "9p", "9s"]
    with pytest.raises(ValueError, match="honor_window"):
        joker_kinds("philippines", "中", honor_window="middle")


def test_hongzhong():
    assert joker_kinds("hongzhong") == idx("中")
    assert joker_kinds("hongzhong_laizi") == idx("中")
    with pytest.raises(ValueError, match="takes no indicator"):
        joker_kinds("hongzhong", "1m")


@pytest.mark.parametrize("rs, option, word", [("hangzhou", "caishen", "财神"), ("wenzhou", "caishen", "財神"),
                                              ("fuzhou", "gold", "金")])
def test_required_identity(rs, option, word):
    with pytest.raises(ValueError, match=f"{rs}: the regional sources do not say which tile is {word}.*MISSING.*{option}="):
        joker_kinds(rs)
    assert joker_kinds(rs, **{option: "7z"}) == idx("7z")
    assert joker_kinds(rs, **{option: 33}) == idx("7z")
    assert joker_kinds(rs, **{option: "5z,6z"}) == joker_kinds(rs, **{option: ["中", "发"]}) == idx("5z", "6z")
    with pytest.raises(ValueError, match="takes no indicator"):
        joker_kinds(rs, "1m", **{option: "7z"})
    with pytest.raises(ValueError, match="unknown tile"):
        joker_kinds(rs, **{option: "xx"})


def test_unknown_ruleset_and_option():
    with pytest.raises(ValueError) as e:
        joker_kinds("sichuan", "1m")
    msg = str(e.value)
    assert msg.startswith("unknown ruleset 'sichuan' (known: ")
    for name in RULESETS:
        assert name in msg
    with pytest.raises(ValueError, match=r"tianjin: unknown option gui \(accepted: .*successor_table"):
        joker_kinds("tianjin", "1m", gui="fan")
    with pytest.raises(ValueError, match="unknown rule 'bogus'"):
        joker_kinds("tianjin", "1m", rule="bogus")


def test_wild_rule_and_successor_table_overrides():
    # options wild.rule / wild.successor_table (docs/rules.md#options, #c14, #c39)
    assert joker_kinds("tianjin", "白", successor_table="cycle7") == idx("白", "东")
    assert joker_kinds("tianjin", "3m", rule="successor") == idx("4m")
    assert joker_kinds("xuzhou", "北", successor_table="guangdong") == idx("发")
    with pytest.raises(ValueError, match="stand-in plays one joker kind's face.*stand_in_copies=0"):
        joker_kinds("fujian_huodong", "3m", rule="flipped_and_successor")
    j = resolve("fujian_huodong", "3m", rule="flipped_and_successor", stand_in_copies=0)
    assert j.kinds == idx("3m", "4m") and j.stand_in is None
    j = resolve("fujian_huodong", "3m", stand_in_copies=4)
    assert j.stand_in_copies == 4
    with pytest.raises(ValueError, match="stand_in_copies must be 0-4"):
        resolve("fujian_huodong", "3m", stand_in_copies=5)


def test_registry_rows():
    for name, rs in RULESETS.items():
        assert rs.name == name
        assert rs.rule in RULES
        assert rs.table is None or rs.table in SUCCESSOR_TABLES
        assert rs.description and rs.section and rs.title
        assert ruleset(name) is rs
        assert pickle.loads(pickle.dumps(rs)) == rs
        for v in rs.variants:
            assert set(rs.variants[v]) <= set(rs.__dataclass_fields__)
    for alias, target in RULESET_ALIASES.items():
        assert ruleset(alias) is RULESETS[target]
    # every row resolves with a sample input
    sample = {"hangzhou": dict(caishen="5z"), "wenzhou": dict(caishen="5z"), "fuzhou": dict(gold="1p")}
    for name, rs in RULESETS.items():
        j = resolve(name, "3m" if rs.needs_indicator else None, **sample.get(name, {}))
        assert isinstance(j, Jokers) and all(0 <= k < 34 for k in j.kinds)
        assert pickle.loads(pickle.dumps(j)) == j


# ----------------------------------------------------------------------------- hands

def test_split_jokers():
    counts, n = split_jokers("123456m234p55s55z", "5z")
    assert to_string(counts) == "123456m234p55s" and n == 2
    counts, n = split_jokers(parse("1199m5z6z7z"), [31, 32])
    assert to_string(counts) == "1199m7z" and n == 2
    counts, n = split_jokers("1199m", None)
    assert to_string(counts) == "1199m" and n == 0
    hand = parse("1199m55z")
    split_jokers(hand, "5z")
    assert to_string(hand) == "1199m55z"          # input not modified
    with pytest.raises(ValueError, match="5m appears 5 times"):
        split_jokers([0] * 4 + [5] + [0] * 29, "5z")


def test_apply_stand_in_xuzhou():
    # 擲出1萬 -> 2萬 is 配兒; the 白板 play 2萬: 2m copies out as jokers, 白 copies in as 2m
    j = resolve("xuzhou", "1m")
    real, n = apply_stand_in("1223m456p78999s77z", j.kinds, j.stand_in, j.stand_in_copies)
    assert to_string(real) == "1223m456p78999s" and n == 2
    assert int(real.sum()) + n == 14
    # 擲出9筒 -> 1筒 is 配兒, 白板 play 1筒
    j = resolve("xuzhou", "9p")
    real, n = apply_stand_in("11p23p777z123m", j.kinds, j.stand_in)
    assert to_string(real) == "123m11123p" and n == 2


def test_apply_stand_in_fujian_huodong_one_copy():
    # 活動百搭 flipped 3m: 3m are 百搭; "其中一張白板" plays 3m (one copy by default)
    j = resolve("fujian_huodong", "3m")
    real, n = apply_stand_in("1233m77z", j.kinds, j.stand_in, j.stand_in_copies)
    assert to_string(real) == "123m7z" and n == 2
    real, n = apply_stand_in("1233m77z", j.kinds, j.stand_in, None)
    assert to_string(real) == "1233m" and n == 2


def test_apply_stand_in_edge_cases():
    assert to_string(apply_stand_in("55z77z", "5z", None)[0]) == "77z"          # no stand-in = split_jokers
    assert to_string(apply_stand_in("55z77z", "7z")[0]) == "55z"                # stand-in is the joker kind
    real, n = apply_stand_in("123m", "5z")                                      # no 白, no jokers
    assert to_string(real) == "123m" and n == 0
    with pytest.raises(ValueError, match="one joker kind's face; got 2 joker kinds"):
        apply_stand_in("1m7z", "5z,6z")
    with pytest.raises(ValueError, match="copies must be 0-4"):
        apply_stand_in("1m7z", "5z", copies=7)
    hand = parse("2m77z")
    apply_stand_in(hand, "2m")
    assert to_string(hand) == "2m77z"


def test_tile_list():
    assert tile_list("5z,6z") == tile_list("5z 6z") == tile_list("56z") == tile_list("中发") == (31, 32)
    assert tile_list([33, "1m", "1m"]) == (0, 33)
    assert tile_list(np.int64(4)) == (4,)
    assert tile_list("") == ()
    with pytest.raises(ValueError, match="unknown tile '8z'"):
        tile_list("8z")
