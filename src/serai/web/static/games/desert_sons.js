// In the Realm of the Desert Sons: the board of one table, drawn from a seat's view.
//
// draw(root, msg, layout, ui) fills `root` with an SVG of the 11 x 11 explored area (the
// start cross, every placed tile at its rotation with its oasis sections, desert routes and
// symbols, caravans and influence stones), a legend, and HTML panels: the tile to place,
// the stacks and discards, the running rating, the rumor board, the supply and every
// player's water, camel cards, commodities, stones in hand and display. Legal actions come
// decoded (msg.choices: cells by index, rotations in quarter turns, tiles, stones, symbols,
// rumor slots); only msg.view, msg.choices and the fixed layout are read.
import {
  Choices, bind, el, inspect, markRecent, recentRing, picture, piece, promptLine, recentParts, redraw,
  scoreWithChange, seatBadge, seatName, since, svg, useStyles,
} from "../board.js";

await useStyles("board.css", "games/desert_sons.css");

const U = 100; // one cell in SVG units
const MARGIN = 30; // room for the coordinate labels
const MID = [[50, 0], [100, 50], [50, 100], [0, 50]]; // edge midpoints N E S W
const VEC = [[0, -1], [1, 0], [0, 1], [-1, 0]];
const DIRS = "NESW";

// Symbols: a shape for the kind (goods tile, drop, circle, diamond) and a letter for which.
const SYMBOL = {
  myrrh: { letter: "M", fill: "#b4532a", ink: "#fff", shape: "goods", words: "Myrrh: a commodity" },
  incense: { letter: "I", fill: "#7d4fa8", ink: "#fff", shape: "goods", words: "Incense: a commodity" },
  salt: { letter: "S", fill: "#f7f5ef", ink: "#222", shape: "goods", words: "Salt: a commodity" },
  gems: { letter: "G", fill: "#138a72", ink: "#fff", shape: "goods", words: "Gems: a commodity" },
  camel: { letter: "C", fill: "#e0a93b", ink: "#2b1d05", shape: "circle", words: "Camel card: 2 more carrying spaces" },
  water: { letter: "W", fill: "#2f80d4", ink: "#fff", shape: "drop", words: "Water: pays for a move that is not free" },
  rumor: { letter: "?", fill: "#2b2b2b", ink: "#fff", shape: "diamond", words: "Rumor: place or peek at a rumor chip" },
};

// Remembered between redraws: the cell whose placements the player is looking at, and
// whether the board is shown zoomed (phones).
let picked = { revision: -1, cell: null, rotation: null };
let zoomed = false;
// Per cell of a placement, how to show the tile turned on it (drawn with the board).
const ghosts = new Map();

function cellName(cell, layout) {
  return `${cell % layout.size},${Math.floor(cell / layout.size)}`;
}

function parseCell(name) {
  const [x, y] = name.split(",").map(Number);
  return { x, y };
}

// ---------------------------------------------------------------------------------------
// fields and tiles

// The placed look of a field: edges facing N E S W and its sections with turned edges.
function fieldLook(layout, tile, rotation, cell) {
  const data = tile == null ? layout.cross[cell] : layout.tiles[String(tile)];
  if (!data) return { edges: "DDDD", sections: [] };
  const k = (rotation / 90) | 0;
  let edges = "";
  for (let d = 0; d < 4; d++) edges += data.edges[(d - k + 4) % 4];
  const sections = data.sections.map((s) => ({
    label: s.label,
    dirs: [...s.edges].map((c) => (DIRS.indexOf(c) + k) % 4).sort(),
    symbols: s.symbols,
  }));
  return { edges, sections, type: tile == null ? "cross" : data.type };
}

// Where a section's pond lies: near its edge (cap), towards its corner, or the centre.
function hubOf(dirs) {
  if (dirs.length === 1) {
    const v = VEC[dirs[0]];
    return [50 + v[0] * 23, 50 + v[1] * 23];
  }
  if (dirs.length === 2 && (dirs[0] + 2) % 4 !== dirs[1]) {
    const a = VEC[dirs[0]], b = VEC[dirs[1]];
    return [50 + (a[0] + b[0]) * 17, 50 + (a[1] + b[1]) * 17];
  }
  return [50, 50];
}

function symbolSpots(dirs, count) {
  const [hx, hy] = hubOf(dirs);
  if (count < 2) return [[hx, hy]];
  return [[hx - 17, hy - 9], [hx + 17, hy - 9]];
}

