package game

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// newGame starts the classic puzzle.
func newGame(t testing.TB) *Game {
	t.Helper()
	p, err := solver.Parse(classic)
	if err != nil {
		t.Fatal(err)
	}
	res, err := solver.Solve(context.Background(), p, 2)
	if err != nil || res.Count != 1 {
		t.Fatalf("classic: %d solutions, %v", res.Count, err)
	}
	g, err := New(p, res.Solutions[0])
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func cell(r, c int) solver.Cell { return solver.Cell{Row: r - 1, Col: c - 1} }

func TestNewRefusesAForeignSolution(t *testing.T) {
	g := newGame(t)
	other := g.Solution()
	a, b := other.At(0, 0), other.At(0, 1) // swap two givens: still a complete grid
	other.Set(0, 0, b)
	other.Set(0, 1, a)
	if _, err := New(g.Puzzle(), other); err == nil {
		t.Error("New accepted a solution that breaks the rules or changes a given")
	}
	empty, _ := solver.NewGrid(9)
	if _, err := New(g.Puzzle(), empty); err == nil {
		t.Error("New accepted an empty solution")
	}
}

func TestMoves(t *testing.T) {
	tests := []struct {
		name    string
		moves   []Move
		err     error
		at      solver.Cell
		digit   int
		notes   Notes
		seq     int
		canUndo bool
	}{
		{"place", []Move{{Kind: Place, Cell: cell(1, 3), Digit: 4}}, nil, cell(1, 3), 4, 0, 1, true},
		{"place over a digit", []Move{{Kind: Place, Cell: cell(1, 3), Digit: 4}, {Kind: Place, Cell: cell(1, 3), Digit: 2}}, nil, cell(1, 3), 2, 0, 2, true},
		{"erase", []Move{{Kind: Place, Cell: cell(1, 3), Digit: 4}, {Kind: Erase, Cell: cell(1, 3)}}, nil, cell(1, 3), 0, 0, 2, true},
		{"toggle marks", []Move{{Kind: Note, Cell: cell(1, 3), Notes: NotesOf(1, 2)}, {Kind: Note, Cell: cell(1, 3), Notes: NotesOf(2, 4)}}, nil, cell(1, 3), 0, NotesOf(1, 4), 2, true},
		{"set marks", []Move{{Kind: Note, Cell: cell(1, 3), Notes: NotesOf(1, 2)}, {Kind: Mark, Cell: cell(1, 3), Notes: NotesOf(7)}}, nil, cell(1, 3), 0, NotesOf(7), 2, true},
		{"a placement clears the cell's marks", []Move{{Kind: Mark, Cell: cell(1, 3), Notes: NotesOf(1, 2)}, {Kind: Place, Cell: cell(1, 3), Digit: 4}}, nil, cell(1, 3), 4, 0, 2, true},
		{"given", []Move{{Kind: Place, Cell: cell(1, 1), Digit: 4}}, ErrGiven, cell(1, 1), 5, 0, 0, false},
		{"erase a given", []Move{{Kind: Erase, Cell: cell(1, 2)}}, ErrGiven, cell(1, 2), 3, 0, 0, false},
		{"marks in a filled cell", []Move{{Kind: Place, Cell: cell(1, 3), Digit: 4}, {Kind: Note, Cell: cell(1, 3), Notes: NotesOf(1)}}, ErrFilled, cell(1, 3), 4, 0, 1, true},
		{"digit 10", []Move{{Kind: Place, Cell: cell(1, 3), Digit: 10}}, ErrOutside, cell(1, 3), 0, 0, 0, false},
		{"mark 10", []Move{{Kind: Note, Cell: cell(1, 3), Notes: NotesOf(10)}}, ErrOutside, cell(1, 3), 0, 0, 0, false},
		{"row 10", []Move{{Kind: Place, Cell: cell(10, 1), Digit: 1}}, ErrOutside, cell(1, 3), 0, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t)
			var err error
			for _, m := range tt.moves {
				if err = g.Apply(m); err != nil {
					break
				}
			}
			if !errors.Is(err, tt.err) {
				t.Fatalf("Apply(%v) = %v, want %v", tt.moves, err, tt.err)
			}
			if d := g.Grid().At(tt.at.Row, tt.at.Col); d != tt.digit || g.Notes(tt.at) != tt.notes {
				t.Errorf("%s = %d with marks %q, want %d with %q", tt.at, d, g.Notes(tt.at), tt.digit, tt.notes)
			}
			if g.Seq() != tt.seq || g.CanUndo() != tt.canUndo {
				t.Errorf("seq %d, can undo %v; want %d, %v", g.Seq(), g.CanUndo(), tt.seq, tt.canUndo)
			}
		})
	}
}

