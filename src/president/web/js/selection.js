// The selection rules of the hand, as pure functions of a seat's view (no DOM here).
//
// A move comes from the view's `legal_moves` list ("pass", "7c 7h", "give 3c 5d", "pass-on 4d", "discard 9h",
// "5h RJ=5c" where a wild joker
// says what it stands for). A card stays bright when it is part of at least one legal move that also holds every
// selected card; the Play button is enabled when the selection is exactly the cards of a legal move (several
// moves when only what a joker stands for differs: the player is asked); otherwise `assess` says why.

import { cardId, cardRank, cardSuit, rankStrength } from "./cards.js";

const SUIT_SYMBOL = { c: "♣", d: "♦", h: "♥", s: "♠" };

const setKey = (codes) => codes.map(cardId).sort((a, b) => a - b).join(",");

/** What the jokers of a move's text stand for: {RJ: "5c"} for "5h RJ=5c" (empty when none). */
export function standsOf(text) {
  const stands = {};
  for (const token of text.split(" ")) {
    const [card, stand] = token.split("=");
    if (stand) stands[card] = stand;
  }
  return stands;
}

/** The legal moves of a view as {text, give, cards, stands}; passes are left out (see canPass), and so are a
 * Q-bomber's names ("name 7") and the salvages ("salvage 9d"), which hold no card of the hand: the rank buttons and
 * the pile's buttons make them. */
export function parseMoves(view) {
  const out = [];
  for (const text of view?.legal_moves || []) {
    if (text === "pass" || text.startsWith("name ") || text.startsWith("salvage ")) continue;
    const prefix = /^(give|pass-on|discard) /.exec(text);
    const give = !!prefix;
    const tokens = (prefix ? text.slice(prefix[0].length) : text).split(" ").filter(Boolean);
    const cards = tokens.map((token) => token.split("=")[0]);
    out.push({ text, give, cards, stands: standsOf(text), key: setKey(cards) });
  }
  return out;
}

/** Whether the seat may pass now. */
export function canPass(view) {
  return (view?.legal_moves || []).includes("pass");
}

/** Whether it is this seat's decision. */
export function isMyTurn(view) {
  return !!view && view.seat !== null && view.seat !== undefined && view.to_act === view.seat
    && view.phase !== "over";
}

/** The moves that hold every selected card. */
function movesWith(moves, selected) {
  return moves.filter((m) => selected.every((c) => m.cards.includes(c)));
}

/**
 * The cards of the hand that stay bright: each is part of a legal move consistent with the selection.
 * Returns null when the seat has no decision to make (nothing is dimmed then).
 */
export function brightCards(view, selected) {
  if (!isMyTurn(view)) return null;
  const bright = new Set();
  for (const move of movesWith(parseMoves(view), selected)) for (const c of move.cards) bright.add(c);
  return bright;
}

/** The legal moves whose cards are exactly the selection (more than one when a joker may stand for several). */
export function matchingMoves(view, selected) {
  if (!isMyTurn(view) || selected.length === 0) return [];
  const key = setKey(selected);
  return parseMoves(view).filter((m) => m.key === key);
}

/** The first legal move whose cards are exactly the selection, or null. */
export function matchingMove(view, selected) {
  return matchingMoves(view, selected)[0] || null;
}

/** Whether a card's suit is outside the suits the trick is locked to ("♥", "♣♦"). */
function offLock(view, code) {
  const suit = cardSuit(code);
  return !!view.lock && suit !== "j" && !view.lock.includes(SUIT_SYMBOL[suit]);
}

function setName(count) {
  return ["", "single", "pair", "triple", "quad"][count] || "set";
}

/**
 * Whether the selection can be played now: {ok, move, moves} when it is the cards of one or more legal moves
 * (`moves` lists them all, `move` is the first), else {ok: false, reason: {key, params}} saying why.
 * `rules` is the table's options, when known ({runs: true} changes what a mixed selection is told).
 */
