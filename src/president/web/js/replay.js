// The replay viewer of a finished match (placeholder until the frames are available).

import { api } from "./api.js";
import { h, mount } from "./dom.js";
import { t } from "./i18n.js";

export function showReplay(root, matchId, navigate) {
  let match = null;
  let failed = false;

  function render() {
    if (failed) {
      mount(root, h("section", { class: "panel" }, h("p", {}, t("replay.notFound")),
        h("button", { type: "button", onclick: () => navigate({}) }, t("join.back"))));
      return;
    }
    if (!match) return;
    mount(root, h("section", { class: "panel replay" }, h("h1", {}, t("replay.title")),
      h("p", {}, t("replay.unavailable")), h("pre", { class: "record" }, match.record)));
  }

  api(`/api/matches/${encodeURIComponent(matchId)}`).then((m) => { match = m; render(); })
    .catch(() => { failed = true; render(); });
  return { render, destroy() {} };
}
