// The table page: one WebSocket to the server, which pushes this seat's state after every
// change; the page draws it and sends back the legal action the player picks.
//
// The board module draws into #board and calls back through ``ui``:
//   ui.choose(text)        play this legal action;
//   ui.offer(texts, near)  let the player pick one of several legal actions; ``near`` (the
//                          element tapped, optional: else the one the last click or key
//                          reached) is where the choices appear on a large screen; on a
//                          phone they appear in a bar at the bottom of the screen;
//   ui.seatColor(seat), ui.seatLetter(seat).
import { whoAmI } from "./account.js";
import { GLIDE } from "./board.js";
import {
  api, badge, deadEnd, drawFinal, drawLog, drawSeats, el, loadBoard, seatColor, seatLetter, seatName, winners,
} from "./common.js";
import { clockSummary, inWords, signalTurn, turnSignals } from "./notify.js";
import { drawRules, loadRules, showRuling, withRulingLinks } from "./rules.js";

const tableId = location.pathname.split("/").pop();
const token = new URLSearchParams(location.search).get("token") ?? "";
const $ = (id) => document.getElementById(id);
const PHONE = matchMedia("(max-width: 700px)");
const AWAY_NOTE = "a greedy bot plays for you until you come back";
const RATED_AWAY_NOTE = `${AWAY_NOTE}; in a rated game you then place last`;
const URGENT_SECONDS = 30; // a running clock under this is shown as urgent

let socket = null;
let board = null;
let layout = null;
let labels = {};
let current = null;
let retry = 500;
let closedForGood = false;
let refusal = null; // the last error message, which explains a closed connection
let tapped = null; // the board element the last click or key reached
let offeredFrom = null;
let shownSeat; // hotseat: whose private view the device last showed, once confirmed
let me = null;

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

const ui = {
  choose(text) {
    if (!current || !current.legal.includes(text)) return;
    hideOffer();
    send({ type: "move", action: text, revision: current.revision });
  },
  offer(texts, near) {
    showOffer(texts, near ?? tapped);
  },
  seatColor,
  seatLetter,
};

function choiceButton(text) {
  return el("button", { "data-action": text, onclick: () => ui.choose(text) }, text);
}

// -- the choices offered after a tap ----------------------------------------------------

function showOffer(texts, near) {
  const legal = texts.filter((t) => current && current.legal.includes(t));
  if (!legal.length) return;
  const box = $("offer");
  offeredFrom = near && near.isConnected ? near : null;
  box.replaceChildren(el("p", { class: "offer-title" }, "Choose one:"),
    el("div", { class: "choices" }, ...legal.map(choiceButton)),
    el("button", { class: "offer-cancel", onclick: () => hideOffer(true) }, "Cancel"));
  box.classList.remove("hidden");
  placeOffer(box, offeredFrom);
  box.querySelector("[data-action]").focus({ preventScroll: true });
}

// Next to the element tapped (below it, or above when there is no room), inside the
// window; docked at the bottom of the screen on a phone or without an element. A piece
// tapped while it still glides to its new place is put there at once, and the list with it.
function placeOffer(box, near) {
  box.style.left = box.style.top = "";
  const docked = PHONE.matches || !near;
  box.classList.toggle("docked", docked);
  if (docked) return;
  for (const glide of document.getAnimations()) {
    if (glide.id === GLIDE && glide.effect?.target?.contains(near)) glide.finish();
  }
  const spot = near.getBoundingClientRect();
  const width = box.offsetWidth;
  const height = box.offsetHeight;
  const left = Math.min(Math.max(8, spot.left + spot.width / 2 - width / 2), innerWidth - width - 8);
  let top = spot.bottom + 6;
  if (top + height > innerHeight - 8) top = Math.max(8, spot.top - height - 6);
  box.style.left = `${left + scrollX}px`;
  box.style.top = `${top + scrollY}px`;
}

function hideOffer(refocus = false) {
  const box = $("offer");
  if (box.classList.contains("hidden")) return;
  box.classList.add("hidden");
  box.replaceChildren();
  if (refocus && offeredFrom && offeredFrom.isConnected) offeredFrom.focus({ preventScroll: true });
  offeredFrom = null;
}

