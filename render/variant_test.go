package render

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"strings"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/variant"
)

func TestVariantGolden(t *testing.T) {
	candidates := make([]uint32, 81)
	for i := range candidates {
		candidates[i] = uint32(i*37+5) & 0x3fe // bits 1 to 9
	}
	diff := []variant.Cell{{Row: 0, Col: 0}, {Row: 4, Col: 4}, {Row: 8, Col: 3}}
	tests := []struct {
		name string
		p    variant.Puzzle
		opt  VariantOptions
	}{
		{"variant_killer.png", killerPuzzle(t), VariantOptions{}},
		{"variant_thermo_arrow.png", thermoArrowPuzzle(t), VariantOptions{}},
		{"variant_kropki_xv_parity.png", kropkiPuzzle(t), VariantOptions{}},
		{"variant_lines_outside.png", linesPuzzle(t), VariantOptions{}},
		{"variant_between_extremes_clones.png", betweenPuzzle(t), VariantOptions{}},
		{"variant_jigsaw.png", jigsawPuzzle(t), VariantOptions{}},
		{"variant_6x6.png", sixPuzzle(t), VariantOptions{}},
		{"variant_16x16.png", sixteenPuzzle(t), VariantOptions{}},
		{"variant_digits.png", killerPuzzle(t), VariantOptions{Digits: solution9()}},
		{"variant_candidates_differ.png", kropkiPuzzle(t), VariantOptions{Candidates: candidates, Differ: diff}},
		{"variant_killer_candidates.png", killerPuzzle(t), VariantOptions{Candidates: candidates, Digits: append(solution9()[:27:27], make([]int, 54)...)}},
		{"variant_dark.png", sampler(t), VariantOptions{Theme: Dark, Differ: diff[1:2]}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Variant(tt.p, tt.opt)
			if err != nil {
				t.Fatalf("Variant: %v", err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("the PNG does not decode: %v", err)
			}
			if cfg.Width < 600 || cfg.Width > 800 || cfg.Height < cfg.Width || cfg.Height > 900 {
				t.Errorf("image is %dx%d, want 600 to 800 wide and at most 900 high", cfg.Width, cfg.Height)
			}
			if len(b) > 200<<10 {
				t.Errorf("image is %d bytes, want under 200 KB", len(b))
			}
			golden(t, tt.name, b, samePixels)
		})
	}
}

