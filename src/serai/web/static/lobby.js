// The lobby: who is signed in, their games and their vacation, the tables (join an open
// seat, watch, replay), each game's leaderboard, and a new table with its clock.
import { drawAccount, drawMyGames } from "./account.js";
import { ago, api as request, badge, el, humanize } from "./common.js";
import { clockSummary } from "./notify.js";
import { withRulingLinks } from "./rules.js";

const $ = (id) => document.getElementById(id);
// a table with no move for this long shows as abandoned (the server drops it from the
// lobby after a longer while)
const QUIET_HOURS = 24;
let catalogue = null;
let me = null;

const api = (path, body) => request(path, body === undefined ? {} : { method: "POST", body });

function chosenGame() {
  return catalogue.games.find((g) => g.name === $("game").value);
}

function seatRow(index) {
  const label = `seat ${index + 1}`;
  const kind = el("select", { "data-seat-kind": index, "aria-label": label },
    el("option", { value: "human" }, "invited player"),
    el("option", { value: "open" }, "open seat (anyone may join)"),
    el("option", { value: "account" }, "a player's account"),
    ...catalogue.bots.map((b) => el("option", { value: b }, `bot: ${b}`)));
  const name = el("input", {
    "data-seat-name": index, maxlength: "40", autocomplete: "off",
    placeholder: `Player ${index + 1}`, "aria-label": `${label} name`,
  });
  const level = el("select", { "data-seat-level": index, class: "hidden", "aria-label": `${label} difficulty` },
    ...catalogue.difficulties.map((d) => el("option", { value: d }, d)));
  const account = el("input", { "data-seat-account": index, class: "hidden", placeholder: "their account's name", "aria-label": `${label} account` });
  level.value = "medium";
  kind.value = index === 0 ? "human" : "mcts";
  const sync = () => {
    name.classList.toggle("hidden", kind.value !== "human" && kind.value !== "open");
    level.classList.toggle("hidden", kind.value !== "mcts");
    account.classList.toggle("hidden", kind.value !== "account");
  };
  kind.addEventListener("change", sync);
  sync();
  return el("div", { class: "seat-row" }, badge(index), kind, name, level, account);
}

// An option's value as a player reads it.
function choiceLabel(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  return typeof value === "string" ? humanize(value) : String(value);
}

function optionField(game, option) {
  const id = `option-${option.name}`;
  const help = `${id}-help`;
  let input;
  if (option.minimum !== null) {
    input = el("input", { id, type: "number", min: option.minimum, value: option.default ?? "", "aria-describedby": help });
  } else {
    input = el("select", { id, "aria-describedby": help },
      ...option.choices.map((c) => el("option", { value: JSON.stringify(c) }, choiceLabel(c))));
    input.value = JSON.stringify(option.default);
  }
  input.dataset.option = option.name;
  // the help cites rulings (R41): each a link to that ruling in the game's rules
  const text = option.minimum !== null ? `${option.help}; ${option.describe}` : option.help;
  return [el("label", { for: id }, humanize(option.name)), input,
    el("small", { id: help, class: "help" }, ...withRulingLinks(text, null, (n) => `/rules/${game.name}#r${n}`))];
}

function drawForm() {
  const game = chosenGame();
  const players = $("players");
  const keep = Number(players.value) || game.default_players;
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) players.append(el("option", { value: n }, String(n)));
  players.value = Math.min(Math.max(keep, game.min_players), game.max_players);
  $("rules-link").href = `/rules/${game.name}`;
  $("rules-link").textContent = `How to play ${game.title}`;
  $("options").replaceChildren(...game.options.flatMap((option) => optionField(game, option)));
  drawSeatRows();
}

function drawSeatRows() {
  const count = Number($("players").value);
  $("seat-rows").replaceChildren(...Array.from({ length: count }, (_, i) => seatRow(i)));
  offerAccountSeats();
}

// Only a signed-in player keeps a seat for a player's account.
function offerAccountSeats() {
  for (const kind of document.querySelectorAll("[data-seat-kind]")) {
    kind.querySelector('option[value="account"]').hidden = !me;
    if (!me && kind.value === "account") {
      kind.value = "human";
      kind.dispatchEvent(new Event("change"));
    }
  }
}

