package screenshot

import (
	"fmt"
	"image/color"
	"math/rand/v2"
	"strings"
)

// screen is a device's screen, or a picture cropped to the grid.
type screen struct {
	kind string // phone, tablet, desktop or crop
	w, h int
}

var screens = []screen{
	{"phone", 1080, 2340}, {"phone", 1170, 2532}, {"phone", 720, 1600},
	{"desktop", 1920, 1080}, {"desktop", 1366, 768},
	{"tablet", 1620, 2160},
	{"crop", 600, 600},
}

// gridKind is how the grid's cells are separated.
type gridKind int

const (
	classic gridKind = iota // thin cell lines, thick box lines
	uniform                 // every line alike
	tiles                   // rounded tiles with gaps, wider between boxes
)

var gridNames = [...]string{"classic", "uniform", "tiles"}

// Highlights around the selected cell.
const (
	relatedNone = iota
	relatedLines
	relatedLinesBox
)

// spec is every choice made for one screenshot.
type spec struct {
	screen      screen
	theme       theme
	board       board
	givenFont   *typeface
	entryFont   *typeface
	markFont    *typeface
	entryInk    color.RGBA
	inkName     string  // the entries' colour, or "same" when only weight tells them apart
	digit       float64 // digit height as a share of the cell
	grid        gridKind
	tileBack    bool // tiles sit on the screen's colour rather than on a line colour
	boxShade    bool // uniform grids shade alternate boxes
	selected    int  // cell index, or -1
	related     int
	same        bool               // cells with the selected digit are tinted
	wrongTint   bool               // wrong entries' cells are tinted red too
	markGrid    bool               // marks in a 3×3 layout, else centred in a row
	coloured    map[int]color.RGBA // cells the player painted (MakeColoured)
	colourAlpha float64            // how much of the paint covers the cell
	format      string
	quality     int
}

// pick makes every choice for one screenshot from r.
func pick(r *rand.Rand, givens, solution string, digitFaces []*typeface) *spec {
	s := &spec{screen: screens[r.IntN(len(screens))], theme: pickTheme(r)}
	s.markGrid = r.IntN(4) > 0
	s.board = newBoard(r, givens, solution, s.markGrid)
	s.pickFonts(r, digitFaces)
	s.digit = 0.5 + 0.25*r.Float64()
	s.grid = gridKind(r.IntN(3))
	s.tileBack, s.boxShade = r.IntN(2) == 0, r.IntN(2) == 0
	s.pickSelection(r)
	s.wrongTint = r.IntN(2) == 0
	s.format, s.quality = "png", 0
	if r.IntN(2) == 0 {
		s.format, s.quality = "jpeg", 60+r.IntN(36)
	}
	return s
}

// pickFonts chooses the digits' faces and the entries' ink. Entries
// differ from givens in colour, or in a few apps in weight alone: then the
// givens are the heavy face and the entries a light one, as apps and
// newspapers print them (a player could not tell them apart otherwise).
func (s *spec) pickFonts(r *rand.Rand, faces []*typeface) {
	s.givenFont = faces[r.IntN(len(faces))]
	s.entryFont = s.givenFont
	if r.IntN(2) == 0 {
		s.entryFont = faces[r.IntN(len(faces))]
	}
	s.markFont = faces[r.IntN(len(faces))]
	k := r.IntN(len(entryNames))
	s.entryInk, s.inkName = s.theme.entries[k], entryNames[k]
	if r.IntN(100) < 15 {
		heavy, light := weighed(faces, true), weighed(faces, false)
		if len(heavy) > 0 && len(light) > 0 {
			s.entryInk, s.inkName = s.theme.given, "same"
			s.givenFont, s.entryFont = heavy[r.IntN(len(heavy))], light[r.IntN(len(light))]
		}
	}
}

// weighed returns the faces that are bold, or those that are not.
func weighed(faces []*typeface, bold bool) []*typeface {
	var out []*typeface
	for _, f := range faces {
		if f.bold == bold {
			out = append(out, f)
		}
	}
	return out
}

// pickSelection chooses the selected cell and what is tinted with it.
func (s *spec) pickSelection(r *rand.Rand) {
	s.selected = -1
	if r.IntN(4) == 0 {
		return
	}
	s.selected = r.IntN(81)
	s.related = r.IntN(3)
	s.same = s.board.digit(s.selected) != '.' && r.IntN(5) < 3
}

// describe lists the choices briefly, for test output.
func (s *spec) describe() string {
	parts := []string{
		fmt.Sprintf("%s %dx%d %s", s.screen.kind, s.screen.w, s.screen.h, s.theme.name),
		s.givenFont.name + "/" + s.entryFont.name,
		fmt.Sprintf("%s digit%.0f%%", gridNames[s.grid], s.digit*100),
		s.format,
	}
	if s.format == "jpeg" {
		parts[3] += fmt.Sprint(s.quality)
	}
	if s.selected >= 0 {
		sel := "selected"
		sel += [...]string{"", "+row/col", "+row/col/box"}[s.related]
		if s.same {
			sel += "+same"
		}
		parts = append(parts, sel)
	}
	parts = append(parts, fmt.Sprintf("entries%.0f%% %s", s.board.fill*100, s.inkName))
	if n := len(s.board.wrong); n > 0 {
		parts = append(parts, fmt.Sprintf("wrong%d", n))
	}
	if s.board.hasMarks() {
		parts = append(parts, "marks")
	}
	if len(s.coloured) > 0 {
		parts = append(parts, fmt.Sprintf("coloured%d", len(s.coloured)))
	}
	return strings.Join(parts, " ")
}
