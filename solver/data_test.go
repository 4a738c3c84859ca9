package solver

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// dataDir is the shared puzzle collection (see its README).
const dataDir = "../../shared/data"

// expectedClass gives, for every file in dataDir, how many solutions each
// puzzle has when counting up to two: 0, 1 or 2 (meaning two or more).
var expectedClass = map[string]int{
	"17_clue.txt":                                     1,
	"magictour_top1465.txt":                           1,
	"magictour_top2365.txt":                           1,
	"forum_hardest_1905_11plus.txt":                   1,
	"forum_hardest_1106.txt":                          1,
	"forum_hardest_1905_msolve_hardest_to_solve.txt":  1,
	"forum_hardest_1905_msolve_hardest_to_verify.txt": 1,
	"msolve_most_difficult_100.txt":                   1,
	"kaggle_3m_radcliffe_sample.txt":                  1,
	"norvig_top95.txt":                                1,
	"norvig_hardest.txt":                              1,
	"se_rated_5plus.txt":                              1,
	"se_rated_mixed.txt":                              1, // "puzzles with one solution"
	"serg_benchmark_multi_solution.txt":               2,
	"synthetic_multi_16clue.txt":                      2,
	"synthetic_multi_hard_minus1.txt":                 2,
	"synthetic_unsat_consistent.txt":                  0,
}

// exceptions are puzzles whose class differs from their file's.
var exceptions = map[string]int{
	"...5.167.......25.5.1.64...185.46..................76.......52....1.5....58......": 2,
}

// dataFiles returns the data set files, or skips the test when the shared
// data folder is absent.
func dataFiles(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dataDir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Skipf("skipping: no puzzle data in %s (the shared data folder is absent on this machine)", dataDir)
	}
	return files
}

// puzzleLine is one line of a data file: the puzzle and, for rated files,
// the rating after it.
type puzzleLine struct {
	num    int
	puzzle string
	rest   string
}

func readPuzzles(t testing.TB, path string) []puzzleLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer f.Close()
	var out []puzzleLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		puzzle, rest, _ := strings.Cut(sc.Text(), " ")
		out = append(out, puzzleLine{num: n, puzzle: puzzle, rest: rest})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	return out
}

func TestDataSets(t *testing.T) {
	for _, path := range dataFiles(t) {
		name := filepath.Base(path)
		want, known := expectedClass[name]
		if !known {
			t.Errorf("%s: no expected solution class; add it to expectedClass from the data README", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			lines := readPuzzles(t, path)
			if len(lines) == 0 {
				t.Fatalf("%s has no puzzles", name)
			}
			bad := 0
			for _, l := range lines {
				if msg := checkDataLine(name, l, want); msg != "" {
					t.Errorf("%s line %d: %s", name, l.num, msg)
					if bad++; bad > 10 {
						t.Fatal("too many failures")
					}
				}
			}
		})
	}
}

// checkDataLine solves one puzzle with limit 2 and returns what is wrong, or "".
func checkDataLine(file string, l puzzleLine, want int) string {
	if w, ok := exceptions[l.puzzle]; ok {
		want = w
	}
	if strings.HasPrefix(file, "se_rated_") {
		if r, err := strconv.ParseFloat(l.rest, 64); err != nil || r < 1 || r > 12 {
			return "no Sudoku Explainer rating after the puzzle: " + strconv.Quote(l.rest)
		}
	}
	g, err := Parse(l.puzzle)
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
