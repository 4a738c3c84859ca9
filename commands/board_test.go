package commands

import (
	"context"
	"testing"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/solver"
)

// TestBoardControlsFitDiscord: for every size and view, at most 5 rows of
// 5 buttons, custom ids unique and within 100 characters, and every
// control the board needs.
func TestBoardControlsFitDiscord(t *testing.T) {
	for _, puzzle := range []string{classic, "...1...44...2...", "1.....|..2...|...3..|....4.|.....5|6....."} {
		g := newBoardGame(t, puzzle)
		for _, taps := range [][]game.Tap{nil, {{Kind: game.TapBox, N: 1}}, {{Kind: game.TapBox, N: 2}, {Kind: game.TapCell, N: 1}}} {
			for _, tp := range taps {
				if _, err := g.Press(tp); err != nil {
					t.Fatal(err)
				}
			}
			for _, locale := range append([]string{""}, i18n.Locales()...) {
				checkControls(t, g, controls(i18n.For(locale), g, game.Ref{Kind: game.RefPuzzle, Hash: "abcdefgh2345"}))
			}
		}
	}
}

// checkControls checks a board's buttons against Discord's limits: rows of
// 5, labels of 1 to 80 characters, custom ids unique and within 100; and
// the count: the pad (n), the digits (n), erase, marks, undo, check, hint,
// back or type, submit.
func checkControls(t *testing.T, g *game.Game, rows [][]Button) {
	t.Helper()
	seen := map[string]bool{}
	count := 0
	for _, row := range rows {
		if len(row) > 5 {
			t.Errorf("%d×%d: a row of %d buttons", g.Size(), g.Size(), len(row))
		}
		for _, b := range row {
			count++
			id, ok := ParseBoardID(b.CustomID)
			if seen[b.CustomID] || len(b.CustomID) > 100 || !ok || id.String() != b.CustomID || id.Ref.Hash != "abcdefgh2345" || b.Label == "" ||
				utf8.RuneCountInString(b.Label) > 80 {
				t.Errorf("%d×%d: button %+v", g.Size(), g.Size(), b)
			}
			seen[b.CustomID] = true
		}
	}
	if len(rows) > 5 || count != 2*g.Size()+7 {
		t.Errorf("%d×%d: %d rows, %d buttons, want at most 5 rows and %d buttons", g.Size(), g.Size(), len(rows), count, 2*g.Size()+7)
	}
}

// TestBoardIDs reads the custom ids boards already open in Discord carry,
// and writes them back the same, so a board drawn before a release keeps
// working after it; it refuses what no board writes.
func TestBoardIDs(t *testing.T) {
	tests := []struct {
		id   string
		want BoardID
	}{
		{"play:hqf3is7wqg5od:0:b5", BoardID{Ref: game.Ref{Kind: game.RefPuzzle, Hash: "qf3is7wqg5od"}, Control: CtlBox, N: 5}},
		{"play:hqf3is7wqg5od:3:b0", BoardID{Ref: game.Ref{Kind: game.RefPuzzle, Hash: "qf3is7wqg5od"}, Seq: 3, Control: CtlBox}},
		{"play:d327:14:s", BoardID{Ref: game.DailyRef(327), Seq: 14, Control: CtlSubmit}},
		{"play:q300:0:c9", BoardID{Ref: game.PracticeRef(300), Control: CtlCell, N: 9}},
		{"play:d1:7:M", BoardID{Ref: game.DailyRef(1), Seq: 7, Control: CtlTyped}},
		{"play:hqf3is7wqg5od:2:k", BoardID{Ref: game.Ref{Kind: game.RefPuzzle, Hash: "qf3is7wqg5od"}, Seq: 2, Control: CtlCheck}},
	}
	for _, tt := range tests {
		got, ok := ParseBoardID(tt.id)
		if !ok || got != tt.want {
			t.Errorf("ParseBoardID(%q) = %+v, %v, want %+v", tt.id, got, ok, tt.want)
		}
		if s := got.String(); s != tt.id {
			t.Errorf("ParseBoardID(%q).String() = %q", tt.id, s)
		}
	}
	for _, bad := range []string{"", "play:", "play:d327:14", "play:d327:x:s", "play:d0:1:s", "play:d-3:1:s", "play:d07:1:s",
		"play:hshort:0:s", "play:hQF3IS7WQG5OD:0:s", "play:x1:0:s", "play:d3:1:z", "play:d3:1:e7", "play:d3:1:b", "play:d3:-1:s",
		"daily:d3:1:s", "play:d3:1:d99"} {
		if id, ok := ParseBoardID(bad); ok {
			t.Errorf("ParseBoardID(%q) = %+v, want refused", bad, id)
		}
	}
}

