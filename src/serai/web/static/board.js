// What every board module shares: building HTML and SVG, binding board elements to legal
// actions by their decoded parts, keyboard access to every target, tap-to-inspect, the
// prompt line, and feedback on what changed since the viewer's last decision (highlights,
// score changes, pieces gliding to where they went).
//
// A board module is `draw(root, msg, layout, ui)`. The page's `ui` gives `choose(text)`,
// `offer(texts, near)` (several actions on one element: the page lists them, near the
// element `near` where it can), `seatColor(seat)` and `seatLetter(seat)`.

const SVGNS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) if (v !== null && v !== undefined) node.style.setProperty(prop, v);
    } else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: `el("div", {class: "x", style: {"--seat": c}}, child, "text")`. */
export function el(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, with attributes and children as for `el`. */
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVGNS, tag), attrs, children);
}

/** A small inline SVG picture of a fixed size in CSS pixels (icons beside text). */
export function picture(viewBox, width, height, ...children) {
  // sized inline: the page makes a board's SVG as wide as the board
  return svg("svg", { viewBox, width, height, class: "bd-pic", "aria-hidden": "true", style: { width: `${width}px`, height: `${height}px` } }, ...children);
}

/** Load the style sheets under /static/ (once each); resolves when they apply, so a
 * module that awaits it at its top level is drawn styled from the first frame. */
export function useStyles(...names) {
  return Promise.all(
    names.map((name) => {
      const href = `/static/${name}`;
      const known = document.querySelector(`link[data-board-style="${name}"]`);
      if (known) return known.loaded;
      const link = el("link", { rel: "stylesheet", href, "data-board-style": name });
      link.loaded = new Promise((resolve) => {
        link.addEventListener("load", resolve);
        link.addEventListener("error", resolve); // a missing sheet must not stop the board
      });
      document.head.append(link);
      return link.loaded;
    }),
  );
}

// ---------------------------------------------------------------------------------------
// legal actions, decoded

/** The seat's legal actions as the server decoded them: `{text, kind, ...parts}`. */
export class Choices {
  constructor(msg) {
    this.list = Array.isArray(msg.choices) ? msg.choices : [];
  }

  get size() {
    return this.list.length;
  }

  /** Those whose parts match every field of `pattern`, or for which `pattern(choice)`. */
  where(pattern) {
    if (typeof pattern === "function") return this.list.filter(pattern);
    return this.list.filter((c) => Object.entries(pattern).every(([k, v]) => c[k] === v));
  }

  /** Those of one kind (or of any of several kinds). */
  of(...kinds) {
    return this.list.filter((c) => kinds.includes(c.kind));
  }

  has(...kinds) {
    return this.list.some((c) => kinds.includes(c.kind));
  }

  /** The choices grouped by `key(choice)` (a choice with key null or undefined is left out). */
  group(key, list = this.list) {
    const out = new Map();
    for (const choice of list) {
      const k = key(choice);
      if (k === null || k === undefined) continue;
      if (!out.has(k)) out.set(k, []);
      out.get(k).push(choice);
    }
    return out;
  }
}

/** Make `node` play `choices`: one is chosen at once, several are offered near the node.
 * The node becomes a keyboard target (Tab reaches it, Enter or Space plays it); `label`
 * names it for screen readers. Returns whether anything was bound. */
export function bind(node, choices, ui, label = null) {
  if (!choices || choices.length === 0) return false;
  const texts = [...new Set(choices.map((c) => c.text))];
  node.classList.add("legal");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  // a spoken name holds the words the target shows (what a voice user would say to it)
  const shown = visibleWords(node);
  const name = label ?? texts.join(" or ");
  node.setAttribute("aria-label", shown && !name.includes(shown) ? `${name}; shows ${shown}` : name);
  if (texts.length === 1) node.setAttribute("data-action", texts[0]);
  else node.setAttribute("data-actions", texts.join("|"));
  const act = (event) => {
    event.preventDefault();
    event.stopPropagation();
    hidePopover();
    if (texts.length === 1) ui.choose(texts[0]);
    else ui.offer(texts, node);
  };
  node.addEventListener("click", act);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") act(event);
    else if (event.key === "i" && node.dataset.inspect) {
      event.preventDefault();
      showPopover(node);
    }
  });
  return true;
}

// The text a node shows, as a screen reader reads it from the node's content.
function visibleWords(node) {
  return node.textContent.replace(/\s+/g, " ").trim();
}

// ---------------------------------------------------------------------------------------
// tap-to-inspect

let popover = null;
let popoverFor = null;