// -- errors, rules and dead links -------------------------------------------------------

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

const DEAD = {
  4404: ["This table does not exist", "The link may be mistyped, or the table was removed."],
  4403: ["This link does not open a seat", "Its seat's secret is not valid for this table; you can still watch."],
  4409: ["This table cannot be opened", "It was played under rules this server no longer has."],
};

function showDead(code) {
  const [title, fallback] = DEAD[code];
  const ways = code === 4403 ? [["Watch this table", `/table/${tableId}`]] : [];
  for (const id of ["table-main", "turn-bar", "connection", "rules-button", "action-bar", "offer"]) $(id).hidden = true;
  $("title").textContent = title;
  deadEnd($("dead"), title, refusal ?? fallback, ...ways);
}

// -- the turn, hotseat and the choices bar ----------------------------------------------

// Whether a bot plays ``seat`` instead of its player, and why: "away" (they left, or ran
// out of time too often in a row: until they take the seat back), "timeout" (their clock
// ran out: for the rest of this turn), else null.
function standIn(msg, seat) {
  const row = msg.table.seats[seat];
  if (!row || row.kind === "bot") return null;
  if (row.absent) return "away";
  return msg.clock?.playing_for === seat ? "timeout" : null;
}

// Every seat of this page is away: a bot plays for them until they take their seat back.
function away(msg) {
  return msg.you.length > 0 && msg.you.every((seat) => msg.table.seats[seat].absent);
}

// Every seat of this page declined the rated game: it is not theirs to take back.
function declined(msg) {
  return msg.you.length > 0 && msg.you.every((seat) => msg.table.seats[seat].declined);
}

const STAND_IN_WORDS = { away: "a bot plays: away", timeout: "a bot plays: out of time" };

function baseTitle(msg) {
  return `${msg.table.title} · table ${msg.table.id}` + (msg.you.length === 0 ? " · spectating" : "");
}

function drawTurn(msg) {
  const banner = $("turn");
  const yours = !msg.over && msg.legal.length > 0;
  const standing = msg.to_move === null ? null : standIn(msg, msg.to_move);
  $("turn-bar").classList.toggle("yours", yours);
  $("come-back").classList.toggle("hidden", msg.over || !away(msg) || declined(msg));
  if (msg.over) {
    banner.replaceChildren(`Game over · Winner: ${winners(msg)} · `, el("a", { href: "#final", id: "to-final" }, "Final scores"));
  } else if (msg.to_move === null) {
    banner.replaceChildren("Drawing…");
  } else if (yours) {
    const who = msg.you.length > 1 ? ` (${seatName(msg.table, msg.to_move)})` : "";
    banner.replaceChildren(badge(msg.to_move), ` Your turn${who}`);
  } else if (standing && msg.you.includes(msg.to_move)) {
    const who = msg.you.length > 1 ? seatName(msg.table, msg.to_move) : "you";
    banner.replaceChildren(badge(msg.to_move), standing === "away"
      ? ` A bot plays for ${who}: away until you take the seat back`
      : ` Out of time: a bot plays the rest of this turn for ${who}`);
  } else {
    const seat = msg.table.seats[msg.to_move];
    const bot = seat.kind === "bot" ? " (bot)" : standing ? ` (${STAND_IN_WORDS[standing]})` : "";
    banner.replaceChildren(badge(msg.to_move), ` ${seat.name}${bot} to move`);
  }
  signalTurn(yours, baseTitle(msg));
}

// Hotseat: when the device shows another seat's private view, hide it behind a screen
// until the player who must take the device says they have it.
function drawPassScreen(msg) {
  const hotseat = msg.you.length > 1 && !msg.over;
  // nobody's private view (a bot's turn): the board shows what everyone may see
  if ((shownSeat === undefined && msg.seat !== null) || !hotseat) shownSeat = msg.seat;
  const passing = msg.seat !== null && shownSeat !== undefined && msg.seat !== shownSeat;
  $("pass-screen").classList.toggle("hidden", !passing);
  $("table-main").inert = passing;
  document.body.classList.toggle("passing", passing);
  if (!passing) return;
  const name = seatName(msg.table, msg.seat);
  $("pass-title").replaceChildren(badge(msg.seat), ` Pass the device to ${name}`);
  $("pass-note").textContent = `${name}'s view stays hidden until ${name} is ready.`;
  $("pass-ready").textContent = `I am ${name}: show my view`;
  $("pass-ready").focus();
}

