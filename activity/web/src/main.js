// The big board's page: it signs in through Discord (signin.js), words
// itself in the player's language (words.js), then shows today's daily,
// or the menu (menu.js), and plays over a WebSocket (play.js, over
// queue.js and socket.js), drawing the board (board.js, grid.js,
// players.js, clock.js) and taking the player's input (input.js).
// The server holds every rule and words every answer; the page draws.
import { $ } from "./dom.js";
import { say } from "./status.js";
import { signIn } from "./signin.js";
import { t, loadWords, translatePage } from "./words.js";
import { showMenu } from "./menu.js";
import { play, open } from "./play.js";
import { tick } from "./clock.js";
import { listen } from "./input.js";

async function main() {
  say("Signing in…");
  try {
    const who = await signIn();
    if (!who) return;
    document.body.dataset.signedIn = who.user.id;
    await loadWords(who.session);
    document.documentElement.lang = who.user.locale || "en";
    translatePage();
    $("who").textContent = t("Signed in as %s.", who.user.name);
    say("");
    const menu = (note) => showMenu(who.session, note);
    play(who.session, menu);
    setInterval(tick, 1000);
    listen(menu);
    const first = await menu("");
    if (first && first.daily) open({ t: "today" }); // today's daily first
    else if (first && first.games.length && !first.games[0].solved) open({ t: "open", game: first.games[0].game });
  } catch (err) {
    say(err instanceof Error ? err.message : "Signing in did not work. Close the Activity and open it again.");
  }
}

main();
