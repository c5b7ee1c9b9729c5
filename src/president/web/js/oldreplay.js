// The replay of a finished game of the old President: step through it card by card, every hand and the dummy face
// up (a finished game hides nothing), with the staking board, everyone's chips, the sequence and why it stopped,
// who won which section, and the chips after each deal.
//
// The steps come from the server (GET /api/matches/{id}/steps, `game: "old-president"`): one at the start of each
// deal, one for each card played and one for the settlement, each with its events and the whole table after them.

import { api } from "./api.js";
import { cardFace } from "./cards.js";
import { h, mount } from "./dom.js";
import { cardLabel, cardsText, computerName, t } from "./i18n.js";
import { chipsTable, oldBoard, oldEventLines, oldSort } from "./old.js";
import { stepper } from "./stepper.js";
import { openDialog } from "./ui.js";
import { showVerification } from "./verify.js";

/** The replay screen of finished old game `match` (from /api/matches/{id}); returns { render, destroy }. */
export function showOldReplay(root, match, navigate) {
  let steps = [];
  const cursor = stepper(() => steps.length, () => render());
  let failed = false;
  let closed = false; // left for another screen: answers that arrive later draw nothing

  const seatName = (seat) => (match.bots?.[seat] ? computerName(seat + 1, match.names[seat], match.bots[seat])
    : match.names[seat] || computerName(seat + 1));

  function showChips() {
    const step = steps[cursor.index];
    openDialog("scores", t("old.chipsTable"),
      chipsTable({ players: match.players, chips: step.chips, chips_by_deal: step.chips_by_deal }, seatName));
  }

  function cards(codes, cls) {
    return h("div", { class: cls, "aria-label": cardsText(codes) },
      codes.map((code) => {
        const face = cardFace(code, cardLabel(code));
        face.dataset.card = code;
        return face;
      }));
  }

  function player(step, seat) {
    const classes = ["old-player", "replay-player"];
    if (seat === step.to_act) classes.push("to-act");
    if (seat === steps[cursor.index].seat) classes.push("moved");
    const hand = oldSort(step.hands[seat]);
    return h("li", { class: classes.join(" "), "data-seat": seat },
      h("span", { class: "name" }, seatName(seat)),
      seat === step.dealer ? h("span", { class: "badge" }, t("old.dealer")) : null,
      h("span", { class: "chips", "data-chips": step.chips[seat] }, t("old.chips", { n: step.chips[seat] })),
      h("span", { class: "count muted" }, t("old.cards", { n: step.hands[seat].length })),
      cards(hand, "open-hand"));
  }

  function dummy(step) {
    return h("div", { class: "old-dummy" },
      h("span", { class: "label" }, t("old.openDummy", { n: step.dummy.length })),
      cards(oldSort(step.dummy), "dummy-open"),
      step.turned_up ? h("div", { class: "turned-up", "data-card": step.turned_up },
        cardFace(step.turned_up, t("old.turnedUp", { card: step.turned_up }))) : null,
      h("span", { class: "trumps", "data-trumps": step.trumps || "" },
        step.trumps ? t("old.trumps", { suit: t(`old.suit.${step.trumps}`) }) : t("old.noTrumps")));
  }

  function sequence(step) {
    const last = step.seat === null ? -1 : step.sequence.length - 1;
    const shown = step.sequence.map(([seat, code], i) => h("figure", {
      class: `seq-card${i === last ? " just-played" : ""}`, "data-card": code },
    cardFace(code, cardLabel(code)), h("figcaption", {}, seatName(seat))));
    const stopped = step.stopped
      ? h("p", { class: "stopped", "data-reason": step.stopped.reason },
        t(`old.stop.${step.stopped.reason}`, { card: step.stopped.next || "" }))
      : null;
    return h("div", { class: "old-sequence", "aria-label": t("old.sequence") },
      h("div", { class: "seq-cards" }, shown.length ? shown : h("p", { class: "muted" }, t("old.noSequence"))),
      stopped,
      h("p", { class: "played-line muted small" }, t("old.playedThisDeal", { n: step.played.length })),
      cards(oldSort(step.played.map(([, code]) => code)), "played-open"));
  }

  /** The settlement: the pack dealt face up to share out the board. */
  function settlement(step) {
    if (!step.settlement) return null;
    return h("section", { class: "old-end replay-settlement" },
      h("h3", {}, t("old.settlementShort")),
      step.settlement.map((hand, seat) => h("div", { class: "settle-hand", "data-seat": seat },
        h("span", { class: "name" }, seatName(seat)), cards(oldSort(hand), "open-hand"))));
  }

  function caption(step) {
    return oldEventLines(step.events, seatName);
  }

  function render() {
    if (closed) return;
    if (failed) {
      mount(root, h("section", { class: "panel replay" }, h("h1", {}, t("replay.title")),
        h("p", {}, t("replay.unavailable")), h("pre", { class: "record" }, match.record),
        h("button", { type: "button", onclick: () => navigate({}) }, t("join.back"))));
      return;
    }
    if (!steps.length) {
      mount(root, h("p", { class: "muted loading" }, t("game.connecting")));
      return;
    }
    const step = steps[cursor.index];
    const deals = [...new Set(steps.map((s) => s.deal))];
    const lines = caption(step);
    mount(root, h("section", { class: "game old replay-view old-replay", "data-step": cursor.index,
      "data-steps": steps.length, "data-deal": step.deal, "data-phase": step.phase },
    h("div", { class: "bar" },
      h("span", { class: "rules-name" }, `${t("replay.title")} · ${t("preset.old-president")}`),
      h("label", { class: "deal-no" }, h("span", { class: "sr-only" }, t("scores.deal")),
        h("select", { id: "replay-deal", onchange: (e) => cursor.go(steps.findIndex((s) => s.deal === Number(e.target.value))) },
          deals.map((d) => h("option", { value: d, selected: d === step.deal }, t("old.deal", { n: d, of: deals.length }))))),
      h("a", { class: "button small", id: "record-link", href: `/api/matches/${encodeURIComponent(match.id)}/record`,
        target: "_blank", rel: "noopener" }, t("old.record")),
      h("button", { type: "button", class: "small", id: "scores-button", onclick: showChips }, t("old.chipsTable")),
      match.record.includes("[Secret ") ? h("button", { type: "button", class: "small", id: "verify-deals-button",
        onclick: () => showVerification(match.id) }, t("verify.button")) : null),
    h("div", { class: "old-felt" },
      oldBoard(step),
      h("ol", { class: "old-players" }, Array.from({ length: match.players }, (_, seat) => player(step, seat))),
      dummy(step),
      sequence(step),
      h("ol", { class: "old-log", tabindex: "0", id: "replay-caption", "aria-live": "polite",
        "aria-label": t("old.log") },
        lines.map((line) => h("li", {}, line)))),
    settlement(step),
    h("div", { class: "replay-controls" },
      h("input", { type: "range", min: 0, max: steps.length - 1, value: cursor.index, id: "replay-slider",
        "aria-label": t("old.replayStep", { n: cursor.index + 1, of: steps.length }),
        oninput: (e) => cursor.go(Number(e.target.value)) }),
      h("div", { class: "controls" },
        h("button", { type: "button", id: "replay-first", onclick: () => cursor.go(0) }, "« ", t("replay.first")),
        h("button", { type: "button", id: "replay-prev", onclick: () => cursor.go(cursor.index - 1), "aria-keyshortcuts": "ArrowLeft" },
          "‹ ", t("replay.prev")),
        h("button", { type: "button", id: "replay-play", class: "primary", onclick: cursor.toggle },
          cursor.playing ? t("replay.pause") : t("replay.play")),
        h("button", { type: "button", id: "replay-next", onclick: () => cursor.go(cursor.index + 1), "aria-keyshortcuts": "ArrowRight" },
          t("replay.next"), " ›"),
        h("button", { type: "button", id: "replay-last", onclick: () => cursor.go(steps.length - 1) }, t("replay.last"), " »")),
      h("p", { class: "muted small", id: "replay-step" }, t("old.replayStep", { n: cursor.index + 1, of: steps.length })))));
  }

  function onKey(e) {
    if (!steps.length || document.querySelector("dialog[open]")) return;
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "ArrowRight") cursor.go(cursor.index + 1);
    else if (e.key === "ArrowLeft") cursor.go(cursor.index - 1);
    else if (e.key === "Home") cursor.go(0);
    else if (e.key === "End") cursor.go(steps.length - 1);
    else if (e.code === "KeyC") showChips();
    else return;
    e.preventDefault();
  }

  async function load() {
    try {
      const answer = await api(`/api/matches/${encodeURIComponent(match.id)}/steps`);
      steps = answer.steps;
    } catch {
      failed = true;
    }
    render();
  }

  document.addEventListener("keydown", onKey);
  render();
  load();
  return {
    render,
    destroy() {
      closed = true;
      cursor.stop();
      document.removeEventListener("keydown", onKey);
    },
  };
}
