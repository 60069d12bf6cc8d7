// Five Tribes: the Sultanate and its panels, drawn from a seat's view.
//
// draw(root, msg, layout, ui) fills `root` with
//   - the Sultanate (SVG): 6×5 tiles with type, VP, meeples (colour + letter), camels (owner
//     colour + letter), Palm Trees, Palaces, the moving hand's position and the final tile,
//     and the path of the last move since the viewer's last decision;
//   - panels: the prompt, the Turn Order and Bid Order tracks, the resource row, the Djinn
//     display (and Sibittis draws), supply and bag, the meeples in hand, one panel per player.
// Legal actions come decoded (msg.choices); their parts index the layout's lists (tiles,
// colours, cards, Djinns) and name the element they act on.
import {
  Choices, bind, el, inspect, markRecent, recentRing, picture, piece, promptLine, recentParts, redraw,
  scoreWithChange, seatBadge, seatName, svg, useStyles,
} from "../board.js";

await useStyles("board.css", "games/five_tribes.css");

const TW = 100; // tile width in SVG units
const TH = 100; // tile height
const OX = 16; // left margin (row labels)
const OY = 14; // top margin (column labels)

const MEEPLE_FILL = { yellow: "#f6c40f", white: "#f8f6ef", green: "#2f9e44", blue: "#1f5fd1", red: "#d62828" };
const MEEPLE_INK = { yellow: "#111", white: "#111", green: "#fff", blue: "#fff", red: "#fff" };
const TILE_FILL = {
  village: "#cfe1f5", "sacred-6": "#e2d5f3", "sacred-10": "#e2d5f3", "sacred-12": "#e2d5f3", "sacred-15": "#e2d5f3",
  oasis: "#d2edc1", "small-market": "#f6e0b0", "large-market": "#efc992",
};
const VALUE_FILL = { blue: "#1d4f9e", red: "#b3261e" };
const CARD_FILL = {
  fish: "#5ea7d6", wheat: "#ecc761", pottery: "#c8703a", papyrus: "#d9cb9c", silk: "#dc93aa",
  spice: "#e5704f", ivory: "#f1e9d6", jewels: "#1f7a6f", gold: "#d9a514", fakir: "#3b3b3b",
};
const CARD_INK = { fakir: "#fff", jewels: "#fff" };
const NONE = -1; // a part an action does not have
const TILE_KINDS = ["pick", "step", "palace", "palm", "kill_tile", "kill_tile_pair", "hagis", "lamia", "anun_nak", "bouraq", "enki", "leta", "utug"];

// ---------------------------------------------------------------- legal actions -> elements

// Every element a choice acts on, by a key: "tile:<i>", "chip:<tile>:<colour>",
// "held:<seat>:<colour>", "djinn:<i>" (its owner's), "display:<i>", "keep:<i>", "row:<card>",
// "sell:<card>", "hand:<colour>", "bid:<spot>", "bid:zero", "bid:last".
function targets(choices, view, layout) {
  const out = new Map();
  const add = (key, choice) => {
    if (!out.has(key)) out.set(key, []);
    out.get(key).push(choice);
  };
  const tileIndex = new Map(layout.tiles.map((t, i) => [t.tile, i]));
  const moveAt = view.turn?.move ? tileIndex.get(view.turn.move.at) : undefined;
  const finalTile = view.turn?.final_tile ? tileIndex.get(view.turn.final_tile) : undefined;
  for (const c of choices.list) {
    if (TILE_KINDS.includes(c.kind)) add(`tile:${c.tile}`, c);
    if (c.djinn !== NONE && !["take_djinn", "keep"].includes(c.kind)) add(`djinn:${c.djinn}`, c);
    switch (c.kind) {
      case "kill_tile": case "kill_tile_pair":
        add(`chip:${c.tile}:${c.colour}`, c);
        if (c.colour2 !== NONE && c.colour2 !== c.colour) add(`chip:${c.tile}:${c.colour2}`, c);
        break;
      case "kill_seat": case "kill_seat_pair":
        add(`held:${c.seat}:${c.colour}`, c);
        if (c.colour2 !== NONE && c.colour2 !== c.colour) add(`held:${c.seat}:${c.colour2}`, c);
        break;
      case "bid": add(`bid:${c.spot}`, c); break;
      case "bid_zero": add("bid:zero", c); break;
      case "bid_last": add("bid:last", c); break;
      case "drop":
        add(`hand:${c.colour}`, c);
        if (moveAt !== undefined) add(`tile:${moveAt}`, c);
        break;
      case "build": if (finalTile !== undefined) add(`tile:${finalTile}`, c); break;
      case "buy": case "buy_pair":
        add(`row:${c.card}`, c);
        if (c.card2 !== NONE && c.card2 !== c.card) add(`row:${c.card2}`, c);
        break;
      case "take_djinn": add(`display:${c.djinn}`, c); break;
      case "keep": add(`keep:${c.djinn}`, c); break;
      case "sell":
        for (let card = 0; card < layout.cards.length; card++) if (c.suit >> card & 1) add(`sell:${card}`, c);
        break;
      default: break; // pass, end: the page's buttons
    }
  }
  // larger sales first in an offer
  for (const [key, list] of out) if (key.startsWith("sell:")) list.sort((a, b) => popcount(b.suit) - popcount(a.suit));
  return out;
}

