// Five Tribes board for the serai table page (plain ES module, no build step).
//
// draw(root, msg, layout, ui): re-fills `root` from scratch with
//   - the Sultanate (SVG): 6×5 tiles with type, VP, meeples (colour + letter), camels (owner
//     colour + letter), Palm Trees, Palaces, the moving hand's position and the final tile;
//   - side panels (HTML): status line, Turn Order and Bid Order tracks, the resource row,
//     the Djinn display (and Sibittis draws), supply and bag, the meeples in hand;
//   - one panel per player: gold (as the view shows it), camels, Viziers, Elders, cards,
//     Djinns, visible VP.
// Every element that a legal action text acts on gets class "legal" and either
// data-action (one text: ui.choose) or data-actions (texts joined by "|": ui.offer).

const SVGNS = "http://www.w3.org/2000/svg";
const TW = 100; // tile width in SVG units
const TH = 100; // tile height
const OX = 16; // left margin (row labels)
const OY = 14; // top margin (column labels)

const MEEPLE_FILL = {
  yellow: "#f6c40f",
  white: "#f8f6ef",
  green: "#2f9e44",
  blue: "#1f5fd1",
  red: "#d62828",
};
const MEEPLE_INK = { yellow: "#111", white: "#111", green: "#fff", blue: "#fff", red: "#fff" };
const TILE_FILL = {
  village: "#cfe1f5",
  "sacred-6": "#e2d5f3",
  "sacred-10": "#e2d5f3",
  "sacred-12": "#e2d5f3",
  "sacred-15": "#e2d5f3",
  oasis: "#d2edc1",
  "small-market": "#f6e0b0",
  "large-market": "#efc992",
};
const VALUE_FILL = { blue: "#1d4f9e", red: "#b3261e" };
const CARD_FILL = {
  fish: "#5ea7d6",
  wheat: "#ecc761",
  pottery: "#c8703a",
  papyrus: "#d9cb9c",
  silk: "#c06b86",
  spice: "#e5704f",
  ivory: "#f1e9d6",
  jewels: "#2a9d8f",
  gold: "#d9a514",
  fakir: "#3b3b3b",
};
const CARD_INK = { fakir: "#fff", jewels: "#fff", pottery: "#fff", silk: "#fff" };
const COLOUR_ORDER = ["yellow", "white", "green", "blue", "red"];

