package variant

import (
	"context"
	"flag"
	"fmt"
	"regexp"
	"slices"
	"testing"
	"time"
)

// sharedTimeout bounds each shared puzzle's solve: 2 s by default (the
// figures in the closing notes used -args -variant.timeout=10s), a tenth
// of a second with -short.
var sharedTimeout = flag.Duration("variant.timeout", 2*time.Second, "time limit per shared puzzle")

// sharedMatch keeps the shared puzzles whose name matches it, to time or
// profile a few: go test ./variant -run TestSolveShared -v -args
// -variant.match='Long sums'.
var sharedMatch = flag.String("variant.match", "", "regexp: solve only the shared puzzles it matches")

// sharedSeed, when not 0, gives the cells random first weights of 1 or 2
// (see weightSeed): go test ./variant -run 'TestSolveShared$' -v -args
// -variant.seed=3 is one more draw of the search order; a change of the
// search is judged by its nodes summed over seeds 0 to 3.
var sharedSeed = flag.Uint("variant.seed", 0, "seed of the cells' first weights (0: all 1)")

// sharedWorkers is how many workers solve each shared puzzle: 1, the
// default, keeps the search serial and its nodes the same on every run;
// 0 is Solve's own choice, runtime.GOMAXPROCS(0).
var sharedWorkers = flag.Int("variant.workers", 1, "workers per shared puzzle (0: GOMAXPROCS)")

// solveShared solves p counting to limit with -variant.workers workers.
func solveShared(ctx context.Context, p Puzzle, limit int) (Result, error) {
	if s := uint32(*sharedSeed); weightSeed != s { // never written at seed 0, so parallel tests do not race on it
		weightSeed = s
	}
	if *sharedWorkers == 0 {
		return Solve(ctx, p, limit)
	}
	return solve(ctx, p, limit, *sharedWorkers)
}

// mustDecodeRow returns the puzzle of a row's f-puzzles link.
func mustDecodeRow(t testing.TB, r row) *Puzzle {
	t.Helper()
	l, err := ParseLink(r.FPuzzles)
	if err != nil {
		t.Fatalf("%s: ParseLink = %v", r.Name, err)
	}
	p, err := Decode(l)
	if err != nil {
		t.Fatalf("%s: Decode = %v", r.Name, err)
	}
	return p
}

// countWord returns a count as the shared set writes it.
func countWord(n int) string {
	if n >= 2 {
		return "2+"
	}
	return fmt.Sprint(n)
}

// TestSolveShared solves every puzzle of the shared set, counting to 2,
// and checks the count and the solution; it prints a table.
func TestSolveShared(t *testing.T) {
	rows := mustRows(t)
	timeout := *sharedTimeout
	if testing.Short() {
		timeout = 100 * time.Millisecond
	}
	var right, wrong, gaveUp int
	match, err := regexp.Compile(*sharedMatch)
	if err != nil {
		t.Fatalf("-variant.match: %v", err)
	}
	var ms []float64
	var nodes int64
	for _, r := range rows {
		if !match.MatchString(r.Name) {
			continue
		}
		p := mustDecodeRow(t, r)
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		start := time.Now()
		res, err := solveShared(ctx, *p, 2)
		el := float64(time.Since(start).Microseconds()) / 1000
		cancel()
		ms, nodes = append(ms, el), nodes+res.Nodes
		switch {
		case err != nil:
			wrong++
			t.Errorf("Solve(%s) error %v", r.Name, err)
		case !res.Complete:
			gaveUp++
			t.Logf("Solve(%s) gave up after %.0f ms with %d found", r.Name, el, res.Count)
		case countWord(res.Count) != r.Solutions:
			wrong++
			t.Errorf("Solve(%s) = %s solutions, want %s", r.Name, countWord(res.Count), r.Solutions)
		case r.Solutions == "1" && DigitsText(res.Solutions[0]) != r.Solution:
			wrong++
			t.Errorf("Solve(%s) = %s, want %s", r.Name, DigitsText(res.Solutions[0]), r.Solution)
		default:
			right++
		}
		if testing.Verbose() {
			t.Logf("%8.1f ms %6d nodes %-3s %s [%s]", el, res.Nodes, countWord(res.Count), r.Name, r.Types)
		}
	}
	if len(ms) == 0 {
		t.Fatalf("no shared puzzle matches -variant.match=%q", *sharedMatch)
	}
	slices.Sort(ms)
	t.Logf("\n%-12s %5d\n%-12s %5d\n%-12s %5d\n%-12s %5d\n%-12s %8.1f\n%-12s %8.1f\n%-12s %8d",
		"rows", len(ms), "right", right, "wrong", wrong, "gave up", gaveUp,
		"median ms", ms[len(ms)/2], "max ms", ms[len(ms)-1], "nodes", nodes)
}

// BenchmarkSharedSet solves the whole shared set, counting to 2, and
// reports the search's nodes per pass (nodes/op), which the machine's
// load does not move as long as no puzzle meets its time limit: go test
// ./variant -run '^$' -bench SharedSet -benchtime 1x -args
// -variant.timeout=60s.
func BenchmarkSharedSet(b *testing.B) {
	rows, err := readRows()
	if err != nil || len(rows) == 0 {
		b.Skipf("skipping: no shared variant puzzles in %s: %v", variantsDir(), err)
	}
	var ps []*Puzzle
	for _, r := range rows {
		ps = append(ps, mustDecodeRow(b, r))
	}
	b.ResetTimer()
	var nodes int64
	for i := 0; i < b.N; i++ {
		for _, p := range ps {
			ctx, cancel := context.WithTimeout(context.Background(), *sharedTimeout)
			res, err := solveShared(ctx, *p, 2)
			if err != nil {
				b.Fatal(err)
			}
			cancel()
			nodes += res.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
