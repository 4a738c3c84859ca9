package picture

import (
	"context"
	"strings"
	"testing"
)

// decideBoardOf builds a board of the classic puzzle's givens, and the
// solution's digits in the cells entered says, each given and entry
// filled by given and entry (its classifier's output p and inputs s).
func decideBoardOf(t *testing.T, entered func(i int) bool, given, entry func(d int, p, s []float32)) (*[81]Cell, *[81][]float32, *traits) {
	t.Helper()
	solution := shotPuzzles(t)[0][1]
	var tr traits
	cells, in := testBoard(func(i int, p, s []float32) {
		d := int(solution[i] - '0')
		switch {
		case classic[i] != '.':
			given(d, p, s)
		case entered(i):
			entry(d, p, s)
		default:
			p[0] = 1
			return
		}
		s[fHeight] = 0.6
		tr.Width[i] = 0.08 + 0.001*float64(i%7)
	})
	return cells, in, &tr
}

// kinds returns the printed and the written digits of cells, as Reading
// has them.
func kinds(cells *[81]Cell) (printed, written string) {
	r := Reading{Cells: *cells}
	return r.Givens(), r.Entries()
}

// TestDecideOneStyle: a board whose digits all look alike is all printed,
// though the classifier finds every one of them written.
func TestDecideOneStyle(t *testing.T) {
	cells, in, tr := decideBoardOf(t, func(int) bool { return false }, func(d int, p, s []float32) {
		p[Class(d, true)], p[Class(d, false)] = 0.9, 0.1
		s[fContrast], s[fStroke], s[fChroma] = 0.5, 0.3, 0.02
	}, nil)
	decideKinds(context.Background(), cells, in, tr)
	if printed, written := kinds(cells); printed != classic || written != dots {
		t.Errorf("decideKinds(one style) = %s, %s; want %s all printed", printed, written, classic)
	}
}

// TestDecideTwoPopulations: a board whose givens are dark and grey and
// whose entries blue and lighter is split so, though the classifier is
// unsure of every digit's kind.
func TestDecideTwoPopulations(t *testing.T) {
	entered := func(i int) bool { return i%3 == 0 }
	cells, in, tr := decideBoardOf(t, entered, func(d int, p, s []float32) {
		p[Class(d, true)], p[Class(d, false)] = 0.45, 0.55
		s[fContrast], s[fStroke], s[fChroma] = 0.6, 0.3, 0.02
	}, func(d int, p, s []float32) {
		p[Class(d, true)], p[Class(d, false)] = 0.55, 0.45
		s[fContrast], s[fStroke], s[fChroma] = 0.4, 0.3, 0.4
	})
	decideKinds(context.Background(), cells, in, tr)
	printed, written := kinds(cells)
	if printed != classic {
		t.Errorf("decideKinds(two populations) printed %s, want %s", printed, classic)
	}
	for i := range 81 {
		if want := classic[i] == '.' && entered(i); (written[i] != '.') != want {
			t.Errorf("cell %d written = %c, want written %v", i, written[i], want)
		}
	}
}

// TestDecideShadedTiles: an app that shades its givens' tiles, where the
// player's digits share the face, ink and paper of the givens and sit on
// the empty cells' tiles (white, or blue where a selection is), is split
// by the tiles, though the digits' looks make one population.
func TestDecideShadedTiles(t *testing.T) {
	entered := func(i int) bool { return i%2 == 0 }
	printedLooking := func(d int, p, s []float32) {
		p[Class(d, false)] = 1
		s[fContrast], s[fStroke], s[fChroma] = 0.45, 0.3, 0.02
	}
	cells, in, tr := decideBoardOf(t, entered, printedLooking, printedLooking)
	for i := range 81 {
		tr.Shade[i] = 235 + float64(i%3)
		if i/9 == 4 {
			tr.Shade[i] = 215 // a selected row
		}
		if classic[i] != '.' {
			tr.Shade[i] = 199 + float64(i%2)
		}
	}
	decideKinds(context.Background(), cells, in, tr)
	printed, written := kinds(cells)
	if printed != classic {
		t.Errorf("decideKinds(shaded tiles) printed %s, want %s", printed, classic)
	}
	for i := range 81 {
		if want := classic[i] == '.' && entered(i); (written[i] != '.') != want {
			t.Errorf("cell %d written = %c, want written %v", i, written[i], want)
		}
	}
}

// shaded returns the shade of a tile: shade when in, else a plain 236.
func shaded(shade float64, in bool) float64 {
	if in {
		return shade
	}
	return 236
}

