package render

import (
	"fmt"
	"image"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sudokubot/sudokubot/solver"
)

// glyph is a rasterised string: its tight box inside the frame it was
// centred in, and the coverage step (0 to levels-1) of every pixel.
type glyph struct {
	x, y, w, h int
	level      []uint8
}

// atlas holds every glyph one grid size needs, rasterised once and only
// read afterwards, so drawing a digit is a copy through a colour table.
type atlas struct {
	given, solved [solver.MaxSize + 1]glyph // digits in a cell
	note          [solver.MaxSize + 1]glyph // small digits in a note slot
	label         [solver.MaxSize + 1]glyph // row and column numbers
}

var atlases [solver.MaxSize + 1]struct {
	once sync.Once
	a    *atlas
	err  error
}

// atlasFor returns the glyphs for an n×n grid, rasterising them on first use.
func atlasFor(n int) (*atlas, error) {
	e := &atlases[n]
	e.once.Do(func() { e.a, e.err = buildAtlas(layoutFor(n)) })
	return e.a, e.err
}

func buildAtlas(l layout) (*atlas, error) {
	bold, err1 := newFace(gobold.TTF, float64(l.cell)*0.62)
	medium, err2 := newFace(gomedium.TTF, float64(l.cell)*0.62)
	small, err3 := newFace(goregular.TTF, float64(l.noteH)*0.9)
	label, err4 := newFace(goregular.TTF, float64(l.label)*0.6)
	for _, err := range []error{err1, err2, err3, err4} {
		if err != nil {
			return nil, fmt.Errorf("render: fonts: %w", err)
		}
	}
	a := &atlas{}
	for v := 1; v <= l.n; v++ {
		s := string(solver.DigitChar(v))
		a.given[v] = rasterise(bold, s, l.cell, l.cell)
		a.solved[v] = rasterise(medium, s, l.cell, l.cell)
		a.note[v] = rasterise(small, s, l.noteW, l.noteH)
		a.label[v] = rasterise(label, strconv.Itoa(v), l.cell, l.label)
	}
	return a, nil
}

func newFace(ttf []byte, size float64) (font.Face, error) {
	f, err := opentype.Parse(ttf)
	if err != nil {
		return nil, err
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
}

// rasterise draws s centred in a w×h frame and keeps its tight box.
func rasterise(face font.Face, s string, w, h int) glyph {
	dst := image.NewAlpha(image.Rect(0, 0, w, h))
	b, _ := font.BoundString(face, s)
	dot := fixed.Point26_6{
		X: (fixed.I(w)-(b.Max.X-b.Min.X))/2 - b.Min.X,
		Y: (fixed.I(h)-(b.Max.Y-b.Min.Y))/2 - b.Min.Y,
	}
	d := font.Drawer{Dst: dst, Src: image.Opaque, Face: face, Dot: dot}
	d.DrawString(s)
	return crop(dst)
}

// crop keeps the smallest box holding every inked pixel and turns coverage
// into steps.
func crop(a *image.Alpha) glyph {
	box := image.Rectangle{}
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			if step(a.AlphaAt(x, y).A) > 0 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	g := glyph{x: box.Min.X, y: box.Min.Y, w: box.Dx(), h: box.Dy(), level: make([]uint8, box.Dx()*box.Dy())}
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			g.level[y*g.w+x] = step(a.AlphaAt(g.x+x, g.y+y).A)
		}
	}
	return g
}

func step(alpha uint8) uint8 { return uint8((int(alpha)*(levels-1) + 127) / 255) }