function formBody() {
  const game = chosenGame();
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    if (input.tagName === "SELECT") options[input.dataset.option] = JSON.parse(input.value);
    else if (input.value !== "") options[input.dataset.option] = Number(input.value);
  }
  const seats = [...$("seat-rows").children].map((row, i) => {
    const kind = row.querySelector(`[data-seat-kind="${i}"]`).value;
    const name = row.querySelector(`[data-seat-name="${i}"]`).value.trim();
    if (kind === "human" || kind === "open") return name ? { kind, name } : { kind };
    if (kind === "account") return { kind: "human", account: row.querySelector(`[data-seat-account="${i}"]`).value };
    const level = row.querySelector(`[data-seat-level="${i}"]`).value;
    return { kind: "bot", bot: kind, difficulty: kind === "mcts" ? level : null };
  });
  const body = { game: game.name, players: Number($("players").value), options, seats,
    hotseat: $("hotseat").checked, listed: $("listed").checked,
    rated: Boolean(me) && $("rated").checked,
    spectator_chat: $("spectators-apart").checked ? "apart" : "shared" };
  body.hints = $("hints").checked && !body.rated;
  const clock = clockBody();
  if (clock) body.clock = clock;
  return body;
}

// The clock chosen: its fields shown (and checked) for its mode alone; a rated table
// always has one.
function clockMode() {
  return document.querySelector('input[name="clock-mode"]:checked').value;
}

function drawClockChoice() {
  const rated = Boolean(me) && $("rated").checked;
  if (rated && clockMode() === "none") $("clock-realtime").checked = true;
  $("clock-none").disabled = rated;
  $("rated-clock-note").hidden = !rated;
  for (const mode of ["realtime", "turn-based"]) {
    const fields = $(`${mode}-fields`);
    fields.hidden = clockMode() !== mode;
    for (const input of fields.querySelectorAll("input")) input.disabled = fields.hidden;
  }
}

function clockBody() {
  const number = (id) => Number($(id).value);
  if (clockMode() === "realtime") {
    return { mode: "realtime", bank: number("clock-minutes") * 60, increment: number("clock-increment") };
  }
  if (clockMode() === "turn-based") {
    return { mode: "turn-based", per_move: number("clock-hours") * 3600, bank: number("clock-spare") * 86400 };
  }
  return undefined;
}

function linkField(label, path) {
  const url = new URL(path, location.href).href;
  return el("p", {}, el("a", { href: path, "data-link": label }, label), el("input", { readonly: "", value: url }));
}

async function create(event) {
  event.preventDefault();
  $("error").classList.add("hidden");
  try {
    const made = await api("/api/tables", formBody());
    const list = $("link-list");
    list.replaceChildren();
    if (made.hotseat) list.append(linkField("Play hotseat", made.hotseat));
    for (const invite of made.invites) list.append(linkField(`Seat ${invite.seat + 1}`, invite.url));
    list.append(linkField("Spectate", made.spectate));
    $("links").classList.remove("hidden");
    await refresh();
    // the links are what to do next: in sight, the first (the maker's own seat) in focus
    $("links").scrollIntoView({ block: "nearest" });
    list.querySelector("a").focus();
  } catch (error) {
    $("error").textContent = error.message;
    $("error").classList.remove("hidden");
  }
}

async function join(tableId) {
  try {
    const seat = await api(`/api/tables/${tableId}/join`, {});
    location.href = seat.url;
  } catch (error) {
    $("error").textContent = error.message;
    $("error").classList.remove("hidden");
  }
}

function seatText(seat) {
  if (seat.kind === "bot") return `${seat.name} (bot)`;
  return seat.open ? "open seat" : seat.name;
}

