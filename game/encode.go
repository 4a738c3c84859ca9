package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

// stored is a game as the store keeps it: grids as their text, pencil
// marks by cell, the undo list, the counters.
type stored struct {
	Puzzle   string   `json:"puzzle"`
	Solution string   `json:"solution"`
	Cells    string   `json:"cells"`
	Notes    []Notes  `json:"notes,omitempty"` // by cell; omitted when there are none
	Undo     []change `json:"undo,omitempty"`
	Centre   []Notes  `json:"centre,omitempty"` // by cell; omitted when there are none
	Redo     [][]Move `json:"redo,omitempty"`   // steps to redo
	Seq      int      `json:"seq"`
	Checks   int      `json:"checks,omitempty"`
	Hints    int      `json:"hints,omitempty"`
	Cursor   Cursor   `json:"cursor"`
	Started  int64    `json:"started,omitempty"` // Unix seconds
	Order    []int    `json:"order,omitempty"`   // boxes in the order they were completed
	Hinted   uint32   `json:"hinted,omitempty"`  // boxes a hint pointed into (bit b-1)
	Flagged  uint32   `json:"flagged,omitempty"` // boxes where a check found a mistake
}

// MaxUndo bounds the moves kept for Undo, so a stored game stays small;
// the oldest are dropped first.
const MaxUndo = 200

// Encode returns the game as JSON, for the store.
func (g *Game) Encode() ([]byte, error) {
	s := stored{Puzzle: g.puzzle.String(), Solution: g.solution.String(), Cells: g.cells.String(),
		Undo: g.undo, Seq: g.seq, Checks: g.checks, Hints: g.hints, Cursor: g.cursor,
		Order: g.order, Hinted: g.hinted, Flagged: g.flagged}
	if !g.started.IsZero() {
		s.Started = g.started.Unix()
	}
	s.Redo = g.redo
	for _, n := range g.centre {
		if n != 0 {
			s.Centre = g.centre
			break
		}
	}
	for _, n := range g.notes {
		if n != 0 {
			s.Notes = g.notes
			break
		}
	}
	return json.Marshal(s)
}

// Decode reads a game Encode wrote, checking that it is whole: the grids
// belong together and every digit, mark and undo step is on the board.
func Decode(data []byte) (*Game, error) {
	var s stored
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("game: decode: %w", err)
	}
	grids := make([]solver.Grid, 3)
	for k, text := range []string{s.Puzzle, s.Solution, s.Cells} {
		g, err := solver.Parse(text)
		if err != nil {
			return nil, fmt.Errorf("game: decode grid %d: %w", k, err)
		}
		grids[k] = g
	}
	g, err := New(grids[0], grids[1])
	if err != nil {
		return nil, err
	}
	if err := g.restore(grids[2], s); err != nil {
		return nil, fmt.Errorf("game: decode: %w", err)
	}
	return g, nil
}

// restore fills a new game's board, marks, undo list and counters.
func (g *Game) restore(cells solver.Grid, s stored) error {
	if cells.Size() != g.Size() {
		return errors.New("the board's size differs from the puzzle's")
	}
	n := g.Size()
	for i := 0; i < cells.Cells(); i++ {
		if v := g.puzzle.AtIndex(i); v != 0 && cells.AtIndex(i) != v {
			return fmt.Errorf("the board changes the given at %s", cells.CellAt(i))
		}
	}
	if s.Notes != nil && len(s.Notes) != cells.Cells() {
		return fmt.Errorf("%d pencil-mark cells for %d cells", len(s.Notes), cells.Cells())
	}
	for i, m := range s.Notes {
		if m&^AllNotes(n) != 0 {
			return fmt.Errorf("a pencil mark outside 1-%d", n)
		}
		g.notes[i] = m
	}
	if len(s.Undo) > MaxUndo {
		return fmt.Errorf("%d undo steps, more than %d", len(s.Undo), MaxUndo)
	}
	for _, ch := range s.Undo {
		if !g.validChange(ch) {
			return errors.New("an undo step outside the board")
		}
	}
	if len(s.Redo) > MaxUndo {
		return fmt.Errorf("%d redo steps, more than %d", len(s.Redo), MaxUndo)
	}
	for _, step := range s.Redo {
		if len(step) == 0 || len(step) > cells.Cells() {
			return errors.New("an empty or oversized redo step")
		}
		for _, m := range step {
			if m.Kind < Place || m.Kind > CentreMark || !g.inside(m.Cell) || g.Given(m.Cell) || m.Digit < 0 || m.Digit > n ||
				m.Kind == Place && m.Digit == 0 || m.Notes&^AllNotes(n) != 0 {
				return errors.New("a redo step off the board")
			}
		}
	}
	g.redo = s.Redo
	if s.Centre != nil && len(s.Centre) != cells.Cells() {
		return fmt.Errorf("%d centre-mark cells for %d cells", len(s.Centre), cells.Cells())
	}
	for i, m := range s.Centre {
		if m&^AllNotes(n) != 0 {
			return fmt.Errorf("a centre mark outside 1-%d", n)
		}
		g.centre[i] = m
	}
	if s.Seq < 0 || s.Checks < 0 || s.Hints < 0 {
		return errors.New("a negative counter")
	}
	if !validOrder(s.Order, n) || s.Hinted>>n != 0 || s.Flagged>>n != 0 {
		return errors.New("a box off the board")
	}
	if c := s.Cursor; c.Box < 0 || c.Box > n || c.Cell < 0 || c.Cell > n || c.Digit < 0 || c.Digit > n || (c.Cell > 0 && c.Box == 0) {
		return errors.New("the cursor is off the board")
	}
	g.cells, g.undo, g.seq, g.checks, g.hints, g.cursor = cells, s.Undo, s.Seq, s.Checks, s.Hints, s.Cursor
	if s.Started > 0 {
		g.started = time.Unix(s.Started, 0).UTC()
	}
	g.order, g.hinted, g.flagged = s.Order, s.Hinted, s.Flagged
	return nil
}

func (g *Game) validChange(ch change) bool {
	n := g.Size()
	if ch.Cell < 0 || ch.Cell >= n*n || ch.Digit < 0 || ch.Digit > n || ch.Placed < 0 || ch.Placed > n ||
		ch.Notes&^AllNotes(n) != 0 || ch.Centre&^AllNotes(n) != 0 || g.puzzle.At(ch.Cell/n, ch.Cell%n) != 0 ||
		ch.Placed == 0 && len(ch.Peers)+len(ch.PeersC) > 0 {
		return false // peers that lost a mark belong to a placement
	}
	for _, p := range ch.PeersC {
		if p < 0 || p >= n*n {
			return false
		}
	}
	for _, p := range ch.Peers {
		if p < 0 || p >= n*n {
			return false
		}
	}
	return true
}

// validOrder reports whether order names boxes 1 to n, each once at most.
func validOrder(order []int, n int) bool {
	seen := map[int]bool{}
	for _, b := range order {
		if b < 1 || b > n || seen[b] {
			return false
		}
		seen[b] = true
	}
	return true
}
