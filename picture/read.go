package picture

import (
	"context"
	"errors"
	"strings"
)

// Reading is what Read made of a picture.
type Reading struct {
	// Board is the grid as found in the picture.
	Board *Board
	// Cells is what each cell holds, row by row.
	Cells [81]Cell
	// Corrected lists the cells whose reading the solver overruled: the
	// puzzle as read had no solution or many, and reading these cells
	// another likely way (or their written digits as printed) gave it
	// exactly one. The board-wide decisions before it (which digits are
	// printed, which marks are pencil marks) are not listed.
	Corrected []int
	// Agreed lists the cells whose written digit was read as the
	// solution's: the classifier read another digit first, but gave the
	// solution's a fair chance (see agreeEntries). A clearly written
	// mistake is kept.
	Agreed []int
	// Unresolved reports that the printed digits, as read, do not make a
	// puzzle with exactly one solution, and no likely misreading explains
	// it: the person should check the reading.
	Unresolved bool
}

// Cell is what one cell holds.
type Cell struct {
	Digit      int     // 1–9, or 0 for none
	Written    bool    // written in by a player rather than printed
	Confidence float64 // how sure the classifier is of this reading, 0 to 1
	probs      []float32
	// blankedBy names the board-wide rule that read the cell's digit as
	// a pencil mark ("small", "pair", "note", "aside"), for the accuracy
	// table.
	blankedBy string
	// overruled reports that the solver read the cell otherwise than the
	// classifier did, for Corrected.
	overruled bool
}

// Doubtful reports whether the reading of the cell is unsure enough to
// point out to the person.
func (c Cell) Doubtful() bool { return c.Confidence < doubtful }

// doubtful is the confidence under which a cell is shown as doubtful.
const doubtful = 0.9

// Givens returns the printed digits: 81 characters, '.' elsewhere.
func (r *Reading) Givens() string {
	return r.text(func(c Cell) bool { return !c.Written })
}

// Entries returns the digits players wrote in: 81 characters, '.'
// elsewhere.
func (r *Reading) Entries() string {
	return r.text(func(c Cell) bool { return c.Written })
}

func (r *Reading) text(keep func(Cell) bool) string {
	var b strings.Builder
	for _, c := range r.Cells {
		if c.Digit != 0 && keep(c) {
			b.WriteByte(byte('0' + c.Digit))
		} else {
			b.WriteByte('.')
		}
	}
	return b.String()
}

// Doubts returns the cells whose reading is unsure, row by row.
func (r *Reading) Doubts() []int {
	var out []int
	for i, c := range r.Cells {
		if c.Doubtful() {
			out = append(out, i)
		}
	}
	return out
}

// Read finds the Sudoku grid in a picture's bytes and reads what each
// cell holds: each cell by the classifier, then the board as a whole
// (pencil marks, and which digits were printed: the board's digits as
// one population or two, weighed with the solver); when the printed
// digits as read do not make a puzzle with exactly one solution, it
// tries the likeliest misreadings until one does (within its own time
// limits). The errors are Find's:
// when ctx is done first, its error.
//
// A picture whose EXIF says to turn it, but which turned reads as no
// puzzle, or as one only once a digit read as another throughout was
// mended (recoverMissing), is read again as it is stored, and read so
// when that makes a puzzle with fewer cells overruled (Corrected): an
// editor that turned its pixels may have left the tag, and digits turned
// a quarter misread alike can be mended into a puzzle.
func Read(ctx context.Context, data []byte) (*Reading, error) {
	hd, err := check(data)
	if err != nil {
		return nil, err
	}
	return readChecked(ctx, data, hd)
}

// hasMend reports whether the reading holds a digit read as another
// throughout, mended (recoverMissing).
func (r *Reading) hasMend() bool {
	for _, c := range r.Cells {
		if c.overruled {
			return true
		}
	}
	return false
}

// readChecked is Read for a picture whose header check passed as hd.
func readChecked(ctx context.Context, data []byte, hd header) (*Reading, error) {
	r, err := read(ctx, data, hd)
	if (errors.Is(err, ErrNoGrid) || err == nil && (r.Unresolved || r.hasMend())) && hd.orientation > 1 {
		stored := hd
		stored.orientation = 1
		if sr, err2 := read(ctx, data, stored); err2 == nil && !sr.Unresolved && (r == nil || len(sr.Corrected) < len(r.Corrected) || r.Unresolved) {
			return sr, nil
		}
	}
	return r, err
}

// read reads a picture whose header check passed as hd, turned as
// hd.orientation says.
func read(ctx context.Context, data []byte, hd header) (*Reading, error) {
	b, err := find(ctx, data, hd)
	if err != nil {
		return nil, err
	}
	r := &Reading{Board: b}
	in, tr := measureBoard(b)
	net := model()
	for i := range r.Cells {
		p := blankProbs
		if in[i][GlyphSide*GlyphSide+fHeight] > 0 {
			p = net.Forward(in[i])
		}
		r.Cells[i] = cellOf(p, best(p))
	}
	markedDigits(&r.Cells, &in)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	decideBoard(ctx, r, &in, &tr)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return r, nil
}

// decideBoard reads the board as a whole, once each cell is classified
// (cells, with the classifier's inputs in and the cells' traits): its
// pencil marks and which digits are printed (decideKinds), a lone
// pencil mark among the written digits (dropAsideMarks), then the
// solver's arbitration of likely misreadings, then the written digits
// weighed against the solution (agreeEntries).
func decideBoard(ctx context.Context, r *Reading, in *[81][]float32, tr *traits) {
	decideKinds(ctx, &r.Cells, in, tr)
	dropAsideMarks(&r.Cells, in)
	for i, c := range r.Cells {
		if c.overruled {
			r.Corrected = append(r.Corrected, i)
		}
	}
	arbitrate(ctx, r, in)
	agreeEntries(ctx, r)
}

// blankProbs are the probabilities of a cell with no mark at all: blank.
var blankProbs = func() []float32 {
	p := make([]float32, Classes)
	p[0] = 1
	return p
}()

// best returns the likeliest class.
func best(p []float32) int {
	k := 0
	for c := range p {
		if p[c] > p[k] {
			k = c
		}
	}
	return k
}

// cellOf returns the cell read as class c, with probabilities p.
func cellOf(p []float32, c int) Cell {
	cell := Cell{Confidence: float64(p[c]), probs: p}
	if c > 0 {
		cell.Digit, cell.Written = (c-1)%9+1, c > 9
	}
	return cell
}
