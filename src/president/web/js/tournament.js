// Tournaments: the list of events with the form that creates one (/?tournaments), and an event's page
// (/?tournament=ID): entering, the host's bots and start, the standings and the tables of each round, refreshed
// every few seconds while the event runs. An entrant's key opens its seat at each of its tables.

import { api, saveName, savedName, seats } from "./api.js";
import { h, mount } from "./dom.js";
import { botLevel, computerName, errorText, t, withLevel } from "./i18n.js";
import { toast } from "./ui.js";

const REFRESH_MS = 2000;
const ROUNDS = [1, 2, 3, 4, 5, 6];
const TIMERS = [20, 45, 90, null];
const DEALS = [1, 2, 3, 5, null];
const FORMATS = ["swiss", "duplicate"];

/** What this browser holds for an event: {host_key} and/or {entry, key, name}. */
const mine = {
  get(id) {
    try {
      return JSON.parse(localStorage.getItem(`president.tournament.${id}`) || "null") || {};
    } catch {
      return {};
    }
  },
  set(id, value) {
    try {
      localStorage.setItem(`president.tournament.${id}`, JSON.stringify({ ...mine.get(id), ...value }));
    } catch {
      // kept for this page only
    }
  },
  drop(id, field) {
    const held = mine.get(id);
    delete held[field];
    if (field === "key") delete held.entry;
    try {
      localStorage.setItem(`president.tournament.${id}`, JSON.stringify(held));
    } catch {
      // kept for this page only
    }
  },
};

/** The tournament a round table belongs to, when this browser went there from the tournament's page. */
export function tournamentOf(tableId) {
  try {
    return localStorage.getItem(`president.tournamentOf.${tableId}`);
  } catch {
    return null;
  }
}

function statusText(event) {
  if (event.status === "registering") return t("tour.registering");
  if (event.status === "finished") return t("tour.finished");
  if (event.status === "cancelled") return t("tour.cancelled");
  return t("tour.roundOf", { n: event.round, of: event.rounds });
}

function link(text, params, navigate, cls = "button small") {
  const query = new URLSearchParams(params).toString();
  return h("a", { class: cls, href: `?${query}`, onclick: (e) => { e.preventDefault(); navigate(params); } }, text);
}

