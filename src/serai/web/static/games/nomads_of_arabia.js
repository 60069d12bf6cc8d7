// Nomads of Arabia: the web board (spec nomads_of_arabia.md §3).
//
// draw(root, msg, layout, ui) fills root with an SVG of the five staggered strips (row 0
// next to the Pilgrim space at the top, row 4 at the bottom, the next to leave) and HTML
// panels: the decision at hand, the five land boxes, the four stock tracks, the handler
// pile and the disks, then one card per seat. It reads msg.view (the engine's view of
// this seat), msg.legal and layout (NomadsOfArabia.layout()) and nothing else.
//
// Legal choices: move / place / Ride the Winds targets and `stay` (your own space) and
// `pilgrim` (the Pilgrim space) are board spaces; take-handlers, sell, Abdul sales and keep
// are chips in the decision panel; pick, Expert Handler and choose-land are land-box
// cells; playing a held disk is a click on the disk. capture, call, shift, end and pass
// are left to the page's buttons.

const STYLE_ID = "style-nomads_of_arabia";

const SVGNS = "http://www.w3.org/2000/svg";

const LAND_FILL = {
  green: "#4f9a4a",
  red: "#c4452f",
  purple: "#8450a6",
  blue: "#2f73c0",
  grey: "#858585",
};
const SAND_FILL = "#ecd8a6";
const CITY_FILL = "#f6efdf";
const MOUNTAIN_FILL = "#6d5845";

const ANIMAL = {
  camel: { letter: "C", fill: "#d69a32", ink: "#2b1a00", name: "camel" },
  donkey: { letter: "D", fill: "#9097a3", ink: "#111", name: "donkey" },
  goat: { letter: "G", fill: "#f4efe2", ink: "#222", name: "goat" },
  horse: { letter: "H", fill: "#7a4524", ink: "#fff", name: "horse" },
};
const ANIMALS = ["camel", "donkey", "goat", "horse"];

const SPECIAL = {
  "silver-tongue": ["Silver Tongue", "ST", "+1 Dinar per animal sold this turn"],
  abdul: ["Abdul the Trader", "AT", "sell as if in a city, off a city"],
  "expert-handler": ["Expert Handler", "EH", "take 1 animal from any box"],
  "ride-the-winds": ["Ride the Winds", "RW", "go to any passable space for free"],
  "sands-of-time": ["Sands of Time", "SoT", "take an extra turn after any turn"],
  "dinars-4": ["4 Dinars", "4", "+4 Dinars at the end"],
  "dinars-5": ["5 Dinars", "5", "+5 Dinars at the end"],
  "dinars-6": ["6 Dinars", "6", "+6 Dinars at the end"],
};
const FINAL = {
  "bonus-camel": ["+1 camel", "+C", "each camel sold in this city +1 Dinar"],
  "bonus-donkey": ["+1 donkey", "+D", "each donkey sold in this city +1 Dinar"],
  "bonus-goat": ["+1 goat", "+G", "each goat sold in this city +1 Dinar"],
  "bonus-horse": ["+1 horse", "+H", "each horse sold in this city +1 Dinar"],
  mecca: ["Mecca", "M", "the game ends when Mecca is placed"],
};

// Board geometry (SVG units): a full space is two half-columns wide.
const HW = 49; // half a space
const RH = 84; // row height
const LM = 36; // left margin (row labels)
const TOP = 78; // the Pilgrim band above row 0
const BOARD_W = LM + 12 * HW + 6;

