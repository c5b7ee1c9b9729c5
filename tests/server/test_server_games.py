"""Both games behind the table's interface: spectator views made by the engines, and a history kept by updates."""

from __future__ import annotations

import json
import random
import re

import pytest
from starlette.testclient import TestClient

from president.cards import parse_card
from president.engine import Match
from president.old.cards import parse_card as parse_old_card
from president.rules import get_rules
from president.server.play.games import GAMES, TableMatch
from president.server.play.oldgame import OldTableMatch
from president.server.play.settings import TableSettings
from president.server.protocol import EVENT_TYPES, OLD_EVENT_TYPES

from .support import create_table, hello

CARD = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b|\b[RB]J\b")
OLD_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b")


def _modern(seed: int) -> Match:
    return Match(get_rules("revolution", deals=2), 4, seed)


def _play_through(match: TableMatch, seed: int) -> list[TableMatch]:
    """Every position of a match played by random legal moves."""
    chooser = random.Random(seed)
    positions = [match.copy()]
    while not match.is_over:
        match.apply(match.verify(match.move_text(chooser.choice(list(match.legal_masks())))))
        positions.append(match.copy())
    return positions


@pytest.mark.parametrize("seed", range(3))
def test_a_spectators_view_of_the_climbing_game_names_no_card_in_a_hand(seed: int) -> None:
    for match in _play_through(_modern(seed), seed):
        assert isinstance(match, Match)
        view = match.view(None)
        seen = {parse_card(text) for text in CARD.findall(json.dumps(view))}
        held = {card for hand in match.hands for card in range(64) if hand >> card & 1}
        assert not seen & held
        assert view["seat"] is None and view["hand"] == view["legal_moves"] == view["given"] == [] == view["received"]
        assert view["give_count"] == 0 and view["must_contain"] is None
        seated = match.view(0)
        for name in ("counts", "table", "passed", "history", "played", "scores", "titles", "to_act", "phase"):
            assert view[name] == seated[name], name


@pytest.mark.parametrize("seed", range(3))
def test_a_spectators_view_of_the_old_game_names_no_card_in_a_hand(seed: int) -> None:
    for match in _play_through(OldTableMatch.new(4, seed, 2, {}), seed):
        assert isinstance(match, OldTableMatch)
        if match.is_over:
            continue  # every hand is shown once the game is over
        view = match.view(None)
        public = ("last_deal", "turned_up", "next_card")  # the last deal's hands, the trump card, the forced card
        rest = {name: value for name, value in view.items() if name not in public}
        seen = {parse_old_card(text) for text in OLD_CARD.findall(json.dumps(rest))}
        held = {card for seat in range(match.players) for card in match.match.hand(seat)}
        assert view["seat"] is None and view["hand"] == [] == view["legal_moves"]
        assert not seen & held


@pytest.mark.parametrize("seed", range(4))
def test_the_history_a_client_keeps_from_each_move_is_the_views_history(seed: int) -> None:
    match, chooser = _modern(seed), random.Random(seed)
    kept = match.view(None)["history"]
    while not match.is_over:
        before = match.copy()
        match.apply(chooser.choice(match.legal_masks()))
        change = match.history_since(before)
        assert change is not None
        start, added = change
        assert start <= len(kept)
        kept = kept[:start] + added
        assert kept == match.view(None)["history"] == match.view(1)["history"]
        assert "history" not in match.view(1, history=False) and "history" not in match.view(None, history=False)


def test_each_game_makes_its_own_matches_and_knows_its_own_bots() -> None:
    modern = TableSettings("tavern-jack", 4)
    old = TableSettings("old-president", 4, game="old-president")
    assert isinstance(modern.new_match(1), Match) and isinstance(old.new_match(1), OldTableMatch)
    assert modern.kind is GAMES["president"] and old.kind is GAMES["old-president"]
    assert modern.kind.known_bot("classic") and not modern.kind.known_bot("careful")
    assert old.kind.known_bot("careful") and not old.kind.known_bot("classic")
    assert OldTableMatch.new(4, 1, 1, {}).history_since(OldTableMatch.new(4, 1, 1, {})) is None


@pytest.mark.parametrize("game", ["president", "old-president"])
def test_a_snapshot_names_the_games_bots_and_every_kind_of_event_it_emits(client: TestClient, game: str) -> None:
    made = create_table(client, game=game, rules="tavern-jack", players=4, name="Ann")
    with client.websocket_connect("/ws") as ws:
        described = hello(ws, made["table"]["id"], made["token"])["game"]
    offered = [bot["name"] for bot in client.get("/api/bots", params={"game": game}).json()]
    assert described == {"name": game, "bots": offered, "analysable": game == "president",
                         "event_types": list(EVENT_TYPES if game == "president" else OLD_EVENT_TYPES)}