const CSS = `
.ft { container-type: inline-size; font: 13px/1.3 system-ui, -apple-system, "Segoe UI", sans-serif; color: #2b2118; }
.ft * { box-sizing: border-box; }
.ft-main { display: grid; grid-template-columns: minmax(0, 1fr); gap: 10px; align-items: start; }
@container (min-width: 720px) { .ft-main { grid-template-columns: minmax(0, 1.5fr) minmax(270px, 1fr); } }
.ft-svg { width: 100%; height: auto; display: block; background: #e9dcc0; border-radius: 10px; border: 2px solid #8a6a3c; }
.ft-side { display: flex; flex-direction: column; gap: 8px; min-width: 0; }
.ft-box { background: #fbf6ea; border: 1.5px solid #b99b6b; border-radius: 8px; padding: 6px 8px; }
.ft-h { font-weight: 700; font-size: 11.5px; text-transform: uppercase; letter-spacing: .04em; color: #6d4f24; margin: 0 0 4px; display: flex; justify-content: space-between; gap: 6px; }
.ft-h small { font-weight: 400; text-transform: none; letter-spacing: 0; color: #7a6547; }
.ft-status { background: #3d2b14; color: #fff7e6; border-radius: 8px; padding: 6px 10px; font-size: 13.5px; }
.ft-status b { color: #ffd479; }
.ft-status .ft-final { background: #b3261e; color: #fff; border-radius: 4px; padding: 0 5px; margin-left: 6px; font-weight: 700; }
.ft-track { display: flex; flex-wrap: wrap; gap: 3px; align-items: stretch; }
.ft-spot { min-width: 30px; min-height: 46px; border: 1.5px solid #a88a5a; border-radius: 6px; background: #fff; display: flex; flex-direction: column; align-items: center; gap: 2px; padding: 2px 2px; }
.ft-spot .ft-cost { font-weight: 700; font-size: 12px; color: #6d4f24; white-space: nowrap; }
.ft-spot .ft-cost s { color: #a0896a; font-weight: 400; }
.ft-spot.ft-paid { background: #fff4d6; }
.ft-zero { display: flex; gap: 2px; border: 1.5px dashed #a88a5a; border-radius: 7px; padding: 2px; }
.ft-zero .ft-spot { border-style: solid; }
.ft-bidnow { outline: 3px solid #3d2b14; outline-offset: 1px; }
.ft-token { display: inline-flex; align-items: center; justify-content: center; width: 22px; height: 22px; border-radius: 50%; border: 2px solid #111; font-weight: 800; font-size: 12px; color: #111; text-shadow: 0 0 2px #fff, 0 0 2px #fff; flex: none; }
.ft-row { display: flex; flex-wrap: wrap; gap: 4px; }
.ft-card { position: relative; width: 56px; height: 42px; border-radius: 6px; border: 1.5px solid #4a3a22; display: flex; flex-direction: column; justify-content: center; align-items: center; font-size: 11px; font-weight: 700; line-height: 1.1; text-align: center; padding: 1px; }
.ft-card .ft-n { font-size: 9.5px; font-weight: 600; opacity: .85; }
.ft-card.ft-cant { opacity: .55; }
.ft-card .ft-pos { position: absolute; top: 1px; left: 3px; font-size: 8.5px; font-weight: 600; opacity: .7; }
.ft-gap { width: 56px; height: 42px; border-radius: 6px; border: 1.5px dashed #b99b6b; }
.ft-djinns { display: flex; flex-wrap: wrap; gap: 5px; }
.ft-djinn { position: relative; flex: 1 1 96px; max-width: 170px; min-height: 74px; background: linear-gradient(#3f2a6b, #26184a); color: #f4ecff; border: 2px solid #1a1033; border-radius: 8px; padding: 4px 6px 4px 6px; font-size: 10.5px; line-height: 1.2; }
.ft-djinn .ft-dn { font-weight: 800; font-size: 12.5px; color: #ffe08a; padding-right: 24px; }
.ft-djinn .ft-vp { position: absolute; top: 3px; right: 4px; background: #ffe08a; color: #26184a; border-radius: 50%; width: 22px; height: 22px; display: flex; align-items: center; justify-content: center; font-weight: 800; font-size: 11.5px; }
.ft-djinn .ft-dc { display: inline-block; margin: 2px 0; background: #f4ecff; color: #26184a; border-radius: 3px; padding: 0 4px; font-weight: 700; font-size: 9.5px; }
.ft-djinn.ft-mini { flex: 0 1 auto; min-height: 0; max-width: none; padding: 2px 28px 2px 6px; }
.ft-djinn.ft-mini .ft-dn { font-size: 11.5px; padding-right: 0; }
.ft-djinn.ft-mini .ft-vp { width: 19px; height: 19px; font-size: 10px; top: 50%; transform: translateY(-50%); }
.ft-djinn.ft-used { opacity: .55; }
.ft-djinn.ft-used .ft-dn::after { content: " · used"; font-weight: 400; font-size: 10px; color: #ffd479; }
.ft-supply { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: center; font-size: 12px; }
.ft-supply span { display: inline-flex; align-items: center; gap: 3px; }
.ft-mchip { display: inline-flex; align-items: center; gap: 2px; font-weight: 700; }
.ft-mchip svg { width: 18px; height: 22px; }
.ft-players { display: grid; grid-template-columns: repeat(auto-fit, minmax(205px, 1fr)); gap: 8px; margin-top: 10px; }
.ft-player { background: #fbf6ea; border: 1.5px solid #b99b6b; border-left-width: 7px; border-radius: 8px; padding: 6px 8px; display: flex; flex-direction: column; gap: 5px; }
.ft-player.ft-acting { box-shadow: 0 0 0 2.5px #3d2b14; }
.ft-ph { display: flex; align-items: center; gap: 6px; font-weight: 700; }
.ft-ph .ft-name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ft-ph .ft-you { font-size: 10.5px; background: #3d2b14; color: #fff; padding: 0 5px; border-radius: 3px; }
.ft-ph .ft-score { font-size: 12px; color: #6d4f24; white-space: nowrap; }
.ft-stats { display: flex; flex-wrap: wrap; gap: 3px 10px; align-items: center; font-size: 12.5px; }
.ft-stats > span { display: inline-flex; align-items: center; gap: 3px; border-radius: 5px; padding: 1px 2px; }
.ft-hand { display: flex; flex-wrap: wrap; gap: 3px; }
.ft-hand .ft-card { width: auto; min-width: 44px; height: 26px; flex-direction: row; gap: 3px; padding: 0 5px; font-size: 10.5px; }
.ft-empty { color: #8b7657; font-style: italic; font-size: 11.5px; }
.ft-legend { display: flex; flex-wrap: wrap; gap: 2px 10px; font-size: 11px; color: #5b4526; }
.ft .legal { cursor: pointer; }
.ft div.legal, .ft span.legal { outline: 3px dashed #d9480f; outline-offset: 1px; box-shadow: 0 0 0 5px rgba(255, 170, 60, .45); }
.ft div.legal:hover, .ft span.legal:hover, .ft div.legal:focus-visible, .ft span.legal:focus-visible { outline-style: solid; box-shadow: 0 0 0 5px rgba(217, 72, 15, .55); }
.ft-svg .ft-hl, .ft-svg .ft-hl2 { fill: none; stroke: none; pointer-events: none; }
.ft-svg .ft-tile.legal .ft-hl2 { stroke: #fff; stroke-width: 8; }
.ft-svg .ft-tile.legal .ft-hl { stroke: #d9480f; stroke-width: 5; stroke-dasharray: 11 5; }
.ft-svg .ft-tile.legal:hover .ft-hl, .ft-svg .ft-tile.legal:focus-visible .ft-hl { stroke-dasharray: none; stroke: #a83200; }
.ft-svg .ft-tile.legal:hover .ft-tbg { filter: brightness(1.07); }
.ft-svg.ft-choosing .ft-tile:not(.legal) .ft-tbg { filter: saturate(.7) brightness(.94); }
.ft-svg .ft-chip .ft-ring { fill: none; stroke: none; }
.ft-svg .ft-chip.legal .ft-ring { stroke: #d9480f; stroke-width: 3; fill: rgba(255, 200, 120, .55); }
.ft-svg .ft-chip.legal:hover .ft-ring { stroke: #a83200; fill: rgba(255, 170, 60, .8); }
.ft-svg :focus { outline: none; }
.ft-svg text { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
`;

function ensureStyle() {
  if (document.getElementById("style-five_tribes")) return;
  const style = document.createElement("style");
  style.id = "style-five_tribes";
  style.textContent = CSS;
  document.head.appendChild(style);
}

function svg(tag, attrs, parent) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

function html(tag, cls, parent, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (parent) parent.appendChild(node);
  return node;
}

function svgText(parent, x, y, text, attrs) {
  const t = svg("text", { x, y, ...attrs }, parent);
  t.textContent = String(text);
  return t;
}

