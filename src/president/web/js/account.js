// Accounts in the page: the bar at the top (sign in, the signed-in name, sign out), the sign-in page (/?login),
// a player's profile (/?player=NAME; on one's own, changing the password and signing out everywhere) and the rating
// leaderboard (/?ratings or /?ratings=FAMILY).
// The session is an HttpOnly cookie the page never reads; /api/me says who is signed in.

import { api, saveName, savedName, seats } from "./api.js";
import { h, mount } from "./dom.js";
import { computerName, currentLang, errorText, numberText, t, withLevel } from "./i18n.js";
import { toast } from "./ui.js";

let account = null;
let loaded = false;
const watchers = new Set();

/** The signed-in account ({name, bot}) or null. */
export function currentAccount() {
  return account;
}

/** Call fn whenever the signed-in account changes (or becomes known). */
export function onAccountChange(fn) {
  watchers.add(fn);
  return () => watchers.delete(fn);
}

function setAccount(value) {
  account = value;
  loaded = true;
  if (account) saveName(account.name);
  for (const fn of watchers) fn(account);
}

let asked = null;

/** Ask the server who is signed in; resolves to the account or null. */
export function loadAccount() {
  asked = (async () => {
    try {
      setAccount((await api("/api/me")).account);
    } catch {
      setAccount(null);
    }
    return account;
  })();
  return asked;
}

/** The signed-in account once the server has said (asking it if nobody has yet). */
export function whenAccountKnown() {
  return loaded ? Promise.resolve(account) : asked || loadAccount();
}

function link(text, params, navigate, attrs = {}) {
  const query = new URLSearchParams(params).toString();
  return h("a", { href: `?${query}`, ...attrs, onclick: (e) => { e.preventDefault(); navigate(params); } }, text);
}

/** Draw the account bar into el: a link to the ratings, then sign in, or the name and sign out. */
export function renderAccountBar(el, navigate) {
  if (!el) return;
  const ratings = link(t("account.ratings"), { ratings: "" }, navigate, { id: "ratings-link" });
  if (!loaded) {
    mount(el, ratings);
    return;
  }
  if (!account) {
    mount(el, ratings, link(t("account.signIn"), { login: "" }, navigate, { id: "login-link" }));
    return;
  }
  mount(el, ratings,
    link(account.name, { player: account.name }, navigate, { id: "me-link", title: t("account.profile") }),
    h("button", { type: "button", class: "small", id: "logout-button", onclick: async () => {
      try {
        await api("/api/logout", { method: "POST" });
      } catch (err) {
        toast(errorText(err));
        return;
      }
      setAccount(null);
      toast(t("account.signedOut"));
    } }, t("account.signOut")));
}

/** The sign-in page: sign in to an account, or claim a name with a password. */
export function showLogin(root, navigate) {
  const form = { name: "", password: "" };
  let busy = false;
  let problem = "";

  async function submit(register) {
    if (!form.name.trim() || form.password.length < 8) {
      problem = form.name.trim() ? t("account.shortPassword") : t("start.needName");
      render();
      root.querySelector(form.name.trim() ? "#login-password" : "#login-name")?.focus();
      return;
    }
    busy = true;
    problem = "";
    render();
    try {
      const answer = await api(register ? "/api/accounts" : "/api/login", { method: "POST",
        body: { name: form.name.trim(), password: form.password } });
      setAccount(answer.account);
      toast(t(register ? "account.created" : "account.welcome", { name: answer.account.name }));
      navigate({});
    } catch (err) {
      busy = false;
      problem = err.code === "bad_login" ? t("account.badLogin")
        : err.code === "name_taken" ? t("account.nameTaken")
        : err.code === "too_many_logins" ? t("account.tooMany")
        : errorText(err);
      render();
      root.querySelector("#login-password")?.focus();
    }
  }

  let builtIn = null;

  function render() {
    const error = root.querySelector("#login-error");
    if (error && builtIn === currentLang()) {
      // Only the message and the buttons change: the fields keep their element, caret and what is being typed.
      error.textContent = problem;
      for (const button of root.querySelectorAll(".login-form button")) button.disabled = busy;
      return;
    }
    builtIn = currentLang();
    const focused = document.activeElement?.id;
    mount(root, h("section", { class: "start account-page" },
      h("div", { class: "hero" }, h("h1", {}, t("account.signInTitle")), h("p", { class: "tagline" },
        t("account.why"))),
      h("form", { class: "setup login-form", novalidate: true, "aria-labelledby": "login-title",
        onsubmit: (e) => { e.preventDefault(); submit(false); } },
      h("h2", { id: "login-title", class: "sr-only" }, t("account.signInTitle")),
      h("label", { class: "field", for: "login-name" }, h("span", {}, t("account.name")),
        h("input", { id: "login-name", type: "text", maxlength: 24, autocomplete: "username", value: form.name,
          required: true, oninput: (e) => { form.name = e.target.value; } })),
      h("label", { class: "field", for: "login-password" }, h("span", {}, t("account.password")),
        h("input", { id: "login-password", type: "password", minlength: 8, maxlength: 200, required: true,
          autocomplete: "current-password", value: form.password, "aria-describedby": "login-error",
          oninput: (e) => { form.password = e.target.value; } })),
      h("p", { class: "field-error", id: "login-error", role: "alert" }, problem),
      h("div", { class: "actions" },
        h("button", { type: "submit", class: "primary", id: "login-submit", disabled: busy }, t("account.signIn")),
        h("button", { type: "button", id: "register-submit", disabled: busy, onclick: () => submit(true) },
          t("account.register"))),
      h("p", { class: "muted small" }, t("account.guestNote"))),
      h("p", {}, link(t("join.back"), {}, navigate, { class: "button small" }))));
    if (focused) root.querySelector(`#${CSS.escape(focused)}`)?.focus();
  }

  render();
  if (!root.contains(document.activeElement)) root.querySelector("#login-name")?.focus();
  return { render, destroy() {} };
}

