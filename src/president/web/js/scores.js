// The score table (title and points of every player for every deal, and the totals) and the end-of-match summary.

import { h } from "./dom.js";
import { t, titleName } from "./i18n.js";
import { titlesByPlace } from "./presets.js";
import { scrollFrame } from "./ui.js";

/**
 * The score table of a view: one row per finished deal with each seat's title and points, then the totals.
 * names[seat] is the display name of each seat; `me` is the reader's seat (highlighted), or null.
 */
export function scoreTable(view, names, me) {
  const preset = view.rules;
  const ladder = titlesByPlace(preset, view.players);
  const seats = names.map((_, seat) => seat);
  const winners = new Set(view.phase === "over" ? view.winners : []);
  const head = h("tr", {}, h("th", { scope: "col" }, t("scores.deal")),
    seats.map((seat) => h("th", { scope: "col", class: seat === me ? "me" : null }, names[seat])));
  const rows = view.deal_results.map((result) => {
    const places = new Map(result.order.map((seat, place) => [seat, place]));
    return h("tr", {}, h("th", { scope: "row" }, String(result.deal)),
      seats.map((seat) => h("td", { class: seat === me ? "me" : null },
        h("span", { class: "title-name" }, titleName(preset, ladder[places.get(seat)])),
        h("span", { class: "points" }, String(result.points[seat])))));
  });
  const total = h("tr", { class: "total" }, h("th", { scope: "row" }, t("scores.total")),
    seats.map((seat) => h("td", { class: [seat === me ? "me" : "", winners.has(seat) ? "winner" : ""].join(" ").trim()
      || null }, h("span", { class: "points" }, String(view.scores[seat])))));
  return h("div", {}, view.deal_results.length ? null : h("p", { class: "muted" }, t("scores.none")),
    scrollFrame("score-wrap", h("table", { class: "scores" }, h("caption", { class: "sr-only" }, t("scores.title")),
      h("thead", {}, head), h("tbody", {}, rows, total))));
}

/** The headline of the end screen: who won. */
export function winnerLine(view, names, me) {
  const winners = view.winners || [];
  if (me !== null && winners.length === 1 && winners[0] === me) return t("end.youWin");
  return t("end.winner", { names: winners.map((s) => names[s]).join(", "), count: winners.length });
}
