// Before the match: joining a table from its invite link, and the waiting room where seats are filled.

import { savedName } from "./api.js";
import { h } from "./dom.js";
import { botLevel, t } from "./i18n.js";
import { toast } from "./ui.js";

function summary(info) {
  return `${t(`preset.${info.rules}`)} · ${t("start.playerRange", { range: info.players, n: info.players })}`;
}

/** The screen of someone opening an invite link: a name to take a free seat, or watching. */
export function joinPanel(info, { seatName, onJoin, onWatch, onBack }) {
  const open = info.status === "waiting" && info.seats.some((s) => s.kind === "open");
  const nameInput = h("input", { id: "join-name", type: "text", maxlength: 24, value: savedName(), required: true,
    autocomplete: "nickname" });
  return h("section", { class: "panel join" },
    h("h1", {}, t("join.title")),
    h("p", {}, summary(info)),
    h("ul", { class: "seat-list" }, info.seats.map((s) => h("li", {},
      s.kind === "open" ? t("seat.open") : seatName(s.seat)))),
    open ? h("form", { class: "join-form", onsubmit: (e) => { e.preventDefault(); onJoin(nameInput.value); } },
      h("label", { class: "field", for: "join-name" }, h("span", {}, t("start.name")), nameInput),
      h("button", { class: "primary", type: "submit", id: "join-button" }, t("join.button")))
      : h("p", {}, t("join.started")),
    h("div", { class: "actions" },
      h("button", { type: "button", id: "watch-button", onclick: onWatch }, t("start.watch")),
      h("button", { type: "button", onclick: onBack }, t("join.back"))));
}

/** A seated host invites a bot account (a program playing through the bot API) to the first seat no person holds. */
function inviteForm(info, send) {
  const input = h("input", { id: "invite-bot-name", type: "text", maxlength: 24, required: true,
    autocomplete: "off" });
  return h("form", { class: "invite-bot", onsubmit: (e) => {
    e.preventDefault();
    const seat = info.seats.find((s) => s.kind === "open") || info.seats.find((s) => s.kind === "bot");
    const account = input.value.trim();
    if (account && seat) send({ type: "invite", seat: seat.seat, account });
  } },
  h("label", { class: "field", for: "invite-bot-name" }, h("span", {}, t("wait.inviteBot")), input),
  h("button", { type: "submit", id: "invite-bot" }, t("wait.inviteButton")));
}

async function copyLink(link) {
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    document.getElementById("invite-link")?.select();
    document.execCommand?.("copy");
  }
  toast(t("wait.copied"));
}

/**
 * The waiting room: the invite link, each seat (a seated person may put a computer player in a free seat),
 * and the buttons to fill the open seats, start, or leave. `send` sends a protocol message.
 */
export function waitingPanel(info, { mySeat, seatName, bots, link, send, onLeave }) {
  const open = info.seats.filter((s) => s.kind === "open").length;
  const seated = mySeat !== null;
  const seatRows = info.seats.map((s) => {
    const label = t("wait.seat", { n: s.seat + 1 });
    let body;
    if (s.kind === "person") {
      body = h("span", { class: "person" }, s.name, s.seat === mySeat ? ` (${t("seat.you")})` : "",
        s.connected || s.seat === mySeat ? "" : ` — ${t("seat.offline")}`);
    } else if (seated) {
      body = h("select", { "aria-label": label, "data-seat": s.seat,
        onchange: (e) => send({ type: "seat", seat: s.seat, bot: e.target.value || null }) },
      h("option", { value: "", selected: s.kind === "open" }, t("seat.open")),
      // A level with a style ("classic+hoarder", chosen on the start screen) is listed as it is.
      [...bots, ...(s.bot && !bots.includes(s.bot) ? [s.bot] : [])].map((name) => h("option",
        { value: name, selected: name === s.bot }, botLevel(name))));
    } else {
      body = h("span", {}, s.kind === "open" ? t("seat.open") : `${seatName(s.seat)} · ${botLevel(s.bot)}`);
    }
    return h("li", {}, h("span", { class: "seat-no" }, label), body);
  });
  return h("section", { class: "panel waiting" },
    h("h1", {}, t("wait.title")),
    h("p", {}, summary(info)),
    h("div", { class: "invite" },
      h("label", { for: "invite-link" }, t("wait.invite")),
      h("div", { class: "invite-row" },
        h("input", { id: "invite-link", type: "text", readonly: true, value: link,
          onfocus: (e) => e.target.select() }),
        h("button", { type: "button", id: "copy-link", onclick: () => copyLink(link) }, t("wait.copy")))),
    h("ol", { class: "seat-list" }, seatRows),
    open ? h("p", { class: "muted" }, t("wait.openSeats", { n: open })) : null,
    seated && info.seats.some((s) => s.kind !== "person") ? inviteForm(info, send) : null,
    seated ? h("div", { class: "actions" },
      h("button", { type: "button", id: "fill-bots", disabled: !open, onclick: () => send({ type: "fill" }) },
        t("wait.fill")),
      h("button", { type: "button", id: "start-match", class: "primary", disabled: open > 0,
        onclick: () => send({ type: "start" }) }, t("wait.start")),
      h("button", { type: "button", id: "leave-table", onclick: onLeave }, t("wait.leave")))
      : h("p", {}, t("game.watching")));
}
