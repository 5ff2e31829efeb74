"""A WCAG 2 contrast check run in the browser on a whole page, as axe-core's
``color-contrast`` rule judges it (and where that rule gives up: it leaves text on an
element with a background image unjudged, and the home page's tiles all have one, a
band of the game's colours along their top edge).

Every element that shows text of its own (a text node that is not only spaces) is
judged with its computed colour against the colour behind it: the background colours of
it and its ancestors, blended from the first opaque one up (alpha, and each ancestor's
``opacity`` on the text). Text needs 4.5:1, large text (24 px, or 18.66 px bold) 3:1.
An icon that is a control (an ``svg`` in a link, button or label) needs 3:1 against its
background (WCAG 1.4.11). Collapsed parts (``details``) are opened first, so the words
in them are judged too; what is not rendered at all (another tab's panel, the menu of
a phone layout on a wide screen) is left out.
"""

from __future__ import annotations

#: A JavaScript function for ``page.evaluate``: a list of ``{what, text, colour,
#: background, ratio, needed}`` for every element whose contrast is too low.
CHECK = r"""
() => {
  const canvas = document.createElement("canvas").getContext("2d", {willReadFrequently: true});
  const cache = new Map();
  function rgba(css) {
    if (cache.has(css)) return cache.get(css);
    let found = css.match(/^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/);
    let colour;
    if (found) {
      colour = [+found[1], +found[2], +found[3], found[4] === undefined ? 1 : +found[4]];
    } else {  // any other notation: let the browser paint it
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = "rgba(0, 0, 0, 0)";
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      colour = [r, g, b, a / 255];
    }
    cache.set(css, colour);
    return colour;
  }
  const over = (top, bottom) => {  // top blended onto an opaque bottom, as 8-bit pixels
    const a = top[3];
    return [0, 1, 2].map(i => Math.round(top[i] * a + bottom[i] * (1 - a))).concat([1]);
  };
  function luminance(c) {
    const [r, g, b] = c.slice(0, 3).map(v => {
      v /= 255;
      return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const canvasColour = () => {
    for (const element of [document.body, document.documentElement]) {
      const colour = rgba(getComputedStyle(element).backgroundColor);
      if (colour[3] > 0) return over(colour, [255, 255, 255, 1]);
    }
    return [255, 255, 255, 1];
  };
  function behind(element) {
    const layers = [];
    for (let node = element; node && node.nodeType === 1; node = node.parentElement) {
      const colour = rgba(getComputedStyle(node).backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] >= 1) break;
    }
    let colour = layers.length && layers[layers.length - 1][3] >= 1 ? null : canvasColour();
    for (const layer of layers.reverse()) colour = colour ? over(layer, colour) : layer;
    return colour;
  }
  function opacity(element) {
    let value = 1;
    for (let node = element; node && node.nodeType === 1; node = node.parentElement) {
      value *= +getComputedStyle(node).opacity;
    }
    return value;
  }
  const shown = element =>
    element.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}) &&
    element.getClientRects().length > 0 &&
    !element.closest("[hidden], [aria-hidden='true']") &&
    (() => {  // not text hidden for screen readers only (clipped to a pixel)
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1;
    })();
  const name = element => {
    let text = element.tagName.toLowerCase();
    if (element.id) text += "#" + element.id;
    if (element.classList.length) text += "." + [...element.classList].join(".");
    const parent = element.parentElement;
    return (parent && parent !== document.body ? name(parent) + " > " : "") + text;
  };
  document.querySelectorAll("details").forEach(details => { details.open = true; });
  const failures = [];
  function judge(element, ground, colour, needed, text) {
    const value = ratio(colour, ground);
    if (value + 0.005 < needed) {
      const hex = c => "#" + c.slice(0, 3)
        .map(v => Math.round(v).toString(16).padStart(2, "0")).join("");
      failures.push({what: name(element), text: text.slice(0, 60), colour: hex(colour),
                     background: hex(ground), ratio: Math.round(value * 100) / 100, needed});
    }
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || seen.has(element) || !node.textContent.trim()) continue;
    seen.add(element);
    if (["SCRIPT", "STYLE", "NOSCRIPT", "TITLE", "OPTION"].includes(element.tagName)) continue;
    if (element.closest("svg") || !shown(element)) continue;
    const style = getComputedStyle(element);
    const ground = behind(element);
    const fg = rgba(style.color);
    const colour = over([fg[0], fg[1], fg[2], fg[3] * opacity(element)], ground);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && +style.fontWeight >= 700);
    judge(element, ground, colour, large ? 3 : 4.5, node.textContent.trim());
  }
  for (const icon of document.querySelectorAll("a svg, button svg, label svg")) {
    if (!shown(icon) || icon.closest("[hidden]")) continue;
    const control = icon.closest("a, button, label");
    if (control.textContent.trim()) continue;  // its words are judged as text
    const ground = behind(icon.parentElement);
    const style = getComputedStyle(icon);
    const paint = style.fill && style.fill !== "none" && !style.fill.startsWith("url")
      ? style.fill : style.color;
    const fg = rgba(paint);
    const colour = over([fg[0], fg[1], fg[2], fg[3] * opacity(icon)], ground);
    judge(icon, ground, colour, 3, control.getAttribute("aria-label") || control.title || "(icon)");
  }
  return failures;
}
"""
