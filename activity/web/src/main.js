// The big board's page: it signs in through Discord's Embedded App SDK
// (handshake, authorize, our server's code exchange, authenticate) and
// keeps the session token our server hands it in memory, never in a
// cookie (the proxy in front of an Activity wants cookies partitioned).
import { DiscordSDK } from "@discord/embedded-app-sdk";

const status = document.getElementById("status");

function say(text) {
  status.textContent = text;
}

// api calls our server with the session token, and returns its JSON or
// throws the sentence it sent.
async function api(path, session, body) {
  const init = { method: body ? "POST" : "GET", headers: {} };
  if (session) init.headers.Authorization = "Bearer " + session;
  if (body) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const resp = await fetch(path, init);
  const data = await resp.json().catch(() => ({}));
  if (!resp.ok) throw new Error(data.message || "The server did not answer. Try again in a moment.");
  return data;
}

async function signIn() {
  const params = new URLSearchParams(location.search);
  if (!params.has("frame_id")) {
    say("Open Sudoku from Discord: start it from the app launcher in a channel or DM.");
    return null;
  }
  const { client_id: clientId } = await api("/api/config");
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const signed = await api("/api/token", null, { code });
  await sdk.commands.authenticate({ access_token: signed.access_token });
  return { sdk, session: signed.session, user: signed.user };
}