function popcount(mask) {
  let n = 0;
  for (let m = mask; m; m >>= 1) n += m & 1;
  return n;
}

// What changed since the viewer's last decision, by the same keys, and the tiles of the
// last move's path in order (its pick, then each step).
function recentKeys(msg) {
  const keys = new Set();
  const path = [];
  let mover = null;
  for (const p of recentParts(msg)) {
    if (p.tile !== undefined && p.tile !== NONE) keys.add(`tile:${p.tile}`);
    if (p.kind === "pick") { path.length = 0; path.push(p.tile); mover = p.by; }
    if (p.kind === "step") path.push(p.tile);
    if (p.kind === "bid") keys.add(`bid:${p.spot}`);
    if (p.kind === "bid_zero") keys.add("bid:zero");
    if (p.kind === "bid_last") keys.add("bid:last");
    if (p.kind === "kill_seat" || p.kind === "kill_seat_pair") keys.add(`held:${p.seat}:${p.colour}`);
    if (p.kind === "take_djinn" || p.kind === "keep") keys.add(`owned:${p.djinn}`);
    if (p.kind === "buy" || p.kind === "buy_pair") {
      keys.add(`hand:${p.by}:${p.card}`);
      if (p.card2 !== NONE) keys.add(`hand:${p.by}:${p.card2}`);
    }
  }
  return { keys, path: path.length > 1 ? path : [], mover };
}

// ---------------------------------------------------------------- small drawings

function meeplePath(cx, cy) {
  // a pawn: body from (cx±8, cy+9) up to the shoulders, the head is a separate circle
  return `M${cx - 8.5},${cy + 9} L${cx - 6.5},${cy + 1} Q${cx - 6},${cy - 4} ${cx},${cy - 4}` +
    ` Q${cx + 6},${cy - 4} ${cx + 6.5},${cy + 1} L${cx + 8.5},${cy + 9} Z`;
}

function meeple(cx, cy, colour, letter) {
  return svg("g", {},
    svg("path", { d: meeplePath(cx, cy), fill: MEEPLE_FILL[colour], stroke: "#111", "stroke-width": 1.4, "stroke-linejoin": "round" }),
    svg("circle", { cx, cy: cy - 8.5, r: 5, fill: MEEPLE_FILL[colour], stroke: "#111", "stroke-width": 1.4 }),
    svg("text", { x: cx, y: cy + 7.5, class: "ft-meeple-letter", fill: MEEPLE_INK[colour] }, letter));
}

function meepleIcon(colour, letter) {
  return picture("-10 -15 20 26", 16, 21, meeple(0, 0, colour, letter));
}

function camel(fill, letter) {
  // a dromedary facing right in a 32×24 box
  const st = { fill, stroke: "#111", "stroke-width": 1.3, "stroke-linejoin": "round" };
  return svg("g", {},
    ...[6, 10, 18, 22].map((lx) => svg("rect", { x: lx, y: 14, width: 3, height: 10, rx: 1, ...st })),
    svg("path", { d: "M3,13 Q2,8 7,7 Q10,0 15,1 Q19,1 20,7 L24,7 L26,2 Q27,0 30,1 L31,3 L28,4 L26,12 Q25,17 20,17 L7,17 Q3,17 3,13 Z", ...st }),
    svg("text", { x: 14.5, y: 14.5, class: "ft-camel-letter" }, letter));
}

function camelIcon(fill, letter) {
  return picture("0 0 33 25", 26, 20, camel(fill, letter));
}

function palm(x, y) {
  // trunk base at (x, y+10), crown around (x+1, y-6)
  const leaf = (d) => svg("path", { d, fill: "#2e8b3a", stroke: "#12461a", "stroke-width": 0.9 });
  return svg("g", {},
    svg("path", { d: `M${x},${y + 10} Q${x - 2},${y + 2} ${x + 1},${y - 5}`, stroke: "#6b4218", "stroke-width": 3, fill: "none", "stroke-linecap": "round" }),
    leaf(`M${x + 1},${y - 5} Q${x - 6},${y - 11} ${x - 11},${y - 3} Q${x - 5},${y - 7} ${x + 1},${y - 5} Z`),
    leaf(`M${x + 1},${y - 5} Q${x + 8},${y - 11} ${x + 12},${y - 2} Q${x + 6},${y - 7} ${x + 1},${y - 5} Z`),
    leaf(`M${x + 1},${y - 5} Q${x - 3},${y - 14} ${x - 6},${y - 12} Q${x - 1},${y - 11} ${x + 1},${y - 5} Z`),
    leaf(`M${x + 1},${y - 5} Q${x + 5},${y - 14} ${x + 8},${y - 11} Q${x + 3},${y - 10} ${x + 1},${y - 5} Z`));
}

