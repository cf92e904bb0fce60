"""Meld value type, melds_counts, coerce_melds."""
from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from mjpy.meld import MELD_KINDS, Meld, _check_with_melds, coerce_melds, melds_counts
from mjpy.notation import parse, parse_hand, to_string


@pytest.mark.parametrize("kind, tiles, indices", [
    ("chi", "123m", (0, 1, 2)),
    ("chi", "789s", (24, 25, 26)),
    ("chi", "345p", (11, 12, 13)),
    ("chi", [2, 0, 1], (0, 1, 2)),
    ("chi", ["3p", "4p", "5p"], (11, 12, 13)),
    ("chi", "四五六万", (3, 4, 5)),
    ("pon", "555p", (13, 13, 13)),
    ("pon", "中中中", (31, 31, 31)),
    ("pon", "777z", (33, 33, 33)),
    ("pon", np.array([4, 4, 4]), (4, 4, 4)),
    ("minkan", "2222m", (1, 1, 1, 1)),
    ("kakan", "9999s", (26,) * 4),
    ("ankan", "1111z", (27,) * 4),
    ("kan", "2222p", (10,) * 4),
])
def test_construct(kind, tiles, indices):
    m = Meld(kind, tiles)
    assert m.kind == kind
    assert m.tiles == indices
    assert m.first == indices[0]
    assert len(m) == len(indices)
    c = m.counts
    assert c.dtype == np.uint8 and c.shape == (34,) and int(c.sum()) == len(indices)
    for t in set(indices):
        assert c[t] == indices.count(t)


def test_flags():
    rows = {
        "chi": (False, False, True), "pon": (False, False, True), "minkan": (True, False, True),
        "kakan": (True, False, True), "ankan": (True, True, False), "kan": (True, False, False),
    }
    for kind, (kong, concealed, exposed) in rows.items():
        m = Meld(kind, "123m" if kind == "chi" else "555m" if kind == "pon" else "5555m")
        assert (m.is_kong, m.is_concealed, m.is_exposed) == (kong, concealed, exposed), kind
    assert set(rows) == set(MELD_KINDS)


def test_repr_str_notation():
    assert repr(Meld("pon", "555p")) == "Meld('pon', '555p')"
    assert repr(Meld("chi", [2, 1, 0])) == "Meld('chi', '123m')"
    assert Meld("pon", "中中中").notation == "555z"
    assert str(Meld("chi", "123m")) == "[123m]"
    assert str(Meld("minkan", "5555s")) == "[5555s]"
    assert str(Meld("ankan", "5555s")) == "(5555s)"
    assert str(Meld("kakan", "5555s")) == "{5555s}"
    for m in (Meld("chi", "789p"), Meld("pon", "111z"), Meld("minkan", "3333s"), Meld("ankan", "7777z"),
              Meld("kakan", "9999m")):
        counts, back = parse_hand(str(m))
        assert back == [m] and counts.sum() == 0
        assert eval(repr(m)) == m


def test_equality_hash_pickle_copy():
    a, b = Meld("pon", "555p"), Meld("pon", [13, 13, 13])
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert Meld("minkan", "5555p") != Meld("ankan", "5555p")
    assert Meld("chi", "123m") != "chi"
    for m in (a, Meld("chi", "123m"), Meld("ankan", "1111z"), Meld("kan", "2222p")):
        m2 = pickle.loads(pickle.dumps(m))
        assert m2 == m and m2.kind == m.kind
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    assert {Meld("chi", "123m"): 1}[Meld("chi", "321m")] == 1


def test_frozen():
    m = Meld("pon", "555p")
    with pytest.raises(AttributeError):
        m.kind = "chi"
    with pytest.raises(AttributeError):
        m.foo = 1
    with pytest.raises(AttributeError):
        del m.kind
    with pytest.raises(ValueError):
        m.counts[0] = 1  # read-only array
    assert m.tiles == (13, 13, 13)


@pytest.mark.parametrize("alias, kind", [
    ("CHI", "chi"), (" pon ", "pon"), ("chow", "chi"), ("pung", "pon"), ("kong", "kan"),
    ("吃", "chi"), ("碰", "pon"), ("明杠", "minkan"), ("补杠", "kakan"), ("暗杠", "ankan"), ("杠", "kan"),
])
def test_kind_aliases(alias, kind):
    tiles = "123m" if kind == "chi" else "555m" if kind == "pon" else "5555m"
    assert Meld(alias, tiles).kind == kind


