// The replay page: open a record (a file, or a finished game's), then step through it with the
// slider, the buttons or the arrow keys.
import { request, showSvg } from "./api.js";

const message = document.getElementById("message");
const viewer = document.getElementById("viewer");
const slider = document.getElementById("step");
const caption = document.getElementById("caption");
const frame = document.getElementById("frame");
let opened = null;

async function open(text) {
  message.textContent = "";
  try {
    opened = await request("POST", "/api/replays", { record: text });
  } catch (error) {
    message.textContent = error.message;
    return;
  }
  slider.max = String(opened.steps - 1);
  viewer.hidden = false;
  go(0);
  slider.focus();
}

async function go(step) {
  if (!opened) return;
  const last = opened.steps - 1;
  const target = Math.max(0, Math.min(last, step));
  slider.value = String(target);
  caption.textContent = `step ${target} of ${last}: ${opened.captions[target]}`;
  const response = await fetch(`/api/replays/${opened.id}/${target}`);
  if (String(target) === slider.value) showSvg(frame, await response.text());
}

document.getElementById("open-record").addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = document.getElementById("record-file").files[0];
  if (!file) {
    message.textContent = "choose a record file first";
    return;
  }
  open(await file.text());
});

slider.addEventListener("input", () => go(Number(slider.value)));
document.getElementById("previous").addEventListener("click", () => go(Number(slider.value) - 1));
document.getElementById("next").addEventListener("click", () => go(Number(slider.value) + 1));
document.addEventListener("keydown", (event) => {
  if (!opened || event.target.tagName === "INPUT" && event.target.type !== "range") return;
  const moves = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 };
  let step = null;
  if (event.key in moves) step = Number(slider.value) + moves[event.key];
  if (event.key === "Home") step = 0;
  if (event.key === "End") step = opened.steps - 1;
  if (step !== null) {
    event.preventDefault();
    go(step);
  }
});

const asked = new URLSearchParams(location.search);
if (asked.get("game") && asked.get("seat")) {
  fetch(`/api/games/${encodeURIComponent(asked.get("game"))}/record?seat=${encodeURIComponent(asked.get("seat"))}`)
    .then(async (response) => {
      const text = await response.text();
      if (!response.ok) throw new Error(JSON.parse(text).error);
      open(text);
    })
    .catch((error) => {
      message.textContent = error.message;
    });
}
