"""The Sichuan and Guobiao modules behind the common :class:`~mjpy.rules.interface.RuleSet`.

>>> from mjpy import rules, Meld
>>> gb = rules.get("guobiao")
>>> r = gb.score("11199p222z", melds=[Meld("chi", "123m"), Meld("pon", "555s")], win_tile="2z",
...              seat_wind="S", self_drawn=True)
>>> r.is_win, r.total, r.reason
(False, 6, 'guobiao: 6 fans, the minimum is 8')

:mod:`mjpy.rules.sichuan` and :mod:`mjpy.rules.guobiao` keep their own functions; these classes
map the common arguments onto them and their results onto :class:`~mjpy.rules.interface.Result`.
"""
from __future__ import annotations

import dataclasses
from typing import Dict

import numpy as np

from mjcore.batch import coerce_hands
from mjcore.engine import DINGQUE_SHIFT_BITS

from ..meld import Meld
from ..tiles import suit_number, tile_index
from .baopai import BONUS_FLAGS, bonus_kinds, count_bonus, count_bonus_rows
from .engine.scoring import RuleSpec, TableRules
from .interface import Result, RuleSet, check_option_names, hand_and_melds

__all__ = ["SichuanRules", "GuobiaoRules", "SichuanEngineRules", "sichuan_on_engine", "sichuan_rules"]


def _bound_options(row_name: str, factory, fields, options):
    check_option_names(row_name, options, fields)
    try:
        return factory(**options)
    except TypeError as e:   # a wrong type for a field: name it
        raise ValueError(f"{row_name}: {e}") from None


def _engine_melds(a: np.ndarray, rule: str):
    """The engine's (N, 4, 2) meld array (:func:`mjpy.rules.engine.melds_array`: kind codes chi 1, pon 2,
    minkan 3, kakan 4, ankan 5, 0 none, melds first) checked: ``(codes, tiles)`` as two (N, 4) int arrays."""
    if a.dtype.kind not in "iu":
        raise TypeError(f"{rule}: melds array must hold integers, got dtype {a.dtype}")
    codes, tiles = a[:, :, 0].astype(np.int64), a[:, :, 1].astype(np.int64)
    empty = codes == 0
    after_gap = np.zeros_like(empty)
    after_gap[:, 1:] = np.logical_or.accumulate(empty, axis=1)[:, :-1] & ~empty[:, 1:]
    bad = ((codes < 0) | (codes > 5) | (~empty & ((tiles < 0) | (tiles > 33))) | after_gap
           | ((codes == 1) & ((tiles >= 27) | (tiles % 9 > 6))))
    if bad.any():
        i = int(np.flatnonzero(bad.any(1))[0])
        raise ValueError(f"hands[{i}]: {rule}: melds row {a[i].tolist()} is not (kind code 1-5, lowest tile) "
                         f"pairs, melds first (codes: chi 1, pon 2, minkan 3, kakan 4, ankan 5)")
    return codes, tiles


def _meld_rows(melds, n: int, rule: str = "", convert=None):
    """Per-row meld lists (``None`` = none); an (N, 4, 2) array in the engine's encoding goes through
    ``convert(codes, tiles)`` into the rule set's own; another array passes through in the rule set's
    own encoding."""
    if melds is None:
        return None
    if isinstance(melds, np.ndarray):
        if melds.ndim == 3:
            if melds.shape != (n, 4, 2):
                raise ValueError(f"{rule}: melds array must have shape ({n}, 4, 2), got {melds.shape}")
            return convert(*_engine_melds(melds, rule))
        return melds
    if len(melds) != n:
        raise ValueError(f"melds: {len(melds)} meld lists for {n} hands")
    for i, ms in enumerate(melds):
        for j, m in enumerate(ms):
            if not isinstance(m, Meld):
                raise TypeError(f"melds[{i}][{j}] must be a Meld, got {type(m).__name__}")
    return melds


