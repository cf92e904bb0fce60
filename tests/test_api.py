"""The public API's conventions, examples from the issue, threads and workers."""
import pickle
import threading

import numpy as np
import pytest

import mjpy
from mjpy import Meld


def names(ws):
    return [w.name for w in ws]


def test_issue_examples():
    assert mjpy.shanten("123m456p789s1122z") == 0
    assert mjpy.is_win("1112345678999m5m")
    assert names(mjpy.waits("1112345678999m")) == [f"{i}m" for i in range(1, 10)]
    assert names(mjpy.waits("2233445566778p")) == ["2p", "5p", "8p"]
    assert [str(d) for d in mjpy.decompositions("1112345678999m5m")] == ["111m 234m 678m 999m 55m"]


def test_exact_shanten_with_four_of_a_kind():
    assert mjpy.shanten("1111m234p567p789s") == 1
    assert mjpy.shanten("4449999m666p678s") == 1
    assert mjpy.waits("1111m234p567p789s") == []
    assert not mjpy.is_tenpai("1111m234p567p789s")
    ex = mjpy.waits("1111m234p567p789s", include_exhausted=True)
    assert ex == [0] and ex[0].exhausted


def test_exhausted_counts_declared_melds():
    hand = "23m456p789s11z"  # waits 1m and 4m
    assert names(mjpy.waits(hand, melds=1)) == ["1m", "4m"]
    # with 1111m declared as a kong the player holds every 1m: 1m cannot be drawn
    kong = [Meld("ankan", "1111m")]
    assert names(mjpy.waits(hand, melds=kong)) == ["4m"]
    marked = mjpy.waits(hand, melds=kong, include_exhausted=True)
    assert names(marked) == ["1m", "4m"] and marked[0].exhausted and not marked[1].exhausted
    # a pon of 1m leaves the fourth copy drawable
    assert names(mjpy.waits(hand, melds=[Meld("pon", "111m")])) == ["1m", "4m"]
    with pytest.raises(ValueError, match="5 times across hand and melds"):
        mjpy.waits("11m456p789s11z", melds=[Meld("pon", "111m")])


def test_seven_pairs_conventions():
    hand = "11112233445566z"  # 1z four times
    assert mjpy.shanten(hand) == -1
    assert mjpy.is_win(hand)
    assert mjpy.shanten(hand, quads_as_two_pairs=False) == 1
    assert not mjpy.is_win(hand, quads_as_two_pairs=False)
    assert [d.form for d in mjpy.decompositions(hand)] == ["seven_pairs"]
    assert mjpy.shanten_seven_pairs("1122m3344p5566s7z") == 0


def test_thirteen_orphans_thirteen_sided():
    assert len(mjpy.waits("19m19p19s1234567z")) == 13
    assert names(mjpy.waits("19m19p19s1234566z")) == ["7z"]  # 白 (index 33) is 7z here


def test_knitted_forms():
    assert mjpy.shanten("147m258p369s1234z", forms="all") == 0  # 全不靠 tenpai, 13 distinct
    assert mjpy.is_win("147m258p369s12345z", forms="all")
    assert not mjpy.is_win("147m258p369s12345z")  # not with the default forms
    # 组合龙 + a set + a pair
    assert mjpy.is_win("147m258p369s123m55z", forms="all")
    assert mjpy.shanten_knitted("147m258p369s12345z") == -1
    forms = {d.form for d in mjpy.decompositions("147m258p369s123m55z", forms="all")}
    assert forms == {"knitted_straight"}


def test_sixteen_tile_play():
    hand = "123456789m123p11z"  # 5 sets - 1 + pair: 16 tiles waiting? 3+3+3+3+2 = 14 ... add 3
    hand16 = "123456789m123456p1z"  # 16 tiles, single wait on 1z
    assert mjpy.shanten(hand16, hand_size=16) == 0
    assert names(mjpy.waits(hand16, hand_size=16)) == ["1z"]
    assert mjpy.is_win(hand16 + "1z", hand_size=16)
    with pytest.raises(ValueError, match="16 or 17"):
        mjpy.shanten(hand, hand_size=16)


def test_useful_tiles_visible():
    u = mjpy.useful_tiles("123m456p789s1122z")
    assert [(x.name, x.left) for x in u] == [("1z", 2), ("2z", 2)]
    u = mjpy.useful_tiles("123m456p789s1122z", visible="1z")
    assert [(x.name, x.left) for x in u] == [("1z", 1), ("2z", 2)]
    with pytest.raises(ValueError, match="visible"):
        mjpy.useful_tiles("123m456p789s1122z", visible="111z")


def test_wait_is_an_int_and_pickles():
    w = mjpy.waits("1111m234p567p789s", include_exhausted=True)[0]
    assert w == 0 and isinstance(w, int)
    back = pickle.loads(pickle.dumps(w))
    assert back == 0 and back.exhausted


def test_hand_argument_kinds_agree():
    text = "123m456p789s1122z"
    arr = mjpy.parse(text)
    for hand in (text, arr, list(arr), tuple(int(x) for x in arr), arr.tobytes(), arr.astype(np.int64)):
        assert mjpy.shanten(hand) == 0


def test_forms_that_cannot_apply_raise():
    with pytest.raises(ValueError, match="no requested form"):
        mjpy.shanten("123m456p789s11z", melds=1, forms=("seven_pairs",))
    with pytest.raises(ValueError, match="unknown form"):
        mjpy.shanten("123m456p789s1122z", forms=("nine_gates",))


def _random_hands(n, size, seed):
    rng = np.random.default_rng(seed)
    ids = np.argsort(rng.random((n, 136)), axis=1)[:, :size] // 4
    out = np.zeros((n, 34), np.uint8)
    np.add.at(out, (np.repeat(np.arange(n), size), ids.ravel()), 1)
    return out


def test_batch_matches_scalar_and_workers_agree():
    hands = _random_hands(3000, 13, 1)
    s1 = mjpy.batch.shanten(hands, workers=1)
    s2 = mjpy.batch.shanten(hands, workers=2)
    s4 = mjpy.batch.shanten(hands, workers=4)
    assert s1.dtype == np.int8 and (s1 == s2).all() and (s1 == s4).all()
    assert all(mjpy.shanten(h) == s for h, s in zip(hands[:500], s1[:500]))
    w = mjpy.batch.waits(hands, workers=2)
    assert w.dtype == np.uint64
    assert all(mjpy.waits_mask(h) == m for h, m in zip(hands[:500], w[:500]))
    big = np.repeat(hands, 20, axis=0)  # 60,000 rows: several chunks per worker
    assert (mjpy.batch.shanten(big, workers=2) == np.repeat(s1, 20)).all()


def test_batch_per_row_melds():
    hands = np.stack([mjpy.parse("123m456p789s1122z"), mjpy.parse("456p789s1122z")])
    out = mjpy.batch.shanten(hands, melds=np.array([0, 1]))
    assert out.tolist() == [0, 0]
    with pytest.raises(ValueError, match=r"hands\[1\] has 10 tiles with 0 melds"):
        mjpy.batch.shanten(hands, melds=0)


def test_batch_empty():
    assert mjpy.batch.shanten(np.zeros((0, 34), np.uint8)).shape == (0,)


def test_scalar_calls_are_thread_safe():
    hands = _random_hands(400, 13, 2)
    expected = [mjpy.shanten(h) for h in hands]
    errors = []

    def work():
        for _ in range(5):
            if [mjpy.shanten(h) for h in hands] != expected:
                errors.append("mismatch")

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
