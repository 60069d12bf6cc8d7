// The table page: one WebSocket to the server, which pushes this seat's state after every
// change; the page draws it and sends back the legal action the player picks.
import { api, badge, drawFinal, drawLog, drawSeats, el, loadBoard, seatColor, seatLetter, seatName } from "./common.js";
import { drawRules, loadRules, showRuling, withRulingLinks } from "./rules.js";

const tableId = location.pathname.split("/").pop();
const token = new URLSearchParams(location.search).get("token") ?? "";
const $ = (id) => document.getElementById(id);

let socket = null;
let board = null;
let layout = null;
let current = null;
let retry = 500;
let closedForGood = false;

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

const ui = {
  choose(text) {
    if (!current || !current.legal.includes(text)) return;
    hideOffer();
    send({ type: "move", action: text, revision: current.revision });
  },
  offer(texts) {
    const box = $("offer");
    box.replaceChildren(...texts.filter((t) => current.legal.includes(t)).map(choiceButton));
    box.classList.remove("hidden");
  },
  seatColor,
  seatLetter,
};

function hideOffer() {
  $("offer").classList.add("hidden");
  $("offer").replaceChildren();
}

function choiceButton(text) {
  return el("button", { "data-action": text, onclick: () => ui.choose(text) }, text);
}

function showError(message) {
  const box = $("error");
  box.replaceChildren(...withRulingLinks(message, openRules));
  box.classList.toggle("hidden", !message);
}

let rulesLoaded = null;

async function openRules(number) {
  $("rules-drawer").classList.remove("hidden");
  $("rules-button").setAttribute("aria-expanded", "true");
  if (!rulesLoaded) rulesLoaded = loadRules(current.table.game).then((rules) => drawRules($("rules"), rules));
  await rulesLoaded;
  if (number) showRuling($("rules"), number);
  else $("rules-search").focus();
}

function closeRules() {
  $("rules-drawer").classList.add("hidden");
  $("rules-button").setAttribute("aria-expanded", "false");
  $("rules-button").focus();
}

function drawTurn(msg) {
  const banner = $("turn");
  banner.replaceChildren();
  banner.classList.remove("yours");
  if (msg.over) {
    banner.append("Game over");
  } else if (msg.to_move === null) {
    banner.append("Drawing…");
  } else if (msg.legal.length) {
    banner.classList.add("yours");
    const hotseat = msg.you.length > 1 ? ` (${seatName(msg.table, msg.to_move)})` : "";
    banner.append(badge(msg.to_move), ` Your turn${hotseat}`);
  } else {
    banner.append(badge(msg.to_move), ` ${seatName(msg.table, msg.to_move)} to move`);
  }
}

let logLines = [];

async function draw(msg) {
  // the server sends only the log lines this page lacks, from msg.log_start on
  logLines = logLines.slice(0, msg.log_start).concat(msg.log);
  msg.log = logLines;
  current = msg;
  if (!board) board = await loadBoard(msg.table.game);
  $("title").textContent = `${msg.table.title} · table ${msg.table.id}` + (msg.seat === null ? " · spectating" : "");
  drawTurn(msg);
  drawSeats($("seats"), msg);
  $("legal").replaceChildren(...msg.legal.map(choiceButton));
  $("choice-panel").classList.toggle("hidden", msg.you.length === 0 || msg.over);
  $("undo").disabled = !msg.can_undo;
  // Nomads of Arabia's Sands of Time windows (R33): a private choice of this seat
  $("windows-choice").classList.toggle("hidden", !msg.preferences || msg.table.game !== "nomads_of_arabia");
  if (msg.preferences) $("stop-at-windows").checked = msg.preferences.stop_at_windows;
  $("mute-choice").classList.toggle("hidden", !msg.preferences);
  if (msg.preferences) $("mute-chat").checked = msg.preferences.mute_chat;
  const mine = msg.you.map((seat) => msg.table.seats[seat]);
  const away = mine.length > 0 && mine.every((seat) => seat.absent);
  $("leave").textContent = away ? "Take my seat back" : "Leave the game";
  $("leave").title = away ? "" : "a greedy bot plays for you until you come back";
  $("leave").classList.toggle("hidden", msg.you.length === 0 || msg.over);
  $("rematch-panel").classList.toggle("hidden", !msg.over || msg.you.length === 0);
  if (msg.table.rematch) showRematch();
  hideOffer();
  drawLog($("log"), msg);
  drawFinal($("final"), msg);
  const replay = $("replay-link");
  $("replay-panel").classList.toggle("hidden", !msg.over);
  replay.href = `/replay/${msg.table.id}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
  board.draw($("board"), msg, layout, ui);
  document.body.dataset.revision = msg.revision;
  document.body.dataset.over = msg.over;
}

function drawChat(lines) {
  const list = $("chat");
  for (const line of lines) {
    const who = line.seat === null ? line.name : `${seatLetter(line.seat)} ${line.name}`;
    list.append(el("li", {}, el("span", { class: "who" }, `${who}:`), line.text));
  }
  list.scrollTop = list.scrollHeight;
}

function showRematch() {
  $("rematch").textContent = "Join the rematch";
  $("rematch-note").textContent = "a rematch was proposed";
  $("rematch-panel").classList.remove("hidden");
}

async function rematch() {
  try {
    const { url } = await api(`/api/tables/${tableId}/rematch`, { method: "POST", body: { token } });
    location.href = url;
  } catch (error) {
    showError(error.message);
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}?token=${encodeURIComponent(token)}`);
  $("connection").textContent = "connecting…";
  socket.onopen = () => {
    retry = 500;
    $("connection").textContent = "connected";
  };
  socket.onmessage = async (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "hello") {
      layout = msg.layout;
      $("chat").replaceChildren(); // the server sends the chat again after a reconnection
    } else if (msg.type === "state") {
      showError("");
      await draw(msg);
    } else if (msg.type === "chat") {
      drawChat(msg.lines);
    } else if (msg.type === "rematch") {
      showRematch();
    } else if (msg.type === "error") {
      showError(msg.message);
      if (msg.state) await draw(msg.state);
    }
  };
  socket.onclose = (event) => {
    if (event.code === 4403 || event.code === 4404) closedForGood = true;
    $("connection").textContent = closedForGood ? "closed" : "reconnecting…";
    if (!closedForGood) {
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    }
  };
}

$("rules-button").addEventListener("click", () => {
  if (!current) return;
  if ($("rules-drawer").classList.contains("hidden")) openRules();
  else closeRules();
});
$("rules-close").addEventListener("click", closeRules);
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && !$("rules-drawer").classList.contains("hidden")) closeRules();
});
$("undo").addEventListener("click", () => current && send({ type: "undo", revision: current.revision }));
$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("typed-action").value.trim().toLowerCase().replace(/\s+/g, " ");
  if (!current || !text) return;
  send({ type: "move", action: text, revision: current.revision });
  $("typed-action").value = "";
});
$("stop-at-windows").addEventListener("change", (event) => send({ type: "preferences", stop_at_windows: event.target.checked }));
$("mute-chat").addEventListener("change", (event) => send({ type: "preferences", mute_chat: event.target.checked }));
$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text) return;
  send({ type: "chat", text });
  $("chat-text").value = "";
});
$("leave").addEventListener("click", () => {
  if (!current) return;
  const away = current.you.every((seat) => current.table.seats[seat].absent);
  send({ type: "leave", away: !away });
});
$("rematch").addEventListener("click", rematch);
connect();
