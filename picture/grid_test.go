package picture

import (
	"math"
	"path/filepath"
	"testing"
)

// TestGrownFindsTheWholeGrid: given only the right two thirds, or the top
// two thirds, of a grid's outline (as a photo's broken thin lines leave
// its heavier box lines), grown finds the whole grid's corners, and
// gridScore prefers the whole grid to a part of it or an outline a row
// out.
func TestGrownFindsTheWholeGrid(t *testing.T) {
	work := drawnGrid(700, 60, 560)
	whole := [4]Point{{60, 60}, {620, 60}, {620, 620}, {60, 620}}
	m := homography(whole, 9)
	part := func(x0, y0, x1, y1 float64) [4]Point { return subQuad(m, x0, y0, x1, y1) }
	cell := math.Hypot(whole[1].X-whole[0].X, whole[1].Y-whole[0].Y) / 9
	for name, q := range map[string][4]Point{
		"right two thirds": part(3, 0, 9, 9),
		"top two thirds":   part(0, 0, 9, 6),
	} {
		got, _ := grown(work, q)
		for k := range got {
			if d := math.Hypot(got[k].X-whole[k].X, got[k].Y-whole[k].Y); d > cell/4 {
				t.Errorf("%s: corner %d at %v, %.1f pixels from the grid's %v", name, k, got[k], d, whole[k])
			}
		}
	}
	full := gridScore(work, whole)
	for name, q := range map[string][4]Point{
		"a row down":       part(0, 1, 9, 10),
		"a column left":    part(-1, 0, 8, 9),
		"the middle boxes": part(3, 3, 6, 6),
	} {
		if s := gridScore(work, q); s >= full {
			t.Errorf("gridScore(%s) = %.3f, not under the whole grid's %.3f", name, s, full)
		}
	}
}

// drawnGrid returns a side×side white picture with a grid of the given
// size drawn at (at, at): thin lines two pixels wide, box lines five.
func drawnGrid(side, at, size int) *Gray {
	g := &Gray{W: side, H: side, Pix: make([]uint8, side*side)}
	for i := range g.Pix {
		g.Pix[i] = 240
	}
	for k := range 10 {
		w := 2
		if k%3 == 0 {
			w = 5
		}
		p := at + k*size/9 - w/2
		for a := at - 2; a < at+size+3; a++ {
			for d := range w {
				g.Pix[(p+d)*side+a] = 30 // across
				g.Pix[a*side+p+d] = 30   // down
			}
		}
	}
	return g
}

// TestBestGridLooksAgainKeenly: a grid whose lines are all faint, as a
// blurred photo's thin lines are (a little darker than the paper), leaves
// no web of ink under the usual threshold; bestGrid finds it on its
// second, keener look.
func TestBestGridLooksAgainKeenly(t *testing.T) {
	work := drawnGrid(700, 60, 560)
	for i, v := range work.Pix {
		if v < 240 {
			work.Pix[i] = 216 // 0.9 of the paper: over 0.88, under keenRatio
		}
	}
	if len(outlines(work, work.threshold())) > 0 {
		t.Fatal("the usual threshold found a web of ink in the faint grid: the test's grid is not faint enough")
	}
	mustFindDrawnGrid(t, work, "in the faint grid")
}

// mustFindDrawnGrid checks that bestGrid finds drawnGrid's grid of 560
// pixels at (60, 60) in work, each corner within a quarter of a cell.
func mustFindDrawnGrid(t *testing.T, work *Gray, where string) {
	t.Helper()
	got, ok := bestGrid(work)
	if !ok {
		t.Fatalf("no grid found %s", where)
	}
	whole := [4]Point{{60, 60}, {620, 60}, {620, 620}, {60, 620}}
	for k := range got {
		if d := math.Hypot(got[k].X-whole[k].X, got[k].Y-whole[k].Y); d > 560/9/4 {
			t.Errorf("%s: corner %d at %v, %.1f pixels from the grid's %v", where, k, got[k], d, whole[k])
		}
	}
}

// TestGridAtThePictureEdge: a chat preview cropped through the grid's
// border, where the picture's edge pixels repeat past it, is framed at its
// edge, not a column out where the repeated border looked like a line.
func TestGridAtThePictureEdge(t *testing.T) {
	p, r := readAppShot(t, filepath.Join(appsDir, "aldeon-sudoku"), "g02-s1-light-chat.jpg")
	if x := r.Board.Corners[0].X; abs(x) > 4 {
		t.Errorf("Read(%s): top left corner at x %.0f, want 0 ± 4", p.File, x)
	}
	if got := r.Givens(); got != p.Givens {
		t.Errorf("Read(%s) givens = %s, want %s", p.File, got, p.Givens)
	}
}

// TestBestGridPastAShadow: a shadow over a grid's corner that runs on to
// the picture's edge (a hand or a phone over the page) joins the grid's
// web of ink along its own edge, so that web's outline reaches the
// picture's corner and frames no Sudoku; bestGrid finds the grid in the
// valleys of the greys, where the shadow's edge is not ink.
func TestBestGridPastAShadow(t *testing.T) {
	work := drawnGrid(1000, 60, 560)
	for y := 450; y < 1000; y++ {
		for x := range 250 {
			work.Pix[y*1000+x] = uint8(int(work.Pix[y*1000+x]) * 2 / 5)
		}
	}
	if anySudoku(outlines(work, work.threshold())) {
		t.Fatal("the usual threshold framed the grid: the test's shadow does not join the grid's web")
	}
	mustFindDrawnGrid(t, work, "past the shadow")
}
