// The grid: its cells, drawn from a board, each with its digit or marks,
// who placed it and who is on it, and the words a screen reader says.
import { $ } from "./dom.js";
import { t } from "./words.js";
import { at, held, hint, wrong } from "./state.js";
import { badge } from "./players.js";

const grid = $("grid");

// cells are the grid's buttons, made once for a board's size and kept:
// a push changes only what changed in them, so a press that spans a
// push is still a click on the cell pressed.
let cells = [];
let tap = null;

// onTap sets what a click or tap on a cell does: fn(i), i the cell.
export const onTap = (fn) => (tap = fn);

// holdToName shows who placed a cell's digit when it is held down (a
// phone has no hover for the dot's title); the name is the cell's
// data-by, as the last draw left it.
function holdToName(cell, r, c) {
  let timer = 0;
  const stop = () => clearTimeout(timer);
  cell.onpointerdown = () => {
    if (!cell.dataset.by) return;
    timer = setTimeout(() => ($("message").textContent = t("Row %d, column %d: placed by %s.", r + 1, c + 1, cell.dataset.by)), 500);
  };
  cell.onpointerup = cell.onpointerleave = cell.onpointercancel = stop;
}

function buildGrid(n) {
  grid.style.setProperty("--n", n);
  cells = [];
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const cell = document.createElement("button");
      cell.setAttribute("role", "gridcell");
      cell.dataset.cell = i;
      cell.onclick = () => tap(i);
      holdToName(cell, r, c);
      cells.push(cell);
      row.append(cell);
    }
    rows.push(row);
  }
  grid.replaceChildren(...rows);
}

// drawGrid brings the grid up to date with the board s.
export function drawGrid(s) {
  const n = s.size;
  if (cells.length !== n * n) buildGrid(n);
  const box = n === 6 ? [2, 3] : [Math.sqrt(n), Math.sqrt(n)];
  const sel = s.cells[at] !== "." ? s.cells[at] : "";
  const v = { s, n, box, selRow: Math.floor(at / n), selCol: at % n, selDigit: held ? String(held) : sel, lit: hint ? hint.cells : [] };
  v.boxOf = (r, c) => Math.floor(r / box[0]) * box[0] + Math.floor(c / box[1]);
  cells.forEach((cell, i) => drawCell(cell, i, v));
}

// drawCell brings one cell up to date with the board v: its classes,
// its content (only when that changed), its name and its focus.
function drawCell(cell, i, v) {
  const { s, n } = v;
  const r = Math.floor(i / n), c = i % n;
  const given = s.givens[i] !== ".";
  const digit = s.cells[i] !== "." ? s.cells[i] : "";
  const tg = s.together;
  const placer = tg && tg.by && !given && digit && tg.by[i] >= 0 ? tg.players[tg.by[i]] : null;
  const others = tg ? tg.players.filter((p) => p.id !== tg.you && !p.gone && tg.sel && tg.sel[p.id] === i) : [];
  const classes = ["cell"];
  if (given) classes.push("given");
  if (i === at && !held) classes.push("selected");
  if ((c + 1) % v.box[1] === 0 && c + 1 < n) classes.push("box-right");
  if ((r + 1) % v.box[0] === 0 && r + 1 < n) classes.push("box-bottom");
  if (wrong.includes(i)) classes.push("wrong");
  if (v.lit.includes(i)) classes.push("hinted");
  if (!held && i !== at && (r === v.selRow || c === v.selCol || v.boxOf(r, c) === v.boxOf(v.selRow, v.selCol))) classes.push("peer");
  if (v.selDigit && digit === v.selDigit) classes.push("same");
  if (others.length) classes.push("other", "c" + (others[0].color % 8));
  set(cell, "className", classes.join(" "));
  drawContent(cell, i, v, digit, placer, others[0]);
  set(cell, "title", placer ? t("placed by %s", placer.name) : "");
  if (cell.dataset.by !== (placer ? placer.name : "")) cell.dataset.by = placer ? placer.name : "";
  setAttr(cell, "aria-label", t("row %d column %d", r + 1, c + 1) + ", " +
    (given ? t("given %s", digit) : digit ? digit : markWords(s.notes[i], s.centre && s.centre[i])) +
    (placer ? ", " + t("placed by %s", placer.name) : "") +
    (others.length ? ", " + t("%s here", others.map((p) => p.name).join(", ")) : "") +
    (wrong.includes(i) ? ", " + t("wrong") : ""));
  setAttr(cell, "aria-selected", String(i === at));
  set(cell, "tabIndex", i === at ? 0 : -1);
}

// set and setAttr change an element's property or attribute only when
// it differs.
function set(el, name, value) {
  if (el[name] !== value) el[name] = value;
}
function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

// drawContent puts a cell's digit, or its marks, with who placed it and
// who is on it, in the cell, unless they are there already.
function drawContent(cell, i, v, digit, placer, other) {
  const corner = digit ? "" : v.s.notes[i] || "", centre = digit ? "" : (v.s.centre && v.s.centre[i]) || "";
  const key = [digit, placer ? placer.color : "", other ? other.id + " " + other.color + " " + other.avatar : "",
    corner, centre, corner.includes(v.selDigit) ? v.selDigit : ""].join("|");
  if (cell.dataset.key === key) return;
  cell.dataset.key = key;
  const parts = digit ? [digit] : [];
  if (placer) {
    const mark = document.createElement("span");
    mark.className = "by c" + (placer.color % 8);
    parts.push(mark);
  }
  if (other) parts.push(badge(other));
  if (corner) parts.push(notes(corner, v.n, v.selDigit));
  if (centre) {
    const mid = document.createElement("span");
    mid.className = "centre";
    mid.setAttribute("aria-hidden", "true");
    mid.textContent = centre;
    parts.push(mid);
  }
  cell.replaceChildren(...parts);
}

// markWords says an empty cell's marks: "marks 1 2", "centre 4 7", both,
// or "empty".
function markWords(corner, centre) {
  const parts = [];
  if (corner) parts.push(t("marks %s", corner.split("").join(" ")));
  if (centre) parts.push(t("centre %s", centre.split("").join(" ")));
  return parts.join(", ") || t("empty");
}

// notes draws a cell's pencil marks in a small grid, each digit in its
// place (1 top left … 9 bottom right), the selected digit stronger.
function notes(text, n, selDigit) {
  const box = document.createElement("span");
  box.className = "marks";
  box.setAttribute("aria-hidden", "true");
  for (let d = 1; d <= n; d++) {
    const mark = document.createElement("span");
    mark.textContent = text.includes(String(d)) ? d : "";
    if (String(d) === selDigit && mark.textContent) mark.className = "same";
    box.append(mark);
  }
  return box;
}

// focusCell gives the selected cell the keyboard's focus.
export function focusCell() {
  const cell = grid.querySelector('[data-cell="' + at + '"]');
  if (cell) cell.focus();
}