// ---------------------------------------------------------------- legal actions -> elements

function indexLegal(legal, view) {
  const idx = new Map();
  const add = (key, text) => {
    if (!idx.has(key)) idx.set(key, []);
    const list = idx.get(key);
    if (!list.includes(text)) list.push(text);
  };
  const moveAt = view.turn && view.turn.move ? view.turn.move.at : null;
  const finalTile = view.turn ? view.turn.final_tile : null;
  let m;
  for (const t of legal) {
    if ((m = t.match(/^(pick|step|palace|palm) (\d,\d)$/))) add("tile:" + m[2], t);
    else if ((m = t.match(/^kill (\d,\d) ([a-z]+)(?:,([a-z]+))?$/))) {
      add("tile:" + m[1], t);
      add(`chip:${m[1]}:${m[2]}`, t);
      if (m[3]) add(`chip:${m[1]}:${m[3]}`, t);
    } else if ((m = t.match(/^kill p(\d) ([a-z]+)(?:,([a-z]+))?$/))) {
      add(`held:${m[1]}:${m[2]}`, t);
      if (m[3]) add(`held:${m[1]}:${m[3]}`, t);
    } else if ((m = t.match(/^use ([a-z-]+) (\d,\d) \S+$/))) {
      add("tile:" + m[2], t);
      add("djinn:" + m[1], t);
    } else if ((m = t.match(/^use ([a-z-]+)(?: \S+)?$/))) add("djinn:" + m[1], t);
    else if ((m = t.match(/^bid (\d+|last)$/))) add("bid:" + m[1], t);
    else if ((m = t.match(/^drop ([a-z]+)$/))) {
      add("hand:" + m[1], t);
      if (moveAt) add("tile:" + moveAt, t);
    } else if (/^build \d+$/.test(t)) {
      add("build", t);
      if (finalTile) add("tile:" + finalTile, t);
    } else if ((m = t.match(/^buy (\S+)$/))) {
      for (const c of new Set(m[1].split(","))) add("row:" + c, t);
    } else if ((m = t.match(/^take-djinn ([a-z-]+) \S+$/))) add("display:" + m[1], t);
    else if ((m = t.match(/^keep ([a-z-]+)$/))) add("keep:" + m[1], t);
    else if ((m = t.match(/^sell (\S+)$/))) {
      for (const c of m[1].split(",")) add("sell:" + c, t);
    }
    // pass, end: no board element
  }
  // Larger sales first in an offer; everything else keeps the engine's order.
  for (const [key, list] of idx) {
    if (key.startsWith("sell:")) list.sort((a, b) => b.split(",").length - a.split(",").length);
  }
  return idx;
}

function makeBinder(idx, ui) {
  return function bind(node, key) {
    const texts = idx.get(key);
    if (!texts || !texts.length) return false;
    node.classList.add("legal");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    const act = (ev) => {
      ev.stopPropagation();
      ev.preventDefault();
      if (texts.length === 1) ui.choose(texts[0]);
      else ui.offer(texts.slice());
    };
    if (texts.length === 1) node.setAttribute("data-action", texts[0]);
    else node.setAttribute("data-actions", texts.join("|"));
    node.addEventListener("click", act);
    node.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") act(ev);
    });
    return true;
  };
}

// ---------------------------------------------------------------- small drawings

function meeplePath(cx, cy) {
  // a pawn: body from (cx±8, cy+9) up to the shoulders, the head is a separate circle
  return (
    `M${cx - 8.5},${cy + 9} L${cx - 6.5},${cy + 1} Q${cx - 6},${cy - 4} ${cx},${cy - 4}` +
    ` Q${cx + 6},${cy - 4} ${cx + 6.5},${cy + 1} L${cx + 8.5},${cy + 9} Z`
  );
}

function drawMeeple(parent, cx, cy, colour, letter) {
  const g = svg("g", {}, parent);
  svg("path", { d: meeplePath(cx, cy), fill: MEEPLE_FILL[colour], stroke: "#111", "stroke-width": 1.4, "stroke-linejoin": "round" }, g);
  svg("circle", { cx, cy: cy - 8.5, r: 5, fill: MEEPLE_FILL[colour], stroke: "#111", "stroke-width": 1.4 }, g);
  svgText(g, cx, cy + 7.5, letter, {
    "text-anchor": "middle",
    "font-size": 10,
    "font-weight": 800,
    fill: MEEPLE_INK[colour],
  });
  return g;
}

function meepleIcon(colour, letter) {
  const s = svg("svg", { viewBox: "-10 -15 20 26", width: 16, height: 21, "aria-hidden": "true" });
  drawMeeple(s, 0, 0, colour, letter);
  return s;
}

function drawCamel(parent, x, y, fill, letter, scale = 1) {
  // a dromedary facing right in a 32×24 box at (x, y)
  const g = svg("g", { transform: `translate(${x},${y}) scale(${scale})` }, parent);
  const st = { fill, stroke: "#111", "stroke-width": 1.3, "stroke-linejoin": "round" };
  for (const lx of [6, 10, 18, 22]) svg("rect", { x: lx, y: 14, width: 3, height: 10, rx: 1, ...st }, g);
  svg(
    "path",
    {
      d: "M3,13 Q2,8 7,7 Q10,0 15,1 Q19,1 20,7 L24,7 L26,2 Q27,0 30,1 L31,3 L28,4 L26,12 Q25,17 20,17 L7,17 Q3,17 3,13 Z",
      ...st,
    },
    g,
  );
  svgText(g, 14.5, 14.5, letter, {
    "text-anchor": "middle",
    "font-size": 10,
    "font-weight": 900,
    fill: "#fff",
    stroke: "#111",
    "stroke-width": 2.6,
    "paint-order": "stroke",
  });
  return g;
}

