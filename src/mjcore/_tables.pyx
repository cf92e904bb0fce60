# cython: language_level=3
"""Load the generated lookup tables once, read-only, shared by every thread.

The arrays come from ``_tables/tables.npz`` (written by ``tables/generate.py``); the module keeps
them alive for the life of the process and hands out raw pointers through :c:func:`get_tables`.
"""
from importlib import resources

from libc.stdint cimport uint8_t, uint16_t, uint32_t

import numpy as np

cdef Tables _TABLES
cdef dict _ARRAYS = {}

EXPECTED = {
    "suit_info": (np.uint32, (5**9,)),
    "honor_info": (np.uint32, (5**7,)),
    "suit_dist": (np.uint8, None),
    "honor_dist": (np.uint8, None),
    "pair_class": (np.uint16, None),
    "triple_class": (np.uint16, None),
    "final_dist": (np.uint8, None),
}


def _load():
    ref = resources.files("mjcore").joinpath("_tables/tables.npz")
    with ref.open("rb") as fh, np.load(fh) as data:
        for name, (dtype, shape) in EXPECTED.items():
            a = np.ascontiguousarray(data[name])
            if a.dtype != dtype or (shape is not None and a.shape != shape):
                raise ImportError(f"mjcore table {name!r} is corrupt: {a.dtype} {a.shape}")
            if name.endswith("_dist") and name != "final_dist" and (
                    a.ndim != 2 or a.shape[1] != 16 or a.shape[0] > 256):
                raise ImportError(f"mjcore table {name!r} is corrupt: shape {a.shape}")
            a.setflags(write=False)
            _ARRAYS[name] = a
    cdef const uint32_t[::1] si = _ARRAYS["suit_info"]
    cdef const uint32_t[::1] hi = _ARRAYS["honor_info"]
    cdef const uint8_t[:, ::1] sd = _ARRAYS["suit_dist"]
    cdef const uint8_t[:, ::1] hd = _ARRAYS["honor_dist"]
    _TABLES.suit_info = &si[0]
    _TABLES.honor_info = &hi[0]
    _TABLES.suit_dist = &sd[0, 0]
    _TABLES.honor_dist = &hd[0, 0]
    cdef const uint16_t[:, ::1] pc = _ARRAYS["pair_class"]
    cdef const uint16_t[:, ::1] tc = _ARRAYS["triple_class"]
    cdef const uint8_t[:, :, ::1] fd = _ARRAYS["final_dist"]
    ns, nh = sd.shape[0], hd.shape[0]
    if (pc.shape[0], pc.shape[1]) != (ns, ns) or tc.shape[1] != ns or pc.shape[0] == 0 \
            or (fd.shape[0], fd.shape[1], fd.shape[2]) != (tc.shape[0], nh, 8) \
            or int(np.max(_ARRAYS["pair_class"])) >= tc.shape[0] \
            or int(np.max(_ARRAYS["triple_class"])) >= fd.shape[0] \
            or int(np.max(_ARRAYS["suit_info"]) >> 24) >= ns \
            or int(np.max(_ARRAYS["honor_info"]) >> 24) >= nh:
        raise ImportError("mjcore combine tables are inconsistent with the class tables")
    _TABLES.pair_class = &pc[0, 0]
    _TABLES.triple_class = &tc[0, 0]
    _TABLES.final_dist = &fd[0, 0, 0]
    _TABLES.n_suit = ns
    _TABLES.n_honor = nh


_load()


cdef const Tables* get_tables() noexcept nogil:
    return &_TABLES


def arrays():
    """The loaded tables as read-only numpy arrays (for tests and tools)."""
    return dict(_ARRAYS)