func TestPlacementClearsPeerMarksAndUndoRestoresThem(t *testing.T) {
	g := newGame(t)
	marks := []Move{
		{Kind: Mark, Cell: cell(1, 3), Notes: NotesOf(1, 2, 4)}, // the cell itself
		{Kind: Mark, Cell: cell(1, 9), Notes: NotesOf(4, 8)},    // same row
		{Kind: Mark, Cell: cell(9, 3), Notes: NotesOf(4)},       // same column
		{Kind: Mark, Cell: cell(3, 1), Notes: NotesOf(1, 4)},    // same box
		{Kind: Mark, Cell: cell(5, 5), Notes: NotesOf(4)},       // unrelated
	}
	for _, m := range marks {
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	before := append([]Notes(nil), g.notes...)
	if err := g.Apply(Move{Kind: Place, Cell: cell(1, 3), Digit: 4}); err != nil {
		t.Fatal(err)
	}
	want := map[solver.Cell]Notes{cell(1, 3): 0, cell(1, 9): NotesOf(8), cell(9, 3): 0, cell(3, 1): NotesOf(1), cell(5, 5): NotesOf(4)}
	for c, n := range want {
		if g.Notes(c) != n {
			t.Errorf("after placing 4 at r1c3, %s marks %q, want %q", c, g.Notes(c), n)
		}
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.notes, before) || g.Grid().At(0, 2) != 0 {
		t.Errorf("undo did not restore the marks and the cell")
	}
	for range marks {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Undo(); !errors.Is(err, ErrNoUndo) || g.Grid() != g.Puzzle() {
		t.Errorf("undo past the start = %v; board back to the puzzle %v", err, g.Grid() == g.Puzzle())
	}
	if g.Seq() != len(marks)+1+len(marks)+1 {
		t.Errorf("seq = %d, want one per change", g.Seq())
	}
}

func TestCheckHintsAndCompletion(t *testing.T) {
	g := newGame(t)
	sol := g.Solution()
	wrong := sol.At(0, 2)%9 + 1
	if err := g.Apply(Move{Kind: Place, Cell: cell(1, 3), Digit: wrong}); err != nil {
		t.Fatal(err)
	}
	if got := g.Check(); len(got) != 1 || got[0] != cell(1, 3) || g.Checks() != 1 {
		t.Errorf("Check = %v (%d checks), want r1c3 once", got, g.Checks())
	}
	g.UseHint()
	if g.Hints() != 1 {
		t.Errorf("hints = %d", g.Hints())
	}
	n := 9
	for i := 0; i < 81; i++ {
		r, c := i/n, i%n
		if g.Given(solver.Cell{Row: r, Col: c}) {
			continue
		}
		if err := g.Apply(Move{Kind: Place, Cell: solver.Cell{Row: r, Col: c}, Digit: sol.At(r, c)}); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Solved() || g.Left() != 0 || len(g.Wrong()) != 0 {
		t.Errorf("filled with the solution: solved %v, left %d, wrong %v", g.Solved(), g.Left(), g.Wrong())
	}
	if err := g.Undo(); err != nil || g.Solved() || g.Left() != 1 {
		t.Errorf("after undo: %v, solved %v, left %d", err, g.Solved(), g.Left())
	}
}

func TestUndoIsBounded(t *testing.T) {
	g := newGame(t)
	for k := 0; k < MaxUndo+50; k++ {
		if err := g.Apply(Move{Kind: Place, Cell: cell(1, 3), Digit: k%9 + 1}); err != nil {
			t.Fatal(err)
		}
	}
	undone := 0
	for g.Undo() == nil {
		undone++
	}
	if undone != MaxUndo {
		t.Errorf("undid %d moves, want the last %d", undone, MaxUndo)
	}
}

// TestKeepUndo: KeepUndo leaves the latest moves to undo, and the
// latest steps to redo.
func TestKeepUndo(t *testing.T) {
	g := newGame(t)
	for k := 0; k < 30; k++ {
		if err := g.Apply(Move{Kind: Place, Cell: cell(1, 3), Digit: k%9 + 1}); err != nil {
			t.Fatal(err)
		}
	}
	for k := 0; k < 10; k++ {
		g.Undo()
	}
	g.KeepUndo(5)
	undone, redone := 0, 0
	for g.Undo() == nil {
		undone++
	}
	for g.Redo() == nil {
		redone++
	}
	if undone != 5 || redone != 10 {
		t.Errorf("after KeepUndo(5): undid %d, redid %d; want 5 and 10 (5 kept, and the 5 undone)", undone, redone)
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	g := newGame(t)
	for _, m := range []Move{
		{Kind: Mark, Cell: cell(1, 3), Notes: NotesOf(1, 2, 4)},
		{Kind: Mark, Cell: cell(1, 9), Notes: NotesOf(4, 8)},
		{Kind: Place, Cell: cell(1, 3), Digit: 4},
	} {
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	g.Check()
	g.UseHint()
	g.Begin(time.Date(2026, 11, 24, 9, 30, 15, 500, time.UTC))
	back, _ := roundTrip(t, g)
	if !reflect.DeepEqual(back, g) {
		t.Errorf("Decode(Encode(g)) = %+v, want %+v", back, g)
	}
	if err := back.Undo(); err != nil || back.Notes(cell(1, 9)) != NotesOf(4, 8) {
		t.Errorf("undo after decoding: %v, marks %q", err, back.Notes(cell(1, 9)))
	}
	fresh, _ := newGame(t).Encode()
	if len(fresh) > 400 {
		t.Errorf("a new game encodes to %d bytes: %s", len(fresh), fresh)
	}
	if old, err := Decode(fresh); err != nil || !old.Started().IsZero() {
		t.Errorf("a game stored without a start: started %v, %v; want the zero time", old.Started(), err)
	}
}

func TestBeginOnce(t *testing.T) {
	g := newGame(t)
	first := time.Date(2026, 11, 24, 9, 30, 15, 0, time.UTC)
	g.Begin(first)
	g.Begin(first.Add(time.Hour)) // opened again: the clock does not restart
	if !g.Started().Equal(first) {
		t.Errorf("Started() = %v, want %v", g.Started(), first)
	}
}

func TestDecodeRefusesDamage(t *testing.T) {
	g := newGame(t)
	good, _ := g.Encode()
	for name, data := range map[string]string{
		"not JSON":            "{",
		"bad grid":            `{"puzzle":"123","solution":"","cells":""}`,
		"changed given":       string(good[:0]) + `{"puzzle":"` + g.Puzzle().String() + `","solution":"` + g.Solution().String() + `","cells":"` + "4" + g.Puzzle().String()[1:] + `","seq":0}`,
		"marks out of range":  `{"puzzle":"` + g.Puzzle().String() + `","solution":"` + g.Solution().String() + `","cells":"` + g.Puzzle().String() + `","notes":[1024` + strings.Repeat(",0", 80) + `],"seq":0}`,
		"marks for 3 cells":   `{"puzzle":"` + g.Puzzle().String() + `","solution":"` + g.Solution().String() + `","cells":"` + g.Puzzle().String() + `","notes":[2,2,2],"seq":0}`,
		"undo outside":        `{"puzzle":"` + g.Puzzle().String() + `","solution":"` + g.Solution().String() + `","cells":"` + g.Puzzle().String() + `","undo":[{"c":81}],"seq":1}`,
		"undo on a given":     `{"puzzle":"` + g.Puzzle().String() + `","solution":"` + g.Solution().String() + `","cells":"` + g.Puzzle().String() + `","undo":[{"c":0}],"seq":1}`,
		"negative move count": `{"puzzle":"` + g.Puzzle().String() + `","solution":"` + g.Solution().String() + `","cells":"` + g.Puzzle().String() + `","seq":-1}`,
		"peers of no digit":   `{"puzzle":"` + g.Puzzle().String() + `","solution":"` + g.Solution().String() + `","cells":"` + g.Puzzle().String() + `","undo":[{"c":2,"q":[3]}],"seq":1}`,
		"redo of no digit":    `{"puzzle":"` + g.Puzzle().String() + `","solution":"` + g.Solution().String() + `","cells":"` + g.Puzzle().String() + `","redo":[[{"k":1,"c":{"Row":0,"Col":2}}]],"seq":1}`,
		"redo on a given":     `{"puzzle":"` + g.Puzzle().String() + `","solution":"` + g.Solution().String() + `","cells":"` + g.Puzzle().String() + `","redo":[[{"k":2,"c":{"Row":0,"Col":0}}]],"seq":1}`,
		"centre out of range": `{"puzzle":"` + g.Puzzle().String() + `","solution":"` + g.Solution().String() + `","cells":"` + g.Puzzle().String() + `","centre":[1` + strings.Repeat(",0", 80) + `],"seq":0}`,
	} {
		if _, err := Decode([]byte(data)); err == nil {
			t.Errorf("%s: Decode accepted %s", name, data)
		}
	}
}

func TestApplyAllIsAllOrNothing(t *testing.T) {
	g := newGame(t)
	moves := []Move{{Kind: Place, Cell: cell(1, 3), Digit: 4}, {Kind: Place, Cell: cell(1, 1), Digit: 4}}
	refused, err := g.ApplyAll(moves)
	if !errors.Is(err, ErrGiven) || refused == nil || refused.Cell != cell(1, 1) || g.Seq() != 0 || g.Grid() != g.Puzzle() {
		t.Errorf("ApplyAll with a given = %v, %v; seq %d; board changed %v", refused, err, g.Seq(), g.Grid() != g.Puzzle())
	}
	if _, err := g.ApplyAll(moves[:1]); err != nil || g.Grid().At(0, 2) != 4 || g.Seq() != 1 {
		t.Errorf("ApplyAll = %v; r1c3 %d, seq %d", err, g.Grid().At(0, 2), g.Seq())
	}
	c := g.Clone()
	c.Apply(Move{Kind: Mark, Cell: cell(1, 4), Notes: NotesOf(1)})
	if g.Notes(cell(1, 4)) != 0 {
		t.Error("a clone shares its marks with the original")
	}
}

// roundTrip encodes g and decodes it back.
func roundTrip(t testing.TB, g *Game) (*Game, []byte) {
	t.Helper()
	data, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(data)
	if err != nil {
		t.Fatalf("Decode(%s): %v", data, err)
	}
	return back, data
}
