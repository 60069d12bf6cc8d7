// Through the Desert: the hex map, the camel supply and each player's caravans and points.
// draw(root, msg, layout, ui): msg.view is the engine's view (views.py), layout comes from
// games/through_the_desert/layout.py (hex centres for size 1, terrain, river edges).

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["blue", "green", "red", "yellow", "white"];
const FILL = {
  blue: "#2f6fd6",
  green: "#2f9a4c",
  red: "#d33a2c",
  yellow: "#f4c93a",
  white: "#f8f7f1",
};
const INK = { blue: "#fff", green: "#fff", red: "#fff", yellow: "#1a1a1a", white: "#1a1a1a" };
const LETTER = { blue: "B", green: "G", red: "R", yellow: "Y", white: "W" };
const SQRT3 = Math.sqrt(3);

// The colour the player narrowed the highlights to (kept between messages, reset when
// it has no legal action any more).
let focus = null;
// On a narrow screen the map can be shown at twice the size in a scrolling box.
let zoomed = false;

const CSS = `
.ttd { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; container-type: inline-size;
  font: 14px/1.35 system-ui, sans-serif; color: #2b2116; }
.ttd-main { flex: 1 1 520px; min-width: 0; display: flex; flex-direction: column; gap: 6px; }
.ttd-side { flex: 0 1 236px; min-width: 200px; display: flex; flex-direction: column; gap: 8px; }
.ttd-map { width: 100%; height: auto; display: block; background: #e9d5a6;
  border: 2px solid #6b5434; border-radius: 8px; }
.ttd-status { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; min-height: 30px;
  background: #fbf3df; border: 1px solid #c9ad78; border-radius: 6px; padding: 4px 8px; }
.ttd-status b { font-weight: 650; }
.ttd-ending { color: #9b1c10; font-weight: 650; }
.ttd-focus { display: inline-flex; flex-wrap: wrap; gap: 4px 5px; align-items: center; margin-left: auto; }
.ttd-chip { display: inline-flex; align-items: center; gap: 3px; border: 2px solid #1a1a1a;
  border-radius: 12px; padding: 0 7px 0 2px; background: #fff; font: inherit; font-size: 13px;
  cursor: pointer; color: #1a1a1a; min-height: 26px; }
.ttd-chip.ttd-on { background: #1a1a1a; color: #fff; }
.ttd-chip.ttd-all { padding: 0 8px; }
.ttd-chip.ttd-pick { padding: 0 2px; }
.ttd-chip.ttd-on .ttd-dot { border-color: #fff; }
.ttd-dot { display: inline-grid; place-items: center; width: 20px; height: 20px; border-radius: 50%;
  border: 2px solid #1a1a1a; font-weight: 800; font-size: 11px; box-sizing: border-box; }
.ttd-sq { border-radius: 4px; }
.ttd-panel { background: #fbf3df; border: 1px solid #c9ad78; border-radius: 6px; padding: 6px 8px; }
.ttd-panel h4 { margin: 0 0 4px; font-size: 13px; text-transform: uppercase; letter-spacing: .04em;
  color: #6b5434; }
.ttd-supply { display: grid; grid-template-columns: repeat(5, 1fr); gap: 4px 10px; }
.ttd-sup { display: grid; grid-template-columns: auto 1fr; grid-template-rows: auto auto;
  column-gap: 5px; align-items: center; font-size: 13px; }
.ttd-sup > .ttd-dot { grid-row: 1 / 3; }
.ttd-sup b { font-size: 16px; line-height: 1.1; }
.ttd-bar { width: 100%; height: 5px; background: #e4d3ad; border-radius: 3px; overflow: hidden; }
.ttd-bar > i { display: block; height: 100%; background: #6b5434; }
.ttd-empty { color: #9b1c10; }
.ttd-player { border-left: 6px solid var(--seat); }
.ttd-player.ttd-acting { box-shadow: 0 0 0 2px var(--seat); }
.ttd-phead { display: flex; align-items: center; gap: 6px; margin-bottom: 4px; }
.ttd-badge { display: inline-grid; place-items: center; width: 22px; height: 22px; border-radius: 50%;
  background: var(--seat); color: #fff; font-weight: 800; font-size: 12px; border: 2px solid #1a1a1a;
  text-shadow: 0 0 2px #000, 0 0 2px #000; box-sizing: border-box; flex: none; }
.ttd-pname { font-weight: 650; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ttd-total { margin-left: auto; font-weight: 800; font-size: 17px; }
.ttd-row { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 2px 0; font-size: 13px; }
.ttd-label { color: #6b5434; min-width: 52px; }
.ttd-cars { display: grid; grid-template-columns: repeat(5, 1fr); gap: 2px; text-align: center;
  font-size: 12px; margin: 3px 0; }
.ttd-car { display: flex; flex-direction: column; align-items: center; }
.ttd-car b { font-size: 14px; }
.ttd-none { opacity: .35; }
.ttd-lead { color: #9b6a00; }
.ttd-parts { display: flex; flex-wrap: wrap; gap: 2px 10px; font-size: 13px; }
.ttd-parts span b { font-weight: 700; }
.ttd-removed { text-decoration: line-through; opacity: .6; }
.ttd-legend { font-size: 12px; color: #6b5434; display: flex; flex-wrap: wrap; gap: 2px 12px; }
.ttd .ttd-act.legal { cursor: pointer; box-shadow: 0 0 0 2px #fff, 0 0 0 4px #1a1a1a; }
button.ttd-dot { padding: 0; font-family: inherit; }
.ttd .ttd-act.legal:hover { box-shadow: 0 0 0 2px #fff, 0 0 0 5px var(--legal, #d55e00); }
.board .ttd-icon { width: 1.15em; height: 1.15em; display: inline-block; vertical-align: -0.2em; }
.ttd-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 8px; }
.ttd-extra { display: inline-flex; align-items: center; gap: 1px; font-size: 12px; min-height: 1.2em; }
.ttd-map .legal { cursor: pointer; }
.ttd-map .legal .ttd-hl { fill: rgba(255,255,255,.42); stroke: #111; stroke-width: .13; }
.ttd-map .legal:hover .ttd-hl, .ttd-map .legal:focus .ttd-hl { fill: rgba(255,255,255,.85); stroke-width: .2; }
.ttd-map .legal:focus { outline: none; }
.ttd-map text { pointer-events: none; font-family: system-ui, sans-serif; }
.ttd-mapbox { overflow: auto; border-radius: 8px; }
.ttd-zoom { display: none; }
.ttd-mapbox.ttd-zoomed { max-height: 75vh; }
.ttd-zoomed .ttd-map { min-width: 640px; }
.ttd-wide .ttd-zoomed .ttd-map { min-width: 800px; }
@container (max-width: 770px) { .ttd-side { flex-basis: 100%; } }
@container (max-width: 600px) { .ttd-zoom { display: inline-flex; } }
@container (max-width: 520px) { .ttd-focus { margin-left: 0; } .ttd-map text.ttd-coord { display: none; } }
`;

