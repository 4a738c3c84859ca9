// Signing in through Discord's Embedded App SDK: handshake, authorize,
// our server's code exchange, authenticate. The session token our server
// hands back is kept in memory, never in a cookie (the proxy in front of
// an Activity wants cookies partitioned).
import { DiscordSDK } from "@discord/embedded-app-sdk";
import { api } from "./api.js";
import { say } from "./status.js";

// signIn returns {sdk, session, user}, or null (having said why) where
// the page was not opened from Discord; it throws what went wrong.
export async function signIn() {
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
  const signed = await api("/api/token", null, { code, instance: sdk.instanceId });
  await sdk.commands.authenticate({ access_token: signed.access_token });
  return { sdk, session: signed.session, user: signed.user };
}