const CSS = `
.noa { color: #2a2016; font-size: 14px; line-height: 1.3; }
.noa * { box-sizing: border-box; }
.noa-top { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; }
.noa-boardwrap { flex: 1 1 520px; min-width: 0; }
.noa-boardwrap svg { width: 100%; height: auto; display: block; max-height: 78vh; }
.noa-side { flex: 1 1 300px; min-width: 0; max-width: 100%; display: flex; flex-direction: column; gap: 8px; }
.noa-panel { background: #fbf5e6; border: 1.5px solid #b99c68; border-radius: 8px; padding: 6px 8px; }
.noa-panel h4 { margin: 0 0 4px; font-size: 12px; letter-spacing: .06em; text-transform: uppercase; color: #6b5330; font-weight: 700; }
.noa-decide { background: #fff6c9; border: 2px solid #c99700; }
.noa-decide h4 { color: #6b4e00; }
.noa-hint { font-size: 12px; color: #5b4a33; margin: 2px 0 4px; }
.noa-chips { display: flex; flex-wrap: wrap; gap: 5px; max-height: 260px; overflow-y: auto; padding: 2px; }
.noa-chip { display: inline-flex; align-items: center; gap: 2px; padding: 3px 6px; border-radius: 7px; border: 1.5px solid #8a7348; background: #fff; font: inherit; font-size: 13px; color: inherit; }
.noa-chip .noa-val { margin-left: 4px; font-weight: 700; color: #1d5e1d; font-size: 12px; }
.noa .legal { cursor: pointer; }
.noa-chip.legal { border: 2px solid #6b4e00; box-shadow: 0 0 0 2px #f2c200; }
.noa-box.legal, .noa-cell.legal, .noa-disk.legal {
  outline: 3px solid #f2c200; outline-offset: 1px; box-shadow: 0 0 0 5px #3a2a00; }
.noa-chip.legal:hover, .noa-box.legal:hover, .noa-cell.legal:hover, .noa-disk.legal:hover { background: #fff0a0; }
.noa-chip.legal:focus-visible, .noa-cell.legal:focus-visible, .noa-disk.legal:focus-visible, .noa-box.legal:focus-visible { outline-color: #0a58ca; }
.noa-tok { display: inline-flex; align-items: center; justify-content: center; width: 20px; height: 20px; border-radius: 50%; border: 1.5px solid #2a2016; font-weight: 800; font-size: 11px; flex: none; }
.noa-die { display: inline-flex; align-items: center; justify-content: center; width: 19px; height: 19px; border-radius: 4px; border: 1.5px solid #2a2016; font-weight: 800; font-size: 11px; flex: none; box-shadow: inset 0 -2px 0 rgba(0,0,0,.25); }
.noa-boxes { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 4px; }
.noa-box { border-radius: 6px; border: 2px solid #2a2016; background: #fff; overflow: hidden; }
.noa-boxhead .noa-badge { width: 16px; height: 16px; font-size: 10px; border-width: 1.5px; }
.noa-boxhead { color: #fff; font-weight: 800; font-size: 12px; padding: 1px 4px; text-shadow: 0 0 2px #000, 0 0 2px #000; display: flex; justify-content: space-between; }
.noa-boxbody { display: grid; grid-template-columns: 1fr; gap: 2px; padding: 3px; }
.noa-cell { display: flex; align-items: center; gap: 3px; padding: 1px 2px; border-radius: 5px; font-weight: 700; font-size: 13px; }
.noa-cell.noa-zero { opacity: .35; }
.noa-tracks { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 5px; }
.noa-track { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.noa-trackhead { display: flex; align-items: center; gap: 3px; margin-bottom: 1px; }
.noa-step { display: flex; align-items: center; justify-content: space-between; gap: 2px; padding: 1px 3px; border-radius: 5px; border: 1px solid #cdb88e; background: #fff; }
.noa-step b { font-size: 12px; min-width: 15px; text-align: right; }
.noa-slots { display: inline-flex; gap: 1px; }
.noa-step.noa-now { border: 2px solid #2a2016; background: #ffe58a; }
.noa-slot { width: 10px; height: 10px; border-radius: 50%; border: 1px dashed #a8946a; background: transparent; }
.noa-slot.noa-full { border: 1.5px solid #2a2016; }
.noa-trackinfo { font-size: 11px; color: #5b4a33; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.noa-row { display: flex; align-items: center; gap: 4px; flex-wrap: wrap; }
.noa-disk { display: inline-flex; align-items: center; gap: 4px; padding: 1px 7px 1px 2px; border-radius: 12px; border: 1.5px solid #5e4a00; background: #ffe066; font-size: 12px; font-weight: 600; }
.noa-disk .noa-dot { width: 18px; height: 18px; border-radius: 50%; background: #f5c400; border: 1.5px solid #5e4a00; display: inline-flex; align-items: center; justify-content: center; font-size: 9px; font-weight: 800; }
.noa-disk.noa-final { background: #b9d4f5; border-color: #123e73; }
.noa-disk.noa-final .noa-dot { background: #2f73c0; color: #fff; border-color: #123e73; }
.noa-disk.noa-down { padding: 1px; }
.noa-disk.noa-gone { opacity: .55; text-decoration: line-through; }
.noa-disk.noa-down.noa-gone { text-decoration: none; }
.noa-grow { flex: 1 1 0; min-width: 0; }
.noa-seats { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.noa-seat { flex: 1 1 210px; min-width: 0; background: #fbf5e6; border: 1.5px solid #b99c68; border-radius: 8px; padding: 6px 8px; display: flex; flex-direction: column; gap: 4px; }
.noa-seat.noa-active { border: 2.5px solid #2a2016; box-shadow: 0 0 0 3px #f2c200; }
.noa-seathead { display: flex; align-items: center; gap: 6px; font-weight: 700; }
.noa-badge { width: 24px; height: 24px; border-radius: 50%; border: 2px solid #111; box-shadow: 0 0 0 1.5px #fff inset; color: #fff; display: inline-flex; align-items: center; justify-content: center; font-weight: 900; font-size: 13px; text-shadow: 0 0 2px #000, 0 0 2px #000; flex: none; }
.noa-money { margin-left: auto; font-size: 16px; font-weight: 800; white-space: nowrap; }
.noa-where { font-size: 12px; color: #5b4a33; }
.noa-you { font-size: 11px; font-weight: 700; background: #2a2016; color: #fff; border-radius: 4px; padding: 0 4px; }
.noa-none { font-size: 12px; color: #8a7a60; }
.noa-lbl { font-size: 11px; color: #6b5330; width: 52px; flex: none; }
.noa-n { font-weight: 700; font-size: 13px; margin-right: 4px; }
.noa svg .noa-sp.legal { cursor: pointer; }
.noa svg .noa-sp.legal .noa-ring { stroke: #ffd000; stroke-width: 5; }
.noa svg .noa-sp.legal .noa-ring2 { stroke: #1c1400; stroke-width: 2; }
.noa svg .noa-sp.legal:hover .noa-hov { fill: rgba(255,255,255,.35); }
.noa svg .noa-dim { opacity: .45; }
.noa svg text { font-family: inherit; }
@media (max-width: 600px) {
  .noa-boxes { grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 3px; }
  .noa-cell { font-size: 12px; }
}
`;

function ensureStyle() {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement("style");
  style.id = STYLE_ID;
  style.textContent = CSS;
  document.head.appendChild(style);
}

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "style" && typeof v === "object") Object.assign(node.style, v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function title(text) {
  return s("title", {}, text);
}

// Make an element act on legal texts: one text chooses, several offer (brief contract).
function makeLegal(node, texts, ui) {
  if (!texts || texts.length === 0) return node;
  node.classList.add("legal");
  if (texts.length === 1) node.setAttribute("data-action", texts[0]);
  else node.setAttribute("data-actions", texts.join("|"));
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  const act = (ev) => {
    ev.stopPropagation();
    if (texts.length === 1) ui.choose(texts[0]);
    else ui.offer(texts);
  };
  node.addEventListener("click", act);
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      act(ev);
    }
  });
  return node;
}

function push(map, key, value) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
}

