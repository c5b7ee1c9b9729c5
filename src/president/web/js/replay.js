// The replay viewer: step through a finished match, every hand face up, deal by deal and move by move.

import { accuracyTable, analysisFollower, decisionsByMove, MARKS, percent, verdictLine } from "./analysis.js";
import { api } from "./api.js";
import { cardFace, sortCards } from "./cards.js";
import { replayChat } from "./chat.js";
import { h, mount } from "./dom.js";
import { cardsText, placeText, t, titleName, titlesByPlace } from "./i18n.js";
import { buildFrames, parseRecord } from "./replaylog.js";
import { scoreTable } from "./scores.js";
import { openDialog } from "./ui.js";

const AUTOPLAY_MS = 900;

function parseOptions(text) {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}

export function showReplay(root, matchId, navigate) {
  let match = null;
  let record = null;
  let frames = [];
  let index = 0;
  let timer = null;
  let failed = false;
  let byMove = new Map();
  let markedFrames = [];
  const autoAnalyse = new URLSearchParams(location.search).get("analyse") === "1";
  const follower = analysisFollower(matchId, onAnalysis);
  let chat = null;

  const names = () => match.names.map((name, seat) => name || t("seat.bot", { n: seat + 1 }));

  function go(to) {
    index = Math.max(0, Math.min(frames.length - 1, to));
    if (index === frames.length - 1) stop();
    render();
  }

  function stop() {
    clearInterval(timer);
    timer = null;
  }

  function toggle() {
    if (timer) stop();
    else {
      if (index >= frames.length - 1) index = 0;
      timer = setInterval(() => go(index + 1), AUTOPLAY_MS);
    }
    render();
  }

  function onAnalysis(state) {
    if (state.status === "done") {
      byMove = decisionsByMove(state.analysis);
      markedFrames = frames.map((f, i) => (f.moves.some((m) => byMove.get(m)?.verdict) ? i : -1)).filter((i) => i >= 0);
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
    const next = step > 0 ? markedFrames.find((i) => i > index) : [...markedFrames].reverse().find((i) => i < index);
    if (next !== undefined) go(next);
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
      if (markedFrames.length) {
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

  function verdicts(frame) {
    const lines = frame.moves.map((m) => byMove.get(m)).filter(Boolean)
      .map((d) => verdictLine(d, names()[d.seat]));
    return h("div", { class: "verdicts", id: "replay-verdicts", "aria-live": "polite" }, lines);
  }

  function titleOf(frame, seat) {
    const previous = frame.results.filter((r) => r.deal < frame.deal).pop();
    if (!previous) return "";
    const ladder = titlesByPlace(match.rules, match.players);
    return titleName(match.rules, ladder[previous.order.indexOf(seat)]);
  }

  function panel(frame, seat) {
    const slot = seat;
    const angle = (90 + (slot * 360) / match.players) * (Math.PI / 180);
    const hand = sortCards(frame.hands[seat], frame.revolution);
    const out = frame.finished.indexOf(seat);
    const last = frame.lastActions[seat];
    const judged = frame.mover === seat ? byMove.get(frame.moves[0]) : null;
    let lastText = "";
    if (out >= 0) lastText = t("seat.out", { place: placeText(out + 1) });
    else if (last === "pass") lastText = t("seat.pass");
    else if (last) lastText = cardsText(last.split(" "));
    const title = titleOf(frame, seat);
    const received = new Set(frame.received[seat]);
    const classes = ["seat-panel", "open-hand"];
    if (frame.toAct === seat) classes.push("turn");
    if (frame.mover === seat) classes.push("moved");
    if (out >= 0) classes.push("out");
    return h("div", { class: classes.join(" "), "data-seat": seat,
      style: { "--cos": Math.cos(angle).toFixed(3), "--sin": Math.sin(angle).toFixed(3) } },
    h("div", { class: "open-fan", "aria-label": `${names()[seat]}: ${cardsText(hand)}` },
      hand.map((code) => {
        const face = cardFace(code);
        if (received.has(code)) face.classList.add("received");
        return face;
      })),
    h("div", { class: "seat-name" }, h("span", { class: "name" }, names()[seat])),
    h("div", { class: "seat-meta" }, title ? h("span", { class: "title-name" }, title) : null,
      h("span", { class: "points" }, t("seat.points", { n: frame.scores[seat] }))),
    h("div", { class: `last-action${last === "pass" ? " is-pass" : ""}` }, lastText,
      judged?.verdict ? h("span", { class: `mark ${judged.verdict}`, title: t(`analysis.${judged.verdict}`) },
        ` ${MARKS[judged.verdict]}`) : null));
  }

  function caption(frame) {
    const who = (seat) => names()[seat];
    if (frame.event === "deal") {
      const parts = [t("game.deal", { n: frame.deal, of: null })];
      for (const e of frame.exchange) {
        if (e.to !== null) parts.push(t("replay.gaveBack", { name: who(e.from), to: who(e.to), cards: e.cards }));
      }
      return parts.join(" · ");
    }
    const parts = [frame.move === "pass" ? t("game.passed", { name: who(frame.mover) })
      : t("game.played", { name: who(frame.mover), cards: frame.move.split(" ") })];
    if (frame.events.includes("revolution")) parts.push(t("game.revolution"));
    if (frame.events.includes("out")) {
      parts.push(t("game.out", { name: who(frame.mover), place: placeText(frame.finished.length) }));
    }
    if (frame.events.includes("trick_cleared")) parts.push(t("replay.cleared"));
    if (frame.events.includes("deal_over")) parts.push(t("game.dealOver", { n: frame.deal }));
    return parts.join(" · ");
  }

  function showScores() {
    const frame = frames[index];
    const view = { rules: match.rules, players: match.players, deal_results: frame.results, scores: frame.scores,
      phase: index === frames.length - 1 ? "over" : "play", winners: match.winners };
    openDialog("scores", t("scores.title"), scoreTable(view, names(), null));
  }

  function render() {
    if (failed) {
      mount(root, h("section", { class: "panel" }, h("p", {}, t("replay.notFound")),
        h("button", { type: "button", onclick: () => navigate({}) }, t("join.back"))));
      return;
    }
    if (!match) {
      mount(root, h("p", { class: "muted loading" }, t("game.connecting")));
      return;
    }
    if (!frames.length) {
      mount(root, h("section", { class: "panel replay" }, h("h1", {}, t("replay.title")),
        h("p", {}, t("replay.unavailable")), h("pre", { class: "record" }, match.record)));
      return;
    }
    const frame = frames[index];
    const panels = [];
    for (let seat = 0; seat < match.players; seat += 1) panels.push(panel(frame, seat));
    const deals = [...new Set(frames.map((f) => f.deal))];
    const slider = h("input", { type: "range", min: 0, max: frames.length - 1, value: index, id: "replay-slider",
      "aria-label": t("replay.step", { n: index + 1, of: frames.length }),
      oninput: (e) => go(Number(e.target.value)) });
    mount(root, h("section", { class: "game replay-view", "data-step": index, "data-steps": frames.length },
      h("div", { class: "bar" },
        h("span", { class: "rules-name" }, `${t("replay.title")} · ${t(`preset.${match.rules}`)}`),
        h("label", { class: "deal-no" }, h("span", { class: "sr-only" }, t("scores.deal")),
          h("select", { id: "replay-deal", onchange: (e) => go(frames.findIndex((f) => f.deal === Number(e.target.value))) },
            deals.map((d) => h("option", { value: d, selected: d === frame.deal }, t("game.deal", { n: d, of: null }))))),
        h("button", { type: "button", class: "small", id: "scores-button", onclick: showScores }, t("game.scores"))),
      (() => {
        const bar = h("div", { class: "analysis-bar", id: "analysis-bar" });
        fillAnalysisBar(bar);
        return bar;
      })(),
      h("div", { class: "felt" }, panels,
        h("div", { class: "centre" },
          frame.revolution ? h("div", { class: "revolution-badge" }, t("game.revolution")) : null,
          h("div", { class: "pile-slot" }, h("div", { class: "pile" }, frame.table.map((c) => cardFace(c)))),
          h("div", { class: "pile-owner" }, frame.owner !== null && frame.table.length ? names()[frame.owner] : ""))),
      h("div", { class: "replay-controls" },
        h("p", { class: "caption", id: "replay-caption", "aria-live": "polite" }, caption(frame)),
        verdicts(frame),
        slider,
        h("div", { class: "controls" },
          h("button", { type: "button", id: "replay-first", onclick: () => go(0) }, "« ", t("replay.first")),
          h("button", { type: "button", id: "replay-prev", onclick: () => go(index - 1), "aria-keyshortcuts": "ArrowLeft" },
            "‹ ", t("replay.prev")),
          h("button", { type: "button", id: "replay-play", class: "primary", onclick: toggle },
            timer ? t("replay.pause") : t("replay.play")),
          h("button", { type: "button", id: "replay-next", onclick: () => go(index + 1), "aria-keyshortcuts": "ArrowRight" },
            t("replay.next"), " ›"),
          h("button", { type: "button", id: "replay-last", onclick: () => go(frames.length - 1) }, t("replay.last"), " »")),
        h("p", { class: "muted small", id: "replay-step" }, t("replay.step", { n: index + 1, of: frames.length })))),
      replayChat(chat, movesUpTo(index)));
  }

  /** How many moves had been played at frame `at` (the last frame: all, with what was said after the end). */
  function movesUpTo(at) {
    if (at >= frames.length - 1) return Infinity;
    let seen = 0;
    for (const frame of frames.slice(0, at + 1)) for (const move of frame.moves || []) seen = Math.max(seen, move + 1);
    return seen;
  }

  function onKey(e) {
    if (!frames.length || document.querySelector("dialog[open]")) return;
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === "ArrowRight") go(index + 1);
    else if (e.key === "ArrowLeft") go(index - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(frames.length - 1);
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
    try {
      const presets = await api("/api/presets");
      record = parseRecord(match.record);
      const preset = presets.find((p) => p.name === match.rules);
      const options = { ...(preset ? preset.options : {}), ...parseOptions(record.headers.Options) };
      frames = buildFrames(record, { ...options, players: match.players });
    } catch {
      frames = [];
    }
    render();
    if (frames.length) follower.load();
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
      stop();
      follower.stop();
      document.removeEventListener("keydown", onKey);
    },
  };
}
