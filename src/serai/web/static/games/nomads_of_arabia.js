// Nomads of Arabia: the web board.
//
// draw(root, msg, layout, ui) fills root with an SVG of the five staggered strips (row 0
// next to the Pilgrim space at the top, row 4 at the bottom, the next to leave) and HTML
// panels: the decision at hand, the five land boxes, the four stock tracks, the handler
// pile and the disks, then one card per seat. It reads msg.view (the engine's view of this
// seat), msg.choices (the legal actions decoded: spaces by index, animals as counts, disks,
// lands and animals by index) and layout (NomadsOfArabia.layout()).
//
// Board spaces take moves, placements, Ride the Winds, `stay` (your own space) and
// `pilgrim` (the Pilgrim space); handler dice, sales and keeping are chips in the decision
// panel; pick, Expert Handler and choose-land are land-box cells; playing a held disk is a
// tap on the disk. capture, call, shift, end and pass are the page's buttons.
import {
  Choices, bind, el, inspect, markRecent, recentRing, piece, promptLine, recentParts, redraw,
  scoreWithChange, seatBadge, seatName, since, svg, useStyles,
} from "../board.js";

await useStyles("board.css", "games/nomads_of_arabia.css");

const LAND_FILL = { green: "#4f9a4a", red: "#c4452f", purple: "#8450a6", blue: "#2f73c0", grey: "#858585" };
const ANIMAL = {
  camel: { letter: "C", fill: "#d69a32", ink: "#2b1a00" },
  donkey: { letter: "D", fill: "#9097a3", ink: "#111" },
  goat: { letter: "G", fill: "#f4efe2", ink: "#222" },
  horse: { letter: "H", fill: "#7a4524", ink: "#fff" },
};
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

// ---------------------------------------------------------------------------------------
// small pieces

function animalToken(animal) {
  const a = ANIMAL[animal];
  return el("span", { class: "noa-tok", style: { background: a.fill, color: a.ink } }, a.letter);
}

function handlerDie(animal) {
  const a = ANIMAL[animal];
  return el("span", { class: "noa-die", style: { background: a.fill, color: a.ink } }, a.letter);
}

// Counts per animal (camel, donkey, goat, horse) as a list of names.
function animalNames(counts, animals) {
  return animals.flatMap((a, i) => Array(counts[i] || 0).fill(a));
}

function specialDisk(name, extraClass = "") {
  const [full, short, what] = SPECIAL[name] || [name, "?", ""];
  return inspect(el("span", { class: `noa-disk ${extraClass}`.trim() }, el("span", { class: "noa-dot" }, short), full), `${full}: ${what}`);
}

function finalDisk(name, extraClass = "") {
  const [full, short, what] = FINAL[name] || [name, "?", ""];
  return inspect(el("span", { class: `noa-disk noa-final ${extraClass}`.trim() }, el("span", { class: "noa-dot" }, short), full),
    `Final disk ${full}: ${what}`, extraClass.includes("noa-gone") ? "no longer on the board" : null);
}

function faceDownDisks(n, label, extraClass = "") {
  return Array.from({ length: n }, () => inspect(el("span", { class: `noa-disk noa-down ${extraClass}`.trim() }, el("span", { class: "noa-dot" }, "?")), label));
}

// The terrain of every space on the current board, keyed "r,x".
function boardSpaces(view, layout) {
  const out = new Map();
  view.rows.forEach((strip, row) => {
    for (const sp of layout.strips[strip] || []) out.set(`${row},${sp.x}`, { row, x: sp.x, terrain: sp.terrain, strip });
  });
  return out;
}

// A space's name from its index (row-major, `width` spaces a row, x from 1).
function spaceName(index, layout) {
  return `${Math.floor(index / layout.width)},${(index % layout.width) + 1}`;
}

// ---------------------------------------------------------------------------------------
// the board (SVG)

function spaceRect(row, x) {
  return { x: LM + (x - 1) * HW + 2, y: TOP + row * RH + 2, w: 2 * HW - 4, h: RH - 4 };
}