class SichuanRules(RuleSet):
    """``sichuan_fan`` / ``sichuan_points`` / ``chengdu_simple``: :mod:`mjpy.rules.sichuan`.

    Options: the fields of :class:`~mjpy.rules.sichuan.SichuanOptions` (the profile is the rule
    set's name). Flags: ``dingque=`` (定缺 suit), ``kong_discard=`` (杠上炮)."""

    extra_flags = ("dingque", "kong_discard")
    batch_flags = ("after_kong", "kong_discard", "robbing_kong", "tianhu", "dihu", "dingque")

    @classmethod
    def bind(cls, row, options):
        from .sichuan import SichuanOptions

        fields = {f.name for f in dataclasses.fields(SichuanOptions)} - {"profile"}
        opts = _bound_options(row.name, lambda **o: SichuanOptions.preset(row.name, **o),
                              fields, options)
        return cls(row, opts)

    @classmethod
    def defaults(cls, row) -> dict:
        from .sichuan import SichuanOptions

        d = dataclasses.asdict(SichuanOptions.preset(row.name))
        del d["profile"]
        return d

    def _result(self, r) -> Result:
        return Result(r.is_win, r.total_fan if r.is_win else 0, [(f.name, f.value) for f in r.fans], r.unit,
                      self.name, r.reason, r.form, None, r)

    def _score(self, hand, melds, win_tile, flags) -> Result:
        from . import sichuan

        return self._result(sichuan.score(
            hand, melds, win_tile, self_drawn=flags["self_drawn"], after_kong=flags["after_kong"],
            kong_discard=flags.get("kong_discard", False), robbing_kong=flags["robbing_kong"],
            tianhu=flags["tianhu"], dihu=flags["dihu"], dingque=flags.get("dingque"), options=self.options))

    def _waits(self, hand13, melds, flags) -> Dict[str, Result]:
        from . import sichuan

        return {t: self._result(r) for t, r in
                sichuan.tenpai_scores(hand13, melds, flags.get("dingque"), options=self.options).items()}

    def _score_batch(self, hands, win_tiles, melds, flags, workers) -> np.ndarray:
        from . import sichuan

        n = len(hands)
        return sichuan.score_batch(hands, win_tiles, melds=_meld_rows(melds, n, self.name, self._melds34),
                                   options=self.options,
                                   workers=workers, **flags)

    def _melds34(self, codes, tiles):
        """Engine meld codes -> Sichuan's (N, 34) encoding (3 = 碰, 4 = kong)."""
        chi = (codes == 1).any(1)
        if chi.any():
            raise ValueError(f"hands[{int(np.argmax(chi))}]: {self.name}: Sichuan has no chi (不可以吃)")
        out = np.zeros((len(codes), 34), np.int8)
        rows = np.repeat(np.arange(len(codes)), 4).reshape(len(codes), 4)
        held = codes > 0
        np.add.at(out, (rows[held], tiles[held]), np.where(codes[held] == 2, 3, 4).astype(np.int8))
        return out

    @property
    def can_settle(self) -> bool:
        return self.name != "chengdu_simple"

    def _settle(self, table):
        from .sichuan_settle import settle

        if not self.can_settle:
            raise ValueError("chengdu_simple: no table settlement (the Chengdu modes settle with sichuan_fan and "
                             "a chengdu_* preset: mjpy settle FILE --rules sichuan --preset chengdu_biaozhun)")
        return settle(table, self.options)


