// A WebSocket that opens again when it drops, and the rules for when:
// nothing here knows what goes over it (the queue does) nor what the
// page does with it.
import { refusal, refused, say } from "./status.js";
import { t } from "./words.js";

const lost = () => t("The board lost its connection. Close the Activity and open it again.");

// reconnect keeps a WebSocket to url open, saying so on the status line.
// It calls opened(ws) on each opening, received(m) with each message
// decoded, and dropped(refused) on each close, refused true where the
// server refused the socket. After a drop it tries again five times,
// waiting longer each time; after a refusal, only where the server was
// full, a minute later.
export function reconnect(url, opened, received, dropped) {
  let tries = 0;
  const open = () => {
    const ws = new WebSocket(url);
    ws.onopen = () => {
      if (refusal) refused("");
      if (tries) say("");
      tries = 0;
      opened(ws);
    };
    ws.onmessage = (event) => received(JSON.parse(event.data));
    ws.onclose = (event) => {
      // Refused for good (1008: too many of the player's pages) or for now
      // (1013: the server is full): the server's sentence stays, and the
      // page does not knock again at once (a full server, in a minute).
      const refusedNow = event.code === 1008 || event.code === 1013;
      dropped(refusedNow);
      if (refusedNow) {
        refused(event.reason || lost());
        if (event.code === 1013) setTimeout(open, 60000);
        return;
      }
      tries++;
      // A full server's reason of a minute ago is no longer why.
      refused("", tries > 5 ? lost() : t("Reconnecting…"));
      if (tries <= 5) setTimeout(open, Math.min(4000, 250 * 2 ** tries));
    };
  };
  open();
}
