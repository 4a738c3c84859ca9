package fontset

import (
	"fmt"
	"image"
	"math"
	"os"
	"slices"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// side is the side of a digit's normalised picture.
const side = 24

// shape is a digit's ink scaled to fit side×side, centred, aspect kept:
// values 0 (paper) to 1 (ink).
type shape [side * side]float64

// signature is a family's digits 1–9 as drawn by its regular face.
type signature struct {
	name   string
	digits [9]shape
}

// Thresholds on the mean difference of two shapes (0 same, 1 opposite).
const (
	// sameDigit: two digits of one font closer than this are one glyph.
	sameDigit = 0.02
	// duplicate: two families whose digits are all this close on average
	// are one design under two names (Arimo and Liberation Sans).
	duplicate = 0.035
	// latinMatches: how many of a family's nine digits must look most
	// like the same digit of the reference fonts for it to draw Latin
	// digits: strictly against the Go fonts, then, for the families that
	// failed, against every family that passed.
	strictMatches, latinMatches = 6, 5
)

// check draws a family's digits and says why it is left out ("" to keep).
func check(fam *Family) (signature, string) {
	sig := signature{name: fam.Name}
	ds, err := Draw(regular(fam.Faces).File, 48)
	if err != nil {
		return sig, err.Error()
	}
	for i := range sig.digits {
		sig.digits[i] = normalise(ds[i+1])
	}
	for i := range 9 {
		for j := i + 1; j < 9; j++ {
			if diff(&sig.digits[i], &sig.digits[j]) < sameDigit {
				return sig, fmt.Sprintf("digits %d and %d are the same glyph", i+1, j+1)
			}
		}
	}
	return sig, ""
}

// withDigits returns the faces that draw every digit 1–9: a family is
// kept by its regular face, and one of its other faces may have no digits
// (Zainer's initials, a font of capitals, draws each as a box) or leave
// one blank (National Park's outline and thin faces, OpenDyslexic's
// italic). Digits that look alike are not a reason here: a thin face's
// 5 and 9 of seven segments differ by one thin stroke.
func withDigits(faces []Face) []Face {
	return slices.DeleteFunc(faces, func(f Face) bool {
		_, err := Draw(f.File, 48)
		return err != nil
	})
}

// regular picks the face whose style is plainest, else the first.
func regular(faces []Face) Face {
	for _, want := range []string{"regular", "book", "roman", "normal", "medium", "plain"} {
		for _, f := range faces {
			if strings.EqualFold(f.Style, want) {
				return f
			}
		}
	}
	return faces[0]
}

// Digits are the digits 1–9 of one font face as ink masks cropped to
// their ink; index 0 is unused.
type Digits [10]*image.Alpha

// Draw draws the digits 1–9 of the font in file at px pixels a size. It
// errors when the file does not parse, or when a digit is missing or
// draws no ink.
func Draw(file string, px float64) (Digits, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return Digits{}, err
	}
	return DrawData(data, px)
}

// DrawData is Draw for a font's bytes.
func DrawData(data []byte, px float64) (Digits, error) {
	var out Digits
	f, err := opentype.Parse(data)
	if err != nil {
		return out, err
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72})
	if err != nil {
		return out, err
	}
	defer face.Close()
	box := int(px * 2)
	for d := 1; d <= 9; d++ {
		r := rune('0' + d)
		if idx, err := f.GlyphIndex(nil, r); err != nil || idx == 0 {
			return out, fmt.Errorf("no digit %c", r)
		}
		dst := image.NewAlpha(image.Rect(0, 0, box, box))
		dr := font.Drawer{Dst: dst, Src: image.Opaque, Face: face, Dot: fixed.P(box/4, box*3/4)}
		dr.DrawString(string(r))
		if out[d] = Crop(dst); out[d] == nil {
			return out, fmt.Errorf("digit %c draws nothing", r)
		}
	}
	return out, nil
}

