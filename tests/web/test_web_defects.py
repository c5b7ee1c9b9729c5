"""The defects of issue 15 that a new player notices in the first five minutes, each seen through the page."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext

from .live import LiveServer
from .pages import game_state, play_classic_turn, start_table, wait_for_decision

# Every 50 ms: the cards of the hand that are not fully visible, or whose corner is not what a click there hits.
SAMPLE_HAND = """() => {
  window.handSamples = [];
  setInterval(() => {
    const game = document.querySelector('.game');
    if (!game) return;
    const hidden = [...document.querySelectorAll('.hand .card')].filter((card) => {
      const box = card.querySelector('.corner').getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return Number(getComputedStyle(card).opacity) < 0.99 || !card.contains(hit);
    }).map((card) => card.dataset.card);
    window.handSamples.push({ seq: Number(game.dataset.seq), cards: document.querySelectorAll('.hand .card').length,
      hidden });
  }, 50);
}"""


def test_the_cards_of_the_hand_stay_visible_and_clickable_while_the_bots_play(
        new_context: Callable[..., BrowserContext], server_factory: Callable[..., LiveServer]) -> None:
    server = server_factory(seed=5, bot_delay=0.5)
    page = new_context(motion=True).new_page()
    page.add_init_script(f"({SAMPLE_HAND})()")
    table = start_table(page, server)
    while int(game_state(page)["seq"]) < 8:
        state = wait_for_decision(page)
        if int(state["seq"]) >= 8:
            break
        play_classic_turn(page, server, table)
    samples = page.evaluate("window.handSamples")
    # The fly-in of a new hand is over once three moves have been made; from then on every card shows.
    later = [s for s in samples if s["seq"] >= 3 and s["cards"]]
    assert later, "no sample after the first moves"
    assert [s for s in later if s["hidden"]] == []
