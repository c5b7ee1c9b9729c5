// The table of the old President (seed 000, the 1800s staking game): the staking board and its eight sections,
// everyone's chips, the dummy face down with the turned-up card, the sequence under way with each card announced,
// the table's log (why a sequence stopped, who won which section and why), the player's hand, the chips table and
// the settlement. The server plays the forced cards; the player only starts sequences.

import { cardBack, cardFace } from "./cards.js";
import { h } from "./dom.js";
import { cardLabel, cardText, t } from "./i18n.js";
import { openDialog } from "./ui.js";

export const OLD_GAME = "old-president";
export const SECTIONS = ["ace", "jack", "intrigue", "queen", "matrimony", "king", "president", "game"];
const SUIT_ORDER = "cdhs";
const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const LOG_LINES = 14;

/** Cards in the old game's order: by suit, aces low. */
export function oldSort(codes) {
  const key = (c) => SUIT_ORDER.indexOf(c.slice(-1)) * 16 + RANK_ORDER.indexOf(c.slice(0, -1));
  return [...codes].sort((a, b) => key(a) - key(b));
}

/** The log as the seed lets it be seen: the plays of each stopped sequence become one face-down line, as the
 * server's face_down_log does (the plays of the sequence under way stay face up). */
export function faceDownLog(events) {
  const out = [];
  let start = null;
  for (const e of events) {
    if (e.type === "play") {
      if (e.lead || start === null) start = out.length;
      out.push(e);
    } else if (e.type === "sequence_end" && start !== null) {
      const tail = out.splice(start);
      const plays = tail.filter((x) => x.type === "play");
      out.push({ type: "face_down", seat: plays[0].seat, count: plays.length }, ...tail.filter((x) => x.type !== "play"), e);
      start = null;
    } else {
      if (e.type === "deal_start") start = null;
      out.push(e);
    }
  }
  return out;
}

/** The lines an update adds to the table's log, in the current language. */
export function oldEventLines(events, seatName) {
  const lines = [];
  for (const e of events) {
    const who = e.seat === null || e.seat === undefined ? "" : seatName(e.seat);
    if (e.type === "deal_start") lines.push(t("old.dealStart", { n: e.deal, of: e.deals, name: who }));
    else if (e.type === "turn_up") {
      lines.push(e.trumps ? t("old.turnUp", { card: e.card, suit: t(`old.suit.${e.trumps}`) })
        : t("old.turnUpPresident", { card: e.card }));
    } else if (e.type === "play") lines.push(t(e.lead ? "old.lead" : "old.play", { name: who, card: e.card }));
    else if (e.type === "face_down") lines.push(t("old.sequenceDown", { name: who, n: e.count }));
    else if (e.type === "sequence_end") lines.push(t(`old.stop.${e.reason}`, { card: e.next || e.card, name: who }));
    else if (e.type === "win") {
      lines.push(t(`old.win.${e.reason}`, { name: who, chips: e.chips, section: t(`old.section.${e.section}`),
        card: e.card || "" }));
    } else if (e.type === "out") lines.push(t("old.out", { name: who }));
    else if (e.type === "pay") lines.push(t("old.pay", { name: who, chips: e.chips, to: seatName(e.to) }));
    else if (e.type === "exempt") lines.push(t("old.exempt", { name: who }));
    else if (e.type === "settlement_deal") lines.push(t("old.settlementDeal", { name: who }));
    else if (e.type === "game_end") lines.push(t("old.gameEnd"));
  }
  return lines;
}

/** The staking board: the eight sections and the chips on each. */
export function oldBoard(v) {
  return h("ol", { class: "old-board", "aria-label": t("old.board") },
    SECTIONS.map((name) => h("li", { class: `section s-${name}`, "data-section": name },
      h("span", { class: "section-name" }, t(`old.section.${name}`)),
      h("span", { class: "section-chips", "data-chips": v.board[name] }, String(v.board[name])))));
}

function players(v, ctx) {
  return h("ol", { class: "old-players" }, Array.from({ length: v.players }, (_, seat) => {
    const classes = ["old-player"];
    if (seat === v.to_act) classes.push("to-act");
    if (seat === ctx.seat) classes.push("me");
    return h("li", { class: classes.join(" "), "data-seat": seat },
      h("span", { class: "name" }, ctx.seatName(seat), seat === ctx.seat ? ` (${t("seat.you")})` : ""),
      seat === v.dealer ? h("span", { class: "badge" }, t("old.dealer")) : null,
      h("span", { class: "chips", "data-chips": v.chips[seat] }, t("old.chips", { n: v.chips[seat] })),
      h("span", { class: "count muted" }, t("old.cards", { n: v.hand_counts[seat] })));
  }));
}

function dummyAndTrumps(v) {
  const backs = Math.min(v.dummy_count, 6);
  return h("div", { class: "old-dummy" },
    h("span", { class: "label" }, t("old.dummy", { n: v.dummy_count })),
    h("div", { class: "dummy-cards", "aria-hidden": "true" }, Array.from({ length: backs }, () => cardBack())),
    v.turned_up ? h("div", { class: "turned-up", "data-card": v.turned_up },
      cardFace(v.turned_up, t("old.turnedUp", { card: v.turned_up }))) : null,
    h("span", { class: "trumps", "data-trumps": v.trumps || "" },
      v.trumps ? t("old.trumps", { suit: t(`old.suit.${v.trumps}`) }) : t("old.noTrumps")));
}