class GuobiaoRules(RuleSet):
    """``guobiao``: :mod:`mjpy.rules.guobiao`. ``is_win`` includes the minimum (``min_fan``, flowers
    not counted). Options: the fields of :class:`~mjpy.rules.guobiao.GuobiaoOptions`. Flags:
    ``fourth_tile=`` (和绝张), ``flowers=``; ``after_kong`` / ``robbing_kong`` are 杠上开花 / 抢杠和,
    ``last_tile`` 妙手回春 / 海底捞月."""

    _flags = ("fourth_tile", "flowers")
    _batch = ("after_kong", "robbing_kong", "last_tile", "fourth_tile", "flowers", "seat_wind", "round_wind")

    @property
    def extra_flags(self):
        return self._flags + (BONUS_FLAGS if self.options.baopai else ())

    @property
    def batch_flags(self):
        return self._batch + (BONUS_FLAGS if self.options.baopai else ())

    @classmethod
    def bind(cls, row, options):
        from .guobiao import GuobiaoOptions

        fields = {f.name for f in dataclasses.fields(GuobiaoOptions)}
        return cls(row, _bound_options(row.name, GuobiaoOptions, fields, options))

    @classmethod
    def defaults(cls, row) -> dict:
        from .guobiao import GuobiaoOptions

        return dataclasses.asdict(GuobiaoOptions())

    def _result(self, r) -> Result:
        reason = r.reason
        if r.is_win and not r.is_valid_win:
            reason = f"guobiao: {r.total - r.flowers} fans, the minimum is {r.min_fan}"
        return Result(bool(r.is_valid_win), r.total if r.is_win else 0, [(f.name, f.value) for f in r.fans], "番",
                      self.name, reason, r.form, None, r)

    def _score(self, hand, melds, win_tile, flags) -> Result:
        from . import guobiao

        r = self._result(guobiao.score(
            hand, melds, win_tile, self_drawn=flags["self_drawn"], fourth_tile=flags.get("fourth_tile", False),
            kong_related=bool(flags["after_kong"] or flags["robbing_kong"]), last_tile=flags["last_tile"],
            seat_wind=flags["seat_wind"], round_wind=flags["round_wind"], flowers=flags.get("flowers", 0),
            options=self.options))
        return self._bonus(r, hand, melds, None, flags)

    def _waits(self, hand13, melds, flags) -> Dict[str, Result]:
        from . import guobiao

        return {t: self._bonus(self._result(r), hand13, melds, t, flags) for t, r in guobiao.best_tenpai(
            hand13, melds, self_drawn=flags["self_drawn"], seat_wind=flags["seat_wind"],
            round_wind=flags["round_wind"], flowers=flags.get("flowers", 0), options=self.options).items()}

    def _bonus(self, r: Result, hand, melds, added, flags) -> Result:
        """``r`` with the 寶牌 of the hand (``added``: the winning tile of a waiting hand): ``baopai_fan`` per
        copy, outside the minimum (docs/rules.md#baopai)."""
        if not self.options.baopai or not r.total or all(flags.get(k) is None for k in BONUS_FLAGS):
            return r
        counts, meld_list = hand_and_melds(self.name, hand, melds)
        c = counts.astype(int)
        if added is not None:
            c[tile_index(added)] += 1
        n = count_bonus(c, [(m.kind, min(m.tiles)) for m in meld_list],
                        bonus_kinds(flags.get("bonus_tiles"), flags.get("bonus_indicator"), name=self.name))
        if not n:
            return r
        v = self.options.baopai_fan
        return dataclasses.replace(r, total=r.total + n * v, fans=list(r.fans) + [("寶牌", v)] * n)

    @staticmethod
    def _melds8(codes, tiles):
        """Engine meld codes -> Guobiao's (N, 8) encoding (kind -1 none, 0 chi, 1 pon, 2 明杠, 3 暗杠)."""
        kind = np.array([-1, 0, 1, 2, 2, 3], np.int8)[codes]
        return np.ascontiguousarray(np.stack([kind, np.where(codes > 0, tiles, -1).astype(np.int8)], 2)
                                    .reshape(len(codes), 8))

    def _score_batch(self, hands, win_tiles, melds, flags, workers) -> np.ndarray:
        from . import guobiao

        n = len(hands)
        m = _meld_rows(melds, n, self.name, self._melds8)
        if m is not None and not isinstance(m, np.ndarray):
            m = guobiao.batch_melds(m)
        bits = np.zeros(n, np.int64)
        for name, bit in (("self_drawn", 1), ("fourth_tile", 2), ("after_kong", 4), ("robbing_kong", 4),
                          ("last_tile", 8)):
            v = flags.get(name, False)
            a = np.asarray(v)
            if a.dtype.kind not in "bi" or (a.ndim and a.shape != (n,)):
                raise ValueError(f"{name} must be a bool or one bool per row ({n}), got {a.dtype} {a.shape}")
            bits |= np.where(a.astype(bool), bit, 0)
        totals, fans = guobiao.score_batch(hands, m, win_tiles, bits, flags.get("seat_wind"),
                                           flags.get("round_wind"), flags.get("flowers"), return_fans=True,
                                           workers=workers, options=self.options)
        flowers = fans[:, 81].astype(np.int32)
        out = np.where((totals >= 0) & (totals - flowers >= self.options.min_fan), totals, -1).astype(np.int32)
        if self.options.baopai and any(flags.get(k) is not None for k in BONUS_FLAGS):
            codes = np.zeros((n, 8), np.int8)               # the engine's meld codes, for the bonus count
            if m is not None:
                kind = np.asarray(m)[:, 0::2]
                codes[:, 0::2] = np.select([kind == 0, kind == 1, kind >= 2], [1, 2, 3], 0)
                codes[:, 1::2] = np.where(kind >= 0, np.asarray(m)[:, 1::2], 0)
            nb = count_bonus_rows(coerce_hands(hands, f"{self.name}: hands"), codes, flags.get("bonus_tiles"),
                                  flags.get("bonus_indicator"), self.name)
            out = np.where(out >= 0, out + nb * self.options.baopai_fan, out).astype(np.int32)
        return out