// Where a stone on section `sec` of this field stands: clear of every symbol and closer to
// its own pond than to any other section's (a tile holds at most one stone, R13).
function stoneSpot(sections, sec) {
  const [hx, hy] = hubOf(sec.dirs);
  const symbols = sections.flatMap((s) => symbolSpots(s.dirs, s.symbols.length));
  const others = sections.filter((s) => s !== sec).map((s) => hubOf(s.dirs));
  const dist = (a, b, c, d) => Math.hypot(a - c, b - d);
  let best = null;
  for (const y of [22, 50, 76]) {
    for (const x of [19, 50, 81]) {
      if (symbols.some(([sx, sy]) => Math.abs(x - sx) < 31 && Math.abs(y - sy) < 34)) continue;
      const own = dist(x, y, hx, hy);
      if (others.some(([ox, oy]) => dist(x, y, ox, oy) <= own)) continue;
      const cost = own + (y === 76 && x !== 50 ? 20 : 0); // keep the caravans' corners free
      if (!best || cost < best[0]) best = [cost, x, y];
    }
  }
  return best ? [best[1], best[2]] : [hx, hy];
}

function symbol(name, x, y, r = 12) {
  const s = SYMBOL[name] || { letter: "?", fill: "#999", ink: "#000", shape: "circle" };
  const common = { fill: s.fill, class: "ds-symshape" };
  let shape;
  if (s.shape === "goods") shape = svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: r * 0.3, ...common });
  else if (s.shape === "drop") {
    shape = svg("path", {
      d: `M ${x} ${y - r * 1.25} C ${x + r * 0.5} ${y - r * 0.5} ${x + r} ${y - r * 0.1} ${x + r} ${y + r * 0.3}` +
        ` A ${r} ${r} 0 0 1 ${x - r} ${y + r * 0.3} C ${x - r} ${y - r * 0.1} ${x - r * 0.5} ${y - r * 0.5} ${x} ${y - r * 1.25} Z`,
      ...common,
    });
  } else if (s.shape === "diamond") {
    const q = r * 1.2;
    shape = svg("path", { d: `M ${x} ${y - q} L ${x + q} ${y} L ${x} ${y + q} L ${x - q} ${y} Z`, ...common });
  } else shape = svg("circle", { cx: x, cy: y, r, ...common });
  return inspect(svg("g", { class: `ds-sym ds-sym-${name}` }, shape,
    svg("text", { x, y: y + (s.shape === "drop" ? r * 0.25 : 0), "font-size": r * 1.25, fill: s.ink, class: "ds-symletter" }, s.letter)),
  s.words ?? name);
}

// One field in a 100 x 100 box at the origin of `g`.
function drawField(g, look, opts = {}) {
  const cross = look.type === "cross";
  g.append(svg("rect", { x: 0, y: 0, width: U, height: U, class: cross ? "ds-crossfield" : "ds-tilebg" }));
  if (cross) g.append(svg("rect", { x: 6, y: 6, width: 88, height: 88, rx: 6, class: "ds-crossinner" }));
  // desert routes: a brown track from every desert edge to the middle
  const desert = [0, 1, 2, 3].filter((d) => look.edges[d] === "D");
  for (const d of desert) g.append(svg("line", { x1: MID[d][0], y1: MID[d][1], x2: 50, y2: 50, class: "ds-route" }));
  if (desert.length) g.append(svg("circle", { cx: 50, cy: 50, r: desert.length > 1 ? 5 : 3.5, class: "ds-routehub" }));
  // oasis sections: a green band from each oasis edge to the section's pond
  const paths = look.sections.map((s) => {
    const [hx, hy] = hubOf(s.dirs);
    return s.dirs.map((d) => {
      const [mx, my] = MID[d];
      return `M ${mx} ${my} L ${mx - VEC[d][0] * 12} ${my - VEC[d][1] * 12} L ${hx} ${hy}`;
    }).join(" ");
  });
  for (const p of paths) g.append(svg("path", { d: p, class: "ds-oasis-edge" }));
  for (const p of paths) g.append(svg("path", { d: p, class: "ds-oasis" }));
  for (const s of look.sections) {
    const [hx, hy] = hubOf(s.dirs);
    const r = s.dirs.length >= 3 ? 24 : s.dirs.length === 2 && hx === 50 ? 20 : 19;
    g.append(svg("ellipse", { cx: hx, cy: hy, rx: r + (s.symbols.length > 1 ? 12 : 0), ry: r, class: "ds-pond" }));
  }
  for (const s of look.sections) {
    const spots = symbolSpots(s.dirs, s.symbols.length);
    s.symbols.forEach((name, j) => g.append(symbol(name, spots[j][0], spots[j][1], opts.symbolR || 16)));
    if (s.symbols.length === 0) {
      const [hx, hy] = hubOf(s.dirs);
      g.append(svg("text", { x: hx, y: hy, class: "ds-nothing" }, "–"));
    }
  }
  if (look.sections.length === 2 && opts.labels) {
    for (const s of look.sections) {
      const [hx, hy] = hubOf(s.dirs);
      const dx = hx === 50 ? 0 : hx < 50 ? -1 : 1, dy = hy === 50 ? 0 : hy < 50 ? -1 : 1;
      g.append(svg("text", { x: hx + dx * 2 + (dy ? 22 : 0), y: hy + dy * 2 + (dx ? -21 : 0), class: "ds-seclabel" }, s.label));
    }
  }
}