// TestShadedSplits: tiles shaded apart that hold digits only make a
// split; shading some empty cells share (boxes shaded in turn, as
// newspapers print them) makes none, nor do too few shaded digits, nor a
// selection's row, column and box on a board nearly full.
func TestShadedSplits(t *testing.T) {
	cases := []struct {
		name  string
		full  bool // every cell holds a digit
		shade func(i int) float64
		want  int
	}{
		{"givens shaded", false, func(i int) float64 { return shaded(200, classic[i] != '.') }, 1},
		{"boxes shaded in turn", false, func(i int) float64 { return shaded(200, (i/27+i%9/3)%2 == 0) }, 0},
		{"all alike", false, func(int) float64 { return 236 }, 0},
		{"givens shaded and one empty cell (a given missed)", false, func(i int) float64 {
			return shaded(200, classic[i] != '.' || i == 2)
		}, 1},
		{"givens shaded and two empty cells", false, func(i int) float64 {
			return shaded(200, classic[i] != '.' || i == 2 || i == 3)
		}, 0},
		{"givens shaded in two tints", false, func(i int) float64 {
			return shaded(200-float64(b2i(i < 40))*10, classic[i] != '.')
		}, 0},
		{"every other given shaded (15 in 8 boxes)", false, func(i int) float64 {
			n := strings.Count(classic[:i], ".")
			return shaded(200, classic[i] != '.' && (i-n)%2 == 0)
		}, 0},
		{"a selection on a full board", true, func(i int) float64 {
			return shaded(214, i/9 == 2 || i%9 == 0 || i/27 == 0 && i%9 < 3)
		}, 0},
	}
	for _, c := range cases {
		var cells [81]Cell
		var shade, tint [81]float64
		for i := range shade {
			if classic[i] != '.' || c.full {
				cells[i].Digit = 1 + i%9
			}
			shade[i] = c.shade(i)
			if c.name == "givens shaded in two tints" && i < 40 {
				tint[i] = 70 // red tiles of mistakes, a shade apart
			}
		}
		got := shadedSplits(&cells, &shade, &tint)
		if len(got) != c.want {
			t.Errorf("%s: %d splits, want %d", c.name, len(got), c.want)
			continue
		}
		for _, w := range got {
			for i := range w {
				if w[i] != (cells[i].Digit != 0 && shade[i] != 200) {
					t.Errorf("%s: cell %d written %v", c.name, i, w[i])
				}
			}
		}
	}
}

// TestDecidePencilMarks: notes in the top corner of four cells, which the
// classifier reads as written digits, are blank; a digit in the middle of
// its cell is kept.
func TestDecidePencilMarks(t *testing.T) {
	notes := map[int]bool{2: true, 3: true, 5: true, 6: true}
	cells, in, tr := decideBoardOf(t, func(i int) bool { return notes[i] || i == 7 }, func(d int, p, s []float32) {
		p[Class(d, false)] = 1
		s[fContrast], s[fStroke], s[fChroma] = 0.5, 0.3, 0.02
	}, func(d int, p, s []float32) {
		p[Class(d, true)] = 1
	})
	for i := range notes {
		s := in[i][GlyphSide*GlyphSide:]
		s[fHeight], s[fCentreX], s[fCentreY], s[fHeightRel] = 0.3, -0.25, -0.25, -0.5
	}
	blankPencilMarks(cells, in)
	decideKinds(context.Background(), cells, in, tr)
	for i := range notes {
		if cells[i].Digit != 0 || cells[i].blankedBy != "note" {
			t.Errorf("cell %d, a pencil note, = %+v, want blank by the note rule", i, cells[i])
		}
	}
	if c := cells[7]; c.Digit == 0 || !c.Written {
		t.Errorf("cell 7, a written digit, = %+v, want written", c)
	}
}

// TestNotesSmallerThanTheWritten: marks sitting as notes do are notes
// only when smaller than the player's digits (noteHeight of them): the
// same four marks beside written digits 0.5 tall are blank, beside
// digits 0.35 tall (a hand that writes high in its cells) are digits.
func TestNotesSmallerThanTheWritten(t *testing.T) {
	notes := map[int]bool{2: true, 3: true, 5: true, 6: true}
	for _, c := range []struct {
		written float32
		blank   bool
	}{{0.5, true}, {0.35, false}} {
		cells, in, _ := decideBoardOf(t, func(i int) bool { return notes[i] || i == 7 || i == 8 }, func(d int, p, s []float32) {
			p[Class(d, false)] = 1
		}, func(d int, p, s []float32) {
			p[Class(d, true)] = 1
		})
		for i := range 81 {
			s := in[i][GlyphSide*GlyphSide:]
			switch {
			case notes[i]:
				s[fHeight], s[fCentreX], s[fCentreY] = 0.3, -0.25, -0.25
			case cells[i].Written:
				s[fHeight] = c.written
			}
		}
		blankPencilMarks(cells, in)
		for i := range notes {
			if blank := cells[i].Digit == 0; blank != c.blank {
				t.Errorf("beside written digits %.2f tall, note %d = %+v, want blank %v", c.written, i, cells[i], c.blank)
			}
		}
	}
}

