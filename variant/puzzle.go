package variant

import (
	"fmt"
	"slices"
	"strings"
)

// Cell is a cell by row and column, from 0. Clues outside the grid (little
// killers, sandwich sums) have a row or column of -1 or Size.
type Cell struct{ Row, Col int }

// String returns the cell as f-puzzles names it: "R1C1" for Cell{0, 0}.
func (c Cell) String() string { return fmt.Sprintf("R%dC%d", c.Row+1, c.Col+1) }

// Puzzle is a variant Sudoku: a Size×Size grid of digits 1..Size with its
// givens, its regions and its constraints.
type Puzzle struct {
	Size int
	// Givens holds Size*Size digits row by row, 0 where the cell is blank.
	Givens []int
	// Regions holds each cell's region (0..Size-1) row by row; nil means
	// the standard boxes.
	Regions []int
	Title   string
	Author  string
	Rules   string // the rules text, as the setter wrote it
	// Solution is the solution the setter stored with the puzzle, Size*Size
	// digits row by row, or nil: SudokuPad checks a player's grid against
	// it, and so can we when a rule cannot be read.
	Solution []int
	// Constraints are the puzzle's rules beyond rows, columns and regions.
	Constraints []Constraint
}

// Blanks counts the cells without a given.
func (p *Puzzle) Blanks() int {
	n := 0
	for _, g := range p.Givens {
		if g == 0 {
			n++
		}
	}
	return n
}

// Constraint is one rule of a puzzle: one of the types below.
type Constraint interface {
	// Kind returns the constraint's f-puzzles name ("killercage",
	// "thermometer", …).
	Kind() string
}

// Killer is a killer cage: its digits do not repeat and, when Sum > 0,
// add up to Sum.
type Killer struct {
	Cells []Cell
	Sum   int
}

// Thermo is a thermometer: digits increase from the bulb, Cells[0].
type Thermo struct{ Cells []Cell }

// Arrow is an arrow: the digits on each line add up to the number in the
// bulb, read left to right or top to bottom when the bulb is a pill of
// two or three cells. Lines do not include the bulb.
type Arrow struct {
	Bulb  []Cell
	Lines [][]Cell
}

// LittleKiller is a clue outside the grid: the digits on the diagonal
// Cells, in Direction ("UL", "UR", "DL", "DR") from Clue, add up to Sum.
type LittleKiller struct {
	Clue      Cell
	Direction string
	Cells     []Cell
	Sum       int
}

// Difference is a white kropki dot: the two digits differ by Value.
type Difference struct {
	Cells [2]Cell
	Value int
}

// Ratio is a black kropki dot: one digit is Value times the other.
type Ratio struct {
	Cells [2]Cell
	Value int
}

// XV is an X (Sum 10) or V (Sum 5) between two cells.
type XV struct {
	Cells [2]Cell
	Sum   int
}

// Parity is an odd (Even false) or even cell.
type Parity struct {
	Cell Cell
	Even bool
}

// Palindrome is a line that reads the same both ways.
type Palindrome struct{ Cells []Cell }

// Renban is a line of distinct consecutive digits in any order.
type Renban struct{ Cells []Cell }

// Whispers is a line whose neighbours differ by at least Diff.
type Whispers struct {
	Cells []Cell
	Diff  int
}

// Between is a between line: the digits of the cells strictly inside it
// lie strictly between the digits of its two ends (its circles).
type Between struct{ Cells []Cell }

// Line is a line rule named by Rule, its f-puzzles name (the
// Fpuzzles-NewConstraints userscript's): "parityline" (neighbours'
// digits are odd and even), "entropicline" (any three cells in a row hold
// a low, a middle and a high digit: 1-3, 4-6, 7-9 on 9×9), "modularline"
// (any three cells in a row hold digits of each remainder by 3),
// "zipperline" (cells as far from the line's middle add up to the same,
// the middle cell's digit on a line of odd length), "regionsumline" (the
// parts of the line in each region it passes through have the same sum),
// "doublearrow" (the cells inside add up to its two ends, its circles),
// "lockout" (its ends, diamonds, differ by 4 or more, and no cell inside
// lies between them or on them; 9×9 only).
type Line struct {
	Rule  string
	Cells []Cell
}

// Extreme is a minimum cell, whose digit is less than each of its
// orthogonal neighbours', or with Max a maximum cell, greater than each.
type Extreme struct {
	Cell Cell
	Max  bool
}

// Quadruple is a circle where four cells meet, with digits in it: each
// digit is in one of the cells, a digit written twice in two of them.
type Quadruple struct {
	Cells  []Cell
	Digits []int
}

// Clone is two shapes of as many cells that hold the same digits, cell by
// cell: Cells[i] and Copy[i] alike.
type Clone struct{ Cells, Copy []Cell }

// Outside is a clue outside the grid on its row or column, read from the
// clue's side: Rule "xsum" (the first X digits add up to Value, X the
// first digit), "skyscraper" (Value digits are seen: each greater than
// all before it) or "numberedroom" (the X-th digit is Value, X the first
// digit).
type Outside struct {
	Rule  string
	Clue  Cell
	Value int
}

// Sandwich is a clue outside the grid: the digits between 1 and Size in
// the row or column of Clue add up to Sum.
type Sandwich struct {
	Clue Cell
	Sum  int
}

// ExtraRegion is a region of Size cells in which digits do not repeat.
type ExtraRegion struct{ Cells []Cell }

