package picture

import "testing"

// TestFaceScore: on a board whose givens are drawn in one face and a
// player's digits in another, the split between the faces scores above
// all printed (0), and above it with half the givens read as written too;
// on a board of one face, a split scores below all printed; a digit read
// unsurely counts for less.
func TestFaceScore(t *testing.T) {
	var cells [81]Cell
	var in [81][]float32
	bar := func(x int) []float32 {
		g := make([]float32, Inputs)
		for y := 4; y < 24; y++ {
			g[y*GlyphSide+x], g[y*GlyphSide+x+1] = 1, 1
		}
		return g
	}
	var written, cut [81]bool
	for i := range 36 {
		cells[i] = Cell{Digit: 1 + i%3, Confidence: 1}
		if i < 18 {
			in[i] = bar(10) // the givens' face
			cut[i] = i%6 < 3
		} else {
			in[i] = bar(16) // the player's
			written[i], cut[i] = true, true
		}
	}
	for i := 36; i < 81; i++ {
		in[i] = make([]float32, Inputs)
	}
	f := faceLooks(&cells, &in)
	if s := f.score([81]bool{}); s != 0 {
		t.Errorf("all printed scores %.2f, want 0", s)
	}
	faces := f.score(written)
	if faces <= 0 {
		t.Errorf("the split between the faces scores %.2f, want more than 0", faces)
	}
	if s := f.score(cut); s >= faces {
		t.Errorf("with half the givens read as written, the split scores %.2f, not less than %.2f", s, faces)
	}
	one := in
	for i := range 36 {
		one[i] = bar(10)
	}
	if s := faceLooks(&cells, &one).score(written); s >= 0 {
		t.Errorf("a split of a board of one face scores %.2f, want less than 0", s)
	}
	for i := range 81 {
		cells[i].Confidence = 0.2
	}
	unsure := faceLooks(&cells, &in)
	if s := unsure.score(written); s >= faces {
		t.Errorf("read unsurely, the split between the faces scores %.2f, not less than %.2f", s, faces)
	}
}
