// The lobby: who is signed in and their games, the tables (join an open seat, watch,
// replay), each game's leaderboard, and a new table.
import { drawAccount, drawMyGames } from "./account.js";
import { api as request, badge, el } from "./common.js";

const $ = (id) => document.getElementById(id);
let catalogue = null;
let me = null;

const api = (path, body) => request(path, body === undefined ? {} : { method: "POST", body });

function chosenGame() {
  return catalogue.games.find((g) => g.name === $("game").value);
}

function seatRow(index) {
  const kind = el("select", { "data-seat-kind": index, "aria-label": `seat ${index + 1}` },
    el("option", { value: "human" }, "invited player"),
    el("option", { value: "open" }, "open seat (anyone may join)"),
    el("option", { value: "account" }, "a player's account"),
    ...catalogue.bots.map((b) => el("option", { value: b }, `bot: ${b}`)));
  const level = el("select", { "data-seat-level": index, class: "hidden", "aria-label": `seat ${index + 1} difficulty` },
    ...catalogue.difficulties.map((d) => el("option", { value: d }, d)));
  const account = el("input", { "data-seat-account": index, class: "hidden", placeholder: "their name", "aria-label": `seat ${index + 1} player` });
  level.value = "medium";
  kind.value = index === 0 ? "human" : "mcts";
  const sync = () => {
    level.classList.toggle("hidden", kind.value !== "mcts");
    account.classList.toggle("hidden", kind.value !== "account");
  };
  kind.addEventListener("change", sync);
  sync();
  return el("div", { class: "seat-row" }, badge(index), kind, level, account);
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
  const options = $("options");
  options.replaceChildren();
  for (const option of game.options) {
    const id = `option-${option.name}`;
    let input;
    if (option.minimum !== null) {
      input = el("input", { id, type: "number", min: option.minimum, value: option.default ?? "" });
    } else {
      input = el("select", { id }, ...option.choices.map((c) => el("option", { value: JSON.stringify(c) }, String(c))));
      input.value = JSON.stringify(option.default);
    }
    input.dataset.option = option.name;
    options.append(el("label", { for: id, title: option.help }, option.name), input);
  }
  drawSeatRows();
}

function drawSeatRows() {
  const count = Number($("players").value);
  $("seat-rows").replaceChildren(...Array.from({ length: count }, (_, i) => seatRow(i)));
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
    if (kind === "human" || kind === "open") return { kind };
    if (kind === "account") return { kind: "human", account: row.querySelector(`[data-seat-account="${i}"]`).value };
    const level = row.querySelector(`[data-seat-level="${i}"]`).value;
    return { kind: "bot", bot: kind, difficulty: kind === "mcts" ? level : null };
  });
  return { game: game.name, players: Number($("players").value), options, seats,
    hotseat: $("hotseat").checked, listed: $("listed").checked,
    rated: Boolean(me) && $("rated").checked,
    spectator_chat: $("spectators-apart").checked ? "apart" : "shared" };
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

async function refresh() {
  const { tables } = await api("/api/tables");
  const body = $("tables").querySelector("tbody");
  body.replaceChildren();
  $("no-tables").classList.toggle("hidden", tables.length > 0);
  for (const table of tables) {
    const open = table.status === "playing" && table.seats.some((s) => s.open);
    const seats = table.seats.map((s) => (s.kind === "bot" ? s.bot : s.open ? "open" : "player")).join(", ");
    const actions = el("td", {});
    if (open) actions.append(el("button", { onclick: () => join(table.id), "data-join": table.id }, "Join"), " ");
    if (table.status === "finished") actions.append(el("a", { href: `/replay/${table.id}` }, "Replay"));
    else actions.append(el("a", { href: `/table/${table.id}` }, "Watch"));
    body.append(el("tr", { "data-table": table.id }, el("td", {}, table.title),
      el("td", {}, `${table.players}: ${seats}`), el("td", {}, open ? "open" : table.status), actions));
  }
}

async function drawPlayer() {
  me = await drawAccount($("account"), drawPlayer);
  $("rated-choice").hidden = !me;
  $("my-games-panel").hidden = !me;
  if (me) await drawMyGames($("my-games"));
}

async function start() {
  catalogue = await api("/api/games");
  $("leaderboards").replaceChildren("Leaderboards: ", ...catalogue.games.flatMap((g, i) => [
    i ? ", " : "", el("a", { href: `/leaderboard/${g.name}` }, g.title)]));
  await drawPlayer();
  $("game").replaceChildren(...catalogue.games.map((g) => el("option", { value: g.name }, g.title)));
  $("game").addEventListener("change", () => { $("players").value = ""; drawForm(); });
  $("players").addEventListener("change", drawSeatRows);
  $("create").addEventListener("submit", create);
  drawForm();
  await refresh();
  setInterval(() => { refresh(); if (me) drawMyGames($("my-games")); }, 5000);
}

start();
