"""The bots of the old game: they choose from the view alone, and the careful one plays sensibly."""

from __future__ import annotations

import random
from typing import Any

import pytest

from president.old import OldMatch
from president.old.arena import play_old_games
from president.old.board import FIXED_STAKES
from president.old.bots import BOTS, CarefulBot, RandomBot, make_bot


def _view(hand: str, played: str = "", turned_up: str = "5h", trumps: str | None = "h") -> dict[str, Any]:
    cards = hand.split()
    return {"hand": cards, "legal_moves": cards, "played": [[0, card] for card in played.split()],
            "turned_up": turned_up, "trumps": trumps, "board": {section: 4 * chips for section, chips
                                                                in FIXED_STAKES.items()}}


def test_registry_names_the_bots() -> None:
    assert set(BOTS) == {"careful", "random"}
    assert isinstance(make_bot("careful"), CarefulBot) and isinstance(make_bot("random"), RandomBot)
    with pytest.raises(ValueError, match="careful, random"):
        make_bot("genius")


def test_careful_bot_starts_a_sequence_that_stops_safely() -> None:
    # The 6c stops at the played 7c, the 10s at the king; the 3d and 4s might pass the lead on.
    assert CarefulBot().choose(_view("3d 6c 4s", played="7c"), random.Random(0)) == "6c"
    assert CarefulBot().choose(_view("3d Ks 4s"), random.Random(0)) == "Ks"
    assert CarefulBot().choose(_view("3d 7d 4s"), random.Random(0)) == "7d"


def test_careful_bot_plays_its_trump_honours_in_sequence() -> None:
    # From the jack, the jack, queen and king of trumps win jack, queen, intrigue, king and matrimony.
    assert CarefulBot().choose(_view("2c Qh Jh Kh 5s"), random.Random(0)) == "Jh"
    assert CarefulBot().choose(_view("2c Qh Kh 5s"), random.Random(0)) == "Qh"


def test_careful_bot_cashes_the_president_in_a_safe_run() -> None:
    assert CarefulBot().choose(_view("2c 9d 4s", played="10d"), random.Random(0)) == "9d"


def test_careful_bot_plays_a_forced_card() -> None:
    view = _view("2c 3c") | {"legal_moves": ["3c"]}
    assert CarefulBot().choose(view, random.Random(0)) == "3c"


def test_bots_refuse_to_choose_out_of_turn() -> None:
    for bot in (CarefulBot(), RandomBot()):
        with pytest.raises(ValueError, match="not this seat's turn"):
            bot.choose(_view("2c") | {"legal_moves": []}, random.Random(0))


def test_random_bot_plays_a_legal_card() -> None:
    match = OldMatch(seed=3)
    assert RandomBot().choose(match.view(1), random.Random(1)) in [str(move) for move in match.legal_moves()]


def test_careful_bot_beats_the_random_bot_in_the_arena() -> None:
    result = play_old_games(["careful", "random"], games=60, seed=1, players=4)
    assert result["careful"] > result["random"] + 3
    assert result["careful"] == -result["random"]


def test_arena_is_deterministic_and_conserves_chips() -> None:
    result = play_old_games(["random", "careful", "random"], games=10, seed=4, players=3)
    assert result == play_old_games(["random", "careful", "random"], games=10, seed=4, players=3)
    assert abs(result["careful"] + 2 * result["random"]) < 1e-9
    with pytest.raises(ValueError):
        play_old_games([], games=1, seed=0, players=3)
