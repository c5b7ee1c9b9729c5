"""The README's example of the game API, kept true."""

from __future__ import annotations

import pytest

import president


def test_readme_example_plays_a_deal_from_given_hands() -> None:
    m = president.Match.from_hands("race-to-11", ["7c 7h 3d", "Js Jd Kc", "4s 5s", "6h 9h"], leader=0)
    assert m.phase == "play" and m.to_act == 0
    events = m.apply("7c 7h")
    assert [e.kind for e in events] == ["play"]
    assert m.table == "7c 7h"
    with pytest.raises(president.IllegalMove, match="pair"):
        m.apply("Kc")
    assert m.to_act == 1 and m.table == "7c 7h"
    m.apply("Js Jd")
    assert m.table == "Jd Js"


def test_illegal_move_is_a_value_error() -> None:
    assert issubclass(president.IllegalMove, ValueError)
