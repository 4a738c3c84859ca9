package fontgrid

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// draw paints the grid with givens g and entries e.
func (s spec) draw(g, e string, gf, ef *opentype.Font) (*image.RGBA, error) {
	img := image.NewRGBA(image.Rect(0, 0, s.size, s.size))
	fillRect(img, 0, 0, float64(s.size), float64(s.size), s.paper)
	x0, side := s.margin, float64(s.size)-2*s.margin
	cell := side / 9
	if s.shadeBoxes {
		for b := range 9 {
			if b%2 == 1 {
				bx, by := x0+float64(b%3)*3*cell, x0+float64(b/3)*3*cell
				fillRect(img, bx, by, bx+3*cell, by+3*cell, s.shade)
			}
		}
	}
	s.lines9(img, x0, cell)
	given, err := newFace(gf, cell*s.digit)
	if err != nil {
		return nil, err
	}
	entry := given
	if s.entryFont {
		if entry, err = newFace(ef, cell*s.digit); err != nil {
			return nil, err
		}
	}
	for i := range 81 {
		cx, cy := x0+(float64(i%9)+0.5)*cell, x0+(float64(i/9)+0.5)*cell
		switch {
		case g[i] != '.':
			centred(img, string(g[i]), cx, cy, given, s.givenInk)
		case e[i] != '.':
			centred(img, string(e[i]), cx, cy, entry, s.entryInk)
		}
	}
	return img, nil
}

// lines9 draws the thin lines, then the box lines over them, then the
// border.
func (s spec) lines9(img *image.RGBA, x0, cell float64) {
	end := x0 + 9*cell
	for k := 1; k < 9; k++ {
		if k%3 == 0 {
			continue
		}
		p := x0 + float64(k)*cell
		fillRect(img, p-s.thin/2, x0, p+s.thin/2, end, s.thinInk)
		fillRect(img, x0, p-s.thin/2, end, p+s.thin/2, s.thinInk)
	}
	for _, k := range []int{3, 6} {
		p := x0 + float64(k)*cell
		fillRect(img, p-s.thick/2, x0, p+s.thick/2, end, s.thickInk)
		fillRect(img, x0, p-s.thick/2, end, p+s.thick/2, s.thickInk)
	}
	b := s.border / 2
	fillRect(img, x0-b, x0-b, end+b, x0+b, s.thickInk)
	fillRect(img, x0-b, end-b, end+b, end+b, s.thickInk)
	fillRect(img, x0-b, x0-b, x0+b, end+b, s.thickInk)
	fillRect(img, end-b, x0-b, end+b, end+b, s.thickInk)
}

// fillRect paints the rectangle (x0,y0)–(x1,y1) in c, its edge pixels
// blended by how much of them it covers, as a PDF viewer draws lines.
func fillRect(img *image.RGBA, x0, y0, x1, y1 float64, c color.RGBA) {
	for y := max(0, int(math.Floor(y0))); y < min(img.Rect.Dy(), int(math.Ceil(y1))); y++ {
		cy := math.Min(y1, float64(y+1)) - math.Max(y0, float64(y))
		for x := max(0, int(math.Floor(x0))); x < min(img.Rect.Dx(), int(math.Ceil(x1))); x++ {
			cover := cy * (math.Min(x1, float64(x+1)) - math.Max(x0, float64(x)))
			if cover >= 1 {
				img.SetRGBA(x, y, c)
			} else if cover > 0 {
				img.SetRGBA(x, y, blend(img.RGBAAt(x, y), c, cover))
			}
		}
	}
}

// sized is a face and how far its digits' ink reaches above and below
// the baseline, in pixels.
type sized struct {
	font.Face
	above, below float64
}

// newFace returns f at the size whose digits are digitPx tall.
func newFace(f *opentype.Font, digitPx float64) (sized, error) {
	const ref = 100
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: ref, DPI: 72})
	if err != nil {
		return sized{}, err
	}
	b, _ := font.BoundString(face, "123456789")
	face.Close()
	above, below := float64(-b.Min.Y)/64/ref, float64(b.Max.Y)/64/ref
	if above+below <= 0 {
		above, below = 0.7, 0
	}
	size := digitPx / (above + below)
	face, err = opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	return sized{face, above * size, below * size}, err
}

// centred draws s centred on cx by its advance and on cy by the digits'
// ink, the way generators place digits.
func centred(img *image.RGBA, s string, cx, cy float64, face sized, c color.RGBA) {
	w := float64(font.MeasureString(face, s)) / 64
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face,
		Dot: fixed.Point26_6{X: fixed.Int26_6((cx - w/2) * 64), Y: fixed.Int26_6((cy + (face.above-face.below)/2) * 64)}}
	d.DrawString(s)
}