function ensureStyle() {
  if (document.getElementById("style-through_the_desert")) return;
  const style = document.createElement("style");
  style.id = "style-through_the_desert";
  style.textContent = CSS;
  document.head.appendChild(style);
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "style" && typeof v === "object") {
      for (const [prop, val] of Object.entries(v)) node.style.setProperty(prop, val);
    } else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    node.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function centre(col, row) {
  return [1.5 * col, SQRT3 * (row + 0.5 * (((col % 2) + 2) % 2))];
}

function hexPoints(x, y, r = 1) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + r * Math.cos(a)).toFixed(3)},${(y + r * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(" ");
}

function neighbours(col, row) {
  const d = col % 2 === 0
    ? [[0, -1], [0, 1], [-1, -1], [-1, 0], [1, -1], [1, 0]]
    : [[0, -1], [0, 1], [-1, 0], [-1, 1], [1, 0], [1, 1]];
  return d.map(([dc, dr]) => [col + dc, row + dr]);
}

function sharedEdge(a, b) {
  const [ax, ay] = centre(...a);
  const [bx, by] = centre(...b);
  const mx = (ax + bx) / 2, my = (ay + by) / 2;
  const len = Math.hypot(bx - ax, by - ay);
  const px = -(by - ay) / len / 2, py = (bx - ax) / len / 2;
  return [mx - px, my - py, mx + px, my + py];
}

function seatName(msg, seat) {
  const s = (msg.table && msg.table.seats || []).find((t) => t.seat === seat);
  return (s && s.name) || `Seat ${seat + 1}`;
}

// ---- pieces and terrain glyphs (all drawn around 0,0 and translated) ----

function seatBadge(x, y, seat, ui, r = 0.27) {
  return svg("g", { transform: `translate(${x},${y})` },
    svg("circle", { r, style: `fill: ${ui.seatColor(seat)}`, stroke: "#111", "stroke-width": 0.06 }),
    svg("text", {
      y: r * 0.38, "text-anchor": "middle", "font-size": r * 1.15, "font-weight": 800,
      fill: "#fff", stroke: "#111", "stroke-width": 0.07, "paint-order": "stroke",
    }, ui.seatLetter(seat)));
}

function pieceGlyph(piece, ui) {
  const c = piece.colour;
  const g = svg("g", { class: `ttd-piece ttd-${c}` });
  if (piece.leader) {
    g.append(svg("rect", {
      x: -0.6, y: -0.6, width: 1.2, height: 1.2, rx: 0.2,
      fill: FILL[c], stroke: "#111", "stroke-width": 0.11,
    }));
    g.append(svg("rect", {
      x: -0.45, y: -0.45, width: 0.9, height: 0.9, rx: 0.12,
      fill: "none", stroke: INK[c], "stroke-width": 0.05, opacity: 0.7,
    }));
  } else {
    g.append(svg("circle", { r: 0.56, fill: FILL[c], stroke: "#111", "stroke-width": 0.09 }));
  }
  g.append(svg("text", {
    y: 0.24, "text-anchor": "middle", "font-size": piece.leader ? 0.72 : 0.66, "font-weight": 800,
    fill: INK[c],
  }, LETTER[c]));
  g.append(seatBadge(0.5, 0.5, piece.seat, ui));
  return g;
}

function palmGlyph() {
  const g = svg("g", { class: "ttd-palm" });
  g.append(svg("ellipse", { cx: 0, cy: 0.52, rx: 0.5, ry: 0.14, fill: "#5aa0c8", opacity: 0.8 }));
  g.append(svg("path", {
    d: "M0.05,0.52 Q0.12,0.05 -0.02,-0.28", fill: "none", stroke: "#6b4423",
    "stroke-width": 0.13, "stroke-linecap": "round",
  }));
  for (const a of [-150, -110, -65, -25, 15]) {
    g.append(svg("ellipse", {
      cx: 0.27, cy: 0, rx: 0.3, ry: 0.1, fill: "#1f6e2c", stroke: "#0e3d16", "stroke-width": 0.03,
      transform: `translate(-0.02,-0.28) rotate(${a + 180})`,
    }));
  }
  return g;
}

function tokenGlyph(value) {
  const g = svg("g", { class: "ttd-token" });
  g.append(svg("path", {
    d: "M0,-0.62 C0.22,-0.32 0.46,-0.08 0.46,0.18 A0.46,0.46 0 0 1 -0.46,0.18 C-0.46,-0.08 -0.22,-0.32 0,-0.62 Z",
    fill: "#bfe3fb", stroke: "#0f4c81", "stroke-width": 0.08,
  }));
  g.append(svg("text", {
    y: 0.38, "text-anchor": "middle", "font-size": 0.58, "font-weight": 800, fill: "#0f3a63",
  }, value));
  return g;
}

function mountainGlyph(dim) {
  return svg("g", { opacity: dim ? 0.45 : 1 },
    svg("polygon", { points: "-0.7,0.4 -0.2,-0.45 0.3,0.4", fill: "#6f5a44", stroke: "#3e3023", "stroke-width": 0.05 }),
    svg("polygon", { points: "-0.2,-0.45 -0.36,-0.18 -0.04,-0.18", fill: "#f3ece0" }),
    svg("polygon", { points: "0.0,0.4 0.35,-0.2 0.7,0.4", fill: "#85705a", stroke: "#3e3023", "stroke-width": 0.05 }));
}

// ---- legal actions ----

function parseLegal(legal) {
  const byHex = new Map(); // hex id -> [{text, colour}]
  const remove = new Map(); // colour -> text
  for (const text of legal) {
    const w = text.split(" ");
    if ((w[0] === "camel" || w[0] === "leader") && w.length === 3) {
      if (!byHex.has(w[2])) byHex.set(w[2], []);
      byHex.get(w[2]).push({ text, colour: w[1], kind: w[0] });
    } else if (w[0] === "remove-leader" && w.length === 2) {
      remove.set(w[1], text);
    }
  }
  return { byHex, remove };
}

function makeClickable(node, texts, ui) {
  node.classList.add("legal");
  if (texts.length === 1) {
    node.setAttribute("data-action", texts[0]);
  } else {
    node.setAttribute("data-actions", texts.join("|"));
  }
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  const act = (ev) => {
    ev.preventDefault();
    if (texts.length === 1) ui.choose(texts[0]);
    else ui.offer(texts);
  };
  node.addEventListener("click", act);
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") act(ev);
  });
}