function sequence(v, ctx) {
  const cards = v.played.map(([seat, code]) => h("figure", { class: "seq-card", "data-card": code },
    cardFace(code, cardLabel(code)), h("figcaption", {}, ctx.seatName(seat))));
  return h("div", { class: "old-sequence", "aria-label": t("old.sequence") },
    h("div", { class: "seq-cards" }, cards.length ? cards : h("p", { class: "muted" }, t("old.noSequence"))),
    v.face_down ? h("p", { class: "face-down muted" }, t("old.faceDown", { n: v.face_down })) : null);
}

function handArea(v, ctx) {
  const myLead = v.to_act === ctx.seat && v.phase === "lead";
  const buttons = oldSort(v.hand).map((code) => h("button", {
    type: "button", class: `card old-card${ctx.hint === code ? " hinted" : ""}`, "data-card": code,
    "aria-label": cardLabel(code), disabled: !myLead || ctx.pending,
    onclick: () => ctx.play(code) }, cardFace(code)));
  let prompt = t("old.wait");
  if (myLead) prompt = ctx.hint ? t("old.hintIs", { card: ctx.hint }) : t("old.yourLead");
  else if (v.phase === "continue") prompt = t("old.forced", { name: ctx.seatName(v.to_act), card: v.next_card });
  else if (v.phase === "over") prompt = t("old.over");
  return h("div", { class: "old-me" },
    h("p", { class: "prompt", id: "old-prompt", role: "status" }, prompt),
    h("div", { class: "old-hand", role: "group", "aria-label": t("old.hand") }, buttons),
    h("div", { class: "old-actions" },
      h("button", { type: "button", id: "old-hint", disabled: !myLead || ctx.pending, "aria-keyshortcuts": "H",
        onclick: ctx.askHint }, t("old.hint")),
      h("button", { type: "button", id: "old-chips", "aria-keyshortcuts": "C", onclick: ctx.showChips },
        t("old.chipsTable"))),
    h("p", { class: "shortcuts muted small" }, t("old.shortcuts")));
}

/** The whole game screen of an old-President table. */
export function oldScreen(v, ctx) {
  const bar = h("div", { class: "bar" },
    h("span", { class: "rules-name" }, t("preset.old-president")),
    h("span", { class: "deal-no" }, t("old.deal", { n: v.deal, of: v.deals })),
    ctx.pill,
    h("button", { type: "button", class: "small", id: "scores-button", onclick: ctx.showChips }, t("old.chipsTable")));
  const log = h("ol", { class: "old-log", tabindex: "0", "aria-live": "polite", "aria-label": t("old.log") },
    ctx.log.slice(-LOG_LINES).map((line) => h("li", {}, line)));
  return h("section", { class: `game old${ctx.seat === null ? " spectating" : ""}`, "data-phase": v.phase,
    "data-to-act": v.to_act ?? "", "data-seat": ctx.seat ?? "", "data-deal": v.deal, "data-seq": ctx.seq,
    "data-my-turn": String(v.to_act === ctx.seat && v.phase === "lead") },
  bar,
  h("div", { class: "old-felt" }, oldBoard(v), players(v, ctx), dummyAndTrumps(v), sequence(v, ctx), log),
  ctx.seat === null ? h("p", { class: "watching" }, t("game.watching")) : handArea(v, ctx));
}

/** The chips table: everyone's chips after each deal, and at the end. */
export function chipsTable(v, seatName) {
  const rows = v.chips_by_deal.map((d) => h("tr", {},
    h("th", { scope: "row" }, t("old.dealShort", { n: d.deal })),
    d.chips.map((c, seat) => h("td", { class: seat === d.winner ? "winner" : "" }, String(c)))));
  return h("table", { class: "scores old-chips" },
    h("thead", {}, h("tr", {}, h("th", {}, ""),
      Array.from({ length: v.players }, (_, seat) => h("th", { scope: "col" }, seatName(seat))))),
    h("tbody", {}, rows,
      h("tr", { class: "total" }, h("th", { scope: "row" }, t("old.now")),
        v.chips.map((c) => h("td", {}, String(c))))));
}

/** The end of the game: the settlement with the pack dealt face up, the chips table, and `actions` (buttons). */
export function showOldEnd(v, seatName, onClose, actions = null) {
  const s = v.settlement;
  const content = h("div", { class: "old-end" },
    s ? h("section", { class: "settlement" },
      h("h3", {}, t("old.settlement", { name: seatName(s.dealer) })),
      s.hands.map((cards, seat) => h("div", { class: "settle-hand", "data-seat": seat },
        h("span", { class: "name" }, seatName(seat)),
        h("span", { class: "cards" }, oldSort(cards).map((c) => cardText(c)).join(" ")))),
      h("ul", { class: "awards" }, s.awards.map((a) => h("li", {},
        t("old.award", { name: seatName(a.seat), chips: a.chips, section: t(`old.section.${a.section}`) })))))
      : h("p", {}, t("old.noSettlement")),
    chipsTable(v, seatName), actions);
  return openDialog("end", t("old.endTitle"), content, onClose);
}
