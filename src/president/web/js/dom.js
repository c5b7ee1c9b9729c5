// Small helpers to build DOM and SVG elements without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.setAttribute("class", value);
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) {
        if (prop.startsWith("--")) el.style.setProperty(prop, String(v));
        else el.style[prop] = v;
      }
    }
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "primary", onclick: f}, "Play"). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, same calling convention as h(). */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replace every child of el. */
export function mount(el, ...children) {
  el.replaceChildren();
  fill(el, {}, children);
  return el;
}

/**
 * Make new nodes the children of el, like mount(), but keep each old child that is equal to the new one in its
 * place (isEqualNode: same tag, attributes and content), so that what did not change is not styled, laid out and
 * painted again. A kept child keeps its own event listeners: use it where they follow from what the node shows.
 */
export function patch(el, ...children) {
  const fresh = [];
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    fresh.push(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  fresh.forEach((node, i) => {
    const old = el.childNodes[i];
    if (!old) el.append(node);
    else if (!old.isEqualNode(node)) el.replaceChild(node, old);
  });
  while (el.childNodes.length > fresh.length) el.lastChild.remove();
  return el;
}
