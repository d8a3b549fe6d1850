// The symbol catalogue page (symbols.html): every name from GET /symbols as an on and an off toggle.
"use strict";
const MAX_SHOWN = 400;
const grid = document.getElementById("grid");
const filter = document.getElementById("filter");
const includeMDI = document.getElementById("mdi");
const count = document.getElementById("count");
let symbols = [];

function card(entry) {
  const div = document.createElement("div");
  div.className = "card";
  const toggles = document.createElement("div");
  toggles.className = "toggles";
  for (const on of [true, false]) {
    const img = document.createElement("img");
    img.loading = "lazy";
    img.src = "toggle@2x.png?" + (on ? "on=1&on_sym=" : "on=0&off_sym=") + encodeURIComponent(entry.name);
    img.alt = entry.name + (on ? " (on)" : " (off)");
    toggles.append(img);
  }
  const name = document.createElement("div");
  name.className = "name";
  name.textContent = entry.name;
  name.title = "Copy";
  name.addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(entry.name));
  const meta = document.createElement("div");
  meta.className = "meta";
  meta.textContent = "mdi " + entry.icon + (entry.slashed ? " + slash" : "") + " · " + entry.author + " · " + entry.license;
  div.append(toggles, name, meta);
  return div;
}

function render() {
  const words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = symbols.filter(e =>
    (includeMDI.checked || !e.name.startsWith("mdi:")) &&
    words.every(w => e.name.toLowerCase().includes(w) || e.icon.includes(w)));
  grid.replaceChildren(...matches.slice(0, MAX_SHOWN).map(card));
  count.textContent = matches.length > MAX_SHOWN
    ? `${matches.length} names, first ${MAX_SHOWN} shown - narrow the filter`
    : `${matches.length} names`;
}

let pending;
filter.addEventListener("input", () => { clearTimeout(pending); pending = setTimeout(render, 120); });
includeMDI.addEventListener("change", render);
const initial = new URLSearchParams(location.search).get("q");
if (initial) filter.value = initial;

fetch("symbols")
  .then(r => { if (!r.ok) throw new Error("GET /symbols: " + r.status); return r.json(); })
  .then(list => { symbols = list; render(); })
  .catch(err => { count.textContent = String(err); });
