package solver

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestJudge(t *testing.T) {
	const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	tests := []struct {
		name      string
		input     string
		limit     int
		want      Outcome
		count     int
		exact     bool
		clashes   int
		fewGivens bool
	}{
		{"unique", classic, 2, Unique, 1, false, 0, false},
		{"not unique, counted exactly", "1...\n..2.\n....\n...4", 100, NotUnique, 3, true, 0, true},
		{"not unique, at least", "1" + strings.Repeat(".", 80), 2, NotUnique, 2, false, 0, true},
		{"clash", "55" + classic[2:], 2, NoSolution, 0, false, 2, false},
		{"no completion", "12345678.........9" + strings.Repeat(".", 63), 2, NoSolution, 0, false, 0, false},
		{"invalid", classic[:79], 2, Invalid, 0, false, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Judge(context.Background(), tt.input, tt.limit)
			if v.Outcome != tt.want || v.Result.Count != tt.count || v.Exact != tt.exact || len(v.Clashes) != tt.clashes ||
				v.TooFewGivens != tt.fewGivens {
				t.Errorf("Judge(%s) = outcome %d, count %d, exact %v, clashes %v, few givens %v; want outcome %d, count %d, exact %v, %d clashes, few givens %v",
					tt.name, v.Outcome, v.Result.Count, v.Exact, v.Clashes, v.TooFewGivens, tt.want, tt.count, tt.exact, tt.clashes, tt.fewGivens)
			}
			switch v.Outcome {
			case Invalid:
				var pe *ParseError
				if !errors.As(v.Err, &pe) {
					t.Errorf("invalid verdict's error = %v, want a *ParseError", v.Err)
				}
			case NotUnique:
				if len(v.Differ) == 0 || len(v.Differ) != len(Differences(v.Result.Solutions[0], v.Result.Solutions[1])) {
					t.Errorf("differing cells = %v", v.Differ)
				}
			case NoSolution:
				if (v.Conflict != nil) != (tt.clashes > 0) {
					t.Errorf("conflict = %v, want one only with clashes", v.Conflict)
				}
			}
			if v.Solved() != (tt.count > 0) {
				t.Errorf("Solved() = %v with %d solutions", v.Solved(), tt.count)
			}
		})
	}
}

func TestJudgeOutOfTime(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	v := Judge(ctx, "1"+strings.Repeat(".", 255), 2)
	if v.Outcome != GaveUp || v.Solved() || v.Result.Nodes == 0 {
		t.Errorf("Judge(expired, 16×16) = outcome %d, solved %v after %d nodes; want GaveUp", v.Outcome, v.Solved(), v.Result.Nodes)
	}
}

func TestConflictCellsEachOnce(t *testing.T) {
	g := mustParse(t, "5.......5"+"5"+strings.Repeat(".", 71))
	var ce *ConflictError
	if !errors.As(Validate(g), &ce) {
		t.Fatal("no conflict")
	}
	cells := ce.Cells()
	seen := map[Cell]bool{}
	for _, c := range cells {
		if seen[c] {
			t.Errorf("Cells() = %v: %v twice", cells, c)
		}
		seen[c] = true
	}
	if len(cells) != 3 || len(ce.Clashes) != 3 {
		t.Errorf("Cells() = %v of %d clashes, want r1c1, r1c9, r2c1 of a row, a column and a box clash", cells, len(ce.Clashes))
	}
}