// TestNotesReadBlankCount: a board's notes count whether or not the
// classifier read them as digits. One note read as a player's digit,
// beside two more the classifier read as blank (a player noting an 8 in
// two cells of a row, a 4 in another), is a note and blank; alone on its
// board, it is kept as the player's digit.
func TestNotesReadBlankCount(t *testing.T) {
	for _, others := range []bool{true, false} {
		notes := map[int]bool{2: true}
		if others {
			notes[3], notes[5] = true, true
		}
		cells, in, _ := decideBoardOf(t, func(i int) bool { return i == 2 || i == 7 || i == 8 || i == 11 }, func(d int, p, s []float32) {
			p[Class(d, false)] = 1
		}, func(d int, p, s []float32) {
			p[Class(d, true)] = 1
		})
		for i := range notes {
			s := in[i][GlyphSide*GlyphSide:]
			s[fHeight], s[fCentreX], s[fCentreY] = 0.3, -0.2, -0.22
			if i != 2 {
				cells[i] = cellOf(blankProbs, 0)
			}
		}
		blankPencilMarks(cells, in)
		if blank := cells[2].Digit == 0; blank != others {
			t.Errorf("with other notes read blank %v: the note read as written = %+v, want blank %v", others, cells[2], others)
		}
		if cells[7].Digit == 0 {
			t.Errorf("a player's digit was blanked: %+v", cells[7])
		}
	}
}

// TestCandidatePairs: a pair of candidates in a cell's top-left corner,
// which the classifier reads as a written digit it is unsure of, is a
// pair; a written digit as wide but centred, one as far up and left but
// taller than wide, a wide one the classifier is sure of, and a pair's
// shape read as printed (the board's decision weighs those) are not. On a
// board, a lone pair is blank and a digit beside it kept.
func TestCandidatePairs(t *testing.T) {
	type look struct {
		h, w, cx, cy, conf float32
		printed, pair      bool
	}
	looks := map[int]look{
		2: {0.50, 0.56, -0.16, -0.19, 0.55, false, true},  // a pair
		3: {0.44, 0.66, -0.11, -0.06, 0.45, false, true},  // a pair, nearer the middle
		5: {0.44, 0.50, -0.03, -0.04, 0.55, false, false}, // wide, centred: a digit
		6: {0.60, 0.50, -0.16, -0.19, 0.55, false, false}, // up and left, tall: a digit
		7: {0.50, 0.56, -0.16, -0.19, 0.95, false, false}, // a pair's shape, sure: a digit
		8: {0.50, 0.56, -0.16, -0.19, 0.55, true, false},  // a pair's shape, printed
	}
	cells, in, _ := decideBoardOf(t, func(i int) bool { _, ok := looks[i]; return ok }, func(d int, p, s []float32) {
		p[Class(d, false)] = 1
	}, func(d int, p, s []float32) {
		p[Class(d, true)] = 1
	})
	for i, l := range looks {
		s := in[i][GlyphSide*GlyphSide:]
		s[fHeight], s[fWidth], s[fCentreX], s[fCentreY], s[fHeightRel] = l.h, l.w, l.cx, l.cy, 0
		p := cells[i].probs
		k := Class(cells[i].Digit, !l.printed)
		clear(p)
		p[k], p[0] = l.conf, 1-l.conf
		cells[i] = cellOf(p, k)
		if got := candidatePair(cells[i], in[i]); got != l.pair {
			t.Errorf("candidatePair(cell %d: %+v) = %v, want %v", i, l, got, l.pair)
		}
	}
	for i := range looks {
		if i != 2 && i != 5 {
			cells[i] = cellOf(blankProbs, 0)
			in[i] = make([]float32, Inputs)
		}
	}
	blankPencilMarks(cells, in)
	if cells[2].Digit != 0 || cells[2].blankedBy != "pair" || cells[5].Digit == 0 {
		t.Errorf("a lone pair and a digit read %+v and %+v, want blank and a digit", cells[2], cells[5])
	}
}

