// The log of the deal at the table: who played what and who passed, in order, and the trick just cleared (kept
// until the next lead). Kept from the events of each update; after a reload, rebuilt from the view's history.
// Which events it logs comes from the server: every kind its snapshot declares for the game, but the new deal
// (which starts the log again) and the end of the match.

import { h } from "./dom.js";
import { eventLine } from "./events.js";
import { t } from "./i18n.js";

const UNLOGGED = new Set(["deal", "match_over"]);

export class DealLog {
  constructor() {
    this.logged = new Set();
    this.reset(null);
  }

  /** The kinds of event the server declares for the table's game (a snapshot's game.event_types). */
  setEventTypes(types) {
    this.logged = new Set((types || []).filter((type) => !UNLOGGED.has(type)));
  }

  reset(deal) {
    // The computer players' moves of the deal just over stay at hand: they may be asked why now.
    const bots = (this.events || []).filter((e) => e.by === "bot");
    if (bots.length) this.previous = { deal: this.deal, events: bots };
    else if (this.previous === undefined) this.previous = null;
    this.deal = deal;
    this.events = [];
    this.trick = [];
    this.lastTrick = null;
  }

  /** Take in the events of one update; `move` is the match's number of its move and who made it (`by`). */
  add(events, dealNumber, move = null) {
    if (this.deal === null) this.deal = dealNumber;
    for (const original of events) {
      const stamped = move && (original.type === "play" || original.type === "pass");
      const event = stamped ? { ...original, seq: move.seq, by: move.by } : original;
      if (event.type === "deal") {
        this.reset(event.deal);
        continue;
      }
      if (!this.logged.has(event.type)) continue;
      if (event.type === "play" && !this.trick.some((e) => e.type === "play")) this.lastTrick = null;
      this.events.push(event);
      this.trick.push(event);
      if (event.type === "trick_cleared") {
        this.lastTrick = this.trick;
        this.trick = [];
      }
    }
  }

  /** Plays and passes of the deal, as the history of a view lists them ("pass", "7c 7h", "5h RJ=5c"). */
  moves() {
    return this.events.filter((e) => e.type === "play" || e.type === "pass")
      .map((e) => ({ seat: e.seat, move: moveText(e) }));
  }

  /** Start again from a snapshot's view, unless the log already holds its deal's history. */
  sync(view) {
    const history = view?.history || [];
    const mine = this.moves();
    const same = this.deal === view?.deal_number && mine.length === history.length
      && mine.every((m, i) => m.seat === history[i].seat && sameMove(m.move, history[i].move));
    if (same) return;
    this.reset(view?.deal_number ?? null);
    for (const { seat, move } of history) this.events.push(historyEvent(seat, move));
  }
}

function moveText(event) {
  if (event.type === "pass") return "pass";
  return (event.cards || []).map((c) => (event.stands?.[c] ? `${c}=${event.stands[c]}` : c)).join(" ");
}

const sameMove = (a, b) => a.split(" ").map((c) => c.split("=")[0]).join(" ") === b.split(" ").map((c) => c.split("=")[0]).join(" ");

function historyEvent(seat, move) {
  if (move === "pass") return { type: "pass", seat };
  const tokens = move.split(" ");
  const stands = Object.fromEntries(tokens.filter((c) => c.includes("=")).map((c) => c.split("=")));
  return { type: "play", seat, cards: tokens.map((c) => c.split("=")[0]), stands };
}

function entryText(event, seatName) {
  if (event.type === "gift" || event.type === "return") {
    const what = event.cards ? t("log.cards", { cards: event.cards }) : t("log.count", { n: event.count });
    return t("log.gives", { from: seatName(event.seat), to: seatName(event.to), what });
  }
  return eventLine(event, seatName);
}

function entry(event, seatName, why = null) {
  const text = entryText(event, seatName);
  if (!text) return null;
  const move = event.type === "play" || event.type === "pass" ? moveText(event) : null;
  if (!why || event.by !== "bot" || event.seq === undefined) {
    return h("li", { class: `log-${event.type}`, "data-type": event.type, "data-seat": event.seat ?? null,
      "data-move": move }, text);
  }
  // A computer player's move: tapping the line asks why; the answer shows under it.
  const answer = why.reasons.get(event.seq);
  return h("li", { class: `log-${event.type} log-bot`, "data-type": event.type, "data-seat": event.seat ?? null,
    "data-move": move, "data-seq": event.seq },
  h("button", { type: "button", class: "why-line", "aria-expanded": answer ? "true" : "false",
    title: t("why.title"), onclick: () => why.ask(event) }, text),
  answer ? h("p", { class: "why-text small" }, answer) : null);
}