// ---- the map ----

function describe(cell, palms, tokens) {
  const what = {
    mountain: "mountains", blocked: "rocks (border)", desert: "desert",
    water: "watering hole", oasis: palms.has(cell.id) ? "oasis with palm" : "oasis site without palm",
  }[cell.terrain];
  const token = cell.id in tokens ? `, token ${tokens[cell.id]}` : "";
  return `${cell.id}: ${what}${token}`;
}

function drawMap(msg, layout, ui, legalByHex) {
  const view = msg.view;
  const hexes = layout.hexes || [];
  const cols = layout.cols || 23;
  const rows = layout.rows || 13;
  const w = 1.5 * (cols - 1) + 2;
  const h = SQRT3 * (rows + 0.5);
  const pad = 0.25;
  const root = svg("svg", {
    class: "ttd-map", viewBox: `${-1 - pad} ${-SQRT3 / 2 - pad} ${w + 2 * pad} ${h + 2 * pad}`,
    role: "group", "aria-label": "Through the Desert map",
  });
  const defs = svg("defs");
  root.append(defs);
  const gTerrain = svg("g");
  const gRiver = svg("g");
  const gClosed = svg("g");
  const gItems = svg("g");
  const gLegal = svg("g");
  root.append(gTerrain, gClosed, gRiver, gItems, gLegal);

  const palms = new Set(view.palms || []);
  const tokens = view.tokens || {};
  const pieceAt = new Map((view.pieces || []).map((p) => [p.hex, p]));
  const closedAt = new Map();
  (view.closed || []).forEach((region, i) => {
    for (const id of region.hexes) closedAt.set(id, { ...region, index: i });
  });

  // closed-region hatch patterns, one per caravan colour
  for (const c of COLOURS) {
    defs.append(svg("pattern", {
      id: `ttd-hatch-${c}`, width: 0.45, height: 0.45, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)",
    }, svg("rect", { width: 0.45, height: 0.45, fill: "#d8c397" }),
      svg("rect", { width: 0.2, height: 0.45, fill: FILL[c], opacity: 0.85 })));
  }

  for (const cell of hexes) {
    const { x, y, terrain } = cell;
    let fill = "#f2dfae";
    let stroke = "#d2b47c";
    if (terrain === "mountain") { fill = "#b39c80"; stroke = "#8c7458"; }
    else if (terrain === "blocked") { fill = "#d4bb8c"; stroke = "#c4a877"; }
    else if (cell.shaded) { fill = "#ecd29d"; }
    if (terrain === "oasis" && palms.has(cell.id)) fill = "#cfe7a2";
    gTerrain.append(svg("polygon", {
      points: hexPoints(x, y, 1), fill, stroke, "stroke-width": 0.05,
    }, svg("title", {}, describe(cell, palms, tokens))));
    const at = (node) => {
      node.setAttribute("transform", `translate(${x},${y}) ${node.getAttribute("transform") || ""}`);
      return node;
    };
    if (terrain === "mountain") { gTerrain.append(at(mountainGlyph(false))); continue; }
    if (terrain === "blocked") {
      gTerrain.append(svg("g", { transform: `translate(${x},${y}) scale(0.55)` }, mountainGlyph(true)));
      continue;
    }
    // an empty well or oasis site: a faint ring, so the printed terrain stays visible
    const dry = (terrain === "water" || terrain === "oasis") && !(cell.id in tokens) && !palms.has(cell.id);
    if (dry) {
      gTerrain.append(svg("circle", {
        cx: x, cy: y + 0.05, r: 0.3, fill: "none", stroke: "#b89a64", "stroke-width": 0.06,
        "stroke-dasharray": "0.1 0.08",
      }));
    }
    const closed = closedAt.get(cell.id);
    if (closed) {
      gClosed.append(svg("polygon", {
        points: hexPoints(x, y, 1), fill: `url(#ttd-hatch-${closed.colour})`, stroke: "none",
      }));
      if (!palms.has(cell.id)) {
        gClosed.append(seatBadge(x, y, closed.seat, ui, 0.3));
      }
    }
    if (palms.has(cell.id)) gItems.append(at(palmGlyph()));
    if (cell.id in tokens && !pieceAt.has(cell.id)) {
      gItems.append(at(tokenGlyph(tokens[cell.id])));
    }
    const piece = pieceAt.get(cell.id);
    if (piece) gItems.append(at(pieceGlyph(piece, ui)));
    if (cell.playable && !piece && !palms.has(cell.id) && !(cell.id in tokens) && !closed) {
      gTerrain.append(svg("text", {
        class: "ttd-coord", x, y: dry ? y - 0.45 : y + 0.11, "text-anchor": "middle", "font-size": 0.32, fill: "#b39a6a",
      }, cell.id));
    }
  }

  // closed-region outlines in the owner's seat colour
  for (const region of view.closed || []) {
    const inside = new Set(region.hexes);
    for (const id of region.hexes) {
      const [c, r] = id.split(",").map(Number);
      for (const [nc, nr] of neighbours(c, r)) {
        if (inside.has(`${nc},${nr}`)) continue;
        const [x1, y1, x2, y2] = sharedEdge([c, r], [nc, nr]);
        gClosed.append(svg("line", {
          x1, y1, x2, y2, stroke: "#111", "stroke-width": 0.24, "stroke-linecap": "round",
        }));
        gClosed.append(svg("line", {
          x1, y1, x2, y2, style: `stroke: ${ui.seatColor(region.seat)}`, "stroke-width": 0.14,
          "stroke-linecap": "round",
        }));
      }
    }
  }

  // the river along hex edges (river side)
  if ((layout.river || []).length) {
    const d = layout.river.map((e) => `M${e.edge[0][0]},${e.edge[0][1]} L${e.edge[1][0]},${e.edge[1][1]}`).join(" ");
    gRiver.append(svg("path", {
      d, fill: "none", stroke: "#0d4f86", "stroke-width": 0.36, "stroke-linecap": "round",
    }));
    gRiver.append(svg("path", {
      d, fill: "none", stroke: "#4fa8e6", "stroke-width": 0.22, "stroke-linecap": "round",
    }));
  }

  // the shaded strip (4–5 players): a dashed line where it begins
  if (layout.full) {
    const x = 1.5 * 17.5;
    gTerrain.append(svg("line", {
      x1: x, y1: -SQRT3 / 2, x2: x, y2: h - SQRT3 / 2, stroke: "#8c7458", "stroke-width": 0.07,
      "stroke-dasharray": "0.3 0.2",
    }));
  }

  // legal hexes
  const sets = [...legalByHex.values()].map((acts) => acts.map((a) => a.colour).join());
  const uniform = sets.every((s) => s === sets[0]);
  const cellById = new Map(hexes.map((c) => [c.id, c]));
  for (const [id, allActs] of legalByHex) {
    const acts = focus ? allActs.filter((a) => a.colour === focus) : allActs;
    if (!acts.length) continue;
    const cell = cellById.get(id);
    let x, y;
    if (cell) ({ x, y } = cell);
    else [x, y] = centre(...id.split(",").map(Number));
    const g = svg("g", { class: "ttd-target" });
    g.append(svg("polygon", { class: "ttd-hl", points: hexPoints(x, y, 0.9) }));
    const texts = acts.map((a) => a.text);
    g.append(svg("title", {}, texts.join("\n")));
    if (!uniform && !focus) {
      const n = acts.length;
      acts.forEach((a, i) => {
        const px = x + (i - (n - 1) / 2) * 0.5;
        const py = y + 0.5;
        g.append(svg("circle", { cx: px, cy: py, r: 0.24, fill: FILL[a.colour], stroke: "#111", "stroke-width": 0.06 }));
        g.append(svg("text", {
          x: px, y: py + 0.11, "text-anchor": "middle", "font-size": 0.32, "font-weight": 800,
          fill: INK[a.colour],
        }, LETTER[a.colour]));
      });
    }
    makeClickable(g, texts, ui);
    gLegal.append(g);
  }
  return root;
}

