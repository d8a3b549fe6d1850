// The gallery page (gallery.html): the seed's rows and every style, light and dark, as /toggle images.
"use strict";

// Light and dark sections with one list each: a cell per item, its name (item[0]) in a
// `nameTag` element, then `picture(item, state, theme)` for each of `states`.
function themedLists(container, items, nameTag, states, picture) {
  for (const theme of ["light", "dark"]) {
    const section = document.createElement("section");
    section.className = "grouped " + theme;
    section.innerHTML = `<h2>${theme === "light" ? "Light" : "Dark"}</h2>`;
    const list = document.createElement("ul");
    list.className = "cells";
    for (const item of items) {
      const cell = document.createElement("li");
      const name = document.createElement(nameTag);
      name.textContent = item[0];
      const pictures = document.createElement("span");
      pictures.className = "pair";
      for (const state of states) pictures.append(picture(item, state, theme));
      cell.append(name, pictures);
      list.append(cell);
    }
    section.append(list);
    container.append(section);
  }
}

// The seed's demo rows: label, then the query that sets its symbols and tint.
const rows = [
  ["Automatic Updates", ""],
  ["Dark Mode", "on_sym=moon.fill&off_sym=sun.max.fill&color=indigo"],
  ["Sound", "on_sym=speaker.wave.2.fill&off_sym=speaker.slash.fill&color=orange"],
  ["Share Location", "on_sym=location.fill&off_sym=location.slash.fill&color=blue"],
];
themedLists(document.getElementById("themes"), rows, "span", [0, 1], ([label, query], on, theme) => {
  const img = document.createElement("img");
  const q = [`on=${on}`, query, `theme=${theme}`, "scale=2"].filter(Boolean).join("&");
  img.src = "/toggle?" + q;
  img.width = 58;
  img.height = 32;
  img.alt = `${label}, ${on ? "on" : "off"}`;
  return img;
});

// One row per style: its name and the extra parameters it needs.
const styles = [
  ["iconSwitch", ""], ["switch", ""], ["button", "label=Favourite&sym=star.fill"], ["symbol", "label=Play"],
  ["tutorial", ""],
];
themedLists(document.getElementById("style-themes"), styles, "code", ["off", "on", "mixed"],
            ([style, extra], state, theme) => {
  const img = document.createElement("img");
  const q = [`style=${style}`, `state=${state}`, extra, `theme=${theme}`, "scale=2"].filter(Boolean).join("&");
  img.src = "/toggle?" + q;
  img.alt = `${style}, ${state}`;
  // Shown at half its pixel size (scale 2), once its size is known.
  img.addEventListener("load", () => { img.width = img.naturalWidth / 2; img.height = img.naturalHeight / 2; });
  return img;
});