function animalToken(animal, extra = {}) {
  const a = ANIMAL[animal];
  return h(
    "span",
    { class: "noa-tok", title: a.name, style: { background: a.fill, color: a.ink }, ...extra },
    a.letter,
  );
}

function handlerDie(animal) {
  const a = ANIMAL[animal];
  return h(
    "span",
    { class: "noa-die", title: `${a.name} handler die`, style: { background: a.fill, color: a.ink } },
    a.letter,
  );
}

function countsOf(list) {
  const out = { camel: 0, donkey: 0, goat: 0, horse: 0 };
  for (const a of list.split(",")) if (a in out) out[a] += 1;
  return out;
}

function specialDisk(name, extraClass = "") {
  const [full, short, what] = SPECIAL[name] || [name, "?", ""];
  return h(
    "span",
    { class: `noa-disk ${extraClass}`.trim(), title: `${full}: ${what}` },
    h("span", { class: "noa-dot" }, short),
    full,
  );
}

function finalDisk(name, extraClass = "") {
  const [full, short, what] = FINAL[name] || [name, "?", ""];
  return h(
    "span",
    { class: `noa-disk noa-final ${extraClass}`.trim(), title: `${full}: ${what}` },
    h("span", { class: "noa-dot" }, short),
    full,
  );
}

function faceDownDisks(n, label) {
  const out = [];
  for (let i = 0; i < n; i += 1) {
    out.push(h("span", { class: "noa-disk noa-down", title: label }, h("span", { class: "noa-dot" }, "?")));
  }
  return out;
}

// The terrain of every space on the current board, keyed "r,x".
function boardSpaces(view, layout) {
  const out = new Map();
  view.rows.forEach((strip, row) => {
    for (const sp of layout.strips[strip] || []) {
      out.set(`${row},${sp.x}`, { row, x: sp.x, terrain: sp.terrain, strip });
    }
  });
  return out;
}

// Whether `seat` played Silver Tongue in the turn now running (read from the log back to
// the turn's movement or placement), so the sale chips can show what a sale pays.
function silverThisTurn(msg, seat) {
  const log = msg.log || [];
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (!e || e.seat !== seat) continue;
    const t = String(e.text || "");
    if (t === "play silver-tongue") return true;
    if (/^(stay|pilgrim|move |place |play ride-the-winds )/.test(t)) return false;
  }
  return false;
}

// The extras a sale gets now: a final bonus disk on this city, Silver Tongue this turn.
function saleExtras(msg, inCity) {
  const view = msg.view;
  const me = view.players[msg.seat];
  const out = [];
  const disk = inCity && me && me.space ? (view.city_disks || {})[me.space] : null;
  if (disk && disk.startsWith("bonus-")) out.push(`+1 per ${disk.slice(6)} (this city's disk)`);
  if (silverThisTurn(msg, msg.seat)) out.push("+1 per animal (Silver Tongue)");
  return out.length ? ", " + out.join(", ") : "";
}

// The movement being made when HANDLERS interrupts it (the seat's last move in the log).
function pendingMove(msg) {
  const log = msg.log || [];
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (!e || e.seat !== msg.seat) continue;
    const t = String(e.text || "");
    if (/^(move |play ride-the-winds )/.test(t)) return ` (${t})`;
    return "";
  }
  return "";
}

// ---------------------------------------------------------------------------------------
// The board (SVG)

function spaceRect(row, x) {
  return { x: LM + (x - 1) * HW + 2, y: TOP + row * RH + 2, w: 2 * HW - 4, h: RH - 4 };
}

function nomadToken(seat, cx, cy, ui, mine, r = 13) {
  const g = s("g", { class: "noa-nomad" });
  if (mine)
    g.append(
      s("circle", {
        cx,
        cy,
        r: r + 4,
        fill: "none",
        stroke: "#fff",
        "stroke-width": 2.5,
        "stroke-dasharray": "4 2.5",
      }),
    );
  g.append(
    s("circle", { cx, cy, r, fill: ui.seatColor(seat), stroke: "#111", "stroke-width": 2.5 }),
    s("circle", { cx, cy, r: r - 2.5, fill: "none", stroke: "#fff", "stroke-width": 1.2, opacity: 0.8 }),
    s(
      "text",
      {
        x: cx,
        y: cy + 4.8,
        "text-anchor": "middle",
        "font-size": 14,
        "font-weight": 900,
        fill: "#fff",
        stroke: "#000",
        "stroke-width": 3,
        "paint-order": "stroke",
      },
      ui.seatLetter(seat),
    ),
  );
  return g;
}

function nomadSlots(n, cx, top, height) {
  const out = [];
  const per = n <= 3 ? n : Math.ceil(n / 2);
  const rows = n <= 3 ? 1 : 2;
  const gap = 28;
  for (let i = 0; i < n; i += 1) {
    const r = Math.floor(i / per);
    const inRow = r === rows - 1 ? n - per * (rows - 1) : per;
    const c = i - r * per;
    const y = rows === 1 ? top + height * 0.64 : top + height * (0.47 + 0.33 * r);
    out.push([cx + (c - (inRow - 1) / 2) * gap, y]);
  }
  return out;
}

