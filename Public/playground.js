// The playground on index.html: controls -> a /toggle (PNG) or /toggle.svg URL (/row, /row.svg
// with a label) -> preview and snippets.
// Plain JavaScript, no build step; talks only to this server (/toggle, /toggle.svg, /row, /symbols).
"use strict";

// Dynamic Type factors (body line height / 22), docs/design-facts.md section 2.
const SIZES = [
  ["xSmall", 0.8636], ["small", 0.9091], ["medium", 0.9545], ["large", 1], ["xLarge", 1.0909],
  ["xxLarge", 1.1818], ["xxxLarge", 1.3182], ["accessibility1", 1.5455], ["accessibility2", 1.8182],
  ["accessibility3", 2.1818], ["accessibility4", 2.5455], ["accessibility5", 2.8182],
];
// Named colours with their light-appearance sRGB value (for the colour picker's swatch).
const COLOURS = {
  red: "#ff3b30", orange: "#ff9500", yellow: "#ffcc00", green: "#34c759", mint: "#00c7be",
  teal: "#30b0c7", cyan: "#32ade6", blue: "#007aff", indigo: "#5856d6", purple: "#af52de",
  pink: "#ff2d55", brown: "#a2845e", gray: "#8e8e93", black: "#000000", white: "#ffffff",
};
const DEFAULTS = {
  state: "on", disabled: false, on_sym: "checkmark", off_sym: "xmark", sym: "minus",
  color: "green", off_color: "", bg: "", scale: "2", size: "large", pad: "0", theme: "light", alt: "",
  label: "", format: "png", style: "iconSwitch",
  animate: false, loop: false, reduce: false, from: "", fps: "60", contrast: false,
};
/** The label a style that draws one starts with when the field is empty. */
const STYLE_LABEL = "Label";
// Each style's defaults (docs/design-facts.md section 11): symbols when on, off and mixed (null:
// the style has none), the tint, whether /toggle needs a label, and whether its symbol sits on
// the white knob (what contrast=auto raises).
const STYLES = {
  iconSwitch: { on_sym: "checkmark", off_sym: "xmark", sym: "minus", color: "green", knob: true },
  switch: { on_sym: null, off_sym: null, sym: null, color: "green" },
  button: { on_sym: "", off_sym: "", sym: "minus", color: "green", label: true },
  symbol: { on_sym: "hare", off_sym: "xmark.circle", sym: "xmark.circle", color: "green", label: true },
  tutorial: { on_sym: "checkmark", off_sym: "xmark", sym: "minus", color: "orange", knob: true },
  // SwiftUI's default style, the switch on iOS: the server draws `switch` for it.
  automatic: { on_sym: null, off_sym: null, sym: null, color: "green" },
};
const styleOf = (s) => STYLES[s.style] || STYLES.iconSwitch;
/** The style the server draws: `automatic` is the switch. */
const drawnStyle = (s) => (s.style === "automatic" ? "switch" : s.style);
/** The style a query names, as the API reads it (any case), or undefined. */
const styleNamed = (name) => Object.keys(STYLES).find((k) => k.toLowerCase() === String(name).toLowerCase());
const SEARCH_LIMIT = 48;

const $ = (id) => document.getElementById(id);
const form = $("controls");
const preview = $("preview");
let catalogue = [];          // [{name, icon, ...}] from GET /symbols
let knownNames = new Set();  // for checking names before asking the server

// ---- Controls ------------------------------------------------------------------------------

function fillSelects() {
  const size = $("size");
  for (const [name, factor] of SIZES) {
    size.add(new Option(`${name} (${factor})`, name, false, name === "large"));
  }
  for (const block of document.querySelectorAll(".colour")) {
    const select = block.querySelector("select");
    const param = block.dataset.param;
    if (param === "off_color") select.add(new Option("default", ""));
    if (param === "bg") select.add(new Option("none (transparent)", ""));
    for (const name of Object.keys(COLOURS)) select.add(new Option(name, name));
    select.add(new Option("custom (picker)", "custom"));
    select.value = block.dataset.default;
  }
}

/** The colour a `.colour` block stands for: "", a name, or hex without '#'. */
function colourValue(param) {
  const select = $(param);
  if (select.value === "custom") return $(param + "-picker").value.replace("#", "").toLowerCase();
  return select.value;
}

