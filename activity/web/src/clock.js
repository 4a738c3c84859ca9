// The game's clock, and the server's time for a race's countdown.
import { $ } from "./dom.js";
import { state } from "./state.js";

let skew = 0; // the server's clock less this one's, in seconds, for the clock
// skewMs is the same in milliseconds, for a race's countdown, as the last
// board said it (the board's way here makes it late, never early).
let skewMs = 0;

// tick shows the time played: the clock counts from when the game (or
// the daily) was first opened, on any front end, and stops when it is
// solved.
export function tick() {
  if (state && state.daily && state.daily.solved && state.daily.took) { // the recorded time, not the last tick
    $("clock").textContent = clockText(state.daily.took);
    return;
  }
  if (!state || !state.started || state.solved || (state.daily && state.daily.solved)) return;
  $("clock").textContent = clockText(Math.max(0, Math.floor(Date.now() / 1000) + skew - state.started));
}

const clockText = (secs) => {
  const h = Math.floor(secs / 3600), mm = Math.floor(secs / 60) % 60, ss = secs % 60;
  return (h ? h + ":" + String(mm).padStart(2, "0") : mm) + ":" + String(ss).padStart(2, "0");
};

// sync takes the server's time from a race's board just come (marking it
// seen), not from one drawn again.
export function sync(race) {
  if (race.seen) return;
  race.seen = true;
  if (!race.now_ms) [race.start_ms, race.now_ms] = [race.start * 1000, race.now * 1000]; // a server of before
  skew = race.now - Math.floor(Date.now() / 1000);
  skewMs = race.now_ms - Date.now();
}

// waiting says whether a race has yet to start.
export const waiting = (race) => !race.start_ms || Date.now() + skewMs < race.start_ms;

// untilStart is how long a race has yet to start, in milliseconds, by
// the server's clock.
export const untilStart = (race) => race.start_ms - (Date.now() + skewMs);
