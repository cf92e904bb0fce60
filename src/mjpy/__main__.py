"""``python -m mjpy ...`` runs the ``mjpy`` command line."""
import sys

from .cli import main

sys.exit(main())
