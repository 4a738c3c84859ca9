package room

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/solver"
)

// stored is a room as the store keeps it.
type stored struct {
	Puzzle   string                  `json:"puzzle"`
	Solution string                  `json:"solution"`
	Cells    string                  `json:"cells"`
	By       []int                   `json:"by"`
	Marks    map[string][]game.Notes `json:"marks,omitempty"`
	Players  []Player                `json:"players"`
	Version  int                     `json:"version"`
	Checks   int                     `json:"checks,omitempty"`
	Hints    int                     `json:"hints,omitempty"`
	Started  int64                   `json:"started"`
	Finished int64                   `json:"finished,omitempty"`
	Undo     map[string][]change     `json:"undo,omitempty"`
	Touched  []int                   `json:"touched,omitempty"`
	Floor    int                     `json:"floor,omitempty"`
	Shown    *Shown                  `json:"shown,omitempty"`
	Race     *storedRace             `json:"race,omitempty"`
	Told     bool                    `json:"told,omitempty"`
	// Log and Forgot are how rooms stored before touched kept the latest
	// changes: read, never written.
	Log    []logged `json:"log,omitempty"`
	Forgot int      `json:"forgot,omitempty"`
}

// storedRace is a race as the store keeps it: each board as game.Encode
// writes it.
type storedRace struct {
	Start    int64                      `json:"start,omitempty"`    // Unix seconds, for a binary that knows no start_ms
	StartMs  int64                      `json:"start_ms,omitempty"` // Unix milliseconds: the countdown is exact
	Boards   map[string]json.RawMessage `json:"boards"`
	Mistakes map[string]int             `json:"mistakes,omitempty"`
	Done     map[string]int64           `json:"done,omitempty"`
}

// logged is a change's version and cell, as rooms stored before touched
// kept them.
type logged struct {
	Version int `json:"v"`
	Cell    int `json:"c"`
}

// maxSeats bounds the players a stored room lists, gone ones included.
const maxSeats = 4 * MaxPlayers

// Encode returns the room as JSON, for the store.
func (r *Room) Encode() ([]byte, error) {
	s := stored{Puzzle: r.Puzzle.String(), Solution: r.Solution.String(), Cells: r.Cells.String(), By: r.By,
		Marks: r.Marks, Players: r.Players, Version: r.Version, Checks: r.Checks, Hints: r.Hints,
		Started: r.Started.Unix(), Undo: r.undo, Touched: r.touched, Floor: r.floor, Shown: r.Shown, Told: r.Told}
	if !r.Finished.IsZero() {
		s.Finished = r.Finished.Unix()
	}
	if r.Race != nil {
		race, err := r.Race.encode()
		if err != nil {
			return nil, err
		}
		s.Race = race
	}
	return json.Marshal(s)
}

// Decode reads a room Encode wrote, checking that it is whole: the grids
// belong together, and every placer, mark, undo step and logged change is
// on the board.
func Decode(data []byte) (*Room, error) {
	var s stored
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("room: decode: %w", err)
	}
	grids := make([]solver.Grid, 3)
	for k, text := range []string{s.Puzzle, s.Solution, s.Cells} {
		g, err := solver.Parse(text)
		if err != nil {
			return nil, fmt.Errorf("room: decode grid %d: %w", k, err)
		}
		grids[k] = g
	}
	if _, err := game.New(grids[0], grids[1]); err != nil {
		return nil, fmt.Errorf("room: decode: %w", err)
	}
	r := New(grids[0], grids[1], time.Unix(s.Started, 0))
	if err := r.restore(grids[2], s); err != nil {
		return nil, fmt.Errorf("room: decode: %w", err)
	}
	return r, nil
}

