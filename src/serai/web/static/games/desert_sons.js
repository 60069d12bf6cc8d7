// In the Realm of the Desert Sons: the board of one table, drawn from a seat's view.
//
// draw(root, msg, layout, ui) fills `root` with an SVG of the 11 x 11 explored area (the
// start cross, every placed tile at its rotation with its oasis sections, desert routes and
// symbols, caravans and influence stones) and HTML panels: the tile to place, the stacks and
// discards, the running rating, the rumor board, the supply and every player's water, camel
// cards, commodities, stones in hand and display. Every element that a legal action text
// acts on carries class "legal" and data-action (one text) or data-actions (texts joined by
// "|", offered through ui.offer). Only msg.view and the fixed layout are read.

const NS = "http://www.w3.org/2000/svg";
const U = 100; // one cell in SVG units
const MARGIN = 30; // room for the coordinate labels
const MID = [[50, 0], [100, 50], [50, 100], [0, 50]]; // edge midpoints N E S W
const VEC = [[0, -1], [1, 0], [0, 1], [-1, 0]];
const DIRS = "NESW";

// Symbols: a shape for the kind (goods tile, drop, circle, diamond) and a letter for which.
const SYMBOL = {
  myrrh: { letter: "M", fill: "#b4532a", ink: "#fff", shape: "goods" },
  incense: { letter: "I", fill: "#7d4fa8", ink: "#fff", shape: "goods" },
  salt: { letter: "S", fill: "#f7f5ef", ink: "#222", shape: "goods" },
  gems: { letter: "G", fill: "#138a72", ink: "#fff", shape: "goods" },
  camel: { letter: "C", fill: "#e0a93b", ink: "#2b1d05", shape: "circle" },
  water: { letter: "W", fill: "#2f80d4", ink: "#fff", shape: "drop" },
  rumor: { letter: "?", fill: "#2b2b2b", ink: "#fff", shape: "diamond" },
};

// Remembered between redraws: the cell whose placements the player is looking at.
let picked = { revision: -1, cell: null };

// ---------------------------------------------------------------------------------------
// small helpers

function svg(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// A small inline SVG of a fixed size (inline style: the page sizes board SVGs to 100%).
function icon(viewBox, w, h, cls) {
  return svg("svg", { viewBox, width: w, height: h, class: cls, style: `width:${w}px;height:${h}px` });
}

function html(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}

function svgText(parent, x, y, text, attrs = {}) {
  const t = svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, parent);
  t.textContent = text;
  return t;
}

function title(e, text) {
  svg("title", {}, e).textContent = text;
}

function parseCell(name) {
  const [x, y] = name.split(",").map(Number);
  return { x, y };
}

// Mark `e` as acting on `texts`: one text plays at once, several go to the choice bar.
function bind(e, texts, ui, extra = null) {
  if (!texts || texts.length === 0) return false;
  e.classList.add("legal");
  if (texts.length === 1) {
    e.setAttribute("data-action", texts[0]);
  } else {
    e.setAttribute("data-actions", texts.join("|"));
  }
  e.addEventListener("click", (ev) => {
    ev.stopPropagation();
    if (extra) extra();
    if (texts.length === 1) ui.choose(texts[0]);
    else ui.offer(texts);
  });
  return true;
}

function push(map, key, text) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(text);
}

// The legal texts of this message, sorted by the board element they act on.
function sortLegal(legal) {
  const L = {
    move: new Map(), place: new Map(), stoneSec: new Map(), stoneRank: new Map(),
    remove: new Map(), own: new Map(), take: new Map(), choose: new Map(),
    row: new Map(), peek: new Map(), draw: null,
  };
  for (const t of legal) {
    const w = t.split(" ");
    switch (w[0]) {
      case "move": push(L.move, w[1], t); break;
      case "place": push(L.place, w[1], t); break;
      case "stone": push(L.stoneSec, w[2], t); push(L.stoneRank, w[1], t); break;
      case "remove-stone": push(L.remove, w[1], t); break;
      case "play-own": case "discard": push(L.own, w[1], t); break;
      case "take": push(L.take, `${w[1]}:${w[2]}`, t); break;
      case "choose": push(L.choose, w[1], t); break;
      case "rumor": push(L.row, w[1], t); break;
      case "peek": push(L.peek, `${w[1]}:${w[2]}`, t); break;
      case "draw": L.draw = [t]; break;
      default: break; // pass, end, bonus, no-stone, keep-chip, remove-chip: the choice bar
    }
  }
  return L;
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

function symbolSpots(dirs, count) {
  const [hx, hy] = hubOf(dirs);
  if (count < 2) return [[hx, hy]];
  return [[hx - 17, hy - 9], [hx + 17, hy - 9]];
}

function drawSymbol(g, name, x, y, r = 12) {
  const s = SYMBOL[name] || { letter: "?", fill: "#999", ink: "#000", shape: "circle" };
  const grp = svg("g", { class: `ds-sym ds-sym-${name}` }, g);
  const common = { fill: s.fill, stroke: "#1b1b1b", "stroke-width": 2 };
  if (s.shape === "goods") {
    svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: r * 0.3, ...common }, grp);
  } else if (s.shape === "drop") {
    const d = `M ${x} ${y - r * 1.25} C ${x + r * 0.5} ${y - r * 0.5} ${x + r} ${y - r * 0.1} ${x + r} ${y + r * 0.3}`
      + ` A ${r} ${r} 0 0 1 ${x - r} ${y + r * 0.3} C ${x - r} ${y - r * 0.1} ${x - r * 0.5} ${y - r * 0.5} ${x} ${y - r * 1.25} Z`;
    svg("path", { d, ...common }, grp);
  } else if (s.shape === "diamond") {
    const q = r * 1.2;
    svg("path", { d: `M ${x} ${y - q} L ${x + q} ${y} L ${x} ${y + q} L ${x - q} ${y} Z`, ...common }, grp);
  } else {
    svg("circle", { cx: x, cy: y, r, ...common }, grp);
  }
  svgText(grp, x, y + (s.shape === "drop" ? r * 0.25 : 0), s.letter, {
    "font-size": r * 1.25, "font-weight": 700, fill: s.ink, class: "ds-symletter",
  });
  title(grp, name);
  return grp;
}

