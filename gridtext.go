package main

import (
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// gridText draws a grid for a terminal: digits separated by spaces, boxes
// by | and a dashed line. The render package's text form will replace it.
func gridText(g solver.Grid) string {
	var b strings.Builder
	n, br, bc := g.Size(), g.BoxRows(), g.BoxCols()
	for r := 0; r < n; r++ {
		if r > 0 && r%br == 0 {
			b.WriteString(separator(n, bc))
		}
		for c := 0; c < n; c++ {
			if c > 0 && c%bc == 0 {
				b.WriteString("| ")
			}
			b.WriteByte(solver.DigitChar(g.At(r, c)))
			if c < n-1 {
				b.WriteByte(' ')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// separator draws the line between bands: dashes under each box, + under
// each |, the same width as a row.
func separator(n, bc int) string {
	parts := make([]string, n/bc)
	for i := range parts {
		parts[i] = strings.Repeat("-", 2*bc+1)
	}
	line := strings.Join(parts, "+")
	return line[1:len(line)-1] + "\n"
}
