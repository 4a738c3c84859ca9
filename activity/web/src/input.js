// The player's input: click or tap a cell then a digit, or (Digit first)
// a digit then cells; the tools; and on a keyboard arrows, digits,
// Backspace, N (pencil), Ctrl+Z and Ctrl+Y.
import { $, toggle } from "./dom.js";
import { t } from "./words.js";
import { state, at, held, pencil, hint, over, selectCell, hold } from "./state.js";
import { draw, setPencil } from "./board.js";
import { focusCell, onTap } from "./grid.js";
import { send, cellMove, selected } from "./play.js";

function select(i) {
  selectCell(i);
  draw(state);
  focusCell();
  selected(i);
}

function tap(i) {
  if (held) {
    selectCell(i);
    input(held);
    select(i);
    return;
  }
  select(i);
}

// input puts digit (0: none) in the selected cell, as a digit or a mark.
function input(digit) {
  if (!state || over()) return;
  if (digit === 0) cellMove("erase", at);
  else if (pencil) send("note", { row: Math.floor(at / state.size), col: at % state.size, digit, centre: pencil === 2 });
  else cellMove("place", at, digit);
}

// listen builds the digit pad and listens to it, to the grid, the tools
// and the keyboard; back is what the Menu button does.
export function listen(back) {
  onTap(tap);
  const pad = $("pad");
  pad.replaceChildren();
  for (let d = 1; d <= 9; d++) {
    const b = document.createElement("button");
    b.dataset.digit = d;
    b.setAttribute("aria-label", t("digit %d", d));
    b.append(String(d), document.createElement("small"));
    b.onclick = () => {
      if ($("hold").getAttribute("aria-pressed") === "true") {
        hold(held === d ? 0 : d);
        draw(state);
      } else input(d);
    };
    pad.append(b);
  }
  // Pencil goes from digits to corner marks, to centre marks (not on a
  // shared board, whose marks are corner ones), and back.
  $("pencil").onclick = () => setPencil((pencil + 1) % (state && state.together && !state.together.race ? 2 : 3));
  $("hold").onclick = () => {
    const on = $("hold").getAttribute("aria-pressed") !== "true";
    toggle("hold", on);
    if (!on) hold(0);
    draw(state);
  };
  $("erase").onclick = () => input(0);
  $("undo").onclick = () => send("undo");
  $("redo").onclick = () => send("redo");
  $("autonotes").onclick = () => send("autonotes");
  $("check").onclick = () => send("check");
  $("submit").onclick = () => send("submit");
  $("hint").onclick = () => send("hint", { step: hint ? hint.step + 1 : 1 });
  $("start").onclick = () => send("start");
  $("tell").onclick = () => send("tell");
  $("sharemarks").onclick = () => send("share", { digit: $("sharemarks").getAttribute("aria-pressed") === "true" ? 0 : 1 });
  $("back").onclick = () => back("");
  document.addEventListener("keydown", key);
}

function key(e) {
  if (!state || $("board").hidden) return;
  const n = state.size;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n };
  const ctrl = e.ctrlKey || e.metaKey;
  if (e.key in moves && !ctrl) {
    hold(0);
    select((at + moves[e.key] + n * n) % (n * n));
  } else if (/^[1-9]$/.test(e.key) && Number(e.key) <= n && !ctrl) {
    input(Number(e.key));
  } else if (e.key === "Backspace" || e.key === "Delete" || e.key === "0") {
    input(0);
  } else if ((e.key === "n" || e.key === "N") && !ctrl) {
    $("pencil").click();
  } else if (ctrl && (e.key === "y" || e.key === "Y" || (e.shiftKey && (e.key === "z" || e.key === "Z")))) {
    if (!state.together || state.together.race) send("redo"); // a shared board has no redo
  } else if (ctrl && (e.key === "z" || e.key === "Z")) {
    send("undo");
  } else return;
  e.preventDefault();
}