function camelIcon(fill, letter) {
  const s = svg("svg", { viewBox: "0 0 33 25", width: 26, height: 20, "aria-hidden": "true" });
  drawCamel(s, 0, 0, fill, letter);
  return s;
}

function drawPalm(parent, x, y) {
  // trunk base at (x, y+10), crown around (x+1, y-6)
  const g = svg("g", {}, parent);
  svg("path", { d: `M${x},${y + 10} Q${x - 2},${y + 2} ${x + 1},${y - 5}`, stroke: "#6b4218", "stroke-width": 3, fill: "none", "stroke-linecap": "round" }, g);
  const leaf = { fill: "#2e8b3a", stroke: "#12461a", "stroke-width": 0.9 };
  svg("path", { d: `M${x + 1},${y - 5} Q${x - 6},${y - 11} ${x - 11},${y - 3} Q${x - 5},${y - 7} ${x + 1},${y - 5} Z`, ...leaf }, g);
  svg("path", { d: `M${x + 1},${y - 5} Q${x + 8},${y - 11} ${x + 12},${y - 2} Q${x + 6},${y - 7} ${x + 1},${y - 5} Z`, ...leaf }, g);
  svg("path", { d: `M${x + 1},${y - 5} Q${x - 3},${y - 14} ${x - 6},${y - 12} Q${x - 1},${y - 11} ${x + 1},${y - 5} Z`, ...leaf }, g);
  svg("path", { d: `M${x + 1},${y - 5} Q${x + 5},${y - 14} ${x + 8},${y - 11} Q${x + 3},${y - 10} ${x + 1},${y - 5} Z`, ...leaf }, g);
  return g;
}

function drawPalace(parent, x, y) {
  // base centre at (x, y+10)
  const g = svg("g", {}, parent);
  const st = { fill: "#fff6dc", stroke: "#6a4b1f", "stroke-width": 1.2, "stroke-linejoin": "round" };
  svg("path", { d: `M${x - 5},${y - 1} Q${x - 5},${y - 8} ${x},${y - 10} Q${x + 5},${y - 8} ${x + 5},${y - 1} Z`, ...st, fill: "#e9b949" }, g);
  svg("rect", { x: x - 9, y: y - 1, width: 18, height: 11, ...st }, g);
  svg("rect", { x: x - 11, y: y - 6, width: 4, height: 16, ...st }, g);
  svg("rect", { x: x + 7, y: y - 6, width: 4, height: 16, ...st }, g);
  svg("path", { d: `M${x - 2.5},${y + 10} L${x - 2.5},${y + 5} Q${x},${y + 2} ${x + 2.5},${y + 5} L${x + 2.5},${y + 10}`, fill: "#6a4b1f" }, g);
  return g;
}

function iconSvg(kind) {
  const s = svg("svg", { viewBox: "-13 -16 26 28", width: 18, height: 19, "aria-hidden": "true" });
  if (kind === "palm") drawPalm(s, 0, 0);
  else drawPalace(s, 0, 0);
  return s;
}

function coinIcon() {
  const s = svg("svg", { viewBox: "0 0 20 20", width: 15, height: 15, "aria-hidden": "true" });
  svg("circle", { cx: 10, cy: 10, r: 8.5, fill: "#f2c230", stroke: "#8a6200", "stroke-width": 1.6 }, s);
  svg("circle", { cx: 10, cy: 10, r: 5, fill: "none", stroke: "#8a6200", "stroke-width": 1 }, s);
  return s;
}

function token(seat, ui, extraTitle) {
  const t = html("span", "ft-token");
  t.style.background = ui.seatColor(seat);
  t.textContent = ui.seatLetter(seat);
  t.title = extraTitle || "";
  return t;
}

// ---------------------------------------------------------------- the Sultanate

