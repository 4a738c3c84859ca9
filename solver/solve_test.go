package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/solver/internal/puzzletest"
)

// withDigits returns an otherwise empty 9×9 puzzle with the given digits
// at the given cells (0 to 80, reading order).
func withDigits(at map[int]byte) string {
	p := []byte(strings.Repeat(".", 81))
	for cell, d := range at {
		p[cell] = d
	}
	return string(p)
}

func TestSolveVerdicts(t *testing.T) {
	tests := []struct {
		name   string
		puzzle string
		limit  int
		want   int
	}{
		{"classic unique", classic, 2, 1},
		{"hard for naive search", "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9", 2, 1},
		{"empty grid", "", 2, 2},
		{"empty grid limit 5", "", 5, 5},
		{"clashing givens", "55" + classic[2:], 2, 0},
		{"clashing givens in a box", withDigits(map[int]byte{30: '5', 40: '5'}), 2, 0},
		{"clashing givens in the last row", withDigits(map[int]byte{72: '7', 80: '7'}), 2, 0},
		{"clashing givens in a column", withDigits(map[int]byte{4: '3', 76: '3'}), 2, 0},
		{"givens in every band", withDigits(map[int]byte{0: '1', 40: '2', 80: '3', 30: '1'}), 2, 2},
		{"consistent but unsolvable", "12345678.........9" + strings.Repeat(".", 63), 2, 0},
		{"limit below one counts as one", "", 0, 1},
		{"4x4 unique", "1...\n..2.\n.3..\n...4", 2, 1},
		{"4x4 two solutions", "1...\n..2.\n....\n...4", 2, 2},
		{"4x4 solved", "1234341221434321", 2, 1},
		{"6x6 empty", "....................................", 2, 2},
		{"16x16 empty", "", 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gridOrEmpty(t, tt.puzzle, tt.name)
			before := g
			res, err := Solve(context.Background(), g, tt.limit)
			if err != nil {
				t.Fatalf("Solve(%s) error: %v", tt.puzzle, err)
			}
			if g != before {
				t.Errorf("Solve modified its input")
			}
			if res.Count != tt.want || len(res.Solutions) != tt.want {
				t.Errorf("Solve(%s) count = %d (%d grids), want %d", tt.puzzle, res.Count, len(res.Solutions), tt.want)
			}
			for _, sol := range res.Solutions {
				if msg := checkSolution(g, sol); msg != "" {
					t.Errorf("Solve(%s): %s", tt.puzzle, msg)
				}
			}
			if res.Nodes < 1 {
				t.Errorf("Solve(%s) nodes = %d, want at least 1", tt.puzzle, res.Nodes)
			}
		})
	}
}

func gridOrEmpty(t *testing.T, puzzle, name string) Grid {
	t.Helper()
	if puzzle != "" {
		return mustParse(t, puzzle)
	}
	size := 9
	if name == "16x16 empty" {
		size = 16
	}
	g, err := NewGrid(size)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSolveClassicSolution(t *testing.T) {
	const want = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	res, err := Solve(context.Background(), mustParse(t, classic), 2)
	if err != nil || res.Count != 1 || res.Solutions[0].String() != want {
		t.Fatalf("Solve(classic) = %v, %v; want the one solution %s", res.Solutions, err, want)
	}
}

func TestSolveDifferencesBetweenSolutions(t *testing.T) {
	// Removing one clue of a 17-clue puzzle leaves several solutions.
	p := "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
	g := mustParse(t, strings.Replace(p, "3", ".", 1))
	res, err := Solve(context.Background(), g, 2)
	if err != nil || res.Count != 2 {
		t.Fatalf("Solve = %d solutions, %v; want 2", res.Count, err)
	}
	diff := Differences(res.Solutions[0], res.Solutions[1])
	if len(diff) < 4 {
		t.Fatalf("Differences = %v, want at least 4 cells (a deadly pattern has 4)", diff)
	}
	for _, c := range diff {
		if g.At(c.Row, c.Col) != 0 {
			t.Errorf("Differences names given cell %s", c)
		}
		if res.Solutions[0].At(c.Row, c.Col) == res.Solutions[1].At(c.Row, c.Col) {
			t.Errorf("Differences names %s, where both solutions agree", c)
		}
	}
}

func TestSolveStopsAtDeadline(t *testing.T) {
	for _, size := range []int{9, 16} {
		g, _ := NewGrid(size)
		// 250ms: long enough to find a first solution under the race
		// detector on a loaded machine, short beside the limit checked.
		ctx, cancel := context.WithTimeout(context.Background(), 250*time.Millisecond)
		start := time.Now()
		// Counting every solution of an empty grid cannot finish.
		res, err := Solve(ctx, g, 1<<40)
		elapsed := time.Since(start)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Solve(empty %dx%d) error = %v, want one wrapping DeadlineExceeded", size, size, err)
		}
		if res.Count == 0 || res.Nodes == 0 {
			t.Errorf("Solve(empty %dx%d) returned no partial result: %+v", size, size, res.Count)
		}
		if elapsed > 3*time.Second {
			t.Errorf("Solve(empty %dx%d) returned %v after a 250ms deadline", size, size, elapsed)
		}
	}
}

func TestSolveCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, _ := NewGrid(16)
	_, err := Solve(ctx, g, 1<<40)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Solve with a cancelled context: error = %v, want context.Canceled", err)
	}
}

func TestSolveZeroGrid(t *testing.T) {
	if _, err := Solve(context.Background(), Grid{}, 2); !errors.Is(err, ErrNoGrid) {
		t.Fatalf("Solve(Grid{}) error = %v, want ErrNoGrid", err)
	}
}

func TestSixteenThirdGivenIsFast(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 16))
	for i := 0; i < 5; i++ {
		g := puzzleFromSolution(t, 16, rng, 256/3)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		res, err := Solve(ctx, g, 2)
		cancel()
		if err != nil || res.Count == 0 {
			t.Fatalf("Solve(%s) = %d solutions, %v; want a solution within the default limit", g, res.Count, err)
		}
	}
}

// puzzleFromSolution returns a grid of the given side keeping `keep` cells,
// chosen at random, of a random complete grid.
func puzzleFromSolution(t testing.TB, size int, rng *rand.Rand, keep int) Grid {
	t.Helper()
	full := randomFull(t, size, rng)
	var g Grid
	g.size = uint8(size)
	for _, i := range rng.Perm(size * size)[:keep] {
		g.cells[i] = full.cells[i]
	}
	return g
}

// randomFull solves a grid seeded with one shuffled row, then relabels its
// digits at random.
func randomFull(t testing.TB, size int, rng *rand.Rand) Grid {
	t.Helper()
	g, _ := NewGrid(size)
	for c, v := range rng.Perm(size) {
		g.Set(0, c, v+1)
	}
	res, err := Solve(context.Background(), g, 1)
	if err != nil || res.Count != 1 {
		t.Fatalf("no complete %dx%d grid: %v", size, size, err)
	}
	return res.Solutions[0]
}

// TestEnginesAgree runs the general engine on a sample of every data set and
// checks it finds the same solutions as the 9×9 engine.
func TestEnginesAgree(t *testing.T) {
	for _, path := range puzzletest.Files(t) {
		lines := puzzletest.Read(t, path)
		for i := 0; i < len(lines); i += 1 + len(lines)/150 {
			g := mustParse(t, lines[i].Puzzle)
			fast, _ := Solve(context.Background(), g, 2)
			sr := searcher{limit: 2}
			solveGeneric(&sr, g)
			if len(sr.solutions) != fast.Count {
				t.Fatalf("%s line %d: general engine found %d solutions, 9×9 engine %d",
					filepath.Base(path), lines[i].Num, len(sr.solutions), fast.Count)
			}
			if fast.Count == 1 && sr.solutions[0] != fast.Solutions[0] {
				t.Fatalf("%s line %d: engines disagree on the solution", filepath.Base(path), lines[i].Num)
			}
		}
	}
}