function palace(x, y) {
  // base centre at (x, y+10)
  const st = { fill: "#fff6dc", stroke: "#6a4b1f", "stroke-width": 1.2, "stroke-linejoin": "round" };
  return svg("g", {},
    svg("path", { d: `M${x - 5},${y - 1} Q${x - 5},${y - 8} ${x},${y - 10} Q${x + 5},${y - 8} ${x + 5},${y - 1} Z`, ...st, fill: "#e9b949" }),
    svg("rect", { x: x - 9, y: y - 1, width: 18, height: 11, ...st }),
    svg("rect", { x: x - 11, y: y - 6, width: 4, height: 16, ...st }),
    svg("rect", { x: x + 7, y: y - 6, width: 4, height: 16, ...st }),
    svg("path", { d: `M${x - 2.5},${y + 10} L${x - 2.5},${y + 5} Q${x},${y + 2} ${x + 2.5},${y + 5} L${x + 2.5},${y + 10}`, fill: "#6a4b1f" }));
}

function pieceIcon(kind) {
  return picture("-13 -16 26 28", 18, 19, kind === "palm" ? palm(0, 0) : palace(0, 0));
}

function coinIcon() {
  return picture("0 0 20 20", 15, 15,
    svg("circle", { cx: 10, cy: 10, r: 8.5, fill: "#f2c230", stroke: "#8a6200", "stroke-width": 1.6 }),
    svg("circle", { cx: 10, cy: 10, r: 5, fill: "none", stroke: "#8a6200", "stroke-width": 1 }));
}

// ---------------------------------------------------------------- the Sultanate

function tileWords(tile, type, geo, msg, colourInfo) {
  const tribes = Object.entries(tile.meeples).map(([c, n]) => `${n} ${colourInfo[c]?.tribe ?? c}`);
  return [
    type ? `${type.name} ${geo.tile}: ${type.vp} VP (${type.value === "blue" ? "blue circle: Builders count it" : "red square"})` : `tile ${geo.tile}`,
    type ? type.action : null,
    tribes.length ? `meeples: ${tribes.join(", ")}` : "no meeples",
    tile.camel !== null && tile.camel !== undefined ? `camel of ${seatName(msg, tile.camel)}: its owner scores this tile` : null,
    tile.palm_trees ? `${tile.palm_trees} Palm Tree${tile.palm_trees > 1 ? "s" : ""}` : null,
    tile.palaces ? `${tile.palaces} Palace${tile.palaces > 1 ? "s" : ""}` : null,
  ];
}