function setColour(param, value) {
  const select = $(param);
  const picker = $(param + "-picker");
  if (value === "" || value in COLOURS) {
    select.value = value;
    if (value) picker.value = COLOURS[value];
  } else if (/^#?[0-9a-fA-F]{6}$/.test(value)) {
    select.value = "custom";
    picker.value = "#" + value.replace("#", "").toLowerCase();
  } else if (value.toLowerCase() in COLOURS) {
    setColour(param, value.toLowerCase());  // names are case-insensitive, as in the API
  } else if (value) {
    // Other forms the API takes (RGBA hex, grey, CSS names, rgb(), hsl(), hwb()) keep working
    // through the URL, as typed, but the picker only holds #rrggbb.
    if (![...select.options].some((o) => o.value === value)) select.add(new Option(value, value));
    select.value = value;
  }
}

/** The current settings as a plain object. */
function settings() {
  return {
    state: form.elements.state.value,
    disabled: $("disabled").checked,
    on_sym: $("on_sym").value.trim(),
    off_sym: $("off_sym").value.trim(),
    sym: $("sym").value.trim(),
    color: colourValue("color"),
    off_color: colourValue("off_color"),
    bg: colourValue("bg"),
    scale: $("scale").value.trim(),
    size: $("size").value,
    pad: $("pad").value.trim(),
    theme: form.elements.theme.value,
    alt: $("alt").value.trim(),
    label: $("label").value.trim(),
    format: form.elements.format.value,
    style: $("style").value,
    animate: $("animate").checked,
    loop: $("loop").checked,
    reduce: $("reduce").checked,
    from: $("from").value,
    fps: $("fps").value.trim(),
    contrast: $("contrast").checked,
  };
}

function apply(s) {
  form.elements.state.value = s.state;
  $("disabled").checked = s.disabled;
  for (const p of ["on_sym", "off_sym", "sym"]) $(p).value = s[p];
  for (const p of ["color", "off_color", "bg"]) setColour(p, s[p]);
  $("scale").value = s.scale;
  // Dynamic Type names are case-insensitive in the API.
  $("size").value = (SIZES.find(([n]) => n.toLowerCase() === String(s.size).toLowerCase()) || [s.size])[0];
  $("pad").value = s.pad;
  form.elements.format.value = s.format === "svg" ? "svg" : "png";
  $("style").value = s.style in STYLES ? s.style : "iconSwitch";
  form.elements.theme.value = s.theme;
  $("alt").value = s.alt;
  $("label").value = s.label;
  $("animate").checked = Boolean(s.animate);
  $("loop").checked = Boolean(s.loop);
  $("reduce").checked = Boolean(s.reduce);
  $("from").value = ["on", "off", "mixed"].includes(s.from) ? s.from : "";
  $("fps").value = s.fps;
  $("contrast").checked = Boolean(s.contrast);
}

// ---- URLs and snippets ---------------------------------------------------------------------

/** Query parameters for `s`, defaults left out, in a stable order. `theme` overrides s.theme. */
function query(s, theme = s.theme) {
  const q = [];
  const add = (name, value) => q.push(name + "=" + encodeURIComponent(value));
  const style = styleOf(s);
  if (s.style !== "iconSwitch") add("style", s.style);
  if (style.label) add("label", s.label);
  if (s.state === "mixed") add("state", "mixed"); else add("on", s.state === "on" ? "1" : "0");
  if (style.on_sym !== null) {
    if (s.state === "on" && s.on_sym && s.on_sym !== style.on_sym) add("on_sym", s.on_sym);
    if (s.state === "off" && s.off_sym && s.off_sym !== style.off_sym) add("off_sym", s.off_sym);
    if (s.state === "mixed" && s.sym && s.sym !== style.sym) add("sym", s.sym);
  }
  if (s.color && s.color !== style.color) add("color", s.color);
  if (s.off_color && s.state === "off") add("off_color", s.off_color);
  if (s.scale && Number(s.scale) !== 1) add("scale", s.scale);
  if (s.size !== "large") add("size", s.size);
  if (theme !== "light") add("theme", theme);
  if (s.disabled) add("disabled", "1");
  if (s.contrast && style.knob) add("contrast", "auto");
  if (s.bg) add("bg", s.bg);
  if (s.pad && Number(s.pad) !== 0) add("pad", s.pad);
  // Toggles and rows animate (the row's label stays still); an animation has one colour scheme.
  if (s.animate && theme !== "auto") addAnimation(s, add);
  return q.join("&");
}

/** The animation's parameters, in the order the API lists them, through `add(name, value)`. */
function addAnimation(s, add) {
  add("animate", "1");
  if (s.from) add("from", s.from);
  if (s.reduce) add("motion", "reduce");
  if (s.loop) add("loop", "1");
  if (s.fps && Number(s.fps) !== 60) add("fps", s.fps);
}

