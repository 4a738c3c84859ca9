// api calls our server with the session token, and returns its JSON or
// throws the sentence it sent.
export async function api(path, session, body) {
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
