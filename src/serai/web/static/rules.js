// A game's rules reference: how to play, the notation and every numbered ruling, with a
// search box. The table page shows it in a drawer; /rules/<game> on a page of its own.
import { el } from "./common.js";

const CITATION = /\bR([1-9]\d*)\b/g;

export async function loadRules(game) {
  const response = await fetch(`/api/rules/${encodeURIComponent(game)}`);
  if (!response.ok) throw new Error(`no rules for ${game}`);
  return response.json();
}

function matches(ruling, words) {
  const text = `${ruling.label} ${ruling.title} ${ruling.text}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

export function drawRules(root, rules) {
  const search = el("input", {
    type: "search", id: "rules-search", placeholder: "Search: R12, camel, oasis…",
    "aria-label": "Search the rules",
  });
  const introduction = el("div", { class: "rules-introduction" });
  introduction.innerHTML = rules.introduction; // our own reference, rendered with raw HTML escaped
  const count = el("p", { class: "rules-count", "aria-live": "polite" });
  const sections = rules.rulings.map((ruling) => {
    const body = el("div", {});
    body.innerHTML = ruling.html;
    return el("section", { id: ruling.anchor, class: "ruling", tabindex: "-1", "data-ruling": ruling.number },
      el("h3", {}, `${ruling.label} — ${ruling.title}`), body);
  });
  // a block that scrolls sideways (a long line of notation) takes the keyboard's focus,
  // so it can be scrolled without a mouse
  for (const block of [introduction, ...sections].flatMap((node) => [...node.querySelectorAll("pre")])) {
    block.setAttribute("tabindex", "0");
  }
  search.addEventListener("input", () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    introduction.classList.toggle("hidden", words.length > 0);
    let shown = 0;
    rules.rulings.forEach((ruling, index) => {
      const visible = matches(ruling, words);
      sections[index].classList.toggle("hidden", !visible);
      shown += visible;
    });
    count.textContent = words.length ? `${shown} of ${rules.rulings.length} rulings` : "";
  });
  root.replaceChildren(el("h2", {}, `${rules.title}: rules`), search, count, introduction,
    el("h2", {}, "Rulings"), ...sections);
}

export function showRuling(root, number) {
  const search = root.querySelector("#rules-search");
  if (search && search.value) {
    search.value = "";
    search.dispatchEvent(new Event("input"));
  }
  const target = root.querySelector(`#r${number}`);
  if (!target) return;
  for (const marked of root.querySelectorAll(".ruling.cited")) marked.classList.remove("cited");
  target.classList.add("cited");
  target.scrollIntoView({ block: "start" });
  target.focus({ preventScroll: true });
}

// ``text`` as nodes, each ruling it cites (R8) a link: to ``href(8)``, or (with ``open``)
// one that calls ``open(8)``. Built from text nodes, never HTML: a refusal may quote what
// a player typed.
export function withRulingLinks(text, open, href = (number) => `#r${number}`) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(CITATION)) {
    parts.push(text.slice(last, match.index));
    const number = Number(match[1]);
    const link = el("a", { href: href(number), class: "ruling-link", "data-ruling": number }, match[0]);
    if (open) {
      link.addEventListener("click", (event) => {
        event.preventDefault();
        open(number);
      });
    }
    parts.push(link);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}