function fieldWords(look, cell, tile, here) {
  const sections = look.sections.map((s) => `oasis section ${s.label}: ${s.symbols.length ? s.symbols.join(", ") : "no symbol"}`);
  const routes = [...look.edges].map((e, d) => (e === "D" ? DIRS[d] : "")).join("");
  return [look.type === "cross" ? `Start cross, field ${cell}` : `Tile ${tile} (${look.type}), field ${cell}`,
    ...sections, routes ? `desert routes to ${routes}` : "no desert route", ...here];
}

// A whole tile as its own little SVG (display tiles, the tile to place, rotation choices).
function tileSvg(layout, tile, rotation, size) {
  const g = svg("g");
  drawField(g, fieldLook(layout, tile, rotation, null), { labels: true, symbolR: 14 });
  return picture("-3 -3 106 106", size, size, g, svg("rect", { x: 0, y: 0, width: U, height: U, class: "ds-miniframe" }));
}

function stone(rank, seat, ui, turban) {
  const w = 17, h = 21;
  return svg("g", { class: "ds-stone" },
    svg("path", { d: `M ${-w} ${h} L ${-w} ${-h + 7} Q ${-w} ${-h} ${-w + 7} ${-h} L ${w - 7} ${-h} Q ${w} ${-h} ${w} ${-h + 7} L ${w} ${h} Z`, style: `fill: ${ui.seatColor(seat)}`, class: "ds-stonebody" }),
    svg("text", { x: 0, y: -9, class: "ds-stoneletter" }, ui.seatLetter(seat)),
    svg("text", { x: 0, y: 9, class: "ds-stonerank" }, String(rank)),
    turban ? turbanGlyph(0, -h - 3) : null);
}

function turbanGlyph(x, y) {
  return svg("g", { transform: `translate(${x} ${y})`, class: "ds-turban" },
    svg("ellipse", { cx: 0, cy: 0, rx: 15, ry: 8 }), svg("path", { d: "M -12 -2 Q 0 -12 12 -2 M -9 3 Q 0 -5 9 3", fill: "none" }),
    svg("circle", { cx: 0, cy: -7, r: 3.5, class: "ds-turbanjewel" }));
}

function caravan(seat, ui, active) {
  // a camel's back: two humps over a body, in the seat colour, with the seat letter
  return svg("g", { class: "ds-caravan" },
    active ? svg("ellipse", { cx: 0, cy: 0, rx: 23, ry: 19, class: "ds-halo" }) : null,
    svg("path", { d: "M -17 10 L -17 0 Q -15 -8 -8 -8 Q -5 -17 1 -9 Q 5 -17 10 -8 Q 17 -7 17 0 L 17 10 Z", style: `fill: ${ui.seatColor(seat)}`, class: "ds-caravanbody" }),
    svg("text", { x: 0, y: 2, class: "ds-caravanletter" }, ui.seatLetter(seat)));
}

// ---------------------------------------------------------------------------------------
// the board

