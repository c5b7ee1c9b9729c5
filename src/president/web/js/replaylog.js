// The steps of a finished match, rebuilt from its record (pure functions, no DOM).
//
// A record lists every move: the cards given back in each exchange, then every play and pass. The hands are not
// in it, but in a finished deal every card is either played by the seat that held it after the exchange or still
// in the hand of the last player, so the hands of each deal are known from its plays. The seat of the last player
// follows from who acts after their final play (a player who is out never acts again). The automatic gifts of
// the exchange are not written down; the viewer shows the cards given back, which are.

import { cardId, RANKS } from "./cards.js";

/** Parse a record: its headers, and its moves grouped by deal (each with `index`, its number in the record). */
export function parseRecord(text) {
  const headers = {};
  const deals = [];
  let winners = null;
  let count = 0;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const header = line.match(/^\[(\w+)\s+"(.*)"\]$/);
    if (header) {
      headers[header[1]] = header[2].replace(/\\"/g, '"').replace(/\\\\/g, "\\");
      continue;
    }
    const deal = line.match(/^#\s*deal\s+(\d+)/);
    if (deal) {
      deals.push({ deal: Number(deal[1]), moves: [] });
      continue;
    }
    const won = line.match(/^#\s*winners:\s*(.*)$/);
    if (won) {
      winners = won[1].trim().split(/\s+/).filter(Boolean).map(Number);
      continue;
    }
    if (line.startsWith("#")) continue;
    const move = line.match(/^(\d+)\s+(.+)$/);
    if (!move) continue;
    if (!deals.length) deals.push({ deal: 1, moves: [] });
    deals[deals.length - 1].moves.push({ seat: Number(move[1]), move: move[2].trim(), index: count });
    count += 1;
  }
  return { headers, deals, winners, players: Number(headers.Players || 0) };
}

const cardsOf = (move) => (move === "pass" ? [] : move.replace(/^give\s+/, "").split(/\s+/));

function fullDeck(jokers) {
  const deck = [];
  for (let rank = 0; rank < 13; rank += 1) for (const suit of "cdhs") deck.push(RANKS[rank] + suit);
  if (jokers) deck.push("BJ", "RJ");
  return deck;
}

const byId = (codes) => [...codes].sort((a, b) => cardId(a) - cardId(b));

/** Points by place (first place first) for a table of `players` under `rules.points` (null: players below). */
export function pointsByPlace(points, players) {
  return Array.from({ length: players }, (_, place) => {
    if (points === null || points === undefined) return players - 1 - place;
    return place < points.length ? points[place] : 0;
  });
}

/**
 * The last player of a deal: the seat that still holds cards when the deal ends. Every other seat goes out on
 * its final play and never acts again; the final move of the deal is someone going out.
 */
export function lastPlayer(plays, players) {
  const lastPlay = new Map();
  const lastAct = new Map();
  plays.forEach((entry, index) => {
    lastAct.set(entry.seat, index);
    if (entry.move !== "pass") lastPlay.set(entry.seat, index);
  });
  const final = plays.length ? plays[plays.length - 1].seat : -1;
  const actsAfterFinalPlay = (seat) => (lastAct.get(seat) ?? -1) > (lastPlay.get(seat) ?? -1);
  const candidates = [];
  for (let seat = 0; seat < players; seat += 1) {
    if (seat === final) continue;
    let others = true;
    for (let other = 0; other < players; other += 1) {
      if (other !== seat && actsAfterFinalPlay(other)) others = false;
    }
    if (others) candidates.push(seat);
  }
  if (candidates.length <= 1) return candidates[0] ?? 0;
  // Still open (the last player never acted after his final play): the one who played fewest cards held the rest.
  const played = (seat) => plays.filter((e) => e.seat === seat && e.move !== "pass")
    .reduce((n, e) => n + cardsOf(e.move).length, 0);
  return candidates.sort((a, b) => played(a) - played(b))[0];
}

/**
 * Every step of a finished match, from its parsed record and its rules
 * ({players, jokers, pass_lockout, revolution, points}): a frame before the first play of each deal and one
 * after each play or pass. A frame holds the hands, the table, passes, the seats out, the scores and a caption;
 * `moves` lists the numbers in the record of the moves it shows (the gifts given back, or the play or pass).
 */
export function buildFrames(record, rules) {
  const n = record.players;
  const frames = [];
  let scores = Array(n).fill(0);
  const results = [];
  for (const deal of record.deals) {
    const gives = deal.moves.filter((m) => m.move.startsWith("give "));
    const plays = deal.moves.filter((m) => !m.move.startsWith("give "));
    const hands = Array.from({ length: n }, () => new Set());
    const everyPlayed = new Set();
    for (const entry of plays) {
      for (const card of cardsOf(entry.move)) {
        hands[entry.seat].add(card);
        everyPlayed.add(card);
      }
    }
    const last = lastPlayer(plays, n);
    for (const card of fullDeck(rules.jokers)) if (!everyPlayed.has(card)) hands[last].add(card);
    const previous = results.length ? results[results.length - 1].order : null;
    const exchange = gives.map((g) => {
      const place = previous ? previous.indexOf(g.seat) : -1;
      return { from: g.seat, to: previous && place >= 0 ? previous[n - 1 - place] : null, cards: cardsOf(g.move) };
    });
    const received = Array.from({ length: n }, () => []);
    for (const e of exchange) if (e.to !== null) received[e.to].push(...e.cards);
    const state = {
      hands, table: [], owner: null, passed: new Set(), finished: [], revolution: false, last: new Map(),
    };
    const snapshot = (extra) => ({
      deal: deal.deal,
      hands: state.hands.map((h) => byId(h)),
      table: [...state.table],
      owner: state.owner,
      passed: [...state.passed].sort((a, b) => a - b),
      finished: [...state.finished],
      revolution: state.revolution,
      lastActions: Object.fromEntries(state.last),
      scores: [...scores],
      results: results.map((r) => ({ ...r })),
      received,
      exchange,
      ...extra,
    });
    frames.push(snapshot({ mover: null, move: null, event: "deal", toAct: plays.length ? plays[0].seat : null,
      moves: gives.map((g) => g.index) }));
    plays.forEach((entry, index) => {
      const { seat, move } = entry;
      const events = [];
      state.last.set(seat, move);
      if (move === "pass") {
        state.passed.add(seat);
        events.push("pass");
      } else {
        const cards = cardsOf(move);
        for (const card of cards) state.hands[seat].delete(card);
        state.table = cards;
        state.owner = seat;
        if (!rules.pass_lockout) state.passed.clear();
        events.push("play");
        if (rules.revolution && cards.length === 4) {
          state.revolution = !state.revolution;
          events.push("revolution");
        }
        if (state.hands[seat].size === 0) {
          state.finished.push(seat);
          events.push("out");
        }
      }
      const active = [];
      for (let s = 0; s < n; s += 1) if (state.hands[s].size) active.push(s);
      if (active.length <= 1) {
        const order = [...state.finished, ...active];
        const table = pointsByPlace(rules.points, n);
        const points = Array(n).fill(0);
        order.forEach((s, place) => { points[s] = table[place]; });
        scores = scores.map((total, s) => total + points[s]);
        results.push({ deal: deal.deal, order, points });
        state.table = [];
        state.owner = null;
        events.push("deal_over");
      } else if (active.every((s) => s === state.owner || state.passed.has(s))) {
        state.table = [];
        state.passed.clear();
        events.push("trick_cleared");
      }
      const next = plays[index + 1];
      frames.push(snapshot({ mover: seat, move, events, toAct: next ? next.seat : null, moves: [entry.index] }));
    });
  }
  return frames;
}