// ---- panels ----

function dot(colour, square = false, extra = {}) {
  return el("span", {
    class: `ttd-dot${square ? " ttd-sq" : ""}`, title: colour,
    style: { background: FILL[colour], color: INK[colour] }, ...extra,
  }, LETTER[colour]);
}

function statusBar(msg, legalColours, remove, ui, redraw) {
  const v = msg.view;
  const bar = el("div", { class: "ttd-status" });
  let text;
  if (v.phase === "setup") text = "Setup: palms and watering-hole tokens";
  else if (v.phase === "removal") text = "Five players: each seat removes one leader";
  else if (v.phase === "leaders") text = "Leader phase: one leader per turn";
  else if (v.phase === "camels") {
    const k = v.camels_this_turn || 1;
    text = `Camel phase: camel ${Math.min((v.placed_this_turn || 0) + 1, k)} of ${k} this turn`;
  } else text = "Game over";
  bar.append(el("b", {}, text));
  const zoom = el("button", { type: "button", class: "ttd-chip ttd-all ttd-zoom", "aria-pressed": String(zoomed) },
    zoomed ? "fit map" : "zoom map");
  zoom.addEventListener("click", () => { zoomed = !zoomed; redraw(); });
  bar.append(zoom);
  if (v.ending && !msg.over) {
    bar.append(el("span", { class: "ttd-ending" }, "A colour has run out: the game ends after this turn"));
  }
  if (remove.size) {
    const box = el("span", { class: "ttd-focus" }, el("span", {}, "Remove:"));
    for (const [c, text] of remove) {
      const b = el("button", { type: "button", class: "ttd-chip ttd-act", title: text }, dot(c, true), c);
      makeClickable(b, [text], ui);
      box.append(b);
    }
    bar.append(box);
  }
  if (legalColours.length > 1) {
    const box = el("span", { class: "ttd-focus" }, el("span", {}, "Only:"));
    const all = el("button", {
      type: "button", class: `ttd-chip ttd-all${focus ? "" : " ttd-on"}`, "aria-pressed": String(!focus),
    }, "any");
    all.addEventListener("click", () => { focus = null; redraw(); });
    box.append(all);
    for (const c of legalColours) {
      const chip = el("button", {
        type: "button", class: `ttd-chip ttd-pick${focus === c ? " ttd-on" : ""}`,
        title: `highlight only the hexes for ${c}`, "aria-label": `only ${c}`,
        "aria-pressed": String(focus === c),
      }, dot(c));
      chip.addEventListener("click", () => { focus = focus === c ? null : c; redraw(); });
      box.append(chip);
    }
    bar.append(box);
  }
  return bar;
}

