// Package picture reads a Sudoku grid from a picture: a phone photo of a
// newspaper or a screenshot of an app. It is pure: a picture's bytes in,
// what was read out, with no Discord and no network.
//
// This first stage finds the grid and which of its cells hold ink: it
// reads the picture's header (header.go, jpeg.go) and refuses it before
// decoding when it is too big, would take its decoder too much memory, or
// is made to cost far more work than its size (a JPEG of thousands of
// scans); it decodes the picture (PNG, JPEG or WebP), within the context,
// turns it the right way up (orient.go: EXIF orientation) and makes it
// grey. A Reader (memory.go) bounds the memory of the reads at once. A
// screenshot of an app that draws its cells as tiles, with gaps and no
// lines, is read from the tiles (tiles.go).
// Otherwise it makes a working copy, thresholds it against its local
// mean, takes a few of the largest square-ish webs of ink as candidates,
// fits each one's outer lines where the most grid lines fit (grid.go,
// comb.go), keeps the biggest that frames a Sudoku grid, its lines round
// the boxes inked (outline.go: not the page's edge, not yesterday's
// smaller solution), traces its 20 lines one by one so a curved page
// still lines up (lattice.go), maps each cell onto a square through its own
// four corners (warp.go) and measures how tall the ink in each cell is
// (cells.go). The classifier then reads each cell (read.go).
package picture

import (
	"context"
	"runtime"
)

// Limits on a picture, checked from its header before it is decoded.
const (
	MaxBytes  = 25 << 20 // the file
	MaxPixels = 50e6     // width × height
	// MaxMemory bounds the memory a read takes, counted from the header
	// for the decoder the picture needs and the reading after it, so that
	// a picture costlier a pixel has fewer: a phone's JPEG (its chroma
	// subsampled) up to 50 megapixels, 8-bit RGBA 33, a progressive JPEG
	// about 20, 16-bit RGBA 20, interlaced 16-bit 11.
	MaxMemory = 192 << 20
)

// Board is a grid found in a picture.
type Board struct {
	// Corners are the grid's corners in the picture, in pixels: top left,
	// top right, bottom right, bottom left.
	Corners [4]Point
	// Ink is, for each cell row by row, how much it looks as if it holds a
	// digit: the height of the tallest blot of ink inside it as a share of
	// the cell's side, from 0 (blank) to 1.
	Ink [81]float64
	// Cells is the grid mapped onto a square, grey, cellSize pixels a cell
	// (twice that when the picture has the pixels), ink darker than paper.
	Cells *Gray
	// Chroma is Cells' colourfulness, point by point, 0 for grey.
	Chroma *Gray
	// hues are the two colour opponents (hueSampler) of each cell whose
	// greys show no mark but whose chroma varies (colourful), mapped as
	// Cells is, for colouredMarksIn; nil for every other cell.
	hues [81]*cellHues
}

// cellHues are a cell's two colour opponents, pixel by pixel.
type cellHues struct{ rg, by []int16 }

// Point is a place in a picture, in pixels.
type Point struct{ X, Y float64 }

// Filled reports, for each cell row by row, whether it holds a digit: a
// blot of ink as tall as the shortest digit.
func (b *Board) Filled() [81]bool {
	var out [81]bool
	for i, v := range b.Ink {
		out[i] = v >= filledInk
	}
	return out
}

// filledInk is the height of a blot, as a share of its cell's side, from
// which the cell holds a digit: printed digits are about half a cell tall,
// specks of dirt and noise much less.
const filledInk = 0.22

// Find finds the Sudoku grid in a picture's bytes, the picture turned the
// right way up as its EXIF says. The errors are *TooBigError, ErrFormat,
// ErrCostly and ErrNoGrid (Say words them for a person), and ctx's error
// when it is done first. It keeps nothing between calls.
func Find(ctx context.Context, data []byte) (*Board, error) {
	hd, err := check(data)
	if err != nil {
		return nil, err
	}
	return find(ctx, data, hd)
}