/** The list of events and the form that creates one. */
export function showTournaments(root, navigate) {
  let events = [];
  let presets = [];
  let busy = false;
  const form = { name: "", rules: "tavern-jack", rounds: 3, seats: 4, deals: 1, timer: 45, format: "swiss" };

  function preset() {
    return presets.find((p) => p.name === form.rules) || presets[0];
  }

  async function create() {
    if (!form.name.trim()) {
      toast(t("tour.needName"));
      root.querySelector("#tour-name")?.focus();
      return;
    }
    busy = true;
    render();
    try {
      const made = await api("/api/tournaments", { method: "POST", body: { name: form.name.trim(), rules: form.rules,
        rounds: form.rounds, seats: form.seats, deals: form.deals, turn_seconds: form.timer, format: form.format } });
      mine.set(made.tournament.id, { host_key: made.host_key });
      navigate({ tournament: made.tournament.id });
    } catch (err) {
      busy = false;
      toast(errorText(err));
      render();
    }
  }

  function select(id, label, values, current, text, onPick) {
    return h("label", { class: "field", for: id }, h("span", {}, label),
      h("select", { id, onchange: (e) => { onPick(e.target.value); render(); } },
        values.map((v) => h("option", { value: v ?? "", selected: v === current }, text(v)))));
  }

  function render() {
    const focused = document.activeElement?.id;
    const p = preset();
    const seatChoices = p ? Array.from({ length: Math.min(p.max_players, 8) - p.min_players + 1 },
      (_, i) => p.min_players + i) : [4];
    if (!seatChoices.includes(form.seats)) form.seats = seatChoices.includes(4) ? 4 : seatChoices[0];
    const items = events.map((e) => h("li", { "data-id": e.id },
      h("span", { class: "lobby-rules" }, e.name),
      h("span", { class: "lobby-people" }, `${t(`preset.${e.rules}`)} · ${t("tour.entrants", { n: e.entries })} · `
        + statusText(e)),
      link(e.status === "registering" ? t("tour.open") : t("tour.view"), { tournament: e.id }, navigate)));
    mount(root, h("section", { class: "start tournaments" },
      h("div", { class: "hero" }, h("h1", {}, t("tour.title")), h("p", { class: "tagline" }, t("tour.tagline"))),
      h("form", { class: "setup tour-form", novalidate: true, "aria-labelledby": "tour-create-title",
        onsubmit: (e) => { e.preventDefault(); create(); } },
      h("h2", { id: "tour-create-title" }, t("tour.create")),
      h("label", { class: "field", for: "tour-name" }, h("span", {}, t("tour.name")),
        h("input", { id: "tour-name", type: "text", maxlength: 24, value: form.name, required: true,
          placeholder: t("tour.namePlaceholder"), oninput: (e) => { form.name = e.target.value; } })),
      select("tour-format", t("tour.format"), FORMATS, form.format, (v) => t(`tour.format.${v}`),
        (v) => { form.format = v; }),
      select("tour-rules", t("start.rules"), presets.map((x) => x.name), form.rules, (v) => t(`preset.${v}`),
        (v) => { form.rules = v; }),
      select("tour-rounds", t("tour.rounds"), ROUNDS, form.rounds, String, (v) => { form.rounds = Number(v); }),
      select("tour-seats", t("tour.seats"), seatChoices, form.seats, String, (v) => { form.seats = Number(v); }),
      select("tour-deals", t("start.deals"), DEALS, form.deals, (v) => (v ? String(v) : t("tour.presetDeals")),
        (v) => { form.deals = Number(v) || null; }),
      select("tour-timer", t("start.timer"), TIMERS, form.timer, (v) => (v ? t("start.seconds", { n: v })
        : t("start.timerOff")), (v) => { form.timer = Number(v) || null; }),
      h("div", { class: "actions" },
        h("button", { type: "submit", class: "primary", id: "tour-create", disabled: busy }, t("tour.create")))),
      h("section", { class: "lobby", "aria-labelledby": "tour-list-title" },
        h("h2", { id: "tour-list-title" }, t("tour.list")),
        items.length ? h("ul", {}, items) : h("p", { class: "muted" }, t("tour.none")),
        link(t("join.back"), {}, navigate, "button small"))));
    if (focused) root.querySelector(`#${CSS.escape(focused)}`)?.focus();
  }

  async function load() {
    try {
      [presets, events] = await Promise.all([api("/api/presets"), api("/api/tournaments")]);
    } catch (err) {
      mount(root, h("p", { class: "error" }, errorText(err)));
      return;
    }
    if (!presets.some((p) => p.name === form.rules)) form.rules = presets[0].name;
    render();
  }

  load();
  return { render, destroy() {} };
}

