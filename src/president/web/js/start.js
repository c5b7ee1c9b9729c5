// The start screen: rule set and house rules, players and computer levels, match length, name; then create a
// table and play at once against the computer, or open seats for friends and share the invite link.

import { currentAccount } from "./account.js";
import { api, saveName, savedName, seats } from "./api.js";
import { h, mount } from "./dom.js";
import { botLevel, computerName, errorText, hasText, t } from "./i18n.js";
import { markLearning } from "./learn.js";
import { encodeRules, loadMyRules, rulesHref, saveMyRules } from "./myrules.js";
import { loadPresets } from "./presets.js";
import { toast } from "./ui.js";

const SETUP_KEY = "president.setup";
const TIMERS = [null, 20, 45, 90];
export const SPEEDS = ["slow", "normal", "fast"];
const TARGETS = [5, 11, 15, 21, 31];
// The old President (seed 000): its own game beside the presets, with its own options and bots.
const OLD = "old-president";
const OLD_PLAYERS = [3, 10];
const OLD_BOTS = ["careful", "random"];
const OLD_DEFAULTS = { chips: 100, staking: "fixed", stake: 16, president_turnup: "sections", open_record: false };
// Table sizes a preset's source text plays by default (else the player's last choice, fitted to the range).
const PRESET_PLAYERS = { daifugo: 5 };

/** Tell the table screen to start the match as soon as it is connected (a table of one person and bots). */
export function markAutostart(tableId) {
  sessionStorage.setItem(`president.autostart.${tableId}`, "1");
}

/** The styles a computer player of any level may have (president.bots.styles). */
const STYLES = ["rebel", "hoarder", "bold"];

function loadSetup() {
  try {
    return JSON.parse(localStorage.getItem(SETUP_KEY) || "null") || {};
  } catch {
    return {};
  }
}

function saveSetup(setup) {
  try {
    localStorage.setItem(SETUP_KEY, JSON.stringify(setup));
  } catch {
    // not remembered: fine
  }
}

// The options shown outside "More house rules"; every other table option of /api/options goes inside it.
const MAIN_OPTIONS = ["pass_lockout", "revolution", "jokers", "max_set", "joker_in_revolution", "tie_break"];
const GROUPS = ["table", "trick", "special", "deal"];
// Kinds that need more than one control (lists of numbers, a card): left to the preset.
const SKIPPED_KINDS = new Set(["ints", "card"]);

// An option whose condition fails is shown greyed and sent with its default (off) value, as the rules require.
const NEEDS = {
  wild_jokers: (o) => o.jokers > 0,
  spade3_beats_joker: (o) => o.jokers > 0,
  joker_in_revolution: (o) => o.revolution && o.jokers > 0,
  skip_on_equal: (o) => o.equal_answers,
  run_min: (o) => o.runs,
  run_answer: (o) => o.runs,
  joker_run_ends: (o) => o.runs && o.wild_jokers && o.jokers > 0,
  run_revolution: (o) => o.runs && o.revolution,
  first_leader: (o) => o.first_lead_card !== null,
  lead_card_every_deal: (o) => o.first_lead_card !== null,
  lead_card_must_play: (o) => o.first_lead_card !== null,
};

/** The highest value an int option may take with the other options as they are. */
function highest(spec, opts) {
  if (spec.name === "max_set") return 4 + (opts.wild_jokers ? opts.jokers : 0);
  if (spec.name === "run_revolution") return Math.min(spec.high, 13);
  return spec.high;
}

/** The options a table gets: the preset's, the player's changes, then what the conditions force. */
export function effectiveOptions(specs, presetOptions, overrides) {
  const opts = { ...presetOptions, ...overrides };
  for (const spec of specs) {
    const need = NEEDS[spec.name];
    if (need && !need(opts)) opts[spec.name] = spec.default;
    if (spec.kind === "int" && opts[spec.name] > highest(spec, opts)) opts[spec.name] = highest(spec, opts);
  }
  if (opts.run_revolution && opts.run_revolution < opts.run_min) opts.run_revolution = opts.run_min;
  return opts;
}

