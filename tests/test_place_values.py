"""The worth of a finishing place over the chain of later games: the measured table, the reach, the search's use."""

from __future__ import annotations

import pytest

from president import Match, get_rules
from president.rules import PRESETS
from president.search.expert import place_values
from president.search.place_chain import chain_edge, games_ahead, measured_chain
from president.search.place_table import PLACE_CHAIN
from repo_scripts import load_script


def test_the_table_has_one_ordered_zero_sum_entry_per_house_preset_and_table_size_with_an_exchange() -> None:
    expected = {(name, n) for name, rules in PRESETS.items() if rules.house
                for n in range(rules.min_players, rules.max_players + 1) if rules.exchange_pairs(n)}
    assert set(PLACE_CHAIN) == expected
    for (name, n), rows in PLACE_CHAIN.items():
        points = PRESETS[name].points_for(n)
        for row in rows:
            assert len(row) == n and abs(sum(row)) < 0.01
            totals = [p + e for p, e in zip(points, row, strict=True)]
            assert totals == sorted(totals, reverse=True), (name, n, row)
            assert row[0] == max(row) and row[0] > 0


def test_the_table_agrees_with_a_small_seeded_self_play_run_within_its_interval() -> None:
    tool = load_script("benchmarks/place_values.py")
    table = PLACE_CHAIN[("daifugo", 5)]
    chain = tool.measure(get_rules("daifugo"), 5, games=400, seed=7, horizon=len(table), match_games=40)
    assert chain.matches == 10 and chain.counted == 10 * (40 - len(table))
    # Ten 95 % intervals (two horizons, five places): one may miss by chance, not more.
    misses = [(h, place) for h in (0, len(table) - 1) for place in range(5)
              if abs(chain.values[h][place] - table[h][place]) > chain.half_widths[h][place]]
    assert len(misses) <= 1, misses
    assert sum(chain.values[0]) == pytest.approx(0, abs=1e-9) == sum(chain.values[-1])


def test_chain_values_sum_each_seats_later_points_beyond_par_by_its_place_now() -> None:
    tool = load_script("benchmarks/place_values.py")
    # Two players, points 1 and 0 (par 0.5); places by game and seat in two matches.
    matches = [[(0, 1), (0, 1), (1, 0)], [(1, 0), (0, 1), (0, 1)]]
    values, widths, counted = tool.chain_values(matches, (1, 0), horizon=1)
    # Match 1, games 1-2: the first placed seat was first again next time (+0.5), then second (-0.5): mean 0.
    # Match 2: the first placed seat (seat 1, then seat 0) was second next time, then first again: mean 0.
    assert counted == 4 and values == [[0.0, 0.0]] and widths == [[0.0, 0.0]]
    values, _, counted = tool.chain_values(matches, (1, 0), horizon=2)
    # Only the first game of each match has two after it. Match 1: its winner (seat 0) won next (+0.5), then lost
    # (-0.5): 0 over two games. Match 2: its winner (seat 1) lost the next two: -0.5, then -1.0.
    assert counted == 2 and values == [[0.0, 0.0], [-0.5, 0.5]]
    with pytest.raises(ValueError, match="longer than the horizon"):
        tool.chain_values(matches, (1, 0), horizon=3)


def test_a_place_reaches_to_the_end_of_the_match_or_of_its_exchange_block() -> None:
    daifugo = get_rules("daifugo")
    assert games_ahead(daifugo, 1) == 99 and games_ahead(daifugo, 100) == 0
    long_match = get_rules("daifugo", deals=250)
    assert [games_ahead(long_match, d) for d in (99, 100, 101, 249, 250)] == [1, 0, 99, 1, 0]
    assert games_ahead(get_rules("three-of-clubs"), 5) == 0 and games_ahead(get_rules("race-to-11"), 3) is None


def test_the_search_values_places_by_the_measured_chain_under_house_rules() -> None:
    chain = PLACE_CHAIN[("daifugo", 5)]
    points = (5, 4, 3, 2, 1)
    first = place_values(Match("daifugo", 5, seed=3).seat_view(0))
    assert first == pytest.approx([p + e for p, e in zip(points, chain[-1], strict=True)])
    assert chain_edge(get_rules("daifugo", deals=10), 5, 9) == chain[0]
    assert place_values(Match("daifugo", 5, seed=3, deals=1).seat_view(0)) == tuple(map(float, points))
    # Other points or exchanges than the preset's were not measured: the plain edge of the points stands.
    assert measured_chain(get_rules("daifugo", points=(9, 4, 3, 2, 1)), 5) is None
    assert measured_chain(get_rules("daifugo", exchange=(1,)), 5) is None
    assert measured_chain(get_rules("revolution"), 5) is None
