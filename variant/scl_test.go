package variant

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestSCLShared decodes every scl link of the shared set and compares it
// with the f-puzzles link of the same puzzle: the same size, givens,
// regions and constraints, or an *UnsupportedError. It prints a table.
func TestSCLShared(t *testing.T) {
	rows := mustRows(t)
	var equal, different int
	reasons := map[string]int{}
	for _, r := range rows {
		want := mustDecodeLink(t, r.FPuzzles)
		l, err := ParseLink(r.SCL)
		if err != nil {
			t.Errorf("%s: ParseLink(scl) = %v", r.Name, err)
			continue
		}
		got, err := Decode(l)
		var u *UnsupportedError
		switch {
		case errors.As(err, &u):
			for _, n := range u.Names {
				reasons[n]++
			}
			continue
		case err != nil:
			t.Errorf("%s: Decode(scl) = %v", r.Name, err)
			continue
		}
		if diff := puzzleDiff(got, want); diff != "" {
			different++
			t.Errorf("%s: Decode(scl) differs from the f-puzzles link: %s", r.Name, diff)
			continue
		}
		equal++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-60s %4d\n%-60s %4d\n%-60s %4d\n", "scl links decoded and equal to their f-puzzles twin", equal,
		"decoded but different", different, "unsupported", len(rows)-equal-different)
	for _, n := range slices.Sorted(maps.Keys(reasons)) {
		fmt.Fprintf(&b, "  %-80.80s %3d\n", n, reasons[n])
	}
	t.Log(b.String())
}

// mustDecodeLink decodes a link, or nil when its puzzle is unsupported.
func mustDecodeLink(t *testing.T, link string) *Puzzle {
	t.Helper()
	l, err := ParseLink(link)
	if err != nil {
		t.Fatalf("ParseLink(%.60s) = %v", link, err)
	}
	p, err := Decode(l)
	if err != nil {
		return nil
	}
	return p
}

// puzzleDiff returns how got differs from want in size, givens, regions
// and constraints (compared as multisets, in a canonical form), or "".
func puzzleDiff(got, want *Puzzle) string {
	switch {
	case want == nil:
		return "the f-puzzles link is unsupported"
	case got.Size != want.Size:
		return fmt.Sprintf("size %d, want %d", got.Size, want.Size)
	case !slices.Equal(got.Givens, want.Givens):
		return fmt.Sprintf("givens %v, want %v", got.Givens, want.Givens)
	case !slices.Equal(regionsOf(got), regionsOf(want)):
		return "regions differ"
	}
	g, w := canonical(got.Constraints), canonical(want.Constraints)
	if slices.Equal(g, w) {
		return ""
	}
	var extra, missing []string
	for _, c := range g {
		if !slices.Contains(w, c) {
			extra = append(extra, c)
		}
	}
	for _, c := range w {
		if !slices.Contains(g, c) {
			missing = append(missing, c)
		}
	}
	return fmt.Sprintf("%d constraints, want %d; extra %.300v; missing %.300v", len(g), len(w), extra, missing)
}

// regionsOf returns each cell's region, numbered in order of appearance.
func regionsOf(p *Puzzle) []int {
	if p.Regions != nil {
		return canonicalRegions(p.Regions)
	}
	return canonicalRegions(standardRegions(p.Size))
}

// canonical returns the constraints as sorted strings, each in a form
// that does not depend on the order the data lists cells in where the
// rule does not.
func canonical(cs []Constraint) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.Kind()+" "+canonicalForm(c))
	}
	slices.Sort(out)
	return out
}

func canonicalForm(c Constraint) string {
	switch c := c.(type) {
	case Killer:
		return fmt.Sprint(sortedCells(c.Cells), c.Sum)
	case ExtraRegion:
		return fmt.Sprint(sortedCells(c.Cells))
	case Arrow:
		var ls []string
		for _, l := range c.Lines {
			ls = append(ls, fmt.Sprint(l))
		}
		slices.Sort(ls)
		return fmt.Sprint(sortedCells(c.Bulb), ls)
	case Difference:
		return fmt.Sprint(sortedCells(c.Cells[:]), c.Value)
	case Ratio:
		return fmt.Sprint(sortedCells(c.Cells[:]), c.Value)
	case XV:
		return fmt.Sprint(sortedCells(c.Cells[:]), c.Sum)
	case Palindrome:
		return undirected(c.Cells)
	case Renban:
		return undirected(c.Cells)
	case Whispers:
		return fmt.Sprint(undirected(c.Cells), c.Diff)
	}
	return fmt.Sprint(c)
}

func sortedCells(cs []Cell) []Cell {
	out := slices.Clone(cs)
	slices.SortFunc(out, func(a, b Cell) int { return (a.Row-b.Row)*100 + a.Col - b.Col })
	return out
}

// undirected returns a line the same read either way.
func undirected(cs []Cell) string {
	rev := slices.Clone(cs)
	slices.Reverse(rev)
	return min(fmt.Sprint(cs), fmt.Sprint(rev))
}
