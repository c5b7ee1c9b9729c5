"""What the server shows: the spectator's view of a match, built from public facts only.

A seat's view is the engine's own ``Match.view(seat)``. A spectator has no seat, so
the server writes its view here from a whitelist of public fields: card counts, the
cards on the table and already played, passes, titles, scores, the public history.
No hand, gift or legal move of any seat goes in.
"""

from __future__ import annotations

from typing import Any

from ...engine import Match
from .oldgame import OldTableMatch

PUBLIC_FIELDS = (
    "rules", "players", "phase", "to_act", "deal_number", "leader", "counts", "table", "table_owner",
    "passed", "revolution", "table_move", "lock", "eleven_back", "finished", "bottom", "titles", "title_names",
    "scores", "deal_results", "history",
    "played", "winners",
)
"""The fields of a seat's view that every seat sees alike; the spectator view holds only these."""


def spectator_view(match: Match | OldTableMatch) -> dict[str, Any]:
    """The view of someone watching without a seat (``seat`` is None, ``hand`` empty)."""
    if isinstance(match, OldTableMatch):
        return match.view(None)
    seen = match.view(0)
    view = {name: seen[name] for name in PUBLIC_FIELDS}
    view.update(seat=None, hand=[], given=[], received=[], legal_moves=[], give_count=0, must_contain=None)
    return view
