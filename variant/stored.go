package variant

import (
	"encoding/json"

	"github.com/sudokubot/sudokubot/solver"
)

// storedSolution reads the solution SudokuPad keeps in a puzzle ("solution:
// 123…", one character per cell row by row, 1-9 then A-G): nil unless every
// cell holds a digit of the grid, for a partial or garbled solution checks
// nothing.
func storedSolution(text string, n int) []int {
	if len(text) != n*n {
		return nil
	}
	out := make([]int, n*n)
	for i := range text {
		d := DigitOf(rune(text[i]))
		if d < 1 || d > n {
			return nil
		}
		out[i] = d
	}
	return out
}

// fpuzzlesSolution reads f-puzzles' "solution", a list of Size*Size digits
// row by row, as numbers or one-character strings; nil unless whole.
func fpuzzlesSolution(raw json.RawMessage, n int) []int {
	var cells []json.RawMessage
	if len(raw) == 0 || json.Unmarshal(raw, &cells) != nil || len(cells) != n*n {
		return nil
	}
	out := make([]int, n*n)
	for i, c := range cells {
		var d int
		var s string
		switch {
		case json.Unmarshal(c, &d) == nil:
		case json.Unmarshal(c, &s) == nil && len(s) == 1:
			d = DigitOf(rune(s[0]))
		}
		if d < 1 || d > n {
			return nil
		}
		out[i] = d
	}
	return out
}

// DigitsText writes digits as puzzles and the shared set do, row by row:
// 1-9, then A-G for 10-16, and . for a blank (0); DigitOf reads them back.
func DigitsText(ds []int) string {
	b := make([]byte, len(ds))
	for i, d := range ds {
		b[i] = solver.DigitChar(d)
	}
	return string(b)
}

// DigitOf reads a cell's character as puzzles write digits: 1-9, then
// A-G (a-g) for 10-16; 0 for anything else.
func DigitOf(c rune) int {
	switch {
	case c >= '1' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'G':
		return int(c-'A') + 10
	case c >= 'a' && c <= 'g':
		return int(c-'a') + 10
	}
	return 0
}