function drawSultanate(msg, layout, ui, bindKey, recent) {
  const view = msg.view;
  const cols = layout.cols || 6;
  const rows = layout.rows || 5;
  const root = svg("svg", { viewBox: `0 0 ${OX + cols * TW + 4} ${OY + rows * TH + 4}`, class: "ft-svg", role: "group", "aria-label": "The Sultanate" });
  const colourInfo = Object.fromEntries((layout.colours || []).map((c) => [c.colour, c]));
  const colourIndex = new Map((layout.colours || []).map((c, i) => [c.colour, i]));
  const letterOf = (c) => colourInfo[c]?.letter ?? c[0].toUpperCase();
  for (let c = 0; c < cols; c++) root.append(svg("text", { x: OX + c * TW + TW / 2, y: OY - 3, class: "ft-axis" }, c));
  for (let r = 0; r < rows; r++) root.append(svg("text", { x: OX / 2, y: OY + r * TH + TH / 2 + 4, class: "ft-axis" }, r));

  const move = view.turn ? view.turn.move : null;
  const inTurn = ["build", "kill", "tile", "place", "keep", "final"].includes(view.phase);
  const finalTile = inTurn && view.turn ? view.turn.final_tile : null;
  let anyLegal = false;
  const byName = new Map(view.tiles.map((t) => [t.tile, t]));
  const pieces = svg("g");
  const chips = svg("g");

  layout.tiles.forEach((geo, index) => {
    const tile = byName.get(geo.tile) || { tile: geo.tile, type: null, meeples: {}, camel: null, palm_trees: 0, palaces: 0 };
    const x = OX + geo.col * TW;
    const y = OY + geo.row * TH;
    const g = svg("g", { class: "ft-tile", transform: `translate(${x},${y})`, "data-tile": geo.tile });
    root.append(g);
    const type = tile.type ? layout.tile_types[tile.type] : null;
    inspect(g, tileWords(tile, type, geo, msg, colourInfo));
    g.append(svg("rect", { class: "ft-tbg", x: 2, y: 2, width: TW - 4, height: TH - 4, rx: 8, fill: type ? TILE_FILL[tile.type] || "#eee" : "#d8cfbd" }));
    if (tile.camel !== null && tile.camel !== undefined) {
      g.append(svg("path", { d: `M2,${TH - 10} L${TW - 2},${TH - 10} Q${TW - 2},${TH - 2} ${TW - 10},${TH - 2} L10,${TH - 2} Q2,${TH - 2} 2,${TH - 10} Z`, style: `fill: ${ui.seatColor(tile.camel)}`, class: "ft-owner" }));
    }
    if (type) {
      g.append(svg("text", { x: 7, y: 17, class: "ft-tname" }, type.short),
        svg("text", { x: 7, y: 28, class: "ft-tid" }, geo.tile),
        // the value's colour and shape: a blue circle (Builders count it) or a red square
        type.value === "blue"
          ? svg("circle", { cx: TW - 16, cy: 16, r: 11, fill: VALUE_FILL.blue, class: "ft-disc" })
          : svg("rect", { x: TW - 26.5, y: 5.5, width: 21, height: 21, rx: 3, fill: VALUE_FILL.red, class: "ft-disc" }),
        svg("text", { x: TW - 16, y: 20.5, class: "ft-vp" }, type.vp));
    } else {
      g.append(svg("text", { x: 8, y: 18, class: "ft-tid" }, geo.tile));
    }

    // meeples: one chip per colour present, in canonical order, the count under the pawn
    const present = (layout.colours || []).map((c) => c.colour).filter((c) => tile.meeples[c]);
    const step = 19.5;
    const x0 = TW / 2 - ((present.length - 1) * step) / 2;
    present.forEach((colour, i) => {
      const cx = x0 + i * step;
      const cy = 48;
      const n = tile.meeples[colour];
      const chip = svg("g", { class: "ft-chip", "data-colour": colour },
        svg("rect", { class: "ft-ring", x: cx - 9.5, y: cy - 17, width: 19, height: 35, rx: 5 }),
        meeple(cx, cy, colour, letterOf(colour)),
        n > 1 ? svg("text", { x: cx, y: cy + 20.5, class: "ft-count" }, n) : null);
      inspect(chip, `${n} ${colourInfo[colour]?.tribe ?? colour} (${colour}, ${letterOf(colour)})`, colourInfo[colour]?.action);
      bindKey(chip, `chip:${index}:${colourIndex.get(colour)}`, `kill a ${colourInfo[colour]?.tribe ?? colour} on ${geo.tile}`);
      // above the tiles, not inside one: a tile and its meeples may both be targets
      chips.append(svg("g", { transform: `translate(${x},${y})` }, chip));
    });

    // bottom line: camel, palm trees, palaces; pieces appear where they are placed
    if (tile.camel !== null && tile.camel !== undefined) {
      pieces.append(piece(`camel:${geo.tile}`, x + 6, y + 69, camel(ui.seatColor(tile.camel), ui.seatLetter(tile.camel))));
    }
    let bx = 52;
    if (tile.palm_trees) {
      pieces.append(piece(`palm:${geo.tile}:${tile.palm_trees}`, x + bx, y + 86, palm(0, 0),
        tile.palm_trees > 1 ? svg("text", { x: 9, y: 9, class: "ft-times" }, `×${tile.palm_trees}`) : null));
      bx += 24;
    }
    if (tile.palaces) {
      pieces.append(piece(`palace:${geo.tile}:${tile.palaces}`, x + bx, y + 85, palace(0, 0),
        tile.palaces > 1 ? svg("text", { x: 9, y: 10, class: "ft-times" }, `×${tile.palaces}`) : null));
    }

    g.append(svg("rect", { class: "ft-hl2", x: 2, y: 2, width: TW - 4, height: TH - 4, rx: 8 }),
      svg("rect", { class: "ft-hl", x: 2, y: 2, width: TW - 4, height: TH - 4, rx: 8 }));
    // movement marks
    if (move && move.from === geo.tile) g.append(svg("rect", { x: 4.5, y: 4.5, width: TW - 9, height: TH - 9, rx: 5, class: "ft-from" }));
    if ((move && move.at === geo.tile) || finalTile === geo.tile) {
      const label = move && move.at === geo.tile ? "HERE" : "FINAL";
      const lw = label.length * 7 + 8;
      g.append(svg("rect", { x: 4.5, y: 4.5, width: TW - 9, height: TH - 9, rx: 5, class: "ft-at" }),
        svg("rect", { x: TW / 2 - lw / 2, y: -1, width: lw, height: 13, rx: 3, class: "ft-label" }),
        svg("text", { x: TW / 2, y: 9, class: "ft-labeltext" }, label));
    }
    if (recent.keys.has(`tile:${index}`)) {
      markRecent(g);
      g.append(recentRing("rect", { x: 7, y: 7, width: TW - 14, height: TH - 14, rx: 5 }, 3.5));
    }
    if (bindKey(g, `tile:${index}`, `${type ? type.name : "tile"} ${geo.tile}`)) anyLegal = true;
  });
  root.append(pieces, chips);

  // the last move's path: from the tile picked up, step by step, in the mover's colour
  if (recent.path.length) {
    const centre = (i) => [OX + layout.tiles[i].col * TW + TW / 2, OY + layout.tiles[i].row * TH + TH / 2 + 6];
    const points = recent.path.map(centre);
    let length = 0;
    for (let i = 1; i < points.length; i++) length += Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]);
    const d = points.map(([px, py], i) => `${i ? "L" : "M"}${px},${py}`).join(" ");
    root.append(svg("defs", {}, svg("marker", { id: "ft-arrow", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" },
      svg("path", { d: "M0,0 L10,5 L0,10 Z", fill: "#111" }))));
    root.append(svg("path", { d, class: "bd-path ft-path-under", style: { "--length": length } }),
      svg("path", { d, class: "bd-path ft-path", style: { "--length": length, stroke: recent.mover !== null ? ui.seatColor(recent.mover) : "#111" }, "marker-end": "url(#ft-arrow)" }),
      svg("circle", { cx: points[0][0], cy: points[0][1], r: 6, class: "ft-path-start", style: { fill: recent.mover !== null ? ui.seatColor(recent.mover) : "#111" } }));
  }
  if (anyLegal) root.classList.add("ft-choosing");
  return root;
}

