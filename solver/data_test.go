package solver

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver/internal/puzzletest"
)

func TestDataSets(t *testing.T) {
	for _, path := range puzzletest.Files(t) {
		name := filepath.Base(path)
		want, known := puzzletest.Class[name]
		if !known {
			t.Errorf("%s: no expected solution class; add it to puzzletest.Class from the data README", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			lines := puzzletest.Read(t, path)
			if len(lines) == 0 {
				t.Fatalf("%s has no puzzles", name)
			}
			bad := 0
			for _, l := range lines {
				if msg := checkDataLine(name, l, want); msg != "" {
					t.Errorf("%s line %d: %s", name, l.Num, msg)
					if bad++; bad > 10 {
						t.Fatal("too many failures")
					}
				}
			}
		})
	}
}

// checkDataLine solves one puzzle with limit 2 and returns what is wrong, or "".
func checkDataLine(file string, l puzzletest.Line, want int) string {
	if w, ok := puzzletest.Exceptions[l.Puzzle]; ok {
		want = w
	}
	if strings.HasPrefix(file, "se_rated_") {
		if r, err := strconv.ParseFloat(l.Rest, 64); err != nil || r < 1 || r > 12 {
			return "no Sudoku Explainer rating after the puzzle: " + strconv.Quote(l.Rest)
		}
	}
	g, err := Parse(l.Puzzle)
	if err != nil {
		return "parse: " + err.Error()
	}
	res, err := Solve(context.Background(), g, 2)
	if err != nil {
		return "solve: " + err.Error()
	}
	if got := min(res.Count, 2); got != want {
		return "solutions = " + strconv.Itoa(res.Count) + ", want " + strconv.Itoa(want)
	}
	for _, sol := range res.Solutions {
		if msg := checkSolution(g, sol); msg != "" {
			return msg
		}
	}
	if res.Count == 2 && res.Solutions[0] == res.Solutions[1] {
		return "the two solutions are the same grid"
	}
	return ""
}

// checkSolution returns what is wrong with sol as a solution of puzzle, or "".
func checkSolution(puzzle, sol Grid) string {
	if sol.Size() != puzzle.Size() || !sol.Complete() {
		return "solution is not a complete grid of the same size: " + sol.String()
	}
	if err := Validate(sol); err != nil {
		return "solution breaks the rules: " + err.Error()
	}
	n := puzzle.Size()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if v := puzzle.At(r, c); v != 0 && sol.At(r, c) != v {
				return "solution changes the given at " + CellName(r, c)
			}
		}
	}
	return ""
}
