// Icons drawn as inline SVG, so that they show on every system (an emoji needs a font the system may lack).

import { s } from "./dom.js";

const SPEAKER = "M3 9h4l5-4v14l-5-4H3z";

/** The icon `name` ("sound", "muted"), in the colour of the text around it; hidden from screen readers. */
export function icon(name) {
  const parts = [s("path", { d: SPEAKER, fill: "currentColor" })];
  if (name === "sound") {
    parts.push(s("path", { d: "M15 9.5a3.5 3.5 0 0 1 0 5M17.5 7a7 7 0 0 1 0 10", fill: "none", stroke: "currentColor",
      "stroke-width": "2", "stroke-linecap": "round" }));
  } else {
    parts.push(s("path", { d: "M15.5 9.5l5 5M20.5 9.5l-5 5", fill: "none", stroke: "currentColor", "stroke-width": "2",
      "stroke-linecap": "round" }));
  }
  return s("svg", { class: "icon-svg", viewBox: "0 0 24 24", width: "22", height: "22", "aria-hidden": "true",
    focusable: "false", "data-icon": name }, ...parts);
}
