package variant

import (
	"context"
	"slices"
	"testing"
)

// TestJudge decides each outcome on small puzzles: unique, none, several
// (with the cells two solutions differ in), and gave up at a deadline.
func TestJudge(t *testing.T) {
	grids := allGrids4()
	g := grids[100]
	unique := Puzzle{Size: 4, Givens: slices.Clone(g)}
	unique.Givens[0] = 0
	none := Puzzle{Size: 4, Givens: slices.Clone(g), Constraints: []Constraint{Parity{Cell{0, 0}, g[0]%2 == 1}}}
	none.Givens[0] = 0
	open := Puzzle{Size: 4, Givens: make([]int, 16)}
	ctx := context.Background()
	for _, tt := range []struct {
		p    Puzzle
		want Outcome
	}{{unique, Unique}, {none, NoSolution}, {open, Multiple}} {
		v, err := Judge(ctx, tt.p, 2)
		if err != nil || v.Outcome != tt.want {
			t.Errorf("Judge(%v) = %v, %v; want %v", tt.p.Givens, v.Outcome, err, tt.want)
		}
	}
	v, _ := Judge(ctx, open, 2)
	a, b := v.Result.Solutions[0], v.Result.Solutions[1]
	for _, c := range v.Differ {
		if a[c.Row*4+c.Col] == b[c.Row*4+c.Col] {
			t.Errorf("%s is in Differ but both solutions hold %d", c, a[c.Row*4+c.Col])
		}
	}
	if len(v.Differ) < 2 {
		t.Errorf("two solutions differ in %v", v.Differ)
	}
	for _, tt := range []struct {
		res  Result
		want Outcome
	}{
		{Result{Count: 2, Complete: false}, Multiple}, {Result{Count: 1, Complete: false}, GaveUp},
		{Result{Count: 0, Complete: false}, GaveUp}, {Result{Count: 1, Complete: true}, Unique},
		{Result{Count: 0, Complete: true}, NoSolution},
	} {
		if got := outcomeOf(tt.res); got != tt.want {
			t.Errorf("outcomeOf(%+v) = %v, want %v", tt.res, got, tt.want)
		}
	}
	if _, err := Judge(ctx, Puzzle{Size: 4, Givens: make([]int, 16), Constraints: []Constraint{Global{"between"}}}, 2); err == nil {
		t.Error("Judge took a rule it does not know")
	}
	for o, s := range map[Outcome]string{Unique: "unique", NoSolution: "none", Multiple: "multiple", GaveUp: "gave up"} {
		if o.String() != s {
			t.Errorf("%d.String() = %q, want %q", o, o.String(), s)
		}
	}
}