function drawTerrain(g, sp, rect) {
  const { x, y, w, h: ht } = rect;
  const t = sp.terrain;
  if (t in LAND_FILL) {
    g.append(s("rect", { x, y, width: w, height: ht, rx: 6, fill: LAND_FILL[t] }));
    // a faint diagonal hatch so land reads as land even without colour
    g.append(s("rect", { x, y, width: w, height: ht, rx: 6, fill: "url(#noa-hatch)" }));
    const letter = { green: "G", red: "R", purple: "P", blue: "B", grey: "S" }[t];
    g.append(
      s(
        "text",
        {
          x: x + 7,
          y: y + 22,
          "font-size": 21,
          "font-weight": 900,
          fill: "#fff",
          stroke: "#1a1a1a",
          "stroke-width": 3.5,
          "paint-order": "stroke",
        },
        letter,
      ),
    );
  } else if (t === "sand") {
    g.append(s("rect", { x, y, width: w, height: ht, rx: 6, fill: SAND_FILL }));
    g.append(
      s("path", {
        d: `M${x + 10} ${y + ht - 16} q12 -9 24 0 t24 0 t24 0 M${x + 22} ${y + ht - 34} q10 -7 20 0 t20 0`,
        fill: "none",
        stroke: "#c9ad6d",
        "stroke-width": 2,
        "stroke-linecap": "round",
      }),
    );
  } else if (t === "city") {
    g.append(s("rect", { x, y, width: w, height: ht, rx: 6, fill: CITY_FILL }));
    // walls, a dome and a minaret
    const bx = x + w / 2;
    const by = y + ht - 6;
    g.append(
      s("path", {
        d:
          `M${bx - 36} ${by} v-22 h10 v-6 h6 v6 h8 v-8 a12 12 0 0 1 24 0 v8 h8 v-6 h6 v6 h10 v22 z ` +
          `M${bx + 30} ${by - 22} v-22 l3 -6 l3 6 v22 z`,
        fill: "#e2cfa5",
        stroke: "#8c6d3a",
        "stroke-width": 1.5,
      }),
    );
  } else {
    g.append(s("rect", { x, y, width: w, height: ht, rx: 6, fill: MOUNTAIN_FILL }));
    g.append(mountainPeaks(x, y, w, ht));
  }
}

function mountainPeaks(x, y, w, ht) {
  const g = s("g", {});
  const base = y + ht - 6;
  const peaks = [
    [x + w * 0.33, y + ht * 0.22, w * 0.3],
    [x + w * 0.66, y + ht * 0.34, w * 0.26],
  ];
  for (const [px, py, half] of peaks) {
    g.append(
      s("polygon", {
        points: `${px - half},${base} ${px},${py} ${px + half},${base}`,
        fill: "#9b8468",
        stroke: "#3d2f22",
        "stroke-width": 1.5,
      }),
      s("polygon", {
        points: `${px - half * 0.3},${py + (base - py) * 0.3} ${px},${py} ${px + half * 0.3},${py + (base - py) * 0.3}`,
        fill: "#fff",
      }),
    );
  }
  return g;
}