// FuzzSolve places digits from the fuzz input on a grid (skipping any that
// clash) and checks Solve's verdict: on 4×4 and 6×6 against a naive count,
// on 9×9 against the general engine, and every solution against the rules.
func FuzzSolve(f *testing.F) {
	f.Add(uint8(4), []byte{0, 1, 5, 2})
	f.Add(uint8(6), []byte{0, 1, 7, 2, 14, 3, 21, 4})
	f.Add(uint8(9), []byte(classic))
	f.Fuzz(func(t *testing.T, sizeByte uint8, data []byte) {
		size := Sizes[int(sizeByte)%3] // 4, 6 or 9: 16 is too slow to count naively
		g, _ := NewGrid(size)
		for i := 0; i+1 < len(data); i += 2 {
			cell, v := int(data[i])%g.Cells(), int(data[i+1])%size+1
			if g.cells[cell] == 0 && fits(g, cell/size, cell%size, v) {
				g.cells[cell] = uint8(v)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		res, err := Solve(ctx, g, 2)
		if err != nil {
			t.Fatalf("Solve(%s): %v", g, err)
		}
		want := 0
		if size == 9 {
			sr := searcher{limit: 2}
			solveGeneric(&sr, g)
			want = len(sr.solutions)
		} else {
			want = naiveCount(g, 2)
		}
		if res.Count != want {
			t.Fatalf("Solve(%s) found %d solutions, want %d", g, res.Count, want)
		}
		for _, sol := range res.Solutions {
			if msg := checkSolution(g, sol); msg != "" {
				t.Fatalf("Solve(%s): %s", g, msg)
			}
		}
	})
}

// TestSparseGridsStayCheap solves 9×9 grids with few givens (0 to 16, so
// never unique): branching on digits in minirows can pile more digits onto a
// minirow than it holds, and in a sparse grid only a cell-level contradiction
// shows it, thousands of nodes later (the empty grid once ran for millions).
// choose guesses on cells while the grid is nearly empty and checks every
// band while it is sparse; this holds the worst case to a few hundred nodes.
func TestSparseGridsStayCheap(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 23))
	worst := int64(0)
	for i := range 1000 {
		g := puzzleFromSolution(t, 9, rng, i%17)
		res, err := Solve(context.Background(), g, 2)
		if err != nil || res.Count != 2 {
			t.Fatalf("%v: count %d, err %v; want 2 solutions", g, res.Count, err)
		}
		worst = max(worst, res.Nodes)
	}
	t.Logf("most nodes for a sparse grid: %d", worst)
	if worst > 2000 {
		t.Errorf("a sparse grid took %d nodes, want at most 2000", worst)
	}
}

// TestSolverReusesItsMemory solves puzzles one after another with one Solver:
// each result matches the package's Solve, and a 9×9 solve allocates nothing.
func TestSolverReusesItsMemory(t *testing.T) {
	ctx := context.Background()
	puzzles := []string{
		classic,
		"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
		"..............1..2.34....5...............6..1.57....3....3...4.1..5.....6.......8", // two solutions
		"12345678.........9" + strings.Repeat(".", 63),                                      // none
	}
	var v Solver
	for _, p := range puzzles {
		g := mustParse(t, p)
		got, err := v.Solve(ctx, g, 2)
		want, _ := Solve(ctx, g, 2)
		if err != nil || got.Count != want.Count || len(got.Solutions) != len(want.Solutions) {
			t.Fatalf("%s: Solver gave %d solutions (err %v), Solve %d", p, got.Count, err, want.Count)
		}
		for i := range got.Solutions {
			if got.Solutions[i] != want.Solutions[i] {
				t.Errorf("%s: solution %d differs from Solve's", p, i)
			}
		}
	}
	g := mustParse(t, puzzles[2])
	if n := testing.AllocsPerRun(100, func() { v.Solve(ctx, g, 2) }); n != 0 {
		t.Errorf("a 9×9 solve with a reused Solver allocates %v times, want 0", n)
	}
}

// TestSolveFixedOrderIsPinned holds SolveFixedOrder to its promise: these
// first solutions were taken from the engine the generator has always
// completed its grids with, and must never change (daily puzzles already
// announced are made through it).
func TestSolveFixedOrderIsPinned(t *testing.T) {
	tests := []struct{ puzzle, want string }{
		{strings.Repeat(".", 81), "123456798456798132798132465261943857975681324834275916342517689619824573587369241"},
		{"1" + strings.Repeat(".", 39) + "5" + strings.Repeat(".", 40), "134526798256798143798143265843612957672954831915837624327461589561389472489275316"},
		{strings.Repeat(".", 16), "1234341221434321"},
		{strings.Repeat(".", 36), "123456456123231564564231312645645312"},
		{strings.Repeat(".", 256), "123456789ABCDEFG5678DEFG12349ABC9ABC1234DEFG5678DEFG9ABC56781234241389A5EBC6GFD7FBCEG4162D57839A7DG9EB2F83A164C585A637CDFG49B12E31826597B4GDACEFC74DBFE1398A2G56EG9A4CD2651F378B6F5BA8G37C2E491D4861C35BA7E2FDG9A3DF7G89C165EB42BCE52D4AGF937861G927F16E48DBC5A3"},
	}
	for _, tt := range tests {
		res, err := SolveFixedOrder(context.Background(), mustParse(t, tt.puzzle), 1)
		if err != nil || res.Count != 1 {
			t.Fatalf("SolveFixedOrder(%.20s…) = %d solutions, %v", tt.puzzle, res.Count, err)
		}
		if got := res.Solutions[0].String(); got != tt.want {
			t.Errorf("SolveFixedOrder(%.20s…) = %s, want %s (the fixed order changed: generated puzzles would change)", tt.puzzle, got, tt.want)
		}
	}
}
