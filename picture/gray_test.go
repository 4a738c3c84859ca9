package picture

import (
	"image"
	"image/color"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGrayOfMatchesGrayModel: the direct conversions of RGBA, NRGBA and
// Gray pictures give what color.GrayModel gives pixel by pixel, on a
// picture whose bounds do not start at the origin.
func TestGrayOfMatchesGrayModel(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rect := image.Rect(3, 5, 40, 31)
	rgba, nrgba, gray := image.NewRGBA(rect), image.NewNRGBA(rect), image.NewGray(rect)
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			a := uint8(r.IntN(256))
			c := color.NRGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), a}
			nrgba.SetNRGBA(x, y, c)
			rgba.Set(x, y, c)
			gray.SetGray(x, y, color.Gray{uint8(r.IntN(256))})
		}
	}
	for name, img := range map[string]image.Image{"RGBA": rgba, "NRGBA": nrgba, "Gray": gray} {
		g := grayOf(img)
		for y := range g.H {
			for x := range g.W {
				want := color.GrayModel.Convert(img.At(rect.Min.X+x, rect.Min.Y+y)).(color.Gray).Y
				if got := g.Pix[y*g.W+x]; got != want {
					t.Fatalf("%s: pixel (%d, %d) = %d, want %d", name, x, y, got, want)
				}
			}
		}
	}
}

// TestMedian checks the histogram median against sorting, on pictures
// whose pixel counts are and are not multiples of four.
func TestMedian(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{1, 2, 3, 4, 5, 7, 64, 1001} {
		g := &Gray{W: n, H: 1, Pix: make([]uint8, n)}
		for i := range g.Pix {
			g.Pix[i] = uint8(r.IntN(256))
		}
		sorted := slices.Clone(g.Pix)
		slices.Sort(sorted)
		if got, want := g.median(), sorted[(n-1)/2]; got != want {
			t.Errorf("%d pixels: median %d, sorted %d", n, got, want)
		}
	}
}

// TestShrink checks the block averages against adding each block's
// pixels one by one, on a picture whose sides are not multiples of the
// factor (the part beyond the last whole block is left out).
func TestShrink(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	g := &Gray{W: 1003, H: 517, Pix: make([]uint8, 1003*517)}
	for i := range g.Pix {
		g.Pix[i] = uint8(r.IntN(256))
	}
	s, f := g.shrink(100)
	if f != 11 || s.W != 91 || s.H != 47 {
		t.Fatalf("shrunk to %d×%d by %v, want 91×47 by 11", s.W, s.H, f)
	}
	for y := range s.H {
		for x := range s.W {
			sum := 0
			for dy := range 11 {
				for dx := range 11 {
					sum += int(g.Pix[(y*11+dy)*g.W+x*11+dx])
				}
			}
			if got := s.Pix[y*s.W+x]; int(got) != sum/121 {
				t.Fatalf("block (%d,%d) = %d, its pixels average %d", x, y, got, sum/121)
			}
		}
	}
}

// TestColoursOfABigPicture: of a picture over bigPicture pixels Find keeps
// every f-th pixel's colour, and samples it at the picture's places.
func TestColoursOfABigPicture(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in -short mode: makes a 16-megapixel picture")
	}
	img := image.NewRGBA(image.Rect(0, 0, 4100, 4000))
	for y := range 4000 {
		for x := range 4100 {
			c := color.RGBA{200, 200, 200, 255} // grey
			if x >= 2050 {
				c = color.RGBA{40, 60, 200, 255} // blue, 160 colourful
			}
			img.SetRGBA(x, y, c)
		}
	}
	c := coloursOf(img)
	if c.f != 3 || c.img.Bounds().Dx() != 1366 {
		t.Fatalf("kept every %vth pixel, %d across; want every 3rd, 1366", c.f, c.img.Bounds().Dx())
	}
	at := chromaSampler(c)
	if got := at(100, 3990); got != 0 {
		t.Errorf("colourfulness at (100, 3990) = %d, want 0 (grey)", got)
	}
	if got := at(4090, 3990); got != 160 {
		t.Errorf("colourfulness at (4090, 3990) = %d, want 160 (blue)", got)
	}
	if small := image.NewRGBA(image.Rect(0, 0, 640, 480)); coloursOf(small).img != image.Image(small) {
		t.Error("a small picture's colour is not the picture itself")
	}
}

// TestPaperLight: a board of light digits on dark cells is turned over; a
// dim photo's board (dark paper, darker ink) and a page with a glare are
// not.
func TestPaperLight(t *testing.T) {
	board := func(paper, ink, glare uint8) *Gray {
		g := &Gray{W: 100, H: 100, Pix: make([]uint8, 100*100)}
		for i := range g.Pix {
			switch x, y := i%100, i/100; {
			case x < 15:
				g.Pix[i] = glare // a tenth and a half of the board
			case y%10 < 2:
				g.Pix[i] = ink // a fifth: digits and lines
			default:
				g.Pix[i] = paper
			}
		}
		return g
	}
	for _, c := range []struct {
		name              string
		paper, ink, glare uint8
		turned            bool
	}{
		{"light digits on dark cells", 30, 220, 30, true},
		{"dim photo", 90, 30, 90, false},
		{"page with a glare", 150, 20, 255, false},
		{"dim page with a glare", 99, 24, 255, false},
		{"plain page", 230, 20, 230, false},
	} {
		g := board(c.paper, c.ink, c.glare)
		g.paperLight()
		if turned := g.Pix[55*100+50] == 255-c.paper; turned != c.turned {
			t.Errorf("%s: turned over %v, want %v", c.name, turned, c.turned)
		}
	}
}

