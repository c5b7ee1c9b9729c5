"""Property tests over random games of several deals: conservation, termination, payouts only when earned."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from president.old import DECK, OldMatch, Play, parse_card
from president.old.bots import make_bot
from president.old.cards import PRESIDENT, SUIT_LETTERS, rank_of, suit_of
from president.old.moves import Event

HONOURS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}

options = st.fixed_dictionaries({
    "players": st.integers(3, 7),
    "seed": st.integers(0, 2**32),
    "chips": st.integers(0, 60),
    "staking": st.sampled_from(["fixed", "equal"]),
    "stake": st.sampled_from([8, 16]),
    "deals": st.integers(1, 4),
    "president_turnup": st.sampled_from(["sections", "board"]),
    "odd_chip": st.sampled_from(["higher", "eldest"]),
    "auto_play": st.booleans(),
})


def _check_position(match: OldMatch, total: int) -> None:
    assert sum(match.chips) + sum(match.board.values()) == total
    if match.is_over:
        assert match.to_act is None and sum(match.board.values()) == 0 and not match.legal_moves()
        return
    hands = [card for seat in range(match.players) for card in match.hand(seat)]
    played = [card for _, card in match.played]
    turned = [] if match.turned_up is None else [match.turned_up]
    assert sorted(hands + played + match.dummy() + turned) == list(DECK)
    assert match.to_act is not None and match.legal_moves()
    assert all(move.card in match.hand(match.to_act) for move in match.legal_moves())


def _check_earned(log: list[Event]) -> None:
    """Every win has a cause just before it, and every play that earns a section is paid."""
    trumps: str | None = None
    previous: tuple[int | None, int] | None = None
    expected: list[tuple[int | None, str]] = []
    for event in log:
        if event.type == "turn_up":
            trumps = event.data["trumps"]
            previous = None
        elif event.type == "play":
            assert not expected, f"unpaid sections {expected}"
            card = parse_card(event.data["card"])
            expected = _earned(event.seat, card, trumps, None if event.data["lead"] else previous)
            previous = (event.seat, card)
        elif event.type == "win" and event.data["reason"] == "played":
            assert (event.seat, event.data["section"]) == expected.pop(0)
        elif event.type == "win" and event.data["reason"] == "turn-up":
            card = parse_card(event.data["card"])
            assert card == PRESIDENT or HONOURS[rank_of(card)] == event.data["section"]
        elif event.type == "win":
            assert event.data["reason"] in ("going out", "settlement")
        elif event.type in ("sequence_end", "out"):
            assert not expected, f"unpaid sections {expected}"
            previous = None


def _earned(seat: int | None, card: int, trumps: str | None,
            previous: tuple[int | None, int] | None) -> list[tuple[int | None, str]]:
    earned = [(seat, "president")] if card == PRESIDENT else []
    if trumps is None or SUIT_LETTERS[suit_of(card)] != trumps or rank_of(card) not in HONOURS:
        return earned
    earned.append((seat, HONOURS[rank_of(card)]))
    if previous is not None and previous[0] == seat and rank_of(card) in (12, 13):
        earned.append((seat, "intrigue" if rank_of(card) == 12 else "matrimony"))
    return earned


def _play(kwargs: dict[str, Any], chooser: Any) -> OldMatch:
    match = OldMatch(**kwargs)
    total = kwargs["players"] * kwargs["chips"]
    _check_position(match, total)
    moves_in_deal: dict[int, int] = {}
    while match.to_act is not None:
        deal = match.deal_number
        events = match.apply(chooser(match))
        moves_in_deal[deal] = moves_in_deal.get(deal, 0) + 1
        assert moves_in_deal[deal] <= 51, "a deal did not end"
        assert events and all(event.seat is None or 0 <= event.seat < match.players for event in events)
        _check_position(match, total)
    _check_earned(match.log)
    assert match.deal_number == kwargs["deals"]
    assert len([event for event in match.log if event.type == "deal_end"]) == kwargs["deals"]
    return match


@settings(max_examples=60, deadline=None)
@given(options, st.integers(0, 2**32))
def test_random_games_conserve_chips_and_cards_end_every_deal_and_pay_only_when_earned(
        kwargs: dict[str, Any], move_seed: int) -> None:
    rng = random.Random(move_seed)
    _play(kwargs, lambda match: rng.choice(match.legal_moves()))


@settings(max_examples=30, deadline=None)
@given(options, st.lists(st.sampled_from(["careful", "random"]), min_size=7, max_size=7))
def test_bot_games_keep_every_invariant_and_replay_exactly(kwargs: dict[str, Any], names: list[str]) -> None:
    bots = [make_bot(name) for name in names]
    rng = random.Random(kwargs["seed"])

    def choose(match: OldMatch) -> str | Play:
        seat = match.to_act
        assert seat is not None
        return bots[seat].choose(match.view(seat), rng)

    match = _play(kwargs, choose)
    assert OldMatch.replay(match.record()).record() == match.record()


@settings(max_examples=40, deadline=None)
@given(options, st.integers(0, 2**32), st.text(max_size=4))
def test_illegal_input_never_changes_the_match(kwargs: dict[str, Any], move_seed: int, junk: str) -> None:
    match = OldMatch(**kwargs)
    rng = random.Random(move_seed)
    for _ in range(5):
        if match.to_act is None:
            break
        before = match.record(), match.view(None)
        legal = {str(move) for move in match.legal_moves()}
        for attempt in [junk, *(str(Play(card)) for card in rng.sample(range(52), 6))]:
            try:
                if str(Play.parse(attempt)) in legal:
                    continue
            except ValueError:
                pass
            try:
                match.apply(attempt)
            except ValueError:
                assert (match.record(), match.view(None)) == before
            else:
                raise AssertionError(f"{attempt!r} was accepted but is not legal")
        match.apply(rng.choice(match.legal_moves()))