// One field in a 100 x 100 box at the origin of `g`.
function drawField(g, look, opts = {}) {
  const cross = look.type === "cross";
  svg("rect", {
    x: 0, y: 0, width: U, height: U,
    class: cross ? "ds-crossfield" : "ds-tilebg",
  }, g);
  if (cross) svg("rect", { x: 6, y: 6, width: 88, height: 88, rx: 6, class: "ds-crossinner" }, g);
  // desert routes: a brown track from every desert edge to the middle
  const desert = [];
  for (let d = 0; d < 4; d++) if (look.edges[d] === "D") desert.push(d);
  for (const d of desert) {
    const [x, y] = MID[d];
    svg("line", { x1: x, y1: y, x2: 50, y2: 50, class: "ds-route" }, g);
  }
  if (desert.length) svg("circle", { cx: 50, cy: 50, r: desert.length > 1 ? 5 : 3.5, class: "ds-routehub" }, g);
  // oasis sections: a green band from each oasis edge to the section's pond
  const paths = look.sections.map((s) => {
    const [hx, hy] = hubOf(s.dirs);
    return s.dirs.map((d) => {
      const [mx, my] = MID[d];
      const ix = mx - VEC[d][0] * 12, iy = my - VEC[d][1] * 12;
      return `M ${mx} ${my} L ${ix} ${iy} L ${hx} ${hy}`;
    }).join(" ");
  });
  for (const p of paths) svg("path", { d: p, class: "ds-oasis-edge" }, g);
  for (const p of paths) svg("path", { d: p, class: "ds-oasis" }, g);
  look.sections.forEach((s, i) => {
    const [hx, hy] = hubOf(s.dirs);
    const r = s.dirs.length >= 3 ? 24 : s.dirs.length === 2 && hx === 50 ? 20 : 19;
    const pond = svg("ellipse", { cx: hx, cy: hy, rx: r + (s.symbols.length > 1 ? 12 : 0), ry: r, class: "ds-pond" }, g);
    pond.dataset.section = s.label;
    if (opts.sectionHook) opts.sectionHook(s, i, pond);
  });
  for (const s of look.sections) {
    const spots = symbolSpots(s.dirs, s.symbols.length);
    s.symbols.forEach((name, j) => drawSymbol(g, name, spots[j][0], spots[j][1], opts.symbolR || 14));
    if (s.symbols.length === 0) {
      const [hx, hy] = hubOf(s.dirs);
      svgText(g, hx, hy, "–", { "font-size": 16, fill: "#d9ecff" });
    }
  }
  if (look.sections.length === 2 && opts.labels) {
    for (const s of look.sections) {
      const [hx, hy] = hubOf(s.dirs);
      const dx = hx === 50 ? 0 : (hx < 50 ? -1 : 1), dy = hy === 50 ? 0 : (hy < 50 ? -1 : 1);
      svgText(g, hx + dx * 2 + (dy ? 22 : 0), hy + dy * 2 + (dx ? -21 : 0), s.label, { class: "ds-seclabel" });
    }
  }
}

// A whole tile as its own little SVG (display tiles, the tile to place, rotation choices).
function tileSvg(layout, tile, rotation, size, cls = "") {
  const box = icon("-3 -3 106 106", size, size, `ds-mini ${cls}`);
  const g = svg("g", {}, box);
  drawField(g, fieldLook(layout, tile, rotation, null), { labels: true, symbolR: 13 });
  svg("rect", { x: 0, y: 0, width: U, height: U, class: "ds-miniframe" }, box);
  return box;
}

function drawStone(parent, x, y, rank, seat, ui, turban, scale = 1) {
  const g = svg("g", { class: "ds-stone", transform: `translate(${x} ${y}) scale(${scale})` }, parent);
  const w = 17, h = 21;
  svg("path", {
    d: `M ${-w} ${h} L ${-w} ${-h + 7} Q ${-w} ${-h} ${-w + 7} ${-h} L ${w - 7} ${-h} Q ${w} ${-h} ${w} ${-h + 7} L ${w} ${h} Z`,
    style: `fill: ${ui.seatColor(seat)}`, class: "ds-stonebody",
  }, g);
  svgText(g, 0, -9, ui.seatLetter(seat), { class: "ds-stoneletter" });
  svgText(g, 0, 9, String(rank), { class: "ds-stonerank" });
  if (turban) drawTurban(g, 0, -h - 3, 1);
  title(g, `stone ${rank} of seat ${seat}${turban ? " (turban stone, height 17)" : ""}`);
  return g;
}

function drawTurban(parent, x, y, s) {
  const g = svg("g", { transform: `translate(${x} ${y}) scale(${s})`, class: "ds-turban" }, parent);
  svg("ellipse", { cx: 0, cy: 0, rx: 15, ry: 8 }, g);
  svg("path", { d: "M -12 -2 Q 0 -12 12 -2 M -9 3 Q 0 -5 9 3", fill: "none" }, g);
  svg("circle", { cx: 0, cy: -7, r: 3.5, class: "ds-turbanjewel" }, g);
  return g;
}