function when(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(document.documentElement.lang || undefined,
    { year: "numeric", month: "short", day: "numeric" });
}

/** A rating on the leaderboard: its value, "?" when provisional. */
function ratingText(r) {
  return r.provisional ? `${numberText(r.rating, 1)}?` : numberText(r.rating, 1);
}

/** A change of rating with its sign: "+1.5", "−0.8". */
function changeText(change) {
  return `${change >= 0 ? "+" : "\u2212"}${numberText(Math.abs(change), 1)}`;
}

/** A player's page: ratings with their history, titles won, finished matches (each replayable). */
/** The own profile's account section: change the password, sign out everywhere. */
function securitySection(navigate, refresh) {
  const form = securityForm;

  async function changePassword() {
    if (form.next.length < 8) {
      form.problem = t("account.shortPassword");
      refresh();
      document.getElementById("new-password")?.focus();
      return;
    }
    form.busy = true;
    form.problem = "";
    refresh();
    try {
      await api("/api/me/password", { method: "POST", body: { password: form.now, new_password: form.next } });
      form.now = form.next = "";
      toast(t("account.passwordChanged"));
    } catch (err) {
      form.problem = err.code === "bad_login" ? t("account.wrongPassword")
        : err.code === "too_many_logins" ? t("account.tooMany") : errorText(err);
    }
    form.busy = false;
    refresh();
  }

  async function everywhere() {
    try {
      await api("/api/me/sign-out-everywhere", { method: "POST" });
    } catch (err) {
      toast(errorText(err));
      return;
    }
    setAccount(null);
    toast(t("account.signedOutEverywhere"));
    navigate({});
  }

  return h("section", { class: "account-security", "aria-labelledby": "security-title" },
    h("h2", { id: "security-title" }, t("account.security")),
    h("form", { class: "setup", id: "password-form", novalidate: true,
      onsubmit: (e) => { e.preventDefault(); changePassword(); } },
    h("label", { class: "field", for: "current-password" }, h("span", {}, t("account.currentPassword")),
      h("input", { id: "current-password", type: "password", maxlength: 200, autocomplete: "current-password",
        value: form.now, oninput: (e) => { form.now = e.target.value; } })),
    h("label", { class: "field", for: "new-password" }, h("span", {}, t("account.newPassword")),
      h("input", { id: "new-password", type: "password", minlength: 8, maxlength: 200, autocomplete: "new-password",
        value: form.next, "aria-describedby": "password-error", oninput: (e) => { form.next = e.target.value; } })),
    h("p", { class: "field-error", id: "password-error", role: "alert" }, form.problem),
    h("div", { class: "actions" }, h("button", { type: "submit", id: "password-submit", disabled: form.busy },
      t("account.changePassword")))),
    h("p", { class: "muted small" }, t("account.everywhereNote")),
    h("p", {}, h("button", { type: "button", id: "sign-out-everywhere", onclick: everywhere },
      t("account.signOutEverywhere"))));
}

const securityForm = { now: "", next: "", problem: "", busy: false };