// ---------------------------------------------------------------- panels

const PHASE_HINT = {
  bid: "bids for turn order", pick: "picks a start tile", step: "steps to a neighbouring tile", drop: "drops a meeple",
  build: "collects Builder gold", kill: "chooses an Assassins' victim", tile: "takes the tile's action",
  place: "places the piece (Hagis/Lamia may move it)", keep: "keeps one Sibittis Djinn", final: "may use Djinns and sell, then ends the turn",
};
const MY_PROMPT = {
  bid: "Bid for turn order: tap a free spot on the Turn Order track.",
  pick: "Pick a start tile: tap a highlighted tile to take all its meeples in hand.",
  step: "Move on: tap a highlighted neighbouring tile to drop a meeple there.",
  drop: "Drop a meeple here: tap its colour in your hand (or the tile to choose).",
  build: "Builders: tap the final tile to choose how many Fakirs to add.",
  kill: "Assassins: tap the meeple to kill on a highlighted tile, or a held Vizier or Elder.",
  tile: "Take the tile's action: tap a highlighted tile, card or Djinn, or pass.",
  place: "Tap the tile for the piece.",
  keep: "Sibittis: tap the Djinn to keep.",
  final: "Sell cards or use Djinns (tap them), or end your turn.",
};

function statusLine(msg, view, ui) {
  const box = el("div", { class: "ft-status" });
  if (msg.over || view.phase === "over") {
    box.append("Game over: the final scores are in the table.");
    return box;
  }
  box.append(`Round ${view.round} · `);
  const actor = view.to_act;
  if (actor !== null && actor !== undefined) {
    box.append(seatBadge(actor, ui), el("b", {}, ` ${seatName(msg, actor)}`), ` ${PHASE_HINT[view.phase] || view.phase}`);
    if (view.phase === "drop" && view.turn?.move) box.append(` on ${view.turn.move.at}`);
  } else box.append("…");
  if (view.final_round) box.append(el("span", { class: "ft-final" }, "FINAL ROUND"));
  return box;
}

