"""``python -m president``: the ``president`` command."""

import sys

from .cli import main

sys.exit(main())
