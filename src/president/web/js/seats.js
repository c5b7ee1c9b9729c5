// The players around the table and the combination in the centre, drawn from a seat's view.

import { cardBack, cardFace } from "./cards.js";
import { h } from "./dom.js";
import { botLevel, cardsText, placeText, t, titleName } from "./i18n.js";
import { standsOf } from "./selection.js";
import { standsText } from "./events.js";

const FAN_BACKS = 10;

/**
 * What a seat did last in this deal, as text: its cards, or "Pass" while the cards it passed on are still on the
 * table (a cleared trick takes the passes with it); "" when nothing.
 */
export function lastActionText(view, seat) {
  let last = null;
  for (const entry of view.history) if (entry.seat === seat) last = entry.move;
  if (last === "pass") return view.passed.includes(seat) ? t("seat.pass") : "";
  return last ? cardsText(last.split(" ").map((c) => c.split("=")[0])) : "";
}

/**
 * The panel of one seat at `slot` places clockwise from the bottom of a table of `total`: a fan of face-down
 * cards with their count, name, title, points, last action, and the turn badge (with the timer's deadline).
 * `info` is the seat as the table message describes it; `name` its display name.
 */
/** The place of a seat that is out (1 = first), counting those put at the bottom; -1 while it plays. */
export function placeOf(view, seat) {
  const top = view.finished.indexOf(seat);
  if (top >= 0) return top + 1;
  const bottom = (view.bottom || []).indexOf(seat);
  return bottom >= 0 ? view.players - bottom : -1;
}

export function seatPanel(view, info, seat, slot, total, name, deadline) {
  const angle = (90 + (slot * 360) / total) * (Math.PI / 180);
  const place = placeOf(view, seat);
  const acting = view.to_act === seat && view.phase !== "over";
  const count = view.counts[seat];
  const last = lastActionText(view, seat);
  const classes = ["seat-panel"];
  if (acting) classes.push("turn");
  if (place > 0) classes.push("out");
  if (info?.away) classes.push("away");
  if (view.passed.includes(seat)) classes.push("passed");
  let lastText = "";
  if (place > 0) lastText = t("seat.out", { place: placeText(place) });
  else lastText = last;
  const backs = [];
  for (let i = 0; i < Math.min(count, FAN_BACKS); i += 1) backs.push(cardBack());
  const title = view.titles[seat] ? titleName(view.rules, view.titles[seat]) : "";
  let status = info?.bot ? botLevel(info.bot) : "";
  if (info?.kind === "person") status = info.away ? t("seat.away") : info.connected ? "" : t("seat.offline");
  const points = t("seat.points", { n: view.scores[seat] });
  return h("div", { class: classes.join(" "), "data-seat": seat,
    style: { "--cos": Math.cos(angle).toFixed(3), "--sin": Math.sin(angle).toFixed(3) },
    "aria-label": [name, t("seat.cards", { n: count }), title, points, lastText, acting ? t("seat.turn") : ""]
      .filter(Boolean).join(", ") },
  h("div", { class: "fan", title: t("seat.cards", { n: count }) }, backs,
    h("span", { class: "count", "aria-hidden": "true" }, String(count))),
  h("div", { class: "seat-name" }, h("span", { class: "name" }, name)),
  h("div", { class: "seat-meta" }, title ? h("span", { class: "title-name" }, title) : null,
    h("span", { class: "points" }, points)),
  status ? h("div", { class: "seat-status" }, status) : null,
  h("div", { class: `last-action${last && last === t("seat.pass") ? " is-pass" : ""}` }, lastText),
  acting ? h("div", { class: "turn-badge" }, view.phase === "exchange" ? t("seat.gives") : t("seat.turn"),
    deadline ? h("span", { class: "timer", "data-deadline": deadline }) : null) : null);
}

/**
 * The centre of the table: the combination to beat and who played it, what its jokers stand for, and the
 * badges of the order and the trick (revolution, 11-back, the suit lock).
 */
export function centre(view, ownerName) {
  const pile = h("div", { class: "pile", role: "group", "aria-live": "polite",
    "aria-label": view.table.length ? `${t("game.table")}: ${cardsText(view.table)}` : t("game.emptyTable") },
  view.table.map((code) => cardFace(code)));
  let below = "";
  if (view.table.length && view.table_owner !== null) below = ownerName;
  else if (view.phase === "play") below = t("game.emptyTable");
  else if (view.phase === "exchange") below = t("game.exchange");
  const stands = view.table.length && view.table_move ? standsText(standsOf(view.table_move)) : [];
  return h("div", { class: "centre" },
    h("div", { class: "badges" },
      view.revolution ? h("div", { class: "revolution-badge" }, t("game.revolution")) : null,
      view.eleven_back ? h("div", { class: "eleven-back-badge" }, t("game.elevenBack")) : null,
      view.direction === "counterclockwise"
        ? h("div", { class: "direction-badge", "data-direction": view.direction }, "↺ ", t("game.counterclockwise"))
        : null,
      view.lock ? h("div", { class: "lock-badge", "data-suits": view.lock }, t("game.locked", { suits: view.lock }))
        : null),
    h("div", { class: "pile-slot" }, pile),
    stands.length ? h("div", { class: "stands" }, stands.join(", ")) : null,
    h("div", { class: "pile-owner" }, below));
}
