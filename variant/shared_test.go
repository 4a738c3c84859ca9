package variant

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestSharedLinks reads every link of the shared set (f-puzzles, SudokuPad
// fpuzzles, scl, scf and the mangled one), decodes the puzzle, checks its
// size, that its givens agree with the solution where one is given, and
// that the constraint types read are the row's; it prints a table.
func TestSharedLinks(t *testing.T) {
	rows := mustRows(t)
	var read, decoded, matched, unsupported int
	unsupportedNames := map[string]int{}
	for _, r := range rows {
		var p *Puzzle
		for _, link := range []struct{ col, text string }{
			{"fpuzzles_link", r.FPuzzles}, {"sudokupad_fpuz_link", r.FPuz},
			{"sudokupad_scl_link", r.SCL}, {"mangled_link (" + r.Kind + ")", r.Mangled},
			{"sudokupad_scf_link", r.SCF},
		} {
			if link.text == "" {
				continue
			}
			l, err := ParseLink(link.text)
			if err != nil {
				t.Errorf("%s: ParseLink(%s) = %v", r.Name, link.col, err)
				continue
			}
			read++
			q, err := Decode(l)
			var u *UnsupportedError
			switch {
			case errors.As(err, &u):
				for _, n := range u.Names {
					unsupportedNames[n]++
				}
				continue
			case err != nil:
				t.Errorf("%s: Decode(%s) = %v", r.Name, link.col, err)
				continue
			}
			checkPuzzle(t, r, link.col, q)
			if p == nil {
				p = q
			}
		}
		if p == nil {
			unsupported++
			continue
		}
		decoded++
		want := wantTypes(r.Types)
		if got := p.Types(); slices.Equal(got, want) {
			matched++
		} else {
			t.Errorf("%s: Types() = %v, want %v", r.Name, got, want)
		}
	}
	t.Logf("\n%-34s %4d\n%-34s %4d\n%-34s %4d of %d\n%-34s %4d\n%-34s %4d\n%-34s %v",
		"rows", len(rows), "links read", read, "rows decoded", decoded, len(rows),
		"types matched", matched, "rows with no decodable link", unsupported,
		"links unsupported, by name", unsupportedNames)
}

// wantTypes returns a row's types, sorted; the set writes "givens" for
// two classic puzzles that its README calls classic.
func wantTypes(types string) []string {
	ts := strings.Split(types, ",")
	for i, t := range ts {
		if t == "givens" {
			ts[i] = "classic"
		}
	}
	slices.Sort(ts)
	return slices.Compact(ts)
}

// checkPuzzle checks a puzzle's size and that its givens are in its
// solution.
func checkPuzzle(t *testing.T, r row, col string, p *Puzzle) {
	t.Helper()
	if got := fmt.Sprintf("%dx%d", p.Size, p.Size); got != r.Size {
		t.Errorf("%s: %s: size %s, want %s", r.Name, col, got, r.Size)
		return
	}
	if r.Solution == "" {
		return
	}
	const digits = "123456789ABCDEFG"
	for i, g := range p.Givens {
		if g != 0 && r.Solution[i] != digits[g-1] {
			t.Errorf("%s: %s: given %d at R%dC%d, solution has %c", r.Name, col, g, i/p.Size+1, i%p.Size+1, r.Solution[i])
			return
		}
	}
}
