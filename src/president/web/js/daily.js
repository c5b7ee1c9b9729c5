// The deal of the day (/?daily, or /?daily=YYYY-MM-DD for a past day): everyone plays the same cards against the
// same computer players that day; one try for a signed-in player, ranked on the day's leaderboard with the
// luck-adjusted score; guests play unranked. A past day shows its secret, from which its deals can be checked.

import { whenAccountKnown } from "./account.js";
import { api, saveName, savedName, seats } from "./api.js";
import { h, mount } from "./dom.js";
import { errorText, numberText, t } from "./i18n.js";
import { markAutostart } from "./start.js";
import { toast } from "./ui.js";

/** The day whose deal a table of this browser plays, if any (its end offers the way back here). */
export function dailyOf(tableId) {
  try {
    return localStorage.getItem(`president.dailyOf.${tableId}`);
  } catch {
    return null;
  }
}

function signed(x) {
  return `${x > 0 ? "+" : x < 0 ? "\u2212" : ""}${numberText(Math.abs(x), 1)}`;
}

/** The day before ``day`` (YYYY-MM-DD), in UTC. */
function dayBefore(day) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export function showDaily(root, day, navigate) {
  let data = null;
  let account = null;
  let busy = false;
  let name = savedName();

  async function play() {
    busy = true;
    render();
    try {
      const body = account ? {} : { name: name.trim() };
      if (!account) saveName(body.name);
      const made = await api("/api/daily", { method: "POST", body });
      seats.set(made.table.id, { token: made.token, seat: made.seat, name: account ? account.name : body.name });
      try {
        localStorage.setItem(`president.dailyOf.${made.table.id}`, made.day);
      } catch {
        // no storage: the table's end offers no way back here
      }
      markAutostart(made.table.id);
      navigate({ table: made.table.id });
    } catch (err) {
      busy = false;
      render();
      toast(errorText(err));
    }
  }

  function playSection() {
    if (!data.today || data.day !== data.today) return null;
    if (data.played) {
      return h("p", { id: "daily-played" }, t("daily.played"), " ",
        data.table && seats.get(data.table) ? h("a", { class: "button small", href: `?table=${data.table}`,
          onclick: (e) => { e.preventDefault(); navigate({ table: data.table }); } }, t("daily.resume")) : null);
    }
    const guest = account ? null : h("label", { class: "field", for: "daily-name" }, h("span", {}, t("start.name")),
      h("input", { id: "daily-name", value: name, maxlength: 24, autocomplete: "nickname",
        oninput: (e) => { name = e.target.value; } }));
    return h("form", { class: "daily-play", onsubmit: (e) => { e.preventDefault(); if (!busy) play(); } },
      guest, account ? null : h("p", { class: "muted small", id: "daily-guest" }, t("daily.guestNote")),
      h("button", { type: "submit", class: "primary", id: "daily-play", disabled: busy }, t("daily.play")));
  }

  function render() {
    if (!data) return;
    const rows = data.field.map((line) => h("tr", { "data-name": line.name },
      h("td", {}, String(line.rank)), h("td", {}, line.name), h("td", { class: "daily-points" }, String(line.points)),
      h("td", { class: "daily-adjusted" }, signed(line.adjusted)),
      h("td", {}, line.deals.map(String).join(" · "))));
    mount(root, h("section", { class: "start account-page daily" },
      h("div", { class: "hero" }, h("h1", {}, t("daily.title")),
        h("p", { class: "tagline" }, t("daily.dayIs", { day: data.day })),
        h("p", { class: "muted" }, t("daily.note", { deals: data.deals, bots: data.bots.length }))),
      playSection(),
      h("section", { "aria-labelledby": "daily-field-title" },
        h("h2", { id: "daily-field-title" }, t("daily.field")),
        rows.length ? h("div", { class: "tour-standings-wrap" }, h("table", { class: "tour-standings", id: "daily-table" },
          h("caption", { class: "sr-only" }, t("daily.field")),
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("account.player")),
            h("th", { scope: "col" }, t("daily.points")), h("th", { scope: "col" }, t("daily.adjusted")),
            h("th", { scope: "col" }, t("daily.byDeal")))),
          h("tbody", {}, rows))) : h("p", { class: "muted" }, t("daily.nobody")),
        h("p", { class: "muted small" }, t("daily.adjustedNote"))),
      data.over ? h("p", { class: "muted small", id: "daily-secret" }, t("daily.secret"), " ",
        h("code", {}, data.secret)) : h("p", { class: "muted small" }, t("daily.secretLater")),
      h("p", {},
        h("a", { class: "button small", id: "daily-before", href: `?daily=${dayBefore(data.day)}`,
          onclick: (e) => { e.preventDefault(); navigate({ daily: dayBefore(data.day) }); } }, t("daily.before")), " ",
        data.day !== data.today ? h("a", { class: "button small", href: "?daily=",
          onclick: (e) => { e.preventDefault(); navigate({ daily: "" }); } }, t("daily.today")) : null, " ",
        h("a", { class: "button small", href: "?", onclick: (e) => { e.preventDefault(); navigate({}); } },
          t("join.back")))));
  }

  (async () => {
    try {
      account = await whenAccountKnown();
      data = await api(`/api/daily${day ? `?day=${encodeURIComponent(day)}` : ""}`);
    } catch (err) {
      toast(errorText(err));
    }
    render();
  })();
  return { render, destroy() {} };
}
