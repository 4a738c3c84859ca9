package solver

import (
	"errors"
	"strings"
	"testing"
)

const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func TestParseFormats(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"dots", classic, classic},
		{"zeros", strings.ReplaceAll(classic, ".", "0"), classic},
		{"other blanks", strings.NewReplacer(".", "-").Replace(classic[:40]) + strings.NewReplacer(".", "_").Replace(classic[40:70]) + strings.NewReplacer(".", "x").Replace(classic[70:]), classic},
		{"spaced rows", spacedRows(classic), classic},
		{"ascii borders", asciiBorders(classic), classic},
		{"box drawing", boxDrawing(classic), classic},
		{"code fence", "```\n" + spacedRows(classic) + "\n```", classic},
		{"code fence with language", "```text\n" + asciiBorders(classic) + "```", classic},
		{"single-line fence", "```" + classic + "```", classic},
		{"spoiler and backticks", "||`" + classic + "`||", classic},
		{"windows line ends", strings.ReplaceAll(spacedRows(classic), "\n", "\r\n"), classic},
		{"dash rows of blanks", "---------\n" + spacedRows(classic)[18:], "........." + classic[9:]},
		{"4x4", "1.3.\n..1.\n.1..\n2..1", "1.3...1..1..2..1"},
		{"6x6", "1.....|..2...|...3..|....4.|.....5|6.....", "1....." + "..2..." + "...3.." + "....4." + ".....5" + "6....."},
		{"16x16 letters", strings.Repeat("1.A.g...........", 16), strings.Repeat("1.A.G...........", 16)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q) error: %v", tt.in, err)
			}
			if got := g.String(); got != tt.want {
				t.Errorf("Parse(%q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

func spacedRows(p string) string {
	var rows []string
	for r := 0; r < 9; r++ {
		rows = append(rows, strings.Join(strings.Split(p[9*r:9*r+9], ""), " "))
	}
	return strings.Join(rows, "\n")
}

func asciiBorders(p string) string {
	var b strings.Builder
	for r := 0; r < 9; r++ {
		if r%3 == 0 {
			b.WriteString("+-------+-------+-------+\n")
		}
		for c := 0; c < 9; c++ {
			if c%3 == 0 {
				b.WriteString("| ")
			}
			b.WriteString(p[9*r+c:9*r+c+1] + " ")
		}
		b.WriteString("|\n")
	}
	b.WriteString("+-------+-------+-------+\n")
	return b.String()
}

func boxDrawing(p string) string {
	var b strings.Builder
	b.WriteString("╔═══╤═══╤═══╗\n")
	for r := 0; r < 9; r++ {
		if r == 3 || r == 6 {
			b.WriteString("╟───┼───┼───╢\n")
		}
		b.WriteString("║" + p[9*r:9*r+3] + "│" + p[9*r+3:9*r+6] + "│" + p[9*r+6:9*r+9] + "║\n")
	}
	b.WriteString("╚═══╧═══╧═══╝")
	return b.String()
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in string
		kind     ParseErrorKind
		msg      string
	}{
		{"empty", "  \n ", NoCells, "no puzzle found"},
		{"79 cells", classic[:79], BadCellCount, "found 79 cells; a 9×9 puzzle needs 81"},
		{"82 cells", classic + "1", BadCellCount, "found 82 cells; a 9×9 puzzle needs 81"},
		{"too many", strings.Repeat("1", 300), BadCellCount, "found 257 cells; the largest puzzle, 16×16, has 256"},
		{"bad char", classic[:11] + "k" + classic[12:], BadChar, "unexpected character 'k' at position 12"},
		{"bad char multi-line", "53..7....\n6..1k5...", BadChar, "unexpected character 'k' at line 2, column 5"},
		{"letter in 9x9", "A" + classic[1:], StrayLetter, "letter 'A' at position 1: letters are digits only in 16×16 puzzles; a 9×9 puzzle uses 1-9"},
		{"digit too big", "1.3.\n..7.\n.1..\n2..1", DigitTooBig, "digit '7' at r2c3 is too big: a 4×4 puzzle uses 1-4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.in)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) error = %v, want a *ParseError", tt.in, err)
			}
			if pe.Kind != tt.kind {
				t.Errorf("Parse(%q) kind = %d, want %d", tt.in, pe.Kind, tt.kind)
			}
			if !strings.Contains(pe.Error(), tt.msg) {
				t.Errorf("Parse(%q) error = %q, want it to contain %q", tt.in, pe.Error(), tt.msg)
			}
		})
	}
}

func TestValidateNamesEveryClash(t *testing.T) {
	g := mustParse(t, "........."+"........."+".5....5.."+"........."+".5......."+strings.Repeat(".", 36))
	err := Validate(g)
	var ce *ConflictError
	if !errors.As(err, &ce) {
		t.Fatalf("Validate = %v, want *ConflictError", err)
	}
	want := []string{
		"row 3 has two 5s, at r3c2 and r3c7",
		"column 2 has two 5s, at r3c2 and r5c2",
	}
	if len(ce.Clashes) != len(want) {
		t.Fatalf("Validate found %d clashes (%v), want %d", len(ce.Clashes), err, len(want))
	}
	for i, w := range want {
		if got := ce.Clashes[i].String(); got != w {
			t.Errorf("clash %d = %q, want %q", i, got, w)
		}
	}
	if err := Validate(mustParse(t, classic)); err != nil {
		t.Errorf("Validate(classic) = %v, want nil", err)
	}
}

func TestValidateThreeInABox(t *testing.T) {
	g := mustParse(t, "7........"+".7......."+"..7......"+strings.Repeat(".", 54))
	err := Validate(g)
	if err == nil || !strings.Contains(err.Error(), "box 1 has three 7s, at r1c1, r2c2 and r3c3") {
		t.Errorf("Validate = %v, want box 1 with three 7s", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{classic, spacedRows(classic), asciiBorders(classic), boxDrawing(classic),
		"```text\n" + classic + "\n```", "1.3.\n..1.\n.1..\n2..1", strings.Repeat("G", 256), "k", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Error() == "" {
				t.Fatalf("Parse(%q) error %v is not a described *ParseError", s, err)
			}
			return
		}
		back, err := Parse(g.String())
		if err != nil || back != g {
			t.Fatalf("Parse(%q).String() = %q does not round-trip: %v", s, g.String(), err)
		}
	})
}

func TestCellNamesAndFewGivens(t *testing.T) {
	cells := []Cell{{0, 1}, {2, 3}, {4, 5}}
	if got := CellNames(English, cells, 2); got != "r1c2, r3c4, and 1 more" {
		t.Errorf("CellNames = %q", got)
	}
	if got := CellNames(English, cells, 5); got != "r1c2, r3c4, r5c6" {
		t.Errorf("CellNames = %q", got)
	}
	if got := FewGivens(English, mustParse(t, "1"+strings.Repeat(".", 80))); got != "only 1 given: 9×9 puzzles with fewer than 17 givens never have a unique solution" {
		t.Errorf("FewGivens = %q", got)
	}
	if got := FewGivens(English, mustParse(t, classic)); got != "" {
		t.Errorf("FewGivens(classic) = %q, want none", got)
	}
}