function drawSultanate(view, layout, ui, bind, legalCount) {
  const cols = layout.cols || 6;
  const rows = layout.rows || 5;
  const W = OX + cols * TW + 4;
  const H = OY + rows * TH + 4;
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "ft-svg", role: "img", "aria-label": "The Sultanate" });
  const colourInfo = Object.fromEntries((layout.colours || []).map((c) => [c.colour, c]));
  const letterOf = (c) => (colourInfo[c] ? colourInfo[c].letter : c[0].toUpperCase());
  for (let c = 0; c < cols; c++) svgText(root, OX + c * TW + TW / 2, OY - 3, c, { "text-anchor": "middle", "font-size": 11, fill: "#6d4f24", "font-weight": 700 });
  for (let r = 0; r < rows; r++) svgText(root, OX / 2, OY + r * TH + TH / 2 + 4, r, { "text-anchor": "middle", "font-size": 11, fill: "#6d4f24", "font-weight": 700 });

  const move = view.turn ? view.turn.move : null;
  const inTurn = ["build", "kill", "tile", "place", "keep", "final"].includes(view.phase);
  const finalTile = inTurn && view.turn ? view.turn.final_tile : null;
  let anyLegal = false;
  const byName = new Map(view.tiles.map((t) => [t.tile, t]));

  for (const geo of layout.tiles) {
    const tile = byName.get(geo.tile) || { tile: geo.tile, type: null, meeples: {}, camel: null, palm_trees: 0, palaces: 0 };
    const x = OX + geo.col * TW;
    const y = OY + geo.row * TH;
    const g = svg("g", { class: "ft-tile", transform: `translate(${x},${y})`, "data-tile": geo.tile }, root);
    const type = tile.type ? layout.tile_types[tile.type] : null;
    const title = svg("title", {}, g);
    const meepleText = COLOUR_ORDER.filter((c) => tile.meeples[c]).map((c) => `${tile.meeples[c]} ${colourInfo[c] ? colourInfo[c].tribe : c}`).join(", ");
    title.textContent =
      `${geo.tile} ` +
      (type ? `${type.name} (${type.vp} VP, ${type.value}): ${type.action}` : "not dealt") +
      (meepleText ? `\nMeeples: ${meepleText}` : "\nNo meeples") +
      (tile.camel !== null && tile.camel !== undefined ? `\nCamel of ${ui.seatLetter(tile.camel)}` : "") +
      (tile.palm_trees ? `\nPalm Trees: ${tile.palm_trees}` : "") +
      (tile.palaces ? `\nPalaces: ${tile.palaces}` : "");
    svg("rect", { class: "ft-tbg", x: 2, y: 2, width: TW - 4, height: TH - 4, rx: 8, fill: type ? TILE_FILL[tile.type] || "#eee" : "#d8cfbd", stroke: "#6b5536", "stroke-width": 1.5 }, g);
    if (tile.camel !== null && tile.camel !== undefined) {
      svg("path", { d: `M2,${TH - 10} L${TW - 2},${TH - 10} Q${TW - 2},${TH - 2} ${TW - 10},${TH - 2} L10,${TH - 2} Q2,${TH - 2} 2,${TH - 10} Z`, fill: ui.seatColor(tile.camel), stroke: "#111", "stroke-width": 1 }, g);
    }
    if (type) {
      svgText(g, 7, 17, type.short, { "font-size": 11.5, "font-weight": 800, fill: "#2b2118" });
      svgText(g, 7, 28, geo.tile, { "font-size": 9, fill: "#6d5a3c" });
      svg("circle", { cx: TW - 16, cy: 16, r: 11, fill: VALUE_FILL[type.value], stroke: "#111", "stroke-width": 1.2 }, g);
      svgText(g, TW - 16, 20.5, type.vp, { "text-anchor": "middle", "font-size": 12.5, "font-weight": 800, fill: "#fff" });
    } else {
      svgText(g, 8, 18, geo.tile, { "font-size": 10, fill: "#6d5a3c" });
    }

    // meeples: one chip per colour present, in canonical order, the count under the pawn
    const present = COLOUR_ORDER.filter((c) => tile.meeples[c]);
    const step = 19.5;
    const x0 = TW / 2 - ((present.length - 1) * step) / 2;
    present.forEach((colour, i) => {
      const cx = x0 + i * step;
      const cy = 48;
      const chip = svg("g", { class: "ft-chip", "data-colour": colour }, g);
      svg("rect", { class: "ft-ring", x: cx - 9.5, y: cy - 17, width: 19, height: 35, rx: 5 }, chip);
      drawMeeple(chip, cx, cy, colour, letterOf(colour));
      const n = tile.meeples[colour];
      if (n > 1) svgText(chip, cx, cy + 20.5, n, { "text-anchor": "middle", "font-size": 11.5, "font-weight": 800, fill: "#111" });
      const ct = svg("title", {}, chip);
      ct.textContent = `${n} ${colourInfo[colour] ? colourInfo[colour].tribe : colour} (${colour})`;
      bind(chip, `chip:${geo.tile}:${colour}`);
    });

    // bottom line: camel, palm trees, palaces
    if (tile.camel !== null && tile.camel !== undefined) drawCamel(g, 6, 69, ui.seatColor(tile.camel), ui.seatLetter(tile.camel));
    let bx = 52;
    if (tile.palm_trees) {
      drawPalm(g, bx, 86);
      if (tile.palm_trees > 1) svgText(g, bx + 9, 95, "×" + tile.palm_trees, { "font-size": 11, "font-weight": 800, fill: "#12461a", stroke: "#fff", "stroke-width": 2.2, "paint-order": "stroke" });
      bx += 24;
    }
    if (tile.palaces) {
      drawPalace(g, bx, 85);
      if (tile.palaces > 1) svgText(g, bx + 9, 95, "×" + tile.palaces, { "font-size": 11, "font-weight": 800, fill: "#4a300a", stroke: "#fff", "stroke-width": 2.2, "paint-order": "stroke" });
    }

    svg("rect", { class: "ft-hl2", x: 2, y: 2, width: TW - 4, height: TH - 4, rx: 8 }, g);
    svg("rect", { class: "ft-hl", x: 2, y: 2, width: TW - 4, height: TH - 4, rx: 8 }, g);
    // movement marks
    if (move && move.from === geo.tile) {
      svg("rect", { x: 4.5, y: 4.5, width: TW - 9, height: TH - 9, rx: 5, fill: "none", stroke: "#3d2b14", "stroke-width": 2.5, "stroke-dasharray": "3 4", "pointer-events": "none" }, g);
    }
    if ((move && move.at === geo.tile) || finalTile === geo.tile) {
      svg("rect", { x: 4.5, y: 4.5, width: TW - 9, height: TH - 9, rx: 5, fill: "none", stroke: "#111", "stroke-width": 3, "pointer-events": "none" }, g);
      const label = move && move.at === geo.tile ? "HERE" : "FINAL";
      const lw = label.length * 7 + 8;
      svg("rect", { x: TW / 2 - lw / 2, y: -1, width: lw, height: 13, rx: 3, fill: "#111", "pointer-events": "none" }, g);
      svgText(g, TW / 2, 9, label, { "text-anchor": "middle", "font-size": 9.5, "font-weight": 800, fill: "#fff", "pointer-events": "none" });
    }
    if (bind(g, "tile:" + geo.tile)) anyLegal = true;
  }
  if (anyLegal && legalCount) root.classList.add("ft-choosing");
  return root;
}

