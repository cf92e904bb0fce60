"""How much this machine gives a second thread of branchy compute-bound work, with no mjpy in it.

The 2-worker figures of bench/README.md depend on the host as much as on mjpy: on the 2-vCPU guest they
are measured on, a second busy thread sometimes runs at full speed and sometimes not. This times standard
library calls that release the GIL, once alone and then twice at the same time in two threads
(``zlib.compress``, branchy like mjpy's engine search; ``hashlib.sha256``, straight-line), several rounds,
and prints each round's scaling (2 x one call's time / the pair's time; 2.00 = a full second core):

    python bench/host_scaling.py            # 5 rounds
    python bench/host_scaling.py 10
"""
from __future__ import annotations

import hashlib
import sys
import threading
import time
import zlib

DATA = bytes(range(256)) * (1 << 16)           # 16 MiB, compressible


def _zlib() -> None:
    zlib.compress(DATA, 6)


def _sha() -> None:
    hashlib.sha256(DATA * 4).digest()


def scaling(fn) -> float:
    t = time.perf_counter()
    fn()
    one = time.perf_counter() - t
    threads = [threading.Thread(target=fn) for _ in range(2)]
    t = time.perf_counter()
    for x in threads:
        x.start()
    for x in threads:
        x.join()
    return 2 * one / (time.perf_counter() - t)


def main(rounds: int = 5) -> None:
    for name, fn in (("zlib.compress (branchy)", _zlib), ("hashlib.sha256 (straight-line)", _sha)):
        fn()
        got = [scaling(fn) for _ in range(rounds)]
        print(f"{name}: two threads {min(got):.2f}-{max(got):.2f}x one ({', '.join(f'{g:.2f}' for g in got)})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
