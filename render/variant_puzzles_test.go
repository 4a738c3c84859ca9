package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/variant"
)

// mustCells reads cells as f-puzzles names them, "R1C1 R1C2"; R0 and
// C0 (or Size+1) are outside the grid, for clues.
func mustCells(t testing.TB, s string) []variant.Cell {
	t.Helper()
	var out []variant.Cell
	for _, f := range strings.Fields(s) {
		var r, c int
		if _, err := fmt.Sscanf(strings.ToUpper(f), "R%dC%d", &r, &c); err != nil {
			t.Fatalf("cell %q: %v", f, err)
		}
		out = append(out, variant.Cell{Row: r - 1, Col: c - 1})
	}
	return out
}

func mustCell(t testing.TB, s string) variant.Cell {
	t.Helper()
	return mustCells(t, s)[0]
}

func mustPair(t testing.TB, s string) [2]variant.Cell {
	t.Helper()
	cs := mustCells(t, s)
	if len(cs) != 2 {
		t.Fatalf("pair %q has %d cells", s, len(cs))
	}
	return [2]variant.Cell{cs[0], cs[1]}
}

// givens reads a grid's givens row by row: '.' blank, 1-9, then A-G for
// 10 to 16.
func givens(s string) []int {
	var out []int
	for _, ch := range strings.ReplaceAll(s, "|", "") {
		switch {
		case ch == '.':
			out = append(out, 0)
		case ch >= '1' && ch <= '9':
			out = append(out, int(ch-'0'))
		case ch >= 'A' && ch <= 'G':
			out = append(out, int(ch-'A')+10)
		}
	}
	return out
}

func killerPuzzle(t testing.TB) variant.Puzzle {
	k := func(sum int, s string) variant.Killer { return variant.Killer{Cells: mustCells(t, s), Sum: sum} }
	return variant.Puzzle{
		Size: 9, Title: "Killer shapes", Author: "render tests",
		Givens: givens("........." + "........." + "....5...." + "........." + "...3.7..." + "........." + "........." + "........." + "........."),
		Constraints: []variant.Constraint{
			k(15, "R1C1 R1C2 R2C1"), k(12, "R1C3 R1C4 R1C5"), k(20, "R2C2 R2C3 R3C2 R3C3"),
			k(25, "R1C6 R2C6 R2C5 R2C4 R3C4"), k(18, "R4C1 R4C2 R4C3 R5C2"),
			k(27, "R3C7 R3C9 R4C7 R4C8 R4C9"), k(40, "R6C1 R6C2 R6C3 R7C1 R7C3 R8C1 R8C2 R8C3"),
			k(5, "R7C2"), k(7, "R9C9"), k(0, "R9C5 R9C6"), k(45, "R5C5 R5C6 R6C5 R6C6 R7C5 R7C6 R8C6 R8C7 R9C7"),
			k(3, "R1C8 R1C9"), k(16, "R6C8 R7C8 R7C9"),
		},
	}
}

func thermoArrowPuzzle(t testing.TB) variant.Puzzle {
	th := func(s string) variant.Thermo { return variant.Thermo{Cells: mustCells(t, s)} }
	ar := func(bulb string, lines ...string) variant.Arrow {
		a := variant.Arrow{Bulb: mustCells(t, bulb)}
		for _, l := range lines {
			a.Lines = append(a.Lines, mustCells(t, l))
		}
		return a
	}
	return variant.Puzzle{
		Size: 9, Title: "Thermos and arrows", Author: "render tests",
		Givens: givens("........." + "........." + "........." + "...4....." + "........." + "........." + "........." + "........." + "........1"),
		Constraints: []variant.Constraint{
			th("R1C1 R1C2 R1C3 R2C4"), th("R3C1 R4C1 R5C1 R6C1"), th("R5C5 R4C5 R4C6 R4C7 R5C7"),
			ar("R2C7", "R3C8 R4C9", "R2C8 R2C9"), ar("R7C2 R7C3", "R8C3 R9C3"),
			ar("R6C6 R7C6 R8C6", "R8C7 R8C8 R7C9"), ar("R9C7 R9C8", "R8C9"), ar("R6C2", "R5C3 R5C4 R6C4"),
		},
	}
}