function drawBoard(msg, layout, ui, C, recent) {
  const v = msg.view;
  const n = layout.size;
  const span = n * U;
  const box = svg("svg", { viewBox: `${-MARGIN} ${-MARGIN} ${span + 2 * MARGIN} ${span + 2 * MARGIN}`, class: "ds-board", role: "group", "aria-label": "the explored area" },
    svg("rect", { x: -MARGIN, y: -MARGIN, width: span + 2 * MARGIN, height: span + 2 * MARGIN, class: "ds-boardbg" }),
    svg("rect", { x: -4, y: -4, width: span + 8, height: span + 8, class: v.desert_border ? "ds-rim ds-rim-desert" : "ds-rim" }));
  for (let i = 0; i < n; i++) {
    box.append(svg("text", { x: i * U + 50, y: -MARGIN / 2 - 1, class: "ds-coord" }, String(i)),
      svg("text", { x: -MARGIN / 2 - 1, y: i * U + 50, class: "ds-coord" }, String(i)),
      svg("text", { x: i * U + 50, y: span + MARGIN / 2 + 1, class: "ds-coord" }, String(i)),
      svg("text", { x: span + MARGIN / 2 + 1, y: i * U + 50, class: "ds-coord" }, String(i)));
  }
  const looks = new Map();
  for (const f of v.fields) looks.set(f.cell, { ...fieldLook(layout, f.tile, f.rotation, f.cell), tile: f.tile });
  // unexplored cells: faint, so the explored area stands out
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!looks.has(`${x},${y}`)) box.append(svg("rect", { x: x * U + 3, y: y * U + 3, width: U - 6, height: U - 6, rx: 8, class: "ds-empty" }));
    }
  }
  const stonesAt = new Map(); // cell -> {rank, seat, section}
  for (const p of v.players_info) {
    for (const [rank, where] of Object.entries(p.stones_on_board)) {
      if (where) stonesAt.set(where.cell, { rank: Number(rank), seat: p.seat, section: where.section });
    }
  }
  const turbanRank = layout.stones[v.turban] ? layout.stones[v.turban][0] : null;
  const ratingStones = new Set(v.rating ? v.rating.order : []);
  const chooserRank = v.rating && v.rating.position < v.rating.order.length ? v.rating.order[v.rating.position] : null;
  const fieldLayer = svg("g");
  const targetLayer = svg("g");
  const pieceLayer = svg("g", { class: "ds-pieces" });
  box.append(fieldLayer, targetLayer, pieceLayer);
  const startOf = new Map(layout.start_fields.map((c, s) => [c, s]));
  const stones = C.of("stone");
  for (const [cell, look] of looks) {
    const { x, y } = parseCell(cell);
    const g = svg("g", { transform: `translate(${x * U} ${y * U})`, class: "ds-field", "data-cell": cell });
    fieldLayer.append(g);
    drawField(g, look, { labels: look.sections.length === 2 });
    const here = [];
    const st = stonesAt.get(cell);
    if (st) here.push(`stone ${st.rank} of ${seatName(msg, st.seat)} (${ui.seatLetter(st.seat)}) on section ${st.section}${st.rank === turbanRank ? ", the turban stone (height 17)" : ""}`);
    for (const p of v.players_info) if (p.caravan === cell) here.push(`caravan of ${seatName(msg, p.seat)} (${ui.seatLetter(p.seat)})`);
    inspect(g, fieldWords(look, cell, look.tile, here));
    g.append(svg("rect", { x: 0, y: 0, width: U, height: U, class: "ds-fieldframe" }));
    if (look.type === "cross") {
      if (cell === layout.centre) g.append(svg("path", { d: "M 50 36 L 64 50 L 50 64 L 36 50 Z", class: "ds-centre" }));
      if (startOf.has(cell)) {
        const s = startOf.get(cell);
        g.append(svg("text", { x: 84, y: 16, class: "ds-startmark", style: `fill: ${ui.seatColor(s)}` }, ui.seatLetter(s)));
      }
    } else g.append(svg("text", { x: 7, y: 10, class: "ds-tileid" }, String(look.tile)));
    if (cell === v.last_placed) g.append(svg("rect", { x: 3, y: 3, width: U - 6, height: U - 6, class: "ds-last" }));
    if (recent.cells.has(cell)) {
      markRecent(g);
      g.append(recentRing("rect", { x: 7, y: 7, width: U - 14, height: U - 14, rx: 6 }, 5));
    }
    // a stone goes on a section of the field just placed
    if (cell === v.last_placed && stones.length) {
      for (const [section, s] of look.sections.entries()) {
        const choices = stones.filter((c) => c.section === section);
        if (!choices.length) continue;
        const [hx, hy] = hubOf(s.dirs);
        const hit = svg("circle", { cx: x * U + hx, cy: y * U + hy, r: 26, class: "ds-hit" });
        bind(hit, choices, ui, `put a stone on section ${s.label} of ${cell}`);
        targetLayer.append(hit);
      }
    }
  }
  // legal cells: moves (free, or paid with a water) and placements
  const free = new Set(v.free_moves || []);
  for (const [cellIndex, choices] of C.group((c) => c.cell, C.of("move"))) {
    const cell = cellName(cellIndex, layout);
    const { x, y } = parseCell(cell);
    const paid = !free.has(cell);
    const g = svg("g", { transform: `translate(${x * U} ${y * U})`, class: "ds-target" },
      paid ? null : svg("rect", { x: 1, y: 1, width: U - 2, height: U - 2, rx: 7, class: "ds-markline" }),
      svg("rect", { x: 5, y: 5, width: U - 10, height: U - 10, rx: 6, class: paid ? "ds-mark ds-mark-paid" : "ds-mark" }),
      paid ? [symbol("water", 84, 84, 9), svg("text", { x: 68, y: 86, class: "ds-cost" }, "1")] : null,
      svg("rect", { x: 0, y: 0, width: U, height: U, class: "ds-cellhit" }));
    bind(g, choices, ui, `move the caravan to ${cell}${paid ? ", paying 1 water" : ", free"}`);
    inspect(g, `Move your caravan to ${cell}`, paid ? "costs 1 water" : "free: along desert routes and one oasis link");
    targetLayer.append(g);
  }
  const pending = v.pending_tile;
  ghosts.clear();
  for (const [cellIndex, choices] of C.group((c) => c.cell, C.of("place"))) {
    const cell = cellName(cellIndex, layout);
    const { x, y } = parseCell(cell);
    const ghost = svg("g", { class: "ds-ghost" });
    const show = (rotation) => {
      ghost.replaceChildren();
      if (pending) drawField(ghost, fieldLook(layout, pending, 90 * rotation, null), { labels: true });
    };
    const shown = picked.revision === msg.revision && picked.cell === cell && picked.rotation !== null ? picked.rotation : choices[0].rotation;
    show(shown);
    ghosts.set(cell, show);
    const g = svg("g", { transform: `translate(${x * U} ${y * U})`, class: "ds-target" }, ghost,
      svg("rect", { x: 3, y: 3, width: U - 6, height: U - 6, rx: 6, class: "ds-mark ds-mark-place" }),
      choices.length > 1 ? [svg("circle", { cx: 84, cy: 16, r: 13, class: "ds-rotbadge" }), svg("text", { x: 84, y: 16, class: "ds-rotcount" }, `${choices.length}`),
        svg("text", { x: 84, y: 34, class: "ds-rotarrow" }, "↻")] : null,
      svg("rect", { x: 0, y: 0, width: U, height: U, class: "ds-cellhit" }));
    // several turns: the tile panel shows each, and the page offers them too
    const pick = () => {
      picked = { revision: msg.revision, cell, rotation: null };
      if (choices.length > 1) showRotations(msg, layout, ui, cell, choices);
    };
    g.addEventListener("click", pick);
    g.addEventListener("keydown", (event) => (event.key === "Enter" || event.key === " ") && pick());
    bind(g, choices, ui, choices.length > 1 ? `place the tile on ${cell}: ${choices.length} ways to turn it` : `place the tile on ${cell}`);
    inspect(g, `Place tile ${pending} on ${cell}`, choices.length > 1 ? `${choices.length} ways to turn it` : null);
    targetLayer.append(g);
  }
  // stones on the board
  for (const [cell, st] of stonesAt) {
    const { x, y } = parseCell(cell);
    const look = looks.get(cell);
    const sec = look && look.sections.find((s) => s.label === st.section);
    const [sx, sy] = sec ? stoneSpot(look.sections, sec) : [50, 50];
    if (sec) {
      const [hx, hy] = hubOf(sec.dirs);
      pieceLayer.append(svg("line", { x1: x * U + hx, y1: y * U + hy, x2: x * U + sx, y2: y * U + sy, class: "ds-tether", style: `stroke: ${ui.seatColor(st.seat)}` }));
    }
    const g = piece(`stone:${st.rank}`, x * U + sx, y * U + sy, stone(st.rank, st.seat, ui, st.rank === turbanRank));
    if (ratingStones.has(st.rank)) g.classList.add(st.rank === chooserRank ? "ds-choosing" : "ds-rated");
    if (recent.stones.has(st.rank)) markRecent(g);
    bind(g, C.where({ kind: "remove-stone", rank: st.rank }), ui, `remove stone ${st.rank}`);
    pieceLayer.append(g);
  }
  // caravans, in the lower corners of their fields
  const byCell = new Map();
  for (const p of v.players_info) byCell.set(p.caravan, [...(byCell.get(p.caravan) || []), p.seat]);
  const slots = [[22, 86], [78, 86], [22, 18], [78, 18]];
  for (const [cell, seats] of byCell) {
    const { x, y } = parseCell(cell);
    seats.forEach((s, i) => {
      const active = s === v.to_act || (v.to_act == null && s === v.turn_player);
      pieceLayer.append(piece(`caravan:${s}`, x * U + slots[i % 4][0], y * U + slots[i % 4][1], svg("g", { transform: "scale(1.15)" }, caravan(s, ui, active))));
    });
  }
  return box;
}