function nomadToken(seat, ui, mine, r = 13) {
  return svg("g", { class: "noa-nomad" },
    mine ? svg("circle", { r: r + 4, class: "noa-mine" }) : null,
    svg("circle", { r, style: `fill: ${ui.seatColor(seat)}`, class: "noa-nomadbody" }),
    svg("circle", { r: r - 2.5, class: "noa-nomadrim" }),
    svg("text", { y: 4.8, class: "noa-nomadletter" }, ui.seatLetter(seat)));
}

function nomadSlots(n, cx, top, height) {
  const out = [];
  const per = n <= 3 ? n : Math.ceil(n / 2);
  const rows = n <= 3 ? 1 : 2;
  for (let i = 0; i < n; i += 1) {
    const r = Math.floor(i / per);
    const inRow = r === rows - 1 ? n - per * (rows - 1) : per;
    const c = i - r * per;
    const y = rows === 1 ? top + height * 0.64 : top + height * (0.47 + 0.33 * r);
    out.push([cx + (c - (inRow - 1) / 2) * 28, y]);
  }
  return out;
}

function mountainPeaks(x, y, w, ht) {
  const base = y + ht - 6;
  return svg("g", {}, ...[[x + w * 0.33, y + ht * 0.22, w * 0.3], [x + w * 0.66, y + ht * 0.34, w * 0.26]].map(([px, py, half]) => [
    svg("polygon", { points: `${px - half},${base} ${px},${py} ${px + half},${base}`, class: "noa-peak" }),
    svg("polygon", { points: `${px - half * 0.3},${py + (base - py) * 0.3} ${px},${py} ${px + half * 0.3},${py + (base - py) * 0.3}`, class: "noa-snow" }),
  ]));
}

function terrain(sp, rect, layout) {
  const { x, y, w, h } = rect;
  const t = sp.terrain;
  const land = layout.lands.find((l) => l.name === t);
  if (land) {
    // a faint diagonal hatch and the land's letter, so land reads as land without colour
    return svg("g", {}, svg("rect", { x, y, width: w, height: h, rx: 6, fill: LAND_FILL[t] }),
      svg("rect", { x, y, width: w, height: h, rx: 6, fill: "url(#noa-hatch)" }),
      svg("text", { x: x + 7, y: y + 22, class: "noa-landletter" }, land.letter));
  }
  if (t === "sand") {
    return svg("g", {}, svg("rect", { x, y, width: w, height: h, rx: 6, class: "noa-sand" }),
      svg("path", { d: `M${x + 10} ${y + h - 16} q12 -9 24 0 t24 0 t24 0 M${x + 22} ${y + h - 34} q10 -7 20 0 t20 0`, class: "noa-dune" }));
  }
  if (t === "city") {
    // walls, a dome and a minaret
    const bx = x + w / 2;
    const by = y + h - 6;
    return svg("g", {}, svg("rect", { x, y, width: w, height: h, rx: 6, class: "noa-city" }),
      svg("path", {
        d: `M${bx - 36} ${by} v-22 h10 v-6 h6 v6 h8 v-8 a12 12 0 0 1 24 0 v8 h8 v-6 h6 v6 h10 v22 z ` +
          `M${bx + 30} ${by - 22} v-22 l3 -6 l3 6 v22 z`,
        class: "noa-walls",
      }));
  }
  return svg("g", {}, svg("rect", { x, y, width: w, height: h, rx: 6, class: "noa-mountain" }), mountainPeaks(x, y, w, h));
}

function spaceWords(sp, coord, here, msg, ui, layout) {
  const land = layout.lands.find((l) => l.name === sp.terrain);
  const what = land ? `${land.title} (${land.name} land, ${land.letter})` : { sand: "Sand", city: "City: sell animals here", mountain: "Mountain: impassable" }[sp.terrain];
  return [`${what}`, `space ${coord}`, here.length ? `nomads: ${here.map((s) => `${seatName(msg, s)} (${ui.seatLetter(s)})`).join(", ")}` : null];
}

