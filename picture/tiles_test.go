package picture

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/screenshot"
)

// TestFindTiles: Find finds the grids that apps draw as tiles with gaps
// between them and no lines, and tells their cells filled or blank.
func TestFindTiles(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in -short mode: draws 80 screenshots")
	}
	puzzles := shotPuzzles(t)
	n, found, exact := 0, 0, 0
	for seed := range int64(80) {
		p := puzzles[seed%int64(len(puzzles))]
		shot := screenshot.Make(seed, p[0], p[1])
		if !strings.Contains(shot.Style, " tiles ") {
			continue
		}
		n++
		b, err := Find(context.Background(), shot.Data)
		if err != nil {
			t.Logf("seed %d (%s): %v", seed, shot.Style, err)
			continue
		}
		found++
		if b.Filled() == filledOf(shot.Givens, shot.Entries) {
			exact++
		}
	}
	t.Logf("tile screenshots: %d, found %d, every cell's filled-or-blank right in %d", n, found, exact)
	// Floors a little under what was reached (32 of 33 found, 23 right;
	// pencil marks, which may read as filled, account for most of the
	// rest): they only rise.
	if found < 30 || exact < 20 {
		t.Errorf("below the floors (30 found, 20 right)")
	}
}

// drawnTiles draws a 9 × 9 grid of tiles diff grey levels darker than
// the screen around them, a dark mark in every third tile, at pixels from
// the picture's edges.
func drawnTiles(diff, at int) *Gray {
	const tile, gap, boxGap = 58, 4, 9
	side := 2*at + 9*tile + 6*gap + 2*boxGap
	g := &Gray{W: side, H: side, Pix: make([]uint8, side*side)}
	for k := range g.Pix {
		g.Pix[k] = 240
	}
	start := func(i int) int { return at + i*(tile+gap) + i/3*(boxGap-gap) }
	for r := range 9 {
		for c := range 9 {
			x0, y0 := start(c), start(r)
			for y := y0; y < y0+tile; y++ {
				for x := x0; x < x0+tile; x++ {
					g.Pix[y*side+x] = uint8(240 - diff)
					if (r*9+c)%3 == 0 && abs(float64(x-x0-tile/2)) < 4 && abs(float64(y-y0-tile/2)) < 14 {
						g.Pix[y*side+x] = 40
					}
				}
			}
		}
	}
	return g
}

// TestFindPaleTiles: tiles a few grey levels off their screen, fainter
// than tiles are first looked for, are found when nothing else is.
func TestFindPaleTiles(t *testing.T) {
	checkFoundOnALaterLook(t, drawnTiles(3, 40), "pale")
}

// checkFoundOnALaterLook checks that drawnTiles' grid g (the tiles
// described by what) is not found at the usual step, so that the test
// tests a later look, and that findLattice finds it where it was drawn.
func checkFoundOnALaterLook(t *testing.T, g *Gray, what string) {
	t.Helper()
	if _, ok := tileGrid(g, edgeStep); ok {
		t.Fatalf("the %s tiles were found at the usual step: the test does not test the later look", what)
	}
	l, ok := findLattice(g)
	if !ok {
		t.Fatalf("%s tiles not found", what)
	}
	checkDrawnCorners(t, l[0][0], l[9][9])
}

// checkDrawnCorners checks the corners found of drawnTiles' grid drawn 40
// pixels in: its first tile starts at 40 and its last ends at
// 40+9*58+6*4+2*9, with half a gap round them.
func checkDrawnCorners(t *testing.T, topLeft, bottomRight Point) {
	t.Helper()
	if d := dist(topLeft, Point{38, 38}); d > 4 {
		t.Errorf("top left corner at %v, want near (38, 38)", topLeft)
	}
	if d := dist(bottomRight, Point{606, 606}); d > 4 {
		t.Errorf("bottom right corner at %v, want near (606, 606)", bottomRight)
	}
}

// TestFindNoisyTiles: tiles under a few grey levels of noise, as a
// screenshot scaled down and saved as a JPEG has round every edge, break
// into specks at the usual step and are found on the second look.
func TestFindNoisyTiles(t *testing.T) {
	g := drawnTiles(20, 40)
	for k := range g.Pix {
		h := uint32(k) * 2654435761
		g.Pix[k] = uint8(int(g.Pix[k]) + int(h>>29) - 3) // -3 to +4
	}
	checkFoundOnALaterLook(t, g, "noisy")
}