/** One event: entering, the host's controls, standings and rounds, refreshed while it runs. */
export function showTournament(root, id, navigate) {
  let event = null;
  let missing = false;
  let bots = [];
  let botChoice = "classic";
  let name = savedName();
  let timer = null;
  let stopped = false;

  const held = () => mine.get(id);

  async function refresh() {
    try {
      event = await api(`/api/tournaments/${encodeURIComponent(id)}`);
      missing = false;
    } catch (err) {
      if (err.status === 404) missing = true;
    }
    render();
    clearTimeout(timer);
    const parPending = !event?.field?.par_unavailable && event?.field?.rounds.some((r) => r.deals.some((d) => d.seats.some((s) => s.par === null)));
    const over = event && (event.status === "finished" || event.status === "cancelled") && !parPending;
    if (!stopped && !over) timer = setTimeout(refresh, REFRESH_MS);
  }

  async function post(path, body) {
    try {
      const answer = await api(`/api/tournaments/${encodeURIComponent(id)}/${path}`, { method: "POST", body });
      event = answer.tournament;
      render();
      return answer;
    } catch (err) {
      toast(errorText(err));
      return null;
    }
  }

  async function enter() {
    if (!name.trim()) {
      toast(t("start.needName"));
      root.querySelector("#tour-player-name")?.focus();
      return;
    }
    saveName(name.trim());
    const answer = await post("join", { name: name.trim() });
    if (answer) mine.set(id, { entry: answer.entry, key: answer.key, name: name.trim() });
    render();
  }

  async function withdraw() {
    const answer = await post("leave", { key: held().key });
    if (answer) mine.drop(id, "key");
    render();
  }

  /** The entrant's table in the round in play, with its seat, unless it is over. */
  function myBoard() {
    const me = held();
    if (me.entry === undefined || !event || event.status !== "playing") return null;
    const round = event.played.find((r) => r.round === event.round);
    for (const board of round?.boards || []) {
      const seat = board.seats.findIndex((s) => s.entry === me.entry);
      if (seat >= 0) return board.scores ? null : { board, seat };
    }
    return null;
  }

  function goToTable(found) {
    const me = held();
    seats.set(found.board.table, { token: me.key, seat: found.seat, name: me.name });
    try {
      localStorage.setItem(`president.tournamentOf.${found.board.table}`, id);
    } catch {
      // the way back is the browser's history then
    }
    navigate({ table: found.board.table });
  }

  function seatName(s) {
    return s.entry === null ? t("tour.fillBot") : s.bot ? withLevel(computerName(0, s.name, s.bot), s.bot) : s.name;
  }

  function registration() {
    const me = held();
    const parts = [];
    if (me.key) {
      parts.push(h("p", { id: "tour-entered" }, t("tour.entered", { name: me.name })),
        h("button", { type: "button", id: "tour-leave", onclick: withdraw }, t("tour.leave")));
    } else {
      parts.push(h("form", { class: "tour-join", onsubmit: (e) => { e.preventDefault(); enter(); } },
        h("label", { class: "field", for: "tour-player-name" }, h("span", {}, t("start.name")),
          h("input", { id: "tour-player-name", type: "text", maxlength: 24, value: name, autocomplete: "nickname",
            oninput: (e) => { name = e.target.value; } })),
        h("button", { type: "submit", class: "primary", id: "tour-enter" }, t("tour.enter"))));
    }
    if (me.host_key) {
      parts.push(h("div", { class: "tour-host", role: "group", "aria-labelledby": "tour-host-note" },
        h("p", { class: "muted small", id: "tour-host-note" }, t("tour.hostNote")),
        h("label", { class: "field", for: "tour-bot" }, h("span", {}, t("tour.bot")),
          h("select", { id: "tour-bot", onchange: (e) => { botChoice = e.target.value; } },
            bots.map((b) => h("option", { value: b.name, selected: b.name === botChoice }, botLevel(b.name))))),
        h("button", { type: "button", id: "tour-add-bot",
          onclick: () => post("bots", { host_key: me.host_key, bot: botChoice }) }, t("tour.addBot")),
        h("button", { type: "button", class: "primary", id: "tour-start", disabled: event.entries.length < 2,
          onclick: () => post("start", { host_key: me.host_key }) }, t("tour.start"))));
    }
    return h("section", { class: "panel tour-registration" }, parts);
  }

  function standingsTable() {
    const me = held();
    return h("div", { class: "tour-standings-wrap" }, h("table", { class: "tour-standings", id: "tour-standings" },
      h("caption", { class: "sr-only" }, t("tour.standings")),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("tour.rank")), h("th", { scope: "col" }, t("summary.player")),
        h("th", { scope: "col" }, t("tour.points")), h("th", { scope: "col" }, t("tour.score")),
        h("th", { scope: "col" }, t("tour.buchholz")), h("th", { scope: "col" }, t("tour.played")))),
      h("tbody", {}, event.standings.map((s) => h("tr", { class: s.entry === me.entry ? "mine" : "",
        "data-entry": s.entry },
      h("td", {}, String(s.rank)), h("td", {}, seatName(s)), h("td", { class: "points" }, String(s.points)),
      h("td", { class: "points" }, String(s.score)), h("td", { class: "points" }, String(s.buchholz)),
      h("td", { class: "points" }, String(s.played)))))));
  }

  /** A signed number of points, as the adjusted score is read: +1.5, −0.5, 0. */
  function signed(x) {
    if (x === null || x === undefined) return t("tour.parPending");
    const text = String(Math.abs(x));
    return x > 0 ? `+${text}` : x < 0 ? `−${text}` : "0";
  }

  /** A duplicate event: each told deal's results by seat against the other tables, par, and the totals. */
  function fieldSection() {
    const field = event.field;
    if (!field) return null;
    const me = held();
    const names = new Map(event.entries.map((e) => [e.entry, e]));
    const who = (entry) => (entry === null ? t("tour.fillBot") : seatName(names.get(entry) || { name: "?" }));
    let latest = null;
    for (const r of field.rounds) {
      for (const d of r.deals) {
        for (const s of d.seats) {
          for (const row of s.results) if (row.entry === me.entry && me.entry !== undefined) latest = { d, row };
        }
      }
    }
    const totals = h("table", { class: "tour-standings tour-field-totals", id: "tour-field-totals" },
      h("caption", {}, t("tour.fieldTotals")),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("tour.rank")), h("th", { scope: "col" }, t("summary.player")),
        h("th", { scope: "col" }, t("tour.adjusted")), h("th", { scope: "col" }, t("tour.fieldPoints")),
        h("th", { scope: "col" }, t("tour.dealPoints")), h("th", { scope: "col" }, t("tour.dealsPlayed")))),
      h("tbody", {}, field.totals.map((row, i) => h("tr", { class: row.entry === me.entry ? "mine" : "",
        "data-entry": row.entry },
      h("td", {}, String(i + 1)), h("td", {}, who(row.entry)), h("td", { class: "points adjusted" }, signed(row.adjusted)),
      h("td", { class: "points" }, String(row.field_points)), h("td", { class: "points" }, String(row.points)),
      h("td", { class: "points" }, String(row.deals))))));
    const rounds = [...field.rounds].reverse().map((r) => h("section", { class: "tour-field-round",
      "data-round": r.round },
    h("h3", {}, t("tour.round", { n: r.round })),
    h("table", { class: "tour-standings tour-field", "data-round": r.round },
      h("caption", { class: "sr-only" }, `${t("tour.field")} · ${t("tour.round", { n: r.round })}`),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("tour.deal", { n: "" }).trim()),
        h("th", { scope: "col" }, t("tour.seatN", { n: "" }).trim()), h("th", { scope: "col" }, t("summary.player")),
        h("th", { scope: "col" }, t("tour.dealPoints")), h("th", { scope: "col" }, t("tour.field")),
        h("th", { scope: "col" }, t("tour.par")), h("th", { scope: "col" }, t("tour.adjusted")))),
      h("tbody", {}, r.deals.flatMap((d) => d.seats.flatMap((s) => s.results.map((row) => h("tr", {
        class: row.entry === me.entry && me.entry !== undefined ? "mine" : "", "data-deal": d.deal,
        "data-seat": s.seat, "data-entry": row.entry ?? "" },
      h("td", {}, String(d.deal)), h("td", {}, String(s.seat + 1)), h("td", {}, who(row.entry)),
      h("td", { class: "points" }, String(row.points)),
      h("td", { class: "field-place" }, t("tour.fieldPlace", { place: row.place, of: row.of })),
      h("td", { class: "points par" }, s.par === null ? t("tour.parPending") : String(s.par)),
      h("td", { class: "points adjusted" }, signed(row.adjusted))))))))));
    return h("section", { class: "tour-field-wrap", id: "tour-field", "aria-labelledby": "tour-field-title" },
      h("h2", { id: "tour-field-title" }, t("tour.field")),
      latest ? h("p", { class: "tour-your-field", id: "tour-your-field" }, t("tour.yourField", { deal: latest.d.deal,
        place: t("tour.fieldPlace", { place: latest.row.place, of: latest.row.of }),
        adjusted: signed(latest.row.adjusted) })) : null,
      h("p", { class: "muted small" }, t("tour.fieldNote", { bot: botLevel(field.par_bot) })),
      field.totals.length ? h("div", { class: "tour-standings-wrap" }, totals) : null,
      rounds.map((r) => h("div", { class: "tour-standings-wrap" }, r)));
  }

  function roundsList() {
    return [...event.played].reverse().map((r) => h("section", { class: "tour-round", "data-round": r.round },
      h("h3", {}, t("tour.round", { n: r.round })),
      h("ul", { class: "tour-boards" }, r.boards.map((b) => h("li", { "data-table": b.table },
        h("span", { class: "tour-board-no" }, t("tour.board", { n: b.board })),
        h("span", { class: "tour-board-seats" }, b.seats.map((s, i) => (b.scores
          ? `${seatName(s)} ${b.scores[i]}` : seatName(s))).join(" · ")),
        b.match_id ? link(t("start.replay"), { replay: b.match_id }, navigate)
          : link(t("start.watch"), { table: b.table }, navigate))))));
  }

  function render() {
    if (missing) {
      mount(root, h("section", { class: "panel" }, h("p", {}, t("tour.notFound")),
        link(t("tour.all"), { tournaments: "" }, navigate)));
      return;
    }
    if (!event) {
      mount(root, h("p", { class: "muted loading" }, t("game.connecting")));
      return;
    }
    const active = document.activeElement;
    const focused = active?.id;
    const caret = active instanceof HTMLInputElement ? [active.selectionStart, active.selectionEnd] : null;
    const found = myBoard();
    const deals = event.deals ? t("tour.deals", { n: event.deals }) : "";
    const clock = event.turn_seconds ? t("start.seconds", { n: event.turn_seconds }) : t("start.timerOff");
    mount(root, h("section", { class: "tournament", "data-status": event.status, "data-round": event.round },
      h("div", { class: "hero" }, h("h1", {}, event.name),
        h("p", { class: "tagline", id: "tour-status", "aria-live": "polite" }, statusText(event))),
      h("p", { class: "muted" }, [event.format === "duplicate" ? t("tour.duplicate") : "",
        t(`preset.${event.rules}`), t("tour.seatsEach", { n: event.seats }),
        t("tour.roundsN", { n: event.rounds }), deals, `${t("start.timer")}: ${clock}`].filter(Boolean).join(" · ")),
      found ? h("p", { class: "tour-your-table" }, h("button", { type: "button", class: "primary", id: "tour-go",
        onclick: () => goToTable(found) }, t("tour.goTable", { n: found.board.board }))) : null,
      event.status === "registering" ? registration() : null,
      h("h2", {}, t("tour.standings")),
      event.standings.length ? standingsTable() : h("p", { class: "muted" }, t("tour.noEntrants")),
      fieldSection(),
      event.played.length ? roundsList() : null,
      link(t("tour.all"), { tournaments: "" }, navigate)));
    const again = focused ? root.querySelector(`#${CSS.escape(focused)}`) : null;
    if (again) {
      again.focus();
      if (caret && again instanceof HTMLInputElement) again.setSelectionRange(caret[0], caret[1]);
    }
  }

  api("/api/bots").then((list) => { bots = list; render(); }).catch(() => {});
  refresh();
  return {
    render,
    destroy() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
