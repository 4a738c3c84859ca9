package variant

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
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
		fmt.Fprintf(&b, "  %-110.110s %3d\n", n, reasons[n])
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
		return fmt.Sprintf("%s %d", undirected(c.Cells), c.Diff)
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

// sclCases are small hand-made scl data: a 4x4 grid with a given, a
// rules text unless extra has its own cages, and extra.
var sclCases = []struct {
	name, extra string
	want        []string // canonical constraints
	unsupported string   // a part of the one name wanted
}{
	{"classic", "", nil, ""},
	{"thermometer", `l:[{c:CFCFCF,th:21,wp:[[1.5,0.5],[0.5,0.5],[0.5,1.5]]}],u:[{c1:CFCFCF,c2:CFCFCF,ct:[1.5,0.5],r:t,w:0.85,h:0.85}]`,
		[]string{"thermometer {[R2C1 R1C1 R1C2]}"}, ""},
	{"thermometer with its bulb at the end", `l:[{c:CFCFCF,th:21,wp:[[0.5,1.5],[0.5,0.5]]}],u:[{c1:CFCFCF,c2:CFCFCF,ct:[0.5,0.5],r:t,w:0.85,h:0.85}]`,
		[]string{"thermometer {[R1C1 R1C2]}"}, ""},
	{"thermometer ending at another's bulb", `l:[{c:CFCFCF,th:21,wp:[[0.5,0.5],[0.5,1.5]]},{c:CFCFCF,th:21,wp:[[0.5,1.5],[1.5,1.5]]}],` +
		`u:[{c1:CFCFCF,c2:CFCFCF,ct:[0.5,0.5],r:t,w:0.85,h:0.85},{c1:CFCFCF,c2:CFCFCF,ct:[0.5,1.5],r:t,w:0.85,h:0.85}]`,
		[]string{"thermometer {[R1C1 R1C2]}", "thermometer {[R1C2 R2C2]}"}, ""},
	{"two thermometers from one bulb", `l:[{c:CFCFCF,th:21,wp:[[0.5,0.5],[0.5,1.5]]},{c:CFCFCF,th:21,wp:[[0.5,0.5],[1.5,0.5]]}],` +
		`u:[{c1:CFCFCF,c2:CFCFCF,ct:[0.5,0.5],r:t,w:0.85,h:0.85},{c1:CFCFCF,c2:CFCFCF,ct:[0.5,0.5],r:t,w:0.85,h:0.85}]`,
		[]string{"thermometer {[R1C1 R1C2]}", "thermometer {[R1C1 R2C1]}"}, ""},
	{"thermometer without a bulb", `l:[{c:CFCFCF,th:21,wp:[[0.5,1.5],[0.5,0.5]]}]`, nil, "a line I can't identify (colour #CFCFCF, thickness 21)"},
	{"line of another colour", `l:[{c:FF0000,th:3,wp:[[0.5,0.5],[0.5,1.5]]}]`, nil, "colour #FF0000"},
	{"long straight line", `l:[{c:F067F0,th:8,wp:[[0.5,0.5],[0.5,3.5]]}],ca:[{v:'rules: Pink lines are renban.'}]`,
		[]string{"renban [R1C1 R1C2 R1C3 R1C4]"}, ""},
	{"pink line, rules silent", `l:[{c:F067F0,th:8,wp:[[0.5,0.5],[0.5,1.5]]}]`, nil, "pink lines"},
	{"odd", `u:[{c1:CFCFCF,c2:CFCFCF,ct:[1.5,0.5],r:t,w:0.7,h:0.7}],ca:[{v:'rules: Grey circles are odd.'}]`, []string{"odd {R2C1 false}"}, ""},
	{"diagonal", `l:[{c:34BBE6,th:2,wp:[[0,4],[4,0]]}]`, []string{"diagonal+ {diagonal+}"}, ""},
	{"green line of a value", `l:[{c:67F067,th:6,wp:[[0.5,0.5],[0.5,1.5]]}],ca:[{v:'rules: Whispers lines: adjacent digits along a line differ by at least the line\'s value (2).'}]`,
		[]string{"whispers [R1C1 R1C2] 2"}, ""},
	{"green lines of values", `l:[{c:67F067,th:6,wp:[[0.5,0.5],[0.5,1.5]]}],ca:[{v:'rules: Whispers lines: adjacent digits along a line differ by at least the line\'s value (2, 3).'}]`,
		nil, "whispers"},
	{"green line, rules silent", `l:[{c:67F067,th:6,wp:[[0.5,0.5],[0.5,1.5]]}]`, nil, "whispers"},
	{"kropki", `o:[{c1:#0,c2:#0,ct:[0.5,1],r:t,w:0.3,h:0.3,te:''},{c1:#0,c2:#F,ct:[1,0.5],r:t,w:0.3,h:0.3,te:''}]`,
		[]string{"difference [R1C1 R2C1] 1", "ratio [R1C1 R1C2] 2"}, ""},
	{"kropki in a corner", `o:[{c1:#0,c2:#0,ct:[1,1],r:t,w:0.3,h:0.3,te:''}]`, nil, "a shape I can't identify"},
	{"arrow", `a:[{c:a1a1a1,hl:0.3,th:5,wp:[[0.8,0.5],[1.5,0.5],[2.5,0.5]]}],o:[{c1:a1a1a1,c2:ffffff,ct:[0.5,0.5],fs:16,th:5,r:t,te:'',w:0.75,h:0.75}]`,
		[]string{"arrow [R1C1] [[R2C1 R3C1]]"}, ""},
	{"pill arrow", `a:[{c:a1a1a1,hl:0.3,th:5,wp:[[0.8,1.5],[1.5,1.5]]}],o:[{c1:a1a1a1,c2:ffffff,ct:[0.5,1],fs:16,th:5,r:t,te:'',w:1.75,h:0.75}]`,
		[]string{"arrow [R1C1 R1C2] [[R2C2]]"}, ""},
	{"bent bulb", `a:[{c:a1a1a1,hl:0.3,th:5,wp:[[1.8,1.5],[2.5,1.5]]}],l:[{c:a1a1a1,th:45,opacity:0.7,wp:[[0.5,0.5],[0.5,1.5],[1.5,1.5]]},{c:ffffff,th:35,opacity:0.8,wp:[[0.5,0.5],[0.5,1.5],[1.5,1.5]]}]`,
		[]string{"arrow [R1C1 R1C2 R2C2] [[R3C2]]"}, ""},
	{"arrow from no bulb", `a:[{c:a1a1a1,hl:0.3,th:5,wp:[[0.8,0.5],[1.5,0.5]]}]`, nil, "an arrow I can't identify"},
	{"XV", `o:[{c1:#F,c2:#F,ct:[0.5,1],r:f,w:0.25,h:0.25,fs:21,te:'X'}]`, []string{"xv [R1C1 R1C2] 10"}, ""},
	{"little killer", `a:[{c:#0,th:2,wp:[[-0.2,-0.2],[-0.02,-0.02]]}],o:[{c1:#F,c2:#F,ct:[-0.5,-0.5],r:f,w:0.25,h:0.25,fs:28,te:10}]`,
		[]string{"littlekillersum {R0C0 DR [R1C1 R2C2 R3C3 R4C4] 10}"}, ""},
	{"number outside, rules silent", `o:[{c1:#F,c2:#F,ct:[-0.5,1.5],r:f,w:0.25,h:0.25,fs:32,te:5}]`, nil, "a shape I can't identify"},
	{"killer", `ca:[{v:'rules: x'},{ce:[[0,0],[0,1]],unique:t,v:3,sum:3}]`, []string{"killercage [R1C1 R1C2] 3"}, ""},
	{"cells outside every region", `ca:[{v:'rules: x'},{ce:[[0,0]],unique:f,hidden:t}]`, nil, "Cells outside every region"},
	{"no rules", `ca:[{v:'rules: No rules provided for this puzzle. Please check the related video or website for rules.'}]`, nil, "without rules text"},
	{"nonconsecutive phrase", `ca:[{v:'rules: Orthogonally adjacent digits cannot be consecutive.'}]`, []string{"nonconsecutive {nonconsecutive}"}, ""},
	{"nonconsecutive in other words", `ca:[{v:'rules: Adjacent digits are never consecutive.'}]`, nil, "never consecutive"},
	{"nonconsecutive in a sentence", `ca:[{v:'rules: No two orthogonally adjacent cells contain consecutive digits.'}]`, nil, "consecutive"},
	{"kropki's consecutive", `ca:[{v:'rules: Cells separated by a white dot contain consecutive digits.'}]`, nil, ""},
	{"negative kropki in words", `ca:[{v:'rules: Cells separated by a white dot are consecutive. If there is no dot, they are not.'}]`, nil, "no dot"},
	{"not all dots", `ca:[{v:'rules: Not all dots are given.'}]`, nil, ""},
	{"negative XV in words", `ca:[{v:'rules: Cells without an X or V cannot sum to 5 or 10.'}]`, nil, "without an x"},
	{"disjoint in words", `ca:[{v:'rules: Cells in the same position in each box contain different digits.'}]`, nil, "same position"},
	{"a rule the converter does not draw", `ca:[{v:'rules: Clues outside the grid are X-sums.'}]`, nil, "X-sums (named in the rules text)"},
	{"renban not drawn", `ca:[{v:'rules: Pink lines are renban.'}]`, nil, "renban named in the rules text but not drawn"},
	{"anti-knight", `metaData:{antiknight:t}`, []string{"antiknight {antiknight}"}, ""},
	{"fog", `foglight:[[0,0]]`, nil, `"foglight"`},
}