function drawActionBar(msg) {
  const yours = !msg.over && msg.legal.length > 0;
  $("action-bar").classList.toggle("hidden", !yours);
  document.body.classList.toggle("acting", yours);
  $("legal").replaceChildren(...msg.legal.map(choiceButton));
  $("choices-title").textContent = `Your choices (${msg.legal.length})`;
  $("undo").disabled = !msg.can_undo;
  $("hint").classList.toggle("hidden", !msg.table.hints);
  $("hints").classList.add("hidden");
  $("hints").replaceChildren();
  // the bar opens only when its one row does not hold every choice
  const more = $("action-bar").classList.contains("expanded") || $("legal").scrollWidth > $("legal").clientWidth;
  $("bar-toggle").hidden = !yours || !more;
}

// On a phone the bar shows one row of choices (scrolled sideways) over the board; the
// player may open it to see them all.
function toggleBar(open = $("bar-toggle").getAttribute("aria-expanded") !== "true") {
  $("bar-toggle").setAttribute("aria-expanded", String(open));
  $("bar-toggle").textContent = open ? "Fewer" : "More";
  $("action-bar").classList.toggle("expanded", open);
}

// -- hints: the hard bot's best moves here, with their estimated chance to win ----------

function percent(value) {
  return `${Math.round(Math.min(1, Math.max(0, value)) * 100)}%`;
}

async function askHint() {
  const box = $("hints");
  const revision = current.revision;
  box.classList.remove("hidden");
  box.replaceChildren(el("p", {}, "The hard bot is thinking…"));
  $("hint").disabled = true;
  try {
    const { moves } = await api(`/api/tables/${tableId}/hint?token=${encodeURIComponent(token)}`);
    if (current.revision !== revision) return;
    box.replaceChildren(el("p", {}, "The hard bot would play:"), el("ol", { id: "hint-list" }, ...moves.map((move) =>
      el("li", { "data-hint": move.text }, el("strong", {}, move.text),
        ` · ${percent(move.value)} to win`, el("small", {}, ` (${move.visits} playouts)`)))));
    for (const move of moves.slice(0, 1)) {
      for (const spot of $("board").querySelectorAll("[data-action], [data-actions]")) {
        const texts = spot.dataset.action ? [spot.dataset.action] : spot.dataset.actions.split("|");
        if (texts.includes(move.text)) spot.classList.add("hinted");
      }
    }
  } catch (error) {
    box.replaceChildren(el("p", { class: "error" }, error.message));
  } finally {
    $("hint").disabled = false;
  }
}

// -- clocks: each seat's time beside its name, the pause, the bots standing in ----------