func (r *Room) restore(cells solver.Grid, s stored) error {
	n := r.Puzzle.Size()
	if cells.Size() != n {
		return errors.New("the board's size differs from the puzzle's")
	}
	for i := 0; i < n*n; i++ {
		if v := r.Puzzle.AtIndex(i); v != 0 && cells.AtIndex(i) != v {
			return errors.New("the board changes a given")
		}
	}
	if len(s.Players) > maxSeats || len(s.By) != n*n {
		return errors.New("too many players, or placers that do not fit the board")
	}
	for _, k := range s.By {
		if k < -1 || k >= len(s.Players) {
			return errors.New("a digit placed by no player")
		}
	}
	ids := map[string]bool{}
	for _, p := range s.Players {
		if p.ID == "" || ids[p.ID] {
			return errors.New("a player without an id, or twice")
		}
		ids[p.ID] = true
	}
	for id, marks := range s.Marks {
		if !ids[id] || len(marks) != n*n {
			return errors.New("pencil marks of no player, or not a board's")
		}
		for _, m := range marks {
			if m&^game.AllNotes(n) != 0 {
				return errors.New("a pencil mark off the digits")
			}
		}
	}
	for id, stack := range s.Undo {
		if !ids[id] || len(stack) > game.MaxUndo {
			return errors.New("an undo list of no player, or too long")
		}
		for _, ch := range stack {
			if ch.Cell < 0 || ch.Cell >= n*n || ch.Digit < 0 || ch.Digit > n || ch.Left < 0 || ch.Left > n ||
				ch.By < -1 || ch.By >= len(s.Players) || r.Puzzle.At(ch.Cell/n, ch.Cell%n) != 0 {
				return errors.New("an undo step off the board")
			}
		}
	}
	if s.Version < 0 || s.Checks < 0 || s.Hints < 0 || s.Floor < 0 || s.Floor > s.Version {
		return errors.New("a counter out of range")
	}
	touched, err := touchedOf(s, n*n)
	if err != nil {
		return err
	}
	r.Cells, r.By, r.Players, r.Version, r.Checks, r.Hints = cells, s.By, s.Players, s.Version, s.Checks, s.Hints
	if s.Marks != nil {
		r.Marks = s.Marks
	}
	for id, stack := range s.Undo { // rooms stored before MaxUndo kept more
		r.undo[id] = stack[max(0, len(stack)-MaxUndo):]
	}
	if s.Shown != nil {
		for _, c := range s.Shown.Cells {
			if c < 0 || c >= n*n {
				return errors.New("a shown cell off the board")
			}
		}
	}
	r.touched, r.floor, r.Shown, r.Told = touched, s.Floor, s.Shown, s.Told
	if s.Race != nil {
		race, err := decodeRace(s.Race, r.Puzzle, ids)
		if err != nil {
			return err
		}
		r.Race = race
	}
	if s.Finished > 0 {
		r.Finished = time.Unix(s.Finished, 0).UTC()
	}
	return nil
}

// touchedOf returns the stored room's versions of each cell's last
// change, checked; a room stored with a log instead counts every cell as
// changed when the log's oldest was dropped, and each logged one later.
func touchedOf(s stored, cells int) ([]int, error) {
	touched := s.Touched
	if touched == nil {
		if len(s.Log) > 64 || s.Forgot < 0 || s.Forgot > s.Version {
			return nil, errors.New("a log out of range")
		}
		touched = make([]int, cells)
		for i := range touched {
			touched[i] = s.Forgot
		}
		for _, l := range s.Log {
			if l.Cell >= 0 && l.Cell < cells {
				touched[l.Cell] = max(touched[l.Cell], l.Version)
			}
		}
	}
	if len(touched) != cells {
		return nil, errors.New("changed cells that are not the board's")
	}
	for _, v := range touched {
		if v < 0 || v > s.Version {
			return nil, errors.New("a change from a version to come")
		}
	}
	return touched, nil
}

func (race *Race) encode() (*storedRace, error) {
	s := &storedRace{Boards: map[string]json.RawMessage{}, Mistakes: race.Mistakes, Done: map[string]int64{}}
	if !race.Start.IsZero() {
		s.Start, s.StartMs = race.Start.Unix(), race.Start.UnixMilli()
	}
	for id, g := range race.Boards {
		data, err := g.Encode()
		if err != nil {
			return nil, err
		}
		s.Boards[id] = data
	}
	for id, t := range race.Done {
		s.Done[id] = t.Unix()
	}
	return s, nil
}

// decodeRace reads a stored race: every board is whole, of the room's
// puzzle, and a player's.
func decodeRace(s *storedRace, puzzle solver.Grid, players map[string]bool) (*Race, error) {
	race := &Race{Boards: map[string]*game.Game{}, Mistakes: map[string]int{}, Done: map[string]time.Time{}}
	switch {
	case s.StartMs > 0:
		race.Start = time.UnixMilli(s.StartMs).UTC()
	case s.Start > 0:
		race.Start = time.Unix(s.Start, 0).UTC()
	}
	for id, data := range s.Boards {
		g, err := game.Decode(data)
		if err != nil || !players[id] || g.Puzzle() != puzzle {
			return nil, errors.New("a race board that is not whole, a player's and the room's puzzle's")
		}
		race.Boards[id] = g
	}
	for id, n := range s.Mistakes {
		if race.Boards[id] == nil || n < 0 || n > puzzle.Cells() {
			return nil, errors.New("mistakes of no racer")
		}
		race.Mistakes[id] = n
	}
	for id, t := range s.Done {
		if race.Boards[id] == nil || t <= 0 {
			return nil, errors.New("a finish of no racer")
		}
		race.Done[id] = time.Unix(t, 0).UTC()
	}
	return race, nil
}