// ---------------------------------------------------------------- panels

const PHASE_HINT = {
  bid: "bids for turn order",
  pick: "picks a start tile",
  step: "steps to a neighbouring tile",
  drop: "drops a meeple",
  build: "collects Builder gold",
  kill: "chooses an Assassins' victim",
  tile: "takes the tile's action",
  place: "places the piece (Hagis/Lamia may move it)",
  keep: "keeps one Sibittis Djinn",
  final: "may use Djinns and sell, then ends the turn",
};
const MY_HINT = {
  bid: "Click a spot on the Turn Order track.",
  pick: "Click a highlighted tile to pick up its meeples.",
  step: "Click a highlighted neighbouring tile.",
  drop: "Click a meeple in your hand (or the tile) to drop it.",
  build: "Click the final tile to choose how many Fakirs to add.",
  kill: "Click a highlighted meeple, tile, or held Vizier/Elder.",
  tile: "Click a highlighted tile, card or Djinn — or pass.",
  place: "Click the tile for the piece.",
  keep: "Click the Djinn to keep.",
  final: "Click your cards to sell a suit, your Djinns to use them — or end.",
};

function seatName(msg, seat) {
  const s = msg.table && msg.table.seats ? msg.table.seats.find((x) => x.seat === seat) : null;
  return s && s.name ? s.name : `Player ${seat}`;
}

function drawStatus(parent, msg, view, ui) {
  const box = html("div", "ft-status", parent);
  if (msg.over || view.phase === "over") {
    box.append("Game over — final scores in the table.");
    return;
  }
  box.append(`Round ${view.round} · `);
  const actor = view.to_act;
  if (actor !== null && actor !== undefined) {
    box.append(token(actor, ui));
    const b = html("b", "", box, " " + seatName(msg, actor));
    b.style.marginLeft = "2px";
    box.append(" " + (PHASE_HINT[view.phase] || view.phase));
    if (view.phase === "drop" && view.turn && view.turn.move) box.append(` on ${view.turn.move.at}`);
    if (msg.legal && msg.legal.length && MY_HINT[view.phase]) {
      html("div", "", box, MY_HINT[view.phase]).style.fontSize = "12px";
    }
  } else box.append("…");
  if (view.final_round) html("span", "ft-final", box, "FINAL ROUND");
}

function drawTracks(parent, view, layout, ui, bind) {
  const box = html("div", "ft-box", parent);
  const k = view.phase === "bid" && view.turn ? view.turn.kumarbi_discount || 0 : 0;
  const h = html("div", "ft-h", box, "Turn order track");
  if (k) html("small", "", h, `Kumarbi: ${k} spot${k > 1 ? "s" : ""} cheaper`);
  const track = html("div", "ft-track", box);
  const costs = layout.turn_track.map((s) => s.cost);
  const paid = (view.turn_order && view.turn_order.paid) || {};
  const zeros = (view.turn_order && view.turn_order.zero_queue) || [];
  const last = (view.turn_order && view.turn_order.last) || [];
  const zeroBox = html("div", "ft-zero");
  zeroBox.title = "Zero queue (front first): bid 0 goes to the front";
  for (const spot of layout.turn_track) {
    if (spot.paid) {
      const el = html("div", "ft-spot ft-paid", track);
      const c = html("div", "ft-cost", el);
      const eff = costs[Math.min(spot.spot + k, costs.length) - 1];
      if (k && eff !== spot.cost) {
        html("s", "", c, spot.cost);
        c.append(" " + eff);
      } else c.textContent = spot.cost;
      el.title = `Spot ${spot.spot}: costs ${k ? eff : spot.cost} gold`;
      const seat = paid[String(spot.cost)];
      if (seat !== undefined) el.append(token(seat, ui));
      bind(el, "bid:" + spot.cost);
    } else {
      if (!zeroBox.parentNode) track.append(zeroBox);
      const el = html("div", "ft-spot", zeroBox);
      html("div", "ft-cost", el, "0");
      const i = spot.spot - 7;
      if (zeros[i] !== undefined) el.append(token(zeros[i], ui));
    }
  }
  bind(zeroBox, "bid:0");
  const lastEl = html("div", "ft-spot", track);
  html("div", "ft-cost", lastEl, "last");
  lastEl.title = "After the zero queue (no gold)";
  for (const s of last) lastEl.append(token(s, ui));
  bind(lastEl, "bid:last");

  // Bid Order track: during bidding, the markers still to bid; during turns, the next round's order
  const h2 = html("div", "ft-h", box, "Bid order track");
  h2.style.marginTop = "6px";
  const bidding = view.phase === "bid";
  html("small", "", h2, bidding ? "markers still to bid" : "next round");
  const bt = html("div", "ft-track", box);
  const slots = layout.bid_slots || view.bid_order.length;
  for (let i = 0; i < slots; i++) {
    const el = html("div", "ft-spot", bt);
    html("div", "ft-cost", el, i + 1);
    let seat;
    if (bidding) {
      if (i >= view.bid_slot) seat = view.bid_order[i];
      if (i === view.bid_slot) el.classList.add("ft-bidnow");
    } else seat = view.next_bid_order[i];
    if (seat !== undefined) el.append(token(seat, ui));
  }
}

function cardEl(card, layout, extraCls) {
  const info = (layout.cards || []).find((c) => c.card === card);
  const el = html("div", "ft-card" + (extraCls ? " " + extraCls : ""));
  el.style.background = CARD_FILL[card] || "#ddd";
  el.style.color = CARD_INK[card] || "#1c140a";
  const name = info ? info.name.replace(" card", "") : card;
  html("span", "", el, name);
  el.title = info ? `${info.name}${info.merchandise ? "" : " (not Merchandise)"}` : card;
  return el;
}

