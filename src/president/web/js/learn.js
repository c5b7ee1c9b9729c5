// The guided first deal ("Learn to play"): a table against the computer where, on each of the player's turns,
// a panel says what happened since the last turn, what may be played and why, and what the `classic` computer
// player would do (the server's hint). It ends with the deal, with an invitation to play a normal game.

import { h } from "./dom.js";
import { eventLine } from "./events.js";
import { hintWhyText, t } from "./i18n.js";
import { leadPrompt } from "./prompt.js";

const KEY = (tableId) => `president.learn.${tableId}`;

/** Make the table of `tableId` a guided deal for this browser tab. */
export function markLearning(tableId) {
  sessionStorage.setItem(KEY(tableId), "on");
}

/** Whether the table is a guided deal in this tab and its lessons are still wanted. */
export function isLearning(tableId) {
  return sessionStorage.getItem(KEY(tableId)) === "on";
}

/** Whether the table was started as a guided deal (even with its lessons switched off). */
export function wasLearning(tableId) {
  return sessionStorage.getItem(KEY(tableId)) !== null;
}

/** No more lessons at this table. */
export function stopLearning(tableId) {
  sessionStorage.setItem(KEY(tableId), "off");
}

/** What may be played now and why, in a line or two. */
function legalText(view, rules, seatName) {
  const lines = [];
  if (view.revolution !== Boolean(view.eleven_back)) lines.push(t("learn.reversed"));
  if (view.phase === "exchange") {
    lines.push(t("learn.exchange", { n: view.give_count }));
    return lines;
  }
  if (!view.table.length) {
    lines.push(`${leadPrompt(view, rules)} ${t("learn.leadWhy")}`);
    return lines;
  }
  lines.push(t("learn.answer", { table: view.table, n: view.table.length, name: seatName(view.table_owner) }));
  if (view.lock) lines.push(t("learn.locked", { suits: view.lock }));
  const beats = view.legal_moves.filter((m) => m !== "pass").length;
  lines.push(beats ? t("learn.canBeat", { n: beats }) : t("learn.cannotBeat"));
  return lines;
}

/** What the computer would do, and the rule of thumb behind it. */
function hintText(view, hint, why) {
  if (!hint) return t("learn.thinking");
  if (why) return hintWhyText(hint, why);
  if (hint === "pass") return `${t("learn.hintPass")} ${t("learn.whyPass")}`;
  const cards = hint.replace(/^give\s+/, "").split(/\s+/).map((c) => c.split("=")[0]);
  if (view.phase === "exchange") return `${t("learn.hintGive", { cards })} ${t("learn.whyGive")}`;
  return `${t("learn.hintPlay", { cards })} ${t(view.table.length ? "learn.whyBeat" : "learn.whyLead")}`;
}

/**
 * The lesson of one turn: `news` are the events since the player's last move, `hint` the classic player's move
 * (null while it is asked for). `onHide` closes it until the next turn, `onStop` ends the lessons.
 */
export function lessonPanel(view, { news, hint, why, rules, seatName, onHide, onStop }) {
  const happened = news.map((e) => eventLine(e, seatName)).filter(Boolean);
  return h("section", { class: "lesson", id: "lesson", "aria-labelledby": "lesson-title" },
    h("div", { class: "lesson-head" },
      h("h2", { id: "lesson-title" }, t("learn.title")),
      h("div", { class: "controls" },
        h("button", { type: "button", class: "small", id: "lesson-hide", onclick: onHide }, t("learn.gotIt")),
        h("button", { type: "button", class: "small", id: "lesson-stop", onclick: onStop }, t("learn.stop")))),
    h("div", { class: "lesson-body", tabindex: "0", "aria-label": t("learn.title") },
      h("p", { class: "lesson-legal", "aria-live": "polite" }, legalText(view, rules, seatName).join(" ")),
      h("p", { class: "lesson-hint", id: "lesson-hint" }, hintText(view, hint, why)),
      h("p", { class: "lesson-news" }, h("strong", {}, t("learn.since")), " ",
        happened.length ? happened.join(" · ") : t("learn.nothingYet"))));
}

/** The end of the guided deal: well done, and an invitation to a normal game. */
export function lessonEnd(onPlay) {
  return h("div", { class: "lesson-end", id: "lesson-end" },
    h("p", {}, t("learn.done")),
    h("button", { type: "button", class: "primary", id: "learn-play-normal", onclick: onPlay }, t("learn.playNormal")));
}