/** A row (label, then the switch) is drawn for a label with a style that does not draw its own. */
const isRow = (s) => Boolean(s.label) && !styleOf(s).label;

/** A /toggle URL, or a /row URL (label first) when there is a label. */
function toggleURL(s, theme) {
  const ext = s.format === "svg" ? ".svg" : "";
  if (isRow(s)) return location.origin + "/row" + ext + "?label=" + encodeURIComponent(s.label) + "&" + query(s, theme);
  return location.origin + "/toggle" + ext + "?" + query(s, theme);
}

/** Pixel size of the PNG, and the CSS size to show it at (pixels / scale). A row's height grows
 *  with its lines, known only once the image has loaded: until then one line is assumed. */
function dimensions(s) {
  const factor = (SIZES.find(([n]) => n === s.size) || ["large", 1])[1];
  const scale = Number(s.scale) || 1;
  const pad = Number(s.pad) || 0;
  if (s.style !== "iconSwitch" && s.style in STYLES && !isRow(s)) return styleDimensions(s, factor, scale, pad);
  // The switch's height: the icon switch's 32 pt x factor; switch and tutorial 31 pt.
  const h = drawnStyle(s) === "switch" || s.style === "tutorial" ? 31 : 32 * factor;
  if (isRow(s)) {
    const loaded = preview.complete && preview.naturalWidth && preview.getAttribute("src") === toggleURL(s);
    const pxW = loaded ? preview.naturalWidth : Math.round((350 + 2 * pad) * scale);
    const pxH = loaded ? preview.naturalHeight : Math.round((Math.max(44, 22 * factor, h) + 2 * pad) * scale);
    return { pxW, pxH, width: Math.round(pxW / scale), height: Math.round(pxH / scale) };
  }
  const pxW = Math.round(1.8 * h * scale) + 2 * Math.round(pad * scale);
  const pxH = Math.round(h * scale) + 2 * Math.round(pad * scale);
  return { pxW, pxH, width: Math.round(pxW / scale), height: Math.round(pxH / scale) };
}

/** Sizes of the other styles (docs/design-facts.md section 11): switch and tutorial are 51 x 31 pt
 *  at every Dynamic Type size; a button or symbol picture's width follows its label, so it is
 *  read from the loaded image (until then: the picture without text). */
function styleDimensions(s, factor, scale, pad) {
  const margin = 2 * Math.round(pad * scale);
  let pxW, pxH;
  if (drawnStyle(s) === "switch" || s.style === "tutorial") {
    pxW = Math.round(51 * scale) + margin;
    pxH = Math.round(31 * scale) + margin;
  } else if (preview.complete && preview.naturalWidth && preview.getAttribute("src") === toggleURL(s)) {
    pxW = preview.naturalWidth;
    pxH = preview.naturalHeight;
  } else if (s.style === "button") {
    const symbol = [s.on_sym, s.off_sym, s.sym][["on", "off", "mixed"].indexOf(s.state)];
    pxW = Math.round((28 + (symbol ? 17 : 0)) * scale) + margin;
    pxH = Math.round(34 * factor * scale) + margin;
  } else {
    pxW = Math.round((53 + 2 * pad) * scale);
    pxH = pxW;
  }
  return { pxW, pxH, width: Math.round(pxW / scale), height: Math.round(pxH / scale) };
}

/** The current settings in each state, under the preview: what the style looks like on, off
 *  and mixed. */
function showStates(s) {
  const strip = $("states");
  const figures = ["off", "on", "mixed"].map((state) => {
    const other = { ...s, state, format: "png", animate: false };  // stills: the preview animates
    const figure = document.createElement("figure");
    const img = document.createElement("img");
    img.src = toggleURL(other);
    img.alt = altText(other);
    img.addEventListener("error", () => { figure.hidden = true; });
    img.addEventListener("load", () => {
      const scale = Number(s.scale) || 1;
      img.width = Math.round(img.naturalWidth / scale);
      img.height = Math.round(img.naturalHeight / scale);
    });
    const caption = document.createElement("figcaption");
    caption.textContent = state;
    figure.append(img, caption);
    return figure;
  });
  if (strip.dataset.for !== figures.map((f) => f.firstChild.src).join(" ")) {
    strip.dataset.for = figures.map((f) => f.firstChild.src).join(" ");
    strip.replaceChildren(...figures);
  }
}

