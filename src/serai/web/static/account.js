// Who is signed in: the sign-in and sign-up form, or the player's name, their games and a
// way out. Shared by the lobby and the other pages.
import { api, csrfToken, el } from "./common.js";

export async function whoAmI() {
  if (!csrfToken()) return null; // never signed in here: no need to ask
  try {
    return await api("/api/me");
  } catch {
    return null;
  }
}

function signForm(onChange) {
  const name = el("input", { id: "account-name", autocomplete: "username", "aria-label": "Name", placeholder: "name" });
  const password = el("input", {
    id: "account-password", type: "password", autocomplete: "current-password",
    "aria-label": "Password", placeholder: "password (10 characters or more)",
  });
  const error = el("p", { class: "error hidden", role: "alert", id: "account-error" });
  const submit = (path) => async (event) => {
    event.preventDefault();
    error.classList.add("hidden");
    try {
      await api(path, { method: "POST", body: { name: name.value, password: password.value } });
      password.value = "";
      await onChange();
    } catch (problem) {
      error.textContent = problem.message;
      error.classList.remove("hidden");
    }
  };
  return el("form", { class: "account-form", id: "account-form", onsubmit: submit("/api/session") },
    el("h3", {}, "Sign in to keep your games and a rating"),
    name, password,
    el("p", {},
      el("button", { type: "submit", class: "primary", id: "sign-in" }, "Sign in"), " ",
      el("button", { type: "button", id: "sign-up", onclick: submit("/api/accounts") }, "Create account")),
    error);
}

// Draw the account box into ``root``; ``onChange`` runs after signing in or out.
export async function drawAccount(root, onChange) {
  const me = await whoAmI();
  if (!me) {
    root.replaceChildren(signForm(onChange));
    return null;
  }
  const out = el("button", {
    id: "sign-out",
    onclick: async () => {
      await api("/api/session", { method: "DELETE" });
      await onChange();
    },
  }, "Sign out");
  root.replaceChildren(el("p", { id: "signed-in" }, "Signed in as ",
    el("a", { href: `/players/${encodeURIComponent(me.name)}` }, el("strong", {}, me.name)), " ", out));
  return me;
}

// The signed-in player's games, those waiting for their move first.
export async function drawMyGames(root) {
  const { games } = await api("/api/me/games");
  if (!games.length) {
    root.replaceChildren(el("p", {}, "No games yet: create a table, or join one."));
    return games;
  }
  root.replaceChildren(el("ul", { class: "my-games" }, ...games.map((game) => el("li", {
    "data-table": game.id, class: game.your_turn ? "your-turn" : "",
  }, el("a", { href: game.status === "finished" ? `/replay/${game.id}` : `/table/${game.id}` }, game.title),
  " ", el("small", {}, game.your_turn ? "your turn" : game.invited ? "invited: open it to take your seat"
    : game.status === "finished" ? "finished" : "waiting"),
  game.rated ? el("small", { class: "rated" }, " · rated") : null))));
  return games;
}