// Crop returns a copy of a cut to its ink (alpha over 40), or nil when it
// has none. It does not change a.
func Crop(a *image.Alpha) *image.Alpha {
	b := image.Rectangle{Min: a.Rect.Max, Max: a.Rect.Min}
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			if a.AlphaAt(x, y).A > 40 {
				b = b.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if b.Empty() {
		return nil
	}
	out := image.NewAlpha(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := range b.Dy() {
		for x := range b.Dx() {
			out.SetAlpha(x, y, a.AlphaAt(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}

// normalise scales a cropped mask to fit side×side, centred, by averaging
// the source pixels under each target pixel.
func normalise(a *image.Alpha) shape {
	var s shape
	w, h := float64(a.Rect.Dx()), float64(a.Rect.Dy())
	scale := float64(side) / math.Max(w, h)
	ox, oy := (side-w*scale)/2, (side-h*scale)/2
	for y := range side {
		for x := range side {
			x0, y0 := (float64(x)-ox)/scale, (float64(y)-oy)/scale
			x1, y1 := x0+1/scale, y0+1/scale
			s[y*side+x] = area(a, x0, y0, x1, y1)
		}
	}
	return s
}

// area is the mean ink of a over the rectangle (x0,y0)–(x1,y1), sampled
// at its pixels' centres; 0 outside a.
func area(a *image.Alpha, x0, y0, x1, y1 float64) float64 {
	sum, n := 0.0, 0
	for y := int(math.Floor(y0)); float64(y) < y1; y++ {
		for x := int(math.Floor(x0)); float64(x) < x1; x++ {
			n++
			if image.Pt(x, y).In(a.Rect) {
				sum += float64(a.AlphaAt(x, y).A) / 255
			}
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// diff is the mean absolute difference of two shapes.
func diff(a, b *shape) float64 {
	d := 0.0
	for i := range a {
		d += math.Abs(a[i] - b[i])
	}
	return d / float64(len(a))
}

// nearest returns the name of a kept family whose digits are near
// duplicates of sig's, or "".
func nearest(kept []signature, sig signature) string {
	for _, k := range kept {
		d := 0.0
		for i := range 9 {
			d += diff(&k.digits[i], &sig.digits[i])
		}
		if d/9 < duplicate {
			return k.name
		}
	}
	return ""
}

// goReferences are the Go fonts' digits: what Latin digits look like,
// for telling them from a symbol font's or another script's.
var goReferences = sync.OnceValue(func() []coarse {
	var out []coarse
	for _, ttf := range [][]byte{goregular.TTF, gobold.TTF, goitalic.TTF, gomono.TTF} {
		ds, err := DrawData(ttf, 48)
		if err != nil {
			panic("fontset: a Go font does not draw: " + err.Error()) // built in: cannot fail
		}
		var sig signature
		for i := range sig.digits {
			sig.digits[i] = normalise(ds[i+1])
		}
		out = append(out, coarsen(&sig))
	}
	return out
})

// coarse is a family's digits blurred and halved in resolution, so thin
// and thick strokes, outlines and fills compare by where they lie.
type coarse [9][(side / 2) * (side / 2)]float64

func coarsen(sig *signature) coarse {
	var c coarse
	for i := range sig.digits {
		b := blur(sig.digits[i])
		for y := range side / 2 {
			for x := range side / 2 {
				c[i][y*side/2+x] = (b[2*y*side+2*x] + b[2*y*side+2*x+1] + b[(2*y+1)*side+2*x] + b[(2*y+1)*side+2*x+1]) / 4
			}
		}
	}
	return c
}

// latinLike counts the digits of c that look more like the same digit of
// some reference family than like any other digit of any of them.
func latinLike(c *coarse, refs []coarse) int {
	n := 0
	for i := range c {
		best, bestD := -1, math.Inf(1)
		for r := range refs {
			for j := range refs[r] {
				if d := distance(&c[i], &refs[r][j], bestD); d < bestD {
					best, bestD = j, d
				}
			}
		}
		if best == i {
			n++
		}
	}
	return n
}

// distance is the sum of absolute differences of a and b, or any figure
// at least bound once it passes bound.
func distance(a, b *[(side / 2) * (side / 2)]float64, bound float64) float64 {
	d := 0.0
	for k := 0; k < len(a); k += 12 {
		for m := k; m < k+12; m++ {
			d += math.Abs(a[m] - b[m])
		}
		if d >= bound {
			return d
		}
	}
	return d
}

// blur averages each pixel of s with its neighbours within two pixels, so
// thin and thick strokes, outlines and fills, compare by where they lie.
func blur(s shape) shape {
	var out shape
	for y := range side {
		for x := range side {
			sum, n := 0.0, 0
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					if u, v := x+dx, y+dy; u >= 0 && v >= 0 && u < side && v < side {
						sum += s[v*side+u]
						n++
					}
				}
			}
			out[y*side+x] = sum / float64(n)
		}
	}
	return out
}
