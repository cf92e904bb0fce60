from typing import Dict

import numpy as np
import numpy.typing as npt

def arrays() -> Dict[str, npt.NDArray[np.generic]]: ...