function altText(s) {
  if (s.alt) return s.alt;
  if (styleOf(s).label && s.label) {
    return `${s.label}, ${s.style === "button" ? "toggle button" : "switch"}, ${s.state}${s.disabled ? ", dimmed" : ""}`;
  }
  const state = s.state === "mixed" ? "mixed" : s.state;
  if (s.label) return `${s.label}, switch, ${state}${s.disabled ? ", dimmed" : ""}`;
  return `Switch, ${state}${s.disabled ? ", disabled" : ""}`;
}

const escapeHTML = (t) => t.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeMarkdown = (t) => t.replace(/([\\\[\]])/g, "\\$1");

function snippets(s) {
  const url = toggleURL(s);
  const { width, height } = dimensions(s);
  const alt = altText(s);
  const img = (src) => `<img src="${escapeHTML(src)}" width="${width}" height="${height}" alt="${escapeHTML(alt)}">`;
  const light = toggleURL(s, "light");
  const dark = toggleURL(s, "dark");
  // Markdown cannot set a size: an image shows at its pixel size, so scale 1 shows it at its
  // point size (the note under the snippet says so).
  const markdown = toggleURL({ ...s, scale: "1" });
  return {
    url,
    html: img(url),
    md: `![${escapeMarkdown(alt)}](${markdown})`,
    picture: `<picture>\n  <source media="(prefers-color-scheme: dark)" srcset="${escapeHTML(dark)}">\n  ${img(light)}\n</picture>`,
    curl: `curl -fsS '${url}' -o ${isRow(s) ? "row" : "toggle"}.${s.format === "svg" ? "svg" : "png"}`,
  };
}

// ---- Updating ------------------------------------------------------------------------------

/** Names the server would refuse, checked against the catalogue once it has loaded. */
function unknownSymbol(s) {
  if (!knownNames.size || styleOf(s).on_sym === null) return null;
  const name = s.state === "on" ? s.on_sym : s.state === "off" ? s.off_sym : s.sym;
  if (!name || knownNames.has(name)) return null;
  return name;
}

/** The field of the symbol drawn in `state`. */
const symbolField = (state) => ({ on: "on_sym", off: "off_sym", mixed: "sym" })[state] || "sym";

/** What is wrong with `s` before asking the server, as {field, text}, or null. */
function problemIn(s) {
  if (styleOf(s).label && !s.label) return { field: "label", text: `The ${s.style} style draws a label: type one.` };
  const unknown = unknownSymbol(s);
  if (unknown) return { field: symbolField(s.state), text: `No symbol is called “${unknown}”.`, symbol: unknown };
  const scale = Number(s.scale);
  if (!(scale >= 1 && scale <= 4)) return { field: "scale", text: "Scale goes from 1 to 4." };
  const pad = Number(s.pad);
  if (!(pad >= 0 && pad <= 64)) return { field: "pad", text: "Margin goes from 0 to 64 pt." };
  if (s.animate) {
    if (s.theme === "auto") {
      return { field: "animate", text: "An animation has one colour scheme: choose Light or Dark, or turn Animate off." };
    }
    if (s.from === s.state) return { field: "from", text: `Start from a state other than the one drawn (${s.state}).` };
    const fps = Number(s.fps);
    if (!(Number.isInteger(fps) && fps >= 10 && fps <= 60)) return { field: "fps", text: "Frames per second: a whole number from 10 to 60." };
  }
  return null;
}

/** Fields with an error slot (`ID-error`), and the name #problem calls each by. */
const FIELD_NAMES = {
  label: "Label", on_sym: "On symbol", off_sym: "Off symbol", sym: "Mixed symbol", color: "Tint",
  off_color: "Off track", bg: "Background", scale: "Scale", size: "Dynamic Type size", pad: "Margin",
  animate: "Animate", from: "Start from", fps: "Frames per second",
};

/** The field a parameter named in a server 400 belongs to ("" when the page has none). */
function fieldOfParameter(parameter, s) {
  const aliases = { onSymbol: "on_sym", offSymbol: "off_sym", tint: "color", motion: "animate", loop: "animate" };
  const name = aliases[parameter] || parameter;
  if (name === "sym") return symbolField(s.state);
  return name in FIELD_NAMES ? name : "";
}

let lastGood = null;  // the snippets of the last picture that loaded
let shown = null;     // the snippets of the picture asked for
let refused = {};     // {url, field, text}: the last picture the server refused, and why

