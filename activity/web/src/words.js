// The page's words in the player's Discord language, from GET /api/words
// once signed in (English until then, and where there is no translation).
// Every text the page words itself goes through t with the English as a
// literal, or is marked data-t in the page, so that TestPageWords finds it.
import { $ } from "./dom.js";
import { api } from "./api.js";

let words = {};

// loadWords fetches the words for the session's player; English if they
// do not come.
export async function loadWords(session) {
  words = await api("/api/words", session).catch(() => ({}));
}

// t returns an English text in the player's language, its %s and %d
// filled with args in order.
export function t(english, ...args) {
  let k = 0;
  return (words[english] || english).replace(/%[sd]/g, () => String(args[k++]));
}

// capital writes a word with a capital first letter (a level's name, on
// its button).
export const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// translatePage puts the page's own texts (marked data-t) and labels
// (data-t-label) in the player's language.
export function translatePage() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.textContent);
  for (const el of document.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", t(el.getAttribute("aria-label")));
  $("pencil").firstChild.textContent = t("Pencil") + " "; // beside its key, which stays N
}
