"""Two- and three-player rule sets in deal and simulate (two_player_71: 71 of the 136 tiles; 卡五星: 3 players,
84 tiles): ``mjpy.random.deal_table`` gives every seat's hand from one wall; ``simulate`` draws one player's
share of the live wall by default and refuses more than the wall holds.
"""
from __future__ import annotations

import numpy as np
import pytest

import mjpy
from mjpy.random import deal, deal_table, walls
from mjpy.rules import registry
from mjpy.simulation import DEFAULT_DRAWS, get_rules


@pytest.mark.parametrize("name", ["sichuan", "kawuxing", "two_player_71", "guobiao", "wenzhou"])
def test_deal_table_takes_every_seat_from_one_wall(name):
    row = registry.info(name)
    t = deal_table(300, name, seed=4)
    assert t.shape == (300, row.players, 34) and t.dtype == np.uint8
    assert (t.sum(axis=2) == row.hand_size).all()
    assert np.array_equal(t[:, 0], deal(300, name, seed=4))              # seat 0 is deal's hand
    w = walls(300, name, seed=4)
    tiles = [r[r < 34][: row.players * row.hand_size] for r in w]          # flowers set aside
    for i in range(0, 300, 37):
        for p in range(row.players):
            seat = tiles[i][p * row.hand_size:(p + 1) * row.hand_size]
            assert np.array_equal(np.bincount(seat, minlength=34), t[i, p])
    assert (t.sum(axis=1) <= 4).all()                                     # one wall: at most four of a kind
    kinds = set(mjpy.random.wall_kinds(name)[0])
    assert set(np.flatnonzero(t.sum(axis=(0, 1)))) <= kinds


def test_two_player_wall_is_71_tiles():
    w = walls(500, "two_player_71", seed=2)
    assert w.shape == (500, 71)
    counts = np.stack([np.bincount(r, minlength=34) for r in w])
    assert (counts <= 4).all() and (counts.sum(1) == 71).all()
    assert (counts == 0).any(axis=1).mean() > 0.5                        # most walls miss some kind entirely


def test_simulate_draws_the_players_share():
    assert get_rules("two_player_71").default_draws == (71 - 26) // 2 == 22
    assert get_rules("kawuxing").default_draws == (84 - 39) // 3 == 15
    assert get_rules("sichuan").default_draws == DEFAULT_DRAWS
    r = mjpy.simulate("two_player_71", deals=400, seed=1)
    assert r.draws == 22 and r.shanten.shape == (400, 22)
    assert mjpy.simulate("kawuxing", deals=200, seed=1).draws == 15
    assert mjpy.simulate("kawuxing", deals=200, seed=1, draws=45).draws == 45
    with pytest.raises(ValueError, match="draws"):
        mjpy.simulate("kawuxing", deals=10, draws=46)                      # 84 - 3 × 13 tiles left
    with pytest.raises(ValueError, match="draws"):
        mjpy.simulate("two_player_71", deals=10, draws=46)                 # 71 - 2 × 13


def test_kawuxing_simulation_uses_its_84_tiles():
    r = mjpy.simulate("kawuxing", deals=300, seed=3)
    hands = r.arrays()["hand"]
    assert not hands[:, :9].any() and not hands[:, 27:31].any()           # no 万, no wind
    assert (r.fan[r.win_turn >= 0] >= 1).all()                            # a 卡五星 win is worth 1 at least


def test_zipai_has_no_wall():
    with pytest.raises(ValueError, match="not a mahjong rule set"):
        deal_table(1, "daye_zipai")
    with pytest.raises(ValueError, match="not a mahjong"):
        deal(1, "daye_zipai")