function supplyPanel(v) {
  const full = { 2: 22, 3: 26, 4: 30, 5: 30 }[v.players] || 30;
  const grid = el("div", { class: "ttd-supply" });
  for (const c of COLOURS) {
    const left = (v.supply || {})[c] ?? 0;
    grid.append(el("div", { class: `ttd-sup${left === 0 ? " ttd-empty" : ""}`, title: `${left} ${c} camels left` },
      dot(c),
      el("b", {}, left),
      el("div", { class: "ttd-bar" }, el("i", { style: { width: `${Math.round((100 * left) / full)}%` } }))));
  }
  return el("div", { class: "ttd-panel ttd-supplybox" }, el("h4", {}, "Camels left in the supply"), grid);
}

function icon(kind, colour) {
  const box = svg("svg", { class: "ttd-icon", viewBox: "-0.8 -0.8 1.6 1.6", "aria-hidden": "true" });
  if (kind === "palm") box.append(palmGlyph());
  else if (kind === "token") box.append(tokenGlyph(""));
  else if (kind === "closed") {
    box.setAttribute("viewBox", "-1 -1 2 2");
    box.append(svg("polygon", {
      points: hexPoints(0, 0, 0.95), fill: `url(#ttd-hatch-${colour || "red"})`, stroke: "#111", "stroke-width": 0.12,
    }));
  } else if (kind === "leader" || kind === "camel") {
    box.setAttribute("viewBox", "-0.75 -0.75 1.5 1.5");
    const c = colour || "white";
    box.append(kind === "leader"
      ? svg("rect", { x: -0.6, y: -0.6, width: 1.2, height: 1.2, rx: 0.2, fill: FILL[c], stroke: "#111", "stroke-width": 0.12 })
      : svg("circle", { r: 0.58, fill: FILL[c], stroke: "#111", "stroke-width": 0.12 }));
  } else if (kind === "river") {
    box.setAttribute("viewBox", "0 0 2 2");
    box.append(svg("path", {
      d: "M0.1,0.7 q0.45,-0.4 0.9,0 t0.9,0 M0.1,1.3 q0.45,-0.4 0.9,0 t0.9,0",
      fill: "none", stroke: "#1f78c1", "stroke-width": 0.22, "stroke-linecap": "round",
    }));
  }
  return box;
}

