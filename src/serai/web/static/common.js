// What the pages share: seat colours, the seat list, the log, the final score table, score
// labels, SVG icons, the page shown for a dead link, and loading a game's board module
// (static/games/<game>.js, which exports draw(root, msg, layout, ui)).

export const SEAT_LETTERS = "ABCDEF";
const SVG = "http://www.w3.org/2000/svg";

export function seatColor(seat) {
  return `var(--seat-${seat})`;
}

export function seatLetter(seat) {
  return SEAT_LETTERS[seat] ?? "?";
}

// The CSRF token of the signed-in session, sent with every change (the server checks it);
// it is set with the session cookie, so without it nobody is signed in.
export function csrfToken() {
  const found = document.cookie.split("; ").find((c) => c.startsWith("serai_csrf="));
  return found ? decodeURIComponent(found.slice("serai_csrf=".length)) : "";
}

// A request to the server's API: JSON in and out; a refusal becomes an Error with the
// server's message (and its code as error.code, its HTTP status as error.status).
export async function api(path, { method = "GET", body } = {}) {
  const headers = { "X-CSRF-Token": csrfToken() };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method: body !== undefined && method === "GET" ? "POST" : method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.message ?? response.statusText);
    error.code = data.code ?? String(response.status);
    error.status = response.status;
    throw error;
  }
  return data;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

// Icons drawn in SVG (a font may lack ⏮ or ⏭), on a 24-unit square in the text's colour.
const ICONS = {
  first: "M6 5h2v14H6zM20 5v14L9 12z",
  previous: "M17 5v14L6 12z",
  next: "M7 5v14l11-7z",
  last: "M16 5h2v14h-2zM4 5v14l11-7z",
};

export function icon(name) {
  return svg("svg", { viewBox: "0 0 24 24", class: "icon", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: ICONS[name], fill: "currentColor" }));
}

export function badge(seat) {
  return el("span", { class: "seat-badge", style: `background:${seatColor(seat)}` }, seatLetter(seat));
}

export async function loadBoard(game) {
  return import(`/static/games/${game}.js`);
}

export function seatName(table, seat) {
  return table.seats[seat]?.name ?? `seat ${seat + 1}`;
}

// A name the engine writes as a key (``vizier_majority``) in words, for when the server
// sends no label of its own.
export function humanize(key) {
  const words = String(key).replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// How long ago ``seconds`` (Unix time) was, in words.
export function ago(seconds, now = Date.now() / 1000) {
  const minutes = Math.max(0, Math.round((now - seconds) / 60));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export function drawSeats(list, msg) {
  list.replaceChildren();
  for (const seat of msg.table.seats) {
    // a signed-in player's name leads to their profile; a guest's is only a name
    const who = seat.kind === "bot" ? `bot ${seat.bot}` : seat.open ? "open seat" : seat.absent ? "away: a bot plays" : !seat.claimed ? "invited" : seat.player ? "signed-in player" : "guest";
    const you = msg.you.includes(seat.seat) ? " (you)" : "";
    const name = seat.player ? el("a", { href: `/players/${encodeURIComponent(seat.name)}` }, seat.name) : seat.name;
    const item = el("li", { "data-seat": seat.seat }, badge(seat.seat),
      el("span", {}, name, you), el("small", {}, who));
    if (msg.to_move === seat.seat && !msg.over) {
      item.classList.add("to-move");
      item.setAttribute("aria-current", "true");
      item.append(el("small", { class: "to-move-mark" }, "to move"));
    }
    list.append(item);
  }
}

// The log: each action in words (the server's, seats by name) after the seat's badge, its
// notation beside it (what a player may type). The first ``kept`` lines already drawn are
// known to be unchanged and stay: a long game's log is not drawn again at every move.
export function drawLog(list, lines, kept = 0) {
  const keep = Math.min(kept, list.children.length, lines.length);
  while (list.children.length > keep) list.lastElementChild.remove();
  list.append(...lines.slice(keep).map((line) => {
    const notation = line.words === line.text ? null : el("code", { class: "notation" }, ` ${line.text}`);
    return el("li", {}, line.seat === null ? null : badge(line.seat), el("span", {}, line.words), notation);
  }));
  list.scrollTop = list.scrollHeight;
}

// The winners' names, "A and B".
export function winners(msg) {
  return msg.returns.map((r, s) => (r > 0 ? seatName(msg.table, s) : null)).filter(Boolean).join(" and ");
}

// The final scores: one column per seat, the total first, then each part of the score
// under its label (``labels``: key → label, from the server; else the key in words).
export function drawFinal(box, msg, labels = {}) {
  box.replaceChildren();
  if (!msg.over || !msg.breakdown) {
    box.classList.add("hidden");
    return;
  }
  box.classList.remove("hidden");
  const seats = msg.breakdown.map((_, seat) => seat);
  const won = (seat) => msg.returns[seat] > 0;
  const parts = Object.keys(msg.breakdown[0]).filter((p) => p !== "total");
  const head = el("tr", {}, el("td", {}),
    ...seats.map((seat) => el("th", { scope: "col", "data-seat": seat, class: won(seat) ? "winner" : "" },
      badge(seat), el("span", { class: "final-name" }, seatName(msg.table, seat)))));
  const row = (key, label, cls) => el("tr", { "data-part": key, class: cls },
    el("th", { scope: "row" }, label),
    ...seats.map((seat) => el("td", { class: `num${won(seat) ? " winner" : ""}`, "data-seat": seat },
      String(msg.breakdown[seat][key]))));
  const rows = [row("total", labels.total ?? "Total", "total"),
    ...parts.map((p) => row(p, labels[p] ?? humanize(p), ""))];
  const best = seats.filter(won).flatMap((seat, i) => [i ? " and " : "", badge(seat), seatName(msg.table, seat)]);
  box.append(el("h2", { id: "final-title" }, "Final scores"),
    el("p", { class: "final-winner" }, "Winner: ", ...best),
    // past four seats only the badges fit; the names stay for screen readers
    el("table", { id: "final-scores", "aria-labelledby": "final-title", class: seats.length > 4 ? "many" : "" }, el("thead", {}, head), el("tbody", {}, ...rows)));
}

// ``text`` (a server's message) as a sentence: a capital first, a full stop last.
export function sentence(text) {
  const trimmed = String(text).trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

// The page a dead link leads to: what is wrong and the ways on (the lobby first).
export function deadEnd(root, title, message, ...ways) {
  document.title = `${title} · serai`;
  root.replaceChildren(el("section", { class: "panel dead-end", id: "dead-end", role: "alert" },
    el("h2", {}, title), el("p", {}, sentence(message)),
    el("p", { class: "ways" }, el("a", { href: "/", class: "button primary", id: "back-to-lobby" }, "Back to the lobby"),
      ...ways.map(([text, href]) => el("a", { href, class: "button" }, text)))));
  root.hidden = false;
  document.body.dataset.dead = "true";
}
