// The player's hand: a fan of card buttons that keeps its elements from one update to the next, so that cards
// slide when they are selected and only new cards (a deal, cards received in the exchange) animate in.
// The widths the fan needs are measured when the hand or a card changes size (a ResizeObserver, after the
// browser's layout), not read after each update's changes, which would make the browser lay the page out at once.

import { cardFace } from "./cards.js";
import { h } from "./dom.js";
import { cardLabel, t } from "./i18n.js";

const FAN_DEGREES = 0.9;

export class HandView {
  /** onCard(code) is called when a card is clicked or tapped. */
  constructor(onCard) {
    this.onCard = onCard;
    this.buttons = new Map();
    this.order = [];
    this.el = h("div", { class: "hand", role: "group" });
    // The hand's width and a card's, as last measured (null: not yet); what layout() last wrote.
    this.size = null;
    this.placed = new Map();
    this.overlap = null;
    this.resize = new ResizeObserver(() => {
      this.size = null;
      this.layout();
    });
    this.resize.observe(this.el);
  }

  /**
   * Show `cards` (already in display order) with their states:
   * selected, bright (null: nothing dimmed), received (outlined in green), interactive.
   */
  update({ cards, selected, bright, received, interactive }) {
    this.el.setAttribute("aria-label", t("game.yourHand"));
    const fresh = this.buttons.size > 0 || cards.length > 0;
    const keep = new Set(cards);
    for (const [code, button] of this.buttons) {
      if (!keep.has(code)) {
        button.remove();
        this.resize.unobserve(button);
        this.buttons.delete(code);
        this.placed.delete(button);
      }
    }
    let arrivals = 0;
    cards.forEach((code, index) => {
      let button = this.buttons.get(code);
      if (!button) {
        button = h("button", { type: "button", class: "card", "data-card": code,
          onclick: () => this.onCard(code) }, cardFace(code));
        if (fresh) {
          const delay = arrivals * 35;
          button.classList.add("arrive");
          button.style.setProperty("--delay", `${delay}ms`);
          arrivals += 1;
          // Moving a card in the fan restarts its animation, and then animationend may never come: drop it anyway.
          const settle = () => button.classList.remove("arrive");
          button.addEventListener("animationend", settle, { once: true });
          setTimeout(settle, delay + 600);
        }
        this.buttons.set(code, button);
        this.resize.observe(button);
      }
      const isSelected = selected.includes(code);
      const isDim = bright !== null && !bright.has(code);
      const isReceived = received.has(code);
      button.classList.toggle("selected", isSelected);
      button.classList.toggle("dim", isDim);
      button.classList.toggle("received", isReceived);
      button.classList.toggle("inert", !interactive);
      setAttr(button, "aria-pressed", String(isSelected));
      const notes = [cardLabel(code)];
      if (isReceived) notes.push(t("game.receivedLabel"));
      if (isDim) notes.push(t("game.cardNotPlayable"));
      setAttr(button, "aria-label", notes.join(", "));
      setAttr(button, "data-index", String(index + 1));
      if (this.el.children[index] !== button) this.el.insertBefore(button, this.el.children[index] || null);
    });
    this.order = cards;
    this.layout();
  }

  /** Overlap the cards so the fan fits the width, and curve it a little. */
  layout() {
    const count = this.order.length;
    if (!count) return;
    const first = this.buttons.get(this.order[0]);
    // Every card has the same width: a card just added is measured only when none was before.
    if (!this.size || !this.size.card) this.size = { card: first.offsetWidth, hand: this.el.clientWidth };
    const cardWidth = this.size.card || 80;
    const width = this.size.hand || cardWidth * count;
    // The fan's padding and the tilt of its outer cards need a little room on both sides.
    const step = count > 1 ? Math.min(cardWidth * 0.78, (width - cardWidth - 24) / (count - 1)) : cardWidth;
    const overlap = `${Math.round(step - cardWidth)}px`;
    if (overlap !== this.overlap) {
      this.el.style.setProperty("--overlap", overlap);
      this.overlap = overlap;
    }
    const middle = (count - 1) / 2;
    this.order.forEach((code, i) => {
      const button = this.buttons.get(code);
      const off = i - middle;
      const rot = `${(off * FAN_DEGREES).toFixed(2)}deg`;
      const arc = `${(off * off * 0.12).toFixed(1)}px`;
      const place = `${rot} ${arc} ${i + 1}`;
      if (this.placed.get(button) === place) return;
      button.style.setProperty("--rot", rot);
      button.style.setProperty("--arc", arc);
      button.style.zIndex = String(i + 1);
      this.placed.set(button, place);
    });
  }

  /** The card buttons in display order. */
  cardButtons() {
    return this.order.map((code) => this.buttons.get(code));
  }

  /** Stop watching the sizes of the hand and its cards. */
  destroy() {
    this.resize.disconnect();
  }
}

/** Set an attribute only when its value changes (the browser restyles an element whose attribute is written). */
function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