function playerPanel(msg, info, ui, removeLegal, leaders, showExtras) {
  const v = msg.view;
  const seat = info.seat;
  const acting = v.to_act === seat && !msg.over;
  const card = el("div", {
    class: `ttd-panel ttd-player${acting ? " ttd-acting" : ""}`,
    style: { "--seat": ui.seatColor(seat) },
  });
  const score = info.score || {};
  const hidden = !("water" in score);
  card.append(el("div", { class: "ttd-phead" },
    el("span", { class: "ttd-badge" }, ui.seatLetter(seat)),
    el("span", { class: "ttd-pname" }, seatName(msg, seat), msg.seat === seat ? " (you)" : ""),
    el("span", {
      class: "ttd-total",
      title: hidden ? "points so far, without the face-down token values" : "points so far",
    }, score.total ?? 0, hidden ? "+?" : "")));

  // leaders still in hand (and, with 5 players, the one removed)
  const held = info.leaders_held || [];
  if (held.length || (info.removed_leader && v.phase !== "camels" && !msg.over)) {
    const row = el("div", { class: "ttd-row" }, el("span", { class: "ttd-label" }, "In hand"));
    for (const c of held) {
      const text = msg.seat === seat ? removeLegal.get(c) : undefined;
      if (text) {
        const b = el("button", {
          type: "button", class: "ttd-dot ttd-sq ttd-act", title: text,
          style: { background: FILL[c], color: INK[c] },
        }, LETTER[c]);
        makeClickable(b, [text], ui);
        row.append(b);
      } else row.append(el("span", { title: `${c} leader in hand` }, dot(c, true)));
    }
    if (!held.length) row.append(el("span", {}, "all placed"));
    if (info.removed_leader) {
      row.append(el("span", { class: "ttd-removed", title: `removed the ${info.removed_leader} leader` },
        dot(info.removed_leader, true)));
    }
    card.append(row);
  }

  // caravans on the board: camels placed (leaders not counted), palms and river scored
  const mine = (v.caravans || []).filter((k) => k.seat === seat);
  if (mine.length) {
    const cars = el("div", { class: "ttd-cars" });
    for (const c of COLOURS) {
      const car = mine.find((k) => k.colour === c);
      const camels = car ? car.camels : 0;
      const lead = leaders[c];
      const isLead = camels > 0 && lead.includes(seat);
      const mark = isLead ? (lead.length > 1 ? "☆" : "★") : "";
      const extra = el("span", { class: "ttd-extra" });
      if (car && car.palms.length) extra.append(icon("palm"), car.palms.length);
      if (car && car.river) extra.append(icon("river"));
      cars.append(el("div", {
        class: `ttd-car${car ? "" : " ttd-none"}`,
        title: car
          ? `${c} caravan: ${camels} camel${camels === 1 ? "" : "s"}` +
            (isLead ? (lead.length > 1 ? ", tied for largest" : ", largest") : "") +
            (car.palms.length ? `; oases ${car.palms.join(" ")}` : "") +
            (car.river ? "; crossed the river" : "")
          : info.removed_leader === c ? `${c} leader removed` : `no ${c} caravan yet`,
      }, dot(c), el("b", { class: isLead ? "ttd-lead" : "" }, camels, mark),
      showExtras ? extra : null));
    }
    card.append(cars);
  }

  // watering-hole tokens and the score parts the view gives
  const values = info.token_values;
  const parts = el("div", { class: "ttd-parts" });
  parts.append(el("span", { title: "watering-hole tokens" }, icon("token"), " ",
    el("b", {}, info.tokens),
    values ? (values.length ? ` (${values.join("+")})` : "") : " face down"));
  const names = [["water", "water"], ["oasis", "oases"], ["river", "river"], ["area", "area"], ["caravan", "caravans"]];
  for (const [key, label] of names) {
    if (key === "water" && hidden) {
      parts.append(el("span", {}, "water ", el("b", {}, "?")));
      continue;
    }
    if (!(key in score)) continue;
    if (key === "river" && v.board !== "river") continue;
    if (key === "caravan" && !msg.over) continue;
    parts.append(el("span", {}, `${label} `, el("b", {}, score[key])));
  }
  card.append(parts);
  return card;
}

