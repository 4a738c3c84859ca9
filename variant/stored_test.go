package variant

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestStoredSolution reads the solution a setter stores, in SudokuPad's
// text and f-puzzles' list, and ignores one that is partial or garbled.
func TestStoredSolution(t *testing.T) {
	four := "1234341221434321"
	want := []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}
	if got := storedSolution(four, 4); !slices.Equal(got, want) {
		t.Errorf("storedSolution(%q) = %v, want %v", four, got, want)
	}
	for _, bad := range []string{"", four[:15], "123434122143432?", "1234341221434325", four + "1"} {
		if got := storedSolution(bad, 4); got != nil {
			t.Errorf("storedSolution(%q) = %v, want nil", bad, got)
		}
	}
	if got := storedSolution("FG", 16); got != nil {
		t.Errorf("a 16×16 solution of 2 cells read as %v", got)
	}
	list, _ := json.Marshal(want)
	if got := fpuzzlesSolution(list, 4); !slices.Equal(got, want) {
		t.Errorf("fpuzzlesSolution(%s) = %v", list, got)
	}
	if got := fpuzzlesSolution(json.RawMessage(`["1","2","3","4","3","4","1","2","2","1","4","3","4","3","2","1"]`), 4); !slices.Equal(got, want) {
		t.Errorf("fpuzzlesSolution(strings) = %v", got)
	}
	for _, bad := range []string{`[]`, `[1,2]`, `null`, `{"a":1}`, `[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,0]`, `[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,""]`} {
		if got := fpuzzlesSolution(json.RawMessage(bad), 4); got != nil {
			t.Errorf("fpuzzlesSolution(%s) = %v, want nil", bad, got)
		}
	}
}

// TestStoredSolutionsShared: where a shared puzzle's link stores a
// solution, it is the puzzle's solution.
func TestStoredSolutionsShared(t *testing.T) {
	stored := 0
	for _, r := range mustRows(t) {
		for _, link := range []string{r.FPuzzles, r.SCL} {
			l, err := ParseLink(link)
			if err != nil {
				continue
			}
			p, err := Decode(l)
			if err != nil || p.Solution == nil {
				continue
			}
			stored++
			if got := DigitsText(p.Solution); r.Solutions == "1" && got != r.Solution {
				t.Errorf("%s (%s): stored solution %s, want %s", r.Name, l.Format, got, r.Solution)
			}
		}
	}
	t.Logf("%d links store a solution", stored)
}
