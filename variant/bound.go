package variant

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// A link of a few thousand characters can unpack to tens of thousands of
// constraints (lz-string packs repeats well): drawing 40,000 of them took
// 43 s here. The largest puzzles of the shared set hold 36 constraints
// over 136 cells; a 9×9 with every kropki dot and parity mark holds 225.
const (
	// maxConstraintsPerCell bounds a puzzle's constraints: 486 on a 9×9.
	maxConstraintsPerCell = 6
	// maxConstraintCellsPerCell bounds the cells its constraints name, a
	// cell counted once for each: 972 on a 9×9.
	maxConstraintCellsPerCell = 12
)

// Bounded returns an error wrapping ErrTooLarge for a puzzle with more
// constraints, or constraints over more cells, than a person sets (six
// constraints and twelve constraint cells for each cell of the grid),
// which would take the solver and the drawing too long; nil otherwise.
func (p *Puzzle) Bounded() error {
	cells := p.Size * p.Size
	if len(p.Constraints) > maxConstraintsPerCell*cells {
		return fmt.Errorf("variant: %d constraints on %d cells: %w", len(p.Constraints), cells, ErrTooLarge)
	}
	named := 0
	for _, c := range p.Constraints {
		in, out := CellsOf(c)
		named += len(in) + len(out)
	}
	if named > maxConstraintCellsPerCell*cells {
		return fmt.Errorf("variant: constraints over %d cells on %d: %w", named, cells, ErrTooLarge)
	}
	return nil
}

// CellsOf returns the cells a constraint names: in the grid, and outside
// it (a little killer's or sandwich's clue).
func CellsOf(c Constraint) (in, out []Cell) {
	switch c := c.(type) {
	case Killer:
		return c.Cells, nil
	case Thermo:
		return c.Cells, nil
	case Arrow:
		in = append(in, c.Bulb...)
		for _, l := range c.Lines {
			in = append(in, l...)
		}
		return in, nil
	case LittleKiller:
		return c.Cells, []Cell{c.Clue}
	case Sandwich:
		return nil, []Cell{c.Clue}
	case Outside:
		return nil, []Cell{c.Clue}
	case Difference:
		return c.Cells[:], nil
	case Ratio:
		return c.Cells[:], nil
	case XV:
		return c.Cells[:], nil
	case Parity:
		return []Cell{c.Cell}, nil
	case Palindrome:
		return c.Cells, nil
	case Renban:
		return c.Cells, nil
	case Whispers:
		return c.Cells, nil
	case Between:
		return c.Cells, nil
	case Line:
		return c.Cells, nil
	case Extreme:
		return []Cell{c.Cell}, nil
	case Quadruple:
		return c.Cells, nil
	case Clone:
		return append(slices.Clone(c.Cells), c.Copy...), nil
	case ExtraRegion:
		return c.Cells, nil
	}
	return nil, nil
}

// cleanText makes a setter's title or author safe to print anywhere: no
// control characters (a terminal's escapes), no bidirectional overrides
// (text that reads backwards), spaces collapsed, at most 200 characters.
func cleanText(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsControl(r), r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200])
	}
	return s
}
