package picture

import "testing"

// colouredBoard returns a board of cellSize cells, every pixel grey level
// 150 (a dark theme's cell painted grey, turned over) with chroma 0, and
// in cell 40 a bar as grey as its paint but of another colour: rg and by
// are the bar's two colour opponents, chroma its colourfulness.
func colouredBoard(rg, by int16, chroma uint8, paint [2]int16, paintChroma uint8) *Board {
	n := 9 * cellSize
	b := &Board{Cells: &Gray{W: n, H: n, Pix: make([]uint8, n*n)}, Chroma: &Gray{W: n, H: n, Pix: make([]uint8, n*n)}}
	inBar := func(u, v int) bool { return u >= 13 && u < 19 && v >= 6 && v < 26 }
	for k := range b.Cells.Pix {
		b.Cells.Pix[k] = 150
		x, y := k%n, k/n
		if x/cellSize == 4 && y/cellSize == 4 {
			b.Chroma.Pix[k] = paintChroma
			if inBar(x%cellSize, y%cellSize) {
				b.Chroma.Pix[k] = chroma
			}
		}
	}
	for i := range b.hues {
		a, c := make([]int16, cellSize*cellSize), make([]int16, cellSize*cellSize)
		for k := range a {
			if i == 40 {
				a[k], c[k] = paint[0], paint[1]
				if inBar(k%cellSize, k/cellSize) {
					a[k], c[k] = rg, by
				}
			}
		}
		b.hues[i] = &cellHues{a, c}
	}
	return b
}

// TestColouredMarks: a mark as grey as its cell's paint is found in
// colour, and known to be seen in colour alone; a painted cell without
// one stays empty, and a cell not mapped in colour is read in grey.
func TestColouredMarks(t *testing.T) {
	blueOnGrey := colouredBoard(-80, 100, 150, [2]int16{0, 0}, 0)
	if c := measure(blueOnGrey, 40, 200); c.empty || !c.colourOnly || c.h < 0.5 {
		t.Errorf("a blue bar on a grey cell of its grey: empty %v, in colour alone %v, height %.2f", c.empty, c.colourOnly, c.h)
	}
	// Pale teal on pale blue: their colourfulness differs by 40, their
	// hues by more.
	tealOnBlue := colouredBoard(-105, -21, 105, [2]int16{-40, 44}, 64)
	if c := measure(tealOnBlue, 40, 200); c.empty {
		t.Error("a teal bar on a pale blue cell was not found")
	}
	plain := colouredBoard(-40, 44, 64, [2]int16{-40, 44}, 64)
	if c := measure(plain, 40, 200); !c.empty {
		t.Error("a painted cell without a mark read as holding one")
	}
	if c := measure(blueOnGrey, 0, 200); !c.empty {
		t.Error("an unpainted empty cell read as holding a mark")
	}
	blueOnGrey.hues[40] = nil
	if c := measure(blueOnGrey, 40, 200); !c.empty {
		t.Error("a cell not mapped in colour read a mark the greys do not show")
	}
}

// TestWrittenInColour: a digit seen in colour alone is a player's in every
// split, the others as they were.
func TestWrittenInColour(t *testing.T) {
	var colour, a, b [81]bool
	colour[3], a[5], b[3] = true, true, true
	got := writtenInColour([][81]bool{a, b}, &colour)
	if !got[0][3] || !got[0][5] || !got[1][3] || got[1][5] {
		t.Errorf("splits after: %v %v %v / %v %v %v", got[0][3], got[0][5], got[0][4], got[1][3], got[1][5], got[1][4])
	}
}
