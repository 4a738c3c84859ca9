// Package screenshot draws Sudoku puzzles the way apps and websites show
// them, for measuring how well pictures are read. A seed decides every
// choice (screen, theme, font, grid style, app chrome, selection and
// highlights, the player's entries and pencil marks, PNG or JPEG), so a
// measurement can be repeated and a bad picture shown again from its
// seed. It draws with the Go fonts only, which the reader never sees in
// training, and does not share code with the bot's own drawing, so the
// pictures are unlike anything the reader was tuned on.
package screenshot

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"math/rand/v2"
)

// Shot is one synthetic screenshot and what it shows.
type Shot struct {
	Data   []byte // the encoded picture
	Format string // "png" or "jpeg"
	// Givens has the puzzle's printed digits, 81 characters row by row,
	// '.' elsewhere.
	Givens string
	// Entries has the digits the player entered, drawn in another colour
	// or weight from the givens, '.' elsewhere. Wrong entries are included
	// as drawn.
	Entries string
	// Wrong lists the cells (row*9+col) whose entry is a deliberate
	// mistake, drawn in red.
	Wrong []int
	// Marks says whether pencil marks are drawn in some empty cells; those
	// cells are still '.' in Givens and Entries.
	Marks bool
	// Width and Height are the picture's size in pixels.
	Width, Height int
	// Style describes the choices made, for people reading test output,
	// e.g. "phone 1080x2340 dark gobold/gomedium tiles jpeg75 selected+row/col marks".
	Style string
}

// Make draws the puzzle givens (81 characters, digits and '.' or '0')
// with its solution (81 digits) as a screenshot chosen by seed. The same
// arguments always give the same bytes. It is safe for concurrent use. It panics if givens or solution
// is not 81 characters, as the inputs are a test's own data.
func Make(seed int64, givens, solution string) Shot {
	return makeShot(seed, givens, solution, typefaces)
}

// Font is a typeface the cells' digits can be drawn in: a name and its
// TrueType or OpenType data.
type Font struct {
	Name string
	Data []byte
}

// MakeWith is Make with the cells' digits drawn in fonts rather than the
// Go fonts: the training program draws in its own, so the Go fonts stay
// unseen until the tests. The app's own text stays in the Go fonts.
func MakeWith(seed int64, givens, solution string, fonts []Font) Shot {
	faces := make([]*typeface, len(fonts))
	for i, f := range fonts {
		faces[i] = typefaceOf(f)
	}
	return makeShot(seed, givens, solution, faces)
}

func makeShot(seed int64, givens, solution string, digitFaces []*typeface) Shot {
	if len(givens) != 81 || len(solution) != 81 || len(digitFaces) == 0 {
		panic(fmt.Sprintf("screenshot: givens and solution must be 81 characters, got %d and %d", len(givens), len(solution)))
	}
	r := newRand(seed)
	s := pick(r, givens, solution, digitFaces)
	img := s.draw(r)
	return s.shot(img)
}

// shot encodes img and says what it shows.
func (s *spec) shot(img *image.RGBA) Shot {
	return Shot{
		Data:    encode(img, s.format, s.quality),
		Format:  s.format,
		Givens:  string(s.board.givens[:]),
		Entries: string(s.board.entries[:]),
		Wrong:   s.board.wrong,
		Marks:   s.board.hasMarks(),
		Width:   s.screen.w,
		Height:  s.screen.h,
		Style:   s.describe(),
	}
}

// newRand is the source of every choice for seed.
func newRand(seed int64) *rand.Rand { return rand.New(rand.NewPCG(uint64(seed), 0x5d0c0be5)) }

// encode writes img as PNG or JPEG.
func encode(img *image.RGBA, format string, quality int) []byte {
	if format != "jpeg" {
		return encodePNG(img)
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: quality}); err != nil {
		panic("screenshot: encoding to memory: " + err.Error()) // only a writer's error can fail it
	}
	return b.Bytes()
}
