// The messages to the server, one at a time over the socket: each goes
// when the last has its answer, built then, so that it carries the
// version of the latest answer, and a player typing faster than the
// answers come is queued, not refused.
import { reconnect } from "./socket.js";
import { resendable } from "./resend.js";

const queue = [];
let ws = null; // the socket last opened
let inflight = null; // the message sent and not yet answered

function pump() {
  if (inflight || !queue.length || !ws || ws.readyState !== WebSocket.OPEN) return;
  inflight = queue.shift()();
  ws.send(JSON.stringify(inflight));
}

// connect keeps a socket to /api/play open, saying hello with the session
// on each (re)connection, then calling reopen, so that after a restart of
// the bot the page opens its game again. answer(m, sent) gets each
// message: the answer to sent, or (sent null) a push, which comes between
// answers.
export function connect(session, answer, reopen) {
  reconnect(
    (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/play",
    (opened) => {
      ws = opened;
      ws.send(JSON.stringify({ t: "hello", session }));
      reopen();
      pump();
    },
    (m) => {
      const sent = inflight;
      if (m.t !== "room" && m.t !== "presence" && m.t !== "others") inflight = null; // pushes come between answers
      answer(m, sent === inflight ? null : sent);
      pump();
    },
    (refused) => {
      if (!refused && inflight && resendable(inflight)) queue.unshift(((m) => () => m)(inflight));
      inflight = null;
    },
  );
}

// send queues a message; make builds it when its turn comes.
export function send(make) {
  queue.push(make);
  pump();
}

// first puts a message at the front of the queue.
export function first(make) {
  queue.unshift(make);
  pump();
}

// tell sends a message that has no answer (where a selection is), if the
// socket is open; it is not worth keeping.
export function tell(m) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m));
}
