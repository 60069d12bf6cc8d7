// Through the Desert: the hex map, the camel supply and each player's caravans and points.
// draw(root, msg, layout, ui): msg.view is the engine's view (views.py), msg.choices the
// legal actions decoded (camel and leader placements by colour and hex index, leader
// removals by colour), layout comes from games/through_the_desert/layout.py (every hex with
// its index, centre, terrain; the river's edges).
import {
  Choices, bind, el, inspect, markRecent, recentRing, picture, piece, promptLine, recentParts, redraw,
  scoreWithChange, seatName, since, svg, useStyles,
} from "../board.js";

await useStyles("board.css", "games/through_the_desert.css");

const FILL = { blue: "#2f6fd6", green: "#2f9a4c", red: "#d33a2c", yellow: "#f4c93a", white: "#f8f7f1" };
const INK = { blue: "#fff", green: "#fff", red: "#fff", yellow: "#1a1a1a", white: "#1a1a1a" };
const LETTER = { blue: "B", green: "G", red: "R", yellow: "Y", white: "W" };
const SQRT3 = Math.sqrt(3);

// The colour the player narrowed the highlights to (kept between messages, reset when
// it has no legal action any more).
let focus = null;
// On a narrow screen the map can be shown at twice the size in a scrolling box.
let zoomed = false;