function drawBoard(msg, layout, ui, targets, spaces) {
  const view = msg.view;
  const height = TOP + 5 * RH + 44;
  const svg = s("svg", {
    viewBox: `0 0 ${BOARD_W} ${height}`,
    role: "img",
    "aria-label": "The desert: five strips, row 0 next to the Pilgrim space",
    class: "noa-svg",
  });
  svg.append(
    s(
      "defs",
      {},
      s(
        "pattern",
        {
          id: "noa-hatch",
          width: 10,
          height: 10,
          patternUnits: "userSpaceOnUse",
          patternTransform: "rotate(45)",
        },
        s("line", { x1: 0, y1: 0, x2: 0, y2: 10, stroke: "rgba(255,255,255,.16)", "stroke-width": 4 }),
      ),
    ),
  );
  svg.append(s("rect", { x: 0, y: 0, width: BOARD_W, height, rx: 10, fill: "#d9bf86" }));

  const players = view.players || [];
  const mine = msg.seat;
  const anyTargets = targets.size > 0;

  // The Pilgrim space (row 0 is next to it).
  const pilgrims = players.filter((p) => p.status === "pilgrim").map((p) => p.seat);
  const pg = s("g", { class: "noa-sp noa-pilgrim" });
  const px = LM + 2;
  const pw = 12 * HW - 4;
  pg.append(
    s("rect", {
      x: px,
      y: 8,
      width: pw,
      height: TOP - 16,
      rx: 10,
      fill: "#f3e6c4",
      stroke: "#7d6136",
      "stroke-width": 2,
    }),
    s("rect", { class: "noa-hov", x: px, y: 8, width: pw, height: TOP - 16, rx: 10, fill: "transparent" }),
    s("rect", {
      class: "noa-ring",
      x: px,
      y: 8,
      width: pw,
      height: TOP - 16,
      rx: 10,
      fill: "none",
      stroke: "none",
    }),
    s("rect", {
      class: "noa-ring2",
      x: px + 4,
      y: 12,
      width: pw - 8,
      height: TOP - 24,
      rx: 8,
      fill: "none",
      stroke: "none",
    }),
    s("text", { x: px + 14, y: 36, "font-size": 17, "font-weight": 800, fill: "#5b3e12" }, "☾ Pilgrim space"),
    s(
      "text",
      { x: px + 14, y: 55, "font-size": 11.5, fill: "#6b5330" },
      pilgrims.length
        ? "placed anywhere on their next turn"
        : "travel here instead of a turn (keep 2 animals)",
    ),
    title("The Pilgrim space: nomads here are placed on any passable space on their next turn"),
  );
  pilgrims.forEach((seat, i) => {
    pg.append(nomadToken(seat, px + pw - 22 - i * 30, TOP / 2, ui, seat === mine));
  });
  if ((msg.legal || []).includes("pilgrim")) makeLegal(pg, ["pilgrim"], ui);
  svg.append(pg);

  // Rows, from row 0 (top) to row 4 (bottom).
  view.rows.forEach((strip, row) => {
    const y = TOP + row * RH;
    const kind = layout.strip_kind[strip];
    svg.append(
      s(
        "text",
        {
          x: LM / 2,
          y: y + RH / 2 - 2,
          "text-anchor": "middle",
          "font-size": 18,
          "font-weight": 900,
          fill: "#3d2c12",
        },
        String(row),
      ),
      s(
        "text",
        { x: LM / 2, y: y + RH / 2 + 15, "text-anchor": "middle", "font-size": 11, fill: "#5b4a33" },
        strip,
      ),
    );
    if (kind === "desert") {
      // half-mountains at both ends (not spaces)
      for (const hx of [LM + 2, LM + 11 * HW + 2]) {
        const g = s("g", { opacity: 0.85 });
        g.append(s("rect", { x: hx, y: y + 2, width: HW - 4, height: RH - 4, rx: 5, fill: MOUNTAIN_FILL }));
        const base = y + RH - 8;
        const cx = hx + (HW - 4) / 2;
        g.append(
          s("polygon", {
            points: `${cx - 16},${base} ${cx},${y + 20} ${cx + 16},${base}`,
            fill: "#9b8468",
            stroke: "#3d2f22",
            "stroke-width": 1.2,
          }),
          s("polygon", {
            points: `${cx - 5},${y + 20 + (base - y - 20) * 0.3} ${cx},${y + 20} ${cx + 5},${y + 20 + (base - y - 20) * 0.3}`,
            fill: "#fff",
          }),
          title("half-mountain (not a space)"),
        );
        svg.append(g);
      }
    }
    for (const sp of layout.strips[strip] || []) {
      const coord = `${row},${sp.x}`;
      const rect = spaceRect(row, sp.x);
      const g = s("g", { class: "noa-sp", "data-space": coord });
      const terrain = s("g", {});
      drawTerrain(terrain, sp, rect);
      if (anyTargets && !targets.has(coord)) terrain.classList.add("noa-dim");
      g.append(terrain);
      g.append(
        s("rect", {
          class: "noa-hov",
          x: rect.x,
          y: rect.y,
          width: rect.w,
          height: rect.h,
          rx: 6,
          fill: "transparent",
        }),
        s("rect", {
          class: "noa-ring",
          x: rect.x + 1.5,
          y: rect.y + 1.5,
          width: rect.w - 3,
          height: rect.h - 3,
          rx: 5,
          fill: "none",
          stroke: "rgba(40,25,5,.55)",
          "stroke-width": 1.5,
        }),
        s("rect", {
          class: "noa-ring2",
          x: rect.x + 4,
          y: rect.y + 4,
          width: rect.w - 8,
          height: rect.h - 8,
          rx: 4,
          fill: "none",
          stroke: "none",
        }),
      );
      // coordinate, as in the log's action texts
      g.append(
        s(
          "text",
          {
            x: rect.x + rect.w / 2,
            y: rect.y + 14,
            "text-anchor": "middle",
            "font-size": 10.5,
            "font-weight": 600,
            fill:
              sp.terrain in LAND_FILL || sp.terrain === "mountain"
                ? "rgba(255,255,255,.85)"
                : "rgba(60,40,10,.7)",
          },
          sp.terrain === "mountain" ? "" : coord,
        ),
      );
      // a city's disk: face-down special (yellow, ?) or face-up final (blue, named)
      if (sp.terrain === "city" && view.city_disks && view.city_disks[coord]) {
        const d = view.city_disks[coord];
        const cx = rect.x + rect.w - 16;
        const cy = rect.y + 17;
        if (d === "face-down") {
          g.append(
            s(
              "g",
              {},
              s("circle", { cx, cy, r: 13, fill: "#f5c400", stroke: "#4d3b00", "stroke-width": 2 }),
              s(
                "text",
                {
                  x: cx,
                  y: cy + 5,
                  "text-anchor": "middle",
                  "font-size": 14,
                  "font-weight": 900,
                  fill: "#3b2c00",
                },
                "?",
              ),
              title("face-down special city disk: the first nomad to enter claims it"),
            ),
          );
        } else {
          const [full, short, what] = FINAL[d] || [d, "?", ""];
          g.append(
            s(
              "g",
              {},
              s("circle", {
                cx,
                cy,
                r: 14,
                fill: d === "mecca" ? "#123e73" : "#2f73c0",
                stroke: "#fff",
                "stroke-width": 2,
              }),
              s("circle", { cx, cy, r: 16, fill: "none", stroke: "#0b2240", "stroke-width": 1.5 }),
              s(
                "text",
                {
                  x: cx,
                  y: cy + 4.5,
                  "text-anchor": "middle",
                  "font-size": 12.5,
                  "font-weight": 900,
                  fill: "#fff",
                },
                short,
              ),
              title(`final disk ${full}: ${what}`),
            ),
          );
        }
      }
      const here = players.filter((p) => p.status === "board" && p.space === coord).map((p) => p.seat);
      const slots = nomadSlots(here.length, rect.x + rect.w / 2, rect.y, rect.h);
      here.forEach((seat, i) =>
        g.append(nomadToken(seat, slots[i][0], slots[i][1], ui, seat === mine, here.length > 3 ? 11.5 : 13)),
      );
      const label = sp.terrain in LAND_FILL ? `${sp.terrain} land` : sp.terrain;
      g.append(
        title(
          `${coord}: ${label}${here.length ? " — nomads " + here.map((n) => ui.seatLetter(n)).join(" ") : ""}`,
        ),
      );
      if (targets.has(coord)) makeLegal(g, targets.get(coord), ui);
      svg.append(g);
    }
  });

  // Below row 4: where a shift drops the strip, and the Lost nomads.
  const by = TOP + 5 * RH + 6;
  const lost = players.filter((p) => p.status === "lost").map((p) => p.seat);
  svg.append(
    s(
      "text",
      { x: LM + 4, y: by + 20, "font-size": 12.5, fill: "#4d3a1c" },
      "▼ row 4 leaves the board at the next shift; nomads on it are Lost",
    ),
  );
  if (lost.length) {
    svg.append(
      s(
        "text",
        {
          x: BOARD_W - 24 - lost.length * 30,
          y: by + 20,
          "text-anchor": "end",
          "font-size": 12.5,
          "font-weight": 800,
          fill: "#7a1d1d",
        },
        "Lost:",
      ),
    );
    lost.forEach((seat, i) =>
      svg.append(nomadToken(seat, BOARD_W - 28 - i * 30, by + 16, ui, seat === mine, 12)),
    );
  }
  return svg;
}