# ------------------------------------------------------------------------------------ Sichuan on the engine
def _sichuan_spec(profile: str):
    """The :class:`~mjpy.rules.engine.scoring.RuleSpec` of a Sichuan profile: the tables of
    :mod:`mjpy.rules.sichuan_tables`, the 108 suited tiles, 定缺 and 杠上炮 as flags."""
    from . import sichuan_tables
    from .sichuan import SichuanOptions

    d = dataclasses.asdict(SichuanOptions.preset(profile))
    del d["profile"]

    def settle(rs, table):
        from .sichuan_settle import settle as sichuan_settle

        return sichuan_settle(table, rs.options)

    return RuleSpec(profile, defaults=d, table=lambda o: sichuan_tables.table(o, profile),
                    kinds=lambda o: range(27), extra_flags=("dingque", "kong_discard"),
                    exhausted_waits=lambda o: o.count_exhausted_waits, detail=sichuan_tables.detail,
                    settle=None if profile == "chengdu_simple" else settle, baopai=profile != "sichuan_points")


def _ensure_sichuan_spec(profile: str) -> None:
    """Register the engine spec of a Sichuan profile on first use."""
    if profile not in TableRules.specs:
        TableRules.register(_sichuan_spec(profile))


class SichuanEngineRules(TableRules):
    """``sichuan_fan`` / ``sichuan_points`` / ``chengdu_simple`` on the rule engine: the tables of
    :mod:`mjpy.rules.sichuan_tables`. Options: the fields of
    :class:`~mjpy.rules.sichuan.SichuanOptions` (``options`` is one). Flags: ``dingque=``,
    ``kong_discard=``. Built by :func:`sichuan_on_engine`; its answers are those of
    :mod:`mjpy.rules.sichuan` (tests/test_sichuan_engine.py)."""

    @classmethod
    def bind(cls, row, options):
        from .sichuan import SichuanOptions

        _ensure_sichuan_spec(row.name)
        fields = {f.name for f in dataclasses.fields(SichuanOptions)} - {"profile"}
        return cls(row, _bound_options(row.name, lambda **o: SichuanOptions.preset(row.name, **o),
                                       fields, options))

    @classmethod
    def defaults(cls, row) -> dict:
        return SichuanRules.defaults(row)

    def _situation(self, flags):
        if flags.get("dingque") is None and self.options.dingque is not None:
            flags = dict(flags, dingque=self.options.dingque)
        return super()._situation(flags)

    def _option_bits(self) -> int:
        dq = self.options.dingque
        return 0 if dq is None else (suit_number(dq, f"{self.name}: dingque") + 1) << DINGQUE_SHIFT_BITS

    def __reduce__(self):
        return _sichuan_engine_rebuild, (self.name, self.options)


def _sichuan_engine_rebuild(name, options):
    """Unpickle a :class:`SichuanEngineRules` (its options are a SichuanOptions)."""
    from .registry import info

    row = info(name)
    _ensure_sichuan_spec(row.name)
    return SichuanEngineRules(row, options)


def sichuan_rules(options) -> SichuanEngineRules:
    """The engine rule set of a :class:`~mjpy.rules.sichuan.SichuanOptions` (its profile and flags),
    built once per options object (the settlement scores every win with it)."""
    rs = options.__dict__.get("_engine_rules")
    if rs is None:
        rs = _sichuan_engine_rebuild(options.profile, options)
        object.__setattr__(options, "_engine_rules", rs)   # cached on the frozen options (not a field)
    return rs


def sichuan_on_engine(name: str = "sichuan_fan", **options) -> SichuanEngineRules:
    """A Sichuan profile on the rule engine: what ``rules.get(name, **options)`` returns for the
    three Sichuan profiles (docs/rules.md#sichuan-engine).

    >>> rs = sichuan_on_engine("sichuan_fan")
    >>> r = rs.score("11222244p557799m", win_tile="9m", self_drawn=True, dingque="s")
    >>> r.fans, r.total
    ([('龙七对', 5)], 5)
    """
    from .registry import info

    row = info(name)
    if row.name not in ("sichuan_fan", "sichuan_points", "chengdu_simple"):
        raise ValueError(f"sichuan_on_engine: {name!r} is not a Sichuan profile")
    return SichuanEngineRules.bind(row, options)