function hexPoints(x, y, r = 1) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + r * Math.cos(a)).toFixed(3)},${(y + r * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(" ");
}

function centre(col, row) {
  return [1.5 * col, SQRT3 * (row + 0.5 * (((col % 2) + 2) % 2))];
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

// ---- pieces and terrain glyphs (all drawn around 0,0 and translated) ----

function seatMark(x, y, seat, ui, r = 0.27) {
  return svg("g", { transform: `translate(${x},${y})` },
    svg("circle", { r, style: `fill: ${ui.seatColor(seat)}`, stroke: "#111", "stroke-width": 0.06 }),
    svg("text", { y: r * 0.38, "font-size": r * 1.15, class: "ttd-seatletter" }, ui.seatLetter(seat)));
}

function pieceGlyph(p, ui) {
  const c = p.colour;
  const g = svg("g", { class: `ttd-piece ttd-${c}` });
  if (p.leader) {
    g.append(svg("rect", { x: -0.6, y: -0.6, width: 1.2, height: 1.2, rx: 0.2, fill: FILL[c], stroke: "#111", "stroke-width": 0.11 }));
    g.append(svg("rect", { x: -0.45, y: -0.45, width: 0.9, height: 0.9, rx: 0.12, fill: "none", stroke: INK[c], "stroke-width": 0.05, opacity: 0.7 }));
  } else {
    g.append(svg("circle", { r: 0.56, fill: FILL[c], stroke: "#111", "stroke-width": 0.09 }));
  }
  g.append(svg("text", { y: 0.24, "font-size": p.leader ? 0.72 : 0.66, fill: INK[c], class: "ttd-letter" }, LETTER[c]));
  g.append(seatMark(0.5, 0.5, p.seat, ui));
  return g;
}

function palmGlyph() {
  const g = svg("g", { class: "ttd-palm" });
  g.append(svg("ellipse", { cx: 0, cy: 0.52, rx: 0.5, ry: 0.14, fill: "#5aa0c8", opacity: 0.8 }));
  g.append(svg("path", { d: "M0.05,0.52 Q0.12,0.05 -0.02,-0.28", fill: "none", stroke: "#6b4423", "stroke-width": 0.13, "stroke-linecap": "round" }));
  for (const a of [-150, -110, -65, -25, 15]) {
    g.append(svg("ellipse", {
      cx: 0.27, cy: 0, rx: 0.3, ry: 0.1, fill: "#1f6e2c", stroke: "#0e3d16", "stroke-width": 0.03,
      transform: `translate(-0.02,-0.28) rotate(${a + 180})`,
    }));
  }
  return g;
}

function tokenGlyph(value) {
  return svg("g", { class: "ttd-token" },
    svg("path", {
      d: "M0,-0.62 C0.22,-0.32 0.46,-0.08 0.46,0.18 A0.46,0.46 0 0 1 -0.46,0.18 C-0.46,-0.08 -0.22,-0.32 0,-0.62 Z",
      fill: "#bfe3fb", stroke: "#0f4c81", "stroke-width": 0.08,
    }),
    svg("text", { y: 0.38, "font-size": 0.58, fill: "#0f3a63", class: "ttd-letter" }, value));
}

function mountainGlyph(dim) {
  return svg("g", { opacity: dim ? 0.45 : 1 },
    svg("polygon", { points: "-0.7,0.4 -0.2,-0.45 0.3,0.4", fill: "#6f5a44", stroke: "#3e3023", "stroke-width": 0.05 }),
    svg("polygon", { points: "-0.2,-0.45 -0.36,-0.18 -0.04,-0.18", fill: "#f3ece0" }),
    svg("polygon", { points: "0.0,0.4 0.35,-0.2 0.7,0.4", fill: "#85705a", stroke: "#3e3023", "stroke-width": 0.05 }));
}

// ---- the map ----

function describe(cell, palms, tokens) {
  const what = {
    mountain: "Mountains: no camel may stand here",
    blocked: "The map's rim: no camel may stand here",
    desert: "Desert",
    water: cell.id in tokens ? `Watering hole: a token worth ${tokens[cell.id]} to the camel placed here` : "Watering hole (its token is taken)",
    oasis: palms.has(cell.id) ? "Oasis with a palm: each caravan reaching it scores once" : "Oasis site without a palm",
  }[cell.terrain];
  return [`${what}`, `hex ${cell.id}`];
}

function pieceWords(p, msg, ui, caravans) {
  const car = caravans.find((k) => k.seat === p.seat && k.colour === p.colour);
  return [
    `${p.leader ? "Leader" : "Camel"}: ${p.colour} (${LETTER[p.colour]}) of ${seatName(msg, p.seat)} (${ui.seatLetter(p.seat)})`,
    car ? `this caravan has ${car.camels} camel${car.camels === 1 ? "" : "s"}` : null,
    `hex ${p.hex}`,
  ];
}

function drawMap(msg, layout, ui, placements, recent) {
  const view = msg.view;
  const hexes = layout.hexes || [];
  const colours = layout.colours;
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
  const gTerrain = svg("g");
  const gRiver = svg("g");
  const gClosed = svg("g");
  const gItems = svg("g");
  const gLegal = svg("g");
  root.append(defs, gTerrain, gClosed, gRiver, gItems, gLegal);

  const palms = new Set(view.palms || []);
  const tokens = view.tokens || {};
  const pieceAt = new Map((view.pieces || []).map((p) => [p.hex, p]));
  const closedAt = new Map();
  for (const region of view.closed || []) for (const id of region.hexes) closedAt.set(id, region);
  const closedKeys = (view.closed || []).map((region) => region.hexes[0]);
  const closedBefore = since(msg, "closed", closedKeys);

  // closed-region hatch patterns, one per caravan colour
  for (const c of colours) {
    defs.append(svg("pattern", {
      id: `ttd-hatch-${c}`, width: 0.45, height: 0.45, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)",
    }, svg("rect", { width: 0.45, height: 0.45, fill: "#d8c397" }),
    svg("rect", { width: 0.2, height: 0.45, fill: FILL[c], opacity: 0.85 })));
  }

  for (const cell of hexes) {
    const { x, y, terrain } = cell;
    let fillColour = "#f2dfae";
    let stroke = "#d2b47c";
    if (terrain === "mountain") { fillColour = "#b39c80"; stroke = "#8c7458"; }
    else if (terrain === "blocked") { fillColour = "#d4bb8c"; stroke = "#c4a877"; }
    else if (cell.shaded) fillColour = "#ecd29d";
    if (terrain === "oasis" && palms.has(cell.id)) fillColour = "#cfe7a2";
    gTerrain.append(inspect(svg("polygon", { points: hexPoints(x, y, 1), fill: fillColour, stroke, "stroke-width": 0.05 }),
      describe(cell, palms, tokens)));
    const at = (node) => svg("g", { transform: `translate(${x},${y})` }, node);
    if (terrain === "mountain") { gTerrain.append(at(mountainGlyph(false))); continue; }
    if (terrain === "blocked") {
      gTerrain.append(svg("g", { transform: `translate(${x},${y}) scale(0.55)`, "pointer-events": "none" }, mountainGlyph(true)));
      continue;
    }
    // an empty well or oasis site: a faint ring, so the printed terrain stays visible
    const dry = (terrain === "water" || terrain === "oasis") && !(cell.id in tokens) && !palms.has(cell.id);
    if (dry) {
      gTerrain.append(svg("circle", { cx: x, cy: y + 0.05, r: 0.3, class: "ttd-dry" }));
    }
    const closed = closedAt.get(cell.id);
    if (closed) {
      gClosed.append(svg("polygon", { points: hexPoints(x, y, 1), fill: `url(#ttd-hatch-${closed.colour})`, stroke: "none", "pointer-events": "none" }));
      if (!palms.has(cell.id)) gClosed.append(seatMark(x, y, closed.seat, ui, 0.3));
    }
    if (palms.has(cell.id)) gItems.append(inspect(at(palmGlyph()), describe(cell, palms, tokens)));
    if (cell.id in tokens && !pieceAt.has(cell.id)) gItems.append(inspect(at(tokenGlyph(tokens[cell.id])), describe(cell, palms, tokens)));
    const p = pieceAt.get(cell.id);
    if (p) {
      const node = inspect(piece(`hex:${cell.id}`, x, y, pieceGlyph(p, ui)), pieceWords(p, msg, ui, view.caravans || []));
      if (recent.has(cell.hex)) {
        markRecent(node);
        node.prepend(recentRing("circle", { r: 0.95 }, 0.13));
      }
      gItems.append(node);
    }
    if (cell.playable && !p && !palms.has(cell.id) && !(cell.id in tokens) && !closed) {
      gTerrain.append(svg("text", { class: "ttd-coord", x, y: dry ? y - 0.45 : y + 0.11, "font-size": 0.32 }, cell.id));
    }
  }

  // closed-region outlines in the owner's seat colour; a region closed since the viewer's
  // last decision is outlined in the recent colour too
  for (const region of view.closed || []) {
    const inside = new Set(region.hexes);
    const fresh = closedBefore !== undefined && !closedBefore.includes(region.hexes[0]);
    for (const id of region.hexes) {
      const [c, r] = id.split(",").map(Number);
      for (const [nc, nr] of neighbours(c, r)) {
        if (inside.has(`${nc},${nr}`)) continue;
        const [x1, y1, x2, y2] = sharedEdge([c, r], [nc, nr]);
        gClosed.append(svg("line", { x1, y1, x2, y2, class: fresh ? "ttd-edge bd-recent" : "ttd-edge" }));
        gClosed.append(svg("line", { x1, y1, x2, y2, style: `stroke: ${ui.seatColor(region.seat)}`, class: "ttd-edge-seat" }));
      }
    }
  }

  // the river along hex edges (river side)
  if ((layout.river || []).length) {
    const d = layout.river.map((e) => `M${e.edge[0][0]},${e.edge[0][1]} L${e.edge[1][0]},${e.edge[1][1]}`).join(" ");
    gRiver.append(svg("path", { d, class: "ttd-river-bank" }), svg("path", { d, class: "ttd-river" }));
  }

  // the shaded strip (4–5 players): a dashed line where it begins
  if (layout.full) {
    const x = 1.5 * 17.5;
    gTerrain.append(svg("line", { x1: x, y1: -SQRT3 / 2, x2: x, y2: h - SQRT3 / 2, class: "ttd-strip" }));
  }

  // legal hexes: one target per hex, its colours as dots when they differ from hex to hex
  const sets = [...placements.values()].map((acts) => acts.map((a) => a.colour).join());
  const uniform = sets.every((s) => s === sets[0]);
  const cellByHex = new Map(hexes.map((c) => [c.hex, c]));
  for (const [hex, allActs] of placements) {
    const acts = focus === null ? allActs : allActs.filter((a) => colours[a.colour] === focus);
    const cell = cellByHex.get(hex);
    if (!acts.length || !cell) continue;
    const { x, y } = cell;
    const g = svg("g", { class: "ttd-target" }, svg("polygon", { class: "ttd-hl", points: hexPoints(x, y, 0.9) }));
    if (!uniform && focus === null) {
      const n = acts.length;
      acts.forEach((a, i) => {
        const c = colours[a.colour];
        const px = x + (i - (n - 1) / 2) * 0.5;
        g.append(svg("circle", { cx: px, cy: y + 0.5, r: 0.24, fill: FILL[c], stroke: "#111", "stroke-width": 0.06 }),
          svg("text", { x: px, y: y + 0.61, "font-size": 0.32, fill: INK[c], class: "ttd-letter" }, LETTER[c]));
      });
    }
    const what = acts[0].kind === "leader" ? "leader" : "camel";
    const names = acts.map((a) => colours[a.colour]);
    bind(g, acts, ui, `place a ${names.join(" or ")} ${what} on ${cell.id}`);
    inspect(g, `Place a ${what} here: ${names.join(", ")}`, describe(cell, palms, tokens));
    gLegal.append(g);
  }
  return root;
}

// ---- panels ----

function dot(colour, square = false, attrs = {}) {
  return el("span", {
    class: `ttd-dot${square ? " ttd-sq" : ""}`, style: { background: FILL[colour], color: INK[colour] }, ...attrs,
  }, LETTER[colour]);
}

function ownPrompt(v, choices, colours) {
  if (v.phase === "removal") return "Five players: choose the leader you set aside (in your hand below).";
  if (v.phase === "leaders") return "Place one of your leaders: tap a highlighted hex (next to no other leader, on no watering hole or oasis).";
  if (v.phase === "camels") {
    const k = v.camels_this_turn || 1;
    const which = k > 1 ? `camel ${Math.min((v.placed_this_turn || 0) + 1, k)} of ${k}` : "your camel";
    const kinds = new Set(choices.of("camel").map((c) => colours[c.colour]));
    return `Place ${which} next to your caravan of its colour: tap a highlighted hex (${[...kinds].join(", ")}).`;
  }
  return null;
}

function statusBar(msg, layout, ui, choices, legalColours, redrawAll) {
  const v = msg.view;
  const colours = layout.colours;
  const bar = el("div", { class: "ttd-status" });
  let phase;
  if (v.phase === "setup") phase = "Setup: palms and watering-hole tokens";
  else if (v.phase === "removal") phase = "Five players: each seat removes one leader";
  else if (v.phase === "leaders") phase = "Leader phase: one leader per turn";
  else if (v.phase === "camels") {
    const k = v.camels_this_turn || 1;
    phase = `Camel phase: ${k} camel${k > 1 ? "s" : ""} a turn`;
  } else phase = "Game over";
  bar.append(promptLine(msg, ui, ownPrompt(v, choices, colours)));
  const line = el("div", { class: "ttd-line" }, el("b", {}, phase));
  const zoom = el("button", { type: "button", class: "ttd-chip ttd-all ttd-zoom", "aria-pressed": String(zoomed) },
    zoomed ? "fit map" : "zoom map");
  zoom.addEventListener("click", () => { zoomed = !zoomed; redrawAll(); });
  line.append(zoom);
  if (v.ending && !msg.over) line.append(el("span", { class: "ttd-ending" }, "A colour has run out: the game ends after this turn"));
  if (legalColours.length > 1) {
    const box = el("span", { class: "ttd-focus" }, el("span", {}, "Only:"));
    const all = el("button", { type: "button", class: `ttd-chip ttd-all${focus ? "" : " ttd-on"}`, "aria-pressed": String(!focus) }, "any");
    all.addEventListener("click", () => { focus = null; redrawAll(); });
    box.append(all);
    for (const c of legalColours) {
      const chip = el("button", {
        type: "button", class: `ttd-chip ttd-pick${focus === c ? " ttd-on" : ""}`,
        "aria-label": `highlight only the hexes for ${c}`, "aria-pressed": String(focus === c),
      }, dot(c));
      chip.addEventListener("click", () => { focus = focus === c ? null : c; redrawAll(); });
      box.append(chip);
    }
    line.append(box);
  }
  bar.append(line);
  return bar;
}

function supplyPanel(v, colours) {
  const full = { 2: 22, 3: 26, 4: 30, 5: 30 }[v.players] || 30;
  const grid = el("div", { class: "ttd-supply" });
  for (const c of colours) {
    const left = (v.supply || {})[c] ?? 0;
    grid.append(inspect(el("div", { class: `ttd-sup${left === 0 ? " ttd-empty" : ""}` },
      dot(c), el("b", {}, left),
      el("div", { class: "ttd-bar" }, el("i", { style: { width: `${Math.round((100 * left) / full)}%` } }))),
    `${left} ${c} camel${left === 1 ? "" : "s"} left in the supply`, left === 0 ? "A colour run out ends the game after this turn" : null));
  }
  return el("div", { class: "ttd-panel ttd-supplybox" }, el("h4", {}, "Camels left in the supply"), grid);
}

function icon(kind, colour) {
  if (kind === "palm") return picture("-0.8 -0.8 1.6 1.6", 18, 18, palmGlyph());
  if (kind === "token") return picture("-0.8 -0.8 1.6 1.6", 18, 18, tokenGlyph(""));
  if (kind === "closed") {
    return picture("-1 -1 2 2", 18, 18, svg("polygon", { points: hexPoints(0, 0, 0.95), fill: `url(#ttd-hatch-${colour || "red"})`, stroke: "#111", "stroke-width": 0.12 }));
  }
  if (kind === "leader" || kind === "camel") {
    const c = colour || "white";
    return picture("-0.75 -0.75 1.5 1.5", 18, 18, kind === "leader"
      ? svg("rect", { x: -0.6, y: -0.6, width: 1.2, height: 1.2, rx: 0.2, fill: FILL[c], stroke: "#111", "stroke-width": 0.12 })
      : svg("circle", { r: 0.58, fill: FILL[c], stroke: "#111", "stroke-width": 0.12 }));
  }
  return picture("0 0 2 2", 18, 18, svg("path", {
    d: "M0.1,0.7 q0.45,-0.4 0.9,0 t0.9,0 M0.1,1.3 q0.45,-0.4 0.9,0 t0.9,0",
    fill: "none", stroke: "#1f78c1", "stroke-width": 0.22, "stroke-linecap": "round",
  }));
}

function playerPanel(msg, layout, info, ui, removals, leaders, showExtras) {
  const v = msg.view;
  const seat = info.seat;
  const acting = v.to_act === seat && !msg.over;
  const card = el("div", { class: `ttd-panel ttd-player${acting ? " ttd-acting" : ""}`, style: { "--seat": ui.seatColor(seat) } });
  const score = info.score || {};
  const hidden = !("water" in score);
  card.append(el("div", { class: "ttd-phead" },
    el("span", { class: "ttd-badge" }, ui.seatLetter(seat)),
    el("span", { class: "ttd-pname" }, seatName(msg, seat), msg.seat === seat ? " (you)" : ""),
    inspect(el("span", { class: "ttd-total" }, scoreWithChange(msg, `total:${seat}`, score.total ?? 0), hidden ? "+?" : ""),
      hidden ? "Points so far, without the face-down token values" : "Points so far")));

  // leaders still in hand (and, with 5 players, the one removed)
  const held = info.leaders_held || [];
  if (held.length || (info.removed_leader && v.phase !== "camels" && !msg.over)) {
    const row = el("div", { class: "ttd-row" }, el("span", { class: "ttd-label" }, "In hand"));
    for (const c of held) {
      const mine = msg.seat === seat ? removals.get(layout.colours.indexOf(c)) : undefined;
      if (mine) {
        const b = el("button", { type: "button", class: "ttd-dot ttd-sq ttd-act", style: { background: FILL[c], color: INK[c] } }, LETTER[c]);
        bind(b, mine, ui, `set the ${c} leader aside`);
        row.append(b);
      } else row.append(inspect(dot(c, true), `${c} leader in hand`));
    }
    if (!held.length) row.append(el("span", {}, "all placed"));
    if (info.removed_leader) {
      row.append(inspect(el("span", { class: "ttd-removed" }, dot(info.removed_leader, true)), `the ${info.removed_leader} leader was set aside`));
    }
    card.append(row);
  }

  // caravans on the board: camels placed (leaders not counted), palms and river scored
  const mine = (v.caravans || []).filter((k) => k.seat === seat);
  if (mine.length) {
    const cars = el("div", { class: "ttd-cars" });
    for (const c of layout.colours) {
      const car = mine.find((k) => k.colour === c);
      const camels = car ? car.camels : 0;
      const lead = leaders[c];
      const isLead = camels > 0 && lead.includes(seat);
      const mark = isLead ? (lead.length > 1 ? "☆" : "★") : "";
      const extra = el("span", { class: "ttd-extra" });
      if (car && car.palms.length) extra.append(icon("palm"), car.palms.length);
      if (car && car.river) extra.append(icon("river"));
      cars.append(inspect(el("div", { class: `ttd-car${car ? "" : " ttd-none"}` },
        dot(c), el("b", { class: isLead ? "ttd-lead" : "" }, camels, mark), showExtras ? extra : null),
      car
        ? [`${c} caravan: ${camels} camel${camels === 1 ? "" : "s"}` + (isLead ? (lead.length > 1 ? ", tied for largest" : ", largest") : ""),
          car.palms.length ? `oases reached: ${car.palms.join(" ")}` : null, car.river ? "crossed the river" : null]
        : info.removed_leader === c ? `${c} leader set aside` : `no ${c} caravan yet`));
    }
    card.append(cars);
  }

  // watering-hole tokens and the score parts the view gives
  const values = info.token_values;
  const parts = el("div", { class: "ttd-parts" });
  parts.append(inspect(el("span", {}, icon("token"), " ", el("b", {}, info.tokens),
    values ? (values.length ? ` (${values.join("+")})` : "") : " face down"),
  "Watering-hole tokens", values ? null : "their values stay hidden until the end"));
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
  const item = (node, text) => el("span", {}, node, text);
  return el("div", { class: "bd-legend" },
    item(icon("leader", "white"), "leader"),
    item(icon("camel", "white"), "camel (letter: colour, badge: owner)"),
    item(icon("token"), "watering hole"),
    item(icon("palm"), "oasis"),
    item(icon("closed", "red"), "closed area (badge: owner)"),
    v.board === "river" ? item(icon("river"), "river / crossed it") : null,
    el("span", {}, "★ largest caravan so far, ☆ tied"),
    el("span", {}, "dotted ring: changed since your last decision"));
}

// ---- entry point ----

export function draw(root, msg, layout, ui) {
  const oldBox = root.querySelector(".ttd-mapbox");
  const scroll = oldBox ? [oldBox.scrollLeft, oldBox.scrollTop] : [0, 0];
  redraw(root, msg, () => build(root, msg, layout || {}, ui));
  const box = root.querySelector(".ttd-mapbox");
  if (zoomed && box) [box.scrollLeft, box.scrollTop] = scroll;
}

function build(root, msg, layout, ui) {
  root.replaceChildren();
  const v = msg.view || {};
  const colours = layout.colours || ["blue", "green", "red", "yellow", "white"];
  const choices = new Choices(msg);
  const placements = choices.group((c) => c.hex, choices.of("camel", "leader"));
  const removals = choices.group((c) => c.colour, choices.of("remove-leader"));
  const legalColours = colours.filter((_, i) => choices.of("camel", "leader").some((c) => c.colour === i));
  // the colour filter lasts while this player keeps deciding; anyone else's turn clears it
  if (focus && !legalColours.includes(focus)) focus = null;
  const recent = new Set(recentParts(msg).filter((p) => p.kind === "camel" || p.kind === "leader").map((p) => p.hex));

  // who leads each colour (most camels placed, leaders not counted), from the view
  const leaders = {};
  for (const c of colours) {
    const cars = (v.caravans || []).filter((k) => k.colour === c && k.camels > 0);
    const most = Math.max(0, ...cars.map((k) => k.camels));
    leaders[c] = most > 0 ? cars.filter((k) => k.camels === most).map((k) => k.seat) : [];
  }
  const showExtras = (v.caravans || []).some((k) => k.palms.length || k.river);
  const redrawAll = () => draw(root, msg, layout, ui);

  const wrap = el("div", { class: `ttd${layout.full ? " ttd-wide" : ""}` });
  const main = el("div", { class: "ttd-main" });
  main.append(statusBar(msg, { ...layout, colours }, ui, choices, legalColours, redrawAll));
  const box = el("div", { class: `ttd-mapbox${zoomed ? " ttd-zoomed" : ""}` });
  box.append(drawMap(msg, { ...layout, colours }, ui, placements, recent));
  main.append(box, supplyPanel(v, colours), legend(v));
  const side = el("div", { class: "ttd-side" });
  const players = el("div", { class: "ttd-players" });
  for (const info of v.players_info || []) {
    players.append(playerPanel(msg, { ...layout, colours }, info, ui, removals, leaders, showExtras));
  }
  side.append(players);
  wrap.append(main, side);
  root.append(wrap);
}