// The ways to turn the tile on `cell`, as pictures beside the tile to place.
function showRotations(msg, layout, ui, cell, choices) {
  const rots = document.querySelector(".ds-rots");
  if (!rots) return;
  rots.replaceChildren(el("div", { class: "ds-label" }, `turn it on ${cell}:`));
  for (const c of choices) {
    const option = el("span", { class: "ds-rotopt" }, tileSvg(layout, msg.view.pending_tile, 90 * c.rotation, 44), el("span", {}, `r${90 * c.rotation}`));
    bind(option, [c], ui, `place it turned ${90 * c.rotation} degrees`);
    const preview = () => {
      picked.rotation = c.rotation;
      ghosts.get(cell)?.(c.rotation);
    };
    option.addEventListener("mouseenter", preview);
    option.addEventListener("focus", preview);
    rots.append(option);
  }
}

// ---------------------------------------------------------------------------------------
// panels

function panel(title, cls = "") {
  return el("section", { class: `ds-panel ${cls}` }, title ? el("h4", {}, title) : null);
}

function symbolChip(name, count = null, size = 22) {
  return inspect(el("span", { class: "ds-count" }, picture("-16 -17 32 33", size, size, symbol(name, 0, 0, 12)), count != null ? el("b", {}, String(count)) : null),
    SYMBOL[name]?.words ?? name, count != null ? `${count}` : null);
}

