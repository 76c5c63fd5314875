// The game page: the seat's board and hand, kept current by the server's events; every move
// is a click (or the terminal's short forms in the move box).
import { element, request, showSvg } from "./api.js";

const body = document.body;
const game = body.dataset.game;
const id = body.dataset.id;
const token = body.dataset.token;
const seat = encodeURIComponent(token);
const board = document.getElementById("board");
const hand = document.getElementById("hand");
const choices = document.getElementById("choices");
const statusLine = document.getElementById("status");
const message = document.getElementById("message");
const advice = document.getElementById("advice");
const moveBox = document.getElementById("move");

let seen = null; // the latest observation
let chosen = null; // the card chosen in the hand
let picked = new Set(); // cards picked for a discard or a share (Tranquility)
let discardMode = false; // the discard button pressed: hand cards are picked, not played
let targets = null; // what the chosen card (or the board) may be clicked for
let warned = ""; // the action last warned about: asked again, it is made
let sending = Promise.resolve(); // the moves on their way, one after another

function say(text, kind = "refusal") {
  message.textContent = text;
  message.dataset.kind = kind;
}

async function refresh() {
  const data = await request("GET", `/api/games/${id}?seat=${seat}&svg=1`);
  if (seen && data.version < seen.version) return;
  show(data);
}

function myTurn() {
  return seen && !seen.over && seen.current_player === seen.seat;
}

function show(data) {
  const changed = !seen || seen.version !== data.version;
  seen = data;
  if (changed) {
    chosen = null;
    picked = new Set();
    targets = null;
    discardMode = false;
  }
  statusLine.textContent = data.status + (data.stuck ? ` — ${data.stuck}` : "");
  statusLine.dataset.over = data.over ? "yes" : "no";
  body.dataset.version = String(data.version);
  showSvg(board, data.svg);
  drawHand();
  drawSeats();
  drawLog();
  drawChoices();
  if (data.over) {
    const record = document.getElementById("record");
    record.href = `/api/games/${id}/record?seat=${seat}`;
    record.hidden = false;
    const replay = document.getElementById("replay");
    replay.href = `/replay?game=${id}&seat=${seat}`;
    replay.hidden = false;
  }
  if (changed && myTurn()) loadTargets();
  else markBoard();
}

function drawHand() {
  hand.innerHTML = "";
  if (!seen.hand.length) hand.append(element("span", { class: "empty" }, "no cards"));
  seen.hand.forEach((card, index) => {
    const button = element("button", { type: "button", class: "card", "data-card": card }, card);
    if (game === "tobago") button.dataset.number = String(index + 1);
    const selected = chosen === card || picked.has(index);
    button.setAttribute("aria-pressed", selected ? "true" : "false");
    if (game === "tranquility" && myTurn() && seen.phase === "play" && !seen.playable.includes(card) && !picked.size) {
      button.classList.add("unplayable");
    }
    button.addEventListener("click", () => chooseCard(card, index));
    hand.append(button);
  });
}

function drawSeats() {
  const list = document.getElementById("seats");
  list.innerHTML = "";
  seen.seats.forEach((who, player) => {
    const turn = !seen.over && seen.current_player === player ? " — to move" : "";
    list.append(element("li", {}, `P${player}: ${who}${turn}`));
  });
}

function drawLog() {
  const log = document.getElementById("log");
  log.innerHTML = "";
  for (const entry of seen.log.slice().reverse()) {
    const item = element("li", { value: String(entry.number) }, `P${entry.player}: ${entry.action}`);
    log.append(item);
  }
}

function actionButton(text, label = text) {
  const button = element("button", { type: "button", class: "action", "data-action": text }, label);
  button.addEventListener("click", () => send(text));
  return button;
}

