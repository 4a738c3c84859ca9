package game

import (
	"errors"
	"reflect"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

func TestBoxCells(t *testing.T) {
	g := newGame(t)
	if got := g.BoxCells(6); got[0] != cell(4, 7) || got[4] != cell(5, 8) || got[8] != cell(6, 9) {
		t.Errorf("box 6 of 9×9 = %v, want r4c7 … r6c9", got)
	}
	p6, _ := solver.Parse("1.....|..2...|...3..|....4.|.....5|6.....")
	s6 := mustSolve(t, p6)
	g6, err := New(p6, s6)
	if err != nil {
		t.Fatal(err)
	}
	// 6×6 boxes are 2 rows by 3 columns, two side by side.
	if got := g6.BoxCells(4); got[0] != cell(3, 4) || got[5] != cell(4, 6) {
		t.Errorf("box 4 of 6×6 = %v, want r3c4 … r4c6", got)
	}
}

func mustSolve(t *testing.T, p solver.Grid) solver.Grid {
	t.Helper()
	v := solver.JudgeGrid(t.Context(), p, 2)
	if !v.Solved() {
		t.Fatalf("%s: no solution (verdict %d)", p, v.Outcome)
	}
	return v.Solution()
}

func press(t *testing.T, g *Game, taps ...Tap) (moves []Move) {
	t.Helper()
	for _, tp := range taps {
		m, err := g.Press(tp)
		if err != nil {
			t.Fatalf("Press(%+v) = %v", tp, err)
		}
		if m != nil {
			moves = append(moves, *m)
		}
	}
	return moves
}

func TestTapsPlaceInThreeTapsOrTwoWithAHeldDigit(t *testing.T) {
	g := newGame(t)
	// Box, cell, digit.
	if got := press(t, g, Tap{TapBox, 1}, Tap{TapCell, 3}, Tap{TapDigit, 4}); !reflect.DeepEqual(got, []Move{{Kind: Place, Cell: cell(1, 3), Digit: 4}}) {
		t.Fatalf("box 1, cell 3, digit 4 made %v", got)
	}
	if c := g.Cursor(); c.Box != 1 || c.Cell != 0 {
		t.Errorf("after a placement the cursor is %+v, want box 1 still chosen", c)
	}
	// Hold a 7: then a cell of the chosen box is one tap, another box two.
	got := press(t, g, Tap{TapDigit, 7}, Tap{TapCell, 5}, Tap{TapBox, 9}, Tap{TapCell, 3})
	want := []Move{{Kind: Place, Cell: cell(2, 2), Digit: 7}, {Kind: Place, Cell: cell(7, 9), Digit: 7}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("held 7 made %v, want %v", got, want)
	}
	press(t, g, Tap{TapDigit, 7}) // let go
	if g.Cursor().Digit != 0 {
		t.Error("a second press of the held digit should let it go")
	}
}

func TestTapsNotesEraseUndo(t *testing.T) {
	g := newGame(t)
	got := press(t, g, Tap{TapNotes, 0}, Tap{TapBox, 1}, Tap{TapCell, 3}, Tap{TapDigit, 1}, Tap{TapCell, 3}, Tap{TapDigit, 2})
	if len(got) != 2 || g.Notes(cell(1, 3)) != NotesOf(1, 2) || g.Grid().At(0, 2) != 0 {
		t.Fatalf("notes mode: moves %v, marks %q", got, g.Notes(cell(1, 3)))
	}
	press(t, g, Tap{TapNotes, 0}, Tap{TapCell, 3}, Tap{TapDigit, 4}, Tap{TapCell, 3}, Tap{TapErase, 0})
	if g.Grid().At(0, 2) != 0 || g.Notes(cell(1, 3)) != 0 {
		t.Errorf("after place and erase: %d with marks %q", g.Grid().At(0, 2), g.Notes(cell(1, 3)))
	}
	press(t, g, Tap{TapUndo, 0}, Tap{TapUndo, 0})
	if g.Grid().At(0, 2) != 0 || g.Notes(cell(1, 3)) != NotesOf(1, 2) {
		t.Errorf("two undos should bring the marks back: %d with %q", g.Grid().At(0, 2), g.Notes(cell(1, 3)))
	}
}

func TestTapsRefusedLeaveTheCursor(t *testing.T) {
	g := newGame(t)
	press(t, g, Tap{TapBox, 1}, Tap{TapCell, 1}) // r1c1 is a given, 5
	seq, cur := g.Seq(), g.Cursor()
	if _, err := g.Press(Tap{TapDigit, 4}); !errors.Is(err, ErrGiven) {
		t.Errorf("a digit on a given = %v, want ErrGiven", err)
	}
	if g.Seq() != seq || g.Cursor() != cur {
		t.Errorf("a refused tap changed seq %d→%d or the cursor %+v→%+v", seq, g.Seq(), cur, g.Cursor())
	}
	for _, tp := range []Tap{{TapBox, 10}, {TapDigit, 0}, {TapKind(99), 1}} {
		if _, err := g.Press(tp); err == nil {
			t.Errorf("Press(%+v) was accepted", tp)
		}
	}
	fresh := newGame(t)
	if _, err := fresh.Press(Tap{TapCell, 1}); !errors.Is(err, ErrOutside) {
		t.Errorf("a cell with no box chosen = %v", err)
	}
	if _, err := fresh.Press(Tap{TapErase, 0}); !errors.Is(err, ErrOutside) {
		t.Errorf("erase with no cell chosen = %v", err)
	}
	if _, err := fresh.Press(Tap{TapUndo, 0}); !errors.Is(err, ErrNoUndo) {
		t.Errorf("undo at the start = %v", err)
	}
}

// TestOnlyMovesBumpSeq: looking (a box, a cell, a held digit, notes mode
// chosen) moves the cursor, not the version; a placement and an undo do.
func TestOnlyMovesBumpSeq(t *testing.T) {
	g := newGame(t)
	for _, tp := range []Tap{{TapBox, 2}, {TapCell, 1}, {TapNotes, 0}, {TapNotes, 0}, {TapBox, 0}, {TapDigit, 3}, {TapDigit, 3}} {
		press(t, g, tp)
		if g.Seq() != 0 {
			t.Errorf("Press(%+v), looking only, moved seq to %d", tp, g.Seq())
		}
	}
	press(t, g, Tap{TapBox, 2}, Tap{TapCell, 1}, Tap{TapDigit, 6}) // r1c4 6
	if g.Seq() != 1 {
		t.Errorf("a placement left seq at %d, want 1", g.Seq())
	}
	press(t, g, Tap{TapUndo, 0})
	if g.Seq() != 2 {
		t.Errorf("an undo left seq at %d, want 2", g.Seq())
	}
	if back, _ := roundTrip(t, g); back.Cursor() != g.Cursor() {
		t.Errorf("the cursor did not survive the store: %+v vs %+v", back.Cursor(), g.Cursor())
	}
}

// FuzzPress presses random controls: never a panic, never a given
// changed, seq never going back, and the game always survives the store.
func FuzzPress(f *testing.F) {
	f.Add([]byte{1, 1, 2, 3, 3, 4})
	f.Add([]byte{5, 0, 1, 5, 2, 2, 3, 9, 6, 0, 4, 0})
	f.Fuzz(func(t *testing.T, taps []byte) {
		g := newGame(t)
		for k := 0; k+1 < len(taps) && k < 400; k += 2 {
			seq := g.Seq()
			g.Press(Tap{Kind: TapKind(taps[k] % 8), N: int(taps[k+1] % 12)})
			if g.Seq() < seq {
				t.Fatalf("seq went back from %d to %d", seq, g.Seq())
			}
		}
		for r := 0; r < 9; r++ {
			for c := 0; c < 9; c++ {
				if v := g.Puzzle().At(r, c); v != 0 && g.Grid().At(r, c) != v {
					t.Fatalf("the given at %s changed", solver.CellName(r, c))
				}
			}
		}
		back, data := roundTrip(t, g)
		if again, _ := back.Encode(); string(again) != string(data) {
			t.Fatalf("Decode changed the game:\n%s\n%s", data, again)
		}
	})
}

// TestFullBoxGoesBackToTheBoxes: the placement that fills the chosen box
// returns the cursor to the boxes, so the next box is one tap; a pencil
// mark, or a box with blanks left, keeps the box chosen.
func TestFullBoxGoesBackToTheBoxes(t *testing.T) {
	g := newGame(t)
	sol := g.Solution()
	var blanks []int
	for k, c := range g.BoxCells(1) {
		if g.Puzzle().At(c.Row, c.Col) == 0 {
			blanks = append(blanks, k+1)
		}
	}
	press(t, g, Tap{Kind: TapBox, N: 1})
	for i, k := range blanks {
		c := g.BoxCells(1)[k-1]
		press(t, g, Tap{Kind: TapCell, N: k}, Tap{Kind: TapDigit, N: sol.At(c.Row, c.Col)})
		if last := i == len(blanks)-1; (g.Cursor().Box == 0) != last {
			t.Fatalf("after placement %d of %d in box 1 the cursor is %+v", i+1, len(blanks), g.Cursor())
		}
	}
}
