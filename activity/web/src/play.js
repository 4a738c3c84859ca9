// Playing over the socket: the messages a game's changes make, and what
// each answer or push from the server draws.
import { connect, send as queue, first, tell } from "./queue.js";
import { state, reset } from "./state.js";
import { draw, drawMessage, notify, noticed } from "./board.js";
import { drawPlayers } from "./players.js";

let joining = false; // a join is on its way: the room's boards may come before its answer
let showMenu = null;

// play connects for the session's player; showMenu(text) is called where
// an answer brings no board and none is shown. On each reconnection the
// game shown is opened again.
export function play(session, menu) {
  showMenu = menu;
  connect(session, answer, () => {
    if (!state) return;
    joining = !!state.together;
    first(() => (state.together ? { t: "join" } : { t: "open", game: state.game }));
  });
}

// open asks for a game: {t:"today"}, {t:"new", level}, {t:"open", game}
// or {t:"join", …}.
export function open(m) {
  reset();
  joining = m.t === "join";
  queue(() => m);
}

// send queues a change. On a game of one's own it is made on the
// version of the latest answer when its turn comes (the server refuses
// any other); on a shared board, on the version the player saw when
// they made it, so a change to a cell someone changed meanwhile is
// refused rather than written over theirs.
export function send(t, extra) {
  noticed(); // read: the player goes on
  const make = () => Object.assign({ t, game: state.game, version: state.version }, extra);
  if (!state.together) return queue(make);
  const m = Object.assign(make(), state.together.race ? { race: true } : {});
  queue(() => m);
}

// cellMove sends a change to cell i.
export const cellMove = (t, i, digit) => send(t, { row: Math.floor(i / state.size), col: i % state.size, digit });

// selected tells the others on a shared board where the player's
// selection is; a race's racers see how far the others have got, not
// where (the server tells nobody a racer's selection).
export function selected(i) {
  if (state.together && !state.together.race) tell({ t: "select", row: Math.floor(i / state.size), col: i % state.size });
}

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
    if (state && state.together && !state.together.race) {
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
