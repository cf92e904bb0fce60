"""The rule engine: a rule set is a fan table (data) over the facts of each reading of a hand.

* :mod:`.readings` - every reading of a hand, jokers included (where each joker stands, where the
  winning tile sits);
* :mod:`.facts` - the facts of one reading (:data:`~.facts.FACTS`: the names tables may use);
* :mod:`.table` - fan rows, groups, stacking, caps, floors and win conditions as data, and their
  evaluation;
* :mod:`.compiled` - a table compiled for :mod:`mjcore.engine`, the same pieces in Cython without
  the GIL (``score``, ``waits`` and ``score_batch`` run there; the modules above are its twin);
* :mod:`.scoring` - :class:`~.scoring.RuleSpec` (a rule set as data) behind the common
  :class:`~mjpy.rules.interface.RuleSet` interface.

The rule sets on the engine are :mod:`mjpy.rules.guangdong` (推倒胡, 雞平和, 清远) and
:mod:`mjpy.rules.tianjin`; docs/rules.md#engine describes the pieces.
"""
from .facts import FACTS, Facts, facts
from .readings import Reading, readings
from .scoring import RuleSpec, TableRules, melds_array
from .table import ALWAYS, F, G, Fan, Group, Opt, Table, Value, Win, evaluate

__all__ = ["FACTS", "Facts", "facts", "Reading", "readings", "RuleSpec", "TableRules", "melds_array", "ALWAYS", "F", "G", "Fan",
           "Group", "Opt", "Table", "Value", "Win", "evaluate"]