export function assess(view, selected, rules = {}) {
  if (!view || view.phase === "over") return { ok: false, reason: null };
  if (!isMyTurn(view)) return { ok: false, reason: { key: "why.notYourTurn", params: {} } };
  const moves = matchingMoves(view, selected);
  if (moves.length) return { ok: true, move: moves[0].text, moves: moves.map((m) => m.text) };
  if (view.phase === "exchange") {
    return { ok: false, reason: { key: "why.giveCount", params: { n: view.give_count, chosen: selected.length } } };
  }
  if (view.owed?.length) {
    return { ok: false, reason: { key: "why.owedCount", params: { n: view.owed[0].count, chosen: selected.length } } };
  }
  if (selected.length === 0) {
    return { ok: false, reason: { key: view.table.length ? "why.chooseBeat" : "why.chooseLead", params: {} } };
  }
  const plain = selected.filter((c) => cardSuit(c) !== "j");
  const ranks = new Set(plain.map(cardRank));
  const oneSuit = new Set(plain.map(cardSuit)).size <= 1;
  if (ranks.size > 1 && !(rules.runs && oneSuit)) {
    return { ok: false, reason: { key: rules.runs ? "why.notRunOrSet" : "why.mixedRanks", params: {} } };
  }
  if (view.eight_cut_waits) return { ok: false, reason: { key: "why.fourStopOnly", params: {} } };
  if (view.table.length && selected.length !== view.table.length) {
    return { ok: false, reason: { key: "why.needCount",
      params: { n: view.table.length, set: setName(view.table.length) } } };
  }
  if (view.must_contain && !selected.includes(view.must_contain)) {
    return { ok: false, reason: { key: "why.mustContain", params: { card: view.must_contain } } };
  }
  if (view.table.length && selected.some((c) => offLock(view, c))) {
    return { ok: false, reason: { key: "why.locked", params: { suits: view.lock } } };
  }
  if (view.table.length) {
    return { ok: false, reason: { key: "why.tooLow", params: { cards: selected, table: view.table } } };
  }
  return { ok: false, reason: { key: "why.notAMove", params: {} } };
}

/** Why a single card cannot be part of any legal move now (an i18n reason). */
export function whyNot(view, code) {
  if (!isMyTurn(view)) return { key: "why.notYourTurn", params: {} };
  if (view.phase === "exchange") return { key: "why.giveCount", params: { n: view.give_count, chosen: view.give_count } };
  if (view.owed?.length) return { key: "why.owedCount", params: { n: view.owed[0].count, chosen: view.owed[0].count } };
  if (!view.table.length) {
    if (view.must_contain) return { key: "why.mustContain", params: { card: view.must_contain } };
    return { key: "why.cannotPlay", params: { card: code } };
  }
  if (parseMoves(view).length === 0) return { key: "why.nothingBeats", params: { table: view.table } };
  if (offLock(view, code)) return { key: "why.locked", params: { suits: view.lock } };
  const strength = (c) => rankStrength(cardRank(c), view.rank_order);
  if (strength(code) <= strength(view.table[0])) {
    return { key: "why.tooLowCard", params: { card: code, table: view.table } };
  }
  return { key: "why.notEnough", params: { n: view.table.length, set: setName(view.table.length) } };
}

/**
 * The selection after a click on `code`: adds it when it still fits a legal move, removes it when it was selected,
 * starts a new selection with it when it fits a move alone, and otherwise leaves the selection and says why.
 */
export function clickCard(view, selected, code) {
  if (!isMyTurn(view)) return { selected, reason: { key: "why.notYourTurn", params: {} } };
  if (selected.includes(code)) return { selected: selected.filter((c) => c !== code), reason: null };
  const moves = parseMoves(view);
  const grown = [...selected, code];
  if (movesWith(moves, grown).length) return { selected: grown, reason: null };
  if (view.phase === "exchange" && selected.length && movesWith(moves, [...selected.slice(1), code]).length) {
    return { selected: [...selected.slice(1), code], reason: null };
  }
  if (movesWith(moves, [code]).length) return { selected: [code], reason: null };
  return { selected, reason: whyNot(view, code) };
}