// ---------------------------------------------------------------------------------------
// Panels

function decisionPanel(msg, layout, ui, groups, ctx) {
  const view = msg.view;
  const panels = [];
  const chip = (text, body, extra) => {
    const node = h("button", { class: "noa-chip", type: "button", title: text }, body, extra || null);
    return makeLegal(node, [text], ui);
  };

  if (groups.take.length) {
    const pairs = groups.take.filter((t) => t.split(" ")[1].split(",").length < 3);
    const triples = groups.take.filter((t) => t.split(" ")[1].split(",").length >= 3);
    const row = (list) =>
      h(
        "div",
        { class: "noa-chips" },
        list.map((t) =>
          chip(
            t,
            t
              .split(" ")[1]
              .split(",")
              .map((a) => handlerDie(a)),
          ),
        ),
      );
    panels.push(
      h(
        "div",
        { class: "noa-panel noa-decide" },
        h("h4", {}, "Take handler dice"),
        h(
          "div",
          { class: "noa-hint" },
          `Leaving the city${pendingMove(msg)}: two dice free, or three for 3 Dinars.`,
        ),
        pairs.length ? row(pairs) : null,
        triples.length ? h("div", { class: "noa-hint" }, "Three dice (3 Dinars):") : null,
        triples.length ? row(triples) : null,
      ),
    );
  }

  const saleChips = (list, words, inCity) => {
    const me = view.players[msg.seat];
    const bonusDisk = inCity && me && me.space ? (view.city_disks || {})[me.space] : null;
    const silver = silverThisTurn(msg, msg.seat) ? 1 : 0;
    // the most animals first: "sell everything" is the usual choice
    const sorted = [...list].sort((a, b) => b.length - a.length);
    return h(
      "div",
      { class: "noa-chips" },
      sorted.map((t) => {
        const names = t.split(" ").slice(words)[0].split(",");
        let value = 0;
        for (const a of names) {
          value += view.stock[a].price + (bonusDisk === `bonus-${a}` ? 1 : 0) + silver;
        }
        return chip(
          t,
          names.map((a) => animalToken(a)),
          h("span", { class: "noa-val" }, `+${value}`),
        );
      }),
    );
  };
  if (groups.sell.length) {
    panels.push(
      h(
        "div",
        { class: "noa-panel noa-decide" },
        h("h4", {}, "Sell in this city"),
        h(
          "div",
          { class: "noa-hint" },
          `One sale a turn, at the track prices${saleExtras(msg, true)}; the chips show what each pays.`,
        ),
        saleChips(groups.sell, 1, true),
      ),
    );
  }
  if (groups.abdul.length) {
    panels.push(
      h(
        "div",
        { class: "noa-panel noa-decide" },
        h("h4", {}, "Abdul the Trader: sell here"),
        h("div", { class: "noa-hint" }, `At the track prices${saleExtras(msg, false)}, no city bonus.`),
        saleChips(groups.abdul, 2, false),
      ),
    );
  }
  if (groups.keep.length) {
    panels.push(
      h(
        "div",
        { class: "noa-panel noa-decide" },
        h("h4", {}, "Keep two animals"),
        h("div", { class: "noa-hint" }, "The rest go back to stock."),
        h(
          "div",
          { class: "noa-chips" },
          groups.keep.map((t) =>
            chip(
              t,
              t
                .split(" ")[1]
                .split(",")
                .map((a) => animalToken(a)),
            ),
          ),
        ),
      ),
    );
  }
  const hints = [];
  if (groups.pick.length) hints.push("All dice blank: click the animal to take in the box of your land.");
  if (groups.choose.length)
    hints.push("Yellow dot: click the land box (tied for fewest animals) to restock.");
  if (groups.expert.length) hints.push("Expert Handler: click any animal in a land box to take it.");
  if (ctx.moveTargets)
    hints.push(
      "Click a highlighted space to move there; your own space to stay; the Pilgrim space to travel.",
    );
  if (ctx.placeTargets) hints.push("Place your nomad: click any highlighted space.");
  if (groups.sands.length) hints.push("Sands of Time: click the disk for an extra turn now, or pass.");
  if (hints.length && !panels.length) {
    panels.push(
      h(
        "div",
        { class: "noa-panel noa-decide" },
        h("h4", {}, "Your choice"),
        hints.map((t) => h("div", { class: "noa-hint" }, t)),
      ),
    );
  } else if (hints.length) {
    panels[0].append(...hints.map((t) => h("div", { class: "noa-hint" }, t)));
  }
  return panels;
}

function boxesPanel(msg, layout, ui, groups, ctx) {
  const view = msg.view;
  const wrap = h("div", { class: "noa-boxes" });
  for (const land of layout.lands) {
    const counts = view.boxes[land.name];
    const total = ANIMALS.reduce((n, a) => n + counts[a], 0);
    const box = h(
      "div",
      { class: "noa-box", title: `${land.title} (${land.name}) box: ${total} animals` },
      h(
        "div",
        { class: "noa-boxhead", style: { background: LAND_FILL[land.name] } },
        h("span", {}, land.letter),
        ctx.myLand === land.name
          ? h(
              "span",
              {
                class: "noa-badge",
                title: "your nomad stands on this land",
                style: { background: ui.seatColor(msg.seat) },
              },
              ui.seatLetter(msg.seat),
            )
          : null,
        h("span", { title: "animals in the box" }, String(total)),
      ),
    );
    const body = h("div", { class: "noa-boxbody" });
    for (const a of ANIMALS) {
      const n = counts[a];
      const cell = h(
        "div",
        { class: "noa-cell" + (n ? "" : " noa-zero"), title: `${n} ${a}${n === 1 ? "" : "s"}` },
        animalToken(a),
        String(n),
      );
      const texts = [];
      for (const t of groups.expert) if (t === `play expert-handler ${land.name} ${a}`) texts.push(t);
      if (ctx.myLand === land.name) for (const t of groups.pick) if (t === `pick ${a}`) texts.push(t);
      makeLegal(cell, texts, ui);
      body.append(cell);
    }
    box.append(body);
    const choose = groups.choose.filter((t) => t === `choose-land ${land.name}`);
    makeLegal(box, choose, ui);
    wrap.append(box);
  }
  return h("div", { class: "noa-panel" }, h("h4", {}, "Land boxes"), wrap);
}