/** Shows `text` beside `field` (or, for no field, under the preview), points at it from under
 *  the preview, and marks the snippets stale: they go back to the last picture that loaded.
 *  No text clears every error. */
function showProblem(field, text) {
  for (const id of Object.keys(FIELD_NAMES)) {
    const error = $(id + "-error");
    const on = Boolean(text) && id === field;
    error.hidden = !on;
    error.textContent = on ? text : "";
    if (on) $(id).setAttribute("aria-invalid", "true"); else $(id).removeAttribute("aria-invalid");
  }
  const problem = $("problem");
  problem.hidden = !text;
  if (text && field) {
    const link = document.createElement("a");
    link.href = "#" + field;
    link.textContent = FIELD_NAMES[field];
    link.addEventListener("click", (event) => { event.preventDefault(); $(field).focus(); });
    problem.replaceChildren("Not updated: fix ", link, ".");
  } else if (text) {
    problem.replaceChildren("Not updated: " + text);
  }
  $("snippets").classList.toggle("stale", Boolean(text));
  $("stale").hidden = !text;
  if (text) writeSnippets(lastGood || { url: "", html: "", md: "", picture: "", curl: "" });
}

function writeSnippets(sn) {
  for (const key of ["url", "html", "md", "picture", "curl"]) $("s-" + key).textContent = sn[key];
}

function update() {
  const s = settings();
  // theme=auto follows the viewer's colour scheme, which only an SVG can do.
  $("theme-auto").disabled = s.format !== "svg";
  if (s.theme === "auto" && s.format !== "svg") {
    form.elements.theme.value = "light";
    s.theme = "light";
  }
  for (const p of ["on_sym", "off_sym", "sym"]) {
    $(p).closest("label").classList.toggle("active", p === symbolField(s.state));
  }
  const style = styleOf(s);
  // A style without symbols (switch) takes none: the server would refuse them.
  $("on_sym").closest("fieldset").disabled = style.on_sym === null;
  $("animation-options").disabled = !s.animate;
  $("contrast").disabled = !style.knob;
  // The address keeps every control, a form with an error too: a reload shows the same form.
  saveToAddress(s);
  const problem = problemIn(s);
  if (problem) {
    const url = toggleURL(s);
    if (problem.symbol && suggested.url === url) problem.text = suggested.text;
    showProblem(problem.field, problem.text);
    if (problem.symbol) suggestFromServer(problem.symbol, problem.field, url);
    return;
  }
  suggestionFor = "";
  const sn = snippets(s);
  // The server refused this very picture already: its answer stays until the settings change.
  if (refused.url === sn.url) { showProblem(refused.field, refused.text); return; }
  showProblem("", "");

  shown = sn;
  const { pxW, pxH, width, height } = dimensions(s);
  preview.width = width;
  preview.height = height;
  if (preview.getAttribute("src") !== sn.url) preview.src = sn.url;
  else if (preview.complete && preview.naturalWidth) lastGood = sn;
  preview.alt = altText(s);
  showStates({ ...s, theme: s.theme === "auto" ? "light" : s.theme });
  $("flip").setAttribute("aria-pressed", String(s.state === "on"));
  $("stage").classList.remove("light", "dark", "auto");
  $("stage").classList.add(s.theme);
  $("dimensions").textContent = `${pxW} × ${pxH} px image, shown at ${width} × ${height} CSS px`;
  writeSnippets(sn);
  $("md-note").hidden = Number(s.scale) === 1;
  $("play").hidden = !sn.url.includes("animate=1");
  for (const p of ["color", "off_color", "bg"]) {
    if (COLOURS[$(p).value]) $(p + "-picker").value = COLOURS[$(p).value];
  }
}

/** Keeps the page address in step, so a set-up can be bookmarked or shared. The address is the
 *  preview's own query (so it can be pasted after /toggle, or /row for a row, whose label comes
 *  first; and a /toggle or /row query pasted after / gives the same picture), plus what the
 *  picture does not show: symbols and the off colour of the other states (parameters the API
 *  accepts and then leaves unused), and three page-only parameters the API ignores: the mixed
 *  state's symbol as `mixed_sym`, the alt text as `alt` and `format=svg`. While the form has an
 *  error it keeps what the preview would leave out too (an animation with theme=auto), so a
 *  reload shows the same form. */
