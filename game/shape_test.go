package game

import (
	"strings"
	"testing"
)

// TestShape: boxes are lettered by the third in which they were
// completed; a check's mistake and a hint mark their boxes; undoing and
// redoing a placement does not complete a box twice; a decoded game
// keeps its shape, and a damaged order is refused.
func TestShape(t *testing.T) {
	g := newGame(t)
	fill := func(b int) {
		t.Helper()
		for _, c := range g.BoxCells(b) {
			if g.Grid().At(c.Row, c.Col) == 0 {
				if err := g.Apply(Move{Kind: Place, Cell: c, Digit: g.Solution().At(c.Row, c.Col)}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if got := g.Shape(); got != "aaaaaaaaa" {
		t.Errorf("a new game's shape = %q, want every box early", got)
	}
	fill(5)
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	fill(5) // completed again: still the first
	for _, b := range []int{1, 9, 2, 3, 4, 6, 7, 8} {
		fill(b)
	}
	if got, want := g.Shape(), "abbbaccca"; got != want {
		t.Errorf("Shape() = %q, want %q (box 5, 1, 9 first; 2, 3, 4 next; 6, 7, 8 last)", got, want)
	}
	h := newGame(t)
	if err := h.Apply(Move{Kind: Place, Cell: cell(1, 3), Digit: 1}); err != nil { // wrong: r1c3 is 4
		t.Fatal(err)
	}
	h.Check()
	h.UseHint(cell(9, 9))
	h.UseHint(cell(1, 3)) // a hint in a box a check flagged: the hint shows
	if got, want := h.Shape(), "haaaaaaah"; got != want {
		t.Errorf("Shape() after a check and hints = %q, want %q", got, want)
	}
	back, _ := roundTrip(t, g)
	if back.Shape() != g.Shape() {
		t.Errorf("decoded shape %q, want %q", back.Shape(), g.Shape())
	}
	data, _ := g.Encode()
	for _, bad := range []string{`"order":[5,5]`, `"order":[10]`, `"order":[0]`} {
		damaged := strings.Replace(string(data), `"order":[5,1,9,2,3,4,6,7,8]`, bad, 1)
		if _, err := Decode([]byte(damaged)); err == nil {
			t.Errorf("Decode accepted %s", bad)
		}
	}
}
