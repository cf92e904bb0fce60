# cython: language_level=3
"""Load the generated lookup tables once, read-only, shared by every thread.

The arrays come from ``_tables/tables.npz`` (written by ``tables/generate.py``); the module keeps
them alive for the life of the process and hands out raw pointers through :c:func:`get_tables`.
"""
from importlib import resources

import numpy as np

from libc.stdint cimport int8_t, uint8_t, uint16_t

cdef Tables _TABLES
cdef dict _ARRAYS = {}
cdef dict _BY_M = {}          # derived layouts the kernel reads (kept alive here)

_EXPECTED = {
    "suit_state": np.uint8,
    "suit_states": np.uint8,
    "suit_wait": np.uint16,
    "honor_state": np.uint8,
    "honor_states": np.uint8,
    "honor_wait": np.uint16,
    "pair_class": np.uint16,
    "mixed_class": np.uint16,
    "final_dist": np.uint8,
    "suit_ustate": np.uint8,
    "suit_ustates": np.uint8,
    "honor_ustate": np.uint8,
    "honor_ustates": np.uint8,
    "upair_class": np.uint16,
    "umixed_class": np.uint16,
    "ufinal_dist": np.uint8,
    "suit_bstate": np.uint8,
    "suit_bstates": np.uint8,
    "honor_bstate": np.uint8,
    "honor_bstates": np.uint8,
    "suit_pclass": np.uint8,
    "suit_pclasses": np.int8,
    "wind_pclass": np.uint8,
    "wind_pclasses": np.int8,
    "dragon_pclass": np.uint8,
    "dragon_pclasses": np.int8,
}


def _check(a):
    ns, nh = a["suit_states"].shape[0], a["honor_states"].shape[0]
    npc, nmc = a["pair_class"].max() + 1, a["mixed_class"].max() + 1
    nus, nuh = a["suit_ustates"].shape[0], a["honor_ustates"].shape[0]
    nupc, numc = a["upair_class"].max() + 1, a["umixed_class"].max() + 1
    expect = {
        "suit_state": (5**9,), "suit_wait": (5**9,), "honor_state": (5**7,), "honor_wait": (5**7,),
        "suit_states": (ns, 16), "honor_states": (nh, 16), "pair_class": (ns, ns),
        "mixed_class": (ns, nh), "final_dist": (npc, nmc, 8),
        "suit_ustate": (5**9,), "honor_ustate": (5**7,), "suit_ustates": (nus, 16),
        "honor_ustates": (nuh, 16), "upair_class": (nus, nus), "umixed_class": (nus, nuh),
        "ufinal_dist": (nupc, numc, 8), "suit_bstate": (5**9,), "honor_bstate": (5**7,),
        "suit_bstates": (a["suit_bstates"].shape[0], BUDGET_ROW),
        "honor_bstates": (a["honor_bstates"].shape[0], BUDGET_ROW),
        "suit_pclass": (5**9,), "suit_pclasses": (a["suit_pclasses"].shape[0], 18),
        "wind_pclass": (5**4,), "wind_pclasses": (a["wind_pclasses"].shape[0], 18),
        "dragon_pclass": (5**3,), "dragon_pclasses": (a["dragon_pclasses"].shape[0], 18),
    }
    for name, dtype in _EXPECTED.items():
        if a[name].dtype != dtype or a[name].shape != expect[name]:
            raise ImportError(f"mjcore table {name!r} is corrupt: {a[name].dtype} {a[name].shape}")
    if a["suit_state"].max() >= ns or a["honor_state"].max() >= nh:
        raise ImportError("mjcore state tables are inconsistent")
    if (a["suit_ustate"].max() >= nus or a["honor_ustate"].max() >= nuh
            or a["suit_bstate"].max() >= a["suit_bstates"].shape[0]
            or a["honor_bstate"].max() >= a["honor_bstates"].shape[0]
            or any(a[f"{g}_pclass"].max() >= a[f"{g}_pclasses"].shape[0] for g in ("suit", "wind", "dragon"))):
        raise ImportError("mjcore joker state tables are inconsistent")
    if (ns, nh, nus, nuh) != (N_SUIT_STATES, N_HONOR_STATES, N_SUIT_USTATES, N_HONOR_USTATES):
        raise ImportError(f"mjcore was compiled for other block state counts than the tables have "
                          f"({ns}/{nh}/{nus}/{nuh}): rebuild after regenerating the tables")


