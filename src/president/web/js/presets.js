// The rule presets as the server describes them (GET /api/presets), asked for once per page.

import { api } from "./api.js";

let asked = null;
let loaded = [];

/** The presets: a promise of the server's list, asked for once (again after a failure). */
export function loadPresets() {
  if (!asked) {
    asked = api("/api/presets").then((list) => {
      loaded = list;
      return list;
    });
    asked.catch(() => { asked = null; });
  }
  return asked;
}

/** Title keys by place (first place first) for a preset at a table of `players`, as the server gives them
 *  (empty until the presets have come). */
export function titlesByPlace(preset, players) {
  return loaded.find((p) => p.name === preset)?.titles?.[players] || [];
}
