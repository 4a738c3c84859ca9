package picture

import "testing"

// TestMarksOfFaintDigitBesideHeavyLine: a faint pencil digit in a cell
// whose edge holds a heavy box line (or a lattice a little off) is still a
// mark: the line, not the digit, was the cell's darkest ink, and a cut
// set from it was over the pencil's contrast. The line itself is no mark.
func TestMarksOfFaintDigitBesideHeavyLine(t *testing.T) {
	const side = 32
	px := make([]uint8, side*side)
	for y := range side {
		for x := range side {
			v := uint8(200) // paper
			switch {
			case x < 3:
				v = 85 // the box line
			case x >= 15 && x <= 17 && y >= 8 && y <= 24:
				v = 165 // a pencil stroke, 35 grey levels under the paper
			}
			px[y*side+x] = v
		}
	}
	keep, parts, _, _ := marksOf(px, side, 119)
	if len(parts) != 1 {
		t.Fatalf("marksOf found %d marks, want the pencil stroke alone", len(parts))
	}
	for y := range side {
		for x := range 3 {
			if keep[y*side+x] {
				t.Fatalf("the box line at (%d, %d) is kept as a mark", x, y)
			}
		}
	}
	if !keep[16*side+16] {
		t.Error("the pencil stroke's middle is not kept")
	}
}
