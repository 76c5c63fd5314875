// The table assistant: the page holds the table (its JSON) and a stack of earlier ones for
// undo; each change asks the server for the table after it.
import { element, request, showSvg } from "/static/api.js";

const board = document.getElementById("board");
const message = document.getElementById("message");
const said = document.getElementById("said");
const undo = document.getElementById("undo");
let current = null; // the server's last answer
let view = null; // the map (or "car:LABEL") the picture shows
const earlier = [];

async function change(body, remember = true) {
  message.textContent = "";
  try {
    const answer = await request("POST", "/api/assist", { ...body, view });
    if (remember && current && answer.table !== current.table) earlier.push(current.table);
    current = answer;
    undo.disabled = !earlier.length;
    show();
  } catch (error) {
    message.textContent = error.message;
  }
}

function show() {
  said.textContent = current.said || `${current.island}: the table`;
  showSvg(board, current.svg);
  const maps = document.getElementById("maps");
  maps.innerHTML = "";
  for (const map of current.maps) {
    const box = element("div", { class: `map-box map-${map.name}`, "data-map": map.name });
    box.append(element("h2", {}, `${map.name} map`));
    box.append(element("p", { class: "where" }, map.where));
    const select = element("select", { "aria-label": `a clue for the ${map.name} map` });
    select.append(element("option", { value: "" }, "add a clue…"));
    for (const option of map.options) {
      const label = option.legal ? `${option.clue} (→ ${option.left})` : `${option.clue} — not allowed: ${option.reason}`;
      const item = element("option", { value: option.clue }, label);
      if (!option.legal) item.disabled = true;
      select.append(item);
    }
    select.addEventListener("change", () => {
      if (select.value) change({ table: current.table, do: "play", map: map.name, clue: select.value });
    });
    const row = element("div", { class: "row" });
    const look = element("button", { type: "button", "aria-pressed": view === map.name ? "true" : "false" }, "show on the island");
    look.addEventListener("click", () => {
      view = view === map.name ? null : map.name;
      change({ table: current.table }, false);
    });
    const claimed = element("button", { type: "button" }, "treasure found");
    claimed.addEventListener("click", () => change({ table: current.table, do: "claimed", map: map.name }));
    row.append(look, claimed);
    box.append(select, row);
    maps.append(box);
  }
  const cars = document.getElementById("cars");
  cars.innerHTML = "";
  for (const car of current.cars) {
    const item = element("li", {}, `${car.label} on ${car.field}: reaches ${car.reach.length} fields `);
    const look = element("button", { type: "button" }, "show reach");
    look.addEventListener("click", () => {
      view = view === `car:${car.label}` ? null : `car:${car.label}`;
      change({ table: current.table }, false);
    });
    item.append(look);
    cars.append(item);
  }
}

document.getElementById("assist-start").addEventListener("submit", (event) => {
  event.preventDefault();
  earlier.length = 0;
  view = null;
  current = null;
  change({
    island: document.getElementById("assist-island").value,
    rules: document.getElementById("assist-rules").value,
  });
});

undo.addEventListener("click", () => {
  const table = earlier.pop();
  if (table !== undefined) change({ table }, false);
});

function placeCar(field) {
  const label = document.getElementById("car-label").value.trim();
  if (current && label && field) change({ table: current.table, do: "car", label, field });
}

document.getElementById("car-form").addEventListener("submit", (event) => {
  event.preventDefault();
  placeCar(document.getElementById("car-field").value.trim());
});

board.addEventListener("click", (event) => {
  const field = event.target.closest("[data-field]");
  if (field) placeCar(field.dataset.field);
});

change({ island: document.getElementById("assist-island").value });
