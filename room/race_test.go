package room

import (
	"errors"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/solver"
)

// newRace starts a race on the classic puzzle with ada and bob in it.
func newRace(t testing.TB) *Room { return seated(t, NewRace) }

// race places digit at cell i of a racer's board, through Racing and
// Raced, at time at.
func race(t *testing.T, r *Room, id string, i, digit int, at time.Time) {
	t.Helper()
	g, err := r.Racing(id, at)
	if err != nil {
		t.Fatalf("%s at %v: %v", id, at, err)
	}
	if err := g.Apply(game.Move{Kind: game.Place, Cell: solver.Cell{Row: i / 9, Col: i % 9}, Digit: digit}); err != nil {
		t.Fatal(err)
	}
	r.Raced(id, nil, at)
}

// TestRace: nobody moves before the countdown ends; each racer fills a
// board of their own, which the others see only as progress; checks count
// mistakes; the finish order is kept.
func TestRace(t *testing.T) {
	r := newRace(t)
	if _, err := r.Racing("ada", now); !errors.Is(err, ErrNotStarted) {
		t.Fatalf("a move before the start: %v", err)
	}
	if err := r.StartRace("bob", now); err != nil || !r.Race.Start.Equal(now.Add(Countdown)) {
		t.Fatalf("start: %v, at %v", err, r.Race.Start)
	}
	r.StartRace("ada", now.Add(time.Second)) // a second start changes nothing
	if _, err := r.Racing("ada", now.Add(Countdown-time.Second)); !errors.Is(err, ErrNotStarted) {
		t.Errorf("a move in the countdown: %v", err)
	}
	go1 := now.Add(Countdown)
	race(t, r, "ada", 2, 4, go1)
	race(t, r, "ada", 3, 5, go1) // wrong: r1c4 is 6
	if p := r.Progress("ada"); p.Filled != 2 || p.Empty != 51 || p.Place != 0 {
		t.Errorf("ada's progress %+v", p)
	}
	if r.Race.Boards["bob"].Grid().At(0, 2) != 0 {
		t.Error("ada's digit is on bob's board")
	}
	g, _ := r.Racing("ada", go1)
	r.Raced("ada", g.Check(), go1)
	if p := r.Progress("ada"); p.Mistakes != 1 {
		t.Errorf("ada's mistakes after a check: %d", p.Mistakes)
	}
	if err := r.Apply("ada", place(1, 3, 4, r.Version), now); !errors.Is(err, ErrNotRace) {
		t.Errorf("a shared move in a race: %v", err)
	}
	for _, id := range []string{"bob", "ada"} {
		for i := range 81 {
			if classic[i] == '.' && r.Race.Boards[id].Grid().At(i/9, i%9) != int(solution[i]-'0') {
				race(t, r, id, i, int(solution[i]-'0'), go1.Add(time.Minute))
			}
		}
		go1 = go1.Add(time.Second)
	}
	if a, b := r.Progress("ada"), r.Progress("bob"); b.Place != 1 || a.Place != 2 || b.Took != time.Minute || a.Mistakes != 0 {
		t.Errorf("finish: ada %+v, bob %+v", a, b)
	}
	if _, err := r.Racing("bob", go1.Add(time.Hour)); !errors.Is(err, ErrSolved) {
		t.Errorf("a move after finishing: %v", err)
	}
	data, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := back.Encode(); string(again) != string(data) || back.Progress("ada") != r.Progress("ada") {
		t.Errorf("a race's round trip:\n%s\n%s", data, again)
	}
}

// TestRaceOver: a race is over when every racer present has finished, or
// RaceWait after the first finish (one who never finishes does not hold
// the room forever).
func TestRaceOver(t *testing.T) {
	r := newRace(t)
	r.StartRace("ada", now)
	start := now.Add(Countdown)
	for i := range 81 {
		if classic[i] == '.' {
			race(t, r, "ada", i, int(solution[i]-'0'), start.Add(time.Minute))
		}
	}
	if r.Over(start.Add(2 * time.Minute)) {
		t.Error("the race is over while bob races")
	}
	if !r.Over(start.Add(time.Minute + RaceWait)) {
		t.Error("the race is not over long after the first finish")
	}
	r.Leave("bob")
	if !r.Over(start.Add(2 * time.Minute)) {
		t.Error("the race is not over when everyone left has finished")
	}
}
