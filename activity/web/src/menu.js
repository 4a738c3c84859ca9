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
  $("levels").replaceChildren(...menu.levels.map((level) => {
    const b = document.createElement("button");
    b.textContent = capital(t(level));
    b.onclick = () => open({ t: "new", level });
    return b;
  }));
  $("games-title").hidden = !menu.games.length;
  $("games").replaceChildren(...menu.games.map((g) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.textContent = g.title + " · " + (g.solved ? t("solved") : t("%d left", g.left));
    b.onclick = () => open({ t: "open", game: g.game });
    li.append(b);
    return li;
  }));
  $("together-title").hidden = $("together").hidden = $("race-title").hidden = $("race").hidden = !menu.together;
  $("race").replaceChildren(...menu.levels.map((level) => {
    const b = document.createElement("button");
    b.textContent = capital(t(level));
    b.setAttribute("aria-label", t("Race: %s", t(level)));
    b.onclick = () => open({ t: "join", mode: "race", level });
    return b;
  }));
  $("together").replaceChildren(...menu.levels.map((level) => {
    const b = document.createElement("button");
    b.textContent = capital(t(level));
    b.setAttribute("aria-label", t("Play together: %s", t(level)));
    b.onclick = () => open({ t: "join", level });
    return b;
  }));
  $("archive-title").hidden = !menu.archive.length;
  $("archive").replaceChildren(...menu.archive.map((day) => {
    const b = document.createElement("button");
    b.textContent = "#" + day;
    b.setAttribute("aria-label", t("Daily #%d", day));
    b.onclick = () => open({ t: "open", game: "q" + day });
    return b;
  }));
  (menu.daily ? $("daily") : $("levels").firstChild).focus();
  return menu;
}