function drawRow(parent, view, layout, bind) {
  const box = html("div", "ft-box", parent);
  const h = html("div", "ft-h", box, "Resource cards");
  const pile = Object.values(view.resource_pile || {}).reduce((a, b) => a + b, 0);
  const disc = Object.values(view.resource_discard || {}).reduce((a, b) => a + b, 0);
  html("small", "", h, `pile ${pile} · discard ${disc}`);
  const row = html("div", "ft-row", box);
  const finalType = view.turn && view.turn.final_tile ? (view.tiles.find((t) => t.tile === view.turn.final_tile) || {}).type : null;
  const reach = view.phase === "tile" ? (finalType === "small-market" ? 3 : finalType === "large-market" ? 6 : 0) : 0;
  view.row.forEach((card, i) => {
    const el = cardEl(card, layout);
    html("span", "ft-pos", el, i + 1);
    row.append(el);
    if (i < reach) bind(el, "row:" + card);
  });
  for (let i = view.row.length; i < (layout.row_size || 9); i++) html("div", "ft-gap", row);
}

function djinnEl(name, layout, mini) {
  const info = (layout.djinns || []).find((d) => d.djinn === name) || { name, vp: "?", cost: "", power: "" };
  const el = html("div", "ft-djinn" + (mini ? " ft-mini" : ""));
  html("div", "ft-dn", el, info.name);
  html("div", "ft-vp", el, info.vp);
  if (!mini) {
    html("span", "ft-dc", el, info.cost ? `cost ${info.cost}` : info.timing);
    html("div", "", el, info.power);
  }
  el.title = `${info.name} (${info.vp} VP)${info.cost ? ", cost " + info.cost : ""}: ${info.power}`;
  return el;
}

function drawDisplay(parent, view, layout, bind) {
  const box = html("div", "ft-box", parent);
  const h = html("div", "ft-h", box, "Djinns");
  html("small", "", h, `pile ${view.djinn_pile.length} · discard ${view.djinn_discard.length} · E = Elder, F = Fakir`);
  const row = html("div", "ft-djinns", box);
  for (const d of view.display) {
    const el = djinnEl(d, layout, false);
    row.append(el);
    bind(el, "display:" + d);
  }
  if (!view.display.length) html("div", "ft-empty", row, "display empty");
  if (view.sibittis_drawn && view.sibittis_drawn.length) {
    const h2 = html("div", "ft-h", box, "Drawn with Sibittis");
    h2.style.marginTop = "6px";
    const r2 = html("div", "ft-djinns", box);
    for (const d of view.sibittis_drawn) {
      const el = djinnEl(d, layout, false);
      r2.append(el);
      bind(el, "keep:" + d);
    }
  }
}

function drawTurnPanel(parent, view, layout, bind) {
  const turn = view.turn || {};
  const move = turn.move;
  const colourInfo = Object.fromEntries((layout.colours || []).map((c) => [c.colour, c]));
  const box = html("div", "ft-box");
  if (move && move.hand && Object.keys(move.hand).length) {
    const h = html("div", "ft-h", box, "Meeples in hand");
    html("small", "", h, `at ${move.at}`);
    const row = html("div", "ft-supply", box);
    for (const c of COLOUR_ORDER) {
      const n = move.hand[c];
      if (!n) continue;
      const chip = html("span", "ft-mchip", row);
      chip.append(meepleIcon(c, colourInfo[c] ? colourInfo[c].letter : c[0].toUpperCase()), "×" + n);
      chip.title = `${n} ${colourInfo[c] ? colourInfo[c].tribe : c} (${c})`;
      chip.style.padding = "2px 4px";
      chip.style.borderRadius = "5px";
      bind(chip, "hand:" + c);
    }
    if (view.phase === "drop" || view.phase === "step") row.style.marginBottom = "4px";
  }
  const notes = [];
  if (view.phase === "build") {
    let blue = 0;
    const ft = layout.tiles.find((t) => t.tile === turn.final_tile);
    if (ft) {
      for (const t of layout.tiles) {
        const tt = (view.tiles.find((v) => v.tile === t.tile) || {}).type;
        if (Math.abs(t.col - ft.col) <= 1 && Math.abs(t.row - ft.row) <= 1 && tt && layout.tile_types[tt].value === "blue") blue++;
      }
    }
    notes.push(`Builders collected: ${turn.collected} · blue tiles around ${turn.final_tile}: ${blue} · gold = (${turn.collected} + Fakirs) × ${blue}${turn.echidna ? " × 2" : ""}`);
  }
  if (view.phase === "kill") {
    const actor = view.players_info.find((p) => p.seat === view.to_act);
    const fakirs = actor && actor.cards ? actor.cards.fakir || 0 : 0;
    notes.push(`Assassins collected: ${turn.collected} · range from ${turn.final_tile}: ${turn.collected} + ${fakirs} Fakir${fakirs === 1 ? "" : "s"} = ${turn.collected + fakirs}`);
  }
  if (turn.echidna) notes.push("Echidna: Builder gold doubled");
  if (turn.iblis) notes.push("Iblis: kill two at once");
  if (notes.length) html("div", "", box, notes.join(" · ")).style.cssText = "font-size:12px;font-weight:700";
  if (box.childNodes.length) parent.append(box);
}