/** The short label of an option in the current language, else the server's description. */
export function optionLabel(spec) {
  return hasText(`opt.${spec.name}`) ? t(`opt.${spec.name}`) : spec.description;
}

export function valueLabel(spec, value) {
  if (value === null) return t("optv.none");
  const key = spec.name === "tie_break" ? `tie.${value}` : `optv.${spec.name}.${value}`;
  return hasText(key) ? t(key) : String(value);
}

/** The start screen; `playCode` (from /?play=CODE) sets the form to a shared rule set and, when the player's name
 *  is known, creates a table with it against the computer at once. */
export function showStart(root, navigate, playCode = null) {
  let presets = [];
  let specs = [];
  let bots = [];
  let lobby = [];
  let recent = [];
  let yours = [];
  const setup = { preset: "three-of-clubs", overrides: {}, players: 4, friends: 1, bot: "classic", deals: null,
    target: null, timer: null, speed: "normal", style: "", ...loadSetup(), name: savedName() };
  let busy = false;
  let nameMissing = false;
  let shared = null;
  let myCode = null;

  const isOld = () => setup.preset === OLD;
  const oldPreset = { name: OLD, min_players: OLD_PLAYERS[0], max_players: OLD_PLAYERS[1], deals: 4,
    target_score: null, options: {} };
  const preset = () => (isOld() ? oldPreset : presets.find((p) => p.name === setup.preset) || presets[0]);
  const options = () => effectiveOptions(specs, preset().options, setup.overrides);
  const oldOptions = () => ({ ...OLD_DEFAULTS, ...setup.old });
  const botChoices = () => (isOld() ? OLD_BOTS.map((name) => ({ name, description: "" })) : bots);

  function fitPlayers() {
    if (isOld() && !OLD_BOTS.includes(setup.bot)) setup.bot = "careful";
    if (!isOld() && !bots.some((b) => b.name === setup.bot)) setup.bot = bots[0]?.name || "classic";
    const p = preset();
    setup.players = Math.min(p.max_players, Math.max(p.min_players, setup.players || p.min_players));
    setup.friends = Math.max(1, Math.min(setup.friends || 1, setup.players - 1));
  }

  function change(mutate, redraw = true) {
    mutate();
    fitPlayers();
    saveSetup({ ...setup, name: undefined });
    if (redraw) render();
  }

  /** Create the table chosen and go to it (`replace`: in place of this page in the history, for a shared link). */
  async function create(withFriends, replace = false) {
    const name = currentAccount()?.name || setup.name.trim();
    if (!name) {
      nameMissing = true;
      render();
      root.querySelector("#player-name")?.focus();
      return;
    }
    saveName(name);
    const p = preset();
    const friends = withFriends ? Math.max(1, setup.friends) : 0;
    // A style rides on the level's name: "normal+rebel" (the old President's bots have none).
    const botName = !isOld() && STYLES.includes(setup.style) ? `${setup.bot}+${setup.style}` : setup.bot;
    const seatList = [null, ...Array(friends).fill(null), ...Array(setup.players - 1 - friends).fill(botName)];
    const body = isOld()
      ? { game: OLD, players: setup.players, seats: seatList, name, options: oldOptions(),
        deals: setup.deals || setup.players }
      : { rules: p.name, players: setup.players, seats: seatList, name, options: {} };
    const base = p.options;
    for (const [key, value] of Object.entries(isOld() ? {} : options())) {
      if (key in base && JSON.stringify(value) !== JSON.stringify(base[key])) body.options[key] = value;
    }
    if (isOld()) body.options.stake = body.options.staking === "equal" ? body.options.stake : 16;
    else if (p.target_score !== null) body.target_score = setup.target || p.target_score;
    else body.deals = setup.deals || p.deals;
    if (setup.timer) body.turn_seconds = setup.timer;
    if (SPEEDS.includes(setup.speed)) body.bot_speed = setup.speed;
    busy = true;
    render();
    try {
      const made = await api("/api/tables", { method: "POST", body });
      seats.set(made.table.id, { token: made.token, seat: made.seat, name });
      if (!withFriends) markAutostart(made.table.id);
      navigate({ table: made.table.id }, replace);
    } catch (err) {
      busy = false;
      render();
      toast(errorText(err));
    }
  }

  /** Learn to play: one guided deal against the computer, under the chosen rule set (the old game's aside). */
  async function learn() {
    const p = isOld() ? presets.find((x) => x.name === "three-of-clubs") || presets[0] : preset();
    const players = Math.min(p.max_players, Math.max(p.min_players, 4));
    const name = setup.name.trim() || t("learn.you");
    const body = { rules: p.name, players, seats: [null, ...Array(players - 1).fill("classic")], name, deals: 1,
      bot_speed: "slow", public: false };
    busy = true;
    render();
    try {
      const made = await api("/api/tables", { method: "POST", body });
      seats.set(made.table.id, { token: made.token, seat: made.seat, name });
      markAutostart(made.table.id);
      markLearning(made.table.id);
      navigate({ table: made.table.id });
    } catch (err) {
      busy = false;
      render();
      toast(errorText(err));
    }
  }

  function presetCards() {
    return h("fieldset", { class: "presets" },
      h("legend", {}, t("start.rules")),
      presets.map((p) => {
        const id = `preset-${p.name}`;
        const range = p.min_players === p.max_players ? `${p.min_players}` : `${p.min_players}–${p.max_players}`;
        return h("label", { class: `preset-card${p.name === setup.preset ? " chosen" : ""}`, for: id },
          h("input", { type: "radio", name: "preset", id, value: p.name, checked: p.name === setup.preset,
            onchange: () => change(() => {
              setup.preset = p.name;
              setup.players = PRESET_PLAYERS[p.name] || setup.players;
              setup.overrides = {};
              setup.deals = null;
              setup.target = null;
            }) }),
          h("span", { class: "preset-name" }, t(`preset.${p.name}`)),
          h("span", { class: "preset-players" }, t("start.playerRange", { range, n: p.max_players })),
          h("span", { class: "preset-desc" }, hasText(`desc.${p.name}`) ? t(`desc.${p.name}`) : p.description),
          h("span", { class: "preset-length" }, t("start.matchLength", { deals: p.deals, target: p.target_score })));
      }),
      h("label", { class: `preset-card old-game${isOld() ? " chosen" : ""}`, for: `preset-${OLD}` },
        h("input", { type: "radio", name: "preset", id: `preset-${OLD}`, value: OLD, checked: isOld(),
          onchange: () => change(() => {
            setup.preset = OLD;
            setup.deals = null;
            setup.target = null;
          }) }),
        h("span", { class: "preset-name" }, t("preset.old-president")),
        h("span", { class: "preset-players" }, t("start.playerRange", { range: "3–10", n: 10 })),
        h("span", { class: "preset-desc" }, t("desc.old-president"))),
      isOld() ? null : h("a", { class: "rules-link", id: "rules-link", href: `?rules=${encodeURIComponent(setup.preset)}`,
        onclick: (e) => { e.preventDefault(); navigate({ rules: setup.preset }); } },
      t("rules.of", { name: t(`preset.${setup.preset}`) })));
  }

  /** The code of the rule set the form makes (preset, house rules and match length). */
  function currentCode() {
    const { deals, target } = matchLength();
    return encodeRules(preset(), specs, options(), deals, target);
  }

  /** Set the form to the rule set of a code (its preset, its house rules, its match length). */
  async function applyCode(code) {
    let info;
    try {
      info = await api(`/api/rulesets/${encodeURIComponent(code)}`);
    } catch (err) {
      toast(t("code.bad", { message: errorText(err) }));
      return false;
    }
    const p = presets.find((x) => x.name === info.preset);
    if (!p) {
      toast(t("code.bad", { message: info.code }));
      return false;
    }
    change(() => {
      setup.preset = p.name;
      setup.overrides = Object.fromEntries(Object.entries(info.options)
        .filter(([key, value]) => key in p.options && JSON.stringify(value) !== JSON.stringify(p.options[key])));
      setup.deals = p.target_score === null && info.deals !== p.deals ? info.deals : null;
      setup.target = p.target_score !== null && info.target_score !== p.target_score ? info.target_score : null;
      setup.players = Math.min(info.max_players, Math.max(info.min_players, setup.players));
    });
    return true;
  }

  async function saveMine() {
    try {
      myCode = await saveMyRules(currentCode());
      toast(t("code.saved"));
      render();
    } catch (err) {
      toast(errorText(err));
    }
  }

  /** "My rules": the code of the rules chosen, a link to them, and the player's own rules kept or taken. */
  function myRulesControls() {
    const code = currentCode();
    return h("fieldset", { class: "my-rules" },
      h("legend", {}, t("code.mine")),
      shared ? h("p", { id: "shared-note" }, t("code.shared", { code: shared })) : null,
      h("p", { id: "rules-code" }, t("code.current", { code: "" }),
        h("a", { id: "rules-code-link", href: rulesHref(code),
          onclick: (e) => { e.preventDefault(); navigate({ rules: code }); } }, h("code", {}, code))),
      h("div", { class: "choice-row" },
        h("button", { type: "button", id: "save-my-rules", onclick: saveMine }, t("code.saveMine")),
        h("button", { type: "button", id: "use-my-rules", disabled: !myCode,
          onclick: () => applyCode(myCode) }, t("code.useMine"))),
      myCode ? null : h("p", { class: "muted small", id: "no-my-rules" }, t("code.noneSaved")));
  }

  /** The old game's options: chips at the start, the staking method and stake, the President turn-up rule. */
  function oldControls() {
    const o = oldOptions();
    const set = (key, value) => change(() => { setup.old = { ...setup.old, [key]: value }; });
    const select = (key, values, label) => h("label", { class: "field", for: `old-${key}` }, h("span", {}, label),
      h("select", { id: `old-${key}`, onchange: (e) => set(key, typeof o[key] === "number" ? Number(e.target.value)
        : e.target.value) },
      values.map(([value, text]) => h("option", { value, selected: value === o[key] }, text))));
    return h("fieldset", { class: "house-rules old-options" },
      h("legend", {}, t("start.oldOptions")),
      select("chips", [20, 50, 100, 200].map((n) => [n, String(n)]), t("old.opt.chips")),
      select("staking", [["fixed", t("old.opt.fixed")], ["equal", t("old.opt.equal")]], t("old.opt.staking")),
      o.staking === "equal"
        ? select("stake", [8, 16, 24, 32, 40].map((n) => [n, String(n)]), t("old.opt.stake")) : null,
      select("president_turnup", [["sections", t("old.opt.sections")], ["board", t("old.opt.wholeBoard")]],
        t("old.opt.turnup")),
      h("label", { class: "option kind-flag check", for: "old-open_record" },
        h("input", { type: "checkbox", id: "old-open_record", checked: o.open_record === true,
          "aria-describedby": "old-open_record-help", onchange: (e) => set("open_record", e.target.checked) }),
        h("span", {}, t("old.opt.openRecord"))),
      h("p", { class: "muted small option-help", id: "old-open_record-help" }, t("old.opt.openRecordHelp")));
  }

  function setOption(key, value, redraw = true) {
    change(() => { setup.overrides[key] = value; }, redraw);
  }

  /** One line for an option: a checkbox, a select, a number field or a row of checkboxes, by its kind. */
  function optionControl(spec, opts) {
    const key = spec.name;
    const id = `opt-${key}`;
    const value = opts[key];
    const need = NEEDS[key];
    const disabled = !!need && !need(opts);
    const label = optionLabel(spec);
    const attrs = { class: `option kind-${spec.kind}${disabled ? " off" : ""}`, "data-option": key,
      title: spec.description };
    if (spec.kind === "flag") {
      return h("label", { ...attrs, class: `${attrs.class} check`, for: id },
        h("input", { type: "checkbox", id, checked: value === true, disabled,
          onchange: (e) => setOption(key, e.target.checked) }),
        h("span", {}, label));
    }
    if (spec.kind === "choices") {
      const chosen = new Set(value || []);
      return h("div", { ...attrs, class: `${attrs.class} field`, role: "group", "aria-label": label },
        h("span", {}, label),
        h("div", { class: "choice-row" }, spec.choices.map((c) => h("label", { class: "pill", for: `${id}-${c}` },
          h("input", { type: "checkbox", id: `${id}-${c}`, value: c, checked: chosen.has(c), disabled,
            onchange: (e) => setOption(key, spec.choices.filter((x) => (x === c ? e.target.checked : chosen.has(x)))) }),
          valueLabel(spec, c)))));
    }
    let values = null;
    if (spec.kind === "choice") values = spec.choices;
    else if (highest(spec, opts) - spec.low <= 15) {
      values = [];
      for (let n = spec.low; n <= highest(spec, opts); n += 1) values.push(n);
      if (spec.kind === "count") values.unshift(null);
    }
    const parse = (raw) => {
      if (spec.kind === "choice") return raw;
      if (raw === "") return spec.kind === "count" ? null : spec.default;
      return Math.min(highest(spec, opts), Math.max(spec.low, Math.round(Number(raw))));
    };
    const input = values
      ? h("select", { id, disabled, onchange: (e) => setOption(key, parse(e.target.value)) },
        values.map((v) => h("option", { value: v ?? "", selected: v === value }, valueLabel(spec, v))))
      : h("input", { id, type: "number", min: spec.low, max: highest(spec, opts), value: value ?? "", disabled,
        placeholder: spec.kind === "count" ? t("optv.none") : "", onchange: (e) => setOption(key, parse(e.target.value)) });
    return h("label", { ...attrs, class: `${attrs.class} field`, for: id }, h("span", {}, label), input);
  }

  function houseRuleControls() {
    const opts = options();
    const offered = specs.filter((spec) => !SKIPPED_KINDS.has(spec.kind));
    const main = MAIN_OPTIONS.map((name) => offered.find((spec) => spec.name === name)).filter(Boolean);
    const more = offered.filter((spec) => !MAIN_OPTIONS.includes(spec.name));
    const changed = more.filter((spec) => JSON.stringify(opts[spec.name]) !== JSON.stringify(preset().options[spec.name]));
    return h("fieldset", { class: "house-rules" },
      h("legend", {}, t("start.houseRules")),
      main.map((spec) => optionControl(spec, opts)),
      more.length ? h("details", { class: "more-rules", id: "more-rules", open: setup.moreOpen || undefined,
        ontoggle: (e) => { setup.moreOpen = e.target.open; } },
      h("summary", {}, t("start.moreRules"), changed.length ? ` (${changed.length})` : ""),
      GROUPS.map((group) => {
        const inGroup = more.filter((spec) => spec.group === group);
        if (!inGroup.length) return null;
        return h("section", { class: "option-group", "data-group": group },
          h("h3", {}, t(`group.${group}`)),
          inGroup.map((spec) => optionControl(spec, opts)));
      })) : null);
  }

  /** How long the match will be: its deals, or the target score, as chosen. */
  function matchLength() {
    const p = preset();
    if (isOld()) return { deals: setup.deals || setup.players, target: null };
    if (p.target_score !== null) return { deals: null, target: setup.target || p.target_score };
    return { deals: setup.deals || p.deals, target: null };
  }

  function tableControls() {
    const p = preset();
    const playerChoices = [];
    for (let n = p.min_players; n <= p.max_players; n += 1) playerChoices.push(n);
    const friendChoices = [];
    for (let n = 1; n < setup.players; n += 1) friendChoices.push(n);
    let length;
    if (p.target_score !== null) {
      const target = setup.target || p.target_score;
      length = h("label", { class: "field", for: "match-target" }, h("span", {}, t("start.target")),
        h("select", { id: "match-target", onchange: (e) => change(() => { setup.target = Number(e.target.value); }) },
          [...new Set([...TARGETS, p.target_score])].sort((a, b) => a - b).map((n) =>
            h("option", { value: n, selected: n === target }, String(n)))));
    } else if (isOld()) {
      const deals = setup.deals || setup.players;
      length = h("label", { class: "field", for: "match-deals" }, h("span", {}, t("start.deals")),
        h("select", { id: "match-deals", onchange: (e) => change(() => { setup.deals = Number(e.target.value); }) },
          [...new Set([1, 2, 3, 4, 5, 6, 8, 10, setup.players])].sort((a, b) => a - b).map((n) =>
            h("option", { value: n, selected: n === deals }, String(n)))));
    } else if (p.name === "three-of-clubs") {
      const deals = setup.deals || p.deals;
      length = h("div", { class: "field manches", role: "radiogroup", "aria-label": t("start.manches") },
        h("span", {}, t("start.manches")),
        [5, 10].map((n) => h("label", { class: "pill", for: `deals-${n}` },
          h("input", { type: "radio", name: "deals", id: `deals-${n}`, value: n, checked: deals === n,
            onchange: () => change(() => { setup.deals = n; }) }), String(n))));
    } else {
      const deals = setup.deals || p.deals;
      length = h("label", { class: "field", for: "match-deals" }, h("span", {}, t("start.deals")),
        h("select", { id: "match-deals", onchange: (e) => change(() => { setup.deals = Number(e.target.value); }) },
          [...new Set([1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, p.deals])].sort((a, b) => a - b).map((n) =>
            h("option", { value: n, selected: n === deals }, String(n)))));
    }
    return h("fieldset", { class: "table-setup" },
      h("legend", {}, t("start.table")),
      h("label", { class: "field", for: "players" }, h("span", {}, t("start.players")),
        h("select", { id: "players", disabled: playerChoices.length === 1,
          onchange: (e) => change(() => { setup.players = Number(e.target.value); }) },
          playerChoices.map((n) => h("option", { value: n, selected: n === setup.players }, String(n))))),
      h("label", { class: "field", for: "bot-level" }, h("span", {}, t("start.botLevel")),
        h("select", { id: "bot-level", onchange: (e) => change(() => { setup.bot = e.target.value; }, false) },
          botChoices().map((b) => h("option", { value: b.name, selected: b.name === setup.bot, title: b.description },
            botLevel(b.name))))),
      isOld() ? null : h("label", { class: "field", for: "bot-style" }, h("span", {}, t("start.botStyle")),
        h("select", { id: "bot-style", onchange: (e) => change(() => { setup.style = e.target.value; }, false) },
          ["", ...STYLES].map((style) => h("option", { value: style, selected: style === (setup.style || ""),
            title: style ? t(`style.${style}`) : "" }, t(style ? `style.${style}` : "style.none").split(" — ")[0])))),
      h("label", { class: "field", for: "bot-speed" }, h("span", {}, t("start.botSpeed")),
        h("select", { id: "bot-speed", onchange: (e) => change(() => { setup.speed = e.target.value; }, false) },
          SPEEDS.map((speed) => h("option", { value: speed, selected: speed === setup.speed }, t(`speed.${speed}`))))),
      h("label", { class: "field", for: "friends" }, h("span", {}, t("start.friends")),
        h("select", { id: "friends", onchange: (e) => change(() => { setup.friends = Number(e.target.value); }) },
          friendChoices.map((n) => h("option", { value: n, selected: n === setup.friends }, String(n))))),
      length,
      h("label", { class: "field", for: "timer" }, h("span", {}, t("start.timer")),
        h("select", { id: "timer", onchange: (e) => change(() => { setup.timer = Number(e.target.value) || null; }, false) },
          TIMERS.map((n) => h("option", { value: n || "", selected: n === setup.timer },
            n ? t("start.seconds", { n }) : t("start.timerOff"))))));
  }

  function lobbyList() {
    const items = [];
    for (const table of lobby.slice(0, 8)) {
      const people = table.seats.filter((s) => s.kind === "person").map((s) => s.name).join(", ");
      const open = table.seats.filter((s) => s.kind === "open").length;
      items.push(h("li", {},
        h("span", { class: "lobby-rules" }, t(`preset.${table.rules}`)),
        h("span", { class: "lobby-people" }, people || "—"),
        h("a", { class: "button small", href: `?table=${encodeURIComponent(table.id)}`,
          onclick: (e) => { e.preventDefault(); navigate({ table: table.id }); } },
        table.status === "waiting" && open ? t("start.join") : t("start.watch"))));
    }
    const matches = recent.slice(0, 6).map((m) => h("li", {},
      h("span", { class: "lobby-rules" }, t(`preset.${m.rules}`)),
      h("span", { class: "lobby-people" }, m.names.map((n, i) => (m.bots?.[i] ? computerName(i + 1, n, m.bots[i])
        : n || computerName(i + 1))).join(", ")),
      h("a", { class: "button small", href: `?replay=${m.id}`,
        onclick: (e) => { e.preventDefault(); navigate({ replay: m.id }); } }, t("start.replay"))));
    return h("section", { class: "lobby", "aria-labelledby": "lobby-title" },
      h("h2", { id: "lobby-title" }, t("start.lobby")),
      items.length ? h("ul", {}, items) : h("p", { class: "muted" }, t("start.noTables")),
      matches.length ? h("h2", {}, t("start.recent")) : null,
      matches.length ? h("ul", {}, matches) : null,
      h("p", {}, h("a", { class: "button small", id: "tournaments-link", href: "?tournaments=",
        onclick: (e) => { e.preventDefault(); navigate({ tournaments: "" }); } }, t("tour.title")), " ",
        h("a", { class: "button small", id: "daily-link", href: "?daily=",
          onclick: (e) => { e.preventDefault(); navigate({ daily: "" }); } }, t("daily.title"))));
  }

  /** The tables this page holds a seat at whose match is under way or waits for players: "Resume your game". */
  async function loadYours() {
    const found = await Promise.all(seats.tables().map(async (id) => {
      try {
        return await api(`/api/tables/${encodeURIComponent(id)}`);
      } catch (err) {
        if (err.status === 404) seats.forget(id);
        return null;
      }
    }));
    yours = found.filter((info) => info && (info.status === "playing" || info.status === "waiting"));
  }

  function yourGames() {
    if (!yours.length) return null;
    return h("section", { class: "yours", "aria-labelledby": "yours-title" },
      h("h2", { id: "yours-title" }, t("resume.title")),
      h("ul", {}, yours.map((info) => {
        const people = info.seats.filter((x) => x.kind === "person" && x.name).map((x) => x.name).join(", ");
        return h("li", {},
          h("span", { class: "lobby-rules" }, t(`preset.${info.game === OLD ? OLD : info.rules}`)),
          h("span", { class: "lobby-people" }, `${people} · ${t(`resume.${info.status}`)}`),
          h("a", { class: "button primary small", id: `resume-${info.id}`, href: `?table=${encodeURIComponent(info.id)}`,
            onclick: (e) => { e.preventDefault(); navigate({ table: info.id }); } }, t("resume.button")));
      })));
  }

  function render() {
    if (!presets.length) return;
    const focused = document.activeElement?.id;
    const botSeats = setup.players - 1 - Math.max(1, setup.friends);
    mount(root,
      h("section", { class: "start" },
        h("div", { class: "hero" }, h("h1", {}, t("app.name")), h("p", { class: "tagline" }, t("app.tagline")),
          h("div", { class: "learn" }, h("p", {}, t("learn.intro")),
            h("button", { type: "button", id: "learn-button", disabled: busy, onclick: learn }, t("learn.button")))),
        yourGames(),
        h("form", { class: "setup", novalidate: true, onsubmit: (e) => { e.preventDefault(); create(false); } },
          presetCards(),
          isOld() ? oldControls() : houseRuleControls(),
          isOld() ? null : myRulesControls(),
          tableControls(),
          h("div", { class: "who" },
            currentAccount() ? h("p", { class: "muted small", id: "signed-in-note" },
              t("account.signedInAs", { name: currentAccount().name })) : null,
            h("label", { class: "field", for: "player-name", style: currentAccount() ? { display: "none" } : undefined },
              h("span", {}, t("start.name")),
              h("input", { id: "player-name", type: "text", maxlength: 24, autocomplete: "nickname",
                value: setup.name, placeholder: t("start.namePlaceholder"), "aria-required": "true",
                "aria-invalid": nameMissing ? "true" : undefined, "aria-describedby": "name-error",
                oninput: (e) => {
                  setup.name = e.target.value;
                  if (nameMissing && setup.name.trim()) {
                    nameMissing = false;
                    root.querySelector("#name-error").textContent = "";
                    e.target.removeAttribute("aria-invalid");
                  }
                } }),
              h("span", { class: "field-error", id: "name-error", role: "alert" },
                nameMissing ? t("start.needName") : ""))),
          h("div", { class: "actions" },
            h("div", { class: "action" },
              h("button", { type: "submit", class: "primary", id: "play-bots", disabled: busy }, t("start.playBots")),
              h("p", { class: "muted small", id: "bots-note" }, t("start.botsNote", { bots: setup.players - 1 }), " ",
                h("span", { id: "length-note" }, t("start.lengthNote", matchLength())))),
            h("div", { class: "action" },
              h("button", { type: "button", id: "invite-friends", disabled: busy || setup.players < 2,
                onclick: () => create(true) }, t("start.invite")),
              h("p", { class: "muted small", id: "friends-note" },
                t("start.friendsNote", { friends: Math.max(1, setup.friends), bots: Math.max(0, botSeats) }))))),
        lobbyList()));
    if (focused) root.querySelector(`#${CSS.escape(focused)}`)?.focus();
  }

  async function load() {
    try {
      [presets, bots, specs] = await Promise.all([loadPresets(), api("/api/bots"), api("/api/options")]);
    } catch (err) {
      mount(root, h("p", { class: "error" }, errorText(err)));
      return;
    }
    if (!isOld() && !presets.some((p) => p.name === setup.preset)) setup.preset = presets[0].name;
    if (!isOld() && !bots.some((b) => b.name === setup.bot)) {
      setup.bot = bots.some((b) => b.name === "classic") ? "classic" : bots[0].name;
    }
    fitPlayers();
    render();
    loadMyRules().then((code) => {
      myCode = code;
      render();
    });
    if (playCode && await applyCode(playCode)) {
      shared = currentCode();
      render();
      // A shared link opens a table with its rules at once, against the computer, for a player whose name is known;
      // otherwise the form asks for the name first.
      if (currentAccount()?.name || setup.name.trim()) {
        create(false, true);
        return;
      }
    }
    try {
      [lobby, recent] = await Promise.all([api("/api/tables"), api("/api/matches?limit=6"), loadYours()]);
      render();
    } catch {
      // the lobby is optional
    }
  }

  load();
  return { render, destroy() {} };
}
