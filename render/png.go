package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"sync"

	"github.com/sudokubot/sudokubot/solver"
)

// Style is how a highlighted cell is drawn.
type Style int

// The highlight styles.
const (
	// Wrong marks a cell whose digit is wrong: red paper, red digit.
	Wrong Style = iota + 1
	// Clash marks givens that repeat a digit in a unit: orange paper.
	Clash
	// Hint marks the cells a hint talks about: green paper.
	Hint
	// Select marks where a player is looking on a board, such as the box
	// they chose: pale blue paper.
	Select
	// Focus marks the cell a player chose and the cells holding the digit
	// they are placing: stronger blue paper.
	Focus
)

// Highlight gives some cells a style.
type Highlight struct {
	Style Style
	Cells []solver.Cell
}

// Options says how to draw a grid. The zero value draws every digit as a
// given, in the light theme, without labels.
type Options struct {
	Theme Theme
	// Puzzle, when it has the grid's size, is what the grid was solved
	// from: digits blank in Puzzle are drawn as solved, in their own colour.
	Puzzle solver.Grid
	// Highlights colour cells; a later one wins over an earlier one.
	Highlights []Highlight
	// Notes, when it has one entry per cell (row by row), draws the
	// candidates of empty cells as small digits: bit v-1 for digit v.
	Notes []uint16
	// Labels numbers the rows down the left and the columns along the top,
	// so "r3c7" can be found.
	Labels bool
}

// PNG draws g and encodes it as a PNG. It returns an error for a grid
// without a size, or options that do not fit the grid. g is not modified.
func PNG(g solver.Grid, opt Options) ([]byte, error) {
	img, err := Image(g, opt)
	if err != nil {
		return nil, err
	}
	return encode(img, 48<<10)
}

// encode writes img as a PNG into a buffer grown to about size bytes.
func encode(img image.Image, size int) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(size)
	if err := encoder.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("render: encode: %w", err)
	}
	return buf.Bytes(), nil
}

// encoder favours speed: the images are flat colour, which compresses well
// even at the fastest level.
var encoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &bufferPool{}}

type bufferPool struct{ p sync.Pool }

func (b *bufferPool) Get() *png.EncoderBuffer {
	if e, ok := b.p.Get().(*png.EncoderBuffer); ok {
		return e
	}
	return nil
}

func (b *bufferPool) Put(e *png.EncoderBuffer) { b.p.Put(e) }

// Image draws g as a paletted image, as PNG does before encoding.
func Image(g solver.Grid, opt Options) (*image.Paletted, error) {
	n := g.Size()
	if err := check(g, opt); err != nil {
		return nil, err
	}
	at, err := atlasFor(n)
	if err != nil {
		return nil, err
	}
	l := layoutFor(n)
	d := drawing{l: l, at: at, pal: paletteFor(opt.Theme), labels: opt.Labels}
	d.img = image.NewPaletted(image.Rect(0, 0, l.width(opt.Labels), l.width(opt.Labels)), d.pal.colors)
	papers := papersFor(g, opt.Highlights)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			d.cell(g, opt, r, c, papers[r*n+c])
		}
	}
	d.lines(g.BoxRows(), g.BoxCols())
	if opt.Labels {
		d.drawLabels()
	}
	return d.img, nil
}

func check(g solver.Grid, opt Options) error {
	n := g.Size()
	switch {
	case n == 0:
		return solver.ErrNoGrid
	case opt.Puzzle.Size() != 0 && opt.Puzzle.Size() != n:
		return fmt.Errorf("render: puzzle is %d×%d but the grid is %d×%d", opt.Puzzle.Size(), opt.Puzzle.Size(), n, n)
	case opt.Notes != nil && len(opt.Notes) != g.Cells():
		return fmt.Errorf("render: %d notes for %d cells", len(opt.Notes), g.Cells())
	}
	for _, h := range opt.Highlights {
		for _, c := range h.Cells {
			if c.Row < 0 || c.Row >= n || c.Col < 0 || c.Col >= n {
				return fmt.Errorf("render: highlighted cell %s is outside the %d×%d grid", c, n, n)
			}
		}
	}
	return nil
}

func papersFor(g solver.Grid, hs []Highlight) []paper {
	papers := make([]paper, g.Cells())
	for _, h := range hs {
		p := map[Style]paper{Wrong: paperWrong, Clash: paperClash, Hint: paperHint, Select: paperSelect, Focus: paperFocus}[h.Style]
		for _, c := range h.Cells {
			papers[g.Index(c)] = p
		}
	}
	return papers
}
