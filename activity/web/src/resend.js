// resendable says whether a change in flight when the socket dropped goes
// again, as it was, after the game is opened again. It may or may not
// have been applied; it goes again where its version keeps it from
// applying twice: any change to a game of one's own, and a digit, erasure
// or mark on a shared board (refused if its cell changed since). An undo
// there, or a race's move (the page sets race on them), is not sent again.
export const resendable = (m) =>
  m.version !== undefined && (m.game !== "room" || (!m.race && ["place", "erase", "note"].includes(m.t)));
