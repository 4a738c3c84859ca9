// Package puzzletest is what the tests of the solver and its logic share:
// where the shared puzzle collection is, how many solutions each of its
// files' puzzles has, a reader for its lines, and how many puzzles a test
// samples (fewer with -short, all with -fullcheck). Only tests import it.
// It does not import the solver, so the solver's own tests can use it.
package puzzletest

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Classic is a well-known 9×9 puzzle with one solution (Wikipedia's).
const Classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// DataDir is the shared puzzle collection (see its README), beside the
// repository, so that every package's tests agree on it.
var DataDir = filepath.Join(repoRoot(), "..", "shared", "data")

// repoRoot finds the repository: from this file's place in the tree, or,
// when the build trimmed its paths, the first folder up from the working
// directory (a test runs in its package's folder) that holds go.mod.
func repoRoot() string {
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		// file is <repo>/solver/internal/puzzletest/puzzletest.go.
		return filepath.Join(filepath.Dir(file), "..", "..", "..")
	}
	dir, err := os.Getwd()
	for err == nil {
		if _, serr := os.Stat(filepath.Join(dir, "go.mod")); serr == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return "."
}

// FullCheck makes the sampled tests walk every puzzle (slow: minutes).
var FullCheck = flag.Bool("fullcheck", false, "check the logical steps on every puzzle of every data set")

// SampleSize returns how many puzzles of a file a sampled test takes: 100,
// 20 with -short, every one with -fullcheck.
func SampleSize(t testing.TB) int {
	switch {
	case *FullCheck:
		return 1 << 30
	case testing.Short():
		return 20
	}
	return 100
}

// BenchSets are the data sets whose speed the solver is measured on
// against tdoku: issue 44's ten.
var BenchSets = []string{
	"17_clue", "magictour_top1465", "forum_hardest_1905_11plus", "forum_hardest_1106",
	"serg_benchmark_multi_solution", "synthetic_unsat_consistent", "synthetic_multi_16clue",
	"kaggle_3m_radcliffe_sample", "synthetic_multi_hard_minus1",
	"forum_hardest_1905_msolve_hardest_to_solve",
}

// Class gives, for every file in DataDir, how many solutions each puzzle
// has when counting up to two: 0, 1 or 2 (meaning two or more).
var Class = map[string]int{
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

// Exceptions are puzzles whose class differs from their file's.
var Exceptions = map[string]int{
	"...5.167.......25.5.1.64...185.46..................76.......52....1.5....58......": 2,
}

// Files returns the paths of the data set files, or skips the test with
// the reason when the shared data folder is absent.
func Files(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(DataDir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Skipf("skipping: no puzzle data in %s (the shared data folder is absent on this machine)", DataDir)
	}
	return files
}

// Path returns the path of the data file name (such as "17_clue.txt").
func Path(name string) string { return filepath.Join(DataDir, name) }

// Line is one line of a data file: the puzzle and, for rated files, the
// rating after it.
type Line struct {
	Num    int // from 1
	Puzzle string
	Rest   string
}

// Read returns every line of the data file at path; it fails the test when
// the file cannot be read.
func Read(t testing.TB, path string) []Line {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer f.Close()
	var out []Line
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		puzzle, rest, _ := strings.Cut(sc.Text(), " ")
		out = append(out, Line{Num: n, Puzzle: puzzle, Rest: rest})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	return out
}

// MustParse returns parse(s), or fails the test with the error. Pass the
// solver's Parse: this package does not import the solver.
func MustParse[G any](t testing.TB, parse func(string) (G, error), s string) G {
	t.Helper()
	g, err := parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", strings.TrimSpace(s), err)
	}
	return g
}
