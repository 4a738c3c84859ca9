// The big board's page: it signs in through Discord (signin.js), words
// itself in the player's language (words.js), then shows today's daily,
// or the menu, and plays over a WebSocket (queue.js over socket.js).
// The server holds every rule and words every answer; the page draws.
import { $, toggle } from "./dom.js";
import { api } from "./api.js";
import { say } from "./status.js";
import { signIn } from "./signin.js";
import { t, capital, loadWords, translatePage } from "./words.js";
import { connect, send as queue, first, tell } from "./queue.js";

// noticeFor is how long a refusal or an error stays on the message line
// (unless the player does something else first), in milliseconds.
const noticeFor = 5000;

// badge is a player's avatar in their colour: Discord's picture through
// the Activity's URL mapping /cdn (to cdn.discordapp.com), or their
// initial where there is none or it does not load.
function badge(p) {
  const b = document.createElement("span");
  b.className = "badge c" + (p.color % 8);
  b.setAttribute("aria-hidden", "true");
  b.dataset.initial = (p.name || "?").slice(0, 1).toUpperCase(); // drawn by the style: the cell's text stays its digit
  if (p.avatar && /^[a-z0-9_]+$/.test(p.avatar) && /^[0-9]+$/.test(p.id)) {
    const img = document.createElement("img");
    img.alt = "";
    img.onload = () => b.replaceChildren(img);
    img.src = "/cdn/avatars/" + p.id + "/" + p.avatar + ".png?size=32";
  }
  return b;
}