// TestPuzzleRefIsStable pins the reference of a puzzle: boards open in
// Discord and games stored under it must find each other after a release.
func TestPuzzleRefIsStable(t *testing.T) {
	p, err := solver.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	if got := game.PuzzleRef(p).String(); got != "hqf3is7wqg5od" {
		t.Errorf("PuzzleRef(classic) = %s, want hqf3is7wqg5od", got)
	}
}

// FuzzParseBoardID: a custom id is read or refused, never a panic, and
// what is read writes back as it came.
func FuzzParseBoardID(f *testing.F) {
	for _, s := range []string{"play:hqf3is7wqg5od:0:b5", "play:d327:14:s", "play:q300:0:M", "play:d3:1:e7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if id, ok := ParseBoardID(s); ok && id.String() != s {
			t.Errorf("ParseBoardID(%q).String() = %q", s, id.String())
		}
	})
}

// TestTapsToSolveAWholePuzzle plays whole puzzles through the board's
// buttons as a player does (a box, then for each blank its cell and its
// digit, then Submit), pressing only buttons the board shows, and counts
// the taps: one a box, two a placement, one to submit.
func TestTapsToSolveAWholePuzzle(t *testing.T) {
	for _, puzzle := range []string{
		classic, // 51 blanks
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", // 64
	} {
		g := newBoardGame(t, puzzle)
		taps, boxes := 0, 0
		for b := 1; b <= 9; b++ {
			var blanks []int
			for k, c := range g.BoxCells(b) {
				if g.Puzzle().At(c.Row, c.Col) == 0 {
					blanks = append(blanks, k+1)
				}
			}
			if len(blanks) == 0 {
				continue
			}
			boxes++
			if g.Cursor().Box != 0 { // a box is still chosen: back to the boxes first
				taps += pressShown(t, g, CtlBox, 0)
			}
			taps += pressShown(t, g, CtlBox, b)
			for _, k := range blanks {
				c := g.BoxCells(b)[k-1]
				taps += pressShown(t, g, CtlCell, k)
				taps += pressShown(t, g, CtlDigit, g.Solution().At(c.Row, c.Col))
			}
		}
		taps += pressShown(t, g, CtlSubmit, 0)
		blanks := 81 - g.Puzzle().Givens()
		if want := boxes + 2*blanks + 1; taps != want || g.Left() != 0 {
			t.Errorf("%d blanks: %d taps, want %d (a box each, two a placement, Submit)", blanks, taps, want)
		}
		t.Logf("%d blanks in %d boxes: %d taps, Submit included", blanks, boxes, taps)
	}
}

// pressShown presses the button for a control if the board shows it,
// enabled, and fails the test otherwise; it returns the one tap.
func pressShown(t *testing.T, g *game.Game, c Control, n int) int {
	t.Helper()
	want := BoardID{Ref: game.DailyRef(1), Seq: g.Seq(), Control: c, N: n}.String()
	for _, row := range controls(i18n.For(""), g, game.DailyRef(1)) {
		for _, b := range row {
			if b.CustomID != want {
				continue
			}
			if b.Disabled {
				t.Fatalf("%s is on the board but disabled", want)
			}
			if tap, ok := (BoardID{Control: c, N: n}).tap(); ok {
				if _, err := g.Press(tap); err != nil {
					t.Fatalf("%s: %v", want, err)
				}
			}
			return 1
		}
	}
	t.Fatalf("the board shows no %s (cursor %+v)", want, g.Cursor())
	return 0
}

// newBoardGame starts a game of puzzle, which must have one solution.
func newBoardGame(t *testing.T, puzzle string) *game.Game {
	t.Helper()
	p, err := solver.Parse(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	res, err := solver.Solve(context.Background(), p, 1)
	if err != nil || res.Count == 0 {
		t.Fatalf("%s: %v", puzzle, err)
	}
	g, err := game.New(p, res.Solutions[0])
	if err != nil {
		t.Fatal(err)
	}
	return g
}
