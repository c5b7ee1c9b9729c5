"""``python -m president.old play ...``: terminal play of the old game."""

from __future__ import annotations

import sys

from president.old.cli import main

sys.exit(main())
