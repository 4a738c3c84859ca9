package render

import (
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/variant"
)

// fuzzed builds a puzzle from fuzz bytes: a size, then constraints of any
// type whose cells are mostly in the grid, sometimes next to it or
// farther. bad says whether it made a cell Variant must refuse.
type fuzzed struct {
	b   []byte
	n   int
	bad bool
}

func (f *fuzzed) next() int {
	if len(f.b) == 0 {
		return 0
	}
	v := int(f.b[0])
	f.b = f.b[1:]
	return v
}

// cell returns a cell in the grid, or (one time in eight) one up to two
// cells outside it.
func (f *fuzzed) cell() variant.Cell {
	v, w := f.next(), f.next()
	if v%8 != 7 {
		return variant.Cell{Row: v / 8 % f.n, Col: w % f.n}
	}
	c := variant.Cell{Row: w%(f.n+4) - 2, Col: v/8%(f.n+4) - 2}
	f.bad = f.bad || !inside(c, f.n)
	return c
}

func (f *fuzzed) cells() []variant.Cell {
	out := make([]variant.Cell, f.next()%7)
	for i := range out {
		out[i] = f.cell()
	}
	return out
}

// clue returns a place for a clue outside the grid: next to it, or
// (when bad) anywhere.
func (f *fuzzed) clue(sandwich bool) variant.Cell {
	v, w := f.next(), f.next()
	c := variant.Cell{Row: v%(f.n+6) - 3, Col: w%(f.n+6) - 3}
	ring := c.Row >= -1 && c.Row <= f.n && c.Col >= -1 && c.Col <= f.n && !inside(c, f.n)
	corner := (c.Row < 0 || c.Row >= f.n) && (c.Col < 0 || c.Col >= f.n)
	f.bad = f.bad || !ring || sandwich && corner
	return c
}

func (f *fuzzed) pair() [2]variant.Cell { return [2]variant.Cell{f.cell(), f.cell()} }

func (f *fuzzed) constraint() variant.Constraint {
	switch f.next() % 21 {
	case 0:
		return variant.Killer{Cells: f.cells(), Sum: f.next()}
	case 1:
		return variant.Thermo{Cells: f.cells()}
	case 2:
		bulb := make([]variant.Cell, f.next()%4)
		for i := range bulb {
			bulb[i] = f.cell()
		}
		return variant.Arrow{Bulb: bulb, Lines: [][]variant.Cell{f.cells(), f.cells()}}
	case 3:
		dirs := []string{"UL", "UR", "DL", "DR", "??"}
		return variant.LittleKiller{Clue: f.clue(false), Direction: dirs[f.next()%len(dirs)], Cells: f.cells(), Sum: f.next()}
	case 4:
		return variant.Sandwich{Clue: f.clue(true), Sum: f.next()}
	case 5:
		return variant.Difference{Cells: f.pair(), Value: f.next() % 12}
	case 6:
		return variant.Ratio{Cells: f.pair(), Value: f.next() % 12}
	case 7:
		return variant.XV{Cells: f.pair(), Sum: f.next() % 12}
	case 8:
		return variant.Parity{Cell: f.cell(), Even: f.next()%2 == 0}
	case 9:
		return variant.Palindrome{Cells: f.cells()}
	case 10:
		return variant.Renban{Cells: f.cells()}
	case 11:
		return variant.Whispers{Cells: f.cells(), Diff: 5}
	case 12:
		return variant.ExtraRegion{Cells: f.cells()}
	case 13:
		names := []string{"diagonal+", "diagonal-", "antiknight", "nonconsecutive", "unknown"}
		return variant.Global{Name: names[f.next()%len(names)]}
	case 14:
		return variant.Between{Cells: f.cells()}
	case 15:
		return variant.Extreme{Cell: f.cell(), Max: f.next()%2 == 0}
	case 16:
		return variant.Clone{Cells: f.cells(), Copy: f.cells()}
	case 18:
		ds := make([]int, f.next()%6)
		for i := range ds {
			ds[i] = f.next() % 20
		}
		return variant.Quadruple{Cells: f.cells(), Digits: ds}
	case 19:
		return variant.Outside{Rule: []string{"xsum", "skyscraper", "numberedroom", "?"}[f.next()%4], Clue: f.clue(true), Value: f.next() % 50}
	case 17:
		rules := []string{"parityline", "entropicline", "modularline", "zipperline", "regionsumline", "doublearrow", "lockout", "unknown"}
		return variant.Line{Rule: rules[f.next()%len(rules)], Cells: f.cells()}
	}
	return nil
}

// FuzzVariant draws puzzles built from fuzz bytes: never a panic, an
// image exactly when every cell is where it may be.
func FuzzVariant(f *testing.F) {
	f.Add([]byte{5, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("\x00\x02\x03\x07\x09\x0a\x0b\x0c\x0d\x01\x10\x20\x30\x40\x50"))
	f.Add([]byte(strings.Repeat("\x0c\x03\xff\x02\x07\x04\x09\x01", 20)))
	f.Fuzz(func(t *testing.T, b []byte) {
		fz := &fuzzed{b: b}
		fz.n = 4 + fz.next()%13
		p := variant.Puzzle{Size: fz.n, Title: string(b[:min(len(b), 30)]), Author: "fuzz"}
		for len(fz.b) > 0 && len(p.Constraints) < 40 {
			p.Constraints = append(p.Constraints, fz.constraint())
		}
		opt := VariantOptions{Theme: Theme(len(b) % 3)}
		if len(b)%2 == 1 {
			opt.Digits = make([]int, fz.n*fz.n)
			opt.Candidates = make([]uint32, fz.n*fz.n)
			for i := range opt.Digits {
				opt.Digits[i] = i * 7 % (fz.n + 1)
				opt.Candidates[i] = uint32(i * 12345)
			}
		}
		img, err := VariantImage(p, opt)
		switch {
		case err != nil && !fz.bad:
			t.Fatalf("VariantImage refused a puzzle with every cell in its place: %v", err)
		case err == nil && fz.bad:
			t.Fatalf("VariantImage drew a puzzle with a cell out of place")
		case err == nil && (img.Rect.Dx() < 300 || img.Rect.Dy() < 300):
			t.Fatalf("image is %v", img.Rect)
		}
	})
}
