// The status line, above the menu and the board: what the page says of
// signing in and of its connection.
import { $ } from "./dom.js";

// refusal is the server's reason for refusing the page's socket (too many
// of the player's pages, a full server): it stays on the status line over
// whatever the page says meanwhile (said), until a socket opens again or
// closes for another reason.
export let refusal = "";
let said = "";

// say puts text on the status line, unless a refusal is there.
export function say(text) {
  said = text;
  $("status").textContent = refusal || text;
}

// refused puts the server's reason on the status line, or takes it off
// (""), showing again what the page said meanwhile, or text.
export function refused(reason, text = said) {
  refusal = reason;
  say(text);
}