export function showProfile(root, name, navigate) {
  let data = null;
  let missing = false;
  let busy = false;
  Object.assign(securityForm, { now: "", next: "", problem: "", busy: false });

  async function challenge() {
    const me = account ? account.name : savedName();
    if (!me) {
      toast(t("start.needName"));
      return;
    }
    busy = true;
    render();
    try {
      const made = await api("/api/tables", { method: "POST", body: { rules: "tavern-jack", players: 4,
        seats: [null, null, "classic", "classic"], name: me, invite: data.account.name } });
      seats.set(made.table.id, { token: made.token, seat: made.seat, name: me });
      navigate({ table: made.table.id });
    } catch (err) {
      busy = false;
      toast(err.code === "bot_offline" ? t("account.botOffline", { name: data.account.name })
        : errorText(err));
      render();
    }
  }

  function render() {
    if (missing) {
      mount(root, h("section", { class: "start account-page" }, h("p", { class: "error" }, t("account.noPlayer")),
        h("p", {}, link(t("join.back"), {}, navigate, { class: "button small" }))));
      return;
    }
    if (!data) return;
    const a = data.account;
    const ratings = data.ratings.map((r) => h("section", { class: "profile-rating", "data-family": r.family },
      h("h3", {}, `${t(`preset.${r.family}`)}: `, h("strong", { class: "rating-value" },
        t("account.ratingIs", { rating: numberText(r.rating, 1), sigma: numberText(r.sigma, 1) })),
        r.provisional ? h("span", { class: "badge" }, t("account.provisional")) : null),
      h("p", { class: "muted small" }, t("account.ratedMatches", { n: r.matches })),
      h("ol", { class: "rating-history", "aria-label": t("account.history") }, r.history.map((step) =>
        h("li", {}, h("span", {}, when(step.at)), h("span", { class: "rating-value" }, numberText(step.rating, 1)),
          h("span", { class: step.change >= 0 ? "up" : "down" }, changeText(step.change)),
          link(t("start.replay"), { replay: step.match_id }, navigate, { class: "button small" }))))));
    const duplicate = (data.duplicate_ratings || []).map((r) => h("section", { class: "profile-rating duplicate-rating",
      "data-family": r.family },
      h("h3", {}, `${t(`preset.${r.family}`)}: `, h("strong", { class: "rating-value" },
        t("account.ratingIs", { rating: numberText(r.rating, 1), sigma: numberText(r.sigma, 1) })),
        r.provisional ? h("span", { class: "badge" }, t("account.provisional")) : null),
      h("p", { class: "muted small" }, t("account.ratedRounds", { n: r.rounds })),
      h("ol", { class: "rating-history", "aria-label": t("account.history") }, r.history.map((step) =>
        h("li", {}, h("span", {}, when(step.at)), h("span", { class: "rating-value" }, numberText(step.rating, 1)),
          h("span", { class: step.change >= 0 ? "up" : "down" }, changeText(step.change)),
          h("span", { class: "muted small" }, t("account.adjustedIs", { n: changeText(step.adjusted) })),
          link(t("account.roundOf", { n: step.round }), { tournament: step.tournament }, navigate,
            { class: "button small" }))))));
    const matches = data.matches.map((m) => h("li", { "data-match": m.id },
      h("span", { class: "lobby-rules" }, t(`preset.${m.rules}`)),
      h("span", { class: "lobby-people" }, `${when(m.finished_at)} · ${m.names.map((n, i) => (m.bots[i]
        ? withLevel(computerName(i + 1, n, m.bots[i]), m.bots[i]) : n || "?")).join(", ")} · ${t("account.points", { n: m.points })}${m.won ? ` · ${t("account.won")}`
        : ""}${m.rated ? ` · ${t("account.rated")}` : ""}`),
      m.rules === "old-president" ? null
        : link(t("start.replay"), { replay: m.id }, navigate, { class: "button small" })));
    mount(root, h("section", { class: "start account-page profile" },
      h("div", { class: "hero" }, h("h1", {}, a.name, a.bot ? h("span", { class: "badge" }, t("account.bot")) : null),
        h("p", { class: "tagline" }, t("account.summary", { played: data.matches_played, won: data.matches_won })),
        h("p", { class: "muted small", id: "matches-left" }, t("account.matchesLeft", { n: data.matches_left ?? 0 })),
        a.bot && a.name !== account?.name ? h("button", { type: "button", class: "primary", id: "challenge-bot",
          disabled: busy, onclick: challenge }, t("account.challenge", { name: a.name })) : null),
      h("section", { "aria-labelledby": "ratings-title" }, h("h2", { id: "ratings-title" }, t("account.ratingsTitle")),
        ratings.length ? ratings : h("p", { class: "muted" }, t("account.noRatings")),
        ratings.length ? h("p", { class: "muted small", id: "rating-explain" }, t("account.ratingExplain")) : null),
      duplicate.length ? h("section", { "aria-labelledby": "duplicate-ratings-title", id: "duplicate-ratings" },
        h("h2", { id: "duplicate-ratings-title" }, t("account.duplicateTitle")), duplicate,
        h("p", { class: "muted small" }, t("account.duplicateNote"))) : null,
      h("section", { "aria-labelledby": "titles-title" }, h("h2", { id: "titles-title" }, t("account.titles")),
        data.titles.length ? h("ul", { class: "titles" }, data.titles.map((w) => h("li", {},
          link(w.name || w.tournament, { tournament: w.tournament }, navigate), ` · ${when(w.at)}`)))
          : h("p", { class: "muted" }, t("account.noTitles"))),
      h("section", { class: "lobby", "aria-labelledby": "matches-title" },
        h("h2", { id: "matches-title" }, t("account.matches")),
        matches.length ? h("ul", { id: "profile-matches" }, matches) : h("p", { class: "muted" }, t("account.noMatches"))),
      account && a.name === account.name ? securitySection(navigate, render) : null,
      h("p", {}, link(t("account.ratings"), { ratings: data.ratings[0]?.family || "" }, navigate,
        { class: "button small" }), " ", link(t("join.back"), {}, navigate, { class: "button small" }))));
  }

  (async () => {
    try {
      data = await api(`/api/players/${encodeURIComponent(name)}`);
    } catch (err) {
      if (err.status === 404) missing = true;
      else toast(errorText(err));
    }
    render();
  })();
  return { render, destroy() {} };
}

