package room

import (
	"errors"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/solver"
)

// A race: the same puzzle for everyone in the room, each on a board of
// their own (a game.Game, with all its rules), started together when a
// countdown ends. The others see how far each has got (cells filled,
// mistakes their checks found, the finish order), never their digits.

// Errors of a race.
var (
	ErrNotStarted = errors.New("room: the race has not started")
	ErrNotRace    = errors.New("room: this room is not a race")
	ErrNoHints    = errors.New("room: no hints in a race")
)

// Countdown is how long a race waits between its start being asked and
// its first move.
const Countdown = 5 * time.Second

// Race is a race's state.
type Race struct {
	Start    time.Time             // when the countdown ends; zero until someone starts it
	Boards   map[string]*game.Game // each player's board
	Mistakes map[string]int        // wrong cells each player's last check found
	Done     map[string]time.Time  // when each player finished
}

// NewRace starts a room that races on puzzle (solution its only one).
func NewRace(puzzle, solution solver.Grid, at time.Time) *Room {
	r := New(puzzle, solution, at)
	r.Race = &Race{Boards: map[string]*game.Game{}, Mistakes: map[string]int{}, Done: map[string]time.Time{}}
	return r
}

// seat gives a player joining a race a board of their own.
func (r *Room) seat(id string) {
	if r.Race == nil || r.Race.Boards[id] != nil {
		return
	}
	g, err := game.New(r.Puzzle, r.Solution)
	if err == nil { // the room's puzzle and solution were checked when it was made
		r.Race.Boards[id] = g
	}
}

// StartRace starts the countdown, once: the race begins Countdown after
// at.
func (r *Room) StartRace(id string, at time.Time) error {
	switch {
	case r.Race == nil:
		return ErrNotRace
	case !r.In(id):
		return ErrNotIn
	case !r.Race.Start.IsZero():
		return nil
	}
	r.Race.Start = at.Add(Countdown).Truncate(time.Millisecond).UTC() // to the millisecond: each page counts down exactly Countdown
	r.Version++
	return nil
}

// Racing returns a player's board for a change at time at: the race must
// have started, and the player be in it and not finished.
func (r *Room) Racing(id string, at time.Time) (*game.Game, error) {
	switch {
	case r.Race == nil:
		return nil, ErrNotRace
	case !r.In(id) || r.Race.Boards[id] == nil:
		return nil, ErrNotIn
	case r.Race.Start.IsZero() || at.Before(r.Race.Start):
		return nil, ErrNotStarted
	case !r.Race.Done[id].IsZero():
		return nil, ErrSolved
	}
	return r.Race.Boards[id], nil
}

// Raced records a change a player made to their board (through Racing):
// a check's mistakes (wrong; nil for another change), and the finish.
func (r *Room) Raced(id string, wrong []solver.Cell, at time.Time) {
	g := r.Race.Boards[id]
	g.KeepUndo(MaxUndo)
	if wrong != nil {
		r.Race.Mistakes[id] = len(wrong)
	}
	if g.Solved() && r.Race.Done[id].IsZero() {
		r.Race.Done[id] = time.Unix(at.Unix(), 0).UTC()
		r.Race.Mistakes[id] = 0
	}
	r.Version++
}

// RaceWait is how long after the first finish a race is over even if some
// racer never finishes.
const RaceWait = 10 * time.Minute

// Over reports whether the room's play has ended at now: the board
// solved, or every racer present finished (or the first finished
// RaceWait ago); a room that is over may start a new board.
func (r *Room) Over(now time.Time) bool {
	if r.Race == nil {
		return !r.Finished.IsZero()
	}
	first, all := time.Time{}, true
	for _, p := range r.Players {
		done := r.Race.Done[p.ID]
		if !p.Gone && done.IsZero() {
			all = false
		}
		if !done.IsZero() && (first.IsZero() || done.Before(first)) {
			first = done
		}
	}
	return all || !first.IsZero() && now.Sub(first) >= RaceWait
}

// Progress is how far a racer has got, spoiler-free.
type Progress struct {
	Filled   int           // cells they filled
	Empty    int           // cells the puzzle left empty
	Mistakes int           // wrong cells their last check found
	Place    int           // their place at the finish, from 1; 0 until they finish
	Took     time.Duration // from the start to their finish
}

// Progress returns how far a racer has got.
func (r *Room) Progress(id string) Progress {
	if r.Race == nil || r.Race.Boards[id] == nil {
		return Progress{}
	}
	g := r.Race.Boards[id]
	p := Progress{Empty: r.Puzzle.Cells() - r.Puzzle.Givens(), Mistakes: r.Race.Mistakes[id]}
	p.Filled = p.Empty - g.Left()
	if done := r.Race.Done[id]; !done.IsZero() {
		p.Took = done.Sub(r.Race.Start)
		p.Place = 1
		for other, t := range r.Race.Done {
			if other != id && (t.Before(done) || t.Equal(done) && other < id) {
				p.Place++
			}
		}
	}
	return p
}
