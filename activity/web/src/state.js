// The board the page shows and the player's place on it, changed only
// through the functions here; no DOM, no socket.

// state is the board last drawn, as the server sent it (null before one).
export let state = null;
// at is the selected cell; held, the digit held (Digit first), or 0.
export let at = 0;
export let held = 0;
// pencil is what a digit makes: 0, a digit; 1, a corner mark; 2, a centre mark.
export let pencil = 0;
// hint is the last hint's step, while the board has not changed since.
export let hint = null;
// wrong are the cells a check or a wrong Submit found, until the board
// changes; a Submit's answer carries them on the same version.
export let wrong = [];

// show makes s the board shown, keeping what it does not say: the marks
// of a check, the last hint, and who else opened this daily (pushed since).
export function show(s) {
  if (s.wrong && s.wrong.length) wrong = s.wrong;
  else if (!state || s.game !== state.game || s.version !== state.version) wrong = s.wrong || [];
  if (s.daily && !s.daily.others && state && state.daily && state.daily.day === s.daily.day) s.daily.others = state.daily.others; // pushed since
  if (s.hint) hint = { version: s.version, step: s.hint.step, steps: s.hint.steps, cells: s.hint.cells || [] };
  else if (hint && hint.version !== s.version) hint = null;
  state = s;
}

// over says whether the board shown is solved.
export const over = () => state.solved || (state.daily && state.daily.solved);

// selectCell moves the selection to cell i.
export const selectCell = (i) => (at = i);

// hold holds digit d (0: none).
export const hold = (d) => (held = d);

// usePencil sets what a digit makes.
export const usePencil = (mode) => (pencil = mode);

// reset forgets the selection and the hint, for a game being opened.
export function reset() {
  at = 0;
  held = 0;
  hint = null;
}
