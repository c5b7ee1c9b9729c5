// The table chat: players talk in the players' chat; spectators read it and talk among themselves in theirs
// (players never see the spectators' lines). Lines are shown as text, never as HTML. Quick phrases travel as ids
// and are shown in the reader's language. Anyone may mute a speaker; mutes and the on/off choice are remembered
// for the table. The chat starts off at a table of one person and computer players.

import { api } from "./api.js";
import { h, mount } from "./dom.js";
import { icon } from "./icons.js";
import { errorText, t } from "./i18n.js";
import { toast } from "./ui.js";

export const PHRASES = ["hi", "gg", "wp", "hurry", "thanks", "oops"];
const MAX_CHARS = 200;

function readJson(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "null");
    return value === null ? fallback : value;
  } catch {
    return fallback;
  }
}

function writeJson(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // not remembered: fine
  }
}

/** The name the server gives a spectator who gave none. */
const UNNAMED = "Spectator";

/** The name of who said a line, as the reader reads it (a spectator without a name in the reader's language). */
function speakerName(line) {
  return line.channel === "spectators" && line.name === UNNAMED ? t("chat.unnamed") : line.name;
}

/** Who said a line, as mutes know them: a seat of the table, or a spectator by name. */
export function speakerKey(line) {
  return line.seat === null || line.seat === undefined ? `spectator:${line.player}` : `seat:${line.seat}`;
}

/** The words of a line in the reader's language. */
export function lineText(line) {
  return line.phrase ? t(`chat.phrase.${line.phrase}`) : line.text;
}

/** One line as a list item: name, words (text nodes only: a link typed in chat is never made clickable), and
 * mute, report and block buttons when `onMute`, `onReport`, `onBlock` are given. */
function lineItem(line, { spectatorsTagged, onMute, onReport = null, onBlock = null }) {
  const spectator = line.channel === "spectators";
  const name = speakerName(line);
  return h("li", { class: `chat-line${spectator ? " from-spectator" : ""}${line.phrase ? " phrase" : ""}`,
    "data-id": line.id, "data-channel": line.channel },
  h("span", { class: "chat-who" }, name),
  line.bot ? h("span", { class: "chat-tag chat-bot" }, t("chat.bot")) : null,
  spectatorsTagged && spectator ? h("span", { class: "chat-tag" }, t("chat.spectator")) : null,
  h("span", { class: "chat-text" }, lineText(line)),
  onMute ? h("button", { type: "button", class: "chat-mute small", "aria-label": t("chat.mute", { name }),
    title: t("chat.mute", { name }), onclick: () => onMute(line) }, icon("muted")) : null,
  onReport ? h("button", { type: "button", class: "chat-report small", "aria-label": t("chat.report", { name }),
    title: t("chat.report", { name }), onclick: () => onReport(line) }, "⚑") : null,
  onBlock ? h("button", { type: "button", class: "chat-block small", "aria-label": t("chat.block", { name }),
    title: t("chat.block", { name }), onclick: () => onBlock(line) }, "⊘") : null);
}

/** The chat panel of a live table. `send(message)` sends on the table's connection (false when it is down). */
export class ChatPanel {
  constructor(tableId, send, myName = () => "") {
    this.tableId = tableId;
    this.send = send;
    this.myName = myName;
    this.lines = [];
    this.seat = null;
    this.info = null;
    this.unread = 0;
    this.muted = new Set(readJson(`president.chatmute.${tableId}`, []));
    this.choice = readJson(`president.chat.${tableId}`, null);
    this.el = h("details", { class: "chat-panel", id: "chat-panel" });
    // One input for the life of the panel, so that a line arriving while someone types keeps the draft and focus.
    this.input = h("input", { id: "chat-input", type: "text", maxlength: MAX_CHARS, autocomplete: "off",
      onkeydown: (e) => {
        if (e.key !== "Escape") return;
        this.el.open = false;
        this.el.querySelector("summary")?.focus();
      } });
    this.el.addEventListener("toggle", () => {
      if (this.el.open) {
        this.unread = 0;
        this.render();
        this.scrollDown();
      }
    });
  }