function stoneChip(rank, seat, ui, turban, scale = 1) {
  const h = 22 + rank * 1.6; // stones differ in height: rank 16 is the tallest
  const top = turban ? 14 : 2;
  const pic = picture(`-20 ${-h - top} 40 ${h + top + 2}`, Math.round(22 * scale), Math.round((h + top + 2) * 0.55 * scale),
    svg("rect", { x: -16, y: -h, width: 32, height: h, rx: 6, style: `fill: ${ui.seatColor(seat)}`, class: "ds-stonebody" }),
    svg("text", { x: 0, y: -h + 11, class: "ds-stoneletter" }, ui.seatLetter(seat)),
    svg("text", { x: 0, y: -10, class: "ds-stonerank" }, String(rank)),
    turban ? turbanGlyph(0, -h - 5) : null);
  return inspect(el("span", { class: "ds-stonewrap" }, pic), `Stone ${rank}`, turban ? "the turban stone: its height counts as 17" : "taller stones rate first");
}

const PHASE_PROMPT = {
  move: "Move your caravan: tap a highlighted field (a drop marks a move that costs 1 water), or explore without moving.",
  explore: "Explore: draw a tile from the stack, or play or take a tile from a display.",
  draw: "Draw a tile: tap the current stack.",
  replacement: "Choose a tile: play one of your own, take one from another display, or discard.",
  placement: "Place the tile: tap a highlighted field (the number says how many ways it turns).",
  continuation: "Go on exploring or end your turn.",
  stone: "Put a stone on a section of the tile you placed (tap its pond), or place none.",
  rating: "Rating: tap a symbol to take it.",
  "rumor draw": "Rumor: keep the chip you drew or put it back.",
  "rumor placement": "Rumor: tap the commodity row for your chip.",
  peek: "Peek: tap a face-down rumor chip to look at it.",
};

function tilePanel(msg, layout, ui, C) {
  const v = msg.view;
  const p = panel(null, "ds-tiles");
  const row = el("div", { class: "ds-row" });
  p.append(row);
  if (v.pending_tile) {
    const t = layout.tiles[String(v.pending_tile)];
    row.append(el("div", { class: "ds-pending" }, el("div", { class: "ds-label" }, "tile to place"),
      inspect(el("span", {}, tileSvg(layout, v.pending_tile, 0, 78)), `Tile ${v.pending_tile} (${t.type})`, "tap a highlighted field to place it"),
      el("div", { class: "ds-small" }, `#${v.pending_tile} ${t.type}`), el("div", { class: "ds-rots" })));
  }
  const stacks = el("div", { class: "ds-stacks" });
  const current = v.stacks.findIndex((k) => k > 0);
  v.stacks.forEach((k, i) => {
    const s = inspect(el("div", { class: `ds-stack${i === current ? " ds-current" : ""}${k === 0 ? " ds-emptystack" : ""}` },
      el("span", { class: "ds-stackno" }, String(i + 1)), el("b", {}, String(k))), `Stack ${i + 1}: ${k} tiles`, i === current ? "the stack tiles are drawn from now" : null);
    if (i === current) bind(s, C.of("draw"), ui, "draw a tile");
    stacks.append(s);
  });
  const total = v.stacks.reduce((a, b) => a + b, 0);
  row.append(el("div", { class: "ds-stackbox" }, el("div", { class: "ds-label" }, `stacks · ${total} left`), stacks));
  const status = [v.phase];
  if (v.bonus_turn) status.push("bonus turn");
  if (v.final_turns_left != null) status.push(`final turns left: ${v.final_turns_left}`);
  if (v.desert_border) status.push("desert border");
  p.append(el("div", { class: "ds-status" }, status.join(" · ")));
  if (v.discarded.length) {
    p.append(el("div", { class: "ds-discards" }, el("span", { class: "ds-label" }, "discarded"),
      ...v.discarded.map((t) => inspect(el("span", {}, tileSvg(layout, t, 0, 30)), `Tile ${t}, discarded`))));
  }
  return p;
}

function ratingPanel(msg, layout, ui, C, recent) {
  const v = msg.view;
  const r = v.rating;
  if (!r && !v.drawn_chip) return null;
  const p = panel("rating", "ds-rating");
  if (r) {
    const order = el("div", { class: "ds-order" });
    r.order.forEach((rank, i) => {
      const turban = layout.stones[v.turban] && layout.stones[v.turban][0] === rank;
      const cls = ["ds-orderstone"];
      if (i === r.position) cls.push("ds-now");
      if (i < r.position) cls.push("ds-done");
      if (r.blocked === rank) cls.push("ds-blocked");
      const item = el("span", { class: cls.join(" ") }, stoneChip(rank, r.owners[i], ui, turban, 1.5));
      if (r.blocked === rank) inspect(item, `Stone ${rank} is blocked`, "its owner could not pay the fee");
      order.append(item);
      if (i < r.order.length - 1) order.append(el("span", { class: "ds-arrow" }, "›"));
    });
    p.append(order);
    const syms = el("div", { class: "ds-symrow" });
    layout.symbols.forEach((name, index) => {
      const k = r.symbols[name];
      if (!k) return;
      const c = symbolChip(name, k, 28);
      c.classList.add("ds-pick");
      if (recent.symbols.has(index)) markRecent(c);
      bind(c, C.where({ kind: "choose", symbol: index }), ui, `take ${name}`);
      syms.append(c);
    });
    if (!syms.childElementCount) syms.append(el("span", { class: "ds-small" }, "no symbols left"));
    p.append(el("div", { class: "ds-label" }, "symbols left"), syms);
  }
  if (v.drawn_chip) {
    p.append(el("div", { class: "ds-drawn" }, el("span", { class: "ds-label" }, "drawn chip "),
      el("span", { class: `ds-chip ${v.drawn_chip === "?" ? "ds-hidden" : ""}` }, v.drawn_chip)));
  }
  return p;
}