// find is Find for a picture whose header check passed as hd, turned as
// hd.orientation says.
func find(ctx context.Context, data []byte, hd header) (*Board, error) {
	img, g, decoded, err := decode(ctx, data, hd)
	if err != nil {
		return nil, err
	}
	colour := coloursOf(img)
	if colour.f > 1 {
		// The picture's own pixels are kept no longer: free them before
		// the grid search's work, which would else pile on top of them.
		runtime.GC()
	}
	l, ok := findLattice(g)
	if !ok && ctx.Err() == nil {
		l, ok = colourTiles(colour)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrNoGrid
	}
	return boardOn(g, &l, colour).scaled(float64(decoded)), nil
}

// scaled returns b with its corners in the pixels of a picture f times
// the size of the one b was found in.
func (b *Board) scaled(f float64) *Board {
	for k, c := range b.Corners {
		b.Corners[k] = Point{c.X * f, c.Y * f}
	}
	return b
}

// boardOn cuts the board whose lines cross at l out of the grey picture g
// and its colours.
func boardOn(g *Gray, l *lattice, colour colours) *Board {
	b := Board{Corners: [4]Point{l[0][0], l[0][9], l[9][9], l[9][0]}}
	cell := cellSize
	if gridSide(l) >= 9*2*cellSize {
		// The picture has pixels enough for a finer cut: a pencil mark,
		// a desktop app's digits a fifth of a cell tall or a thin stroke
		// would be a few pixels at cellSize.
		cell = 2 * cellSize
	}
	b.Cells, b.Ink = cutCells(g, l, cell)
	// Colour is stored at half a picture's resolution by JPEG and WebP,
	// and a fine cut's chroma is sampled so (a fifth of a phone shot's
	// time at the full cut) and drawn twice as large.
	b.Chroma = l.warpWith(cellSize, chromaSampler(colour)).doubled(cell / cellSize)
	b.hues = huesOf(&b, l, cell, hueSampler(colour))
	return &b
}

// huesOf maps out of the picture the colour opponents of the cells of b
// whose greys show no mark but whose chroma varies: only those are looked
// at in colour, and the picture's colour is not kept past this.
func huesOf(b *Board, l *lattice, cell int, at func(x, y float64) (int16, int16)) [81]*cellHues {
	var out [81]*cellHues
	ref := digitContrast(b.Cells)
	for i := range out {
		if !colourful(b.Chroma, i) {
			continue
		}
		if _, _, parts, _, _ := marksIn(b.Cells, i, ref); len(parts) == 0 {
			rg, by := l.warpCell(i, cell, at)
			out[i] = &cellHues{rg, by}
		}
	}
	return out
}

// cutCells maps the cells of lattice l out of g, cell pixels a cell, with
// their ink (cellInk). Most of a board is paper: a light board on a dark
// page was turned over with the page, and a dark board on a light page
// was not, so the board is turned by its own greys (paperLight).
func cutCells(g *Gray, l *lattice, cell int) (*Gray, [81]float64) {
	c := warpCells(g, l, cell)
	c.paperLight()
	return c, cellInk(c)
}

// screenSide is the longest side of the biggest screen a screenshot is
// taken of (a large phone's is 2796 pixels; a camera's photo has 3264 or
// more): a bigger picture is a photo, whose grid is no app's tiles under
// a chat client's JPEG noise, and a look for them there would cost a
// 12-megapixel photo a tenth of its time.
const screenSide = 3000

// findLattice finds the grid's line crossings in g, in its pixels: from
// the tiles some apps draw instead of lines when there are tiles in
// straight rows and columns, else from its web of lines. The tiles come
// first, as a tiled grid's gaps and highlights can pass for a web of
// lines a row out; in a picture a screen's size or smaller, tiles under a
// lossy picture's noise (noisyStep) next; tiles barely off their screen's
// grey are looked for last.
func findLattice(g *Gray) (lattice, bool) {
	if l, ok := tileGrid(g, edgeStep); ok {
		return l, true
	}
	if max(g.W, g.H) <= screenSide {
		if l, ok := tileGrid(g, noisyStep); ok {
			return l, true
		}
	}
	work, scale := g.workCopy(workSide)
	if quad, ok := bestGrid(work); ok {
		return traceLattice(work, quad).scaled(scale), true
	}
	return tileGrid(g, faintStep)
}