  /** The table changed (seats, status) or this client's seat did. */
  setContext(info, seat) {
    this.info = info;
    this.seat = seat === undefined ? null : seat;
    this.render();
  }

  /** On unless turned off; by default off at a table where this player's only company is the computer. */
  enabled() {
    if (this.choice !== null) return this.choice === "on";
    if (this.seat === null) return true;
    const people = (this.info?.seats || []).filter((s) => s.kind === "person").length;
    return people >= 2;
  }

  setEnabled(on) {
    this.choice = on ? "on" : "off";
    writeJson(`president.chat.${this.tableId}`, this.choice);
    this.render();
  }

  /** Take a chat or chat_history message from the server. */
  receive(msg) {
    const incoming = msg.type === "chat_history" ? msg.lines : [msg];
    let fresh = 0;
    for (const line of incoming) {
      if (this.lines.some((l) => l.id === line.id)) continue;
      this.lines.push(line);
      if (!this.muted.has(speakerKey(line)) && !this.mine(line)) fresh += 1;
    }
    this.lines.sort((a, b) => a.id - b.id);
    if (this.lines.length > 300) this.lines.splice(0, this.lines.length - 300);
    if (!this.el.open && this.enabled()) this.unread += fresh;
    this.render();
    if (this.el.open) this.scrollDown();
  }

  /** Whether this page wrote the line: its seat's, or (watching) a spectator's line under its name. */
  mine(line) {
    if (this.seat === null) return line.channel === "spectators" && line.player === (this.myName() || UNNAMED);
    return line.seat === this.seat && line.channel === "players";
  }

  toggleMute(key) {
    if (this.muted.has(key)) this.muted.delete(key);
    else this.muted.add(key);
    writeJson(`president.chatmute.${this.tableId}`, [...this.muted]);
    this.render();
    this.el.querySelector("#chat-input, .chat-toggle-on")?.focus();
  }

  /** Whether a line's speaker is a signed-in account (only accounts can be blocked). */
  isAccount(line) {
    return line.seat !== null && line.seat !== undefined && Boolean(this.info?.seats?.[line.seat]?.account);
  }

  /** Report the speaker of a line to the operators, with what the reader says happened. */
  async report(line) {
    const name = speakerName(line);
    const message = window.prompt(t("chat.reportPrompt", { name }));
    if (!message || !message.trim()) return;
    try {
      await api("/api/reports", { method: "POST", body: { name: line.player, table: this.tableId,
        message: message.trim().slice(0, 1000) } });
      toast(t("chat.reported"));
    } catch (err) {
      toast(errorText(err));
    }
  }

  /** Block the account that said a line: its lines are hidden here at once (and by the server from now on). */
  async block(line) {
    try {
      await api("/api/me/blocks", { method: "POST", body: { name: line.player } });
      this.muted.add(speakerKey(line));
      writeJson(`president.chatmute.${this.tableId}`, [...this.muted]);
      toast(t("chat.blocked", { name: speakerName(line) }));
      this.render();
    } catch (err) {
      toast(errorText(err));
    }
  }

  say(message) {
    if (this.send(message)) return true;
    return false;
  }

  submit() {
    const text = this.input.value.trim();
    if (!text) return;
    if (this.say({ type: "chat", text: text.slice(0, MAX_CHARS) })) this.input.value = "";
  }

  scrollDown() {
    const list = this.el.querySelector(".chat-lines");
    if (list) list.scrollTop = list.scrollHeight;
  }

  /** Where the focus is inside the panel (to give it back after the panel is drawn again or moved), or null. */
  saveFocus() {
    const active = this.el.contains(document.activeElement) ? document.activeElement : null;
    if (!active) return null;
    const caret = active === this.input ? [this.input.selectionStart, this.input.selectionEnd] : null;
    const selector = active.id ? `#${active.id}` : active.dataset?.phrase ? `[data-phrase="${active.dataset.phrase}"]`
      : "summary";
    return { selector, caret };
  }

  restoreFocus(saved) {
    const target = saved && this.el.isConnected ? this.el.querySelector(saved.selector) : null;
    if (!target || document.activeElement === target) return;
    target.focus();
    if (saved.caret) this.input.setSelectionRange(saved.caret[0], saved.caret[1]);
  }