// TestVariantDraws looks at a few pixels of each kind of clue: the
// goldens say nothing changed, this says what is there.
func TestVariantDraws(t *testing.T) {
	col := variantColoursFor(Light)
	probe := func(p variant.Puzzle, opt VariantOptions, at func(l vlayout) pt, want color.RGBA, what string) {
		t.Helper()
		img, err := VariantImage(p, opt)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		q := at(variantLayout(p))
		if got := img.RGBAAt(int(q.x), int(q.y)); got != want {
			t.Errorf("%s: pixel at %.0f,%.0f is %v, want %v", what, q.x, q.y, got, want)
		}
	}
	centre := func(r, c int) func(l vlayout) pt {
		return func(l vlayout) pt { return l.centre(variant.Cell{Row: r, Col: c}) }
	}
	blank := func(cs ...variant.Constraint) variant.Puzzle { return variant.Puzzle{Size: 9, Constraints: cs} }
	a, b := variant.Cell{Row: 2, Col: 2}, variant.Cell{Row: 2, Col: 3}
	edge := func(l vlayout) pt { return mid(l.centre(a), l.centre(b)) }
	probe(blank(variant.Thermo{Cells: []variant.Cell{a, b}}), VariantOptions{}, centre(2, 2), col.thermo, "thermo bulb")
	probe(blank(variant.Ratio{Cells: [2]variant.Cell{a, b}, Value: 2}), VariantOptions{}, edge, col.blackDot, "black dot")
	probe(blank(variant.Difference{Cells: [2]variant.Cell{a, b}, Value: 1}), VariantOptions{}, edge, col.whiteDot, "white dot")
	probe(blank(variant.Parity{Cell: a, Even: true}), VariantOptions{}, func(l vlayout) pt {
		return l.centre(a).add(pt{l.cf(0.32), l.cf(0.32)}) // a square's corner, outside a circle
	}, col.parity, "even square")
	probe(blank(variant.Parity{Cell: a}), VariantOptions{}, func(l vlayout) pt {
		return l.centre(a).add(pt{l.cf(0.32), l.cf(0.32)})
	}, col.paper, "odd circle, not a square")
	probe(blank(variant.ExtraRegion{Cells: []variant.Cell{a}}), VariantOptions{}, func(l vlayout) pt {
		return l.centre(a).add(pt{l.cf(0.3), l.cf(0.3)})
	}, col.extra, "extra region")
	probe(blank(), VariantOptions{Differ: []variant.Cell{a}}, func(l vlayout) pt {
		return l.centre(a).add(pt{l.cf(0.3), l.cf(0.3)})
	}, col.differ, "differ")
	probe(blank(variant.Global{Name: "diagonal-"}), VariantOptions{}, centre(4, 4), col.diagonal, "diagonal")
	pill := blank(variant.Arrow{Bulb: []variant.Cell{a, b}})
	probe(pill, VariantOptions{}, func(l vlayout) pt { return edge(l).add(pt{l.cf(0.2), 0}) }, col.paper, "a pill's inside")
	probe(pill, VariantOptions{}, func(l vlayout) pt {
		return edge(l).add(pt{l.cf(0.2), l.cf(0.38)})
	}, col.arrow, "a pill's side")
	probe(blank(variant.Killer{Cells: []variant.Cell{a}}), VariantOptions{}, func(l vlayout) pt {
		return l.corner(2, 2).add(pt{l.cf(0.08) + 1, l.cf(0.08) + 1}) // the outline's corner
	}, col.given, "cage corner")
}

func TestVariantMargins(t *testing.T) {
	size := func(p variant.Puzzle) (int, int) {
		img, err := VariantImage(p, VariantOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return img.Rect.Dx(), img.Rect.Dy()
	}
	w0, h0 := size(variant.Puzzle{Size: 9})
	if w0 != h0 || w0 > 700 {
		t.Errorf("a bare 9×9 is %dx%d, want square and at most 700", w0, h0)
	}
	top := variant.Sandwich{Clue: variant.Cell{Row: -1, Col: 3}, Sum: 10}
	if w, h := size(variant.Puzzle{Size: 9, Constraints: []variant.Constraint{top}}); w != w0 || h <= h0 {
		t.Errorf("with a clue above the grid: %dx%d, want %d wide and higher than %d", w, h, w0, h0)
	}
	right := variant.LittleKiller{Clue: variant.Cell{Row: 3, Col: 9}, Direction: "DL", Sum: 10}
	if w, h := size(variant.Puzzle{Size: 9, Constraints: []variant.Constraint{right}}); w <= w0 || h != h0 {
		t.Errorf("with a clue right of the grid: %dx%d, want wider than %d and %d high", w, h, w0, h0)
	}
	if _, h := size(variant.Puzzle{Size: 9, Title: "T"}); h <= h0 {
		t.Errorf("with a title: %d high, want more than %d", h, h0)
	}
}

func TestVariantRejects(t *testing.T) {
	nine := func(cs ...variant.Constraint) variant.Puzzle { return variant.Puzzle{Size: 9, Constraints: cs} }
	out := variant.Cell{Row: 9, Col: 0}
	tests := []struct {
		name string
		p    variant.Puzzle
		opt  VariantOptions
		want string
	}{
		{"size", variant.Puzzle{Size: 17}, VariantOptions{}, "a 17×17 puzzle"},
		{"no size", variant.Puzzle{}, VariantOptions{}, "a 0×0 puzzle"},
		{"givens", variant.Puzzle{Size: 9, Givens: make([]int, 80)}, VariantOptions{}, "80 givens for 81 cells"},
		{"given range", variant.Puzzle{Size: 4, Givens: make([]int, 16)}, VariantOptions{Digits: append(make([]int, 15), 5)}, "digits: 5 at R4C4"},
		{"regions", variant.Puzzle{Size: 9, Regions: make([]int, 9)}, VariantOptions{}, "9 regions for 81 cells"},
		{"digits", nine(), VariantOptions{Digits: make([]int, 80)}, "80 digits for 81 cells"},
		{"candidates", nine(), VariantOptions{Candidates: make([]uint32, 82)}, "82 candidates for 81 cells"},
		{"differ", nine(), VariantOptions{Differ: []variant.Cell{out}}, "differing cell R10C1 is outside"},
		{"killer", nine(variant.Killer{Cells: []variant.Cell{{Row: 0, Col: -1}}}), VariantOptions{}, "killercage cell R1C0 is outside"},
		{"arrow line", nine(variant.Arrow{Bulb: []variant.Cell{{}}, Lines: [][]variant.Cell{{out}}}), VariantOptions{}, "arrow cell R10C1"},
		{"dot", nine(variant.Ratio{Cells: [2]variant.Cell{{}, out}}), VariantOptions{}, "ratio cell R10C1"},
		{"clue inside", nine(variant.Sandwich{Clue: variant.Cell{Row: 2, Col: 2}}), VariantOptions{}, "sandwichsum clue R3C3 is not next to"},
		{"clue far", nine(variant.LittleKiller{Clue: variant.Cell{Row: -2, Col: 2}}), VariantOptions{}, "littlekillersum clue R-1C3"},
		{"sandwich corner", nine(variant.Sandwich{Clue: variant.Cell{Row: -1, Col: -1}}), VariantOptions{}, "in a corner"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Variant(tt.p, tt.opt)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Variant error = %v, want %q", err, tt.want)
			}
		})
	}
}