function saveToAddress(s) {
  const extra = [];
  const add = (name, value) => extra.push(name + "=" + encodeURIComponent(value));
  if (isRow(s)) extra.push("label=" + encodeURIComponent(s.label));
  extra.push(query(s));
  if (s.state !== "on" && s.on_sym && s.on_sym !== DEFAULTS.on_sym) add("on_sym", s.on_sym);
  if (s.state !== "off" && s.off_sym && s.off_sym !== DEFAULTS.off_sym) add("off_sym", s.off_sym);
  if (s.state !== "mixed" && s.sym && s.sym !== DEFAULTS.sym) add("mixed_sym", s.sym);
  if (s.state !== "off" && s.off_color) add("off_color", s.off_color);
  if (s.alt) add("alt", s.alt);
  if (s.format === "svg") add("format", "svg");
  // query() leaves the animation out with theme=auto (the form's error says why); keep it here.
  if (s.animate && s.theme === "auto") addAnimation(s, add);
  history.replaceState(null, "", "?" + extra.join("&"));
}

/** What GET /toggle draws when a parameter is left out (README's API table); a query pasted
 *  onto the page starts from these, the bare page from DEFAULTS. */
const API_DEFAULTS = { ...DEFAULTS, state: "off", scale: "1" };

/** The settings a /toggle or /row query stands for, read as the API reads it: `on` or `state`;
 *  `sym` is the symbol of the state drawn; `tint`, `onSymbol`, `offSymbol` are aliases; a label
 *  with a style that does not draw one makes a row. `theme=auto` means SVG, the only format
 *  that can follow the viewer's colour scheme. */
function settingsFromQuery(search) {
  const params = new URLSearchParams(search);
  const s = { ...API_DEFAULTS };
  const get = (...names) => names.map((n) => params.get(n)).find((v) => v !== null);
  const truthy = (v) => ["1", "true", "yes", "on"].includes(String(v).toLowerCase());
  // A style starts from its own symbols and tint.
  const named = styleNamed(get("style"));
  const style = STYLES[named];
  if (style) {
    s.style = named;
    for (const k of ["on_sym", "off_sym", "sym", "color"]) if (style[k] !== null) s[k] = style[k];
  }
  if (get("label") !== undefined) s.label = get("label");
  // Values the API refuses are left at their default (`addressProblems` says so on the page).
  const oneOf = (v, names) => names.find((n) => v !== undefined && n.toLowerCase() === v.toLowerCase());
  const state = oneOf(get("state"), ["on", "off", "mixed"]);
  if (state) s.state = state;
  else if (get("on") !== undefined) s.state = truthy(get("on")) ? "on" : "off";
  const onSym = get("on_sym", "onSymbol"), offSym = get("off_sym", "offSymbol"), mixed = get("mixed_sym");
  if (onSym !== undefined) s.on_sym = onSym;
  if (offSym !== undefined) s.off_sym = offSym;
  if (mixed !== undefined) s.sym = mixed;
  if (get("sym") !== undefined) s[symbolField(s.state)] = get("sym");
  const color = get("color", "tint");
  if (color !== undefined) s.color = color;
  for (const k of ["off_color", "bg", "scale", "pad", "alt", "fps"]) {
    if (get(k) !== undefined) s[k] = get(k);
  }
  const size = oneOf(get("size"), SIZES.map(([n]) => n));
  if (size) s.size = size;
  const theme = oneOf(get("theme"), ["light", "dark", "auto"]);
  if (theme) s.theme = theme;
  if (get("format") !== undefined) s.format = get("format").toLowerCase() === "svg" ? "svg" : "png";
  if (s.theme === "auto") s.format = "svg";
  if (get("disabled") !== undefined) s.disabled = truthy(get("disabled"));
  if (get("animate") !== undefined) s.animate = truthy(get("animate"));
  if (get("loop") !== undefined) s.loop = truthy(get("loop"));
  if (get("motion") !== undefined) s.reduce = get("motion").toLowerCase() === "reduce";
  const from = oneOf(get("from"), ["on", "off", "mixed"]);
  if (from) s.from = from;
  if (get("contrast") !== undefined) s.contrast = get("contrast").toLowerCase() === "auto";
  return s;
}

/** Values in a pasted address that the form cannot show and the server would refuse with a 400
 *  (`on=banana`, `style=nope`): one sentence each, naming the parameter, the value and what is
 *  accepted, as the server's error does. Values are compared as the API compares them (any case). */
