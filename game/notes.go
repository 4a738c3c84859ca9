package game

import "strings"

// Notes is a cell's pencil marks: bit d is set when digit d is marked.
type Notes uint32

// AllNotes returns every digit of a grid of side size marked.
func AllNotes(size int) Notes { return Notes(1<<(size+1) - 2) }

// NotesOf marks the given digits.
func NotesOf(digits ...int) Notes {
	var n Notes
	for _, d := range digits {
		n = n.With(d)
	}
	return n
}

// Has reports whether digit d is marked.
func (n Notes) Has(d int) bool { return d >= 1 && d <= 31 && n&(1<<d) != 0 }

// With returns n with digit d marked; Without with it unmarked.
func (n Notes) With(d int) Notes    { return n | 1<<d }
func (n Notes) Without(d int) Notes { return n &^ (1 << d) }

// Digits returns the marked digits, smallest first.
func (n Notes) Digits() []int {
	var out []int
	for d := 1; d <= 31; d++ {
		if n.Has(d) {
			out = append(out, d)
		}
	}
	return out
}

// String writes the marked digits as players do: "127".
func (n Notes) String() string {
	var b strings.Builder
	for _, d := range n.Digits() {
		b.WriteByte(digitChar(d))
	}
	return b.String()
}

// digitChar writes a digit 1-9 as itself and 10-16 as A-G, as puzzles do.
func digitChar(d int) byte {
	if d <= 9 {
		return byte('0' + d)
	}
	return byte('A' + d - 10)
}