// BenchmarkVariant draws and encodes a 9×9 killer of 30 cages, bare and
// with every cell's candidates, and reports the image's size.
func BenchmarkVariant(b *testing.B) {
	p := thirtyCages()
	cands := make([]uint32, 81)
	for i := range cands {
		cands[i] = 0x3fe
	}
	for _, bb := range []struct {
		name string
		opt  VariantOptions
	}{{"killer30", VariantOptions{}}, {"killer30+candidates", VariantOptions{Candidates: cands}}} {
		b.Run(bb.name, func(b *testing.B) {
			var size int
			for b.Loop() {
				img, err := Variant(p, bb.opt)
				if err != nil {
					b.Fatal(err)
				}
				size = len(img)
			}
			b.ReportMetric(float64(size), "bytes")
		})
	}
}

// thirtyCages is a 9×9 killer of 30 cages, three or two cells in a row.
func thirtyCages() variant.Puzzle {
	p := variant.Puzzle{Size: 9, Title: "Thirty cages", Author: "bench"}
	for r := 0; r < 9; r++ {
		lens := []int{3, 3, 3}
		if r >= 6 {
			lens = []int{2, 3, 2, 2}
		}
		c := 0
		for _, n := range lens {
			k := variant.Killer{Sum: 10 + r + c}
			for range n {
				k.Cells = append(k.Cells, variant.Cell{Row: r, Col: c})
				c++
			}
			p.Constraints = append(p.Constraints, k)
		}
	}
	return p
}

// TestVariantConcurrent draws from many goroutines at once (the bot does:
// fonts are shared, faces are each drawing's own) and checks every image
// is the same, and the puzzle unchanged.
func TestVariantConcurrent(t *testing.T) {
	p := sampler(t)
	before := fmt.Sprintf("%#v", p)
	want, err := Variant(p, VariantOptions{Digits: solution9()})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			got, err := Variant(p, VariantOptions{Digits: solution9()})
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("concurrent Variant differs (err %v)", err)
			}
		})
	}
	wg.Wait()
	if after := fmt.Sprintf("%#v", p); after != before {
		t.Errorf("Variant changed its puzzle:\n%s\nwas\n%s", after, before)
	}
}