func kropkiPuzzle(t testing.TB) variant.Puzzle {
	dif := func(v int, s string) variant.Difference { return variant.Difference{Cells: mustPair(t, s), Value: v} }
	rat := func(v int, s string) variant.Ratio { return variant.Ratio{Cells: mustPair(t, s), Value: v} }
	xv := func(sum int, s string) variant.XV { return variant.XV{Cells: mustPair(t, s), Sum: sum} }
	par := func(even bool, s string) variant.Parity { return variant.Parity{Cell: mustCell(t, s), Even: even} }
	return variant.Puzzle{
		Size: 9, Title: "Dots, XV and parity",
		Givens: givens("........." + "........." + "........." + "........." + "....3...." + "........." + "......8.." + "........." + "........."),
		Constraints: []variant.Constraint{
			dif(1, "R1C1 R1C2"), dif(1, "R1C2 R2C2"), dif(3, "R3C3 R3C4"), rat(2, "R1C5 R1C6"),
			rat(3, "R2C5 R2C6"), rat(2, "R4C4 R5C4"), xv(10, "R6C1 R6C2"), xv(5, "R6C2 R7C2"),
			xv(10, "R8C8 R8C9"), xv(5, "R3C6 R4C6"), par(false, "R5C5"), par(false, "R5C6"),
			par(true, "R7C7"), par(true, "R7C8"), variant.Global{Name: "negative ratio"},
		},
	}
}

func linesPuzzle(t testing.TB) variant.Puzzle {
	lk := func(sum int, clue, dir string) variant.LittleKiller {
		return variant.LittleKiller{Clue: mustCell(t, clue), Direction: dir, Sum: sum}
	}
	sw := func(sum int, clue string) variant.Sandwich {
		return variant.Sandwich{Clue: mustCell(t, clue), Sum: sum}
	}
	return variant.Puzzle{
		Size: 9, Title: "Lines, little killers and sandwiches", Author: "render tests",
		Constraints: []variant.Constraint{
			variant.Palindrome{Cells: mustCells(t, "R2C2 R2C3 R3C4 R4C4 R5C3")},
			variant.Renban{Cells: mustCells(t, "R1C6 R1C7 R1C8 R2C8")},
			variant.Whispers{Cells: mustCells(t, "R6C1 R7C2 R8C3 R8C4 R7C5 R6C6"), Diff: 5},
			variant.Renban{Cells: mustCells(t, "R6C4 R7C4 R8C5 R9C5")},
			lk(23, "R0C2", "DR"), lk(12, "R4C0", "UR"), lk(30, "R10C7", "UL"), lk(8, "R6C10", "DL"), lk(45, "R0C0", "DR"),
			sw(15, "R0C6"), sw(0, "R3C0"), sw(35, "R10C2"),
		},
	}
}

// betweenPuzzle holds between lines, minimum and maximum cells, clones,
// Dutch whispers, parity, entropic, modular, zipper, region sum and
// lockout lines, double arrows, quadruples, and X-sum, skyscraper and
// numbered room clues.
func betweenPuzzle(t testing.TB) variant.Puzzle {
	return variant.Puzzle{
		Size: 9, Title: "Between lines, extremes and clones", Author: "render tests",
		Givens: givens("........." + "....4...." + "........." + "........." + "........." + "........." + "........." + "........." + "........."),
		Constraints: []variant.Constraint{
			variant.Between{Cells: mustCells(t, "R1C1 R2C2 R3C3 R3C4 R3C5")},
			variant.Between{Cells: mustCells(t, "R7C7 R7C8 R8C9")},
			variant.Extreme{Cell: mustCell(t, "R5C5"), Max: true},
			variant.Extreme{Cell: mustCell(t, "R1C9")},
			variant.Clone{Cells: mustCells(t, "R4C1 R4C2 R5C1"), Copy: mustCells(t, "R8C1 R8C2 R9C1")},
			variant.Whispers{Cells: mustCells(t, "R6C4 R6C5 R6C6 R7C6"), Diff: 4},
			variant.Line{Rule: "parityline", Cells: mustCells(t, "R1C6 R1C7 R2C7")},
			variant.Line{Rule: "entropicline", Cells: mustCells(t, "R4C4 R4C5 R4C6 R4C7 R4C8")},
			variant.Line{Rule: "modularline", Cells: mustCells(t, "R9C4 R8C5 R9C6")},
			variant.Quadruple{Cells: mustCells(t, "R2C8 R2C9 R3C8 R3C9"), Digits: []int{1, 2, 5}},
			variant.Quadruple{Cells: mustCells(t, "R5C7 R5C8 R6C7 R6C8"), Digits: []int{9}},
			variant.Line{Rule: "zipperline", Cells: mustCells(t, "R7C2 R7C3 R8C3 R9C3 R9C2")},
			variant.Line{Rule: "regionsumline", Cells: mustCells(t, "R5C2 R5C3 R5C4")},
			variant.Line{Rule: "doublearrow", Cells: mustCells(t, "R6C1 R6C2 R6C3")},
			variant.Line{Rule: "lockout", Cells: mustCells(t, "R4C9 R5C9 R6C9")},
			variant.Outside{Rule: "xsum", Clue: mustCell(t, "R0C2"), Value: 15},
			variant.Outside{Rule: "skyscraper", Clue: mustCell(t, "R4C10"), Value: 3},
			variant.Outside{Rule: "numberedroom", Clue: mustCell(t, "R10C8"), Value: 6},
		},
	}
}

