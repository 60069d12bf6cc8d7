// The win-probability graph of a finished game: each seat's estimated chance to win after
// every move (a bot studied every position once the game ended), the swings marked. A
// click on the graph, or on a swing in the list under it, shows that move.
import { badge, el, seatColor, seatLetter, svg } from "./common.js";

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { left: 34, right: 18, top: 12, bottom: 22 };
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4"]; // told apart without colour too

function percent(value) {
  return `${Math.round(value * 100)}%`;
}

// The seat whose chance moved most at ``step``, with its chance before and after.
function swingAt(points, step) {
  const at = points.findIndex((point) => point.step === step);
  if (at <= 0) return null;
  const [before, after] = [points[at - 1].values, points[at].values];
  let seat = 0;
  for (let s = 1; s < after.length; s++) {
    if (Math.abs(after[s] - before[s]) > Math.abs(after[seat] - before[seat])) seat = s;
  }
  return { seat, before: before[seat], after: after[seat] };
}

// Draw ``analysis`` ({points: [{step, values}], swings: [step…]}) of a game of ``steps``
// moves into ``root``, the cursor at ``shown``; ``pick(step)`` shows a move.
export function drawGraph(root, analysis, steps, shown, pick) {
  const { points, swings } = analysis;
  const seats = points.length ? points[0].values.length : 0;
  const x = (step) => PAD.left + (step * (WIDTH - PAD.left - PAD.right)) / Math.max(1, steps);
  const y = (value) => PAD.top + (1 - value) * (HEIGHT - PAD.top - PAD.bottom);
  const plot = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "win-graph", id: "win-graph", role: "img",
    "aria-label": `Each seat's chance to win over the ${steps} moves; ${swings.length} swings marked`,
  });
  for (const value of [0, 0.5, 1]) {
    plot.append(svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(value), y2: y(value), class: "grid" }),
      svg("text", { x: PAD.left - 4, y: y(value) + 4, class: "axis-label", "text-anchor": "end" }, percent(value)));
  }
  for (const step of swings) {
    plot.append(svg("line", { x1: x(step), x2: x(step), y1: PAD.top, y2: HEIGHT - PAD.bottom, class: "swing", "data-swing": step }));
  }
  for (let seat = 0; seat < seats; seat++) {
    const line = points.map((point) => `${x(point.step)},${y(point.values[seat])}`).join(" ");
    plot.append(svg("polyline", { points: line, class: "chance", "data-seat": seat, style: `stroke:${seatColor(seat)}`, "stroke-dasharray": DASHES[seat] }));
    const end = points[points.length - 1];
    if (end) plot.append(svg("text", { x: x(end.step) + 3, y: y(end.values[seat]) + 4, class: "seat-label" }, seatLetter(seat)));
  }
  plot.append(svg("line", { x1: x(shown), x2: x(shown), y1: PAD.top - 6, y2: HEIGHT - PAD.bottom, class: "cursor", id: "graph-cursor" }),
    svg("text", { x: PAD.left, y: HEIGHT - 6, class: "axis-label" }, "start"),
    svg("text", { x: WIDTH - PAD.right, y: HEIGHT - 6, class: "axis-label", "text-anchor": "end" }, `move ${steps}`));
  plot.addEventListener("click", (event) => {
    const box = plot.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width) * WIDTH;
    const step = Math.round(((at - PAD.left) * steps) / (WIDTH - PAD.left - PAD.right));
    pick(Math.max(0, Math.min(steps, step)));
  });
  const list = swings.map((step) => {
    const swing = swingAt(points, step);
    const what = swing ? [badge(swing.seat), ` ${percent(swing.before)} → ${percent(swing.after)}`] : [];
    return el("li", {}, el("button", { "data-swing": step, onclick: () => pick(step) }, `Move ${step}`), ...what);
  });
  root.replaceChildren(plot, list.length ? el("ol", { class: "swings", "aria-label": "The swings" }, ...list) : el("p", {}, "No swing: the game went one way."));
}
