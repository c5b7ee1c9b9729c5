// The replay viewer: step through a finished match, every hand face up, deal by deal and move by move.
//
// The steps come from the server, which replays the match with the engine (GET /api/matches/{id}/steps): one
// at the start of each deal and one after each move of the record, each with the events of that move and the
// whole table after it. The viewer only draws them; a step's `index` is the number of its move in the record,
// which is how the analysis finds the decision it judges.

import { accuracyTable, analysisFollower, decisionsByMove, MARKS, percent, verdictLine } from "./analysis.js";
import { api } from "./api.js";
import { cardFace, sortCards } from "./cards.js";
import { replayChat } from "./chat.js";
import { h, mount } from "./dom.js";
import { eventLine } from "./events.js";
import { cardsText, computerName, placeText, t, titleName } from "./i18n.js";
import { OLD_GAME } from "./old.js";
import { showOldReplay } from "./oldreplay.js";
import { loadPresets } from "./presets.js";
import { scoreTable } from "./scores.js";
import { centre } from "./seats.js";
import { stepper } from "./stepper.js";
import { openDialog } from "./ui.js";
import { showVerification } from "./verify.js";

/** The line of one event of a step ("" for those a caption leaves out). */
function stepLine(event, seatName) {
  if (event.type === "deal") return t("game.deal", { n: event.deal, of: null });
  if (event.type === "gift" || event.type === "return") {
    return t("log.gives", { from: seatName(event.seat), to: seatName(event.to), what: t("log.cards", { cards: event.cards }) });
  }
  if (event.type === "match_over") return "";
  return eventLine(event, seatName);
}