function drawChoices() {
  choices.innerHTML = "";
  if (!myTurn()) return;
  if (game === "tobago") {
    if (chosen !== null && targets) {
      const maps = targets.maps[chosen] || [];
      choices.append(element("p", { class: "prompt" }, maps.length ? `play '${chosen}' on:` : `'${chosen}' fits no map now`));
      for (const name of ["grey", "brown", "black", "white"]) {
        const button = element("button", { type: "button", class: `map map-${name}`, "data-map": name }, name);
        if (maps.includes(name)) button.addEventListener("click", () => send(`play ${chosen} on ${name}`));
        else button.disabled = true;
        choices.append(button);
      }
    } else if (targets && targets.fields.length) {
      choices.append(element("p", { class: "prompt" }, "click a card, or a ringed field to drive there"));
    }
    for (const text of targets ? targets.others : seen.legal.filter((a) => !a.startsWith("play ") && !a.startsWith("move "))) {
      choices.append(actionButton(text));
    }
    return;
  }
  // Tranquility: start, finish, discards and shares by picking cards.
  const simple = seen.legal.filter((text) => text === "start" || text === "finish");
  for (const text of simple) choices.append(actionButton(text, `play the ${text} card`));
  if (seen.phase === "share") {
    choices.append(element("p", { class: "prompt" }, "pick the cards you give to the team discard, then share"));
    const cards = [...picked].map((index) => seen.hand[index]);
    choices.append(actionButton(cards.length ? `share ${cards.join(" ")}` : "share none", cards.length ? `share ${cards.join(" ")}` : "share none"));
    return;
  }
  if (seen.legal.some((text) => text.startsWith("discard "))) {
    const cards = [...picked].map((index) => seen.hand[index]);
    const discard = element("button", { type: "button", id: "discard", "aria-pressed": picked.size ? "true" : "false" },
      picked.size === 2 ? `discard ${cards.join(" ")}` : picked.size ? "pick one more card to discard" : "discard two cards…");
    discard.addEventListener("click", () => {
      if (picked.size === 2) send(`discard ${cards.join(" ")}`);
      else if (!picked.size) {
        chosen = null;
        targets = null;
        discardMode = true;
        say("pick two cards of your hand to discard", "note");
        drawHand();
        drawChoices();
        markBoard();
      }
    });
    choices.append(discard);
  }
  if (chosen !== null && targets && targets.cells) {
    const count = Object.keys(targets.cells).length;
    choices.append(element("p", { class: "prompt" }, count ? `${chosen}: click a marked cell (the number is what it costs)` : `${chosen} fits no cell now`));
  }
}

async function chooseCard(card, index) {
  if (!myTurn()) return;
  say("");
  if (game === "tranquility" && (seen.phase === "share" || discardMode)) {
    if (picked.has(index)) picked.delete(index);
    else if (seen.phase === "share" || picked.size < 2) picked.add(index);
    drawHand();
    drawChoices();
    return;
  }
  chosen = chosen === card ? null : card;
  if (game === "tranquility") {
    targets = chosen === null ? null : await request("GET", `/api/games/${id}/targets?seat=${seat}&card=${encodeURIComponent(card)}`);
  }
  drawHand();
  drawChoices();
  markBoard();
}

async function loadTargets() {
  if (game === "tobago") targets = await request("GET", `/api/games/${id}/targets?seat=${seat}`);
  drawChoices();
  markBoard();
}