@pytest.mark.parametrize("kind, tiles, message", [
    ("chi", "124m", "Meld('chi', '124m'): chi must be 3 consecutive tiles of one suit"),
    ("chi", "89m1p", "Meld('chi', '89m1p'): chi must be 3 consecutive tiles of one suit"),
    ("chi", "123z", "Meld('chi', '123z'): chi must be 3 consecutive tiles of one suit (honors cannot form a chi)"),
    ("chi", "111m", "Meld('chi', '111m'): chi must be 3 consecutive tiles of one suit"),
    ("chi", "1234m", "Meld('chi', '1234m'): chi needs 3 tiles, got 4"),
    ("pon", "556p", "Meld('pon', '556p'): pon must be 3 identical tiles"),
    ("pon", "5p", "Meld('pon', '5p'): pon needs 3 tiles, got 1; write '555p'"),
    ("pon", "5555p", "Meld('pon', '5555p'): pon needs 3 tiles, got 4"),
    ("minkan", "555p", "Meld('minkan', '555p'): minkan needs 4 tiles, got 3"),
    ("ankan", "5556p", "Meld('ankan', '5556p'): ankan must be 4 identical tiles"),
    ("kakan", "1z", "Meld('kakan', '1z'): kakan needs 4 tiles, got 1; write '1111z'"),
])
def test_validation(kind, tiles, message):
    with pytest.raises(ValueError) as info:
        Meld(kind, tiles)
    assert str(info.value) == message


def test_validation_misc():
    with pytest.raises(ValueError, match="Meld kind must be one of chi, pon, minkan, kakan, ankan, kan; got 'foo'"):
        Meld("foo", "123m")
    with pytest.raises(TypeError):
        Meld(1, "123m")
    with pytest.raises(TypeError):
        Meld("pon", 5)
    with pytest.raises(TypeError):
        Meld("pon", b"555p")
    with pytest.raises(ValueError, match=r"^Meld tiles '55x': unknown character 'x' at position 2"):
        Meld("pon", "55x")
    with pytest.raises(ValueError):
        Meld("pon", [34, 34, 34])
    with pytest.raises(ValueError):
        Meld("pon", "")


def test_dict_round_trip():
    m = Meld("kan", "2222p")
    assert m.to_dict() == {"kind": "kan", "tiles": "2222p"}
    assert Meld.from_dict({"kind": "kan", "tiles": "2222p"}) == m
    with pytest.raises(TypeError):
        Meld.from_dict({"kind": "pon"})


def test_melds_counts():
    c = melds_counts([Meld("pon", "555p"), Meld("chi", "345p")])
    assert c.dtype == np.uint8 and c.shape == (34,)
    assert to_string(c) == "345555p"
    assert melds_counts([]).sum() == 0
    assert to_string(melds_counts(["[123m]", {"kind": "ankan", "tiles": "1111z"}])) == "123m1111z"
    with pytest.raises(TypeError):
        melds_counts([5])


def test_coerce_melds_ints():
    for k in range(6):
        assert coerce_melds(k) == (k, None)
    assert coerce_melds(np.int64(2)) == (2, None)
    assert coerce_melds(None) == (0, None)
    assert coerce_melds([]) == (0, None)
    for bad in (-1, 6, 100):
        with pytest.raises(ValueError):
            coerce_melds(bad)
    for bad in (True, 1.0, {"kind": "pon"}.keys(), object()):
        with pytest.raises(TypeError):
            coerce_melds(bad)


def test_coerce_melds_lists():
    ms = [Meld("chi", "123m"), Meld("pon", "555s")]
    assert coerce_melds(ms) == (2, ms)
    assert coerce_melds(tuple(ms)) == (2, ms)
    assert coerce_melds(Meld("pon", "555s")) == (1, [Meld("pon", "555s")])
    assert coerce_melds("[123m][555s]") == (2, ms)
    assert coerce_melds(["[123m]", {"kind": "pon", "tiles": "555s"}]) == (2, ms)
    k, out = coerce_melds(ms)
    assert out is not ms  # a new list


def test_coerce_melds_errors():
    with pytest.raises(TypeError, match=r"melds\[1\] must be a Meld, got int"):
        coerce_melds([Meld("chi", "123m"), 3])
    with pytest.raises(ValueError, match="6 melds given"):
        coerce_melds([Meld("chi", "123m")] * 6)
    with pytest.raises(ValueError, match="melds: 1m appears 6 times"):
        coerce_melds([Meld("chi", "123m")] * 3 + [Meld("pon", "111m")])
    with pytest.raises(ValueError, match="tiles outside brackets"):
        coerce_melds("[123m]5p")
    with pytest.raises(ValueError, match="not one bracketed meld"):
        coerce_melds(["[123m][456m]"])


def test_check_with_melds():
    hand = parse("55m")
    _check_with_melds(hand, None)
    _check_with_melds(hand, [Meld("pon", "555p")])
    with pytest.raises(ValueError, match=r"^hand: 5m appears 5 times counting the melds \(at most 4\)$"):
        _check_with_melds(hand, [Meld("pon", "555m")])