function cityDisk(d, rect) {
  const cx = rect.x + rect.w - 16;
  const cy = rect.y + 17;
  if (d === "face-down") {
    return inspect(svg("g", { class: "noa-citydisk" }, svg("circle", { cx, cy, r: 13, class: "noa-special" }), svg("text", { x: cx, y: cy + 5, class: "noa-specialtext" }, "?")),
      "Face-down special disk", "the first nomad to enter this city claims it");
  }
  const [full, short, what] = FINAL[d] || [d, "?", ""];
  return inspect(svg("g", { class: "noa-citydisk" },
    svg("circle", { cx, cy, r: 14, class: d === "mecca" ? "noa-mecca" : "noa-bonus" }),
    svg("circle", { cx, cy, r: 16, class: "noa-bonusrim" }),
    svg("text", { x: cx, y: cy + 4.5, class: "noa-bonustext" }, short)), `Final disk ${full}`, what);
}

function drawBoard(msg, layout, ui, targets, recent) {
  const view = msg.view;
  const height = TOP + 5 * RH + 44;
  const board = svg("svg", { viewBox: `0 0 ${BOARD_W} ${height}`, role: "group", "aria-label": "The desert: five strips, row 0 next to the Pilgrim space", class: "noa-svg" },
    svg("defs", {}, svg("pattern", { id: "noa-hatch", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("line", { x1: 0, y1: 0, x2: 0, y2: 10, stroke: "rgba(255,255,255,.16)", "stroke-width": 4 }))),
    svg("rect", { x: 0, y: 0, width: BOARD_W, height, rx: 10, class: "noa-bg" }));
  const nomads = svg("g", { class: "noa-nomads" });
  const players = view.players || [];
  const mine = msg.seat;
  const anyTargets = targets.size > 0;

  // The Pilgrim space (row 0 is next to it).
  const pilgrims = players.filter((p) => p.status === "pilgrim").map((p) => p.seat);
  const px = LM + 2;
  const pw = 12 * HW - 4;
  const pg = svg("g", { class: "noa-sp noa-pilgrim" },
    svg("rect", { x: px, y: 8, width: pw, height: TOP - 16, rx: 10, class: "noa-pilgrimbg" }),
    svg("rect", { class: "noa-ring", x: px, y: 8, width: pw, height: TOP - 16, rx: 10 }),
    svg("text", { x: px + 14, y: 36, class: "noa-pilgrimtitle" }, "☾ Pilgrim space"),
    svg("text", { x: px + 14, y: 55, class: "noa-pilgrimnote" }, pilgrims.length ? "placed anywhere on their next turn" : "travel here instead of a turn (keep 2 animals)"));
  inspect(pg, "The Pilgrim space", "nomads here are placed on any passable space on their next turn");
  pilgrims.forEach((seat, i) => nomads.append(piece(`nomad:${seat}`, px + pw - 22 - i * 30, TOP / 2, nomadToken(seat, ui, seat === mine))));
  if (targets.has("pilgrim")) bind(pg, targets.get("pilgrim"), ui, "travel to the Pilgrim space");
  if (recent.has("pilgrim")) markRecent(pg);
  board.append(pg);

  // Rows, from row 0 (top) to row 4 (bottom).
  view.rows.forEach((strip, row) => {
    const y = TOP + row * RH;
    board.append(svg("text", { x: LM / 2, y: y + RH / 2 - 2, class: "noa-rowno" }, String(row)),
      svg("text", { x: LM / 2, y: y + RH / 2 + 15, class: "noa-stripname" }, strip));
    if (layout.strip_kind[strip] === "desert") {
      // half-mountains at both ends (not spaces)
      for (const hx of [LM + 2, LM + 11 * HW + 2]) {
        const base = y + RH - 8;
        const cx = hx + (HW - 4) / 2;
        board.append(inspect(svg("g", { class: "noa-half" },
          svg("rect", { x: hx, y: y + 2, width: HW - 4, height: RH - 4, rx: 5, class: "noa-mountain" }),
          svg("polygon", { points: `${cx - 16},${base} ${cx},${y + 20} ${cx + 16},${base}`, class: "noa-peak" })), "Half-mountain: not a space"));
      }
    }
    for (const sp of layout.strips[strip] || []) {
      const coord = `${row},${sp.x}`;
      const rect = spaceRect(row, sp.x);
      const here = players.filter((p) => p.status === "board" && p.space === coord).map((p) => p.seat);
      const g = svg("g", { class: "noa-sp", "data-space": coord });
      const ground = terrain(sp, rect, layout);
      if (anyTargets && !targets.has(coord)) ground.classList.add("noa-dim");
      g.append(ground,
        svg("rect", { class: "noa-ring", x: rect.x + 1.5, y: rect.y + 1.5, width: rect.w - 3, height: rect.h - 3, rx: 5 }),
        sp.terrain === "mountain" ? null : svg("text", { x: rect.x + rect.w / 2, y: rect.y + 14, class: sp.terrain in LAND_FILL ? "noa-coord noa-light" : "noa-coord" }, coord));
      if (sp.terrain === "city" && view.city_disks?.[coord]) g.append(cityDisk(view.city_disks[coord], rect));
      inspect(g, spaceWords(sp, coord, here, msg, ui, layout));
      const slots = nomadSlots(here.length, rect.x + rect.w / 2, rect.y, rect.h);
      here.forEach((seat, i) => nomads.append(piece(`nomad:${seat}`, slots[i][0], slots[i][1], nomadToken(seat, ui, seat === mine, here.length > 3 ? 11.5 : 13))));
      if (recent.has(coord)) {
        markRecent(g);
        g.append(recentRing("rect", { x: rect.x + 4, y: rect.y + 4, width: rect.w - 8, height: rect.h - 8, rx: 4 }, 4));
      }
      if (targets.has(coord)) bind(g, targets.get(coord), ui, `space ${coord}`);
      board.append(g);
    }
  });

  // Below row 4: where a shift drops the strip, and the Lost nomads.
  const by = TOP + 5 * RH + 6;
  const lost = players.filter((p) => p.status === "lost").map((p) => p.seat);
  board.append(svg("text", { x: LM + 4, y: by + 20, class: "noa-note" }, "▼ row 4 leaves the board at the next shift; nomads on it are Lost"));
  if (lost.length) {
    board.append(svg("text", { x: BOARD_W - 24 - lost.length * 30, y: by + 20, class: "noa-lost" }, "Lost:"));
    lost.forEach((seat, i) => nomads.append(piece(`nomad:${seat}`, BOARD_W - 28 - i * 30, by + 16, nomadToken(seat, ui, seat === mine, 12))));
  }
  board.append(nomads);
  return board;
}

// ---------------------------------------------------------------------------------------
// panels

function decisionPanel(msg, layout, ui, groups) {
  const view = msg.view;
  const animals = layout.animals;
  const panels = [];
  const chip = (choice, body, extra = null) => {
    const node = el("button", { class: "noa-chip", type: "button" }, body, extra);
    bind(node, [choice], ui, choice.text);
    return node;
  };
  const chips = (list, body) => el("div", { class: "noa-chips" }, list.map((c) => chip(c, body(c))));
  const decide = (title, hint, ...rest) => el("div", { class: "noa-panel noa-decide" }, el("h4", {}, title), hint ? el("div", { class: "noa-hint" }, hint) : null, ...rest);

  if (groups.take.length) {
    const count = (c) => c.animals.reduce((a, b) => a + b, 0);
    const pairs = groups.take.filter((c) => count(c) < 3);
    const triples = groups.take.filter((c) => count(c) >= 3);
    const dice = (c) => animalNames(c.animals, animals).map(handlerDie);
    const going = view.moving_to?.length ? ` (moving to ${view.moving_to.join(" then ")})` : "";
    panels.push(decide("Take handler dice", `Leaving the city${going}: two dice free, or three for 3 Dinars.`,
      pairs.length ? chips(pairs, dice) : null,
      triples.length ? el("div", { class: "noa-hint" }, "Three dice (3 Dinars):") : null,
      triples.length ? chips(triples, dice) : null));
  }

  // what a sale pays: the track prices, this city's bonus disk, Silver Tongue (R31)
  const saleChips = (list, inCity) => {
    const me = view.players[msg.seat];
    const bonusDisk = inCity && me?.space ? view.city_disks?.[me.space] : null;
    const silver = view.silver_tongue ? 1 : 0;
    const sorted = [...list].sort((a, b) => b.animals.reduce((x, y) => x + y, 0) - a.animals.reduce((x, y) => x + y, 0));
    return el("div", { class: "noa-chips" }, sorted.map((c) => {
      const names = animalNames(c.animals, animals);
      const value = names.reduce((sum, a) => sum + view.stock[a].price + (bonusDisk === `bonus-${a}` ? 1 : 0) + silver, 0);
      return chip(c, names.map(animalToken), el("span", { class: "noa-val" }, `+${value}`));
    }));
  };
  const extras = (inCity) => {
    const me = view.players[msg.seat];
    const disk = inCity && me?.space ? view.city_disks?.[me.space] : null;
    const out = [];
    if (disk && disk.startsWith("bonus-")) out.push(`+1 per ${disk.slice(6)} (this city's disk)`);
    if (view.silver_tongue) out.push("+1 per animal (Silver Tongue)");
    return out.length ? `, ${out.join(", ")}` : "";
  };
  if (groups.sell.length) panels.push(decide("Sell in this city", `One sale a turn, at the track prices${extras(true)}; each chip shows what it pays.`, saleChips(groups.sell, true)));
  if (groups.abdul.length) panels.push(decide("Abdul the Trader: sell here", `At the track prices${extras(false)}, no city bonus.`, saleChips(groups.abdul, false)));
  if (groups.keep.length) panels.push(decide("Keep two animals", "The rest go back to stock.", chips(groups.keep, (c) => c.pair.map((a) => animalToken(animals[a])))));
  return panels;
}

function ownPrompt(view, groups) {
  if (groups.take.length) return "Leaving a city: choose the handler dice you take.";
  if (groups.keep.length) return "Going on pilgrimage: choose the two animals you keep.";
  if (groups.pick.length) return "All dice blank: tap the animal you take from the box of your land.";
  if (groups.choose.length) return "Yellow dot: tap the land box (tied for fewest animals) to restock.";
  if (groups.sands.length) return "Sands of Time: tap the disk for an extra turn now, or pass.";
  if (groups.moves) return "Move: tap a highlighted space, your own space to stay, or the Pilgrim space to travel.";
  if (groups.places) return "Place your nomad: tap any highlighted space.";
  if (groups.sell.length || groups.abdul.length) return "Sell animals (the chips show what each sale pays), or choose another action.";
  if (view.node === "action") return "Choose your action: capture, call, shift, or end your turn.";
  return null;
}

function boxesPanel(msg, layout, ui, groups, myLand, changed) {
  const view = msg.view;
  const wrap = el("div", { class: "noa-boxes" });
  layout.lands.forEach((land, l) => {
    const counts = view.boxes[land.name];
    const total = layout.animals.reduce((n, a) => n + counts[a], 0);
    const body = el("div", { class: "noa-boxbody" });
    layout.animals.forEach((a, i) => {
      const n = counts[a];
      const cell = inspect(el("div", { class: `noa-cell${n ? "" : " noa-zero"}` }, animalToken(a), String(n)),
        `${n} ${a}${n === 1 ? "" : "s"} in the ${land.title} box`);
      const options = [...groups.expert.filter((c) => c.land === l && c.animal === i), ...(myLand === land.name ? groups.pick.filter((c) => c.animal === i) : [])];
      bind(cell, options, ui, `take a ${a} from the ${land.title} box`);
      if (changed.has(`${land.name}:${a}`)) markRecent(cell);
      body.append(cell);
    });
    const box = inspect(el("div", { class: "noa-box" },
      el("div", { class: "noa-boxhead", style: { background: LAND_FILL[land.name] } }, el("span", {}, land.letter),
        myLand === land.name ? seatBadge(msg.seat, ui, { class: "bd-seat noa-here" }) : null, el("span", {}, String(total))),
      body), `${land.title} (${land.name} land, ${land.letter}) box: ${total} animals`, myLand === land.name ? "your nomad stands on this land" : null);
    bind(box, groups.choose.filter((c) => c.land === l), ui, `restock the ${land.title} box`);
    wrap.append(box);
  });
  return el("div", { class: "noa-panel" }, el("h4", {}, "Land boxes"), wrap);
}

function tracksPanel(msg, layout, changed) {
  const view = msg.view;
  const c = layout.columns;
  const cols = layout.animals.map((a) => {
    const n = view.stock[a].count;
    const now = Math.min(Math.floor(n / c), 3);
    const steps = layout.tracks[a].map((p, k) => {
      const filled = Math.max(0, Math.min(c, n - k * c));
      const slots = Array.from({ length: c }, (_, i) => el("span", { class: `noa-slot${i < filled ? " noa-full" : ""}`, style: i < filled ? { background: ANIMAL[a].fill } : {} }));
      return inspect(el("div", { class: `noa-step${k === now ? " noa-now" : ""}` }, el("b", {}, String(p)), el("span", { class: "noa-slots" }, slots)),
        `Price row ${k + 1}: ${p} Dinars`, k === now ? "the current price" : null);
    });
    const extra = n > 4 * c ? ` (${n - 4 * c} beside the track)` : "";
    const head = el("div", { class: "noa-trackhead" }, animalToken(a), el("span", { class: "noa-trackinfo" }, `${n} in stock`));
    if (changed.has(`stock:${a}`)) markRecent(head);
    // the highest price on top, as on the board: animals fill it from the bottom
    return inspect(el("div", { class: "noa-track" }, head, steps.reverse()), `${a}: ${n} in stock${extra}, price ${view.stock[a].price}`);
  });
  return el("div", { class: "noa-panel" },
    inspect(el("h4", {}, "Stock and prices"), "Animals fill each track from the lowest price up; the framed number is the current price"),
    el("div", { class: "noa-tracks" }, cols));
}

function suppliesPanel(msg, layout, changed) {
  const view = msg.view;
  const row = (label, ...items) => el("div", { class: "noa-row" }, el("span", { class: "noa-lbl" }, label), ...items);
  const pile = row("Handlers", layout.animals.map((a) => {
    const node = el("span", { class: `noa-row noa-count${view.pile[a] ? "" : " noa-out"}` }, handlerDie(a), el("span", { class: "noa-n" }, `×${view.pile[a]}`));
    if (changed.has(`pile:${a}`)) markRecent(node);
    return inspect(node, `${view.pile[a]} ${a} handler dice in the pile`);
  }));
  const played = view.special_disks_played || [];
  const special = row("Special", view.special_supply ? faceDownDisks(view.special_supply, "Face-down special disk in the supply") : el("span", { class: "noa-none" }, "supply empty"));
  const playedRow = played.length ? row("Played", played.map((d) => {
    const [full, short, what] = SPECIAL[d] || [d, "?", ""];
    return inspect(el("span", { class: "noa-disk noa-down noa-gone" }, el("span", { class: "noa-dot" }, short)), `Played: ${full}`, what);
  })) : null;
  const drawn = view.final_disks_drawn || [];
  const onBoard = new Set(Object.values(view.city_disks || {}));
  const waiting = Math.max(0, (layout.final_disks_in_play || 0) - drawn.length);
  const finals = row("Final", drawn.map((d) => finalDisk(d, onBoard.has(d) ? "" : "noa-gone")),
    waiting ? faceDownDisks(waiting, "Face-down final disk: one of them is Mecca", "noa-final") : null);
  // Strip piles: never-drawn count and the discards in the order they come back.
  const per = layout.strips_per_kind || 8;
  const queues = view.strip_queues || [[], []];
  const pileText = ["city", "desert"].map((kind, i) => {
    const onB = view.rows.filter((st) => layout.strip_kind[st] === kind).length;
    const q = queues[i] || [];
    return `${kind}: ${Math.max(0, per - onB - q.length)} unseen${q.length ? `, then ${q.join(" ")}` : ""}`;
  });
  const nextKind = layout.strip_kind[view.rows[0]] === "city" ? "desert" : "city";
  const strips = inspect(row("Strips", el("span", { class: "noa-where noa-grow" }, `next: ${nextKind} · ${pileText.join(" · ")}`)),
    "Strip piles: strips never drawn come first, then discarded strips, oldest first");
  return el("div", { class: "noa-panel" }, el("h4", {}, `Supplies · turn ${view.turn + 1}`), pile, special, playedRow, finals, strips);
}

function seatCards(msg, layout, ui, groups) {
  const view = msg.view;
  const wrap = el("div", { class: "noa-seats" });
  for (const p of view.players) {
    const mine = p.seat === msg.seat;
    const where = p.status === "board" ? `at ${p.space}` : p.status === "pilgrim" ? "on the Pilgrim space" : "Lost in the desert";
    const money = view.over ? p.score : p.money;
    const card = el("div", { class: `noa-seat${p.seat === view.active && !view.over ? " noa-active" : ""}` },
      el("div", { class: "noa-seathead" }, seatBadge(p.seat, ui, { class: "bd-seat noa-badge" }), el("span", {}, seatName(msg, p.seat)),
        mine ? el("span", { class: "noa-you" }, "you") : null,
        inspect(el("span", { class: "noa-money" }, scoreWithChange(msg, `dinars:${p.seat}`, money), el("small", {}, " Dinars")),
          view.over ? "Final Dinars (money disks added)" : "Dinars")),
      el("div", { class: "noa-where" }, where, view.over && p.score !== p.money ? ` · ${p.money} + disks` : ""));
    const animals = layout.animals.filter((a) => p.animals[a] > 0);
    card.append(el("div", { class: "noa-row" }, el("span", { class: "noa-lbl" }, "Animals"),
      animals.length ? animals.map((a) => inspect(el("span", { class: "noa-row noa-count" }, animalToken(a), el("span", { class: "noa-n" }, `×${p.animals[a]}`)), `${p.animals[a]} ${a}`))
        : el("span", { class: "noa-none" }, "none")));
    const dice = layout.animals.flatMap((a) => Array.from({ length: p.handlers[a] }, () => inspect(handlerDie(a), `${a} handler die`)));
    card.append(el("div", { class: "noa-row" }, el("span", { class: "noa-lbl" }, "Handlers"), dice.length ? dice : el("span", { class: "noa-none" }, "none")));
    const disks = el("div", { class: "noa-row" }, el("span", { class: "noa-lbl" }, "Disks"));
    // the disks this reader may see (their own; the money disks once the game is over), the rest face down
    const shown = p.disks ?? [];
    const hidden = p.disk_count - shown.length;
    for (const d of shown) {
      const node = specialDisk(d);
      if (mine) bind(node, groups.play.get(layout.special_disks.indexOf(d)), ui, `play ${SPECIAL[d]?.[0] ?? d}`);
      disks.append(node);
    }
    if (hidden > 0) disks.append(...faceDownDisks(hidden, "Special disk held face down"), el("span", { class: "noa-n" }, `${hidden} held`));
    if (!p.disk_count) disks.append(el("span", { class: "noa-none" }, "none"));
    card.append(disks);
    wrap.append(card);
  }
  return wrap;
}

// ---------------------------------------------------------------------------------------

export function draw(root, msg, layout, ui) {
  redraw(root, msg, () => build(root, msg, layout, ui));
}

function build(root, msg, layout, ui) {
  root.replaceChildren();
  const view = msg.view;
  if (!view || !view.rows || !layout || !layout.strips) return;
  const spaces = boardSpaces(view, layout);
  const me = msg.seat !== null && msg.seat !== undefined ? view.players[msg.seat] : null;
  const myLand = me && me.space && spaces.has(me.space) ? spaces.get(me.space).terrain : null;
  const disk = (name) => layout.special_disks.indexOf(name);
  const choices = new Choices(msg);

  // The legal actions onto elements: board spaces by name, the rest by kind.
  const targets = new Map();
  const onSpace = (key, choice) => {
    if (!targets.has(key)) targets.set(key, []);
    targets.get(key).push(choice);
  };
  for (const c of choices.of("move")) onSpace(spaceName(c.to >= 0 ? c.to : c.space, layout), c);
  for (const c of choices.of("place")) onSpace(spaceName(c.space, layout), c);
  for (const c of choices.where({ kind: "play", disk: disk("ride-the-winds") })) onSpace(spaceName(c.space, layout), c);
  if (me?.space) for (const c of choices.of("stay")) onSpace(me.space, c);
  for (const c of choices.of("pilgrim")) onSpace("pilgrim", c);
  // one-step moves first, then two-step paths, then Ride the Winds, in a shared offer
  const order = (c) => (c.kind === "play" ? 3 : c.to >= 0 ? 2 : 1);
  for (const list of targets.values()) list.sort((a, b) => order(a) - order(b));
  const groups = {
    take: choices.of("take-handlers"),
    sell: choices.of("sell"),
    abdul: choices.where({ kind: "play", disk: disk("abdul") }),
    keep: choices.of("keep"),
    pick: choices.of("pick"),
    expert: choices.where({ kind: "play", disk: disk("expert-handler") }),
    choose: choices.of("choose-land"),
    sands: choices.where({ kind: "play", disk: disk("sands-of-time") }),
    play: choices.group((c) => c.disk, choices.of("play")),
    moves: choices.has("move"),
    places: choices.has("place"),
  };

  // what changed since the viewer's last decision: where nomads went, boxes and stock
  const recent = new Set();
  for (const p of recentParts(msg)) {
    if (p.kind === "stay" && view.players[p.by]?.space) recent.add(view.players[p.by].space);
    if (p.kind === "move") recent.add(spaceName(p.to >= 0 ? p.to : p.space, layout));
    if (p.kind === "place" || (p.kind === "play" && p.space >= 0)) recent.add(spaceName(p.space, layout));
    if (p.kind === "pilgrim") recent.add("pilgrim");
  }
  const counts = {};
  for (const land of layout.lands) for (const a of layout.animals) counts[`${land.name}:${a}`] = view.boxes[land.name][a];
  for (const a of layout.animals) {
    counts[`stock:${a}`] = view.stock[a].count;
    counts[`pile:${a}`] = view.pile[a];
  }
  const before = since(msg, "counts", counts);
  const changed = new Set(before ? Object.keys(counts).filter((k) => before[k] !== counts[k]) : []);

  const top = el("div", { class: "noa-top" });
  const boardWrap = el("div", { class: "noa-boardwrap" }, promptLine(msg, ui, ownPrompt(view, groups)), drawBoard(msg, layout, ui, targets, recent));
  const side = el("div", { class: "noa-side" }, ...decisionPanel(msg, layout, ui, groups),
    boxesPanel(msg, layout, ui, groups, myLand, changed), tracksPanel(msg, layout, changed), suppliesPanel(msg, layout, changed));
  top.append(boardWrap, side);
  root.append(el("div", { class: "noa" }, top, seatCards(msg, layout, ui, groups),
    el("div", { class: "bd-legend" }, el("span", {}, "Letters: lands G R P B S, animals C D G H; a dotted ring marks what changed since your last decision"))));
}
