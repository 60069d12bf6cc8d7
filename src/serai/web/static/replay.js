// The replay page: step through a finished game, as the seat of this link saw it (no
// token: as a spectator). Each step's state comes from the server, rebuilt from the record.
import { drawFinal, drawLog, drawSeats, loadBoard, seatColor, seatLetter } from "./common.js";

const tableId = location.pathname.split("/").pop();
const token = new URLSearchParams(location.search).get("token") ?? "";
const $ = (id) => document.getElementById(id);
const ui = { choose() {}, offer() {}, seatColor, seatLetter };
let board = null;
let layout = null;
let steps = 0;
let shown = -1;

async function show(step) {
  step = Math.max(0, Math.min(step, steps || step));
  const response = await fetch(`/api/tables/${tableId}/replay/${step}?token=${encodeURIComponent(token)}`);
  const msg = await response.json();
  if (!response.ok) {
    $("error").textContent = msg.message;
    $("error").classList.remove("hidden");
    return;
  }
  steps = msg.steps;
  shown = msg.step;
  if (!board) board = await loadBoard(msg.table.game);
  $("title").textContent = `${msg.table.title} · table ${msg.table.id} · replay`;
  $("step").max = steps;
  $("step").value = shown;
  $("position").textContent = `action ${shown} of ${steps}`;
  drawSeats($("seats"), msg);
  drawLog($("log"), msg);
  drawFinal($("final"), msg);
  board.draw($("board"), msg, layout, ui);
  document.body.dataset.step = shown;
}

$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(shown - 1));
$("next").addEventListener("click", () => show(shown + 1));
$("last").addEventListener("click", () => show(steps));
$("step").addEventListener("change", (event) => show(Number(event.target.value)));
document.addEventListener("keydown", (event) => {
  if (event.key === "ArrowLeft") show(shown - 1);
  if (event.key === "ArrowRight") show(shown + 1);
});
async function start() {
  layout = await (await fetch(`/api/tables/${tableId}/layout`)).json();
  const table = await (await fetch(`/api/tables/${tableId}?token=${encodeURIComponent(token)}`)).json();
  await show(table.table?.actions ?? 0);
}

start();
