// /rules/<game>: the rules reference on a page of its own; #r12 opens at ruling R12.
import { drawRules, loadRules, showRuling } from "./rules.js";

const game = location.pathname.split("/").pop();
const root = document.getElementById("rules");

async function start() {
  try {
    const rules = await loadRules(game);
    document.title = `${rules.title}: rules · serai`;
    drawRules(root, rules);
    const cited = location.hash.match(/^#r(\d+)$/);
    if (cited) showRuling(root, Number(cited[1]));
  } catch (error) {
    root.textContent = `${error.message}. `;
    root.append(Object.assign(document.createElement("a"), { href: "/", textContent: "Back to the lobby" }));
  }
  document.body.dataset.ready = "true";
}

start();