// TestSymmetry: the classic puzzle's givens are 180° symmetric; a written
// digit read as printed breaks it, and closeMirrors and openMirrors make
// it whole again.
func TestSymmetry(t *testing.T) {
	cells, _, _ := decideBoardOf(t, func(i int) bool { return i == 2 }, func(d int, p, s []float32) {
		p[Class(d, false)] = 1
	}, func(d int, p, s []float32) {
		p[Class(d, true)] = 1
	})
	var written [81]bool
	if got := symmetry(cells, written); got != -symmetryPrior {
		t.Errorf("symmetry(givens and r1c3 printed) = %v, want %v", got, -symmetryPrior)
	}
	written[2] = true
	if got := symmetry(cells, written); got != 0 {
		t.Errorf("symmetry(givens) = %v, want 0", got)
	}
	if w := openMirrors(cells, [81]bool{}); !w[2] || symmetry(cells, w) != 0 {
		t.Errorf("openMirrors did not read r1c3 as written")
	}
}

// dots is a board of no digits.
const dots = "................................................................................."

// TestDecideSymmetricUnique: one given (g) looks, by its ink, like the
// player's blue entries, and reading it as written leaves the givens
// with many solutions and no longer 180° symmetric; the split that keeps
// it printed, symmetric and with one solution, is chosen over the one
// its looks alone prefer.
func TestDecideSymmetricUnique(t *testing.T) {
	g := -1
	for i := range 81 {
		if classic[i] == '.' {
			continue
		}
		cells, _, _ := decideBoardOf(t, func(int) bool { return false }, func(d int, p, s []float32) { p[Class(d, false)] = 1 }, nil)
		cells[i].Written = true
		if solutions(context.Background(), *cells) == 2 {
			g = i
			break
		}
	}
	if g < 0 {
		t.Fatal("no given of the classic puzzle leaves it many solutions when read as written")
	}
	entered := func(i int) bool { return i%3 == 0 }
	cells, in, tr := decideBoardOf(t, entered, func(d int, p, s []float32) {
		p[Class(d, true)], p[Class(d, false)] = 0.3, 0.7
		s[fContrast], s[fStroke], s[fChroma] = 0.6, 0.3, 0.02
	}, func(d int, p, s []float32) {
		p[Class(d, true)], p[Class(d, false)] = 0.7, 0.3
		s[fContrast], s[fStroke], s[fChroma] = 0.4, 0.3, 0.4
	})
	s := in[g][GlyphSide*GlyphSide:]
	s[fContrast], s[fChroma] = 0.45, 0.3
	var truth [81]bool
	for i := range 81 {
		truth[i] = classic[i] == '.' && entered(i)
	}
	byLooks := truth
	byLooks[g] = true
	looks := kindLooks(cells, in, tr)
	score := func(w [81]bool) float64 { return looks.splitScore(w) + symmetry(cells, w) }
	if score(byLooks) <= score(truth) {
		t.Fatalf("the looks and symmetry do not prefer reading cell %d as written (%.1f, %.1f): the test shows nothing", g, score(byLooks), score(truth))
	}
	decideKinds(context.Background(), cells, in, tr)
	if printed, _ := kinds(cells); printed != classic {
		t.Errorf("decideKinds printed %s, want %s (cell %d printed)", printed, classic, g)
	}
}

// TestWithoutStrays: the classic puzzle's givens with one solution digit
// more, read as printed, lose it (it alone breaks their symmetry, and they
// keep one solution without it); with three such digits more, the board
// is taken for a puzzle printed without symmetry and kept.
func TestWithoutStrays(t *testing.T) {
	for _, tt := range []struct {
		name  string
		extra map[int]bool
		want  func(i int) bool // which digits stay printed
	}{
		{"one stray", map[int]bool{2: true}, func(i int) bool { return classic[i] != '.' }},
		{"three strays", map[int]bool{2: true, 3: true, 6: true}, func(i int) bool { return classic[i] != '.' || i == 2 || i == 3 || i == 6 }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cells, _, _ := decideBoardOf(t, func(i int) bool { return tt.extra[i] }, func(d int, p, s []float32) {
				p[Class(d, false)] = 1
			}, func(d int, p, s []float32) {
				p[Class(d, false)], p[Class(d, true)] = 0.6, 0.4
			})
			got := withoutStrays(context.Background(), *cells)
			for i, c := range got {
				if c.Digit != 0 && !c.Written != tt.want(i) {
					t.Errorf("cell %d printed = %v, want %v", i, !c.Written, tt.want(i))
				}
			}
		})
	}
}

