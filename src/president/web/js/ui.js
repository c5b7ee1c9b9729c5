// Shared bits of the interface: the toast line and modal dialogs.

import { h } from "./dom.js";
import { t } from "./i18n.js";

let toastTimer = null;

/** Show a short message near the top of the screen for a few seconds, below the table's bar (never over its
 *  buttons). */
export function toast(text, ms = 3500) {
  const el = document.getElementById("toast");
  if (!el) return;
  const bar = document.querySelector(".game .bar") || document.querySelector(".topbar");
  const below = bar ? Math.max(bar.getBoundingClientRect().bottom, 0) + 8 : 54;
  el.style.top = `${Math.round(below)}px`;
  el.textContent = text;
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), ms);
}

/**
 * A modal <dialog> holding `content`, closed by its button or Escape; `onClose` runs once when it closes.
 * Returns the dialog element (already open).
 */
export function openDialog(className, title, content, onClose) {
  const back = focusMark();
  const heading = h("h2", { id: `${className}-title` }, title);
  const dialog = h("dialog", { class: `dialog ${className}`, "aria-labelledby": `${className}-title` },
    h("div", { class: "dialog-head" }, heading,
      h("button", { class: "icon close", type: "button", "aria-label": t("common.close"),
        onclick: () => dialog.close() }, "×")),
    content);
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (onClose) onClose(dialog);
    back();
  });
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

/**
 * Where the focus is now, as a function that puts it back there: on the same element, or, when the screen was
 * drawn again meanwhile, on the element with the same id or on the same card of the hand. Nothing happens when
 * the focus has moved on by itself (to another dialog, a field), or when the place is gone.
 */
function focusMark() {
  const was = document.activeElement;
  if (!was || was === document.body) return () => {};
  const id = was.id;
  const card = was.dataset?.card;
  return () => {
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected) return;
    const target = was.isConnected ? was : (id && document.getElementById(id))
      || (card && document.querySelector(`.hand .card[data-card="${CSS.escape(card)}"]`));
    target?.focus();
  };
}

/** Close a dialog made by openDialog and take it out of the page at once. */
export function closeDialog(dialog) {
  if (!dialog) return;
  if (dialog.open) dialog.close();
  dialog.remove();
}

/** Tell screen readers what just happened at the table (the page shows it already). */
export function announce(text) {
  const el = document.getElementById("announce");
  if (el) el.textContent = text;
}

/**
 * A frame for a table that may be wider than the screen: it scrolls sideways, and while it does a line under
 * it says so (the class `scrolls` is kept up to date as the frame's width changes).
 */
export function scrollFrame(className, ...children) {
  const hint = h("p", { class: "scroll-hint muted small" }, t("common.scrollHint"));
  const frame = h("div", { class: `${className} scroll-frame` }, ...children);
  const box = h("div", { class: "scroll-box" }, frame, hint);
  const check = () => box.classList.toggle("scrolls", frame.scrollWidth > frame.clientWidth + 1);
  const watch = new ResizeObserver(check);
  watch.observe(frame);
  for (const table of frame.querySelectorAll("table")) watch.observe(table);
  return box;
}