function rumorPanel(msg, layout, ui, C, recent) {
  const v = msg.view;
  const p = panel(`rumor board · pool ${v.rumor_pool}`, "ds-rumor");
  const grid = el("div", { class: "ds-rumorgrid" });
  layout.commodities.forEach((c, ci) => {
    const chips = v.rumor_board[c] || [];
    const row = el("div", { class: "ds-rumorrow" }, symbolChip(c, null, 20));
    for (let i = 0; i < 2; i++) {
      const chip = chips[i];
      const slot = 2 * ci + i;
      let e;
      if (chip) {
        e = el("span", { class: `ds-chip${chip.value == null ? " ds-hidden" : ""}` }, chip.value ?? "?");
        const seen = chip.seen_by.map((s) => ui.seatLetter(s)).join(" ");
        inspect(e, `${c} chip ${i + 1}${chip.value ? `: ${chip.value}` : ": face down"}`, `known to ${seen || "nobody"}`);
        if (chip.seen_by.length) e.append(el("span", { class: "ds-seen" }, ...chip.seen_by.map((s) => el("i", { style: { background: ui.seatColor(s) } }, ui.seatLetter(s)))));
        bind(e, C.where({ kind: "peek", slot }), ui, `peek at ${c} chip ${i + 1}`);
        if (recent.slots.has(slot)) markRecent(e);
      } else e = el("span", { class: "ds-chip ds-slot" });
      row.append(e);
    }
    if (v.commodity_values) {
      const cv = v.commodity_values;
      row.append(inspect(el("span", { class: "ds-value" }, `= ${Array.isArray(cv) ? cv[ci] : cv[c]}`), `final value of each ${c}`));
    }
    if (recent.rows.has(ci)) markRecent(row);
    bind(row, C.where({ kind: "rumor", symbol: ci }), ui, `put the chip on the ${c} row`);
    grid.append(row);
  });
  p.append(grid);
  const s = v.supply;
  p.append(el("div", { class: "ds-supply" }, el("span", { class: "ds-label" }, "supply"), symbolChip("water", s.water), symbolChip("camel", s.camel_cards),
    ...layout.commodities.map((c) => symbolChip(c, s[c]))));
  return p;
}

function playersPanel(msg, layout, ui, C, recent) {
  const v = msg.view;
  const p = panel(null, "ds-players");
  const turbanRank = layout.stones[v.turban] ? layout.stones[v.turban][0] : null;
  for (const info of v.players_info) {
    const s = info.seat;
    const card = el("div", { class: `ds-player${s === msg.seat ? " ds-me" : ""}${s === v.to_act ? " ds-toact" : ""}`, style: { "--seat": ui.seatColor(s) } });
    const head = el("div", { class: "ds-phead" }, seatBadge(s, ui), el("span", { class: "ds-pname" }, seatName(msg, s)));
    if (v.turban === s) head.append(inspect(el("span", { class: "ds-hasturban" }, picture("-17 -14 34 24", 26, 18, turbanGlyph(0, 0))), `Holds the turban: stone ${turbanRank} counts as 17`));
    head.append(inspect(el("span", { class: "ds-score" }, scoreWithChange(msg, `score:${s}`, info.score.total)),
      v.commodity_values ? "Final score" : "Score so far (4 per commodity until the end)"));
    card.append(head);
    const held = layout.commodities.reduce((a, c) => a + info.goods[c], 0);
    const goods = el("div", { class: "ds-goods" }, symbolChip("water", info.water), symbolChip("camel", info.camels),
      inspect(el("span", { class: "ds-small ds-carry" }, `${held}/${info.carrying_spaces}`), "Commodities carried / carrying spaces"));
    for (const c of layout.commodities) {
      const chip = symbolChip(c, info.goods[c]);
      if (!info.goods[c]) chip.classList.add("ds-zero");
      goods.append(chip);
    }
    card.append(goods);
    const hand = el("div", { class: "ds-hand" });
    for (const rank of info.stones_in_hand) {
      const chip = stoneChip(rank, s, ui, rank === turbanRank);
      bind(chip, C.where({ kind: "stone", rank }), ui, `put stone ${rank} on the tile you placed`);
      hand.append(chip);
    }
    if (!info.stones_in_hand.length) hand.append(el("span", { class: "ds-small" }, "no stones in hand"));
    const disp = el("div", { class: "ds-display" });
    for (const t of info.display) {
      const mini = inspect(el("span", { class: "ds-dtile" }, tileSvg(layout, t, 0, 46)), `Tile ${t} (${layout.tiles[String(t)].type}) in ${seatName(msg, s)}'s display`);
      const own = s === msg.seat ? C.where((c) => (c.kind === "play-own" || c.kind === "discard") && c.tile === t) : [];
      bind(mini, own.length ? own : C.where({ kind: "take", seat: s, tile: t }), ui, `tile ${t}`);
      if (recent.tiles.has(t)) markRecent(mini);
      disp.append(mini);
    }
    for (let i = info.display.length; i < 3; i++) disp.append(el("span", { class: "ds-dtile ds-dslot" }));
    card.append(el("div", { class: "ds-lower" }, hand, disp));
    p.append(card);
  }
  return p;
}