// Global is a rule over the whole grid: Name is "diagonal+" (bottom left
// to top right), "diagonal-" (top left to bottom right), "antiknight",
// "antiking", "disjointgroups", "nonconsecutive" (orthogonal neighbours
// not joined by a Difference dot are not consecutive), "negative ratio"
// (neighbours not joined by a Ratio dot are not in ratio 2) or "negative
// xv" (neighbours not joined by an XV do not add up to 5 or 10).
type Global struct{ Name string }

// Kind returns "killercage".
func (Killer) Kind() string { return "killercage" }

// Kind returns "thermometer".
func (Thermo) Kind() string { return "thermometer" }

// Kind returns "arrow".
func (Arrow) Kind() string { return "arrow" }

// Kind returns "littlekillersum".
func (LittleKiller) Kind() string { return "littlekillersum" }

// Kind returns "difference".
func (Difference) Kind() string { return "difference" }

// Kind returns "ratio".
func (Ratio) Kind() string { return "ratio" }

// Kind returns "xv".
func (XV) Kind() string { return "xv" }

// Kind returns "odd" or "even".
func (p Parity) Kind() string {
	if p.Even {
		return "even"
	}
	return "odd"
}

// Kind returns "palindrome".
func (Palindrome) Kind() string { return "palindrome" }

// Kind returns "renban".
func (Renban) Kind() string { return "renban" }

// Kind returns "whispers".
func (Whispers) Kind() string { return "whispers" }

// Kind returns "betweenline".
func (Between) Kind() string { return "betweenline" }

// Kind returns "maximum" or "minimum".
func (x Extreme) Kind() string {
	if x.Max {
		return "maximum"
	}
	return "minimum"
}

// Kind returns l.Rule.
func (l Line) Kind() string { return l.Rule }

// Kind returns "quadruple".
func (Quadruple) Kind() string { return "quadruple" }

// Kind returns "clone".
func (Clone) Kind() string { return "clone" }

// Kind returns o.Rule.
func (o Outside) Kind() string { return o.Rule }

// Kind returns "sandwichsum".
func (Sandwich) Kind() string { return "sandwichsum" }

// Kind returns "extraregion".
func (ExtraRegion) Kind() string { return "extraregion" }

// Kind returns g.Name.
func (g Global) Kind() string { return g.Name }

// Types returns the puzzle's constraint types in the shared set's
// vocabulary (killer, thermo, arrow, pill_arrow, kropki_white, …, classic
// when there are none), sorted. It does not change p.
func (p *Puzzle) Types() []string {
	set := map[string]bool{}
	var diffs, extras int
	var windows []ExtraRegion
	for _, c := range p.Constraints {
		switch c := c.(type) {
		case Arrow:
			set["arrow"] = true
			if len(c.Bulb) > 1 {
				set["pill_arrow"] = true
			}
		case Difference:
			diffs++
			set["kropki_white"] = true
		case ExtraRegion:
			extras++
			windows = append(windows, c)
		case Global:
			switch c.Name {
			case "diagonal+", "diagonal-":
				set["diagonal"] = true
			case "negative ratio":
				set["kropki_negative"] = true
			default:
				set[typeNames[c.Name]] = true
			}
		default:
			set[typeNames[c.Kind()]] = true
		}
	}
	if set["nonconsecutive"] && diffs > 0 {
		delete(set, "nonconsecutive") // the dots say which pairs are consecutive: kropki
	}
	if extras > 0 {
		if extras == 4 && p.Size == 9 && isWindoku(windows) {
			set["windoku"] = true
		} else {
			set["extra_region"] = true
		}
	}
	if p.Regions != nil {
		set["jigsaw"] = true
	}
	if len(set) == 0 {
		set["classic"] = true
	}
	out := make([]string, 0, len(set))
	for t := range set {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}

// typeNames maps f-puzzles names to the shared set's types.
var typeNames = map[string]string{
	"killercage": "killer", "thermometer": "thermo", "littlekillersum": "little_killer",
	"ratio": "kropki_black", "xv": "xv", "odd": "odd", "even": "even",
	"palindrome": "palindrome", "renban": "renban", "whispers": "whispers",
	"sandwichsum": "sandwich", "antiknight": "anti_knight", "antiking": "anti_king",
	"disjointgroups": "disjoint_groups", "nonconsecutive": "nonconsecutive",
	"negative xv": "xv_negative", "betweenline": "between", "minimum": "minimum", "maximum": "maximum",
	"clone": "clone", "quadruple": "quadruple", "parityline": "parity_line", "entropicline": "entropic_line", "modularline": "modular_line",
	"zipperline": "zipper_line", "regionsumline": "region_sum_line", "doublearrow": "double_arrow", "lockout": "lockout_line",
	"xsum": "x_sum", "skyscraper": "skyscraper", "numberedroom": "numbered_room",
}

// isWindoku reports whether the four regions are the windoku windows.
func isWindoku(rs []ExtraRegion) bool {
	var got []string
	for _, r := range rs {
		if len(r.Cells) != 9 {
			return false
		}
		c := slices.MinFunc(r.Cells, func(a, b Cell) int { return (a.Row-b.Row)*9 + a.Col - b.Col })
		for _, x := range r.Cells {
			if x.Row-c.Row > 2 || x.Col-c.Col > 2 || x.Col < c.Col {
				return false
			}
		}
		got = append(got, c.String())
	}
	slices.Sort(got)
	return strings.Join(got, ",") == "R2C2,R2C6,R6C2,R6C6"
}
