// The new-game page: one row per seat (a person or a bot), then the links of the seats.
import { element, request } from "./api.js";

const form = document.getElementById("new-game");
const choices = JSON.parse(document.getElementById("choices").textContent);
const players = document.getElementById("players");
const seats = document.getElementById("seats");
const message = document.getElementById("message");
const island = document.getElementById("island");

function seatRows() {
  const kept = [...seats.querySelectorAll("select")].map((select) => select.value);
  seats.querySelectorAll("label").forEach((label) => label.remove());
  for (let seat = 0; seat < Number(players.value); seat += 1) {
    const select = element("select", { name: `seat-${seat}`, "data-seat": String(seat) });
    select.append(element("option", { value: "human" }, "a person"));
    for (const bot of choices.bots) select.append(element("option", { value: bot }, `bot: ${bot}`));
    select.value = kept[seat] || (seat === 0 ? "human" : choices.default_bot);
    const label = element("label", {}, `P${seat} `);
    label.append(select);
    seats.append(label);
  }
}

players.addEventListener("change", seatRows);
seatRows();

if (island) {
  island.addEventListener("change", () => {
    const picture = document.getElementById("island-picture");
    picture.src = `/api/islands/${encodeURIComponent(island.value)}.svg`;
    picture.alt = `the island ${island.value}`;
  });
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  message.textContent = "";
  const data = new FormData(form);
  const chosen = [...seats.querySelectorAll("select")].map((select) => select.value);
  const body = {
    players: Number(data.get("players")),
    humans: chosen.flatMap((name, seat) => (name === "human" ? [seat] : [])),
    bots: chosen.filter((name) => name !== "human"),
    rules: data.get("rules"),
  };
  if (data.get("seed") !== "") body.seed = Number(data.get("seed"));
  if (island) body.island = island.value;
  try {
    const game = await request("POST", "/api/games", body);
    const list = document.getElementById("seat-links");
    list.innerHTML = "";
    const entries = Object.entries(game.links);
    for (const [seat, link] of entries) {
      const item = element("li");
      const anchor = element("a", { href: link, class: "seat-link", "data-seat": seat }, `P${seat}: open this seat`);
      const address = element("input", { readonly: "", value: new URL(link, location.href).href, "aria-label": `the link of P${seat}` });
      item.append(anchor, " ", address);
      list.append(item);
    }
    if (!entries.length) list.append(element("li", {}, "every seat is a bot: nobody to play"));
    document.getElementById("links").hidden = false;
    if (entries.length === 1) location.href = entries[0][1];
  } catch (error) {
    message.textContent = error.message;
  }
});
