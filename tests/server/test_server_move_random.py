"""A bot's generator for one move: the numbers of ``random.Random(f"{seed}/{ply}")``, seeded only when drawn from."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

from president import Match
from president.players import make_bot
from president.server.play.bot_pool import choose, decide_move
from president.server.play.move_random import SeededOnFirstUse, move_random


def draws(rng: random.Random) -> list[Any]:
    """A few draws of every kind the bots use."""
    cards = list(range(13))
    rng.shuffle(cards)
    return [rng.random(), rng.randrange(1000), rng.choice("abcdefg"), cards, rng.sample(range(50), 5),
            rng.uniform(-1, 1), rng.gauss(0, 1), rng.getrandbits(100), rng.randbytes(3)]


def test_the_draws_are_those_of_the_generator_seeded_with_the_seed_and_the_move_number() -> None:
    for seed, ply in [(0, 0), (123456789, 57), (2**40 + 3, 1000)]:
        lazy = move_random(seed, ply)
        assert type(lazy) is SeededOnFirstUse
        assert draws(lazy) == draws(random.Random(f"{seed}/{ply}"))
        assert type(lazy) is random.Random  # seeded: a plain generator from then on
    assert move_random(5, 6).getstate() == random.Random("5/6").getstate()
    assert move_random(5, 7).randrange(2**70) != move_random(5, 8).randrange(2**70)


def test_a_copy_or_a_pickle_of_an_unused_generator_draws_the_same_numbers() -> None:
    expected = draws(random.Random("9/3"))
    assert draws(copy.deepcopy(move_random(9, 3))) == expected
    assert draws(pickle.loads(pickle.dumps(move_random(9, 3)))) == expected
    seeded_again = move_random(9, 3)
    seeded_again.seed("other")
    assert draws(seeded_again) == draws(random.Random("other"))


def test_a_bot_that_draws_nothing_leaves_it_unseeded_and_one_that_draws_gets_the_seeded_numbers() -> None:
    match = Match("three-of-clubs", 4, seed=11)
    while match.phase != "play" or len(match.legal_moves()) < 4:
        match.apply(match.legal_moves()[0])
    seat = match.to_act
    assert seat is not None
    view = match.seat_view(seat)
    unused = move_random(11, 0)
    make_bot("classic").choose(view, unused)
    assert type(unused) is SeededOnFirstUse
    # The server's bots: the same move as with the eagerly seeded generator, for every move number tried.
    for ply in range(20):
        expected = make_bot("random").choose(view, random.Random(f"11/{ply}"))
        assert choose("random", view, 11, ply) == expected
        assert decide_move("random", view, 11, ply)[0] == expected
