// What the table and replay pages share: seat colours, the seat list, the log, the final
// score table, and loading a game's board module (static/games/<game>.js, which exports
// draw(root, msg, layout, ui)).

export const SEAT_LETTERS = "ABCDEF";

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
// server's message (and its code as error.code).
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

export function badge(seat) {
  return el("span", { class: "seat-badge", style: `background:${seatColor(seat)}` }, seatLetter(seat));
}

export async function loadBoard(game) {
  return import(`/static/games/${game}.js`);
}

export function seatName(table, seat) {
  return table.seats[seat]?.name ?? `seat ${seat + 1}`;
}

export function drawSeats(list, msg) {
  list.replaceChildren();
  for (const seat of msg.table.seats) {
    const who = seat.kind === "bot" ? `bot ${seat.bot}` : seat.open ? "open seat" : seat.claimed ? "player" : "invited";
    const you = msg.you.includes(seat.seat) ? " (you)" : "";
    const item = el("li", { "data-seat": seat.seat }, badge(seat.seat),
      el("span", {}, `${seat.name}${you}`), el("small", {}, who));
    if (msg.to_move === seat.seat && !msg.over) item.classList.add("to-move");
    list.append(item);
  }
}

export function drawLog(list, msg) {
  list.replaceChildren();
  for (const line of msg.log) {
    const who = line.seat === null ? "" : `${seatLetter(line.seat)}: `;
    list.append(el("li", {}, who + line.text));
  }
  list.scrollTop = list.scrollHeight;
}

export function drawFinal(box, msg) {
  box.replaceChildren();
  if (!msg.over || !msg.breakdown) {
    box.classList.add("hidden");
    return;
  }
  box.classList.remove("hidden");
  const parts = Object.keys(msg.breakdown[0]).filter((p) => p !== "total");
  const head = el("tr", {}, el("th", {}, "seat"), ...parts.map((p) => el("th", { class: "num" }, p)),
    el("th", { class: "num" }, "total"));
  const rows = msg.breakdown.map((scores, seat) => {
    const row = el("tr", { "data-seat": seat }, el("td", {}, badge(seat), " ", seatName(msg.table, seat)),
      ...parts.map((p) => el("td", { class: "num" }, String(scores[p]))),
      el("td", { class: "num" }, String(scores.total)));
    if (msg.returns[seat] > 0) row.classList.add("winner");
    return row;
  });
  const winners = msg.returns.map((r, s) => (r > 0 ? seatName(msg.table, s) : null)).filter(Boolean);
  box.append(el("h3", {}, "Final scores"), el("table", { id: "final-scores" }, el("thead", {}, head), el("tbody", {}, ...rows)),
    el("p", {}, `Winner: ${winners.join(" and ")}`));
}