// board draws a game and plays it over the WebSocket at /api/play: click
// or tap a cell, then a digit; arrows, digits, Backspace, N (pencil marks)
// and Ctrl+Z on a keyboard. Each change names the version it was made on;
// the server's answer is the board as stored, which is what is drawn.
function board(session, ref) {
  const root = document.getElementById("board");
  const grid = document.getElementById("grid");
  const pad = document.getElementById("pad");
  let state = null;
  let at = 0;
  let pencil = false;
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/play");
  // Changes go one at a time, each on the version the last answer gave:
  // a player typing faster than the answers come is queued, not refused.
  const queue = [];
  let waiting = false;
  const pump = () => {
    if (waiting || !queue.length || ws.readyState !== WebSocket.OPEN) return;
    waiting = true;
    ws.send(JSON.stringify(Object.assign({ game: ref, version: state ? state.version : 0 }, queue.shift())));
  };
  const send = (t, extra) => {
    queue.push(Object.assign({ t }, extra));
    pump();
  };
  const cellMove = (t, digit) => send(t, { row: Math.floor(at / state.size), col: at % state.size, digit });

  ws.onopen = () => {
    ws.send(JSON.stringify({ t: "hello", session }));
    send("open");
  };
  ws.onclose = () => say("The connection to the board closed. Close the Activity and open it again.");
  ws.onmessage = (event) => {
    const m = JSON.parse(event.data);
    waiting = false;
    setTimeout(pump);
    if (m.t === "state") {
      draw(m);
      say(m.solved ? "Solved! Well done." : m.wrong && m.wrong.length ? m.wrong.length + " wrong, marked in red." : "");
    } else {
      if (m.state) draw(m.state);
      say(m.message);
    }
  };

  // The clock counts from when the game was first opened, on any front
  // end, and stops when it is solved.
  const clock = document.getElementById("clock");
  const tick = () => {
    if (!state || !state.started || state.solved) return;
    const secs = Math.max(0, Math.floor(Date.now() / 1000) - state.started);
    const h = Math.floor(secs / 3600), m = Math.floor(secs / 60) % 60, sec = secs % 60;
    clock.textContent = (h ? h + ":" + String(m).padStart(2, "0") : m) + ":" + String(sec).padStart(2, "0");
  };
  setInterval(tick, 1000);

  function draw(s) {
    state = s;
    root.hidden = false;
    tick();
    grid.style.setProperty("--n", s.size);
    grid.replaceChildren();
    const box = s.size === 6 ? [2, 3] : [Math.sqrt(s.size), Math.sqrt(s.size)];
    const boxOf = (r, c) => Math.floor(r / box[0]) * box[0] + Math.floor(c / box[1]);
    const selRow = Math.floor(at / s.size), selCol = at % s.size;
    const selDigit = s.cells[at] !== "." ? s.cells[at] : "";
    for (let r = 0; r < s.size; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      for (let c = 0; c < s.size; c++) {
        const i = r * s.size + c;
        const cell = document.createElement("button");
        cell.setAttribute("role", "gridcell");
        cell.dataset.cell = i;
        const given = s.givens[i] !== ".";
        const digit = s.cells[i] !== "." ? s.cells[i] : "";
        cell.className = "cell" + (given ? " given" : "") + (i === at ? " selected" : "") +
          ((c + 1) % box[1] === 0 && c + 1 < s.size ? " box-right" : "") +
          ((r + 1) % box[0] === 0 && r + 1 < s.size ? " box-bottom" : "") +
          (s.wrong && s.wrong.includes(i) ? " wrong" : "") +
          (i !== at && (r === selRow || c === selCol || boxOf(r, c) === boxOf(selRow, selCol)) ? " peer" : "") +
          (selDigit && digit === selDigit ? " same" : "");
        cell.textContent = digit;
        if (!digit && s.notes[i]) {
          cell.classList.add("notes");
          cell.textContent = s.notes[i];
        }
        cell.setAttribute("aria-label", "row " + (r + 1) + " column " + (c + 1) + ", " +
          (given ? "given " + digit : digit ? digit : s.notes[i] ? "marks " + s.notes[i].split("").join(" ") : "empty"));
        cell.tabIndex = i === at ? 0 : -1;
        cell.onclick = () => select(i);
        row.append(cell);
      }
      grid.append(row);
    }
    document.getElementById("undo").disabled = !s.can_undo;
  }

  function select(i) {
    at = i;
    draw(state);
    grid.querySelector('[data-cell="' + i + '"]').focus();
  }

  function input(digit) {
    if (!state) return;
    if (digit === 0) cellMove("erase");
    else cellMove(pencil ? "note" : "place", digit);
  }

  pad.replaceChildren();
  for (let d = 1; d <= 9; d++) {
    const b = document.createElement("button");
    b.textContent = d;
    b.dataset.digit = d;
    b.onclick = () => input(d);
    pad.append(b);
  }
  document.getElementById("erase").onclick = () => input(0);
  document.getElementById("undo").onclick = () => send("undo");
  document.getElementById("check").onclick = () => send("check");
  const pencilButton = document.getElementById("pencil");
  pencilButton.onclick = () => {
    pencil = !pencil;
    pencilButton.setAttribute("aria-pressed", String(pencil));
  };
  document.addEventListener("keydown", (e) => {
    if (!state) return;
    const n = state.size;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n };
    if (e.key in moves) {
      select((at + moves[e.key] + n * n) % (n * n));
      e.preventDefault();
    } else if (/^[1-9]$/.test(e.key) && Number(e.key) <= n) {
      input(Number(e.key));
    } else if (e.key === "Backspace" || e.key === "Delete" || e.key === "0") {
      input(0);
    } else if (e.key === "n" || e.key === "N") {
      pencilButton.click();
    } else if (e.key === "z" && (e.ctrlKey || e.metaKey)) {
      send("undo");
    }
  });
}

async function main() {
  say("Signing in…");
  try {
    const who = await signIn();
    if (!who) return;
    const me = await api("/api/me", who.session);
    document.body.dataset.signedIn = me.id;
    const signedIn = "Signed in as " + me.name + ".";
    say(signedIn);
    let games;
    try {
      ({ games } = await api("/api/games", who.session));
    } catch (err) {
      say(signedIn + " " + err.message);
      return;
    }
    if (!games.length) {
      say(signedIn + " No board yet: start one with /play in Discord, then open this again.");
      return;
    }
    board(who.session, games[0]);
  } catch (err) {
    say(err instanceof Error ? err.message : "Signing in did not work. Close the Activity and open it again.");
  }
}

main();