function drawTracks(msg, view, layout, ui, bindKey, recent) {
  const box = el("div", { class: "ft-box" });
  const k = view.phase === "bid" && view.turn ? view.turn.kumarbi_discount || 0 : 0;
  box.append(el("div", { class: "ft-h" }, "Turn order track", k ? el("small", {}, `Kumarbi: ${k} spot${k > 1 ? "s" : ""} cheaper`) : null));
  const track = el("div", { class: "ft-track" });
  box.append(track);
  const costs = layout.turn_track.map((s) => s.cost);
  const paid = view.turn_order?.paid || {};
  const zeros = view.turn_order?.zero_queue || [];
  const last = view.turn_order?.last || [];
  const zeroBox = inspect(el("div", { class: "ft-zero" }), "Bid 0: the zero queue, front first", "a bid of 0 goes to the front");
  const mark = (node, key) => (recent.keys.has(key) ? markRecent(node) : node);
  for (const spot of layout.turn_track) {
    if (spot.paid) {
      const eff = costs[Math.min(spot.spot + k, costs.length) - 1];
      const cost = el("div", { class: "ft-cost" }, k && eff !== spot.cost ? [el("s", {}, spot.cost), ` ${eff}`] : spot.cost);
      const seat = paid[String(spot.cost)];
      const node = inspect(el("div", { class: "ft-spot ft-paid" }, cost, seat !== undefined ? seatBadge(seat, ui) : null),
        `Turn order spot ${spot.spot}: costs ${k ? eff : spot.cost} gold`, seat !== undefined ? `taken by ${seatName(msg, seat)}` : "free");
      track.append(mark(node, `bid:${spot.spot}`));
      bindKey(node, `bid:${spot.spot}`, `bid ${spot.cost} gold`);
    } else {
      if (!zeroBox.parentNode) track.append(zeroBox);
      const i = spot.spot - 7;
      zeroBox.append(el("div", { class: "ft-spot" }, el("div", { class: "ft-cost" }, "0"), zeros[i] !== undefined ? seatBadge(zeros[i], ui) : null));
    }
  }
  mark(zeroBox, "bid:zero");
  bindKey(zeroBox, "bid:zero", "bid 0 gold");
  const lastEl = inspect(el("div", { class: "ft-spot" }, el("div", { class: "ft-cost" }, "last"), ...last.map((s) => seatBadge(s, ui))),
    "Last: after the zero queue, no gold");
  track.append(mark(lastEl, "bid:last"));
  bindKey(lastEl, "bid:last", "bid last");

  // Bid Order track: during bidding, the markers still to bid; during turns, the next round's order
  const bidding = view.phase === "bid";
  box.append(el("div", { class: "ft-h ft-second" }, "Bid order track", el("small", {}, bidding ? "markers still to bid" : "next round")));
  const bt = el("div", { class: "ft-track" });
  box.append(bt);
  const slots = layout.bid_slots || view.bid_order.length;
  for (let i = 0; i < slots; i++) {
    let seat;
    if (bidding) {
      if (i >= view.bid_slot) seat = view.bid_order[i];
    } else seat = view.next_bid_order[i];
    bt.append(el("div", { class: `ft-spot${bidding && i === view.bid_slot ? " ft-bidnow" : ""}` },
      el("div", { class: "ft-cost" }, i + 1), seat !== undefined ? seatBadge(seat, ui) : null));
  }
  return box;
}

function cardEl(card, layout, extra = null) {
  const info = (layout.cards || []).find((c) => c.card === card);
  const name = info ? info.name.replace(" card", "") : card;
  return inspect(el("div", { class: "ft-card", style: { background: CARD_FILL[card] || "#ddd", color: CARD_INK[card] || "#1c140a" } }, el("span", {}, name), extra),
    info ? `${info.name}${info.merchandise ? ": Merchandise, sold in suits" : ": not Merchandise"}` : card);
}

function drawRow(view, layout, bindKey) {
  const pile = Object.values(view.resource_pile || {}).reduce((a, b) => a + b, 0);
  const disc = Object.values(view.resource_discard || {}).reduce((a, b) => a + b, 0);
  const row = el("div", { class: "ft-row" });
  const cardIndex = new Map(layout.cards.map((c, i) => [c.card, i]));
  const bound = new Set();
  view.row.forEach((card, i) => {
    const node = cardEl(card, layout, el("span", { class: "ft-pos" }, i + 1));
    row.append(node);
    // the first card of a type stands for every card of that type the market reaches
    if (!bound.has(card) && bindKey(node, `row:${cardIndex.get(card)}`, `buy ${card}`)) bound.add(card);
  });
  for (let i = view.row.length; i < (layout.row_size || 9); i++) row.append(el("div", { class: "ft-gap" }));
  return el("div", { class: "ft-box" }, el("div", { class: "ft-h" }, "Resource cards", el("small", {}, `pile ${pile} · discard ${disc}`)), row);
}

function djinnEl(name, layout, mini) {
  const info = (layout.djinns || []).find((d) => d.djinn === name) || { name, vp: "?", cost: "", power: "", timing: "" };
  const node = el("div", { class: `ft-djinn${mini ? " ft-mini" : ""}` }, el("div", { class: "ft-dn" }, info.name), el("div", { class: "ft-vp" }, info.vp),
    mini ? null : [el("span", { class: "ft-dc" }, info.cost ? `cost ${info.cost}` : info.timing), el("div", {}, info.power)]);
  return inspect(node, `${info.name}: ${info.vp} VP`, info.cost ? `cost ${info.cost} (E = Elder, F = Fakir)` : info.timing, info.power);
}

