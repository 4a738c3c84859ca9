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