function addressProblems(search) {
  const params = new URLSearchParams(search);
  const booleans = ["1", "true", "yes", "on", "0", "false", "no", "off"];
  const accepted = {
    on: booleans, animate: booleans, loop: booleans, disabled: booleans,
    state: ["on", "off", "mixed"], theme: ["light", "dark", "auto"], from: ["on", "off", "mixed"],
    motion: ["spring", "reduce"], style: Object.keys(STYLES), size: SIZES.map(([n]) => n),
  };
  const problems = [];
  for (const [name, values] of Object.entries(accepted)) {
    const value = params.get(name);
    if (value === null || values.some((v) => v.toLowerCase() === value.toLowerCase())) continue;
    problems.push(`${name}=${value} (the server refuses it: ${name} takes ${values.join(", ")})`);
  }
  return problems;
}

function loadFromAddress() {
  apply(location.search.length > 1 ? settingsFromQuery(location.search) : { ...DEFAULTS });
  const problems = addressProblems(location.search);
  const note = $("address-note");
  note.hidden = problems.length === 0;
  note.textContent = problems.length ? "This address had " + problems.join("; ") + ". The form shows the default instead." : "";
}

// Play again: the same picture asked for once more (with a cache-buster the API ignores, `v`),
// so the browser starts the animation from its first frame.
let plays = 0;
$("play").addEventListener("click", () => {
  const url = snippets(settings()).url;
  plays += 1;
  preview.src = url + "&v=" + plays;
});

// A row's height, and a button's or symbol picture's size, are known once it has loaded: size the
// preview and the snippets from it. The snippets of what loaded are the last good ones.
preview.addEventListener("load", () => {
  $("stage").classList.remove("failed");
  if (shown && preview.getAttribute("src").startsWith(shown.url)) lastGood = shown;
  const s = settings();
  if (s.label || s.style === "button" || s.style === "symbol") update();
});

preview.addEventListener("error", async () => {
  const src = preview.getAttribute("src");
  if (!src) return;
  $("stage").classList.add("failed");  // no broken-image icon: the message says why
  // The server says why in a JSON body; show that beside the field it names.
  try {
    const response = await fetch(src);
    const body = await response.json();
    if (preview.getAttribute("src") !== src) return;  // the settings changed meanwhile
    const value = body.value === undefined ? "" : `=${body.value}`;
    refused = { url: src, field: fieldOfParameter(body.parameter, settings()),
                text: `The server refused ${body.parameter || "the request"}${value}: ${body.expected || body.error}` };
    showProblem(refused.field, refused.text);
  } catch {
    showProblem("", "The image did not load.");
  }
});

// ---- Symbols -------------------------------------------------------------------------------

/** The close names the server's 400 offers ("did you mean a, b, c? ..." in `expected`): one
 *  source of truth for suggestions, so the page and the API never disagree. */
function suggestionsIn(expected) {
  const match = /^did you mean (.*?)\? /.exec(expected || "");
  return match ? match[1].split(", ") : [];
}

let suggestionFor = "";
let suggestionTimer;
let suggested = {};  // {url, text}: the message with the server's suggestions for a URL
/** Asks once typing pauses (300 ms), not for every keystroke of a name being typed. */
function suggestFromServer(name, field, url) {
  if (suggestionFor === url) return;
  suggestionFor = url;
  clearTimeout(suggestionTimer);
  suggestionTimer = setTimeout(() => askServer(name, field, url), 300);
}

async function askServer(name, field, url) {
  if (suggestionFor !== url) return;
  try {
    const response = await fetch(url);
    const body = response.status === 400 ? await response.json() : {};
    if (suggestionFor !== url) return;  // the settings changed meanwhile
    const close = suggestionsIn(body.expected).map((n) => `“${n}”`).join(", ");
    suggested = { url, text: `No symbol is called “${name}”.` + (close ? ` Did you mean ${close}?` : "") };
    showProblem(field, suggested.text);
  } catch {
    // The plain message stays.
  }
}

