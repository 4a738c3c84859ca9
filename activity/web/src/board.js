// The board: one game at a time, drawn from what the server sent, with
// its title, clock, message line, grid, digit pad, tools and players.
import { $, toggle } from "./dom.js";
import { t } from "./words.js";
import { state, pencil, held, hint, show, over, usePencil } from "./state.js";
import { tick, untilStart } from "./clock.js";
import { drawGrid, focusCell } from "./grid.js";
import { drawPlayers } from "./players.js";

// noticeFor is how long a refusal or an error stays on the message line
// (unless the player does something else first), in milliseconds.
const noticeFor = 5000;

let notice = ""; // a refusal or error the player must read: kept over pushes
let noticeTimer = 0;

// notify keeps text on the message line for noticeFor, or until the
// player's next change, whatever boards come in meanwhile.
export function notify(text) {
  notice = text;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    notice = "";
    if (state) drawMessage(state);
  }, noticeFor);
}

// noticed takes the notice off when the player goes on, having read it.
export const noticed = () => (notice = "");

// drawMessage puts the board's message on the message line, under a notice.
export function drawMessage(s) {
  $("message").textContent = notice || (s.hint ? s.hint.text : s.message || "");
}

// draw shows the board s, and makes it the board the page plays.
export function draw(s) {
  const refocus = document.activeElement && document.activeElement.classList.contains("cell");
  show(s);
  if (pencil === 2 && s.together && !s.together.race) setPencil(0); // a shared board's marks are corner ones
  $("menu").hidden = true;
  $("board").hidden = false;
  $("title").textContent = s.title;
  tick();
  drawMessage(s);
  const share = s.daily && s.daily.share;
  $("share").hidden = !share;
  $("share").textContent = share || "";
  drawGrid(s);
  drawPad(s);
  drawPlayers(s);
  countDown();
  if (refocus) focusCell();
}

// A race's countdown runs on the server's milliseconds: each number
// shows for a whole second, and the pad opens when it ends, not at the
// next tick.
let countdown = 0;
let saidGo = 0; // the start the page has said Go! for

function countDown() {
  clearTimeout(countdown);
  const race = state && state.together && state.together.race;
  if (!race || !race.start_ms) return;
  const left = untilStart(race);
  if (left > 0) {
    if (!notice) $("message").textContent = t("The race starts in %d…", Math.ceil(left / 1000));
    countdown = setTimeout(countDown, left % 1000 || 1000);
  } else if (saidGo !== race.start_ms) {
    saidGo = race.start_ms;
    state.message = t("Go!");
    draw(state);
  }
}

function drawPad(s) {
  const done = over();
  const placed = {};
  for (const ch of s.cells) placed[ch] = (placed[ch] || 0) + 1;
  for (const b of $("pad").children) {
    const d = Number(b.dataset.digit);
    b.hidden = d > s.size;
    b.disabled = done;
    b.setAttribute("aria-pressed", String(held === d));
    b.querySelector("small").textContent = Math.max(0, s.size - (placed[String(d)] || 0)) || "";
  }
  for (const b of $("tools").children) b.disabled = done && b.id !== "tell";
  $("undo").disabled = done || !s.can_undo;
  $("redo").disabled = done || !s.can_redo;
  const full = !s.cells.includes(".");
  $("submit").hidden = !(s.daily && !s.daily.solved && full);
  $("hint").textContent = hint && hint.step < hint.steps ? t("Hint: more (%d/%d)", hint.step + 1, hint.steps) : t("Hint");
  $("hint").disabled = done || (hint && hint.step >= hint.steps);
}

// setPencil sets what a digit makes (0: a digit; 1: a corner mark; 2: a
// centre mark), and shows it on the Pencil button.
export function setPencil(mode) {
  usePencil(mode);
  toggle("pencil", pencil > 0);
  $("pencil").firstChild.textContent = [t("Pencil"), t("Pencil: corner"), t("Pencil: centre")][pencil] + " ";
}
