// The analysis of a finished match, asked from the server: start it, follow its progress, and show its marks.
//
// The server judges every decision (a play, a pass, the cards given back) from the deciding seat's view and
// keeps the result with the match. A decision's `index` is the number of its move in the record, as the
// replay's steps carry it.

import { api } from "./api.js";
import { h } from "./dom.js";
import { cardsText, errorText, numberText, rankText, t } from "./i18n.js";
import { scrollFrame } from "./ui.js";

const POLL_MS = 1000;

/** The mark of a verdict, as chess writes it. */
export const MARKS = { blunder: "??", mistake: "?", inaccuracy: "?!" };

const ERRORS = { analysis_busy: "analysis.busy", too_many_analyses: "analysis.tooMany",
  not_analysable: "analysis.notAnalysable" };

/**
 * Follow the analysis of match `matchId`: `onChange(state)` runs whenever it changes, with
 * state = {status: "none" | "queued" | "running" | "done" | "failed" | "error", done, total, position,
 * message, analysis}. `start()` asks the server to analyse; `stop()` ends the polling.
 */
export function analysisFollower(matchId, onChange) {
  let state = { status: "loading" };
  let timer = null;
  let stopped = false;
  const path = `/api/matches/${encodeURIComponent(matchId)}/analysis`;

  function update(answer) {
    state = answer;
    if (!stopped) onChange(state);
    clearTimeout(timer);
    if (!stopped && (state.status === "queued" || state.status === "running")) timer = setTimeout(poll, POLL_MS);
  }

  function failed(err) {
    const key = ERRORS[err.code];
    update({ status: "error", message: key ? t(key) : errorText(err) });
  }

  async function poll() {
    try {
      update(await api(path));
    } catch (err) {
      failed(err);
    }
  }

  return {
    get state() {
      return state;
    },
    load: poll,
    async start() {
      update({ status: "queued", done: 0, total: 0, position: 0 });
      try {
        update(await api(path, { method: "POST" }));
      } catch (err) {
        failed(err);
      }
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** The decisions of an analysis by the number of their move in the record. */
export function decisionsByMove(analysis) {
  const out = new Map();
  for (const d of analysis?.decisions || []) out.set(d.index, d);
  return out;
}

/** A move of the analysis ("9c 9h", "give 3c", "pass", "RJ=5c 5d") as the player reads it. */
export function moveText(move) {
  if (move === "pass") return t("seat.pass");
  if (move.startsWith("name ")) return rankText(move.slice(5));
  return cardsText(move.replace(/^(give|pass-on|discard|salvage)\s+/, "").split(/\s+/).map((w) => w.split("=")[0]));
}

/** A percentage from a share between 0 and 1. */
export const percent = (share) => `${Math.round(share * 100)}%`;

/** The line under the caption for one judged decision: its mark, the better move and what was lost. */
export function verdictLine(decision, who) {
  const mark = MARKS[decision.verdict] || "";
  const label = decision.verdict ? t(`analysis.${decision.verdict}`)
    : decision.played === decision.best ? t("analysis.best") : t("analysis.good");
  const parts = [h("strong", { class: "mark-label" }, mark ? `${mark} ${label}` : label), " · ",
    who, ": ", moveText(decision.played)];
  if (decision.played !== decision.best) {
    parts.push(" · ", t("analysis.better", { move: moveText(decision.best), loss: numberText(decision.loss, 2) }));
  }
  return h("p", { class: `verdict ${decision.verdict || "good"}`, "data-index": decision.index,
    "data-verdict": decision.verdict || "" }, parts);
}

/** The table of accuracy: one row per seat, a column per deal and one for the match, then the marks. */
export function accuracyTable(analysis, names) {
  const deals = [...new Set(analysis.decisions.map((d) => d.deal))].sort((a, b) => a - b);
  // The match and the marks come first, so that a phone shows them; the deals follow (and scroll sideways).
  const head = h("tr", {}, h("th", { scope: "col" }, t("analysis.player")),
    h("th", { scope: "col" }, t("analysis.match")), h("th", { scope: "col" }, t("analysis.marks")),
    deals.map((d) => h("th", { scope: "col" }, t("game.deal", { n: d, of: null }))));
  const rows = analysis.summary.map((s) => h("tr", { "data-seat": s.seat },
    h("th", { scope: "row" }, names[s.seat]),
    h("td", { class: "match-accuracy" }, h("strong", {}, percent(s.accuracy))),
    h("td", { class: "marks" }, Object.entries(MARKS).map(([name, mark]) =>
      h("span", { class: `mark ${name}`, title: t(`analysis.${name}`) }, `${mark} ${s[name] || 0} `))),
    deals.map((d) => h("td", { class: "deal-accuracy" },
      s.by_deal[String(d)] === undefined ? "–" : percent(s.by_deal[String(d)])))));
  return h("div", {},
    scrollFrame("accuracy-wrap", h("table", { class: "accuracy" }, h("thead", {}, head), h("tbody", {}, rows))),
    h("p", { class: "muted small" }, t("analysis.explain")));
}
