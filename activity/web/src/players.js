// Who plays: a shared board's players, a race's racers, and the others
// who opened the same daily here.
import { $ } from "./dom.js";
import { t } from "./words.js";
import { sync, waiting } from "./clock.js";

// badge is a player's avatar in their colour: Discord's picture through
// the Activity's URL mapping /cdn (to cdn.discordapp.com), or their
// initial where there is none or it does not load.
export function badge(p) {
  const b = document.createElement("span");
  b.className = "badge c" + (p.color % 8);
  b.setAttribute("aria-hidden", "true");
  b.dataset.initial = (p.name || "?").slice(0, 1).toUpperCase(); // drawn by the style: the cell's text stays its digit
  if (p.avatar && /^[a-z0-9_]+$/.test(p.avatar) && /^[0-9]+$/.test(p.id)) {
    const img = document.createElement("img");
    img.alt = "";
    img.onload = () => b.replaceChildren(img);
    img.src = "/cdn/avatars/" + p.id + "/" + p.avatar + ".png?size=32";
  }
  return b;
}

// racerBar draws one racer's progress: never a digit, only how many
// cells are filled, what their last check found, and their finish.
function racerBar(r) {
  const li = document.createElement("li");
  li.className = "racer c" + (r.color % 8);
  const name = document.createElement("span");
  name.textContent = r.name + (r.id === document.body.dataset.signedIn ? " " + t("(you)") : "");
  const bar = document.createElement("progress");
  bar.max = r.empty;
  bar.value = r.filled;
  bar.setAttribute("aria-label", t("%s: %d of %d cells", r.name, r.filled, r.empty));
  const note = document.createElement("span");
  const clock = (secs) => Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0");
  note.textContent = r.place ? "#" + r.place + " · " + clock(r.took) : r.mistakes ? t("%d wrong", r.mistakes) : r.filled + "/" + r.empty;
  li.append(name, bar, note);
  return li;
}

// drawPlayers lists a shared board's players, each in their colour,
// with how many of the digits standing they placed, and shows the tools
// that board has.
export function drawPlayers(s) {
  const list = $("players");
  const tg = s.together;
  const race = tg && tg.race;
  list.hidden = !tg;
  for (const id of ["autonotes", "redo", "hold"]) $(id).hidden = !!tg && !race;
  $("sharemarks").hidden = !tg || !!race;
  $("hint").hidden = !!race;
  $("start").hidden = !race || !!race.start;
  $("tell").hidden = !tg || !tg.over || tg.told;
  const daily = !tg && s.daily && s.daily.others && s.daily.others.length > 1 ? s.daily.others : null;
  if (daily) { // the others who opened this daily here, Wordle-style
    list.hidden = false;
    list.replaceChildren(...daily.map(racerBar));
    return;
  }
  if (race) {
    sync(race);
    const wait = waiting(race);
    for (const b of $("pad").children) b.disabled = b.disabled || wait;
    list.replaceChildren(...race.racers.map(racerBar));
    return;
  }
  if (!tg) return;
  list.replaceChildren(...tg.players.filter((p) => !p.gone).map((p) => {
    const li = document.createElement("li");
    li.className = "player c" + (p.color % 8);
    li.append(badge(p), p.name + (p.id === tg.you ? " " + t("(you)") : "") + " · " + (tg.placed[tg.players.indexOf(p)] || 0));
    return li;
  }));
  const me = tg.players.find((p) => p.id === tg.you);
  $("sharemarks").setAttribute("aria-pressed", String(!!(me && me.share)));
}