func jigsawPuzzle(t testing.TB) variant.Puzzle {
	var regions []int
	for _, ch := range "000111122|000111222|003112222|033444455|333445455|363475555|366477788|666678888|667777888" {
		if ch != '|' {
			regions = append(regions, int(ch-'0'))
		}
	}
	return variant.Puzzle{
		Size: 9, Regions: regions, Author: "someone with a name far too long to fit above a grid of this width, and then some more",
		Title:  "Jigsaw with an extra region and both diagonals, whose title is much too long for one line",
		Givens: givens("1........" + "........." + "........." + "........." + "....9...." + "........." + "........." + "........." + "........2"),
		Constraints: []variant.Constraint{
			variant.ExtraRegion{Cells: mustCells(t, "R2C5 R3C4 R3C5 R3C6 R4C3 R4C4 R4C5 R4C6 R4C7")},
			variant.Global{Name: "diagonal+"}, variant.Global{Name: "diagonal-"}, variant.Global{Name: "antiknight"},
		},
	}
}

func sixPuzzle(t testing.TB) variant.Puzzle {
	return variant.Puzzle{
		Size: 6, Title: "Six", Givens: givens("1.....|......|..3...|......|....5.|......"),
		Constraints: []variant.Constraint{
			variant.Killer{Cells: mustCells(t, "R1C2 R1C3 R2C3"), Sum: 11},
			variant.Thermo{Cells: mustCells(t, "R4C1 R5C1 R5C2 R5C3")},
			variant.Difference{Cells: mustPair(t, "R3C5 R3C6"), Value: 1},
			variant.LittleKiller{Clue: mustCell(t, "R0C3"), Direction: "DL", Sum: 6},
		},
	}
}

func sixteenPuzzle(t testing.TB) variant.Puzzle {
	row := strings.Repeat(".", 16)
	g := "1.A.G..........." + row + "..........3....." + "........C......." + ".......9........" + "...F............" +
		row + "......B........." + "..2............." + "...........E...." + row + "..............D." + ".4.............." + row + row + "...............1"
	return variant.Puzzle{
		Size: 16, Title: "Sixteen", Author: "render tests", Givens: givens(g),
		Constraints: []variant.Constraint{
			variant.Killer{Cells: mustCells(t, "R2C2 R2C3 R3C2"), Sum: 40},
			variant.Thermo{Cells: mustCells(t, "R5C5 R6C6 R7C7 R8C8")},
			variant.Arrow{Bulb: mustCells(t, "R10C10 R10C11"), Lines: [][]variant.Cell{mustCells(t, "R11C11 R12C11 R13C12")}},
			variant.Ratio{Cells: mustPair(t, "R14C3 R14C4"), Value: 2},
			variant.Sandwich{Clue: mustCell(t, "R17C5"), Sum: 52},
		},
	}
}

// sampler has one of most things, for the dark theme.
func sampler(t testing.TB) variant.Puzzle {
	p := thermoArrowPuzzle(t)
	p.Title, p.Author = "Sampler", "render tests"
	k := killerPuzzle(t).Constraints[:3]
	q := kropkiPuzzle(t).Constraints
	l := linesPuzzle(t).Constraints
	p.Constraints = append(p.Constraints[:4:4], k[2], q[6], q[7], q[3], q[0], l[0], l[2], l[4], l[7], variant.Global{Name: "diagonal-"},
		variant.ExtraRegion{Cells: mustCells(t, "R5C8 R5C9 R6C8 R6C9")})
	return p
}

// solution9 is a 9×9 solution, for Digits.
func solution9() []int {
	return givens("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
}