// Board draws one game at a time and plays it: click or tap a cell then a
// digit, or (Digit first) a digit then cells; arrows, digits, Backspace,
// N (pencil), Ctrl+Z and Ctrl+Y on a keyboard.
function Board(session, showMenu) {
  const grid = $("grid");
  let state = null;
  let at = 0;
  let pencil = 0; // 0: digits; 1: corner marks; 2: centre marks
  let held = 0;
  let hint = null; // the last hint's step, while the board has not changed since
  let skew = 0; // the server's clock less this one's, in seconds, for the clock
  let joining = false; // a join is on its way: the room's boards may come before its answer
  let wrong = [];
  let notice = ""; // a refusal or error the player must read: kept over pushes
  let noticeTimer = 0;

  // notify keeps text on the message line for noticeFor, or until the
  // player's next change, whatever boards come in meanwhile.
  function notify(text) {
    notice = text;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => {
      notice = "";
      if (state) drawMessage(state);
    }, noticeFor);
  }

  function drawMessage(s) {
    $("message").textContent = notice || (s.hint ? s.hint.text : s.message || "");
  }

  connect(session, answer, () => {
    if (!state) return;
    joining = !!state.together;
    first(() => (state.together ? { t: "join" } : { t: "open", game: state.game }));
  });
  // send queues a change. On a game of one's own it is made on the
  // version of the latest answer when its turn comes (the server refuses
  // any other); on a shared board, on the version the player saw when
  // they made it, so a change to a cell someone changed meanwhile is
  // refused rather than written over theirs.
  const send = (t, extra) => {
    notice = ""; // read: the player goes on
    const make = () => Object.assign({ t, game: state.game, version: state.version }, extra);
    if (!state.together) return queue(make);
    const m = Object.assign(make(), state.together.race ? { race: true } : {});
    queue(() => m);
  };
  const cellMove = (t, i, digit) => send(t, { row: Math.floor(i / state.size), col: i % state.size, digit });

  // answer draws what the server sent: m, the answer to the message
  // sent, or (sent null) a push.
  function answer(m, sent) {
    if (m.t === "others") {
      if (state && state.daily && state.daily.day === m.day) {
        state.daily.others = m.racers;
        drawPlayers(state);
      }
      return;
    }
    if (m.t === "presence") {
      if (state && state.together) {
        state.together.sel = Object.assign({}, state.together.sel, { [m.user]: m.cell });
        draw(state);
      }
      return;
    }
    if (m.t === "room") {
      if ((state && state.together && m.version >= state.version) || joining) draw(Object.assign(m, { message: m.message || "" }));
      return;
    }
    joining = false;
    const s = m.t === "state" ? m : m.state;
    const stale = s && state && s.game === state.game && s.version < state.version; // a newer board came first
    if (s && !stale) draw(s);
    if (sent && sent.t === "tell" && m.message) notify(m.message); // the push that follows has no word of it
    if (stale && m.t === "state") return;
    if (m.t !== "state") {
      notify(m.message || "");
      if (state) drawMessage(state);
      if (!s && !state) showMenu(m.message);
    }
  }

  // The clock counts from when the game (or the daily) was first opened,
  // on any front end, and stops when it is solved.
  const tick = () => {
    if (state && state.daily && state.daily.solved && state.daily.took) { // the recorded time, not the last tick
      $("clock").textContent = clockText(state.daily.took);
      return;
    }
    if (!state || !state.started || state.solved || (state.daily && state.daily.solved)) return;
    $("clock").textContent = clockText(Math.max(0, Math.floor(Date.now() / 1000) + skew - state.started));
  };
  const clockText = (secs) => {
    const h = Math.floor(secs / 3600), mm = Math.floor(secs / 60) % 60, ss = secs % 60;
    return (h ? h + ":" + String(mm).padStart(2, "0") : mm) + ":" + String(ss).padStart(2, "0");
  };
  setInterval(tick, 1000);

  // A race's countdown runs on the server's milliseconds: each number
  // shows for a whole second, and the pad opens when it ends, not at the
  // next tick. skewMs is the server's clock less this one's, as the last
  // board said it (the board's way here makes it late, never early).
  let skewMs = 0;
  let countdown = 0;
  let saidGo = 0; // the start the page has said Go! for
  const waiting = (race) => !race.start_ms || Date.now() + skewMs < race.start_ms;
  function countDown() {
    clearTimeout(countdown);
    const race = state && state.together && state.together.race;
    if (!race || !race.start_ms) return;
    const left = race.start_ms - (Date.now() + skewMs);
    if (left > 0) {
      if (!notice) $("message").textContent = t("The race starts in %d…", Math.ceil(left / 1000));
      countdown = setTimeout(countDown, left % 1000 || 1000);
    } else if (saidGo !== race.start_ms) {
      saidGo = race.start_ms;
      state.message = t("Go!");
      draw(state);
    }
  }

  function over() {
    return state.solved || (state.daily && state.daily.solved);
  }

  function draw(s) {
    const refocus = document.activeElement && document.activeElement.classList.contains("cell");
    // Cells a check or a wrong Submit found stay marked until the board
    // changes; a Submit's answer carries them on the same version.
    if (s.wrong && s.wrong.length) wrong = s.wrong;
    else if (!state || s.game !== state.game || s.version !== state.version) wrong = s.wrong || [];
    if (s.daily && !s.daily.others && state && state.daily && state.daily.day === s.daily.day) s.daily.others = state.daily.others; // pushed since
    if (s.hint) hint = { version: s.version, step: s.hint.step, steps: s.hint.steps, cells: s.hint.cells || [] };
    else if (hint && hint.version !== s.version) hint = null;
    state = s;
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

  // racerBar draws one racer's progress: never a digit, only how many
  // cells are filled, what their last check found, and their finish.
  function racerBar(r) {
    const li = document.createElement("li");
    li.className = "racer c" + (r.color % 8);
    const name = document.createElement("span");
    name.textContent = r.name + (r.id === document.body.dataset.signedIn ? " " + t("(you)") : "");
    const bar = document.createElement("progress");
    bar.max = r.empty;
    bar.value = r.filled;
    bar.setAttribute("aria-label", t("%s: %d of %d cells", r.name, r.filled, r.empty));
    const note = document.createElement("span");
    const clock = (secs) => Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0");
    note.textContent = r.place ? "#" + r.place + " · " + clock(r.took) : r.mistakes ? t("%d wrong", r.mistakes) : r.filled + "/" + r.empty;
    li.append(name, bar, note);
    return li;
  }

  // drawPlayers lists a shared board's players, each in their colour,
  // with how many of the digits standing they placed.
  function drawPlayers(s) {
    const list = $("players");
    const tg = s.together;
    const race = tg && tg.race;
    list.hidden = !tg;
    for (const id of ["autonotes", "redo", "hold"]) $(id).hidden = !!tg && !race;
    $("sharemarks").hidden = !tg || !!race;
    $("hint").hidden = !!race;
    $("start").hidden = !race || !!race.start;
    $("tell").hidden = !tg || !tg.over || tg.told;
    const daily = !tg && s.daily && s.daily.others && s.daily.others.length > 1 ? s.daily.others : null;
    if (daily) { // the others who opened this daily here, Wordle-style
      list.hidden = false;
      list.replaceChildren(...daily.map(racerBar));
      return;
    }
    if (race) {
      if (!race.seen) { // a board just come: its clock, not one drawn again
        race.seen = true;
        if (!race.now_ms) [race.start_ms, race.now_ms] = [race.start * 1000, race.now * 1000]; // a server of before
        skew = race.now - Math.floor(Date.now() / 1000);
        skewMs = race.now_ms - Date.now();
      }
      const wait = waiting(race);
      for (const b of $("pad").children) b.disabled = b.disabled || wait;
      list.replaceChildren(...race.racers.map(racerBar));
      return;
    }
    if (!tg) return;
    list.replaceChildren(...tg.players.filter((p) => !p.gone).map((p) => {
      const li = document.createElement("li");
      li.className = "player c" + (p.color % 8);
      li.append(badge(p), p.name + (p.id === tg.you ? " " + t("(you)") : "") + " · " + (tg.placed[tg.players.indexOf(p)] || 0));
      return li;
    }));
    const me = tg.players.find((p) => p.id === tg.you);
    $("sharemarks").setAttribute("aria-pressed", String(!!(me && me.share)));
  }

  // cells are the grid's buttons, made once for a board's size and kept:
  // a push changes only what changed in them, so a press that spans a
  // push is still a click on the cell pressed.
  let cells = [];

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

  function drawGrid(s) {
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

  function focusCell() {
    const cell = grid.querySelector('[data-cell="' + at + '"]');
    if (cell) cell.focus();
  }

  function select(i) {
    at = i;
    draw(state);
    focusCell();
    if (state.together) tell({ t: "select", row: Math.floor(i / state.size), col: i % state.size });
  }

  function tap(i) {
    if (held) {
      at = i;
      input(held);
      select(i);
      return;
    }
    select(i);
  }

  function input(digit) {
    if (!state || over()) return;
    if (digit === 0) cellMove("erase", at);
    else if (pencil) send("note", { row: Math.floor(at / state.size), col: at % state.size, digit, centre: pencil === 2 });
    else cellMove("place", at, digit);
  }

  const pad = $("pad");
  pad.replaceChildren();
  for (let d = 1; d <= 9; d++) {
    const b = document.createElement("button");
    b.dataset.digit = d;
    b.setAttribute("aria-label", t("digit %d", d));
    b.append(String(d), document.createElement("small"));
    b.onclick = () => {
      if ($("hold").getAttribute("aria-pressed") === "true") {
        held = held === d ? 0 : d;
        draw(state);
      } else input(d);
    };
    pad.append(b);
  }
  // Pencil goes from digits to corner marks, to centre marks (not on a
  // shared board, whose marks are corner ones), and back.
  function setPencil(mode) {
    pencil = mode;
    toggle("pencil", pencil > 0);
    $("pencil").firstChild.textContent = [t("Pencil"), t("Pencil: corner"), t("Pencil: centre")][pencil] + " ";
  }
  $("pencil").onclick = () => setPencil((pencil + 1) % (state && state.together && !state.together.race ? 2 : 3));
  $("hold").onclick = () => {
    const on = $("hold").getAttribute("aria-pressed") !== "true";
    toggle("hold", on);
    if (!on) held = 0;
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
  $("back").onclick = () => showMenu("");

  document.addEventListener("keydown", (e) => {
    if (!state || $("board").hidden) return;
    const n = state.size;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n };
    const ctrl = e.ctrlKey || e.metaKey;
    if (e.key in moves && !ctrl) {
      held = 0;
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
  });

  return {
    // open asks for a game: {t:"today"}, {t:"new", level} or {t:"open", game}.
    open: (m) => {
      at = 0;
      held = 0;
      hint = null;
      joining = m.t === "join";
      queue(() => m);
    },
  };
}

// Menu lists what can be played: today's daily, a new puzzle by level,
// the player's games in progress, and past dailies to practise.
async function showMenu(session, board, note) {
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
  $("daily").onclick = () => board.open({ t: "today" });
  $("levels").replaceChildren(...menu.levels.map((level) => {
    const b = document.createElement("button");
    b.textContent = capital(t(level));
    b.onclick = () => board.open({ t: "new", level });
    return b;
  }));
  $("games-title").hidden = !menu.games.length;
  $("games").replaceChildren(...menu.games.map((g) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.textContent = g.title + " · " + (g.solved ? t("solved") : t("%d left", g.left));
    b.onclick = () => board.open({ t: "open", game: g.game });
    li.append(b);
    return li;
  }));
  $("together-title").hidden = $("together").hidden = $("race-title").hidden = $("race").hidden = !menu.together;
  $("race").replaceChildren(...menu.levels.map((level) => {
    const b = document.createElement("button");
    b.textContent = capital(t(level));
    b.setAttribute("aria-label", t("Race: %s", t(level)));
    b.onclick = () => board.open({ t: "join", mode: "race", level });
    return b;
  }));
  $("together").replaceChildren(...menu.levels.map((level) => {
    const b = document.createElement("button");
    b.textContent = capital(t(level));
    b.setAttribute("aria-label", t("Play together: %s", t(level)));
    b.onclick = () => board.open({ t: "join", level });
    return b;
  }));
  $("archive-title").hidden = !menu.archive.length;
  $("archive").replaceChildren(...menu.archive.map((day) => {
    const b = document.createElement("button");
    b.textContent = "#" + day;
    b.setAttribute("aria-label", t("Daily #%d", day));
    b.onclick = () => board.open({ t: "open", game: "q" + day });
    return b;
  }));
  (menu.daily ? $("daily") : $("levels").firstChild).focus();
  return menu;
}

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
    let board;
    const menu = (note) => showMenu(who.session, board, note);
    board = Board(who.session, menu);
    const first = await menu("");
    if (first && first.daily) board.open({ t: "today" }); // today's daily first
    else if (first && first.games.length && !first.games[0].solved) board.open({ t: "open", game: first.games[0].game });
  } catch (err) {
    say(err instanceof Error ? err.message : "Signing in did not work. Close the Activity and open it again.");
  }
}

main();
