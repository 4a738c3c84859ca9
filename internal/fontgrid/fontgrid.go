// Package fontgrid draws clean Sudoku grids in a given font, the way
// puzzle sites, PDFs and generators print them: a grid of thin cell lines
// and thicker box lines in one of several styles, on white or tinted
// paper, 400 to 1400 pixels, as PNG or JPEG, the givens in the font and,
// in some pictures, a player's entries in a second font or colour. It
// measures how the picture reader does on type it never trained on (see
// internal/fontset's held-out families). A seed decides every choice, so
// a picture can be drawn again from its seed.
package fontgrid

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"strings"

	"golang.org/x/image/font/opentype"
)

// Picture is one drawn grid and what it shows.
type Picture struct {
	Data   []byte // the encoded picture
	Format string // "png" or "jpeg"
	// Givens has the puzzle's digits drawn in the font, 81 characters row
	// by row, '.' elsewhere.
	Givens string
	// Entries has the digits drawn as a player's (in the entry font, or
	// in another colour), '.' elsewhere; all '.' when there are none.
	Entries string
	// Width and Height are the picture's size in pixels.
	Width, Height int
	// Style says what was chosen, for people reading test output.
	Style string
}

// Make draws the puzzle givens (81 characters, digits and '.' or '0')
// with its solution (81 digits) in the font (TrueType or OpenType data),
// as chosen by seed. When entryFont is not nil, some pictures have
// entries drawn in it; others have entries in the givens' font in
// another colour, or none. The same arguments always give the same
// bytes. It errors when givens or solution is not 81 characters or a
// font does not parse; it does not change its inputs.
func Make(seed uint64, givens, solution string, givenFont, entryFont []byte) (Picture, error) {
	if len(givens) != 81 || len(solution) != 81 {
		return Picture{}, fmt.Errorf("fontgrid: givens and solution must be 81 characters, got %d and %d", len(givens), len(solution))
	}
	gf, err := opentype.Parse(givenFont)
	if err != nil {
		return Picture{}, fmt.Errorf("fontgrid: the givens' font: %w", err)
	}
	ef := gf
	if entryFont != nil {
		if ef, err = opentype.Parse(entryFont); err != nil {
			return Picture{}, fmt.Errorf("fontgrid: the entries' font: %w", err)
		}
	}
	r := rand.New(rand.NewPCG(seed, 0xf0e7a11d))
	s := pick(r, entryFont != nil)
	g, e := board(r, givens, solution, s.fill)
	img, err := s.draw(g, e, gf, ef)
	if err != nil {
		return Picture{}, err
	}
	data, err := encode(img, s.format, s.quality)
	if err != nil {
		return Picture{}, err
	}
	return Picture{Data: data, Format: s.format, Givens: g, Entries: e, Width: s.size, Height: s.size,
		Style: s.describe()}, nil
}

// board returns the givens as '.' and digits, and entries: the solution
// in a share fill of the blank cells.
func board(r *rand.Rand, givens, solution string, fill float64) (string, string) {
	g, e := []byte(givens), []byte(strings.Repeat(".", 81))
	for i := range 81 {
		if g[i] < '1' || g[i] > '9' {
			g[i] = '.'
			if r.Float64() < fill {
				e[i] = solution[i]
			}
		}
	}
	return string(g), string(e)
}

// encode writes img as PNG or JPEG at quality.
func encode(img image.Image, format string, quality int) ([]byte, error) {
	var b bytes.Buffer
	var err error
	if format == "jpeg" {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: quality})
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img)
	}
	return b.Bytes(), err
}

// rgb makes an opaque colour from 0xRRGGBB.
func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}