function drawDisplay(view, layout, bindKey) {
  const djinnIndex = new Map(layout.djinns.map((d, i) => [d.djinn, i]));
  const row = el("div", { class: "ft-djinns" });
  for (const d of view.display) {
    const node = djinnEl(d, layout, false);
    bindKey(node, `display:${djinnIndex.get(d)}`, `take ${d}`);
    row.append(node);
  }
  if (!view.display.length) row.append(el("div", { class: "ft-empty" }, "display empty"));
  const box = el("div", { class: "ft-box" },
    el("div", { class: "ft-h" }, "Djinns", el("small", {}, `pile ${view.djinn_pile.length} · discard ${view.djinn_discard.length} · E = Elder, F = Fakir`)), row);
  if (view.sibittis_drawn?.length) {
    const drawn = el("div", { class: "ft-djinns" });
    for (const d of view.sibittis_drawn) {
      const node = djinnEl(d, layout, false);
      bindKey(node, `keep:${djinnIndex.get(d)}`, `keep ${d}`);
      drawn.append(node);
    }
    box.append(el("div", { class: "ft-h ft-second" }, "Drawn with Sibittis"), drawn);
  }
  return box;
}

function drawTurnPanel(view, layout, bindKey) {
  const turn = view.turn || {};
  const move = turn.move;
  const box = el("div", { class: "ft-box" });
  if (move && move.hand && Object.keys(move.hand).length) {
    const row = el("div", { class: "ft-supply" });
    layout.colours.forEach((c, i) => {
      const n = move.hand[c.colour];
      if (!n) return;
      const chip = inspect(el("span", { class: "ft-mchip ft-handchip" }, meepleIcon(c.colour, c.letter), `×${n}`), `${n} ${c.tribe} (${c.colour}) in hand`, c.action);
      bindKey(chip, `hand:${i}`, `drop a ${c.tribe} meeple`);
      row.append(chip);
    });
    box.append(el("div", { class: "ft-h" }, "Meeples in hand", el("small", {}, `at ${move.at}`)), row);
  }
  const notes = [];
  if (view.phase === "build" && turn.blue_tiles !== null && turn.blue_tiles !== undefined) {
    notes.push(`Builders collected: ${turn.collected} · blue tiles around ${turn.final_tile}: ${turn.blue_tiles} · gold = (${turn.collected} + Fakirs) × ${turn.blue_tiles}${turn.echidna ? " × 2" : ""}`);
  }
  if (view.phase === "kill" && turn.kill_reach !== null && turn.kill_reach !== undefined) {
    notes.push(`Assassins reach ${turn.kill_reach} tile${turn.kill_reach === 1 ? "" : "s"} from ${turn.final_tile} (${turn.collected} collected, Fakirs add one each)`);
  }
  if (turn.echidna) notes.push("Echidna: Builder gold doubled");
  if (turn.iblis) notes.push("Iblis: kill two at once");
  if (notes.length) box.append(el("div", { class: "ft-notes" }, notes.join(" · ")));
  return box.childNodes.length ? box : null;
}

function drawSupply(view, layout) {
  const bag = el("span", {}, "Bag:", ...layout.colours.map((c) => inspect(el("span", { class: "ft-mchip" }, meepleIcon(c.colour, c.letter), String(view.bag[c.colour] || 0)),
    `${view.bag[c.colour] || 0} ${c.tribe} in the bag`)));
  return el("div", { class: "ft-box" }, el("div", { class: "ft-h" }, "Supply and bag"),
    el("div", { class: "ft-supply" },
      inspect(el("span", {}, pieceIcon("palm"), `${view.supply.palm_trees} left`), "Palm Trees left in the supply"),
      inspect(el("span", {}, pieceIcon("palace"), `${view.supply.palaces} left`), "Palaces left in the supply"),
      bag));
}