function legend(layout) {
  const item = (node, text) => el("span", {}, node, text);
  return el("div", { class: "bd-legend ds-legend" },
    ...layout.symbols.map((name) => item(picture("-16 -17 32 33", 18, 18, symbol(name, 0, 0, 12)), name)),
    item(picture("0 0 30 14", 30, 14, svg("line", { x1: 2, y1: 7, x2: 28, y2: 7, class: "ds-route" })), "desert route"),
    item(picture("0 0 30 20", 30, 20, svg("path", { d: "M 2 10 L 20 10", class: "ds-oasis" }), svg("ellipse", { cx: 22, cy: 10, rx: 7, ry: 7, class: "ds-pond" })), "oasis section (a, b)"),
    el("span", {}, "stone: owner letter and rank; caravan: owner letter"),
    el("span", {}, "dotted ring: changed since your last decision"));
}

// ---------------------------------------------------------------------------------------

export function draw(root, msg, layout, ui) {
  const oldBox = root.querySelector(".ds-boardbox");
  const scroll = oldBox ? [oldBox.scrollLeft, oldBox.scrollTop] : null;
  redraw(root, msg, () => build(root, msg, layout, ui));
  const box = root.querySelector(".ds-boardbox");
  if (!zoomed || !box) return;
  if (scroll) [box.scrollLeft, box.scrollTop] = scroll;
  else root.querySelector(".ds-target, .ds-last")?.scrollIntoView({ block: "nearest", inline: "center" });
}

function build(root, msg, layout, ui) {
  root.replaceChildren();
  const v = msg.view;
  if (!v || !layout || !layout.tiles) return;
  if (picked.revision !== msg.revision) picked = { revision: msg.revision, cell: null, rotation: null };
  const C = new Choices(msg);
  const recent = { cells: new Set(), stones: new Set(), tiles: new Set(), symbols: new Set(), slots: new Set(), rows: new Set() };
  for (const p of recentParts(msg)) {
    if (p.kind === "place") recent.cells.add(cellName(p.cell, layout));
    if (p.kind === "stone") recent.stones.add(p.rank);
    if (["play-own", "discard", "take"].includes(p.kind)) recent.tiles.add(p.tile);
    if (p.kind === "choose") recent.symbols.add(p.symbol);
    if (p.kind === "peek") recent.slots.add(p.slot);
    if (p.kind === "rumor") recent.rows.add(p.symbol);
  }
  // a caravan that moved is marked where it went (its piece glides there too)
  const caravans = Object.fromEntries(v.players_info.map((p) => [p.seat, p.caravan]));
  const before = since(msg, "caravans", caravans);
  if (before) for (const [seat, cell] of Object.entries(caravans)) if (before[seat] !== cell) recent.cells.add(cell);

  const wrap = el("div", { class: "ds-wrap" });
  const boardCol = el("div", { class: "ds-boardcol" });
  const zoom = el("button", { type: "button", class: "ds-zoom", "aria-pressed": String(zoomed) }, zoomed ? "fit board" : "zoom board");
  zoom.addEventListener("click", () => {
    zoomed = !zoomed;
    draw(root, msg, layout, ui);
  });
  boardCol.append(promptLine(msg, ui, PHASE_PROMPT[v.phase], zoom),
    el("div", { class: `ds-boardbox${zoomed ? " ds-zoomed" : ""}` }, drawBoard(msg, layout, ui, C, recent)), legend(layout));
  // the side column scrolls on its own on a wide window: the keyboard reaches it too
  const side = el("div", { class: "ds-side", tabindex: "0", role: "region", "aria-label": "Tiles, rumors and players" },
    tilePanel(msg, layout, ui, C));
  const rating = ratingPanel(msg, layout, ui, C, recent);
  if (rating) side.append(rating);
  side.append(rumorPanel(msg, layout, ui, C, recent), playersPanel(msg, layout, ui, C, recent));
  wrap.append(boardCol, side);
  root.append(wrap);
  if (picked.cell) {
    const choices = C.of("place").filter((c) => cellName(c.cell, layout) === picked.cell);
    if (choices.length > 1) showRotations(msg, layout, ui, picked.cell, choices);
  }
}
