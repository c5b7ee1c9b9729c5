// Cards in the engine's notation ("7h", "10c", "RJ"), their order, and their pictures as inline SVG.
//
// A card id is rank * 4 + suit, as in the engine: rank 0 is the 3 ... 11 the ace, 12 the 2, 13 the jokers;
// suits are clubs, diamonds, hearts, spades (0..3); the black joker is 52 and the red joker 53.

import { s } from "./dom.js";

export const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "Jk"];
export const SUITS = ["c", "d", "h", "s"];
export const JOKER_RANK = 13;

/** The id of a card written in the engine's canonical notation. */
export function cardId(code) {
  if (code === "BJ") return 52;
  if (code === "RJ") return 53;
  const rank = RANKS.indexOf(code.slice(0, -1));
  const suit = SUITS.indexOf(code.slice(-1));
  if (rank < 0 || suit < 0) throw new Error(`not a card: ${code}`);
  return rank * 4 + suit;
}

/** The rank index of a card (0 = the 3 ... 12 = the 2, 13 = joker). */
export function cardRank(code) {
  return cardId(code) >> 2;
}

/** The suit letter of a card, or "j" for a joker. */
export function cardSuit(code) {
  return code === "BJ" || code === "RJ" ? "j" : code.slice(-1);
}

/** Whether the card is drawn in red (hearts, diamonds, the red joker). */
export function isRed(code) {
  return code === "RJ" || code.endsWith("h") || code.endsWith("d");
}

/**
 * The strength of a rank in the current trick's order: its place in `order`, the ranks from the weakest to the
 * strongest as the server's view gives them (`rank_order`); without an order, the normal one.
 */
export function rankStrength(rank, order) {
  return order ? order.indexOf(rank) : rank;
}

/** The cards sorted from the weakest to the strongest in `order` (a view's `rank_order`), clubs first within a rank. */
export function sortCards(codes, order) {
  const key = (code) => rankStrength(cardRank(code), order) * 64 + (cardId(code) & 3);
  return [...codes].sort((a, b) => key(a) - key(b));
}

// Pip positions of the number cards in a 100 x 140 card, as [x, y]; pips below the middle are drawn upside down.
const L = 34, C = 50, R = 66;
const PIPS = {
  2: [[C, 30], [C, 110]],
  3: [[C, 30], [C, 70], [C, 110]],
  4: [[L, 30], [R, 30], [L, 110], [R, 110]],
  5: [[L, 30], [R, 30], [C, 70], [L, 110], [R, 110]],
  6: [[L, 30], [R, 30], [L, 70], [R, 70], [L, 110], [R, 110]],
  7: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [L, 110], [R, 110]],
  8: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [C, 90], [L, 110], [R, 110]],
  9: [[L, 30], [R, 30], [L, 57], [R, 57], [C, 70], [L, 83], [R, 83], [L, 110], [R, 110]],
  10: [[L, 30], [R, 30], [C, 44], [L, 57], [R, 57], [L, 83], [R, 83], [C, 96], [L, 110], [R, 110]],
};

function pip(suit, x, y, size) {
  const flip = y > 70 ? `rotate(180 ${x} ${y})` : undefined;
  return s("use", { href: `#suit-${suit}`, x: x - size / 2, y: y - size / 2, width: size, height: size,
    transform: flip });
}

function corner(rankText, suit) {
  const wide = rankText.length > 1;
  return s("g", { class: "corner" },
    s("text", { x: wide ? 4 : 8, y: 27, "font-size": wide ? 24 : 27, "letter-spacing": wide ? -2 : 0 }, rankText),
    suit === "j" ? s("use", { href: "#star", x: 5, y: 32, width: 20, height: 20 })
      : s("use", { href: `#suit-${suit}`, x: 6, y: 31, width: 18, height: 18 }));
}

function centre(code, suit, rank) {
  if (suit === "j") {
    return s("g", {},
      s("use", { href: "#star", x: 22, y: 38, width: 56, height: 56 }),
      s("text", { x: 50, y: 116, "font-size": 15, "text-anchor": "middle", "letter-spacing": 2 }, "JOKER"));
  }
  const name = RANKS[rank];
  if (name === "A") return pip(suit, 50, 70, 46);
  if (name === "J" || name === "Q" || name === "K") {
    return s("g", {},
      s("rect", { class: "frame", x: 27, y: 20, width: 46, height: 100, rx: 5 }),
      s("text", { x: 50, y: 80, "font-size": 42, "text-anchor": "middle" }, name),
      pip(suit, 50, 97, 20));
  }
  const number = name === "2" ? 2 : Number(name);
  return s("g", {}, PIPS[number].map(([x, y]) => pip(suit, x, y, number >= 9 ? 16 : 18)));
}

/** The face of a card as an <svg> (100 x 140 units, scaled by CSS); label it when it stands alone. */
export function cardFace(code, label) {
  const suit = cardSuit(code);
  const rank = suit === "j" ? JOKER_RANK : cardRank(code);
  const rankText = suit === "j" ? "" : RANKS[rank];
  const attrs = { class: `card-face ${isRed(code) ? "red" : "black"}`, viewBox: "0 0 100 140",
    "data-card": code };
  if (label) Object.assign(attrs, { role: "img", "aria-label": label });
  else attrs["aria-hidden"] = "true";
  return s("svg", attrs,
    s("rect", { class: "paper", x: 1, y: 1, width: 98, height: 138, rx: 8 }),
    corner(rankText, suit),
    s("g", { transform: "rotate(180 50 70)" }, corner(rankText, suit)),
    centre(code, suit, rank));
}

/** The back of a card as an <svg>. */
export function cardBack() {
  return s("svg", { class: "card-back", viewBox: "0 0 100 140", "aria-hidden": "true" },
    s("rect", { class: "paper", x: 1, y: 1, width: 98, height: 138, rx: 8 }),
    s("rect", { class: "pattern", x: 8, y: 8, width: 84, height: 124, rx: 5, fill: "url(#card-back)" }));
}