function drawSupply(parent, view, layout) {
  const box = html("div", "ft-box", parent);
  const colourInfo = Object.fromEntries((layout.colours || []).map((c) => [c.colour, c]));
  html("div", "ft-h", box, "Supply and bag");
  const row = html("div", "ft-supply", box);
  const palm = html("span", "", row);
  palm.append(iconSvg("palm"), `${view.supply.palm_trees} left`);
  palm.title = "Palm Trees left in the supply";
  const pal = html("span", "", row);
  pal.append(iconSvg("palace"), `${view.supply.palaces} left`);
  pal.title = "Palaces left in the supply";
  const bag = html("span", "", row);
  bag.append("Bag:");
  for (const c of COLOUR_ORDER) {
    const chip = html("span", "ft-mchip", bag);
    chip.append(meepleIcon(c, colourInfo[c] ? colourInfo[c].letter : c[0].toUpperCase()), String(view.bag[c] || 0));
    chip.title = `${view.bag[c] || 0} ${colourInfo[c] ? colourInfo[c].tribe : c} in the bag`;
  }
}

function drawPlayers(parent, msg, view, layout, ui, bind) {
  const wrap = html("div", "ft-players", parent);
  const colourInfo = Object.fromEntries((layout.colours || []).map((c) => [c.colour, c]));
  const used = new Set((view.turn && view.turn.used) || []);
  const cardOrder = (layout.cards || []).map((c) => c.card);
  for (const p of view.players_info) {
    const box = html("div", "ft-player", wrap);
    box.style.borderLeftColor = ui.seatColor(p.seat);
    if (view.to_act === p.seat && !msg.over) box.classList.add("ft-acting");
    const head = html("div", "ft-ph", box);
    head.append(token(p.seat, ui));
    html("span", "ft-name", head, seatName(msg, p.seat));
    if (msg.seat === p.seat) html("span", "ft-you", head, "you");
    const sc = p.score || {};
    const scoreEl = html("span", "ft-score", head, `${sc.total ?? "?"} VP`);
    scoreEl.title =
      Object.entries(sc)
        .filter(([k2]) => k2 !== "total")
        .map(([k2, v]) => `${k2.replace("_", " ")}: ${v}`)
        .join("\n") + (p.gold === "hidden" ? "\n(gold hidden, not counted)" : "");
    if (p.gold === "hidden") scoreEl.textContent += " + gold";

    const stats = html("div", "ft-stats", box);
    const gold = html("span", "", stats);
    gold.append(coinIcon(), p.gold === "hidden" ? "?" : String(p.gold));
    gold.title = p.gold === "hidden" ? "Gold is secret" : "Gold";
    const cam = html("span", "", stats);
    cam.append(camelIcon(ui.seatColor(p.seat), ui.seatLetter(p.seat)), String(p.camels_left));
    cam.title = `${p.camels_left} camels left; ${view.tiles.filter((t) => t.camel === p.seat).length} tiles owned`;
    for (const [c, n] of [
      ["yellow", p.viziers],
      ["white", p.elders],
    ]) {
      const el = html("span", "", stats);
      el.append(meepleIcon(c, colourInfo[c] ? colourInfo[c].letter : c[0].toUpperCase()), `${n}`);
      el.title = `${n} ${colourInfo[c] ? colourInfo[c].tribe : c} held`;
      bind(el, `held:${p.seat}:${c}`);
    }

    const hand = html("div", "ft-hand", box);
    const cards = Object.entries(p.cards || {}).sort((a, b) => cardOrder.indexOf(a[0]) - cardOrder.indexOf(b[0]));
    if (!cards.length) html("span", "ft-empty", hand, "no cards");
    for (const [card, n] of cards) {
      const el = cardEl(card, layout);
      if (n > 1) html("span", "ft-n", el, "×" + n);
      hand.append(el);
      if (msg.seat === p.seat) bind(el, "sell:" + card);
    }

    const dj = html("div", "ft-djinns", box);
    if (!p.djinns.length) html("span", "ft-empty", dj, "no Djinns");
    for (const d of p.djinns) {
      const el = djinnEl(d, layout, true);
      if (view.to_act === p.seat && used.has(d)) el.classList.add("ft-used");
      dj.append(el);
      if (msg.seat === p.seat) bind(el, "djinn:" + d);
    }
  }
}

// ---------------------------------------------------------------- entry point

export function draw(root, msg, layout, ui) {
  ensureStyle();
  root.replaceChildren();
  const view = msg.view;
  if (!view || !view.tiles || !layout || !layout.tiles) {
    root.textContent = "Waiting for the board…";
    return;
  }
  const legal = Array.isArray(msg.legal) ? msg.legal : [];
  const bind = makeBinder(indexLegal(legal, view), ui);
  const ft = html("div", "ft", root);
  const main = html("div", "ft-main", ft);
  const left = html("div", "ft-side", main);
  left.append(drawSultanate(view, layout, ui, bind, legal.length));
  drawStatus(left, msg, view, ui);
  drawTurnPanel(left, view, layout, bind);
  const legend = html("div", "ft-legend", left);
  for (const c of layout.colours || []) {
    const s = html("span", "ft-mchip", legend);
    s.append(meepleIcon(c.colour, c.letter), c.tribe);
    s.title = c.action;
    s.style.fontWeight = "400";
  }
  const val = html("span", "", legend, "VP disc: blue = Village/Sacred, red = Oasis/Market");
  val.title = "Builders count blue-valued tiles around the final tile";
  const side = html("div", "ft-side", main);
  drawTracks(side, view, layout, ui, bind);
  drawRow(side, view, layout, bind);
  drawDisplay(side, view, layout, bind);
  drawSupply(side, view, layout);
  drawPlayers(ft, msg, view, layout, ui, bind);
}
