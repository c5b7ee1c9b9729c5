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
from collections.abc import Callable, Sequence

from ..bots.uecda_default import uecda_default_move
from ..engine import Match, PlayoutPolicy

CLASSIC = "classic"
UECDA_DEFAULT = "uecda-default"
MODELS = (CLASSIC, UECDA_DEFAULT)
"""The models built in: the names a seat's model may take, with those of :func:`register_model`."""

SeatModel = Callable[[Match, int, Sequence[int]], "int | None"]
"""A model's move for a seat of a playout: ``(match, seat, legal moves) -> move`` (None: the classic one)."""

_REGISTERED: dict[str, SeatModel] = {}


def register_model(name: str, choose: SeatModel) -> None:
    """Make ``choose`` a model the search may give a seat, under ``name`` (a learned policy, say).

    A registered model plays its seats in the playouts; the inference weighs those seats' plays as ``classic``'s
    (it scores a play for each guessed hand, where a model that needs the whole position would be too slow).
    """
    if name in MODELS:
        raise ValueError(f"{name!r} is a built-in model")
    _REGISTERED[name] = choose


def model_names() -> tuple[str, ...]:
    """Every model a seat may take: the built-in ones, then the registered ones."""
    return MODELS + tuple(_REGISTERED)


def check_models(models: str | Sequence[str] | None) -> tuple[str, ...] | str | None:
    """``models`` as the search keeps it (one name for every other seat, or one per seat), or ``ValueError``."""
    if models is None:
        return None
    names = [models] if isinstance(models, str) else list(models)
    known = model_names()
    bad = [n for n in names if n not in known]
    if bad or not names:
        raise ValueError(f"unknown opponent model {', '.join(map(repr, bad)) or '(none)'}; "
                         f"the models are: {', '.join(known)}")
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
    registered = _REGISTERED.get(model)
    return registered(match, seat, moves) if registered is not None else None


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


ADAPT_AFTER = 20
"""The plays of a player scored before its model may leave ``classic``, or its noise the search's own."""

NOISE_FLOOR = 0.01
"""The least noise the inference gives a player's model, however well it has fitted so far."""


class ModelTally:
    """Per player, how many of its plays over a match each model of :data:`MODELS` would have made.

    After each game every hand of the play is known (a player who went out played his whole hand; the last
    one held the rest), so the game is replayed and each of the other players' decisions is put to each model.
    A play that beat the player's own cards (a UECda server asks the last player again) is not scored: the
    engine's replay sees a lead there.
    """

    def __init__(self) -> None:
        self.scored: dict[int, int] = {}
        """Plays scored, by player."""
        self.agreed: dict[int, dict[str, int]] = {}
        """Plays each model would have made, by player."""

    def best(self, player: int) -> str:
        """The model that agreed most with ``player``'s plays (``classic`` on a tie or with little evidence)."""
        if self.scored.get(player, 0) < ADAPT_AFTER:
            return CLASSIC
        counts = self.agreed.get(player, {})
        return max(MODELS, key=lambda m: (counts.get(m, 0), m == CLASSIC))

    def noise(self, player: int, model: str, base: float) -> float:
        """How often ``player`` is thought to leave ``model`` in the inference: the share of its scored plays the
        model missed, as if one more play in two had been missed (so none in 100 gives 0.01), kept between
        :data:`NOISE_FLOOR` and ``base``; ``base`` with fewer than :data:`ADAPT_AFTER` plays scored."""
        scored = self.scored.get(player, 0)
        if scored < ADAPT_AFTER:
            return base
        missed = scored - self.agreed.get(player, {}).get(model, 0)
        return min(base, max(NOISE_FLOOR, (missed + 1) / (scored + 2)))

    def observe(self, match: Match, history: Sequence[tuple[int, int]], players: Sequence[int], me: int) -> None:
        """Score the decisions of ``history`` (seat, move), replayed from ``match`` (the game's start of play with
        every hand); ``players`` names the player of each seat, ``me`` is the seat not scored."""
        from ..bots import Bot, ClassicBot
        from ..bots.uecda_default import UecdaDefaultBot
        from ..errors import IllegalMove

        bots: dict[str, Bot] = {CLASSIC: ClassicBot(), UECDA_DEFAULT: UecdaDefaultBot()}
        rng = random.Random(0)
        last_play = -1
        since: set[int] = set()
        for seat, move in history:
            if match.is_over:
                return
            if match.to_act != seat:
                if move:
                    return  # the replay has left the game's course
                continue
            if not match.table_mask and not move:
                since.add(seat)  # the pass of a player asked to beat his own cards: he leads next
                continue
            again = not match.table_mask and seat == last_play and seat not in since
            if seat != me and not again:
                view = match.seat_view(seat)
                player = players[seat]
                self.scored[player] = self.scored.get(player, 0) + 1
                counts = self.agreed.setdefault(player, {})
                for name, bot in bots.items():
                    counts[name] = counts.get(name, 0) + (bot.choose(view, rng) == move)
            try:
                match.apply(move)
            except IllegalMove:
                return
            if move:
                last_play, since = seat, set()
            else:
                since.add(seat)
