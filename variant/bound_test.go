package variant

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/variant/varianttest"
)

// TestBounded: a puzzle with more constraints, or constraints over more
// cells, than a person sets is refused as too large, from a link too,
// with the sentence a user reads; one at the bounds is taken.
func TestBounded(t *testing.T) {
	dots := func(n int) []Constraint {
		var cs []Constraint
		for k := 0; k < n; k++ {
			cs = append(cs, Difference{[2]Cell{{0, 0}, {0, 1}}, 1})
		}
		return cs
	}
	at := Puzzle{Size: 9, Givens: make([]int, 81), Constraints: dots(486)}
	if err := at.Bounded(); err != nil {
		t.Errorf("486 dots on a 9×9: %v", err)
	}
	over := Puzzle{Size: 9, Givens: make([]int, 81), Constraints: dots(487)}
	if err := over.Bounded(); !errors.Is(err, ErrTooLarge) {
		t.Errorf("487 dots on a 9×9: %v, want ErrTooLarge", err)
	}
	long := Puzzle{Size: 9, Givens: make([]int, 81)}
	for k := 0; k < 122; k++ { // 122 thermos of 8 cells: 976 cells named
		long.Constraints = append(long.Constraints, Thermo{[]Cell{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}}})
	}
	if err := long.Bounded(); !errors.Is(err, ErrTooLarge) {
		t.Errorf("976 thermo cells on a 9×9: %v, want ErrTooLarge", err)
	}
	cage := `{"cells":["R1C1","R1C2"],"value":"3"}`
	json := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[` +
		strings.TrimSuffix(strings.Repeat(cage+",", 97), ",") + `]}`
	l, err := ParseLink(varianttest.FPuzzlesLink(json))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Decode(l)
	if text, _ := Say(solver.English, err); !errors.Is(err, ErrTooLarge) || !strings.Contains(text, "too large") {
		t.Errorf("a 4×4 with 97 cages: %v (%q), want too large", err, text)
	}
}

// TestCleanText: a setter's title loses control characters and direction
// overrides, and is cut to 200 characters.
func TestCleanText(t *testing.T) {
	for in, want := range map[string]string{
		"Plain title":                "Plain title",
		"red\x1b[31m  \n title":      "red [31m title",
		"abc\u202Edcba\u2066x\u2069": "abc dcba x",
		strings.Repeat("é", 250):     strings.Repeat("é", 200),
	} {
		if got := cleanText(in); got != want {
			t.Errorf("cleanText(%q) = %q, want %q", in, got, want)
		}
	}
}
