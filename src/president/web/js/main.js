// The entry point: the language switcher and the router between the screens.
//
//   /                 the start screen (choose a rule set, create a table)
//   /?play=CODE       a table with a shared rule set (a rule code), or the start screen set to it when no name is known
//   /?table=ID        a table: join it, wait for players, play (the invite link)
//   /?replay=ID       the replay viewer of a finished match
//   /?rules=NAME      the rules of a rule set (a preset name, or a rule code)
//   /?tournaments     the tournaments, and the form that creates one
//   /?tournament=ID   a tournament: entering, standings, the tables of each round
//   /?login           signing in, or claiming a name with a password
//   /?player=NAME     a player's profile: ratings, titles, finished matches
//   /?ratings[=FAMILY] the rating leaderboard of a rule family
//   /?daily[=DAY]     the deal of the day: play today's, the leaderboard of a day
//   /?ratings[=FAMILY]&duplicate  the duplicate ratings (luck-adjusted results of duplicate events)

import { loadAccount, onAccountChange, renderAccountBar, showLogin, showProfile, showRatings } from "./account.js";
import { showDaily } from "./daily.js";
import { h } from "./dom.js";
import { currentLang, LANGS, onLangChange, setLang, translatePage } from "./i18n.js";
import { showReplay } from "./replay.js";
import { showRules } from "./rules.js";
import { showStart } from "./start.js";
import { showTable } from "./table.js";
import { showTournament, showTournaments } from "./tournament.js";

let screen = null;

/** Go to another screen of the app: navigate({table: id}), navigate({replay: id}) or navigate({}). */
export function navigate(params, replace = false) {
  const query = new URLSearchParams(params).toString();
  const url = query ? `${location.pathname}?${query}` : location.pathname;
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  route();
}

function route() {
  if (screen) screen.destroy();
  // Each screen draws into a box of its own: what a screen still loading draws after the user moved on lands in
  // its detached box, never over the next screen.
  const root = h("div", { class: "screen" });
  document.getElementById("app").replaceChildren(root);
  const params = new URLSearchParams(location.search);
  if (params.get("table")) screen = showTable(root, params.get("table"), navigate);
  else if (params.get("replay")) screen = showReplay(root, params.get("replay"), navigate);
  else if (params.get("rules")) screen = showRules(root, params.get("rules"), navigate);
  else if (params.get("tournament")) screen = showTournament(root, params.get("tournament"), navigate);
  else if (params.has("tournaments")) screen = showTournaments(root, navigate);
  else if (params.has("login")) screen = showLogin(root, navigate);
  else if (params.get("player")) screen = showProfile(root, params.get("player"), navigate);
  else if (params.has("daily")) screen = showDaily(root, params.get("daily"), navigate);
  else if (params.has("ratings")) {
    screen = showRatings(root, params.get("ratings"), navigate, params.has("duplicate"));
  }
  else screen = showStart(root, navigate, params.get("play"));
}

function languageSwitcher() {
  const select = document.getElementById("lang-select");
  select.replaceChildren(...Object.entries(LANGS).map(([code, name]) =>
    h("option", { value: code, selected: code === currentLang() }, name)));
  select.addEventListener("change", () => setLang(select.value));
}

document.documentElement.lang = currentLang();
languageSwitcher();
translatePage();
const accountBar = () => renderAccountBar(document.getElementById("account-bar"), navigate);
onAccountChange(() => {
  accountBar();
  if (screen) screen.render();
});
accountBar();
loadAccount();
onLangChange(() => {
  translatePage();
  accountBar();
  document.getElementById("lang-select").value = currentLang();
  if (screen) screen.render();
});
// The title leads to the start page, but a screen may ask first (a table whose match is under way).
document.querySelector(".brand").addEventListener("click", (e) => {
  if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
  e.preventDefault();
  if (screen?.beforeLeave) screen.beforeLeave(() => navigate({}));
  else navigate({});
});
window.addEventListener("popstate", route);
route();