function drawPlayers(msg, view, layout, ui, bindKey, recent) {
  const wrap = el("div", { class: "ft-players" });
  const colourInfo = Object.fromEntries((layout.colours || []).map((c) => [c.colour, c]));
  const colourIndex = new Map(layout.colours.map((c, i) => [c.colour, i]));
  const cardIndex = new Map(layout.cards.map((c, i) => [c.card, i]));
  const djinnIndex = new Map(layout.djinns.map((d, i) => [d.djinn, i]));
  const used = new Set(view.turn?.used || []);
  for (const p of view.players_info) {
    const box = el("div", { class: `ft-player${view.to_act === p.seat && !msg.over ? " ft-acting" : ""}`, style: { "border-left-color": ui.seatColor(p.seat) } });
    wrap.append(box);
    const sc = p.score || {};
    const parts = Object.entries(sc).filter(([k]) => k !== "total").map(([k, v]) => `${k.replaceAll("_", " ")}: ${v}`);
    box.append(el("div", { class: "ft-ph" }, seatBadge(p.seat, ui), el("span", { class: "ft-name" }, seatName(msg, p.seat)),
      msg.seat === p.seat ? el("span", { class: "ft-you" }, "you") : null,
      inspect(el("span", { class: "ft-score" }, scoreWithChange(msg, `vp:${p.seat}`, sc.total ?? 0), p.gold === "hidden" ? " VP + gold" : " VP"),
        "Victory points so far", parts, p.gold === "hidden" ? "gold is hidden until the end and not counted" : null)));

    const stats = el("div", { class: "ft-stats" },
      inspect(el("span", {}, coinIcon(), p.gold === "hidden" ? "?" : String(p.gold)), p.gold === "hidden" ? "Gold: secret until the end" : "Gold"),
      inspect(el("span", {}, camelIcon(ui.seatColor(p.seat), ui.seatLetter(p.seat)), String(p.camels_left)),
        `${p.camels_left} camels left`, `${view.tiles.filter((t) => t.camel === p.seat).length} tiles owned`));
    box.append(stats);
    for (const [c, n] of [["yellow", p.viziers], ["white", p.elders]]) {
      const info = colourInfo[c];
      const node = inspect(el("span", {}, meepleIcon(c, info?.letter ?? c[0].toUpperCase()), `${n}`), `${n} ${info?.tribe ?? c} held`, info?.action);
      if (recent.keys.has(`held:${p.seat}:${colourIndex.get(c)}`)) markRecent(node);
      bindKey(node, `held:${p.seat}:${colourIndex.get(c)}`, `kill a held ${info?.tribe ?? c} of ${seatName(msg, p.seat)}`);
      stats.append(node);
    }

    const hand = el("div", { class: "ft-hand" });
    const cards = Object.entries(p.cards || {}).sort((a, b) => cardIndex.get(a[0]) - cardIndex.get(b[0]));
    if (!cards.length) hand.append(el("span", { class: "ft-empty" }, "no cards"));
    for (const [card, n] of cards) {
      const node = cardEl(card, layout, n > 1 ? el("span", { class: "ft-n" }, `×${n}`) : null);
      if (recent.keys.has(`hand:${p.seat}:${cardIndex.get(card)}`)) markRecent(node);
      if (msg.seat === p.seat) bindKey(node, `sell:${cardIndex.get(card)}`, `sell ${card}`);
      hand.append(node);
    }
    box.append(hand);

    const dj = el("div", { class: "ft-djinns" });
    if (!p.djinns.length) dj.append(el("span", { class: "ft-empty" }, "no Djinns"));
    for (const d of p.djinns) {
      const node = djinnEl(d, layout, true);
      if (view.to_act === p.seat && used.has(d)) node.classList.add("ft-used");
      if (recent.keys.has(`owned:${djinnIndex.get(d)}`)) markRecent(node);
      if (msg.seat === p.seat) bindKey(node, `djinn:${djinnIndex.get(d)}`, `use ${d}`);
      dj.append(node);
    }
    box.append(dj);
  }
  return wrap;
}

// ---------------------------------------------------------------- entry point

export function draw(root, msg, layout, ui) {
  redraw(root, msg, () => build(root, msg, layout, ui));
}

function build(root, msg, layout, ui) {
  root.replaceChildren();
  const view = msg.view;
  if (!view || !view.tiles || !layout || !layout.tiles) {
    root.append("Waiting for the board…");
    return;
  }
  const choices = new Choices(msg);
  const byKey = targets(choices, view, layout);
  const bindKey = (node, key, label) => bind(node, byKey.get(key), ui, label);
  const recent = recentKeys(msg);
  const ft = el("div", { class: "ft" });
  root.append(ft);
  const main = el("div", { class: "ft-main" });
  const left = el("div", { class: "ft-side" });
  const side = el("div", { class: "ft-side" });
  main.append(left, side);
  ft.append(main);
  left.append(promptLine(msg, ui, MY_PROMPT[view.phase]), drawSultanate(msg, layout, ui, bindKey, recent), statusLine(msg, view, ui));
  const turn = drawTurnPanel(view, layout, bindKey);
  if (turn) left.append(turn);
  left.append(el("div", { class: "bd-legend" },
    ...layout.colours.map((c) => inspect(el("span", {}, meepleIcon(c.colour, c.letter), c.tribe), `${c.tribe} (${c.colour}, ${c.letter})`, c.action)),
    inspect(el("span", {}, "VP: blue circle = Village/Sacred, red square = Oasis/Market"), "Builders count the blue-valued tiles around the final tile"),
    el("span", {}, "dotted ring and arrow: the moves since your last decision")));
  side.append(drawTracks(msg, view, layout, ui, bindKey, recent), drawRow(view, layout, bindKey), drawDisplay(view, layout, bindKey), drawSupply(view, layout));
  ft.append(drawPlayers(msg, view, layout, ui, bindKey, recent));
}
