"""Sub-commands of the ``president`` command, one module each.

Every module here defines ``add_parser(sub)``, which adds its sub-parser and sets
``handler`` (a function of the parsed arguments returning the exit status). The
modules import their heavy dependencies inside the handler, so building the
parser stays cheap. ``ORDER`` fixes the order of the help text.
"""

ORDER = ("play", "serve", "arena", "analyse", "rules", "demo", "old")
"""Sub-commands listed first in the help, in this order; others follow by name."""
