// /players/<name>: a player's ratings per game with their history drawn as a line, and
// their recent rated games with links to the replays.
import { api, deadEnd, el, svg } from "./common.js";

const name = decodeURIComponent(location.pathname.split("/").pop());
const root = document.getElementById("page");

// The rating after each rated game, as a line over the game's number.
function historyPlot(title, history) {
  const width = 480, height = 160, pad = 28;
  const values = history.map((point) => point.rating);
  const low = Math.min(0, ...values), high = Math.max(1, ...values);
  const x = (i) => pad + (history.length < 2 ? 0 : (i * (width - 2 * pad)) / (history.length - 1));
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / (high - low || 1);
  const plot = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "rating-plot", "aria-label": `${title}: rating after each game` });
  plot.append(svg("line", { x1: pad, x2: width - pad, y1: y(0), y2: y(0), class: "axis" }));
  plot.append(svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "rating-line" }));
  values.forEach((v, i) => {
    const dot = svg("circle", { cx: x(i), cy: y(v), r: 3.5, class: "rating-dot" });
    const tip = svg("title", {});
    tip.textContent = `game ${i + 1}: ${v.toFixed(1)}`;
    dot.append(tip);
    plot.append(dot);
  });
  for (const [value, label] of [[high, high.toFixed(1)], [low, low.toFixed(1)]]) {
    const text = svg("text", { x: 2, y: y(value) + 4, class: "axis-label" });
    text.textContent = label;
    plot.append(text);
  }
  return plot;
}

async function start() {
  try {
    const [{ games: catalogue }, player] = await Promise.all([api("/api/games"), api(`/api/players/${encodeURIComponent(name)}`)]);
    const titles = Object.fromEntries(catalogue.map((g) => [g.name, g.title]));
    document.title = `${player.name} · serai`;
    document.getElementById("title").textContent = player.name;
    const sections = Object.entries(player.games).map(([game, rating]) => el("section", { class: "player-game", "data-game": game },
      el("h3", {}, `${titles[game] ?? game}: ${rating.rating.toFixed(1)} `, el("small", {}, `after ${rating.games} rated games`)),
      historyPlot(titles[game] ?? game, rating.history)));
    const recent = player.recent.map((game) => el("li", {},
      el("a", { href: game.replay }, titles[game.game] ?? game.game), ` — place ${game.place}, rating ${game.rating.toFixed(1)}`));
    root.replaceChildren(el("h2", {}, player.name, player.bot ? el("small", {}, " (a bot preset)") : null),
      ...(sections.length ? sections : [el("p", {}, "No rated game yet.")]),
      el("h3", {}, "Recent rated games"), recent.length ? el("ul", {}, ...recent) : el("p", {}, "None yet."));
  } catch (error) {
    const title = error.status === 404 ? "No such player" : "This profile cannot be shown";
    document.getElementById("title").textContent = title;
    deadEnd(document.getElementById("main"), title, error.message);
  }
  document.body.dataset.ready = "true";
}

start();