/** The short line of the trick just cleared: "Ann 7♥ · Bo pass · Cy 9♥". */
function trickLine(events, seatName) {
  return events.filter((e) => e.type === "play" || e.type === "pass")
    .map((e) => (e.type === "pass" ? t("game.passed", { name: seatName(e.seat) })
      : t("game.played", { name: seatName(e.seat), cards: e.cards })))
    .join(" · ");
}

/** The panel: a <details> whose summary always shows the trick just cleared, and whose body lists the deal.
 *  Its elements are kept from one update to the next (open or not, scrolled, focused); so is the line of an event
 *  while what it says stays the same: an update adds the lines of its events to the list. */
export class LogView {
  constructor(open) {
    this.title = h("span", { class: "log-title" });
    this.last = h("span", { class: "last-trick", id: "last-trick" });
    this.list = h("ol", { class: "log-list", tabindex: "0" });
    this.el = h("details", { class: "log-panel", id: "log-panel", open: open || undefined },
      h("summary", {}, this.title, this.last), this.list);
    this.empty = h("li", { class: "muted" });
    this.previousNote = h("p", { class: "muted small" });
    this.previousList = h("ol", {});
    this.previous = h("li", { class: "log-previous", id: "log-previous" }, this.previousNote, this.previousList);
    // The line drawn for an event, with what it said (its text, and the answer to "why" under it).
    this.lines = new WeakMap();
    // Whether the list follows its end once the screen is drawn (followEnd).
    this.following = false;
  }

  /** Show `log`; `why` (optional) holds the reasons told so far (`reasons`: text by move number) and `ask(event)`,
   *  which asks why a computer player made the move of a log line. */
  update(log, seatName, why = null) {
    const list = this.list;
    const lastLine = log.lastTrick ? trickLine(log.lastTrick, seatName) : "";
    const texts = [[this.title, t("log.title")], [this.last, lastLine ? `${t("log.lastTrick")}: ${lastLine}` : ""]];
    const items = this.linesOf(log.events, seatName, why);
    if (!items.length) {
      texts.push([this.empty, t("log.empty")]);
      items.push(this.empty);
    }
    const before = why && log.previous?.events.length ? this.linesOf(log.previous.events, seatName, why) : null;
    if (before) {
      texts.push([this.previousNote, t("why.lastDeal", { n: log.previous.deal })]);
      items.push(this.previous);
    }
    const changed = texts.some(([el, text]) => el.textContent !== text) || this.last.hidden !== !lastLine
      || !holds(list, items)
      || (before && !holds(this.previousList, before));
    if (!changed) return;
    // The list scrolls on a narrow screen, the whole panel on a wide one: follow the end in either (measured before
    // anything changes).
    const atEnd = [list, this.el].every((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 4);
    for (const [el, text] of texts) if (el.textContent !== text) el.textContent = text;
    this.last.hidden = !lastLine;
    list.setAttribute("aria-label", t("log.title"));
    if (before) place(this.previousList, before);
    place(list, items);
    if (atEnd) this.following = true;
  }

  /** The lines of `events`: each kept from the last update while it says the same, else drawn anew. */
  linesOf(events, seatName, why) {
    const items = [];
    for (const event of events) {
      const asks = Boolean(why) && event.by === "bot" && event.seq !== undefined;
      const said = [entryText(event, seatName), asks, asks ? why.reasons.get(event.seq) : null, t("why.title")];
      const known = this.lines.get(event);
      if (known && known.said.every((part, i) => part === said[i])) {
        items.push(known.li);
        continue;
      }
      const li = entry(event, seatName, why);
      if (!li) continue;
      this.lines.set(event, { said, li });
      items.push(li);
    }
    return items;
  }

  /** After the whole screen is drawn: scroll the list and the panel to their ends if the last update added to them
   *  while they showed their ends (measuring them lays the page out, which is best done once, after every change). */
  followEnd() {
    if (!this.following) return;
    this.following = false;
    for (const el of [this.list, this.el]) el.scrollTop = el.scrollHeight;
  }
}

/** Whether `parent`'s children are `items`, in order. */
function holds(parent, items) {
  return parent.children.length === items.length && items.every((item, i) => parent.children[i] === item);
}

/** Make `items` the children of `parent`, in order, moving only what is out of place. */
function place(parent, items) {
  items.forEach((item, i) => {
    if (parent.children[i] !== item) parent.insertBefore(item, parent.children[i] || null);
  });
  while (parent.children.length > items.length) parent.lastElementChild.remove();
}