def _load():
    ref = resources.files("mjcore").joinpath("_tables/tables.npz")
    with ref.open("rb") as fh, np.load(fh) as data:
        for name in _EXPECTED:
            a = np.ascontiguousarray(data[name])
            a.setflags(write=False)
            _ARRAYS[name] = a
    _check(_ARRAYS)
    cdef const uint8_t[::1] ss = _ARRAYS["suit_state"]
    cdef const uint8_t[:, ::1] sss = _ARRAYS["suit_states"]
    cdef const uint16_t[::1] sw = _ARRAYS["suit_wait"]
    cdef const uint8_t[::1] hs = _ARRAYS["honor_state"]
    cdef const uint8_t[:, ::1] hss = _ARRAYS["honor_states"]
    cdef const uint16_t[::1] hw = _ARRAYS["honor_wait"]
    cdef const uint16_t[:, ::1] pc = _ARRAYS["pair_class"]
    cdef const uint16_t[:, ::1] mc = _ARRAYS["mixed_class"]
    # the final distances with M first (the kernel's layout; arrays() keeps the file's)
    _BY_M["final_dist"] = np.ascontiguousarray(_ARRAYS["final_dist"].transpose(2, 0, 1))
    _BY_M["ufinal_dist"] = np.ascontiguousarray(_ARRAYS["ufinal_dist"].transpose(2, 0, 1))
    for a in _BY_M.values():
        a.setflags(write=False)
    cdef const uint8_t[:, :, ::1] fd = _BY_M["final_dist"]
    _TABLES.suit_state = &ss[0]
    _TABLES.suit_states = &sss[0, 0]
    _TABLES.suit_wait = &sw[0]
    _TABLES.honor_state = &hs[0]
    _TABLES.honor_states = &hss[0, 0]
    _TABLES.honor_wait = &hw[0]
    _TABLES.pair_class = &pc[0, 0]
    _TABLES.mixed_class = &mc[0, 0]
    _TABLES.final_dist = &fd[0, 0, 0]
    _TABLES.n_pair = fd.shape[1]
    _TABLES.n_mixed = fd.shape[2]
    cdef const uint8_t[::1] sus = _ARRAYS["suit_ustate"]
    cdef const uint8_t[::1] hus = _ARRAYS["honor_ustate"]
    cdef const uint16_t[:, ::1] upc = _ARRAYS["upair_class"]
    cdef const uint16_t[:, ::1] umc = _ARRAYS["umixed_class"]
    cdef const uint8_t[:, :, ::1] ufd = _BY_M["ufinal_dist"]
    cdef const uint8_t[::1] sbs = _ARRAYS["suit_bstate"]
    cdef const uint8_t[:, ::1] sbss = _ARRAYS["suit_bstates"]
    cdef const uint8_t[::1] hbs = _ARRAYS["honor_bstate"]
    cdef const uint8_t[:, ::1] hbss = _ARRAYS["honor_bstates"]
    _TABLES.suit_ustate = &sus[0]
    _TABLES.honor_ustate = &hus[0]
    _TABLES.upair_class = &upc[0, 0]
    _TABLES.umixed_class = &umc[0, 0]
    _TABLES.ufinal_dist = &ufd[0, 0, 0]
    _TABLES.n_upair = ufd.shape[1]
    _TABLES.n_umixed = ufd.shape[2]
    _TABLES.suit_bstate = &sbs[0]
    _TABLES.suit_bstates = &sbss[0, 0]
    _TABLES.honor_bstate = &hbs[0]
    _TABLES.honor_bstates = &hbss[0, 0]
    cdef const uint8_t[::1] spc = _ARRAYS["suit_pclass"]
    cdef const int8_t[:, ::1] spcs = _ARRAYS["suit_pclasses"]
    cdef const uint8_t[::1] wpc = _ARRAYS["wind_pclass"]
    cdef const int8_t[:, ::1] wpcs = _ARRAYS["wind_pclasses"]
    cdef const uint8_t[::1] dpc = _ARRAYS["dragon_pclass"]
    cdef const int8_t[:, ::1] dpcs = _ARRAYS["dragon_pclasses"]
    _TABLES.suit_pclass = &spc[0]
    _TABLES.suit_pclasses = &spcs[0, 0]
    _TABLES.n_pclasses = spcs.shape[0]
    _TABLES.wind_pclass = &wpc[0]
    _TABLES.wind_pclasses = &wpcs[0, 0]
    _TABLES.dragon_pclass = &dpc[0]
    _TABLES.dragon_pclasses = &dpcs[0, 0]


_load()


cdef const Tables* get_tables() noexcept nogil:
    return &_TABLES


def arrays():
    """The loaded tables as read-only numpy arrays (for tests and tools)."""
    return dict(_ARRAYS)
