// The rules of a rule set in plain words, built from the rules' declaration (GET /api/options) and the preset's
// values and sources (GET /api/presets): a page of its own (/?rules=NAME, or /?rules=CODE for a shared rule set:
// its changes in words first, its balance labels, then every setting) and a dialog at the table.

import { api } from "./api.js";
import { RANKS, SUITS } from "./cards.js";
import { cardText, hasText, t, titleName } from "./i18n.js";
import { loadPresets } from "./presets.js";
import { h, mount } from "./dom.js";
import { balanceView, changeList, CODE_VERSION, isCode, rulesHref, saveMyRules } from "./myrules.js";
import { optionLabel, valueLabel } from "./start.js";
import { toast } from "./ui.js";

const GROUPS = ["table", "trick", "special", "deal"];

/** An option's value in words of the current language. */
export function plainValue(spec, value) {
  if (spec.name === "points" && value === null) return t("rules.pointsByPlace");
  if (value === null || value === undefined) return t("optv.none");
  if (spec.kind === "flag") return value ? t("rules.yes") : t("rules.no");
  if (spec.kind === "choices") return value.length ? value.map((v) => valueLabel(spec, v)).join(", ") : t("optv.none");
  if (spec.kind === "ints") return value.length ? value.join(", ") : t("optv.none");
  if (spec.kind === "card") return cardText(value >= 52 ? ["BJ", "RJ"][value - 52] : RANKS[value >> 2] + SUITS[value % 4]);
  return valueLabel(spec, value);
}

function row(name, label, value, source, changed, help) {
  return h("div", { class: `rule${changed ? " changed" : ""}`, "data-rule": name, id: `rule-${name}` },
    h("dt", {}, label),
    h("dd", {}, h("strong", { class: "rule-value" }, value), changed ? ` (${t("rules.changed")})` : null,
      help ? h("span", { class: "rule-help", lang: "en" }, help) : null,
      source ? h("span", { class: "rule-source" }, `${t("rules.source")}: `, h("q", { lang: "en" }, source)) : null));
}

/** How a deal goes under these rules, in a few plain sentences (before the table of every setting). */
function howToPlay(values) {
  const ranks = RANKS.slice(0, 13).map((r) => (/^[JQKA]$/.test(r) ? t(`rank.${r}`) : r)).join(", ");
  const order = values.jokers ? `${ranks}, ${t("howto.jokers")}` : ranks;
  const lines = ["howto.goal", "howto.lead", values.runs ? "howto.runs" : null, "howto.follow",
    values.pass_lockout ? "howto.lockout" : "howto.reenter", "howto.clear", values.eight_cut ? "howto.eightCut" : null,
    values.revolution ? "howto.revolution" : null, values.exchange?.length ? "howto.exchange" : null];
  return h("section", { class: "how-to", "aria-labelledby": "how-to-title" },
    h("h2", { id: "how-to-title" }, t("howto.title")),
    h("ul", {}, lines.filter(Boolean).map((key) => h("li", {}, t(key))),
      h("li", {}, t("howto.order", { order }))));
}

/** Every setting of `preset` (its options, or a table's own `options`) in plain words, each with its source;
 *  `extra` goes between how a deal goes and the settings. */
export function rulesView(preset, specs, options = null, extra = null) {
  const sources = preset.sources || {};
  const values = { ...preset.options, ...options };
  const players = preset.min_players === preset.max_players ? String(preset.min_players)
    : `${preset.min_players}–${preset.max_players}`;
  const length = preset.target_score ? t("rules.target", { n: preset.target_score }) : t("rules.deals", { n: preset.deals });
  const titles = (preset.titles[preset.max_players] || []).map((key) => titleName(preset.name, key)).join(", ");
  const titleSource = ["titles_top", "title_middle", "titles_bottom"].map((k) => sources[k]).filter(Boolean).join("; ");
  const general = h("dl", { class: "rules-list" },
    row("players", t("rules.players"), players, sources.min_players),
    row("length", t("rules.length"), length, sources.target_score || sources.deals),
    row("titles", t("rules.titles"), titles, titleSource));
  return h("div", { class: "rules-view", "data-preset": preset.name },
    h("p", { class: "rules-desc" }, hasText(`desc.${preset.name}`) ? t(`desc.${preset.name}`) : preset.description),
    howToPlay(values),
    extra,
    general,
    GROUPS.map((group) => {
      const inGroup = specs.filter((spec) => spec.group === group);
      if (!inGroup.length) return null;
      return h("section", { class: "rules-group", "data-group": group }, h("h3", {}, t(`group.${group}`)),
        h("dl", { class: "rules-list" }, inGroup.map((spec) => {
          const value = values[spec.name];
          const changed = options && spec.name in options
            && JSON.stringify(options[spec.name]) !== JSON.stringify(preset.options[spec.name]);
          return row(spec.name, optionLabel(spec), plainValue(spec, value), sources[spec.name], changed,
            hasText(`opt.${spec.name}`) ? spec.description : null);
        })));
    }),
    h("p", { class: "muted small" }, t("rules.sourceNote")));
}

