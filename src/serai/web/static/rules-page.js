// /rules/<game>: the rules reference on a page of its own; #r12 opens at ruling R12.
import { deadEnd } from "./common.js";
import { drawRules, loadRules, showRuling } from "./rules.js";

const game = location.pathname.split("/").pop();
const root = document.getElementById("rules");

async function start() {
  try {
    const rules = await loadRules(game);
    document.title = `${rules.title}: rules · serai`;
    document.getElementById("title").textContent = `${rules.title}: rules`;
    drawRules(root, rules);
    const cited = location.hash.match(/^#r(\d+)$/);
    if (cited) showRuling(root, Number(cited[1]));
  } catch (error) {
    document.getElementById("title").textContent = "No such game";
    deadEnd(document.getElementById("main"), "No such game", error.message);
  }
  document.body.dataset.ready = "true";
}

start();
