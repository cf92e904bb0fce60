"""Instructions per row of a ``sichuan_fan`` batch, counted by valgrind (deterministic, unlike wall
time on a shared host): ``score`` (the complete hands of bench/test_bench_sichuan.py through
``sichuan.score_batch``) or ``dajiao`` (its 13-tile hands through ``sichuan.best_fan_if_tenpai_batch``).
Run it with 1 and N+1 rows and divide the difference of the totals by N:

    for n in 1 20001; do PYTHONHASHSEED=0 valgrind --tool=callgrind --branch-sim=yes \\
        --callgrind-out-file=/tmp/cg.$n python bench/instructions.py score $n; done

``callgrind_annotate /tmp/cg.N | grep TOTALS`` prints the totals. With ``PYTHONPATH`` set to the
``src`` of another build (a ``git worktree`` of an older commit, built in place) the same command
counts that version: bench/README.md compares the commits so.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


N_MAX = 20001


def main(what: str, n: int) -> None:
    import test_bench_sichuan as SB

    from mjpy.rules import sichuan

    if not 1 <= n <= N_MAX or what not in ("score", "dajiao"):
        raise SystemExit(f"usage: instructions.py score|dajiao ROWS (1-{N_MAX})")
    if what == "dajiao":
        hands, melds, dingque = (SB._tile(a, N_MAX)[:n] for a in SB.hand_set())
        sichuan.best_fan_if_tenpai_batch(hands, melds=melds, dingque=dingque, workers=1)
    else:
        hands, melds, wins = (SB._tile(a, N_MAX)[:n] for a in SB.complete_set())   # the same set-up for every n
        sichuan.score_batch(hands, wins, melds=melds, self_drawn=True, workers=1)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
