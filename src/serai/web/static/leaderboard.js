// /leaderboard/<game>: the rated players of a game, best first, bot presets among them.
import { api, deadEnd, el } from "./common.js";

const game = location.pathname.split("/").pop();
const root = document.getElementById("page");

async function start() {
  try {
    const [{ games }, board] = await Promise.all([api("/api/games"), api(`/api/leaderboard/${encodeURIComponent(game)}`)]);
    const title = games.find((g) => g.name === game)?.title ?? game;
    document.title = `${title}: leaderboard · serai`;
    document.getElementById("title").textContent = `${title}: leaderboard`;
    const rows = board.players.map((p) => el("tr", { "data-player": p.name },
      el("td", { class: "num" }, String(p.place)),
      el("td", {}, el("a", { href: `/players/${encodeURIComponent(p.name)}` }, p.name), p.bot ? el("small", {}, " (bot)") : null),
      el("td", { class: "num" }, p.rating.toFixed(1)),
      el("td", { class: "num" }, String(p.games))));
    root.replaceChildren(el("h2", {}, `${title}: leaderboard`),
      el("p", {}, "The rating is the cautious estimate μ − 3σ of OpenSkill: it rises as results pile up."),
      rows.length ? el("table", { class: "leaderboard" },
        el("thead", {}, el("tr", {}, el("th", { class: "num" }, "#"), el("th", {}, "player"), el("th", { class: "num" }, "rating"), el("th", { class: "num" }, "games"))),
        el("tbody", {}, ...rows)) : el("p", {}, "No rated game yet."));
  } catch (error) {
    const title = error.status === 404 ? "No such game" : "This leaderboard cannot be shown";
    document.getElementById("title").textContent = title;
    deadEnd(document.getElementById("main"), title, error.message);
  }
  document.body.dataset.ready = "true";
}

start();