// TestGivensPrior: a split costs nothing while its printed digits are as
// many as a puzzle prints, and givenCost for each one too few or too many.
func TestGivensPrior(t *testing.T) {
	var cells [81]Cell
	for i := range cells {
		cells[i].Digit = 1 + i%9
	}
	for printed, want := range map[int]float64{15: -2 * givenCost, 17: 0, 30: 0, 45: 0, 48: -3 * givenCost, 81: -36 * givenCost} {
		var written [81]bool
		for i := printed; i < 81; i++ {
			written[i] = true
		}
		if got := givensPrior(&cells, written); got != want {
			t.Errorf("givensPrior(%d printed) = %v, want %v", printed, got, want)
		}
	}
	if got := givensPrior(&cells, [81]bool{}); got >= givensPrior(&cells, [81]bool{80: true}) {
		t.Errorf("81 printed digits cost %v, no more than 80 do", got)
	}
}

// TestMisreadOnce: the classic puzzle with one given misread makes no
// puzzle; one likely misreading away it does, and misreadOnce says so,
// but not when the right digit is far less likely than the one read.
func TestMisreadOnce(t *testing.T) {
	const at = 0 // holds 5; read as 3, which the row holds already
	for _, c := range []struct {
		right float32 // the right digit's probability
		want  bool
	}{{0.3, true}, {0.005, false}} {
		cells, _ := testBoard(func(i int, p, s []float32) {
			switch {
			case i == at:
				p[Class(3, false)], p[Class(5, false)] = 1-c.right, c.right
			case classic[i] != '.':
				p[Class(int(classic[i]-'0'), false)] = 1
			default:
				p[0] = 1
			}
		})
		if printedUnique(context.Background(), *cells) {
			t.Fatal("the misread puzzle has one solution; the test needs it to have none")
		}
		if got := misreadOnce(context.Background(), *cells); got != c.want {
			t.Errorf("misreadOnce(right digit at %.3f) = %v, want %v", c.right, got, c.want)
		}
	}
}

// TestMisreadFew: the classic puzzle with two givens misread (each as a
// digit its row holds) has no solution; two likely misreadings away it
// has one, and misreadFew says so. A puzzle with many solutions (a given
// missed) is not misread givens' to mend: a given missed, or a player's
// digit taken for one, is another split's to weigh.
func TestMisreadFew(t *testing.T) {
	misread := map[int][2]int{0: {3, 5}, 76: {7, 8}} // cell: read, right (rows 1 and 9 hold 3 and 7)
	board := func(drop int, misreadToo bool) *[81]Cell {
		cells, _ := testBoard(func(i int, p, s []float32) {
			m, ok := misread[i]
			switch {
			case i == drop || classic[i] == '.':
				p[0] = 1
			case ok && misreadToo:
				p[Class(m[0], false)], p[Class(m[1], false)] = 0.7, 0.3
			default:
				p[Class(int(classic[i]-'0'), false)] = 1
			}
		})
		return cells
	}
	ctx := context.Background()
	if cells := board(-1, true); solutions(ctx, *cells) != 0 || !misreadFew(ctx, *cells) {
		t.Errorf("two givens misread: %d solutions, misreadFew = %v; want 0 and true", solutions(ctx, *cells), misreadFew(ctx, *cells))
	}
	for i := range 81 {
		if cells := board(i, false); classic[i] != '.' && solutions(ctx, *cells) == 2 {
			if misreadFew(ctx, *cells) {
				t.Errorf("given %d missed (many solutions): misreadFew = true, want false", i)
			}
			return
		}
	}
	t.Fatal("no given of the classic puzzle leaves it many solutions when missed")
}

// TestDecideFainterEntries: entries in grey, which the classifier finds
// as printed as print, beside givens in a dark blue it finds half written
// (a puzzle printed in navy, filled in with a grey pen or an app's grey),
// are the written ones: a population clearly fainter than the other
// (inkApart) is not the print.
func TestDecideFainterEntries(t *testing.T) {
	entered := func(i int) bool { return i%9 != 4 && i/9 != 4 }
	cells, in, tr := decideBoardOf(t, entered, func(d int, p, s []float32) {
		p[Class(d, true)], p[Class(d, false)] = 0.45, 0.55
		s[fContrast], s[fStroke], s[fChroma] = 0.5, 0.3, 0.16
	}, func(d int, p, s []float32) {
		p[Class(d, true)], p[Class(d, false)] = 0.01, 0.99
		s[fContrast], s[fStroke], s[fChroma] = 0.35, 0.3, 0
	})
	decideKinds(context.Background(), cells, in, tr)
	if printed, _ := kinds(cells); printed != classic {
		t.Errorf("decideKinds(fainter entries) printed\n%s, want\n%s", printed, classic)
	}
}
