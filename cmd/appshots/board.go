package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

// board is what an app shows in its 81 cells, read from the page: the
// labels of one screenshot.
type board struct {
	Givens  string `json:"givens"`  // 81 characters: printed digits, '.' elsewhere
	Entries string `json:"entries"` // 81 characters: the player's digits, '.' elsewhere
	Marks   []int  `json:"marks"`   // cells (0-80) that hold pencil marks and no digit
}

// parseBoard decodes a board from the JSON an app's page script returns,
// and checks its shape: 81 cells, digits or '.', never a given and an
// entry in one cell, pencil marks only in empty cells.
func parseBoard(data []byte) (board, error) {
	var b board
	if err := json.Unmarshal(data, &b); err != nil {
		return b, fmt.Errorf("board: %w", err)
	}
	return b, b.check()
}

// check reports whether b is a well-formed board.
func (b board) check() error {
	if len(b.Givens) != 81 || len(b.Entries) != 81 {
		return fmt.Errorf("board: %d givens and %d entries, want 81 each", len(b.Givens), len(b.Entries))
	}
	for i := range 81 {
		g, e := b.Givens[i], b.Entries[i]
		if !digitOrDot(g) || !digitOrDot(e) {
			return fmt.Errorf("board: cell %d holds %q and %q", i, g, e)
		}
		if g != '.' && e != '.' {
			return fmt.Errorf("board: cell %d is both a given and an entry", i)
		}
	}
	for _, m := range b.Marks {
		if m < 0 || m > 80 || b.Givens[m] != '.' || b.Entries[m] != '.' {
			return fmt.Errorf("board: pencil marks in cell %d, which is not an empty cell", m)
		}
	}
	return nil
}

func digitOrDot(c byte) bool { return c == '.' || c >= '1' && c <= '9' }

// wrong counts the entries that differ from solution (81 digits).
func (b board) wrong(solution string) int {
	n := 0
	for i := range 81 {
		if b.Entries[i] != '.' && b.Entries[i] != solution[i] {
			n++
		}
	}
	return n
}

// count returns how many cells of s hold a digit.
func count(s string) int { return 81 - strings.Count(s, ".") }