function searchSymbols() {
  const words = $("symbol-search").value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const list = $("symbol-results");
  if (!words.length) {
    list.replaceChildren();
    $("symbol-count").textContent = catalogue.length
      ? `${catalogue.filter((e) => !e.name.startsWith("mdi:")).length} SF-style names and ${catalogue.filter((e) => e.name.startsWith("mdi:")).length} mdi: icons to search.`
      : "";
    return;
  }
  const hit = (e) => words.every((w) => e.name.toLowerCase().includes(w) || e.icon.includes(w));
  // SF-style names first, then mdi: icons.
  const matches = catalogue.filter((e) => !e.name.startsWith("mdi:") && hit(e))
    .concat(catalogue.filter((e) => e.name.startsWith("mdi:") && hit(e)));
  const target = $("symbol-target").value;
  const state = { on_sym: "on=1&on_sym=", off_sym: "on=0&off_sym=", sym: "state=mixed&sym=" }[target];
  const items = matches.slice(0, SEARCH_LIMIT).map((e) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "symbol";
    button.title = `Use ${e.name} for the ${$("symbol-target").selectedOptions[0].text.toLowerCase()} state`;
    const img = document.createElement("img");
    img.loading = "lazy";
    img.width = 58;
    img.height = 32;
    img.alt = "";
    img.src = "/toggle@2x.png?" + state + encodeURIComponent(e.name);
    const label = document.createElement("span");
    label.textContent = e.name;
    button.append(img, label);
    button.addEventListener("click", () => {
      $(target).value = e.name;
      const wanted = { on_sym: "on", off_sym: "off", sym: "mixed" }[target];
      form.elements.state.value = wanted;
      update();
    });
    li.append(button);
    return li;
  });
  list.replaceChildren(...items);
  $("symbol-count").textContent = matches.length > SEARCH_LIMIT
    ? `${matches.length} matches, first ${SEARCH_LIMIT} shown: type more to narrow them.`
    : `${matches.length} ${matches.length === 1 ? "match" : "matches"}.`;
}

async function loadCatalogue() {
  try {
    const response = await fetch("/symbols");
    if (!response.ok) throw new Error("GET /symbols: " + response.status);
    catalogue = await response.json();
    knownNames = new Set(catalogue.map((e) => e.name));
    const options = catalogue.filter((e) => !e.name.startsWith("mdi:")).map((e) => new Option(e.name));
    $("symbol-names").replaceChildren(...options);
    searchSymbols();
    update();
  } catch (err) {
    $("symbol-count").textContent = "The symbol list did not load: " + err.message;
  }
}

// ---- Copying -------------------------------------------------------------------------------

async function copy(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain http on another host: the Clipboard API is not there, select-and-copy is.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

for (const button of document.querySelectorAll("button.copy")) {
  button.addEventListener("click", async () => {
    const heading = button.parentElement.querySelector("h3").textContent;
    try {
      await copy($(button.dataset.for).textContent);
      $("copied").textContent = `Copied the ${heading} snippet.`;
      button.textContent = "Copied";
      setTimeout(() => { button.textContent = "Copy"; }, 1500);
    } catch {
      $("copied").textContent = "Copying was refused: select the text and copy it by hand.";
    }
  });
}

// ---- Wiring --------------------------------------------------------------------------------

let pending;
/** One control changed. Selects report it with `change` (a script or an assistive tool may send
 *  no `input`), every other control with `input`. */
function controlChanged(event) {
  const target = event.target;
  if (target.id === "symbol-search") { clearTimeout(pending); pending = setTimeout(searchSymbols, 120); return; }
  if (target.id === "symbol-target") { searchSymbols(); return; }
  if (target.type === "color") $(target.id.replace("-picker", "")).value = "custom";
  if (target.tagName === "SELECT" && target.closest(".colour") && COLOURS[target.value]) {
    $(target.id + "-picker").value = COLOURS[target.value];
  }
  if (target.id === "label") labelFilledIn = false;
  if (target.id === "style") styleChanged();
  update();
}
form.addEventListener("input", (event) => { if (event.target.tagName !== "SELECT") controlChanged(event); });
form.addEventListener("change", (event) => { if (event.target.tagName === "SELECT") controlChanged(event); });

// A new style starts from its own symbols and tint. A style that draws its label gets STYLE_LABEL
// in an empty Label field, taken out again on leaving for a style that does not, unless edited.
let labelFilledIn = false;
function styleChanged() {
  const style = styleOf(settings());
  for (const p of ["on_sym", "off_sym", "sym"]) if (style[p] !== null) $(p).value = style[p];
  setColour("color", style.color);
  if (!style.knob) $("contrast").checked = false;  // the server takes it only with a knob symbol
  if (style.label && !$("label").value.trim()) {
    $("label").value = STYLE_LABEL;
    labelFilledIn = true;
  } else if (!style.label && labelFilledIn && $("label").value === STYLE_LABEL) {
    $("label").value = "";
    labelFilledIn = false;
  }
}
form.addEventListener("submit", (event) => event.preventDefault());
$("flip").addEventListener("click", () => {
  const state = form.elements.state.value;
  form.elements.state.value = state === "on" ? "off" : "on";
  update();
});
$("reset").addEventListener("click", () => {
  apply({ ...DEFAULTS });
  update();
});

fillSelects();
loadFromAddress();
update();
loadCatalogue();
