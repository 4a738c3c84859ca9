package game

import (
	"errors"
	"testing"
)

// TestRedo: an undone step comes back with Redo, survives the store, and
// a new move ends what could be redone.
func TestRedo(t *testing.T) {
	g := newGame(t)
	if err := g.Redo(); !errors.Is(err, ErrNoRedo) {
		t.Fatalf("Redo on a new game = %v, want ErrNoRedo", err)
	}
	g.Apply(Move{Kind: Note, Cell: cell(1, 4), Notes: NotesOf(2)})    // r1c4 marks 2
	g.Apply(Move{Kind: Place, Cell: cell(1, 3), Digit: 4})            // clears r1c4's 4? it has none
	g.Apply(Move{Kind: Note, Cell: cell(1, 4), Notes: NotesOf(4, 6)}) // r1c4 marks 2 4 6
	g.Apply(Move{Kind: Place, Cell: cell(1, 4), Digit: 6})
	after := g.Grid()
	for range 2 {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if g.Grid().At(0, 3) != 0 || g.Notes(cell(1, 4)) != NotesOf(2) {
		t.Fatalf("after two undos r1c4 = %d %v, want empty with 2", g.Grid().At(0, 3), g.Notes(cell(1, 4)))
	}
	data, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if g, err = Decode(data); err != nil {
		t.Fatal(err)
	}
	seq := g.Seq()
	if err := g.Redo(); err != nil || g.Notes(cell(1, 4)) != NotesOf(2, 4, 6) || g.Seq() != seq+1 {
		t.Fatalf("first redo: %v, r1c4 marks %v (want 246), seq %d → %d", err, g.Notes(cell(1, 4)), seq, g.Seq())
	}
	if err := g.Redo(); err != nil || g.Grid() != after || !g.CanUndo() || g.CanRedo() {
		t.Fatalf("second redo: %v, grid %v, want %v", err, g.Grid(), after)
	}
	g.Undo()
	g.Apply(Move{Kind: Place, Cell: cell(1, 4), Digit: 2})
	if g.CanRedo() || !errors.Is(g.Redo(), ErrNoRedo) {
		t.Error("a new move left a step to redo")
	}
}

// TestAutoNotes: every empty cell gets the digits its peers lack, as one
// step; a placement then clears its digit from its peers' marks.
func TestAutoNotes(t *testing.T) {
	g := newGame(t)
	g.Apply(Move{Kind: Note, Cell: cell(9, 1), Notes: NotesOf(9)}) // a mark the auto-notes replace
	seq := g.Seq()
	g.AutoNotes()
	if g.Seq() != seq+1 {
		t.Errorf("auto-notes moved the counter %d → %d, want one step", seq, g.Seq())
	}
	// r1c3: row 1 has 5 3 7, column 3 has 8 9, box 1 has 5 3 6 9 8: left 1 2 4.
	if got := g.Notes(cell(1, 3)); got != NotesOf(1, 2, 4) {
		t.Errorf("r1c3 marks %v, want 124", got)
	}
	if got := g.Notes(cell(1, 1)); got != 0 {
		t.Errorf("a given got marks %v", got)
	}
	for i := range 81 {
		c := cell(i/9+1, i%9+1)
		if g.Grid().At(c.Row, c.Col) == 0 && !g.Notes(c).Has(g.Solution().At(c.Row, c.Col)) {
			t.Fatalf("%s lacks its solution's digit among %v", c, g.Notes(c))
		}
	}
	again := g.Seq()
	if g.AutoNotes(); g.Seq() != again {
		t.Error("auto-notes on a board already noted counted a step")
	}
	g.Apply(Move{Kind: Place, Cell: cell(1, 3), Digit: 4})
	if g.Notes(cell(1, 4)).Has(4) || g.Notes(cell(2, 3)).Has(4) {
		t.Error("placing 4 at r1c3 left 4 among its peers' marks")
	}
	g.Undo() // the placement
	g.Undo() // the whole auto-notes
	if g.Notes(cell(1, 3)) != 0 || g.Notes(cell(9, 1)) != NotesOf(9) {
		t.Errorf("one undo left r1c3 %v and r9c1 %v, want none and 9", g.Notes(cell(1, 3)), g.Notes(cell(9, 1)))
	}
	g.Redo()
	if g.Notes(cell(1, 3)) != NotesOf(1, 2, 4) {
		t.Errorf("redo gave r1c3 %v, want 124", g.Notes(cell(1, 3)))
	}
}

// TestCentreMarks: centre marks are a second kind of pencil mark: toggled
// apart from the corner ones, cleared by a placement in the cell and, of
// its digit, in the cells that see it; Undo and Redo and the store keep
// them.
func TestCentreMarks(t *testing.T) {
	g := newGame(t)
	g.Apply(Move{Kind: Centre, Cell: cell(1, 3), Notes: NotesOf(1, 2)})
	g.Apply(Move{Kind: Note, Cell: cell(1, 3), Notes: NotesOf(4)})
	g.Apply(Move{Kind: Centre, Cell: cell(1, 4), Notes: NotesOf(2, 6)})
	if g.Centre(cell(1, 3)) != NotesOf(1, 2) || g.Notes(cell(1, 3)) != NotesOf(4) {
		t.Fatalf("r1c3: centre %v, corner %v", g.Centre(cell(1, 3)), g.Notes(cell(1, 3)))
	}
	g.Apply(Move{Kind: Place, Cell: cell(1, 3), Digit: 2})
	if g.Centre(cell(1, 3)) != 0 || g.Centre(cell(1, 4)) != NotesOf(6) {
		t.Errorf("after 2 at r1c3: r1c3 centre %v, r1c4 centre %v (want 6)", g.Centre(cell(1, 3)), g.Centre(cell(1, 4)))
	}
	g.Undo()
	if g.Centre(cell(1, 3)) != NotesOf(1, 2) || g.Centre(cell(1, 4)) != NotesOf(2, 6) {
		t.Errorf("undo: r1c3 %v, r1c4 %v", g.Centre(cell(1, 3)), g.Centre(cell(1, 4)))
	}
	g.Undo() // the centre marks of r1c4
	data, _ := g.Encode()
	if g, _ = Decode(data); g == nil {
		t.Fatal("does not decode")
	}
	if err := g.Redo(); err != nil || g.Centre(cell(1, 4)) != NotesOf(2, 6) || g.Centre(cell(1, 3)) != NotesOf(1, 2) {
		t.Errorf("redo after the store: %v, r1c4 %v", err, g.Centre(cell(1, 4)))
	}
	if err := g.Apply(Move{Kind: Centre, Cell: cell(1, 1), Notes: NotesOf(1)}); !errors.Is(err, ErrGiven) {
		t.Errorf("a centre mark on a given: %v", err)
	}
}