function drawCaravan(parent, x, y, seat, ui, scale = 1, active = false) {
  const g = svg("g", { class: "ds-caravan", transform: `translate(${x} ${y}) scale(${scale})` }, parent);
  if (active) svg("ellipse", { cx: 0, cy: 0, rx: 23, ry: 19, class: "ds-halo" }, g);
  // a camel's back: two humps over a body, in the seat colour, with the seat letter
  svg("path", {
    d: "M -17 10 L -17 0 Q -15 -8 -8 -8 Q -5 -17 1 -9 Q 5 -17 10 -8 Q 17 -7 17 0 L 17 10 Z",
    style: `fill: ${ui.seatColor(seat)}`, class: "ds-caravanbody",
  }, g);
  svgText(g, 0, 2, ui.seatLetter(seat), { class: "ds-caravanletter" });
  title(g, `caravan of seat ${seat}`);
  return g;
}

// Free destinations of R6: desert links any number of times, then at most one oasis link.
function freeDestinations(looks, from) {
  const key = (x, y) => `${x},${y}`;
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const c = queue.shift();
    const { x, y } = parseCell(c);
    for (let d = 0; d < 4; d++) {
      const n = key(x + VEC[d][0], y + VEC[d][1]);
      if (looks.has(n) && !seen.has(n) && looks.get(c).edges[d] === "D") {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  const free = new Set(seen);
  for (const c of seen) {
    const { x, y } = parseCell(c);
    for (let d = 0; d < 4; d++) {
      const n = key(x + VEC[d][0], y + VEC[d][1]);
      if (looks.has(n) && looks.get(c).edges[d] === "O") free.add(n);
    }
  }
  return free;
}

// ---------------------------------------------------------------------------------------
// the board

function drawBoard(msg, layout, ui, L, refs) {
  const v = msg.view;
  const n = layout.size;
  const span = n * U;
  const box = svg("svg", {
    viewBox: `${-MARGIN} ${-MARGIN} ${span + 2 * MARGIN} ${span + 2 * MARGIN}`,
    class: "ds-board", role: "img", "aria-label": "the explored area",
  });
  svg("rect", { x: -MARGIN, y: -MARGIN, width: span + 2 * MARGIN, height: span + 2 * MARGIN, class: "ds-boardbg" }, box);
  svg("rect", { x: -4, y: -4, width: span + 8, height: span + 8, class: v.desert_border ? "ds-rim ds-rim-desert" : "ds-rim" }, box);
  for (let i = 0; i < n; i++) {
    svgText(box, i * U + 50, -MARGIN / 2 - 1, String(i), { class: "ds-coord" });
    svgText(box, -MARGIN / 2 - 1, i * U + 50, String(i), { class: "ds-coord" });
    svgText(box, i * U + 50, span + MARGIN / 2 + 1, String(i), { class: "ds-coord" });
    svgText(box, span + MARGIN / 2 + 1, i * U + 50, String(i), { class: "ds-coord" });
  }
  const looks = new Map();
  for (const f of v.fields) looks.set(f.cell, { ...fieldLook(layout, f.tile, f.rotation, f.cell), tile: f.tile });
  // empty cells
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!looks.has(`${x},${y}`)) svg("rect", { x: x * U + 3, y: y * U + 3, width: U - 6, height: U - 6, rx: 8, class: "ds-empty" }, box);
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
  const fieldLayer = svg("g", {}, box);
  const hitLayer = svg("g", {}, box);
  const overLayer = svg("g", {}, box);
  const startOf = new Map();
  layout.start_fields.forEach((c, s) => startOf.set(c, s));
  for (const [cell, look] of looks) {
    const { x, y } = parseCell(cell);
    const g = svg("g", { transform: `translate(${x * U} ${y * U})`, class: "ds-field", "data-cell": cell }, fieldLayer);
    const isNew = cell === v.last_placed && L.stoneSec.size > 0;
    drawField(g, look, {
      labels: look.sections.length === 2,
      sectionHook: (s, i, pond) => {
        if (isNew && L.stoneSec.has(s.label)) {
          const [hx, hy] = hubOf(s.dirs);
          const hit = svg("circle", { cx: x * U + hx, cy: y * U + hy, r: 26, class: "ds-hit" }, hitLayer);
          bind(hit, L.stoneSec.get(s.label), ui);
          title(hit, `put a stone on section ${s.label}`);
        }
      },
    });
    svg("rect", { x: 0, y: 0, width: U, height: U, class: "ds-fieldframe" }, g);
    if (look.type === "cross") {
      if (cell === layout.centre) svg("path", { d: "M 50 36 L 64 50 L 50 64 L 36 50 Z", class: "ds-centre" }, g);
      if (startOf.has(cell)) {
        const s = startOf.get(cell);
        svgText(g, 84, 16, ui.seatLetter(s), { class: "ds-startmark", style: `fill: ${ui.seatColor(s)}` });
      }
    } else {
      svgText(g, 7, 10, String(look.tile), { class: "ds-tileid", "text-anchor": "start" });
    }
    if (cell === v.last_placed) svg("rect", { x: 3, y: 3, width: U - 6, height: U - 6, class: "ds-last" }, g);
  }
  // legal cells: moves and placements
  const mover = v.players_info[v.turn_player];
  const free = mover && L.move.size ? freeDestinations(looks, mover.caravan) : new Set();
  for (const [cell, texts] of L.move) {
    const { x, y } = parseCell(cell);
    const g = svg("g", { transform: `translate(${x * U} ${y * U})`, class: "ds-target" }, overLayer);
    const paid = !free.has(cell);
    if (!paid) svg("rect", { x: 1, y: 1, width: U - 2, height: U - 2, rx: 7, class: "ds-markline" }, g);
    svg("rect", { x: 5, y: 5, width: U - 10, height: U - 10, rx: 6, class: paid ? "ds-mark ds-mark-paid" : "ds-mark" }, g);
    if (paid) {
      drawSymbol(g, "water", 84, 84, 9);
      svgText(g, 68, 86, "1", { class: "ds-cost" });
    }
    svg("rect", { x: 0, y: 0, width: U, height: U, class: "ds-cellhit" }, g);
    bind(g, texts, ui);
    title(g, `${texts[0]}${paid ? " (costs 1 water)" : " (free)"}`);
  }
  const pending = v.pending_tile;
  for (const [cell, texts] of L.place) {
    const { x, y } = parseCell(cell);
    const g = svg("g", { transform: `translate(${x * U} ${y * U})`, class: "ds-target" }, overLayer);
    const ghost = svg("g", { class: "ds-ghost" }, g);
    const showRot = (t) => {
      ghost.replaceChildren();
      const r = Number(t.split(" ")[2].slice(1));
      if (pending) drawField(ghost, fieldLook(layout, pending, r, null), { labels: true });
    };
    showRot(picked.revision === msg.revision && picked.cell === cell && picked.rot ? picked.rot : texts[0]);
    svg("rect", { x: 3, y: 3, width: U - 6, height: U - 6, rx: 6, class: "ds-mark ds-mark-place" }, g);
    if (texts.length > 1) {
      svg("circle", { cx: 84, cy: 16, r: 13, class: "ds-rotbadge" }, g);
      svgText(g, 84, 16, `${texts.length}`, { class: "ds-rotcount" });
      svgText(g, 84, 34, "↻", { class: "ds-rotarrow" });
    }
    svg("rect", { x: 0, y: 0, width: U, height: U, class: "ds-cellhit" }, g);
    refs.ghosts.set(cell, showRot);
    bind(g, texts, ui, () => refs.pick(cell, texts));
    title(g, texts.length > 1 ? `${texts.length} rotations: ${texts.join(", ")}` : texts[0]);
  }
  // stones on the board
  for (const [cell, st] of stonesAt) {
    const { x, y } = parseCell(cell);
    const look = looks.get(cell);
    const sec = look && look.sections.find((s) => s.label === st.section);
    const [sx, sy] = sec ? stoneSpot(look.sections, sec) : [50, 50];
    if (sec) {
      const [hx, hy] = hubOf(sec.dirs);
      svg("line", { x1: x * U + hx, y1: y * U + hy, x2: x * U + sx, y2: y * U + sy, class: "ds-tether", style: `stroke: ${ui.seatColor(st.seat)}` }, overLayer);
    }
    const g = drawStone(overLayer, x * U + sx, y * U + sy, st.rank, st.seat, ui, st.rank === turbanRank, 1.05);
    if (ratingStones.has(st.rank)) g.classList.add(st.rank === chooserRank ? "ds-choosing" : "ds-rated");
    if (L.remove.has(String(st.rank))) bind(g, L.remove.get(String(st.rank)), ui);
  }
  // caravans, in the lower corners of their fields
  const byCell = new Map();
  for (const p of v.players_info) push(byCell, p.caravan, p.seat);
  const slots = [[22, 86], [78, 86], [22, 18], [78, 18]];
  for (const [cell, seats] of byCell) {
    const { x, y } = parseCell(cell);
    seats.forEach((s, i) => {
      const active = s === v.to_act || (v.to_act == null && s === v.turn_player);
      drawCaravan(overLayer, x * U + slots[i % 4][0], y * U + slots[i % 4][1], s, ui, 1.15, active);
    });
  }
  return box;
}

// ---------------------------------------------------------------------------------------
// panels

function panel(titleText, cls = "") {
  const p = html("section", { class: `ds-panel ${cls}` });
  if (titleText) p.append(html("h4", { text: titleText }));
  return p;
}

function symbolChip(name, count = null, size = 22) {
  const box = icon("-16 -17 32 33", size, size, "ds-symchip");
  drawSymbol(box, name, 0, 0, 12);
  const wrap = html("span", { class: "ds-count" }, box);
  if (count != null) wrap.append(html("b", { text: String(count) }));
  wrap.title = name;
  return wrap;
}

function stoneChip(rank, seat, ui, turban, scale = 1) {
  const h = 22 + rank * 1.6; // stones differ in height: rank 16 is the tallest
  const box = icon(`-20 ${-h - (turban ? 14 : 2)} 40 ${h + (turban ? 16 : 4)}`, Math.round(22 * scale), Math.round((h + (turban ? 16 : 4)) * 0.55 * scale), "ds-stonechip");
  svg("rect", { x: -16, y: -h, width: 32, height: h, rx: 6, style: `fill: ${ui.seatColor(seat)}`, class: "ds-stonebody" }, box);
  svgText(box, 0, -h + 11, ui.seatLetter(seat), { class: "ds-stoneletter" });
  svgText(box, 0, -10, String(rank), { class: "ds-stonerank" });
  if (turban) drawTurban(box, 0, -h - 5, 1);
  const wrap = html("span", { class: "ds-stonewrap" }, box);
  wrap.title = `stone ${rank}${turban ? " (turban stone)" : ""}`;
  return wrap;
}

function tilePanel(msg, layout, ui, L, refs) {
  const v = msg.view;
  const p = panel(null, "ds-tiles");
  const row = html("div", { class: "ds-row" });
  p.append(row);
  // the tile to place
  if (v.pending_tile) {
    const t = layout.tiles[String(v.pending_tile)];
    const box = html("div", { class: "ds-pending" },
      html("div", { class: "ds-label", text: "tile to place" }),
      tileSvg(layout, v.pending_tile, 0, 78),
      html("div", { class: "ds-small", text: `#${v.pending_tile} ${t.type}` }));
    row.append(box);
    const rots = html("div", { class: "ds-rots" });
    box.append(rots);
    refs.rotBox = rots;
  }
  // stacks
  const stacks = html("div", { class: "ds-stacks" });
  const current = v.stacks.findIndex((k) => k > 0);
  v.stacks.forEach((k, i) => {
    const s = html("div", { class: `ds-stack${i === current ? " ds-current" : ""}${k === 0 ? " ds-emptystack" : ""}` },
      html("span", { class: "ds-stackno", text: String(i + 1) }), html("b", { text: String(k) }));
    s.title = `stack ${i + 1}: ${k} tiles`;
    if (i === current && L.draw) bind(s, L.draw, ui);
    stacks.append(s);
  });
  const total = v.stacks.reduce((a, b) => a + b, 0);
  row.append(html("div", { class: "ds-stackbox" },
    html("div", { class: "ds-label", text: `stacks · ${total} left` }), stacks,
    L.draw ? html("div", { class: "ds-small ds-hint", text: "click the stack to draw" }) : null));
  const status = [];
  status.push(v.phase);
  if (v.bonus_turn) status.push("bonus turn");
  if (v.final_turns_left != null) status.push(`final turns left: ${v.final_turns_left}`);
  if (v.desert_border) status.push("desert border");
  p.append(html("div", { class: "ds-status", text: status.join(" · ") }));
  if (v.discarded.length) {
    const d = html("div", { class: "ds-discards" }, html("span", { class: "ds-label", text: "discarded" }));
    for (const t of v.discarded) d.append(tileSvg(layout, t, 0, 30));
    p.append(d);
  }
  return p;
}

function ratingPanel(msg, layout, ui, L) {
  const v = msg.view;
  const r = v.rating;
  if (!r && !v.drawn_chip) return null;
  const p = panel("rating", "ds-rating");
  if (r) {
    const order = html("div", { class: "ds-order" });
    r.order.forEach((rank, i) => {
      const seat = r.owners[i];
      const turban = layout.stones[v.turban] && layout.stones[v.turban][0] === rank;
      const chip = stoneChip(rank, seat, ui, turban, 1.5);
      const cls = ["ds-orderstone"];
      if (i === r.position) cls.push("ds-now");
      if (i < r.position) cls.push("ds-done");
      if (r.blocked === rank) cls.push("ds-blocked");
      const item = html("span", { class: cls.join(" ") }, chip);
      if (r.blocked === rank) item.title = `stone ${rank} is blocked (its owner could not pay the fee)`;
      order.append(item);
      if (i < r.order.length - 1) order.append(html("span", { class: "ds-arrow", text: "›" }));
    });
    p.append(order);
    const syms = html("div", { class: "ds-symrow" });
    for (const name of layout.symbols) {
      const k = r.symbols[name];
      if (!k) continue;
      const c = symbolChip(name, k, 28);
      c.classList.add("ds-pick");
      if (L.choose.has(name)) bind(c, L.choose.get(name), ui);
      syms.append(c);
    }
    if (!syms.childElementCount) syms.append(html("span", { class: "ds-small", text: "no symbols left" }));
    p.append(html("div", { class: "ds-label", text: "symbols left" }), syms);
  }
  if (v.drawn_chip) {
    p.append(html("div", { class: "ds-drawn" }, html("span", { class: "ds-label", text: "drawn chip " }),
      html("span", { class: `ds-chip ${v.drawn_chip === "?" ? "ds-hidden" : ""}`, text: v.drawn_chip })));
  }
  return p;
}

function rumorPanel(msg, layout, ui, L) {
  const v = msg.view;
  const p = panel(null, "ds-rumor");
  p.append(html("h4", { text: `rumor board · pool ${v.rumor_pool}` }));
  const grid = html("div", { class: "ds-rumorgrid" });
  for (const c of layout.commodities) {
    const chips = v.rumor_board[c] || [];
    const row = html("div", { class: "ds-rumorrow" });
    row.title = `${c} row`;
    row.append(symbolChip(c, null, 20));
    for (let i = 0; i < 2; i++) {
      const chip = chips[i];
      let e;
      if (chip) {
        e = html("span", { class: `ds-chip${chip.value == null ? " ds-hidden" : ""}`, text: chip.value ?? "?" });
        const seen = chip.seen_by.map((s) => ui.seatLetter(s)).join(" ");
        e.title = `chip ${i + 1}${chip.value ? ` (${chip.value})` : ""}; known to ${seen || "nobody"}`;
        if (chip.seen_by.length) {
          const marks = html("span", { class: "ds-seen" });
          for (const s of chip.seen_by) marks.append(html("i", { text: ui.seatLetter(s), style: `background:${ui.seatColor(s)}` }));
          e.append(marks);
        }
        const key = `${c}:${i + 1}`;
        if (L.peek.has(key)) bind(e, L.peek.get(key), ui);
      } else {
        e = html("span", { class: "ds-chip ds-slot", text: "" });
      }
      row.append(e);
    }
    if (v.commodity_values) {
      const cv = v.commodity_values;
      const value = Array.isArray(cv) ? cv[layout.commodities.indexOf(c)] : cv[c];
      row.append(html("span", { class: "ds-value", text: `= ${value}`, title: `final value of each ${c}` }));
    }
    if (L.row.has(c)) bind(row, L.row.get(c), ui);
    grid.append(row);
  }
  p.append(grid);
  const s = v.supply;
  const sup = html("div", { class: "ds-supply" }, html("span", { class: "ds-label", text: "supply" }),
    symbolChip("water", s.water), symbolChip("camel", s.camel_cards));
  for (const c of layout.commodities) sup.append(symbolChip(c, s[c]));
  p.append(sup);
  return p;
}

function playersPanel(msg, layout, ui, L) {
  const v = msg.view;
  const p = panel(null, "ds-players");
  const turbanRank = layout.stones[v.turban] ? layout.stones[v.turban][0] : null;
  for (const info of v.players_info) {
    const s = info.seat;
    const seatInfo = (msg.table && msg.table.seats && msg.table.seats[s]) || {};
    const card = html("div", { class: `ds-player${s === msg.seat ? " ds-me" : ""}${s === v.to_act ? " ds-toact" : ""}` });
    card.style.setProperty("--seat", ui.seatColor(s));
    const head = html("div", { class: "ds-phead" },
      html("span", { class: "ds-seatbadge", text: ui.seatLetter(s), style: `background:${ui.seatColor(s)}` }),
      html("span", { class: "ds-pname", text: seatInfo.name || `seat ${s}` }));
    if (v.turban === s) {
      const t = icon("-17 -14 34 24", 26, 18, "ds-turbanicon");
      drawTurban(t, 0, 0, 1);
      head.append(html("span", { class: "ds-hasturban", title: `holds the turban: stone ${turbanRank} counts as 17` }, t));
    }
    head.append(html("span", { class: "ds-score", text: `${info.score.total}`, title: v.commodity_values ? "final score" : "score so far (4 per commodity until the end)" }));
    card.append(head);
    // water, camels, goods
    const goods = html("div", { class: "ds-goods" }, symbolChip("water", info.water), symbolChip("camel", info.camels));
    const held = layout.commodities.reduce((a, c) => a + info.goods[c], 0);
    goods.append(html("span", { class: "ds-small ds-carry", text: `${held}/${info.carrying_spaces}`, title: "commodities carried / carrying spaces" }));
    for (const c of layout.commodities) {
      const chip = symbolChip(c, info.goods[c]);
      if (!info.goods[c]) chip.classList.add("ds-zero");
      goods.append(chip);
    }
    card.append(goods);
    // stones in hand and display
    const lower = html("div", { class: "ds-lower" });
    const hand = html("div", { class: "ds-hand" });
    for (const rank of info.stones_in_hand) {
      const chip = stoneChip(rank, s, ui, rank === turbanRank);
      if (L.stoneRank.has(String(rank))) bind(chip, L.stoneRank.get(String(rank)), ui);
      hand.append(chip);
    }
    const onBoard = Object.keys(info.stones_on_board).map(Number);
    if (!info.stones_in_hand.length) hand.append(html("span", { class: "ds-small", text: "no stones in hand" }));
    if (onBoard.length) hand.title = `on the board: ${onBoard.join(", ")}`;
    const disp = html("div", { class: "ds-display" });
    for (const t of info.display) {
      const mini = html("span", { class: "ds-dtile" }, tileSvg(layout, t, 0, 46));
      mini.title = `tile ${t} (${layout.tiles[String(t)].type})`;
      if (s === msg.seat && L.own.has(String(t))) bind(mini, L.own.get(String(t)), ui);
      else if (L.take.has(`${s}:${t}`)) bind(mini, L.take.get(`${s}:${t}`), ui);
      disp.append(mini);
    }
    for (let i = info.display.length; i < 3; i++) disp.append(html("span", { class: "ds-dtile ds-dslot" }));
    lower.append(hand, disp);
    card.append(lower);
    p.append(card);
  }
  return p;
}

// ---------------------------------------------------------------------------------------
// style

const CSS = `
.ds-wrap { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; font-size: 13px; color: #2a2118; }
.ds-boardcol { flex: 100 1 460px; max-width: min(100%, calc(100vh - 110px)); min-width: 280px; }
.ds-board { width: 100%; height: auto; display: block; user-select: none; }
.ds-side { flex: 1 1 290px; min-width: 260px; max-width: 560px; display: flex; flex-direction: column; gap: 8px; }
.ds-boardbg { fill: #a0733f; }
.ds-rim { fill: #b98d57; stroke: #5a3a18; stroke-width: 4; }
.ds-rim-desert { stroke-dasharray: 14 6; }
.ds-coord { font-size: 17px; fill: #fff5df; font-weight: 600; }
.ds-empty { fill: #c6a173; stroke: #9c7444; stroke-width: 1.5; stroke-dasharray: 4 4; }
.ds-tilebg { fill: #f5e0b0; }
.ds-crossfield { fill: #b8743c; }
.ds-crossinner { fill: #e2a862; stroke: #8a4f1e; stroke-width: 2; }
.ds-fieldframe { fill: none; stroke: #6b4720; stroke-width: 1.5; }
.ds-route { stroke: #8a5a26; stroke-width: 6; stroke-dasharray: 9 5; }
.ds-routehub { fill: #8a5a26; }
.ds-oasis-edge { fill: none; stroke: #1f5122; stroke-width: 36; stroke-linejoin: round; }
.ds-oasis { fill: none; stroke: #62ad3e; stroke-width: 29; stroke-linejoin: round; }
.ds-pond { fill: #3d8fd9; stroke: #e6f4ff; stroke-width: 2.5; }
.ds-seclabel { font-size: 14px; font-weight: 700; fill: #10330f; font-style: italic; }
.ds-tileid { font-size: 13px; fill: #6b4720; font-weight: 600; }
.ds-symletter { font-family: system-ui, sans-serif; pointer-events: none; }
.ds-centre { fill: #f2d9a2; stroke: #5a3a18; stroke-width: 2; }
.ds-startmark { font-size: 20px; font-weight: 800; stroke: #1b1b1b; stroke-width: 1.2; paint-order: stroke; }
.ds-last { fill: none; stroke: #ff7a00; stroke-width: 5; stroke-dasharray: 12 6; rx: 6; }
.ds-stonebody { stroke: #111; stroke-width: 2.5; }
.ds-stoneletter { font-size: 13px; font-weight: 800; fill: #fff; stroke: #111; stroke-width: 3; paint-order: stroke; }
.ds-stonerank { font-size: 17px; font-weight: 800; fill: #fff; stroke: #111; stroke-width: 3.5; paint-order: stroke; }
.ds-turban ellipse { fill: #f5e6b8; stroke: #7a2d00; stroke-width: 2; }
.ds-turban path { stroke: #c1440e; stroke-width: 2.5; }
.ds-turbanjewel { fill: #d62828; stroke: #5a0a0a; stroke-width: 1.2; }
.ds-caravanbody { stroke: #111; stroke-width: 2.5; }
/* pieces never take a click from the cell under them, unless they are a choice themselves */
.ds-caravan, .ds-stone:not(.legal), .ds-tether, .ds-ghost, .ds-rotbadge, .ds-rotcount, .ds-rotarrow, .ds-cost { pointer-events: none; }
.ds-caravanletter { font-size: 15px; font-weight: 800; fill: #fff; stroke: #111; stroke-width: 3; paint-order: stroke; }
.ds-halo { fill: #fffbe8; stroke: #111; stroke-width: 2.5; stroke-dasharray: 5 3; }
.ds-tether { stroke-width: 5; stroke-linecap: round; opacity: 0.9; }
.ds-stone.ds-rated .ds-stonebody { stroke: #fff; stroke-width: 4; }
.ds-stone.ds-choosing .ds-stonebody { stroke: #ffd60a; stroke-width: 6; }
.ds-mark { fill: rgba(255, 230, 60, 0.18); stroke: #ffd60a; stroke-width: 6; }
.ds-mark-paid { fill: none; stroke-width: 3.5; stroke-dasharray: 10 8; }
.ds-markline { fill: none; stroke: #1b1b1b; stroke-width: 1.5; }
.ds-mark-place { fill: none; }
.ds-cost { font-size: 17px; font-weight: 800; fill: #0d3a66; stroke: #fff; stroke-width: 3; paint-order: stroke; }
.ds-ghost { opacity: 0.62; }
.ds-rotbadge { fill: #222; stroke: #ffd60a; stroke-width: 3; }
.ds-rotcount { font-size: 16px; font-weight: 800; fill: #ffd60a; }
.ds-rotarrow { font-size: 18px; font-weight: 800; fill: #222; stroke: #ffd60a; stroke-width: 2; paint-order: stroke; }
.ds-target { cursor: pointer; }
.ds-cellhit { fill: transparent; stroke: none; }
.ds-target:hover .ds-mark { fill: rgba(255, 230, 60, 0.45); stroke: #fff; }
.ds-target:hover .ds-ghost { opacity: 0.9; }
.ds-hit { fill: rgba(255, 230, 60, 0.35); stroke: #ffd60a; stroke-width: 5; cursor: pointer; }
.ds-hit:hover { fill: rgba(255, 255, 255, 0.5); }
.ds-stone.legal { cursor: pointer; }
.ds-stone.legal .ds-stonebody { stroke: #ffd60a; stroke-width: 6; }
.ds-panel { background: #f7ecd6; border: 1px solid #c9a66b; border-radius: 8px; padding: 6px 8px; }
.ds-panel h4 { margin: 0 0 4px; font-size: 13px; text-transform: uppercase; letter-spacing: 0.04em; color: #6b4720; }
.ds-row { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
.ds-label { font-size: 11px; text-transform: uppercase; letter-spacing: 0.04em; color: #6b4720; margin-right: 4px; }
.ds-small { font-size: 11px; color: #5c4a35; }
.ds-hint { color: #7a5a00; }
.ds-status { margin-top: 4px; font-size: 12px; color: #4a3620; }
.ds-mini { display: block; }
.ds-miniframe { fill: none; stroke: #4a2f12; stroke-width: 3; }
.ds-pending { display: flex; flex-direction: column; align-items: center; gap: 2px; }
.ds-rots { display: flex; gap: 4px; flex-wrap: wrap; max-width: 220px; }
.ds-rots .ds-rotopt { display: flex; flex-direction: column; align-items: center; font-size: 11px; border-radius: 6px; padding: 2px; }
.ds-stacks { display: flex; gap: 4px; }
.ds-stack { width: 34px; height: 40px; border: 2px solid #6b4720; border-radius: 5px; background: #b58a52; color: #fff;
  display: flex; flex-direction: column; align-items: center; justify-content: center; box-shadow: 2px 2px 0 #6b4720; }
.ds-stack b { font-size: 15px; text-shadow: 0 0 2px #000; }
.ds-stackno { font-size: 10px; opacity: 0.9; }
.ds-stack.ds-current { background: #8a5a26; }
.ds-emptystack { opacity: 0.35; box-shadow: none; }
.ds-discards { display: flex; gap: 3px; align-items: center; flex-wrap: wrap; margin-top: 4px; }
.ds-discards .ds-mini { opacity: 0.8; }
.ds-order { display: flex; align-items: flex-end; gap: 4px; flex-wrap: wrap; }
.ds-orderstone { padding: 2px; border-radius: 5px; border: 2px solid transparent; }
.ds-orderstone.ds-now { border-color: #1b1b1b; background: #ffe98a; }
.ds-orderstone.ds-done { opacity: 0.45; }
.ds-orderstone.ds-blocked { opacity: 0.5; background: repeating-linear-gradient(45deg, transparent 0 4px, #0004 4px 6px); }
.ds-arrow { font-size: 18px; color: #6b4720; }
.ds-symrow { display: flex; gap: 6px; flex-wrap: wrap; }
.ds-count { display: inline-flex; align-items: center; gap: 1px; }
.ds-count b { font-size: 13px; min-width: 9px; }
.ds-count.ds-zero { opacity: 0.4; }
.ds-symchip { display: block; }
.ds-pick { padding: 2px 4px; border-radius: 6px; }
.ds-rumorgrid { display: grid; grid-template-columns: repeat(auto-fill, minmax(118px, 1fr)); gap: 5px 8px; }
.ds-rumorrow { display: flex; align-items: center; gap: 5px; padding: 1px 3px; border-radius: 5px; }
.ds-chip { position: relative; display: inline-flex; align-items: center; justify-content: center; min-width: 30px; height: 22px;
  border-radius: 11px; border: 2px solid #3a2a18; background: #fff7e6; font-weight: 800; font-size: 13px; }
.ds-chip.ds-hidden { background: #6b4720; color: #f3dfb8; }
.ds-chip.ds-slot { border-style: dashed; background: transparent; border-color: #b08654; }
.ds-seen { position: absolute; right: -4px; bottom: -7px; display: flex; gap: 1px; }
.ds-seen i { font-style: normal; font-size: 8px; line-height: 10px; width: 10px; text-align: center; color: #fff;
  border: 1px solid #111; border-radius: 3px; text-shadow: 0 0 2px #000; }
.ds-value { font-weight: 800; margin-left: 4px; }
.ds-supply { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; margin-top: 6px; padding-top: 4px; border-top: 1px dashed #c9a66b; }
.ds-drawn { margin-top: 4px; display: flex; align-items: center; }
.ds-players { display: flex; flex-direction: column; gap: 6px; }
.ds-player { border-left: 6px solid var(--seat); border-radius: 6px; padding: 4px 6px; background: #fffaf0; }
.ds-player.ds-toact { box-shadow: 0 0 0 2px #1b1b1b; }
.ds-player.ds-me { background: #fff3cf; }
.ds-phead { display: flex; align-items: center; gap: 6px; }
.ds-seatbadge { display: inline-flex; width: 20px; height: 20px; align-items: center; justify-content: center; border-radius: 50%;
  border: 2px solid #111; color: #fff; font-weight: 800; text-shadow: 0 0 2px #000, 0 0 2px #000; }
.ds-pname { font-weight: 700; flex: 1; }
.ds-score { font-weight: 800; font-size: 15px; background: #6b4720; color: #fff; border-radius: 10px; padding: 0 7px; }
.ds-goods { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; margin: 3px 0; }
.ds-carry { margin-right: 2px; }
.ds-lower { display: flex; justify-content: space-between; align-items: flex-end; gap: 6px; flex-wrap: wrap; }
.ds-hand { display: flex; align-items: flex-end; gap: 2px; min-height: 30px; }
.ds-stonewrap { display: inline-block; border-radius: 4px; padding: 1px; }
.ds-display { display: flex; gap: 4px; }
.ds-dtile { display: inline-block; border-radius: 5px; padding: 1px; }
.ds-dslot { width: 44px; height: 44px; border: 2px dashed #c9a66b; border-radius: 5px; box-sizing: border-box; margin: 1px; }
.ds-wrap .legal:not(g):not(circle) { outline: 3px solid #ffd60a; box-shadow: 0 0 0 5px #1b1b1b55; cursor: pointer; }
.ds-wrap .legal:not(g):not(circle):not(.ds-chip):not(.ds-stack) { background-color: #fff3a6; }
.ds-wrap .legal:not(g):not(circle):hover { outline-color: #1b1b1b; }
@media (min-width: 900px) {
  .ds-side { max-height: calc(100vh - 90px); overflow-y: auto; padding-right: 2px; }
}
@media (max-width: 600px) {
  .ds-boardcol { max-width: 100%; flex-basis: 100%; }
  .ds-side { max-width: 100%; }
}
`;

function ensureStyle() {
  if (document.getElementById("style-desert_sons")) return;
  const s = document.createElement("style");
  s.id = "style-desert_sons";
  s.textContent = CSS;
  document.head.appendChild(s);
}

// ---------------------------------------------------------------------------------------

export function draw(root, msg, layout, ui) {
  ensureStyle();
  root.replaceChildren();
  const v = msg.view;
  if (!v || !layout || !layout.tiles) return;
  const L = sortLegal(msg.legal || []);
  if (picked.revision !== msg.revision) picked = { revision: msg.revision, cell: null, rot: null };
  const refs = { ghosts: new Map(), rotBox: null, pick: null };
  const wrap = html("div", { class: "ds-wrap" });
  const boardCol = html("div", { class: "ds-boardcol" });
  const side = html("div", { class: "ds-side" });
  boardCol.append(drawBoard(msg, layout, ui, L, refs));
  side.append(tilePanel(msg, layout, ui, L, refs));
  const rating = ratingPanel(msg, layout, ui, L);
  if (rating) side.append(rating);
  side.append(rumorPanel(msg, layout, ui, L), playersPanel(msg, layout, ui, L));
  wrap.append(boardCol, side);
  root.append(wrap);

  // Placements: clicking a cell with several rotations lists them beside the tile to place.
  refs.pick = (cell, texts) => {
    picked = { revision: msg.revision, cell, rot: null };
    if (!refs.rotBox) return;
    refs.rotBox.replaceChildren();
    if (texts.length < 2) return;
    for (const t of texts) {
      const r = Number(t.split(" ")[2].slice(1));
      const opt = html("span", { class: "ds-rotopt" }, tileSvg(layout, v.pending_tile, r, 44), html("span", { text: `r${r}` }));
      opt.title = t;
      bind(opt, [t], ui);
      opt.addEventListener("mouseenter", () => {
        picked.rot = t;
        const show = refs.ghosts.get(cell);
        if (show) show(t);
      });
      refs.rotBox.append(opt);
    }
  };
  if (picked.cell && L.place.has(picked.cell)) refs.pick(picked.cell, L.place.get(picked.cell));
}