/** The rule set of a table or a code as a preset object rulesView reads (the code's options and match length). */
export function codePreset(preset, info) {
  return { ...preset, deals: info.deals, target_score: info.target_score };
}

/** The page /?rules=NAME or /?rules=CODE: the rule set's changes in words, its balance labels, every setting. */
export function showRules(root, name, navigate) {
  let presets = [];
  let specs = [];
  let info = null;
  let failed = null;
  let polling = null;
  let scrolled = false;
  const code = isCode(name) ? name : `${CODE_VERSION}.${name}`;

  async function measure() {
    try {
      info.balance = await api(`/api/rulesets/${encodeURIComponent(info.code)}/balance`, { method: "POST" });
      render();
      follow();
    } catch (err) {
      toast(err.message);
    }
  }

  function follow() {
    clearTimeout(polling);
    if (!info || !["queued", "running"].includes(info.balance?.status)) return;
    polling = setTimeout(async () => {
      try {
        info.balance = (await api(`/api/rulesets/${encodeURIComponent(info.code)}`)).balance;
        render();
      } catch {
        // asked again on the next round
      }
      follow();
    }, 1000);
  }

  async function saveMine() {
    try {
      await saveMyRules(info.code);
      toast(t("code.saved"));
    } catch (err) {
      toast(err.message);
    }
  }

  function render() {
    if (failed) {
      mount(root, h("section", { class: "panel" }, h("p", { id: "rules-error" }, failed),
        h("button", { type: "button", id: "rules-back", onclick: () => navigate({}) }, t("join.back"))));
      return;
    }
    if (!presets.length || !info) {
      mount(root, h("p", { class: "muted loading" }, t("game.connecting")));
      return;
    }
    const preset = presets.find((p) => p.name === info.preset) || presets[0];
    const changed = info.changes.length > 0;
    const link = new URL(rulesHref(info.code), location.href).href;
    mount(root, h("section", { class: "panel rules-page", "data-code": info.code },
      h("h1", { id: "rules-heading" }, changed ? t("code.title", { code: info.code })
        : `${t("rules.title")}: ${t(`preset.${preset.name}`)}`),
      changed ? null : h("label", { class: "field", for: "rules-preset" }, h("span", {}, t("start.rules")),
        h("select", { id: "rules-preset", onchange: (e) => navigate({ rules: e.target.value }, true) },
          presets.map((p) => h("option", { value: p.name, selected: p === preset }, t(`preset.${p.name}`))))),
      // A preset's own page has no change to list: how a deal goes is its plain words.
      changed ? h("section", { class: "rules-plain", "aria-labelledby": "rules-plain-title" },
        h("h2", { id: "rules-plain-title" }, t("code.plain")),
        h("p", { id: "rules-preset-line" }, t("code.preset", { preset: t(`preset.${preset.name}`) })),
        changeList(info.changes, specs, plainValue)) : null,
      rulesView(codePreset(preset, info), specs, info.options, h("div", { class: "rules-shared" },
        h("div", { class: "actions" },
          h("button", { type: "button", class: "primary", id: "rules-play",
            onclick: () => navigate({ play: info.code }) }, t("code.play")),
          h("button", { type: "button", id: "rules-save-mine", onclick: saveMine }, t("code.saveMine"))),
        h("label", { class: "field", for: "rules-link-field" }, h("span", {}, t("code.link")),
          h("input", { id: "rules-link-field", type: "text", readonly: true, value: link,
            onfocus: (e) => e.target.select() })),
        balanceView(info.balance, measure),
        h("h2", {}, t("code.settings")))),
      h("button", { type: "button", id: "rules-back", onclick: () => navigate({}) }, t("join.back"))));
    if (!scrolled && location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    scrolled = true;
  }

  Promise.all([loadPresets(), api("/api/options"), api(`/api/rulesets/${encodeURIComponent(code)}`)])
    .then(([list, options, ruleset]) => {
      presets = list;
      specs = options;
      info = ruleset;
      render();
      follow();
    }).catch((err) => {
      failed = err.code === "bad_rules" ? t("code.bad", { message: err.message }) : t("error.generic");
      render();
    });
  render();
  return { render, destroy() { clearTimeout(polling); } };
}
