"""Worker processes that die with the server: the bot pool's and the analyses' children watch their parent.

On Linux the kernel sends a worker ``SIGKILL`` when its parent dies (``prctl(PR_SET_PDEATHSIG)``); a thread that
looks at the parent's id covers the other systems and the moment before the signal was set.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

PARENT_CHECK_SECONDS = 0.5
"""How often a worker process looks whether the server process is still there."""

_PR_SET_PDEATHSIG = 1


def exit_with_parent(parent: int) -> None:
    """Initializer of a worker process: end this process as soon as the server process ``parent`` is gone."""
    if sys.platform == "linux":
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watching thread below is enough
    if os.getppid() != parent:
        os._exit(0)  # the parent died before the death signal was set
    threading.Thread(target=_watch_parent, args=(parent,), name="president-parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)