// sclCaseData returns a case's data.
func sclCaseData(extra string) string {
	parts := []string{`ce:[[{v:1},,,],[,,,],[,,,],[,,,]]`}
	if !strings.Contains(extra, "ca:") {
		parts = append(parts, `ca:[{v:'title: T'},{v:'author: A'},{v:'rules: Normal sudoku rules apply.'}]`)
	}
	if extra != "" {
		parts = append(parts, extra)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// TestDecodeSCL checks what small hand-made scl data decodes to.
func TestDecodeSCL(t *testing.T) {
	for _, tt := range sclCases {
		t.Run(tt.name, func(t *testing.T) {
			data := sclCaseData(tt.extra)
			p, err := DecodeSCL(data)
			var u *UnsupportedError
			if tt.unsupported != "" {
				if !errors.As(err, &u) || len(u.Names) != 1 || !strings.Contains(u.Names[0], tt.unsupported) {
					t.Fatalf("DecodeSCL(%s) = %v, want unsupported %q", data, err, tt.unsupported)
				}
				return
			}
			if err != nil {
				t.Fatalf("DecodeSCL(%s) = %v", data, err)
			}
			if got := canonical(p.Constraints); !slices.Equal(got, tt.want) && len(got)+len(tt.want) > 0 {
				t.Errorf("DecodeSCL(%s) = %q, want %q", data, got, tt.want)
			}
			if p.Size != 4 || p.Givens[0] != 1 || p.Regions != nil {
				t.Errorf("DecodeSCL(%s) = size %d, givens %v, regions %v", data, p.Size, p.Givens, p.Regions)
			}
		})
	}
}

func TestDecodeSCLDamaged(t *testing.T) {
	for _, data := range []string{`[]`, `{ce:[[,],[,]]}`, `{ce:[[,,,],[,,,],[,,,],[,,]]}`, `{ce:[[{v:9},,,],[,,,],[,,,],[,,,]]}`, `{ce:[[`} {
		if _, err := DecodeSCL(data); !errors.Is(err, ErrDamaged) {
			t.Errorf("DecodeSCL(%s) = %v, want ErrDamaged", data, err)
		}
	}
}

// TestSCLAlias checks that a ctc link reads as its scl twin, and that an
// unsupported scl puzzle has words for a user.
func TestSCLAlias(t *testing.T) {
	rows := mustRows(t)
	for _, r := range rows[:10] {
		scl, err := ParseLink(r.SCL)
		if err != nil {
			t.Fatalf("ParseLink(%s) = %v", r.Name, err)
		}
		ctc, err := ParseLink(strings.Replace(r.SCL, "/scl", "/ctc", 1))
		if err != nil {
			t.Fatalf("ParseLink(%s as ctc) = %v", r.Name, err)
		}
		p, err1 := Decode(scl)
		q, err2 := Decode(ctc)
		if fmt.Sprint(err1) != fmt.Sprint(err2) || err1 == nil && puzzleDiff(q, p) != "" {
			t.Errorf("%s: Decode(ctc) = %v, want the scl reading, %v", r.Name, err2, err1)
		}
		if err1 != nil {
			if msg, ok := Say(solver.English, err1); !ok || !strings.Contains(msg, "support") {
				t.Errorf("%s: Say(%v) = %q, %v", r.Name, err1, msg, ok)
			}
		}
	}
}