function tracksPanel(msg, layout) {
  const view = msg.view;
  const c = layout.columns;
  const cols = [];
  for (const a of ANIMALS) {
    const n = view.stock[a].count;
    const prices = layout.tracks[a];
    const now = Math.min(Math.floor(n / c), 3);
    const steps = prices.map((p, k) => {
      const filled = Math.max(0, Math.min(c, n - k * c));
      const slots = [];
      for (let i = 0; i < c; i += 1) {
        slots.push(
          i < filled
            ? h("span", { class: "noa-slot noa-full", style: { background: ANIMAL[a].fill } })
            : h("span", { class: "noa-slot" }),
        );
      }
      return h(
        "div",
        {
          class: "noa-step" + (k === now ? " noa-now" : ""),
          title: `price row ${k + 1}: ${p} Dinars${k === now ? " (the current price)" : ""}`,
        },
        h("b", {}, String(p)),
        h("span", { class: "noa-slots" }, slots),
      );
    });
    const extra = n > 4 * c ? ` (${n - 4 * c} beside the track)` : "";
    cols.push(
      h(
        "div",
        { class: "noa-track", title: `${a}: ${n} in stock${extra}, price ${view.stock[a].price}` },
        h(
          "div",
          { class: "noa-trackhead" },
          animalToken(a),
          h("span", { class: "noa-trackinfo" }, `${n} in stock`),
        ),
        // the highest price on top, as on the board: animals fill it from the bottom
        steps.reverse(),
      ),
    );
  }
  return h(
    "div",
    { class: "noa-panel" },
    h(
      "h4",
      { title: "Animals fill each track from the lowest price up; the framed number is the current price" },
      "Stock and prices",
    ),
    h("div", { class: "noa-tracks" }, cols),
  );
}

function suppliesPanel(msg, layout) {
  const view = msg.view;
  const pile = h(
    "div",
    { class: "noa-row" },
    h("span", { class: "noa-lbl" }, "Handlers"),
    ANIMALS.map((a) =>
      h(
        "span",
        { class: "noa-row", style: { gap: "2px", marginRight: "6px", opacity: view.pile[a] ? 1 : 0.4 } },
        handlerDie(a),
        h("span", { class: "noa-n" }, `×${view.pile[a]}`),
      ),
    ),
  );
  const played = view.special_disks_played || [];
  const special = h(
    "div",
    { class: "noa-row" },
    h("span", { class: "noa-lbl" }, "Special"),
    view.special_supply
      ? faceDownDisks(view.special_supply, "face-down special disk in the supply")
      : h("span", { class: "noa-none" }, "supply empty"),
  );
  const playedRow = played.length
    ? h(
        "div",
        { class: "noa-row" },
        h("span", { class: "noa-lbl" }, "Played"),
        played.map((d) => {
          const [full, short, what] = SPECIAL[d] || [d, "?", ""];
          return h(
            "span",
            { class: "noa-disk noa-down noa-gone", title: `played: ${full} (${what})` },
            h("span", { class: "noa-dot" }, short),
          );
        }),
      )
    : null;
  const drawn = view.final_disks_drawn || [];
  const onBoard = new Set(Object.values(view.city_disks || {}));
  const waiting = Math.max(0, (layout.final_disks_in_play || 0) - drawn.length);
  const finals = h(
    "div",
    { class: "noa-row" },
    h("span", { class: "noa-lbl" }, "Final"),
    drawn.map((d) => finalDisk(d, onBoard.has(d) ? "" : "noa-gone")),
    waiting
      ? faceDownDisks(waiting, "face-down final disk: one of them is Mecca").map((n) => {
          n.classList.add("noa-final");
          return n;
        })
      : null,
  );
  // Strip piles: never-drawn count and the discards in the order they come back.
  const per = layout.strips_per_kind || 8;
  const queues = view.strip_queues || [[], []];
  const pileText = ["city", "desert"].map((kind, i) => {
    const onB = view.rows.filter((st) => layout.strip_kind[st] === kind).length;
    const q = queues[i] || [];
    const unseen = Math.max(0, per - onB - q.length);
    return `${kind}: ${unseen} unseen${q.length ? ", then " + q.join(" ") : ""}`;
  });
  const nextKind = layout.strip_kind[view.rows[0]] === "city" ? "desert" : "city";
  const strips = h(
    "div",
    {
      class: "noa-row",
      title: "Strip piles: strips never drawn come first, then discarded strips, oldest first",
    },
    h("span", { class: "noa-lbl" }, "Strips"),
    h("span", { class: "noa-where noa-grow" }, `next: ${nextKind} · ${pileText.join(" · ")}`),
  );
  return h(
    "div",
    { class: "noa-panel" },
    h("h4", {}, `Supplies · turn ${view.turn + 1}`),
    pile,
    special,
    playedRow,
    finals,
    strips,
  );
}