// ``seconds`` as a clock shows them: "4:05", "1:02:03" (whole seconds, rounded up, so
// 0:00 means the time is out).
function clockFace(seconds) {
  const whole = Math.ceil(Math.max(0, seconds));
  const [hours, minutes, secs] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const pad = (n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${pad(minutes)}:${pad(secs)}` : `${minutes}:${pad(secs)}`;
}

// What ``seat``'s clock says at ``now`` (Unix seconds) and whether it is urgent, worked out
// afresh from the last state every time, so the countdown never drifts. The running
// clock counts down to its deadline, never above what the seat had when its turn began
// (a local clock behind the server's shows no more time than there is, and a turn held
// by a vacation stands still); the others show what they hold. Real time: the seat's
// time left; turn-based: the time left for this move, else the spare days.
function clockReading(clock, seat, now) {
  const running = clock.seat === seat && clock.deadline !== null;
  const spare = clock.remaining[seat];
  const allowance = spare + (clock.mode === "turn-based" ? clock.per_move : 0);
  const left = running ? Math.max(0, Math.min(allowance, clock.deadline - now)) : spare;
  const urgent = running && left < URGENT_SECONDS;
  if (clock.mode === "realtime") {
    const paused = clock.paused && clock.seat === seat ? " paused" : "";
    return { text: `${clockFace(left)}${paused}`, urgent, running };
  }
  if (!running) return { text: spare ? `${inWords(spare)} spare` : "no spare time", urgent, running };
  const forMove = left - Math.min(spare, left);
  return { text: forMove > 0 ? inWords(forMove) : `${inWords(left)} spare`, urgent, running };
}

// Each seat's clock (a person's seat, not a bot's) goes beside its name; the panel under
// the seats says which clock the table has, whom a bot plays for, and the pause.
function drawClocks(msg) {
  const clock = msg.clock;
  document.body.dataset.clock = clock ? clock.mode : "none";
  document.body.dataset.paused = String(Boolean(clock?.paused));
  for (const item of $("seats").children) {
    const seat = Number(item.dataset.seat);
    const why = standIn(msg, seat);
    if (why) item.dataset.standIn = why;
    if (!clock || msg.table.seats[seat].kind === "bot") continue;
    // the clock and the turn's mark go together: on a narrow screen they wrap as one
    const face = el("span", { class: "clock", role: "timer", "data-clock": seat, "aria-label": `${seatName(msg.table, seat)}'s clock` });
    item.append(el("span", { class: "seat-time" }, face, item.querySelector(".to-move-mark")));
  }
  $("clock-panel").classList.toggle("hidden", !clock);
  if (clock) {
    const kind = clock.mode === "realtime" ? "Real-time clock" : "Turn-based clock";
    $("clock-kind").textContent = `${kind}: ${clockSummary(msg.table.clock)}`;
  }
  drawStandIns(msg);
  drawPause(msg);
  tickClocks();
}

function drawStandIns(msg) {
  const lines = msg.over ? [] : msg.table.seats.flatMap((row) => {
    const why = standIn(msg, row.seat);
    if (!why) return [];
    const who = msg.you.includes(row.seat) && msg.you.length === 1 ? "you" : row.name;
    const late = msg.clock?.timeouts[row.seat] ?? 0;
    const reason = why === "timeout" ? "out of time: for the rest of this turn"
      : row.declined ? "declined the rated game: it counts for no one"
      : late ? `away after running out of time ${late === 1 ? "once" : `${late} times in a row`}` : "away";
    return [el("li", { "data-stand-in": row.seat }, badge(row.seat), ` A bot plays for ${who} (${reason})`)];
  });
  $("stand-ins").replaceChildren(...lines);
  $("stand-ins").classList.toggle("hidden", !lines.length);
}

// Real time only: a pause stops every clock once every player there asked for it; one
// player asking to go on starts them again.
function drawPause(msg) {
  const clock = msg.clock;
  const shown = clock?.mode === "realtime" && !msg.over;
  $("pause-row").classList.toggle("hidden", !shown);
  if (!shown) return;
  const players = msg.table.seats.filter((s) => s.kind === "human" && !s.absent).map((s) => s.seat);
  const mine = msg.you.filter((seat) => players.includes(seat));
  const names = (seats) => seats.map((seat) => seatName(msg.table, seat)).join(" and ");
  const asking = clock.votes.filter((seat) => players.includes(seat) && !mine.includes(seat));
  const voted = mine.length > 0 && mine.every((seat) => clock.votes.includes(seat));
  const button = $("pause");
  button.classList.toggle("hidden", !mine.length);
  button.dataset.pause = String(!clock.paused && !voted);
  if (clock.paused) {
    button.textContent = "Resume the clocks";
    $("pause-note").textContent = "Paused: every player agreed.";
  } else if (voted) {
    button.textContent = "Cancel the pause";
    const waiting = players.filter((seat) => !clock.votes.includes(seat));
    $("pause-note").textContent = `Waiting for ${names(waiting)} to agree to a pause.`;
  } else if (asking.length) {
    button.textContent = "Agree to pause";
    $("pause-note").textContent = `${names(asking)} ${asking.length > 1 ? "ask" : "asks"} to pause the clocks.`;
  } else {
    button.textContent = "Pause the clocks";
    $("pause-note").textContent = "The clocks stop once every player agrees.";
  }
}

