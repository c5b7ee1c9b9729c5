"""The search's models of the other players: how each other seat plays in the playouts and in the inference.

By default every seat of a playout follows the ``classic`` policy (with a little noise). A table of known programs
plays otherwise: the UECda sample client, for one, plays a fixed rule of its own
(:mod:`president.bots.uecda_default`). Given a model per seat, the playouts play each other seat by its model
(exactly, without noise) and the inference weighs a guess by how likely each seat's plays are under its model.

The models apply on the engine's general playout path, that of the house rules (the UECda ``daifugo`` rules among
them); on the seed rules' fast path the other seats stay ``classic``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..bots.uecda_default import uecda_default_move
from ..engine import Match, PlayoutPolicy

CLASSIC = "classic"
UECDA_DEFAULT = "uecda-default"
MODELS = (CLASSIC, UECDA_DEFAULT)
"""The names a seat's model may take."""


def check_models(models: str | Sequence[str] | None) -> tuple[str, ...] | str | None:
    """``models`` as the search keeps it (one name for every other seat, or one per seat), or ``ValueError``."""
    if models is None:
        return None
    names = [models] if isinstance(models, str) else list(models)
    bad = [n for n in names if n not in MODELS]
    if bad or not names:
        raise ValueError(f"unknown opponent model {', '.join(map(repr, bad)) or '(none)'}; "
                         f"the models are: {', '.join(MODELS)}")
    return models if isinstance(models, str) else tuple(names)


def seat_models(models: str | Sequence[str] | None, players: int) -> tuple[str, ...]:
    """The model of each seat (``classic`` where none is given)."""
    if models is None:
        return (CLASSIC,) * players
    if isinstance(models, str):
        return (models,) * players
    return tuple(models[s] if s < len(models) else CLASSIC for s in range(players))


def model_move(model: str, match: Match, seat: int, moves: Sequence[int]) -> int | None:
    """The move ``model`` makes for ``seat`` in ``match`` among its legal ``moves`` (None: the classic one)."""
    if model == UECDA_DEFAULT:
        table = match.table_move if match.table_mask else 0
        return uecda_default_move(match.hands[seat], table, match.revolution != match.eleven_back,
                                  bool(match.lock), moves)
    return None


def with_opponents(base: PlayoutPolicy, own: int, models: Sequence[str]) -> PlayoutPolicy:
    """``base`` with each other seat of a house-rule playout played by its model (``own`` keeps ``base``)."""
    house = base.house  # type: ignore[attr-defined]

    def choose(match: Match, seat: int, moves: Sequence[int], rng: random.Random) -> int:
        if seat != own and models[seat] != CLASSIC:
            move = model_move(models[seat], match, seat, moves)
            if move is not None:
                return move
        chosen: int = house(match, seat, moves, rng)
        return chosen

    def policy(seat: int, hand: int, table_rank: int, table_count: int, revolution: bool, must: int,
               rng: random.Random) -> int:
        return base(seat, hand, table_rank, table_count, revolution, must, rng)

    policy.house = choose  # type: ignore[attr-defined]
    return policy
