// The replay page: step through a finished game, as the seat of this link saw it (no
// token: as a spectator). Each step's state comes from the server, rebuilt from the record;
// once a bot has studied the game, a graph shows each seat's chance to win move by move.
import { api, deadEnd, drawFinal, drawLog, drawSeats, icon, loadBoard, seatColor, seatLetter } from "./common.js";
import { drawGraph } from "./graph.js";

const tableId = location.pathname.split("/").pop();
const token = new URLSearchParams(location.search).get("token") ?? "";
const query = `?token=${encodeURIComponent(token)}`;
const $ = (id) => document.getElementById(id);
const ui = { choose() {}, offer() {}, seatColor, seatLetter };
let board = null;
let layout = null;
let steps = 0;
let shown = -1;
let analysis = null;

async function show(step) {
  step = Math.max(0, Math.min(step, steps || step));
  let msg;
  try {
    msg = await api(`/api/tables/${tableId}/replay/${step}${query}`);
  } catch (error) {
    $("error").textContent = error.message;
    $("error").classList.remove("hidden");
    return;
  }
  steps = msg.steps;
  // the log of a step is the start of every later step's log
  const kept = Math.max(0, Math.min(shown, msg.step));
  shown = msg.step;
  if (!board) board = await loadBoard(msg.table.game);
  $("title").textContent = `${msg.table.title} · table ${msg.table.id} · replay`;
  document.title = `${msg.table.title}: replay · serai`;
  $("step").max = steps;
  $("step").value = shown;
  $("position").textContent = `move ${shown} of ${steps}`;
  drawSeats($("seats"), msg);
  drawLog($("log"), msg.log, kept);
  drawFinal($("final"), msg, msg.labels ?? {});
  board.draw($("board"), msg, layout, ui);
  if (analysis) drawGraph($("graph"), analysis, steps, shown, show);
  document.body.dataset.step = shown;
}

// The analysis is made when first asked for (a moment), then kept with the game.
async function loadAnalysis() {
  $("graph-panel").classList.remove("hidden");
  $("graph").textContent = "A bot is studying this game…";
  try {
    analysis = await api(`/api/tables/${tableId}/analysis`);
  } catch (error) {
    $("graph").textContent = `No graph: ${error.message}`;
    return;
  }
  drawGraph($("graph"), analysis, steps, shown, show);
  document.body.dataset.analysis = "done";
}

const DEAD = {
  unknown_table: ["This game does not exist", []],
  bad_token: ["This link does not open a seat", [["Watch the replay", `/replay/${tableId}`]]],
  not_finished: ["This game is not over yet", [["Go to the table", `/table/${tableId}${token ? query : ""}`]]],
};

async function start() {
  let table;
  try {
    table = await api(`/api/tables/${tableId}${query}`);
    if (!table.over) throw Object.assign(new Error("A replay opens once the game is over."), { code: "not_finished" });
    layout = await api(`/api/tables/${tableId}/layout`);
  } catch (error) {
    const [title, ways] = DEAD[error.code] ?? ["This replay cannot be shown", []];
    $("replay-main").hidden = true;
    $("title").textContent = title;
    deadEnd($("dead"), title, error.message, ...ways);
    return;
  }
  await show(table.table.actions);
  await loadAnalysis();
}

for (const [id, name] of [["first", "first"], ["prev", "previous"], ["next", "next"], ["last", "last"]]) $(id).append(icon(name));
$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(shown - 1));
$("next").addEventListener("click", () => show(shown + 1));
$("last").addEventListener("click", () => show(steps));
$("step").addEventListener("change", (event) => show(Number(event.target.value)));
document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement) return; // the slider moves itself
  if (event.key === "ArrowLeft") show(shown - 1);
  if (event.key === "ArrowRight") show(shown + 1);
});
start();