/** What `node` is, shown in a small popover when it is tapped (phones have no hover).
 * A legal target acts when tapped: its description shows on a long press or the "i" key. */
export function inspect(node, ...lines) {
  const text = lines.flat().filter((line) => line !== null && line !== undefined && line !== "").join("\n");
  if (!text) return node;
  node.dataset.inspect = text;
  return node;
}

function hidePopover() {
  if (popover) popover.remove();
  popover = null;
  popoverFor = null;
}

function showPopover(node) {
  hidePopover();
  popoverFor = node;
  popover = el("div", { class: "bd-popover", role: "tooltip", id: "bd-popover" },
    ...node.dataset.inspect.split("\n").map((line, i) => el(i ? "div" : "strong", {}, line)));
  document.body.append(popover);
  const rect = node.getBoundingClientRect();
  const width = popover.offsetWidth;
  const left = Math.max(4, Math.min(rect.left + rect.width / 2 - width / 2, document.documentElement.clientWidth - width - 4));
  const below = rect.bottom + 8;
  const top = below + popover.offsetHeight > window.innerHeight && rect.top > popover.offsetHeight + 8
    ? rect.top - popover.offsetHeight - 8 : below;
  popover.style.left = `${left + window.scrollX}px`;
  popover.style.top = `${top + window.scrollY}px`;
}

function onTap(event) {
  const root = event.currentTarget;
  const node = event.target.closest("[data-inspect]");
  if (!node || !root.contains(node)) {
    hidePopover();
    return;
  }
  // a tap on a legal target (or on anything inside one) plays it instead
  const legal = event.target.closest(".legal");
  if (legal && root.contains(legal)) return;
  event.stopPropagation();
  if (popoverFor === node) hidePopover();
  else showPopover(node);
}

function onLongPress(event) {
  const node = event.target.closest("[data-inspect]");
  if (!node || !event.currentTarget.contains(node)) return;
  event.preventDefault();
  showPopover(node);
}

function install(root) {
  if (root.dataset.boardReady) return;
  root.dataset.boardReady = "true";
  root.addEventListener("click", onTap);
  root.addEventListener("contextmenu", onLongPress);
  document.addEventListener("click", (event) => {
    if (popover && !root.contains(event.target)) hidePopover();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hidePopover();
  });
}

// ---------------------------------------------------------------------------------------
// what changed since the viewer's last decision

/** The log lines since the viewer's last decision (with their decoded `parts` when the
 * viewer may see them whole); letting a window pass (a line marked `window`, often played
 * at once for the seat) is no decision here, so what the others did before it stays
 * marked. A replay step shows its own action; a spectator, or a seat that has not decided
 * yet, sees the last player's run of decisions. */
function recentLines(msg) {
  const log = Array.isArray(msg.log) ? msg.log : [];
  if ("step" in msg) return log.slice(-1);
  const me = msg.seat;
  if (me !== null && me !== undefined) {
    for (let i = log.length - 1; i >= 0; i -= 1) {
      if (log[i].seat === me && !log[i].window) return log.slice(i + 1);
    }
  }
  let end = log.length - 1;
  while (end >= 0 && (log[end].seat === null || (log[end].window && log[end].seat === me))) end -= 1;
  if (end < 0) return [];
  const seat = log[end].seat;
  let start = end;
  while (start > 0 && (log[start - 1].seat === seat || log[start - 1].seat === null)) start -= 1;
  while (start < end && log[start].seat === null) start += 1; // not the draws before it
  return log.slice(start);
}

/** The decoded actions of `recentLines(msg)`, each with `by`: the seat that made it. */
export function recentParts(msg) {
  return recentLines(msg).filter((line) => line.parts).map((line) => ({ ...line.parts, by: line.seat }));
}

// Values remembered per table, viewer and key by the log length when they were drawn, so
// a board can tell what a value was when the recent lines began. Per viewer: on a hotseat
// device one seat's own score (with its hidden gold) is never compared with what the next
// seat sees of it, which would tell the next seat the hidden part.
const memory = new Map();

/** What `value` (a number, or anything JSON can write) was when the viewer last decided,
 * or undefined when this page did not see it then; `value` is remembered as of now. */
export function since(msg, key, value) {
  const table = msg.table?.id ?? "";
  const name = `${table}/${msg.seat ?? "spectator"}/${key}`;
  const at = Array.isArray(msg.log) ? msg.log.length : 0;
  const start = at - recentLines(msg).length;
  if (!memory.has(name)) memory.set(name, []);
  const seen = memory.get(name).filter(([length]) => length !== at);
  let before;
  for (const [length, old] of seen) if (length <= start) before = old;
  seen.push([at, JSON.parse(JSON.stringify(value))]);
  seen.sort((a, b) => a[0] - b[0]);
  memory.set(name, seen.slice(-64));
  return before;
}