// Show a clock's reading on ``face`` (unless it shows it already); urgent is said by a
// mark and in words, besides the colour.
function showReading(face, { text, urgent, running }) {
  const key = `${text}|${urgent}|${running}`;
  if (face.dataset.reading === key) return;
  face.dataset.reading = key;
  face.dataset.text = text;
  face.dataset.running = String(running);
  face.dataset.urgent = String(urgent);
  face.classList.toggle("urgent", urgent);
  face.replaceChildren(...(urgent ? [el("span", { class: "clock-alert", "aria-hidden": "true" }, "!"), text,
    el("span", { class: "visually-hidden" }, ": little time left")] : [text]));
}

// Redraw every clock from the last state and the time now (one interval, every second):
// each seat's, and the running one again in the turn bar, always in sight.
function tickClocks() {
  const clock = current?.clock;
  const seat = clock?.seat ?? null;
  $("turn-clock").classList.toggle("hidden", seat === null || current.over);
  if (!clock) return;
  const now = Date.now() / 1000;
  for (const face of $("seats").querySelectorAll("[data-clock]")) {
    showReading(face, clockReading(clock, Number(face.dataset.clock), now));
  }
  if (seat !== null) showReading($("turn-clock"), clockReading(clock, seat, now));
}

// -- the signed-in player's other games ------------------------------------------------

async function findNextGame() {
  if (!me) return;
  const { games } = await api("/api/me/games").catch(() => ({ games: [] }));
  const next = games.find((game) => game.your_turn && game.id !== tableId);
  $("next-game").classList.toggle("hidden", !next);
  $("next-game").dataset.href = next ? `/table/${next.id}` : "";
}

// -- drawing a state --------------------------------------------------------------------

let logLines = [];
let wasYours = null;