export function showReplay(root, matchId, navigate) {
  let match = null;
  let steps = [];
  let results = [];
  const cursor = stepper(() => steps.length, () => render());
  let failed = false;
  let closed = false; // left for another screen: answers that arrive later draw nothing
  let unavailable = false;
  let byMove = new Map();
  let markedSteps = [];
  const autoAnalyse = new URLSearchParams(location.search).get("analyse") === "1";
  const follower = analysisFollower(matchId, onAnalysis);
  let chat = null;
  let old = null;

  const seatName = (seat) => (match.bots?.[seat] ? computerName(seat + 1, match.names[seat], match.bots[seat])
    : match.names[seat] || computerName(seat + 1));
  const names = () => match.names.map((_, seat) => seatName(seat));

  function onAnalysis(state) {
    if (state.status === "done") {
      byMove = decisionsByMove(state.analysis);
      markedSteps = steps.map((step, i) => (byMove.get(step.index)?.verdict ? i : -1)).filter((i) => i >= 0);
    }
    if (state.status === "none" && autoAnalyse && match) {
      follower.start();
      return;
    }
    const bar = document.getElementById("analysis-bar");
    if (bar && (state.status === "queued" || state.status === "running")) fillAnalysisBar(bar);
    else render();
  }

  function goMark(step) {
    const next = step > 0 ? markedSteps.find((i) => i > cursor.index) : [...markedSteps].reverse().find((i) => i < cursor.index);
    if (next !== undefined) cursor.go(next);
  }

  function showAccuracy() {
    openDialog("accuracy", t("analysis.accuracyTitle"), accuracyTable(follower.state.analysis, names()));
  }

  function fillAnalysisBar(bar) {
    const state = follower.state;
    const parts = [];
    if (state.status === "queued" || state.status === "running") {
      const running = state.status === "running" && state.total > 0;
      parts.push(h("span", { id: "analysis-progress", role: "status" },
        running ? t("analysis.progress", { done: state.done, total: state.total })
          : t("analysis.queued", { n: state.position || 0 }),
        h("progress", { max: running ? state.total : null, value: running ? state.done : null,
          "aria-label": t("analysis.button") })));
    } else if (state.status === "done") {
      const summary = state.analysis.summary.map((s) => `${names()[s.seat]} ${percent(s.accuracy)}`).join(" · ");
      parts.push(h("button", { type: "button", class: "small", id: "accuracy-button", onclick: showAccuracy },
        t("analysis.accuracy")),
      h("span", { class: "accuracy-line", id: "accuracy-line" }, summary));
      if (markedSteps.length) {
        parts.push(h("span", { class: "mark-nav" },
          h("button", { type: "button", class: "small", id: "mark-prev", onclick: () => goMark(-1),
            "aria-keyshortcuts": "Shift+M" }, "‹ ", t("analysis.prevMark")),
          h("button", { type: "button", class: "small", id: "mark-next", onclick: () => goMark(1),
            "aria-keyshortcuts": "M" }, t("analysis.nextMark"), " ›")));
      } else parts.push(h("span", { class: "muted" }, t("analysis.noMarks")));
    } else if (state.status !== "loading") {
      if (state.status === "failed" || state.status === "error") {
        parts.push(h("span", { class: "analysis-error", role: "alert" },
          state.status === "failed" ? t("analysis.failed", { message: state.message }) : state.message));
      }
      parts.push(h("button", { type: "button", class: "small", id: "analyse-button", onclick: () => follower.start() },
        state.status === "none" ? t("analysis.button") : t("analysis.retry")));
    }
    mount(bar, parts);
  }

  function verdicts(step) {
    const judged = step.index === null ? null : byMove.get(step.index);
    const lines = judged ? [verdictLine(judged, seatName(judged.seat))] : [];
    return h("div", { class: "verdicts", id: "replay-verdicts", "aria-live": "polite" }, lines);
  }

  function panel(step, seat) {
    const angle = (90 + (seat * 360) / match.players) * (Math.PI / 180);
    const hand = sortCards(step.hands[seat], step.rank_order);
    const place = step.places[seat];
    const last = step.actions[seat];
    const judged = step.seat === seat && step.index !== null ? byMove.get(step.index) : null;
    let lastText = "";
    if (place) lastText = t("seat.out", { place: placeText(place) });
    else if (last === "pass") lastText = t("seat.pass");
    else if (last) lastText = cardsText(last.split(" "));
    const title = step.titles[seat] ? titleName(match.rules, step.titles[seat]) : "";
    const received = new Set(step.received[seat]);
    const classes = ["seat-panel", "open-hand"];
    if (step.to_act === seat) classes.push("turn");
    if (step.seat === seat) classes.push("moved");
    if (place) classes.push("out");
    return h("div", { class: classes.join(" "), "data-seat": seat,
      style: { "--cos": Math.cos(angle).toFixed(3), "--sin": Math.sin(angle).toFixed(3) } },
    h("div", { class: "open-fan", role: "group", "aria-label": `${seatName(seat)}: ${cardsText(hand)}` },
      hand.map((code) => {
        const face = cardFace(code);
        if (received.has(code)) face.classList.add("received");
        return face;
      })),
    h("div", { class: "seat-name" }, h("span", { class: "name" }, seatName(seat))),
    h("div", { class: "seat-meta" }, title ? h("span", { class: "title-name" }, title) : null,
      h("span", { class: "points" }, t("seat.points", { n: step.scores[seat] }))),
    h("div", { class: `last-action${last === "pass" && !place ? " is-pass" : ""}` }, lastText,
      judged?.verdict ? h("span", { class: `mark ${judged.verdict}`, title: t(`analysis.${judged.verdict}`) },
        ` ${MARKS[judged.verdict]}`) : null));
  }

  function caption(step) {
    return step.events.map((e) => stepLine(e, seatName)).filter(Boolean).join(" · ");
  }

  function showScores() {
    const step = steps[cursor.index];
    const view = { rules: match.rules, players: match.players, deal_results: results.slice(0, step.deals_done),
      scores: step.scores, phase: cursor.index === steps.length - 1 ? "over" : "play", winners: match.winners };
    openDialog("scores", t("scores.title"), scoreTable(view, names(), null));
  }

  function render() {
    if (closed) return;
    if (old) {
      old.render();
      return;
    }
    if (failed) {
      mount(root, h("section", { class: "panel" }, h("p", {}, t("replay.notFound")),
        h("button", { type: "button", onclick: () => navigate({}) }, t("join.back"))));
      return;
    }
    if (!match) {
      mount(root, h("p", { class: "muted loading" }, t("game.connecting")));
      return;
    }
    if (unavailable || !steps.length) {
      mount(root, h("section", { class: "panel replay" }, h("h1", {}, t("replay.title")),
        h("p", {}, t("replay.unavailable")), h("pre", { class: "record" }, match.record)));
      return;
    }
    const step = steps[cursor.index];
    const panels = [];
    for (let seat = 0; seat < match.players; seat += 1) panels.push(panel(step, seat));
    const deals = [...new Set(steps.map((s) => s.deal))];
    const slider = h("input", { type: "range", min: 0, max: steps.length - 1, value: cursor.index, id: "replay-slider",
      "aria-label": t("replay.step", { n: cursor.index + 1, of: steps.length }),
      oninput: (e) => cursor.go(Number(e.target.value)) });
    const owner = step.table_owner === null ? "" : seatName(step.table_owner);
    mount(root, h("section", { class: "game replay-view", "data-step": cursor.index, "data-steps": steps.length },
      h("div", { class: "bar" },
        h("span", { class: "rules-name" }, `${t("replay.title")} · ${t(`preset.${match.rules}`)}`),
        h("label", { class: "deal-no" }, h("span", { class: "sr-only" }, t("scores.deal")),
          h("select", { id: "replay-deal", onchange: (e) => cursor.go(steps.findIndex((s) => s.deal === Number(e.target.value))) },
            deals.map((d) => h("option", { value: d, selected: d === step.deal }, t("game.deal", { n: d, of: null }))))),
        h("button", { type: "button", class: "small", id: "scores-button", onclick: showScores }, t("game.scores")),
        match.record.includes("[Secret ") ? h("button", { type: "button", class: "small", id: "verify-deals-button",
          onclick: () => showVerification(matchId) }, t("verify.button")) : null),
      (() => {
        const bar = h("div", { class: "analysis-bar", id: "analysis-bar" });
        fillAnalysisBar(bar);
        return bar;
      })(),
      h("div", { class: "felt" }, panels, centre(step, owner)),
      h("div", { class: "replay-controls" },
        h("p", { class: "caption", id: "replay-caption", "aria-live": "polite" }, caption(step)),
        verdicts(step),
        slider,
        h("div", { class: "controls" },
          h("button", { type: "button", id: "replay-first", onclick: () => cursor.go(0) }, "« ", t("replay.first")),
          h("button", { type: "button", id: "replay-prev", onclick: () => cursor.go(cursor.index - 1), "aria-keyshortcuts": "ArrowLeft" },
            "‹ ", t("replay.prev")),
          h("button", { type: "button", id: "replay-play", class: "primary", onclick: cursor.toggle },
            cursor.playing ? t("replay.pause") : t("replay.play")),
          h("button", { type: "button", id: "replay-next", onclick: () => cursor.go(cursor.index + 1), "aria-keyshortcuts": "ArrowRight" },
            t("replay.next"), " ›"),
          h("button", { type: "button", id: "replay-last", onclick: () => cursor.go(steps.length - 1) }, t("replay.last"), " »")),
        h("p", { class: "muted small", id: "replay-step" }, t("replay.step", { n: cursor.index + 1, of: steps.length })))),
      replayChat(chat, movesUpTo(cursor.index)));
  }

  /** How many moves had been played at step `at` (the last step: all, with what was said after the end). */
  function movesUpTo(at) {
    if (at >= steps.length - 1) return Infinity;
    for (let i = at; i >= 0; i--) if (steps[i].index != null) return steps[i].index + 1;
    return 0;
  }

  function onKey(e) {
    if (old || !steps.length || document.querySelector("dialog[open]")) return;
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === "ArrowRight") cursor.go(cursor.index + 1);
    else if (e.key === "ArrowLeft") cursor.go(cursor.index - 1);
    else if (e.key === "Home") cursor.go(0);
    else if (e.key === "End") cursor.go(steps.length - 1);
    else if (e.key === "m" || e.key === "M") goMark(e.shiftKey ? -1 : 1);
    else return;
    e.preventDefault();
  }

  async function load() {
    try {
      match = await api(`/api/matches/${encodeURIComponent(matchId)}`);
    } catch {
      failed = true;
      render();
      return;
    }
    if (closed) return;
    if (match.rules === OLD_GAME) {
      old = showOldReplay(root, match, navigate);
      return;
    }
    try {
      const [answer] = await Promise.all([api(`/api/matches/${encodeURIComponent(matchId)}/steps`), loadPresets()]);
      steps = answer.steps;
      results = answer.results;
    } catch {
      unavailable = true;
    }
    render();
    if (steps.length) follower.load();
    try {
      chat = await api(`/api/matches/${encodeURIComponent(matchId)}/chat`);
      render();
    } catch {
      // a replay without its chat is still a replay
    }
  }

  document.addEventListener("keydown", onKey);
  render();
  load();
  return {
    render,
    destroy() {
      closed = true;
      cursor.stop();
      follower.stop();
      old?.destroy();
      document.removeEventListener("keydown", onKey);
    },
  };
}
