// The menu lists what can be played: today's daily, a new puzzle by
// level, the player's games in progress, and past dailies to practise.
import { $ } from "./dom.js";
import { api } from "./api.js";
import { say } from "./status.js";
import { t, capital } from "./words.js";
import { open } from "./play.js";

// showMenu shows the menu, note on the status line, and returns it as
// GET /api/games sent it, or undefined (having said why) where it did
// not come.
export async function showMenu(session, note) {
  $("board").hidden = true;
  let menu;
  try {
    menu = await api("/api/games", session);
  } catch (err) {
    say(err.message);
    return;
  }
  say(note || "");
  $("menu").hidden = false;
  $("daily").hidden = !menu.daily;
  $("daily").onclick = () => open({ t: "today" });
  $("levels").replaceChildren(...menu.levels.map((level) => button(capital(t(level)), { t: "new", level })));
  $("games-title").hidden = !menu.games.length;
  $("games").replaceChildren(...menu.games.map((g) => {
    const li = document.createElement("li");
    li.append(button(g.title + " · " + (g.solved ? t("solved") : t("%d left", g.left)), { t: "open", game: g.game }));
    return li;
  }));
  $("together-title").hidden = $("together").hidden = $("race-title").hidden = $("race").hidden = !menu.together;
  $("race").replaceChildren(...menu.levels.map((level) =>
    button(capital(t(level)), { t: "join", mode: "race", level }, t("Race: %s", t(level)))));
  $("together").replaceChildren(...menu.levels.map((level) =>
    button(capital(t(level)), { t: "join", level }, t("Play together: %s", t(level)))));
  $("archive-title").hidden = !menu.archive.length;
  $("archive").replaceChildren(...menu.archive.map((day) => button("#" + day, { t: "open", game: "q" + day }, t("Daily #%d", day))));
  (menu.daily ? $("daily") : $("levels").firstChild).focus();
  return menu;
}

// button makes a button with text that opens the game m asks for; label
// names it for a screen reader where text does not say enough.
function button(text, m, label) {
  const b = document.createElement("button");
  b.textContent = text;
  if (label) b.setAttribute("aria-label", label);
  b.onclick = () => open(m);
  return b;
}
