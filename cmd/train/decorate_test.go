package main

import (
	"bytes"
	"image"
	"math/rand/v2"
	"testing"
)

// bar is a filled rectangle w×h with a margin of paper m around it.
func bar(w, h, m int) *image.Alpha {
	a := image.NewAlpha(image.Rect(0, 0, w+2*m, h+2*m))
	for y := m; y < m+h; y++ {
		for x := m; x < m+w; x++ {
			a.Pix[y*a.Stride+x] = 255
		}
	}
	return a
}

func TestGrownThickensAndThins(t *testing.T) {
	a := bar(10, 40, 0)
	if got := inkOf(crop(thicker(a, 2))) / 255; got != 14*44-4 { // the corners' diagonal steps round them
		t.Errorf("a 10×40 bar grown by 2 has %d pixels of ink, want %d", got, 14*44-4)
	}
	if got := inkOf(crop(thinner(a, 2))) / 255; got != 6*36 {
		t.Errorf("a 10×40 bar shrunk by 2 has %d pixels of ink, want %d", got, 6*36)
	}
	if thin := thinner(a, 5); inkOf(thin) != 0 {
		t.Errorf("a bar 10 wide shrunk by 5 a side keeps %d of ink", inkOf(thin)/255)
	}
}

func TestOutlineIsHollow(t *testing.T) {
	a := bar(20, 40, 0)
	o := minus(a, thinner(a, 3))
	if got, want := inkOf(o)/255, 20*40-14*34; got != want {
		t.Errorf("an outline 3 wide of a 20×40 bar has %d pixels, want %d", got, want)
	}
	if o.Pix[20*o.Stride+10] != 0 {
		t.Error("the outline's middle holds ink")
	}
}

func TestShadowSitsBehind(t *testing.T) {
	a := bar(10, 20, 0)
	s := shadowed(a, 4, 4, 1, false)
	if s.Rect.Dx() != 14 || s.Rect.Dy() != 24 {
		t.Fatalf("shadowed is %v, want 14×24", s.Rect)
	}
	if s.Pix[22*s.Stride+12] == 0 {
		t.Error("no shadow below and right of the face")
	}
	if s.Pix[5*s.Stride+5] == 0 {
		t.Error("the face itself is gone")
	}
	if inkOf(shadowed(a, 4, 4, 1, true)) >= inkOf(s) {
		t.Error("a hollow face holds as much ink as a solid one")
	}
}

func TestStencilAndStripesLeavePaper(t *testing.T) {
	a := bar(20, 40, 0)
	c := cut(a, 0.5, 3, false)
	for x := range 20 {
		if c.Pix[21*c.Stride+x] != 0 || c.Pix[10*c.Stride+x] == 0 {
			t.Fatal("the stencil's bridge is not at half the height, or took more than it")
		}
	}
	if got := inkOf(striped(bar(20, 36, 0), 6)) / 255; got != 20*18 {
		t.Errorf("stripes of 6 kept %d pixels of a 20×36 bar, want half", got)
	}
	if got := scaledX(a, 0.5).Rect.Dx(); got != 10 {
		t.Errorf("condensed to half, 20 pixels become %d", got)
	}
}

func TestDisplayFacesDrawNineDistinctDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	font := matrixDigits(rand.New(rand.NewPCG(9, 9)))
	for k := range 60 {
		var g glyphs
		switch k % 3 {
		case 0:
			g = segmentDigits(r)
		case 1:
			g = matrixDigits(r)
		default:
			g = decorated(r, font)
		}
		for d := 1; d <= 9; d++ {
			if g[d] == nil || inkOf(g[d]) == 0 {
				t.Fatalf("face %d: digit %d draws nothing", k, d)
			}
			for e := 1; e < d; e++ {
				if g[e].Rect == g[d].Rect && bytes.Equal(g[e].Pix, g[d].Pix) {
					t.Fatalf("face %d: digits %d and %d are drawn alike", k, e, d)
				}
			}
		}
		if k%3 == 0 && inkOf(g[8]) <= inkOf(g[7]) {
			t.Errorf("face %d: seven segments' 8 has no more ink than its 7", k)
		}
	}
}