// TestPaperLightTurnedTiles: an app's dark tiles with lighter gaps between
// them, their page turned over (pale tiles, darker gaps), and their few
// digits already dark are not turned again: the light end of the board's
// greys is its gaps, not ink, as the digits are a few hundredths of it.
// Seed 1078 of the tuning screenshots (23 givens on dark tiles) read as a
// board of blanks so.
func TestPaperLightTurnedTiles(t *testing.T) {
	g := &Gray{W: 100, H: 100, Pix: make([]uint8, 100*100)}
	for i := range g.Pix {
		switch x, y := i%100, i/100; {
		case x%10 < 1 || y%10 < 1:
			g.Pix[i] = 233 // the gaps between the tiles: 19% of the board
		case x%10 == 5 && y%10 > 2 && y%10 < 7 && x < 70:
			g.Pix[i] = 27 // a digit's stroke in most tiles: 2.8%
		default:
			g.Pix[i] = 211
		}
	}
	g.paperLight()
	if v := g.Pix[3*100+3]; v != 211 {
		t.Errorf("the tiles read %d after paperLight, want 211 (not turned)", v)
	}
}

// TestValleysKeepLinesNotSteps: a thin dark line is a valley of the
// greys and stays ink; the dark side of a step from light to dark, which
// the threshold marks as ink too, does not.
func TestValleysKeepLinesNotSteps(t *testing.T) {
	const n = 100
	g := &Gray{W: n, H: n, Pix: make([]uint8, n*n)}
	for y := range n {
		for x := range n {
			v := uint8(220)
			if x >= 60 {
				v = 80 // the shadow
			}
			if x == 20 || x == 21 {
				v = 40 // the line
			}
			g.Pix[y*n+x] = v
		}
	}
	m := g.threshold()
	if !m.on[50*n+20] || !m.on[50*n+61] {
		t.Fatal("the threshold marks neither the line nor the step's dark side: the test's picture is wrong")
	}
	v := g.valleys(m, 4)
	if !v.on[50*n+20] || !v.on[50*n+21] {
		t.Error("the line is not a valley")
	}
	for x := 55; x < 75; x++ {
		if v.on[50*n+x] {
			t.Errorf("the step's pixel at x %d is a valley", x)
		}
	}
}

// TestThresholdByIsTheSquaresMean: a pixel is ink when it is darker than
// ratio times the mean of the square of radius r around it (cut by the
// picture's edges), as counted pixel by pixel.
func TestThresholdByIsTheSquaresMean(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	g := &Gray{W: 41, H: 29, Pix: make([]uint8, 41*29)}
	for i := range g.Pix {
		g.Pix[i] = uint8(r.IntN(256))
	}
	m := g.thresholdBy(3, 0.9)
	for y := range g.H {
		for x := range g.W {
			total, n := 0, 0
			for yy := max(0, y-3); yy <= min(g.H-1, y+3); yy++ {
				for xx := max(0, x-3); xx <= min(g.W-1, x+3); xx++ {
					total += int(g.at(xx, yy))
					n++
				}
			}
			if want := int(g.at(x, y))*100 < total/n*90; m.on[y*g.W+x] != want {
				t.Fatalf("(%d, %d): ink %v, want %v", x, y, m.on[y*g.W+x], want)
			}
		}
	}
}

// TestDilated: a mask grown by rows then columns sets exactly the pixels
// with a set pixel in the 3×3 square around them, on random masks.
func TestDilated(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for _, side := range []int{1, 2, 5, 32} {
		for range 20 {
			keep := make([]bool, side*side)
			for k := range keep {
				keep[k] = r.IntN(9) == 0
			}
			got := dilated(keep, side)
			for k := range keep {
				want := false
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						x, y := k%side+dx, k/side+dy
						want = want || x >= 0 && y >= 0 && x < side && y < side && keep[y*side+x]
					}
				}
				if got[k] != want {
					t.Fatalf("side %d: pixel %d dilated %v, want %v", side, k, got[k], want)
				}
			}
		}
	}
}

// TestDoubled: each pixel becomes a 2×2 square; once is the same picture.
func TestDoubled(t *testing.T) {
	g := &Gray{W: 3, H: 2, Pix: []uint8{1, 2, 3, 4, 5, 6}}
	if g.doubled(1) != g {
		t.Error("doubled(1) made a copy")
	}
	d := g.doubled(2)
	if d.W != 6 || d.H != 4 {
		t.Fatalf("doubled(2) is %d×%d, want 6×4", d.W, d.H)
	}
	for y := range 4 {
		for x := range 6 {
			if got, want := d.Pix[y*6+x], g.Pix[(y/2)*3+x/2]; got != want {
				t.Errorf("pixel (%d,%d) = %d, want %d", x, y, got, want)
			}
		}
	}
}