async function draw(msg) {
  // the server sends only the log lines this page lacks, from msg.log_start on
  logLines = logLines.slice(0, msg.log_start).concat(msg.log);
  msg.log = logLines;
  // while a bot plays this page's seat (away, or out of time) the player has no choices
  if (msg.you.includes(msg.to_move) && standIn(msg, msg.to_move)) msg.legal = msg.choices = [];
  current = msg;
  labels = msg.labels ?? labels;
  if (!board) board = await loadBoard(msg.table.game);
  $("title").textContent = baseTitle(msg);
  drawPassScreen(msg);
  drawTurn(msg);
  drawSeats($("seats"), msg);
  drawClocks(msg);
  drawActionBar(msg);
  const seated = msg.you.length > 0;
  // Nomads of Arabia's Sands of Time windows (R33): a private choice of this seat
  $("windows-choice").classList.toggle("hidden", !msg.preferences || msg.table.game !== "nomads_of_arabia");
  if (msg.preferences) $("stop-at-windows").checked = msg.preferences.stop_at_windows;
  $("mute-choice").classList.toggle("hidden", !msg.preferences);
  if (msg.preferences) $("mute-chat").checked = msg.preferences.mute_chat;
  $("leave").textContent = away(msg) ? "Take my seat back" : "Leave the game";
  $("leave-note").textContent = away(msg) ? "" : msg.table.rated ? RATED_AWAY_NOTE : AWAY_NOTE;
  $("seat-panel").classList.toggle("hidden", !seated);
  $("leave").parentElement.classList.toggle("hidden", msg.over || declined(msg));
  $("decline-choice").classList.toggle("hidden", !msg.can_decline);
  $("rematch-panel").classList.toggle("hidden", !msg.over || !seated);
  if (msg.table.rematch) showRematch();
  hideOffer();
  drawLog($("log"), logLines, msg.log_start);
  drawFinal($("final"), msg, labels);
  $("replay-panel").classList.toggle("hidden", !msg.over);
  $("replay-link").href = `/replay/${msg.table.id}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
  board.draw($("board"), msg, layout, ui);
  const yours = !msg.over && msg.legal.length > 0;
  if (yours !== wasYours) findNextGame();
  wasYours = yours;
  document.body.dataset.revision = msg.revision;
  document.body.dataset.toMove = msg.to_move ?? "";
  document.body.dataset.over = msg.over;
}

// In the order the lines were said: after a server could not hear the others a while, it
// sends the lines it missed then, which may be older than some already shown.
function drawChat(lines) {
  const list = $("chat");
  for (const line of lines) {
    const who = line.seat === null ? line.name : `${seatLetter(line.seat)} ${line.name}`;
    let later = null; // the first line shown that was said after this one
    for (let node = list.lastElementChild; node && Number(node.dataset.at) > line.at; node = node.previousElementSibling) {
      later = node;
    }
    list.insertBefore(el("li", { "data-at": line.at }, el("span", { class: "who" }, `${who}:`), line.text), later);
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
    $("connection").textContent = "connected";
  };
  socket.onmessage = async (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "hello") {
      retry = 500; // served, not only accepted: a refused connection keeps backing off
      layout = msg.layout;
      labels = msg.labels ?? labels;
      $("chat").replaceChildren(); // the server sends the chat again after a reconnection
    } else if (msg.type === "state") {
      showError("");
      await draw(msg);
    } else if (msg.type === "chat") {
      drawChat(msg.lines);
    } else if (msg.type === "rematch") {
      showRematch();
    } else if (msg.type === "error") {
      refusal = msg.message;
      showError(msg.message);
      if (msg.state) await draw(msg.state);
    }
  };
  socket.onclose = (event) => {
    if (event.code in DEAD) {
      closedForGood = true;
      showDead(event.code);
      return;
    }
    $("connection").textContent = closedForGood ? "closed" : "reconnecting…";
    if (!closedForGood) {
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    }
  };
}

// -- wiring -----------------------------------------------------------------------------

for (const type of ["click", "keydown"]) {
  // seen before the board's own handlers, which may then offer choices next to it
  $("board").addEventListener(type, (event) => {
    tapped = event.target.closest("[data-action], [data-actions], .legal") ?? event.target;
  }, true);
}
document.addEventListener("pointerdown", (event) => {
  if (!$("offer").contains(event.target) && !$("board").contains(event.target)) hideOffer();
});
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  if (!$("offer").classList.contains("hidden")) hideOffer(true);
  else if (!$("rules-drawer").classList.contains("hidden")) closeRules();
});
// the bar at the bottom of a phone's screen covers nothing: the page ends above it
new ResizeObserver(() => {
  document.body.style.setProperty("--bar-height", `${$("action-bar").offsetHeight}px`);
}).observe($("action-bar"));
$("rules-button").addEventListener("click", () => {
  if (!current) return;
  if ($("rules-drawer").classList.contains("hidden")) openRules();
  else closeRules();
});
$("rules-close").addEventListener("click", closeRules);
$("pass-ready").addEventListener("click", () => {
  shownSeat = current.seat;
  drawPassScreen(current);
});
$("bar-toggle").addEventListener("click", () => toggleBar());
$("hint").addEventListener("click", askHint);
$("next-game").addEventListener("click", () => {
  if ($("next-game").dataset.href) location.href = $("next-game").dataset.href;
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
$("leave").addEventListener("click", () => current && send({ type: "leave", away: !away(current) }));
$("come-back").addEventListener("click", () => send({ type: "leave", away: false }));
$("decline").addEventListener("click", () => {
  if (confirm("Decline this rated game? It will count for no one, and a bot plays your seat to the end.")) {
    send({ type: "decline" });
  }
});
$("pause").addEventListener("click", () => send({ type: "pause", pause: $("pause").dataset.pause === "true" }));
setInterval(tickClocks, 1000);
$("rematch").addEventListener("click", rematch);
$("signals").append(turnSignals());
connect();
whoAmI().then((player) => {
  me = player;
  findNextGame();
  setInterval(findNextGame, 30_000);
});