/** The leaderboard of one rule family, ordinary or (``duplicate``) from the luck-adjusted results of duplicate
 * events; provisional ratings are marked. */
export function showRatings(root, family, navigate, duplicate = false) {
  const where = (f) => (duplicate ? { ratings: f, duplicate: "" } : { ratings: f });
  let data = null;
  let presets = [];

  function render() {
    if (!data) return;
    const choices = [...new Set([...data.families, ...presets.map((p) => p.name)])];
    const rows = data.ratings.map((r) => h("tr", { "data-name": r.name },
      h("td", {}, String(r.rank)),
      h("td", {}, r.account ? link(r.name, { player: r.name }, navigate)
        : r.bot ? withLevel(t("seat.computer"), r.name) : r.name,
        r.bot ? h("span", { class: "badge" }, t("account.bot")) : null),
      h("td", { class: "rating-value" }, ratingText(r),
        r.provisional ? h("span", { class: "sr-only" }, ` (${t("account.provisional")})`) : null),
      h("td", { class: "rating-sigma" }, `±${numberText(r.sigma, 1)}`),
      h("td", {}, String(r.matches))));
    mount(root, h("section", { class: "start account-page ratings" },
      h("div", { class: "hero" }, h("h1", {}, t("account.ratingsTitle")), h("p", { class: "tagline" },
        t(duplicate ? "account.duplicateNote" : "account.ratingsNote"))),
      h("nav", { class: "ratings-kinds", "aria-label": t("account.ratingsTitle") },
        link(t("account.ordinaryTab"), { ratings: data.family }, navigate, { id: "ratings-ordinary",
          class: duplicate ? "button small" : "button small primary", "aria-current": duplicate ? null : "page" }), " ",
        link(t("account.duplicateTab"), { ratings: data.family, duplicate: "" }, navigate, { id: "ratings-duplicate",
          class: duplicate ? "button small primary" : "button small", "aria-current": duplicate ? "page" : null })),
      h("label", { class: "field", for: "ratings-family" }, h("span", {}, t("start.rules")),
        h("select", { id: "ratings-family",
          onchange: (e) => { if (e.target.value !== data.family) navigate(where(e.target.value)); } },
          choices.map((f) => h("option", { value: f, selected: f === data.family }, t(`preset.${f}`))))),
      rows.length ? h("div", { class: "tour-standings-wrap" }, h("table", { class: "tour-standings", id: "ratings-table" },
        h("caption", { class: "sr-only" }, t("account.ratingsTitle")),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("account.player")),
          h("th", { scope: "col" }, t("account.rating")), h("th", { scope: "col" }, t("account.sigma")),
          h("th", { scope: "col" }, t(duplicate ? "account.roundsShort" : "account.matchesShort")))),
        h("tbody", {}, rows))) : h("p", { class: "muted" }, t("account.noRatings")),
      h("p", { class: "muted small" }, t("account.provisionalNote")),
      data.min_matches ? h("p", { class: "muted small", id: "ratings-min" },
        t("account.minMatches", { n: data.min_matches })) : null,
      h("p", {}, link(t("join.back"), {}, navigate, { class: "button small" }))));
  }

  (async () => {
    try {
      const [board, list] = await Promise.all([
        api(`/api/ratings?family=${encodeURIComponent(family || "tavern-jack")}${duplicate ? "&duplicate" : ""}`),
        api("/api/presets")]);
      presets = list;
      if (!family && board.families.length && !board.ratings.length) {
        navigate(where(board.families[0]), true);
        return;
      }
      data = board;
    } catch (err) {
      toast(errorText(err));
    }
    render();
  })();
  return { render, destroy() {} };
}