function legend(v) {
  const item = (node, text) => el("span", {}, node, " ", text);
  return el("div", { class: "ttd-legend" },
    item(icon("leader", "white"), "leader"),
    item(icon("camel", "white"), "camel (letter = colour, small badge = owner)"),
    item(icon("token"), "watering hole"),
    item(icon("palm"), "oasis"),
    item(icon("closed", "red"), "closed area (badge = owner)"),
    v.board === "river" ? item(icon("river"), "river / crossed it") : null,
    el("span", {}, "★ largest caravan so far, ☆ tied"));
}

// ---- entry point ----

export function draw(root, msg, layout, ui) {
  ensureStyle();
  const oldBox = root.querySelector(".ttd-mapbox");
  const scroll = oldBox ? [oldBox.scrollLeft, oldBox.scrollTop] : [0, 0];
  root.replaceChildren();
  const v = msg.view || {};
  const legal = msg.legal || [];
  const { byHex, remove } = parseLegal(legal);
  const legalColours = COLOURS.filter((c) => [...byHex.values()].some((acts) => acts.some((a) => a.colour === c)));
  // the colour filter lasts while this player keeps deciding; anyone else's turn clears it
  if (focus && !legalColours.includes(focus)) focus = null;
  const redraw = () => draw(root, msg, layout, ui);

  // who leads each colour (most camels placed, leaders not counted), from the view
  const leaders = {};
  for (const c of COLOURS) {
    const cars = (v.caravans || []).filter((k) => k.colour === c && k.camels > 0);
    const most = Math.max(0, ...cars.map((k) => k.camels));
    leaders[c] = most > 0 ? cars.filter((k) => k.camels === most).map((k) => k.seat) : [];
  }
  const showExtras = (v.caravans || []).some((k) => k.palms.length || k.river);

  const wrap = el("div", { class: `ttd${layout && layout.full ? " ttd-wide" : ""}` });
  const main = el("div", { class: "ttd-main" });
  main.append(statusBar(msg, legalColours, remove, ui, redraw));
  const box = el("div", { class: `ttd-mapbox${zoomed ? " ttd-zoomed" : ""}` });
  box.append(drawMap(msg, layout || {}, ui, byHex));
  main.append(box);
  main.append(supplyPanel(v));
  main.append(legend(v));
  const side = el("div", { class: "ttd-side" });
  const players = el("div", { class: "ttd-players" });
  for (const info of v.players_info || []) {
    players.append(playerPanel(msg, info, ui, remove, leaders, showExtras));
  }
  side.append(players);
  wrap.append(main, side);
  root.append(wrap);
  if (zoomed) [box.scrollLeft, box.scrollTop] = scroll;
}
