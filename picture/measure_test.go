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

// TestMarksOfShadowBandIsNoMark: the dark band a shadow leaves along a
// blank cell's edge, reaching towards its middle, is no mark (it was read
// as a 1); a heavy face's stroke, wider than a pen's, still is.
func TestMarksOfShadowBandIsNoMark(t *testing.T) {
	const side = 32
	cell := func(dark func(x, y int) bool) []uint8 {
		px := make([]uint8, side*side)
		for k := range px {
			px[k] = 200
			if dark(k%side, k/side) {
				px[k] = 120
			}
		}
		return px
	}
	shadow := cell(func(x, y int) bool { return x < 13+(y/4)%2 })
	if _, parts, _, _ := marksOf(shadow, side, 119); len(parts) != 0 {
		t.Errorf("a shadow's band along the edge: %d marks, want none", len(parts))
	}
	heavy := cell(func(x, y int) bool { return x >= 12 && x < 20 && y >= 6 && y < 26 })
	if _, parts, _, _ := marksOf(heavy, side, 119); len(parts) != 1 {
		t.Errorf("a heavy stroke 8 pixels wide: %d marks, want 1", len(parts))
	}
}
