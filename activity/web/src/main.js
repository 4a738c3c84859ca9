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

async function main() {
  say("Signing in…");
  try {
    const who = await signIn();
    if (!who) return;
    window.sudokubot = { session: who.session, user: who.user };
    const me = await api("/api/me", who.session);
    say("Signed in as " + me.name + ".");
    document.body.dataset.signedIn = me.id;
  } catch (err) {
    say(err instanceof Error ? err.message : "Signing in did not work. Close the Activity and open it again.");
  }
}

main();