// Open, playing (with its last move), abandoned (no move for QUIET_HOURS) or finished:
// the state's name, and what the lobby says of it.
function status(table, open) {
  if (table.status !== "playing") return [table.status, table.status];
  if (Date.now() / 1000 - table.updated_at > QUIET_HOURS * 3600) {
    return ["abandoned", `abandoned: no move since ${ago(table.updated_at)}`];
  }
  const state = open ? "open" : "playing";
  return [state, `${state} · last move ${ago(table.updated_at)}`];
}

async function refresh() {
  const { tables } = await api("/api/tables");
  const body = $("tables").querySelector("tbody");
  body.replaceChildren();
  $("no-tables").classList.toggle("hidden", tables.length > 0);
  for (const table of tables) {
    const open = table.status === "playing" && table.seats.some((s) => s.open);
    const [state, said] = status(table, open);
    const actions = el("td", {});
    if (state === "open") actions.append(el("button", { onclick: () => join(table.id), "data-join": table.id }, "Join"), " ");
    if (table.status === "finished") actions.append(el("a", { href: `/replay/${table.id}` }, "Replay"));
    else actions.append(el("a", { href: `/table/${table.id}` }, "Watch"));
    const clock = clockSummary(table.clock);
    const game = el("td", {}, table.title,
      clock ? el("small", { class: "clock-kind", "data-clock-kind": table.clock.mode }, ` · ${clock}`) : null);
    body.append(el("tr", { "data-table": table.id, "data-status": state, class: state }, game,
      el("td", {}, table.seats.map(seatText).join(", ")), el("td", {}, said), actions));
  }
}

async function drawPlayer() {
  me = await drawAccount($("account"), drawPlayer);
  $("rated-choice").hidden = !me;
  $("my-games-panel").hidden = !me;
  offerAccountSeats();
  $("vacation-status").textContent = "";
  if (me && me.vacation) sayVacation(me.vacation, false);
  drawClockChoice();
  if (me) await drawMyGames($("my-games"));
}

// Where the player's vacation stands (``vacation``: until when, null when not away, and
// the days left this year); ``back``: they have just come back.
function sayVacation(vacation, back) {
  const status = $("vacation-status");
  const days = vacation.days_left;
  const left = `${days} day${days === 1 ? "" : "s"} of vacation left this year`;
  const until = vacation.until === null ? null
    : new Date(vacation.until * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  status.textContent = until ? `On vacation until ${until}; ${left}.` : back ? `Welcome back; ${left}.` : `${left}.`;
  status.dataset.daysLeft = days;
}

// Vacation: the turn-based clocks of all the player's games wait until they are back
// (``days``: 0 means back now). The server says how many days are left this year.
async function takeVacation(days) {
  const status = $("vacation-status");
  status.classList.remove("error");
  try {
    sayVacation(await api("/api/me/vacation", { days }), true);
  } catch (error) {
    status.textContent = error.message;
    status.classList.add("error");
  }
}

async function start() {
  catalogue = await api("/api/games");
  // a rated table gives no hints
  $("rated").addEventListener("change", () => {
    $("hints").disabled = $("rated").checked;
    $("hints").checked = !$("rated").checked;
    drawClockChoice();
  });
  for (const radio of document.querySelectorAll('input[name="clock-mode"]')) radio.addEventListener("change", drawClockChoice);
  $("vacation").addEventListener("submit", (event) => {
    event.preventDefault();
    takeVacation(Number($("vacation-days").value));
  });
  $("vacation-back").addEventListener("click", () => takeVacation(0));
  $("leaderboards").replaceChildren("Leaderboards: ", ...catalogue.games.flatMap((g, i) => [
    i ? ", " : "", el("a", { href: `/leaderboard/${g.name}` }, g.title)]));
  await drawPlayer();
  $("game").replaceChildren(...catalogue.games.map((g) => el("option", { value: g.name }, g.title)));
  $("game").addEventListener("change", () => { $("players").value = ""; drawForm(); });
  $("players").addEventListener("change", drawSeatRows);
  $("create").addEventListener("submit", create);
  drawForm();
  await refresh();
  document.body.dataset.ready = "true";
  setInterval(() => { refresh(); if (me) drawMyGames($("my-games")); }, 5000);
}

start();
