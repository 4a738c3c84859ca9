package render

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// goFonts are the Go fonts a variant drawing writes with, parsed once and
// only read afterwards.
var goFonts struct {
	once                  sync.Once
	bold, medium, regular *opentype.Font
	err                   error
}

func parsedFonts() error {
	goFonts.once.Do(func() {
		var errs [3]error
		goFonts.bold, errs[0] = opentype.Parse(gobold.TTF)
		goFonts.medium, errs[1] = opentype.Parse(gomedium.TTF)
		goFonts.regular, errs[2] = opentype.Parse(goregular.TTF)
		for _, err := range errs {
			if err != nil {
				goFonts.err = fmt.Errorf("render: fonts: %w", err)
			}
		}
	})
	return goFonts.err
}

type faceKey struct {
	f    *opentype.Font
	size float64
}

// writer draws text for one drawing. Faces hold buffers and are not safe
// for concurrent use, so each drawing makes its own.
type writer struct {
	dst   *image.RGBA
	faces map[faceKey]font.Face
}

func (w *writer) face(f *opentype.Font, size float64) font.Face {
	k := faceKey{f, size}
	if fc, ok := w.faces[k]; ok {
		return fc
	}
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil { // only for a size that is not positive, which we never ask
		fc, _ = opentype.NewFace(f, &opentype.FaceOptions{Size: 12, DPI: 72})
	}
	if w.faces == nil {
		w.faces = map[faceKey]font.Face{}
	}
	w.faces[k] = fc
	return fc
}

// centred draws s with its ink centred on c and returns the ink's box.
func (w *writer) centred(s string, face font.Face, c pt, col color.Color) image.Rectangle {
	b, _ := font.BoundString(face, s)
	dot := fixed.Point26_6{
		X: fixed.Int26_6(c.x*64) - (b.Min.X+b.Max.X)/2,
		Y: fixed.Int26_6(c.y*64) - (b.Min.Y+b.Max.Y)/2,
	}
	d := font.Drawer{Dst: w.dst, Src: image.NewUniform(col), Face: face, Dot: dot}
	d.DrawString(s)
	return image.Rect((dot.X + b.Min.X).Floor(), (dot.Y + b.Min.Y).Floor(), (dot.X + b.Max.X).Ceil(), (dot.Y + b.Max.Y).Ceil())
}

// inkBox returns the box s would ink if drawn centred on c.
func inkBox(s string, face font.Face, c pt) image.Rectangle {
	b, _ := font.BoundString(face, s)
	x, y := fixed.Int26_6(c.x*64)-(b.Min.X+b.Max.X)/2, fixed.Int26_6(c.y*64)-(b.Min.Y+b.Max.Y)/2
	return image.Rect((x + b.Min.X).Floor(), (y + b.Min.Y).Floor(), (x + b.Max.X).Ceil(), (y + b.Max.Y).Ceil())
}

// line draws s centred across x on the baseline y.
func (w *writer) line(s string, face font.Face, x, y float64, col color.Color) {
	adv := font.MeasureString(face, s)
	dot := fixed.Point26_6{X: fixed.Int26_6(x*64) - adv/2, Y: fixed.Int26_6(y * 64)}
	d := font.Drawer{Dst: w.dst, Src: image.NewUniform(col), Face: face, Dot: dot}
	d.DrawString(s)
}

// fit returns s, shortened with an ellipsis when it is wider than width.
func fit(s string, face font.Face, width float64) string {
	max := fixed.Int26_6(width * 64)
	if font.MeasureString(face, s) <= max {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 {
		rs = rs[:len(rs)-1]
		t := strings.TrimRightFunc(string(rs), unicode.IsSpace) + "…"
		if font.MeasureString(face, t) <= max {
			return t
		}
	}
	return ""
}

// printable returns s on one line, with runes f has no glyph for as '?'
// and runs of spaces and control characters as one space.
func printable(f *opentype.Font, s string) string {
	var b strings.Builder
	var buf sfnt.Buffer
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
			r = '?'
		}
		b.WriteRune(r)
	}
	return b.String()
}
