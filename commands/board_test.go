package commands

import (
	"context"
	"strings"
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
		for _, taps := range [][]game.Tap{nil, {{Kind: game.TapBox, N: 1}}, {{Kind: game.TapBox, N: 2}, {Kind: game.TapCell, N: 1}}} {
			for _, tp := range taps {
				if _, err := g.Press(tp); err != nil {
					t.Fatal(err)
				}
			}
			for _, locale := range append([]string{""}, i18n.Locales()...) {
				checkControls(t, g, controls(i18n.For(locale), g, "h0123456789ab"))
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
			if seen[b.CustomID] || len(b.CustomID) > 100 || !strings.HasPrefix(b.CustomID, "play:h0123456789ab:") || b.Label == "" ||
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
