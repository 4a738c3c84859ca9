package picture

import (
	"context"
	"math"
	"math/rand/v2"
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

// faceBoard is a board of digits of two faces: cell i holds digit
// digit(i), in the lighter face where light is set. Each digit's strokes
// have their own width (a 1's thinner than an 8's), the lighter face's
// are ratio as wide, and every glyph's width is off by noise (a share).
func faceBoard(digit func(i int) int, light func(i int) bool, ratio, noise float64, seed uint64) (*[81]Cell, *[81]float64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var cells [81]Cell
	var widths [81]float64
	for i := range 81 {
		d := digit(i)
		cells[i].Digit = d
		w := 0.06 * (1 + 0.3*float64(d-5)/4) * (1 + noise*rng.NormFloat64())
		if light(i) {
			w *= ratio
		}
		widths[i] = w
	}
	return &cells, &widths
}

// ninth puts digit i%9+1 in cell i.
func ninth(i int) int { return i%9 + 1 }

// TestFaceSplit: glyphs whose widths differ by digit more than by face
// are split into their faces; a board of one face is not split.
func TestFaceSplit(t *testing.T) {
	lightSet := func(i int) bool { return (i*7)%11 < 5 }
	for seed := range uint64(5) {
		cells, widths := faceBoard(ninth, lightSet, 0.85, 0.015, seed)
		light, apart := faceSplit(cells, widths)
		if apart < minFace {
			t.Errorf("seed %d: two faces %.1f apart, want at least %.1f", seed, apart, minFace)
		}
		for i := range 81 {
			if light[i] != lightSet(i) {
				t.Errorf("seed %d: cell %d in the wrong face", seed, i)
			}
		}
		// A split of the widths alone, without each digit's own width,
		// cannot tell these faces apart.
		ys := make([]float64, 81)
		for i := range ys {
			ys[i] = math.Log(widths[i])
		}
		if _, apart := splitOf(ys, minGivens/2); apart >= minSplit {
			t.Errorf("seed %d: the widths alone split %.1f apart; the test board is too easy", seed, apart)
		}
		cells, widths = faceBoard(ninth, func(int) bool { return false }, 1, 0.015, seed)
		if _, apart := faceSplit(cells, widths); apart >= minFace {
			t.Errorf("seed %d: one face split %.1f apart, want under %.1f", seed, apart, minFace)
		}
		// Three lighter glyphs are too few to be a face, however light,
		// and digits all of one face do not make up the count.
		cells, widths = faceBoard(ninth, func(i int) bool { return i == 3 || i == 13 || i == 23 }, 0.75, 0.015, seed)
		if _, apart := faceSplit(cells, widths); apart != 0 {
			t.Errorf("seed %d: three lighter glyphs split %.1f apart, want no split", seed, apart)
		}
	}
}

// TestMendByFace: a finished board whose entries are a lighter face of
// the givens' ink, read printed and written by turns, is read by its
// faces; not when the lighter face's copies of a digit differ as
// handwriting does, nor when colour tells the kinds apart.
func TestMendByFace(t *testing.T) {
	p := shotPuzzles(t)[0]
	given := func(i int) bool { return p[0][i] != '.' }
	rng := rand.New(rand.NewPCG(7, 8))
	board := func(handwritten, coloured bool, tint func(i int) float32) (*[81]Cell, *[81][]float32, *[81]float64) {
		cells, widths := faceBoard(func(i int) int { return int(p[1][i] - '0') }, func(i int) bool { return !given(i) }, 0.8, 0.015, 3)
		var in [81][]float32
		for i := range cells {
			d := int(p[1][i] - '0')
			face := 0
			if !given(i) {
				face = 1
			}
			x := make([]float32, Inputs)
			copy(x, testGlyph(face, d))
			if handwritten && face == 1 {
				copy(x, testGlyph(2+i, d))
			}
			for k := range GlyphSide * GlyphSide {
				x[k] += 0.05 * float32(rng.NormFloat64())
			}
			s := x[GlyphSide*GlyphSide:]
			s[fHeight], s[fContrast] = 0.6, 0.5
			if coloured && face == 1 {
				s[fChroma] = 0.6
			}
			if tint != nil {
				s[fChroma] = tint(i)
			}
			in[i] = x
			probs := make([]float32, Classes)
			probs[Class(d, i%2 == 0)] = 0.9 // the classifier's kind is a coin
			probs[Class(d, i%2 != 0)] = 0.1
			cells[i] = cellOf(probs, best(probs))
		}
		return cells, &in, widths
	}
	// Two entries in red (a player's wrong ones, in the entries' face)
	// agree with the faces.
	wrong := func(i int) float32 { return 0.3 * float32(b2i(i == 2 || i == 3)) }
	for _, tint := range []func(int) float32{nil, wrong} {
		cells, in, widths := board(false, false, tint)
		mendByFace(context.Background(), cells, in, widths, nil)
		for i, c := range cells {
			if c.Written == given(i) {
				t.Errorf("cell %d: written %v, want %v", i, c.Written, !given(i))
			}
		}
	}
	if given(2) || given(3) {
		t.Fatal("cells 2 and 3 must be entries in this puzzle")
	}
	// A board whose heavier face alone is in a colour, too near the
	// other's for clearSplits (0.12 against 0, with no spread): inkSplit
	// says the lighter digits are the neutral ink, and the faces would
	// read the board the wrong way round.
	heavyTinted := func(i int) float32 { return 0.12 * float32(b2i(given(i))) }
	for _, tc := range []struct {
		name                  string
		handwritten, coloured bool
		tint                  func(int) float32
	}{{"handwritten", true, false, nil}, {"coloured", false, true, nil}, {"heavier face coloured", false, false, heavyTinted}} {
		cells, in, widths := board(tc.handwritten, tc.coloured, tc.tint)
		before := *cells
		mendByFace(context.Background(), cells, in, widths, nil)
		for i := range cells {
			if cells[i].Written != before[i].Written {
				t.Errorf("%s: cell %d's kind changed", tc.name, i)
				break
			}
		}
	}
}

// TestMendByFaceFiner: faces too near on the board's widths to read it
// by, but near enough to be two, are measured again finely (finer), and
// the finer widths read it; finer is not asked on a board read by colour.
func TestMendByFaceFiner(t *testing.T) {
	p := shotPuzzles(t)[0]
	given := func(i int) bool { return p[0][i] != '.' }
	digit := func(i int) int { return int(p[1][i] - '0') }
	_, coarse := faceBoard(digit, func(i int) bool { return !given(i) }, 0.93, 0.02, 4)
	_, fine := faceBoard(digit, func(i int) bool { return !given(i) }, 0.8, 0.015, 3)
	rng := rand.New(rand.NewPCG(7, 8))
	board := func(chroma float32) (*[81]Cell, *[81][]float32) {
		var cells [81]Cell
		var in [81][]float32
		for i := range cells {
			x := make([]float32, Inputs)
			copy(x, testGlyph(b2i(!given(i)), digit(i)))
			for k := range GlyphSide * GlyphSide {
				x[k] += 0.05 * float32(rng.NormFloat64())
			}
			s := x[GlyphSide*GlyphSide:]
			s[fHeight], s[fContrast] = 0.6, 0.5
			if !given(i) {
				s[fChroma] = chroma
			}
			in[i] = x
			probs := make([]float32, Classes)
			probs[Class(digit(i), i%2 == 0)] = 0.9
			probs[Class(digit(i), i%2 != 0)] = 0.1
			cells[i] = cellOf(probs, best(probs))
		}
		return &cells, &in
	}
	cells, in := board(0)
	if _, apart := faceSplit(cells, coarse); apart < fineFace || apart >= minFace {
		t.Fatalf("the coarse widths' faces lie %.1f apart, want from %.0f to under %.0f", apart, fineFace, minFace)
	}
	asked := 0
	finer := func(*[81]Cell) *[81]float64 { asked++; return fine }
	mendByFace(context.Background(), cells, in, coarse, finer)
	for i, c := range cells {
		if c.Written == given(i) {
			t.Errorf("cell %d: written %v, want %v", i, c.Written, !given(i))
		}
	}
	cells, in = board(0.6)
	mendByFace(context.Background(), cells, in, coarse, finer)
	if asked != 1 {
		t.Errorf("finer asked %d times, want once (not for the coloured board)", asked)
	}
}

// weightOnlyFloor is how many of TestReadWeightOnlyScreenshots' 20
// screenshots must be read exactly: under what the reader reached (17),
// far over what it read before mendByFace (3).
const weightOnlyFloor = 14

// TestReadWeightOnlyScreenshots reads screenshots whose entries are in
// the givens' ink, a lighter face (drawn for seeds the other tests do not
// use): the givens are read exactly.
func TestReadWeightOnlyScreenshots(t *testing.T) {
	if raceEnabled {
		t.Skip("skipping under the race detector, which makes reading pictures ten times slower")
	}
	if testing.Short() {
		t.Skip("skipping in -short mode: draws and reads screenshots")
	}
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

// TestMatchPrinted: on a board of givens all in one face and ink, the few
// the classifier read as written are read as printed; not a digit unlike
// any other copy of it (a hand's), nor on a board whose written digits
// are a lighter face or a third of its digits.
func TestMatchPrinted(t *testing.T) {
	p := shotPuzzles(t)[0]
	rng := rand.New(rand.NewPCG(9, 10))
	// board returns the givens, those in written read as written, and a
	// player's digit in cell hand (a blank in the puzzle), drawn unlike
	// any other and read as written; written ones ratio as wide.
	board := func(written map[int]bool, hand int, ratio float64) (*[81]Cell, *[81][]float32, *[81]float64) {
		cells, widths := faceBoard(func(i int) int { return int(p[1][i] - '0') }, func(i int) bool { return written[i] }, ratio, 0.01, 4)
		var in [81][]float32
		for i := range cells {
			d := int(p[1][i] - '0')
			x := make([]float32, Inputs)
			in[i] = x
			if p[0][i] == '.' && i != hand {
				cells[i], widths[i] = cellOf(blankProbs, 0), 0
				continue
			}
			copy(x, testGlyph(0, d))
			if i == hand {
				copy(x, testGlyph(100+i, d))
			}
			for k := range GlyphSide * GlyphSide {
				x[k] += 0.03 * float32(rng.NormFloat64())
			}
			s := x[GlyphSide*GlyphSide:]
			s[fHeight], s[fContrast], s[fChroma] = 0.6, 0.5, 0.1
			probs := make([]float32, Classes)
			w := written[i] || i == hand
			probs[Class(d, w)], probs[Class(d, !w)] = 0.8, 0.2
			cells[i] = cellOf(probs, best(probs))
		}
		return cells, &in, widths
	}
	few := map[int]bool{0: true, 13: true, 44: true} // a 5, a 9 and a 3
	const hand = 2                                   // a 4 a player wrote
	cells, in, widths := board(few, hand, 1)
	matchPrinted(context.Background(), cells, in, widths)
	for _, i := range []int{0, 13, 44, hand} {
		if want := i == hand; cells[i].Written != want {
			t.Errorf("cell %d: written %v, want %v", i, cells[i].Written, want)
		}
	}

	// Five lighter glyphs (minSure or more) of digits printed elsewhere too.
	lighter := map[int]bool{0: true, 1: true, 4: true, 13: true, 44: true}
	many := map[int]bool{}
	for i := range 81 {
		if p[0][i] != '.' && len(many) < 11 {
			many[i] = true
		}
	}
	for name, b := range map[string]func() (*[81]Cell, *[81][]float32, *[81]float64){
		"a third written": func() (*[81]Cell, *[81][]float32, *[81]float64) { return board(many, hand, 1) },
		"a lighter face":  func() (*[81]Cell, *[81][]float32, *[81]float64) { return board(lighter, hand, 0.75) },
	} {
		cells, in, widths := b()
		before := *cells
		matchPrinted(context.Background(), cells, in, widths)
		for i := range cells {
			if cells[i].Written != before[i].Written {
				t.Errorf("%s: cell %d's kind changed", name, i)
			}
		}
	}
}

// TestByGlyph: a glyph put in the wrong face (by its strokes' width) that
// is a copy of the other face's glyphs of its digit moves there; where
// the faces' glyphs are alike, nothing moves.
func TestByGlyph(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	board := func(shapes bool) (*[81]Cell, *[81][]float32, [81]bool) {
		var cells [81]Cell
		var in [81][]float32
		var light [81]bool
		for i := range 81 {
			d, face := i%9+1, i/9%2 // rows alternate faces
			cells[i].Digit = d
			light[i] = face == 1
			in[i] = make([]float32, Inputs)
			f := face
			if !shapes {
				f = 0
			}
			copy(in[i], testGlyph(f, d))
			for k := range GlyphSide * GlyphSide {
				in[i][k] += 0.02 * float32(rng.NormFloat64())
			}
		}
		return &cells, &in, light
	}
	cells, in, light := board(true)
	wrong := light
	wrong[3], wrong[12] = !wrong[3], !wrong[12]
	if got := byGlyph(cells, in, wrong); got != light {
		t.Errorf("glyphs in the wrong face not moved back")
	}
	cells, in, light = board(false)
	wrong = light
	wrong[3] = !wrong[3]
	if got := byGlyph(cells, in, wrong); got != wrong {
		t.Errorf("faces of one shape: a glyph moved")
	}
}

// testGlyph is a glyph of digit d in face (any number): pixels drawn at
// random, the same for the same face and digit, unlike any other's.
func testGlyph(face, d int) []float32 {
	r := rand.New(rand.NewPCG(uint64(face), uint64(d)))
	g := make([]float32, GlyphSide*GlyphSide)
	for k := range g {
		g[k] = r.Float32()
	}
	return g
}

// TestFineWidths: on a phone screenshot whose entries are a lighter face
// of another family (seed 2), the widths fineWidths measures split the
// faces with fewer digits on the wrong side than the board's; a picture
// whose cells are under fineCell pixels (a desktop's, seed 1002) has no
// finer widths.
func TestFineWidths(t *testing.T) {
	puzzles := shotPuzzles(t)
	shot := screenshot.Make(2, puzzles[2%len(puzzles)][0], puzzles[2%len(puzzles)][1])
	b, err := Find(context.Background(), shot.Data)
	if err != nil {
		t.Fatal(err)
	}
	var cells [81]Cell
	for i := range cells {
		if d := max(shot.Givens[i], shot.Entries[i]); d != '.' {
			cells[i].Digit = int(d - '0')
		}
	}
	_, coarse := measureBoard(b)
	fine := b.fineWidths(&cells)
	if fine == nil {
		t.Fatalf("no finer widths for cells of %.0f pixels", b.cellSide())
	}
	wrongFaces := func(widths *[81]float64) int {
		light, _ := faceSplit(&cells, widths)
		n := 0
		for i, c := range cells {
			if c.Digit != 0 && light[i] != (shot.Entries[i] != '.') {
				n++
			}
		}
		return n
	}
	if c, f := wrongFaces(&coarse), wrongFaces(fine); f >= c {
		t.Errorf("finer widths put %d digits in the wrong face, the board's %d", f, c)
	}
	small := screenshot.Make(1002, puzzles[1002%len(puzzles)][0], puzzles[1002%len(puzzles)][1])
	b, err = Find(context.Background(), small.Data)
	if err != nil {
		t.Fatal(err)
	}
	if w := b.fineWidths(&cells); w != nil || b.cellSide() >= fineCell {
		t.Errorf("a %d×%d screenshot's cells of %.0f pixels have finer widths", small.Width, small.Height, b.cellSide())
	}
}
