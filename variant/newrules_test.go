package variant

import (
	"context"
	"reflect"
	"testing"
)

// TestDecodeBetweenExtremesClones reads f-puzzles' between lines, minimum
// and maximum cells, clones and Dutch whispers (the Fpuzzles-NewConstraints
// userscript's key, with the cosmetic line it draws beside it), and
// solves a 4×4 that only they make unique.
func TestDecodeBetweenExtremesClones(t *testing.T) {
	data := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],` +
		`"betweenline":[{"lines":[["R1C1","R1C2","R1C3"]]}],"minimum":[{"cell":"R1C1"}],"maximum":[{"cell":"R4C4"}],` +
		`"clone":[{"cells":["R2C1","R2C2"],"cloneCells":["R3C3","R3C4"]}],"dutchwhispers":[{"lines":[["R4C1","R4C2"]]}],` +
		`"line":[{"lines":[["R4C2","R4C1"]],"outlineC":"#FF9A00","width":0.4,"fromConstraint":"Dutch Whispers"}],` +
		`"parityline":[{"lines":[["R2C3","R2C4"]]}],"modularline":[{"lines":[["R4C2","R4C3","R4C4"]]}],` +
		`"quadruple":[{"cells":["R2C3","R2C4","R3C3","R3C4"],"values":[1,4]}],` +
		`"zipperline":[{"lines":[["R3C1","R3C2","R2C2"]]}],"regionsumline":[{"lines":[["R2C4","R3C4"]]}],` +
		`"doublearrow":[{"lines":[["R1C4","R2C4","R3C4"]]}],"xsum":[{"cell":"R0C1","value":"6"}],"skyscraper":[{"cell":"R4C5","value":"2"}],` +
		`"numberedroom":[{"cell":"R5C2","value":"1"}]}`
	p, err := DecodeFPuzzles(data)
	if err != nil {
		t.Fatalf("DecodeFPuzzles: %v", err)
	}
	want := []Constraint{
		Between{[]Cell{{0, 0}, {0, 1}, {0, 2}}}, Extreme{Cell{0, 0}, false}, Extreme{Cell{3, 3}, true},
		Clone{[]Cell{{1, 0}, {1, 1}}, []Cell{{2, 2}, {2, 3}}}, Whispers{[]Cell{{3, 0}, {3, 1}}, 4},
		Line{"parityline", []Cell{{1, 2}, {1, 3}}}, Line{"modularline", []Cell{{3, 1}, {3, 2}, {3, 3}}},
		Quadruple{[]Cell{{1, 2}, {1, 3}, {2, 2}, {2, 3}}, []int{1, 4}},
		Line{"zipperline", []Cell{{2, 0}, {2, 1}, {1, 1}}}, Line{"regionsumline", []Cell{{1, 3}, {2, 3}}},
		Line{"doublearrow", []Cell{{0, 3}, {1, 3}, {2, 3}}},
		Outside{"xsum", Cell{-1, 0}, 6}, Outside{"skyscraper", Cell{3, 4}, 2}, Outside{"numberedroom", Cell{4, 1}, 1},
	}
	for _, w := range want {
		found := false
		for _, c := range p.Constraints {
			found = found || reflect.DeepEqual(c, w)
		}
		if !found {
			t.Errorf("%#v not read: %#v", w, p.Constraints)
		}
	}
	if got := p.Types(); !reflect.DeepEqual(got, []string{"between", "clone", "double_arrow", "maximum", "minimum", "modular_line", "numbered_room", "parity_line", "quadruple", "region_sum_line", "skyscraper", "whispers", "x_sum", "zipper_line"}) {
		t.Errorf("Types() = %v", got)
	}
	res, err := Solve(context.Background(), *p, 2)
	if err != nil || !res.Complete {
		t.Fatalf("Solve: %+v, %v", res, err)
	}
	want2 := bruteLatin(*p, 2)
	if res.Count != want2 {
		t.Errorf("Solve counts %d solutions, brute force %d", res.Count, want2)
	}
	for _, bad := range []string{
		`"betweenline":[{"lines":[["R1C1"]]}]`, `"clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R2C1"]}]`,
		`"minimum":[{"cell":"R9C9"}]`, `"entropicline":[{"lines":[["R1C1","R1C2","R1C3"]]}]`,
		`"quadruple":[{"cells":["R1C1","R1C2"],"values":[1,2,3]}]`, `"lockout":[{"lines":[["R1C1","R1C2"]]}]`,
		`"doublearrow":[{"lines":[["R1C1","R1C2"]]}]`, `"skyscraper":[{"cell":"R0C1","value":"5"}]`,
		`"xsum":[{"cell":"R0C0","value":"3"}]`, `"xsum":[{"cell":"R2C2","value":"3"}]`, `"numberedroom":[{"cell":"R0C1","value":"5"}]`, `"quadruple":[{"cells":["R1C1","R1C2"],"values":[7]}]`,
	} {
		if _, err := DecodeFPuzzles(`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],` + bad + `}`); err == nil {
			t.Errorf("%s: read without an error", bad)
		}
	}
}
