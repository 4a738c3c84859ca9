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