function seatCards(msg, layout, ui, groups) {
  const view = msg.view;
  const seatsInfo = (msg.table && msg.table.seats) || [];
  const wrap = h("div", { class: "noa-seats" });
  for (const p of view.players) {
    const info = seatsInfo.find((x) => x.seat === p.seat) || {};
    const name = info.name || `Seat ${p.seat}`;
    const mine = p.seat === msg.seat;
    let where = "";
    if (p.status === "board") where = `at ${p.space}`;
    else if (p.status === "pilgrim") where = "on the Pilgrim space";
    else where = "Lost in the desert";
    const card = h(
      "div",
      { class: "noa-seat" + (p.seat === view.active && !view.over ? " noa-active" : "") },
      h(
        "div",
        { class: "noa-seathead" },
        h("span", { class: "noa-badge", style: { background: ui.seatColor(p.seat) } }, ui.seatLetter(p.seat)),
        h("span", {}, name),
        mine ? h("span", { class: "noa-you" }, "you") : null,
        h(
          "span",
          { class: "noa-money", title: view.over ? "final Dinars (money disks added)" : "Dinars" },
          `${view.over ? p.score : p.money}`,
          h("small", {}, " Dinars"),
        ),
      ),
      h(
        "div",
        { class: "noa-where" },
        where,
        view.over && p.score !== p.money ? ` · ${p.money} + disks` : "",
      ),
    );
    const animals = ANIMALS.filter((a) => p.animals[a] > 0);
    card.append(
      h(
        "div",
        { class: "noa-row" },
        h("span", { class: "noa-lbl" }, "Animals"),
        animals.length
          ? animals.map((a) =>
              h(
                "span",
                {
                  class: "noa-row",
                  style: { gap: "2px", marginRight: "4px" },
                  title: `${p.animals[a]} ${a}`,
                },
                animalToken(a),
                h("span", { class: "noa-n" }, `×${p.animals[a]}`),
              ),
            )
          : h("span", { class: "noa-none" }, "none"),
      ),
    );
    const dice = [];
    for (const a of ANIMALS) for (let i = 0; i < p.handlers[a]; i += 1) dice.push(handlerDie(a));
    card.append(
      h(
        "div",
        { class: "noa-row" },
        h("span", { class: "noa-lbl" }, "Handlers"),
        dice.length ? dice : h("span", { class: "noa-none" }, "none"),
      ),
    );
    const disks = h("div", { class: "noa-row" }, h("span", { class: "noa-lbl" }, "Disks"));
    if (Array.isArray(p.disks)) {
      if (!p.disks.length) disks.append(h("span", { class: "noa-none" }, "none"));
      for (const d of p.disks) {
        const node = specialDisk(d);
        if (mine) {
          const texts = groups.play.get(d) || [];
          makeLegal(node, texts, ui);
        }
        disks.append(node);
      }
    } else if (p.disk_count) {
      disks.append(
        ...faceDownDisks(p.disk_count, "special disk held face down"),
        h("span", { class: "noa-n" }, `${p.disk_count} held`),
      );
    } else {
      disks.append(h("span", { class: "noa-none" }, "none"));
    }
    card.append(disks);
    wrap.append(card);
  }
  return wrap;
}

// ---------------------------------------------------------------------------------------

export function draw(root, msg, layout, ui) {
  ensureStyle();
  root.replaceChildren();
  const view = msg.view;
  if (!view || !view.rows || !layout || !layout.strips) return;
  const legal = msg.legal || [];
  const spaces = boardSpaces(view, layout);
  const me = msg.seat !== null && msg.seat !== undefined ? view.players[msg.seat] : null;
  const myLand = me && me.space && spaces.has(me.space) ? spaces.get(me.space).terrain : null;

  // Sort the legal texts onto elements.
  const targets = new Map(); // "r,x" -> texts
  const groups = {
    take: [],
    sell: [],
    abdul: [],
    keep: [],
    pick: [],
    expert: [],
    choose: [],
    sands: [],
    play: new Map(),
  };
  let moveTargets = false;
  let placeTargets = false;
  for (const t of legal) {
    const w = t.split(" ");
    if (w[0] === "move") {
      push(targets, w[w.length - 1], t);
      moveTargets = true;
    } else if (w[0] === "place") {
      push(targets, w[1], t);
      placeTargets = true;
    } else if (t === "stay" && me && me.space) {
      push(targets, me.space, t);
    } else if (w[0] === "take-handlers") groups.take.push(t);
    else if (w[0] === "sell") groups.sell.push(t);
    else if (w[0] === "keep") groups.keep.push(t);
    else if (w[0] === "pick") groups.pick.push(t);
    else if (w[0] === "choose-land") groups.choose.push(t);
    else if (w[0] === "play") {
      const disk = w[1];
      push(groups.play, disk, t);
      if (disk === "ride-the-winds") {
        push(targets, w[2], t);
        moveTargets = true;
      } else if (disk === "abdul") groups.abdul.push(t);
      else if (disk === "expert-handler") groups.expert.push(t);
      else if (disk === "sands-of-time") groups.sands.push(t);
    }
  }
  // One-step moves first, then two-step paths, then Ride the Winds, in a shared offer.
  for (const list of targets.values()) list.sort((a, b) => a.split(" ").length - b.split(" ").length);
  const ctx = { myLand, moveTargets, placeTargets };

  const top = h("div", { class: "noa-top" });
  const boardWrap = h("div", { class: "noa-boardwrap" }, drawBoard(msg, layout, ui, targets, spaces));
  const side = h("div", { class: "noa-side" });
  side.append(...decisionPanel(msg, layout, ui, groups, ctx));
  side.append(boxesPanel(msg, layout, ui, groups, ctx), tracksPanel(msg, layout), suppliesPanel(msg, layout));
  top.append(boardWrap, side);
  root.append(h("div", { class: "noa" }, top, seatCards(msg, layout, ui, groups)));
}