// TestFindColourTiles: tiles that differ from their screen in colour,
// hardly in grey (a sepia app's efe4cb on eee6d2, under two grey levels
// apart), are found by their colourfulness when nothing else finds them.
func TestFindColourTiles(t *testing.T) {
	shape := drawnTiles(10, 40) // 240 screen, 230 tiles, 40 ink
	img := image.NewRGBA(image.Rect(0, 0, shape.W, shape.H))
	for k, v := range shape.Pix {
		c := color.RGBA{0xee, 0xe6, 0xd2, 0xff}
		switch v {
		case 230:
			c = color.RGBA{0xef, 0xe4, 0xcb, 0xff}
		case 40:
			c = color.RGBA{0x3b, 0x2f, 0x22, 0xff}
		}
		img.SetRGBA(k%shape.W, k/shape.W, c)
	}
	if _, ok := findLattice(grayOf(img)); ok {
		t.Fatal("the tiles were found in grey: the test does not test the colour look")
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	b, err := Find(context.Background(), buf.Bytes())
	if err != nil {
		t.Fatalf("tiles in colour not found: %v", err)
	}
	checkDrawnCorners(t, b.Corners[0], b.Corners[2])
}

// TestFindTilesCroppedToTheGrid: a picture cut at the grid's outer tiles
// (no screen around them) is found, to its edges.
func TestFindTilesCroppedToTheGrid(t *testing.T) {
	g := drawnTiles(20, 0)
	l, ok := tileGrid(g, edgeStep)
	if !ok {
		t.Fatal("tiles to the picture's edges not found")
	}
	end := float64(g.W)
	for _, c := range []struct{ got, want Point }{{l[0][0], Point{0, 0}}, {l[9][9], Point{end, end}}} {
		if dist(c.got, c.want) > 3 {
			t.Errorf("corner at %v, want near %v", c.got, c.want)
		}
	}
}

// ringTiles draws a grid of tiles in the screen's own grey, told apart
// only by the darker gaps between them (wider between boxes), which stop
// at the grid's edge: its outer tiles join the screen. A dark mark sits
// in every third tile. It returns the picture and where the grid's first
// and last tiles begin and end.
func ringTiles() (g *Gray, first, last float64) {
	const side, at, tile, gap, boxGap = 640, 40, 58, 4, 9
	g = &Gray{W: side, H: side, Pix: make([]uint8, side*side)}
	for k := range g.Pix {
		g.Pix[k] = 240
	}
	start := func(i int) int { return at + i*(tile+gap) + i/3*(boxGap-gap) }
	end := start(8) + tile
	for i := 1; i < 9; i++ {
		for p := start(i-1) + tile; p < start(i); p++ {
			for q := at; q < end; q++ {
				g.Pix[q*side+p], g.Pix[p*side+q] = 200, 200
			}
		}
	}
	for i := range 81 {
		if i%3 == 0 {
			x, y := start(i%9)+tile/2, start(i/9)+tile/2
			for dy := -14; dy < 14; dy++ {
				for dx := -4; dx < 4; dx++ {
					g.Pix[(y+dy)*side+x+dx] = 40
				}
			}
		}
	}
	return g, at, float64(end)
}

// TestFindTilesJoinedWithTheScreen: a grid whose outer tiles join the
// screen is found to its outer tiles' edges, from the gaps that run on
// between them.
func TestFindTilesJoinedWithTheScreen(t *testing.T) {
	g, first, last := ringTiles()
	l, ok := tileGrid(g, edgeStep)
	if !ok {
		t.Fatal("not found")
	}
	for _, c := range []struct{ got, want Point }{{l[0][0], Point{first, first}}, {l[9][9], Point{last, last}}} {
		if dist(c.got, c.want) > 4 {
			t.Errorf("corner at %v, want near %v", c.got, c.want)
		}
	}
	if d := l[0][1].X - l[0][0].X; abs(d-62) > 3 {
		t.Errorf("first column %.1f wide, want about 62", d)
	}
}

// TestRingAtIsSteady: whether the gaps run on past the found tiles is
// told the same way every time for one picture.
func TestRingAtIsSteady(t *testing.T) {
	g, _, last := ringTiles()
	// Two of the gaps below the found rows stop short of the last column,
	// one of them the last found row's: counting that one or another
	// decides, so the rows must be counted in order.
	for _, y := range []float64{3*62 + 40 + 5 + 58, 7*62 + 40 + 10 + 58} { // below rows 3 and 7
		for yy := int(y) - 2; yy < int(y)+12; yy++ {
			for x := int(last) - 58; x < int(last); x++ {
				g.Pix[yy*g.W+x] = 240
			}
		}
	}
	m, _ := g.edges(workSide, edgeStep)
	tiles := tilesOf(m)
	at, ok := arrange(tiles)
	if !ok {
		t.Fatal("the inner tiles were not arranged")
	}
	for _, across := range []bool{true, false} {
		for _, after := range []bool{false, true} {
			first := ringAt(m, tiles, at, across, after)
			for range 50 {
				if ringAt(m, tiles, at, across, after) != first {
					t.Fatalf("ringAt(across %v, after %v) changed its answer", across, after)
				}
			}
		}
	}
}