/** A score with its change since the viewer's last decision: "23" and a "+5" badge. */
export function scoreWithChange(msg, key, value, attrs = {}) {
  const before = since(msg, key, value);
  const change = typeof before === "number" && typeof value === "number" ? value - before : 0;
  return el("span", { class: "bd-score", ...attrs }, String(value),
    change ? el("span", { class: `bd-change ${change > 0 ? "bd-up" : "bd-down"}`, "aria-label": `${change > 0 ? "up" : "down"} ${Math.abs(change)} since your last move` },
      change > 0 ? `+${change}` : `−${-change}`) : null);
}

/** A dotted ring (an SVG `tag`: circle, rect… with `attrs`) on a white band, `width`
 * units thick: drawn around what changed since the viewer's last decision. */
export function recentRing(tag, attrs, width) {
  return svg("g", { class: "bd-ring" },
    svg(tag, { ...attrs, class: "bd-ring-band", "stroke-width": width * 1.8 }),
    svg(tag, { ...attrs, class: "bd-ring-dots", "stroke-width": width, "stroke-dasharray": `0 ${2 * width}` }));
}

/** Mark `node` as changed since the viewer's last decision. */
export function markRecent(node) {
  node.classList.add("bd-recent");
  return node;
}

// Pieces with an identity (a nomad, a caravan) glide from where they stood before.
const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/** The id of the animation of a piece gliding to its new place. */
export const GLIDE = "glide";

/** An SVG piece at (x, y), known by `key` from one drawing to the next. */
export function piece(key, x, y, ...children) {
  return svg("g", { class: "bd-piece", "data-piece": key, "data-x": x, "data-y": y, transform: `translate(${x} ${y})` }, ...children);
}

/** Redraw `root` for `msg` with `build()`, then move every piece that changed place from
 * its old place to its new one (and let new pieces appear), unless motion is reduced.
 * `root.dataset.recent` counts the other seats' decisions since the viewer's last one. */
export function redraw(root, msg, build) {
  install(root);
  hidePopover();
  root.dataset.recent = String(recentLines(msg).filter((line) => line.seat !== null && line.seat !== msg.seat).length);
  const before = new Map();
  for (const node of root.querySelectorAll("[data-piece]")) {
    before.set(node.dataset.piece, [Number(node.dataset.x), Number(node.dataset.y)]);
  }
  const drawnBefore = root.childElementCount > 0;
  build();
  if (!drawnBefore || reduceMotion.matches) return;
  for (const node of root.querySelectorAll("[data-piece]")) {
    const old = before.get(node.dataset.piece);
    const x = Number(node.dataset.x);
    const y = Number(node.dataset.y);
    if (!old) {
      node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 350, easing: "ease-out" });
    } else if (old[0] !== x || old[1] !== y) {
      node.animate(
        [{ transform: `translate(${old[0]}px, ${old[1]}px)` }, { transform: `translate(${x}px, ${y}px)` }],
        { duration: 550, easing: "ease-in-out", id: GLIDE },
      );
    }
  }
}

// ---------------------------------------------------------------------------------------
// the prompt

/** The sentence telling the seat to act what to decide: the server's `prompt` when it
 * sends one, else the board's own. Spectators and waiting seats see whose turn it is. */
export function promptLine(msg, ui, own, extra = null) {
  const mine = Array.isArray(msg.choices) && msg.choices.length > 0;
  const line = el("div", { class: `bd-prompt${mine ? " bd-yours" : ""}`, "aria-live": "polite" });
  if (msg.over) line.append("Game over: the final scores are in the table.");
  else if (mine) line.append(msg.prompt || own || "Choose one of the highlighted actions.");
  else if (msg.to_move !== null && msg.to_move !== undefined) {
    const name = msg.table?.seats?.[msg.to_move]?.name ?? `seat ${msg.to_move + 1}`;
    line.append(seatBadge(msg.to_move, ui), ` ${name} to move`);
  }
  if (extra) line.append(extra);
  return line;
}

/** A seat's round badge: its colour and letter (never colour alone). */
export function seatBadge(seat, ui, attrs = {}) {
  return el("span", { class: "bd-seat", style: { background: ui.seatColor(seat) }, ...attrs }, ui.seatLetter(seat));
}

/** A seat's name as the table lists it. */
export function seatName(msg, seat) {
  return msg.table?.seats?.[seat]?.name ?? `seat ${seat + 1}`;
}