// The clickable parts of the picture: Tobago's fields a move may end on, Tranquility's cells
// the chosen card fits (with what it costs there).
function markBoard() {
  const picture = board.querySelector("svg");
  if (!picture) return;
  picture.querySelectorAll(".target").forEach((node) => node.classList.remove("target"));
  picture.querySelectorAll(".cost").forEach((node) => node.remove());
  if (!myTurn() || !targets) return;
  if (game === "tobago") {
    if (chosen !== null) return;
    for (const name of targets.fields) {
      const field = picture.querySelector(`polygon.field[data-field="${name}"]`);
      if (!field) continue;
      field.classList.add("target");
      clickable(field, `drive to ${name}`);
    }
    return;
  }
  for (const [name, cost] of Object.entries(targets.cells || {})) {
    const cell = picture.querySelector(`g[data-cell="${name}"]`);
    if (!cell) continue;
    cell.classList.add("target");
    clickable(cell, `play ${chosen} on ${name}${cost ? `, costs ${cost}` : ""}`);
    const square = cell.querySelector("rect");
    if (cost && square) {
      const x = Number(square.getAttribute("x")) + Number(square.getAttribute("width")) - 6;
      const y = Number(square.getAttribute("y")) + 14;
      const label = document.createElementNS("http://www.w3.org/2000/svg", "text");
      label.setAttribute("x", String(x));
      label.setAttribute("y", String(y));
      label.setAttribute("text-anchor", "end");
      label.setAttribute("class", "cost");
      label.textContent = `${cost}`;
      cell.append(label);
    }
  }
}

function clickable(node, label) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
}

function boardTarget(event) {
  if (!myTurn() || !targets) return null;
  if (game === "tobago") {
    const field = event.target.closest("[data-field]");
    if (!field || chosen !== null) return null;
    const name = field.dataset.field;
    return targets.fields.includes(name) ? `move ${name}` : null;
  }
  const cell = event.target.closest("[data-cell]");
  if (!cell || chosen === null || !targets.cells) return null;
  const name = cell.dataset.cell;
  return name in targets.cells ? `${chosen} ${name}` : null;
}

board.addEventListener("click", (event) => {
  const action = boardTarget(event);
  if (action) send(action);
});
board.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" && event.key !== " ") return;
  const action = boardTarget(event);
  if (action) {
    event.preventDefault();
    send(action);
  }
});

// A click made while the last move is still on its way waits for it rather than being lost:
// the server's events may show the new position before the answer to the move arrives. A
// click on a position that is gone by then (a double click, a bot's move) is dropped.
function send(action) {
  const clickedAt = seen ? seen.version : -1;
  sending = sending.then(() => (seen && seen.version !== clickedAt ? undefined : sendNow(action)));
}

async function sendNow(action) {
  say("");
  try {
    if (game === "tranquility" && warned !== action) {
      const preview = await request("POST", `/api/games/${id}/preview`, { seat: token, action });
      if (preview.warning) {
        warned = action;
        say(`${preview.warning}; do it again to make it anyway`, "warning");
        return;
      }
    }
    warned = "";
    const data = await request("POST", `/api/games/${id}/actions?svg=1`, { seat: token, action });
    moveBox.value = "";
    advice.hidden = true;
    if (!seen || data.version >= seen.version) show(data);
    if (data.note) say(data.note, "note");
  } catch (error) {
    say(`refused: ${error.message}`);
  }
}

document.getElementById("move-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = moveBox.value.trim();
  if (text) send(text);
});

async function ask(what) {
  advice.hidden = false;
  advice.textContent = what === "odds" ? "dealing the unseen cards again… (a few seconds)" : "thinking…";
  try {
    const answer = await request("GET", `/api/games/${id}/${what}?seat=${seat}`);
    advice.textContent = answer[what];
  } catch (error) {
    advice.textContent = error.message;
  }
}

document.getElementById("hint").addEventListener("click", () => ask("hint"));
const odds = document.getElementById("odds");
if (odds) odds.addEventListener("click", () => ask("odds"));

function listen() {
  const events = new EventSource(`/api/games/${id}/events?seat=${seat}`);
  events.addEventListener("update", (event) => {
    const version = JSON.parse(event.data).version;
    if (!seen || version !== seen.version) refresh().catch((error) => say(error.message));
  });
  // EventSource reconnects by itself (a restarted server included); the page then asks again.
  events.addEventListener("open", () => refresh().catch(() => {}));
}

refresh().then(listen).catch((error) => {
  statusLine.textContent = error.message;
});
