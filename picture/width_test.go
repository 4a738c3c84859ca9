package picture

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/screenshot"
)

// TestInkWidth: a bar drawn with soft edges measures as thick wherever it
// falls between pixels, and a thicker bar thicker.
func TestInkWidth(t *testing.T) {
	const side, length = 32, 16.0
	bar := func(w, off float64) float64 {
		px := make([]uint8, side*side)
		keep := make([]bool, side*side)
		x0 := 10 + off
		for y := range side {
			for x := range side {
				cover := 0.0
				if y >= 8 && y < 8+int(length) {
					cover = max(0, min(float64(x+1), x0+w)-max(float64(x), x0))
				}
				px[y*side+x] = uint8(230 - 200*cover)
				keep[y*side+x] = cover >= 0.5
			}
		}
		return inkWidth(px, keep, side, 230, 30)
	}
	for _, w := range []float64{2, 2.5, 3, 4} {
		want := w * length / (w + length) // a bar's area over half its outline
		lo, hi := math.Inf(1), 0.0
		for _, off := range []float64{0, 0.25, 0.5, 0.75} {
			got := bar(w, off)
			lo, hi = min(lo, got), max(hi, got)
			if math.Abs(got-want) > 0.08*want {
				t.Errorf("a bar %.2f wide at +%.2f measured %.3f, want %.3f", w, off, got, want)
			}
		}
		if hi/lo > 1.03 {
			t.Errorf("a bar %.2f wide measured %.3f to %.3f as it moved between pixels", w, lo, hi)
		}
	}
	if bar(3, 0.3) <= bar(2.5, 0.3) {
		t.Error("a thicker bar measured no thicker")
	}
}

// weightOnlyFloor is how many of TestReadWeightOnlyScreenshots' 20
// screenshots must be read exactly: what the reader reaches with the
// two-net model (14 of 20; lowered knowingly from 15, for what the two
// nets gained on photos and held-out fonts), under what it reached before
// (16 of 20 once the cell's paper was no longer a look, 15 with the model trained on
// the font catalogue, 13 with the one before it,
// 17 with the face rules before issue 41's decision by populations: the
// same weakness as the apps that tell entries from givens by weight or
// tile alone), far over what it read before the board's faces were
// compared (3). The digits' shapes compared within the picture (faceLooks)
// read 16, where the two-net model read 15 before them; 17 at 6239a05,
// 16 with the fainter population written (inkApart: seed 5145 lost).
// Climbing from the best splits a digit at a time (tried with it) read 14.
const weightOnlyFloor = 15

// TestReadWeightOnlyScreenshots reads screenshots whose entries are in
// the givens' ink, a lighter face (drawn for seeds the other tests do not
// use): the givens are read exactly.
func TestReadWeightOnlyScreenshots(t *testing.T) {
	readsMany(t, "draws and reads screenshots")
	puzzles := shotPuzzles(t)
	n, exact := 0, 0
	for seed := int64(5000); n < 20 && seed < 5400; seed++ {
		p := puzzles[seed%int64(len(puzzles))]
		shot := screenshot.Make(seed, p[0], p[1])
		if !strings.Contains(shot.Style, " same") || strings.Contains(shot.Style, "entries0%") {
			continue
		}
		n++
		r, err := Read(context.Background(), shot.Data)
		if err == nil && r.Givens() == shot.Givens {
			exact++
		} else {
			t.Logf("seed %d (%s): not read exactly", seed, shot.Style)
		}
	}
	t.Logf("%d of %d weight-only screenshots read exactly", exact, n)
	if n < 20 || exact < weightOnlyFloor {
		t.Errorf("want at least %d of 20", weightOnlyFloor)
	}
}