  render() {
    const saved = this.saveFocus();
    this.draw();
    this.restoreFocus(saved);
  }

  draw() {
    const on = this.enabled();
    const shown = this.lines.filter((l) => !this.muted.has(speakerKey(l)));
    const summary = h("summary", {},
      h("span", { class: "chat-title" }, t("chat.title")),
      on && this.unread ? h("span", { class: "chat-unread", "aria-live": "polite" }, t("chat.unread", { n: this.unread }))
        : null,
      on ? null : h("span", { class: "muted small" }, t("chat.offShort")));
    if (!on) {
      mount(this.el, summary, h("div", { class: "chat-body" },
        h("p", { class: "muted small" }, this.seat === null ? t("chat.offSpectator") : t("chat.off")),
        h("button", { type: "button", class: "small chat-toggle-on", onclick: () => this.setEnabled(true) },
          t("chat.turnOn"))));
      return;
    }
    const spectator = this.seat === null;
    const mutedNames = new Map();
    for (const l of this.lines) if (this.muted.has(speakerKey(l))) mutedNames.set(speakerKey(l), speakerName(l));
    const input = this.input;
    input.placeholder = t("chat.placeholder");
    input.setAttribute("aria-label", spectator ? t("chat.labelSpectators") : t("chat.label"));
    mount(this.el, summary, h("div", { class: "chat-body" },
      shown.length
        ? h("ol", { class: "chat-lines", "aria-live": "polite", "aria-label": t("chat.title") },
          shown.map((l) => lineItem(l, { spectatorsTagged: spectator,
            onMute: this.mine(l) ? null : (line) => this.toggleMute(speakerKey(line)),
            onReport: this.mine(l) ? null : (line) => this.report(line),
            onBlock: this.mine(l) || !this.isAccount(l) ? null : (line) => this.block(line) })))
        : h("p", { class: "muted small chat-empty" }, t("chat.empty")),
      mutedNames.size ? h("p", { class: "chat-muted small" }, t("chat.muted"), " ",
        [...mutedNames].map(([key, name]) => h("button", { type: "button", class: "small chat-unmute",
          "aria-label": t("chat.unmute", { name }), onclick: () => this.toggleMute(key) }, `${name} ✕`))) : null,
      h("div", { class: "chat-phrases", role: "group", "aria-label": t("chat.phrases") },
        PHRASES.map((id) => h("button", { type: "button", class: "small chat-phrase", "data-phrase": id,
          onclick: () => this.say({ type: "chat", phrase: id }) }, t(`chat.phrase.${id}`)))),
      h("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); this.submit(); } },
        input, h("button", { type: "submit", class: "small", id: "chat-send" }, t("chat.send"))),
      spectator ? h("p", { class: "muted small" }, t("chat.spectatorsApart")) : null,
      h("button", { type: "button", class: "small link chat-toggle-off", onclick: () => this.setEnabled(false) },
        t("chat.turnOff"))));
  }

  /** Put the panel at the end of `root` (after the screen drawn there) unless it is there already. */
  place(root) {
    if (this.el.parentElement !== root || root.lastElementChild !== this.el) root.append(this.el);
  }
}

/** The chat of a finished match in its replay: the lines said once `upto` moves had been played, in order. */
export function replayChat(chat, upto) {
  const lines = [...(chat?.players || []), ...(chat?.spectators || [])].filter((l) => l.ply <= upto)
    .sort((a, b) => a.id - b.id);
  if (!chat || !(chat.players?.length || chat.spectators?.length)) return null;
  return h("details", { class: "chat-panel replay-chat", id: "replay-chat", open: true },
    h("summary", {}, h("span", { class: "chat-title" }, t("chat.title"))),
    h("div", { class: "chat-body" },
      lines.length ? h("ol", { class: "chat-lines", "aria-label": t("chat.title") },
        lines.map((l) => lineItem(l, { spectatorsTagged: true, onMute: null })))
        : h("p", { class: "muted small chat-empty" }, t("chat.empty"))));
}
