// Rule sets people share: a rule set's code (written as the server writes it, from the options' declaration),
// the player's own rules ("my rules": on the account when signed in, in this browser otherwise), the changes of
// a rule set said in words, its balance labels, and the sentence a house rule says the first time it acts.

import { currentAccount, whenAccountKnown } from "./account.js";
import { api } from "./api.js";
import { h } from "./dom.js";
import { hasText, t } from "./i18n.js";

const MY_RULES_KEY = "president.myRules";
export const CODE_VERSION = "r1";

function number(n) {
  return n < 0 ? `m${-n}` : String(n);
}

function valueText(kind, value) {
  if (value === null || value === undefined) return "none";
  if (kind === "flag") return value ? "1" : "0";
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === "number" ? number(v) : v)).join("-") : "empty";
  if (typeof value === "number") return number(value);
  return String(value);
}

/** The code of a preset with `options` and a match length: every option (of the declaration `specs`, and the
 *  match length) that differs from the preset, in the order of the names, as `president.rule_codes` writes it. */
export function encodeRules(preset, specs, options, deals, target) {
  const values = { ...options, deals: deals ?? preset.deals, target_score: target ?? preset.target_score };
  const base = { ...preset.options, deals: preset.deals, target_score: preset.target_score };
  const kinds = Object.fromEntries(specs.map((s) => [s.name, s.kind]));
  kinds.deals = "count";
  kinds.target_score = "count";
  const parts = [CODE_VERSION, preset.name];
  for (const name of Object.keys(kinds).sort()) {
    if (!(name in values) || JSON.stringify(values[name]) === JSON.stringify(base[name])) continue;
    const value = values[name];
    parts.push(kinds[name] === "flag" && value === true ? name : `${name}~${valueText(kinds[name], value)}`);
  }
  return parts.join(".");
}

/** Whether a ?rules= value is a rule code (a preset name has no dot). */
export function isCode(text) {
  return /^r\d+\./i.test(text || "") || (text || "").includes(".");
}

/** The player's own rules: a promise of a code, or null. */
export async function loadMyRules() {
  if (await whenAccountKnown()) {
    try {
      return (await api("/api/me/rules")).code;
    } catch {
      return null;
    }
  }
  try {
    return localStorage.getItem(MY_RULES_KEY);
  } catch {
    return null;
  }
}

/** Keep `code` as the player's own rules (on the account, or in this browser); resolves to the code kept. */
export async function saveMyRules(code) {
  if (currentAccount()) return (await api("/api/me/rules", { method: "PUT", body: { code } })).code;
  try {
    localStorage.setItem(MY_RULES_KEY, code);
  } catch {
    // not remembered: fine
  }
  return code;
}

/** A rule set's page, as a link: /?rules=CODE (an anchor names one of its rules). */
export function rulesHref(code, option = null) {
  return `?rules=${encodeURIComponent(code)}${option ? `#rule-${option}` : ""}`;
}

/** One change of a rule set (an entry of the server's `changes`) in words: "8-cut: off (instead of on)". */
export function changeText(change, specs, plainValue, key = "code.change") {
  const spec = specs.find((s) => s.name === change.option);
  const label = spec && hasText(`opt.${spec.name}`) ? t(`opt.${spec.name}`) : change.description;
  const now = spec ? plainValue(spec, change.value) : change.value_words;
  const was = spec ? plainValue(spec, change.was) : change.was_words;
  return t(key, { rule: label, value: now, was });
}

/** The changes of a rule set as a list in words (`key` says how: against the preset, or the player's rules). */
export function changeList(changes, specs, plainValue, id = "rule-changes", key = "code.change") {
  if (!changes.length) return h("p", { id, class: "rule-changes none" }, t("code.noChanges"));
  return h("ul", { id, class: "rule-changes" }, changes.map((c) =>
    h("li", { "data-option": c.option }, changeText(c, specs, plainValue, key))));
}

/** The balance labels of a rule set (`status` as the server gives it); `measure` starts a measure. */
export function balanceView(status, measure) {
  const section = (...content) => h("section", { class: "balance", id: "balance", "aria-labelledby": "balance-title" },
    h("h2", { id: "balance-title" }, t("balance.title")), ...content);
  if (!status || status.status === "none" || status.status === "failed") {
    return section(h("p", { class: "muted" }, status?.status === "failed" ? t("balance.failed") : t("balance.none")),
      h("button", { type: "button", id: "balance-measure", onclick: measure }, t("balance.measure")));
  }
  if (status.status !== "done") {
    return section(h("p", { id: "balance-progress" }, t("balance.progress", { done: status.done, total: status.total })),
      h("progress", { max: status.total, value: status.done, "aria-labelledby": "balance-progress" }));
  }
  const b = status.balance;
  const pct = (x) => `${Math.round(x * 100)} %`;
  return section(
    h("dl", { class: "balance-figures" },
      h("dt", {}, t("balance.keeps")), h("dd", { "data-figure": "president_keeps" }, pct(b.president_keeps)),
      h("dt", {}, t("balance.climbs")), h("dd", { "data-figure": "last_climbs" }, pct(b.last_climbs)),
      h("dt", {}, t("balance.moves")), h("dd", { "data-figure": "deal_moves" }, b.deal_moves.toFixed(1)),
      h("dt", {}, t("balance.worth")), h("dd", { "data-figure": "exchange_worth" },
        `${b.exchange_worth >= 0 ? "+" : ""}${b.exchange_worth.toFixed(2)}`)),
    h("p", { class: "muted small" }, t("balance.how", { deals: b.deals, players: b.players })));
}

/** What a house rule's event says the first time in a deal: its own sentence (`why.OPTION`), or one made from
 *  the option's name and declared description for a rule that has none yet. */
export function whySentence(event, seatName, specs) {
  const name = event.seat === undefined || event.seat === null ? "" : seatName(event.seat);
  const leader = event.leader === undefined || event.leader === null ? "" : seatName(event.leader);
  const key = `why.${event.option}`;
  if (hasText(key)) return t(key, { name, leader, on: event.on !== false });
  const spec = specs.find((s) => s.name === event.option);
  const rule = hasText(`opt.${event.option}`) ? t(`opt.${event.option}`) : event.option;
  return t("why.generic", { rule, text: spec?.description || "" });
}
