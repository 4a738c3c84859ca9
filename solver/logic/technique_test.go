package logic

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/internal/puzzletest"
)

// TestEachTechniqueFires takes, for each technique, a grid from the shared
// data sets whose next step is that technique (testdata/hint_grids.txt, in
// the order of the techniques) and checks the step found is that one.
func TestEachTechniqueFires(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "hint_grids.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Technique{FullHouse, HiddenSingleBox, HiddenSingleLine, DirectPointing, DirectHiddenPair, NakedSingle,
		DirectHiddenTriple, Pointing, Claiming, NakedPair,
		XWing, HiddenPair, NakedTriple, Swordfish, HiddenTriple, StrongLinks, XYWing, XYZWing, UniqueRectangle, UniqueRectangle,
		WXYZWing, BUG, BUG, VWXYZWing, YCycle, WWing, AIC, NishioChains, ForcingChains, DynamicChains, DynamicChains}
	grids := strings.Fields(string(b))
	if len(grids) != len(want) {
		t.Fatalf("%d grids for %d techniques", len(grids), len(want))
	}
	for k, p := range grids {
		s, ok := newBoard(mustParse(t, p)).next()
		if !ok || s.Technique != want[k] {
			t.Errorf("%s: next step is %v, want %v", p, s.Technique, want[k])
		}
	}
	// An X-Chain of up to four strong links is a strong-link fish, found
	// first, and a shorter chain of another kind is taken before an
	// XY-Chain, so these two are asked for directly.
	for kind, p := range map[Technique]string{
		XChain:  "1259734.....842157478651329...3948.238.72594.2941687358.253967....2165.....4872.3",
		XYChain: "9..8.463.5...9624.46..2....87..3...6.51.4.37.39.....12...419.8.78956312414.287.6.",
	} {
		if s, ok := newBoard(mustParse(t, p)).chain(kind); !ok || len(s.Removed) == 0 || s.Technique != kind {
			t.Errorf("%s: no %v found", p, kind)
		}
	}
}

// TestDirectClaiming: row 1's 1s lie in box 1, which leaves row 2 one
// place for 1 outside the box; the step places it and only that (direct
// claiming is rare from a plain grid, so the board is made by hand and the
// claiming side asked directly, since a pointing box elsewhere would also
// give it).
func TestDirectClaiming(t *testing.T) {
	restrict := map[string]string{"r1c1": "12", "r1c2": "12"}
	for c := 3; c <= 9; c++ {
		restrict["r1c"+string(rune('0'+c))] = "23456789"
	}
	for c := 2; c <= 9; c++ {
		if c != 5 {
			restrict["r2c"+string(rune('0'+c))] = "23456789"
		}
	}
	b := handMade(t, restrict)
	s, ok := b.directLockingFrom(0, [2]int{0, 2 * 9}, 1)
	if !ok || s.Technique != DirectClaiming || len(s.Placed) != 1 || s.Placed[0] != (Candidate{solver.Cell{Row: 1, Col: 4}, 1}) || len(s.Removed) != 0 {
		t.Fatalf("direct claiming = %+v, %v; want 1 placed at r2c5 and nothing removed", s, ok)
	}
	if got := describe(solver.English, s); !strings.Contains(got, "in row 2, 1 has one place left outside box 1: r2c5") {
		t.Errorf("the words: %s", got)
	}
}

// handMade returns an empty 9×9 board whose candidates are then narrowed
// by restrict: cell name → candidate digits.
func handMade(t *testing.T, restrict map[string]string) *cands {
	t.Helper()
	g, _ := solver.NewGrid(9)
	b := newBoard(g)
	for name, digits := range restrict {
		r, c, ok := parseCellName(name)
		if !ok {
			t.Fatalf("bad cell name %q", name)
		}
		var m uint16
		for _, d := range digits {
			m |= 1 << (d - '1')
		}
		b.cand[(r-1)*9+c-1] = m
	}
	return b
}

// parseCellName reads "r3c7" (one-digit rows and columns).
func parseCellName(name string) (r, c int, ok bool) {
	if len(name) != 4 || name[0] != 'r' || name[2] != 'c' {
		return 0, 0, false
	}
	return int(name[1] - '0'), int(name[3] - '0'), true
}

func removedNames(s Step) []string {
	var out []string
	for _, r := range s.Removed {
		out = append(out, r.Cell.String()+":"+string(solver.DigitChar(r.Digit)))
	}
	slices.Sort(out)
	return out
}

func TestHandMadeQuadsAndJellyfish(t *testing.T) {
	quad := map[string]string{"r1c1": "1234", "r1c2": "1234", "r1c3": "1234", "r1c4": "1234"}
	hidden := map[string]string{}
	jelly := map[string]string{}
	for c := 5; c <= 9; c++ {
		hidden["r1c"+string(rune('0'+c))] = "56789"
	}
	for r := 1; r <= 4; r++ {
		for c := 1; c <= 9; c++ {
			if c != 1 && c != 2 && c != 4 && c != 5 {
				jelly["r"+string(rune('0'+r))+"c"+string(rune('0'+c))] = "23456789"
			}
		}
	}
	tests := []struct {
		name     string
		restrict map[string]string
		find     func(*cands) (Step, bool)
		want     Technique
		removes  int
		sample   string
	}{
		{"naked quad", quad, func(b *cands) (Step, bool) { return b.nakedSubset(4) }, NakedQuad, 5 * 4, "r1c5:1"},
		{"hidden quad", hidden, func(b *cands) (Step, bool) { return b.hiddenSubset(4) }, HiddenQuad, 4 * 5, "r1c1:5"},
		{"jellyfish", jelly, func(b *cands) (Step, bool) { return b.fish(4) }, Jellyfish, 5 * 4, "r5c1:1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, ok := tt.find(handMade(t, tt.restrict))
			if !ok || s.Technique != tt.want {
				t.Fatalf("next step = %v, want %v", s.Technique, tt.want)
			}
			got := removedNames(s)
			if len(got) != tt.removes || !slices.Contains(got, tt.sample) {
				t.Errorf("%v removes %v, want %d removals including %s", tt.want, got, tt.removes, tt.sample)
			}
		})
	}
}

// TestChainsTakeTheLowestRating: wherever the chain finder answers, no
// chain of any kind it looks for is rated lower (SE's chaining producer
// takes its cheapest; a W-Wing once slipped through unrated, at 0).
func TestChainsTakeTheLowestRating(t *testing.T) {
	puzzletest.Files(t)
	lines := puzzletest.Read(t, puzzletest.Path("se_rated_5plus.txt"))
	checked := 0
	for k := 0; k < len(lines); k += 631 {
		b := newBoard(mustParse(t, lines[k].Puzzle))
		for !b.solved() {
			s, ok := b.next()
			if !ok {
				break
			}
			if c, ok := b.chains(); ok {
				checked++
				for _, find := range []func() (Step, bool){b.yCycle, b.wWing, func() (Step, bool) { return b.chain(XChain) },
					func() (Step, bool) { return b.chain(XYChain) }, func() (Step, bool) { return b.chain(AIC) }} {
					if o, ok := find(); ok && o.Rating > 0 && o.Rating < c.rated()-1e-9 {
						t.Fatalf("line %d: the chains took %v at %.2f, but %v is %.2f", lines[k].Num, c.Technique, c.rated(),
							o.Technique, o.Rating)
					}
				}
			}
			b.apply(s)
		}
	}
	if checked == 0 {
		t.Fatal("no board state reached the chains")
	}
}

// TestForcingChainRatings: puzzles of the rated data whose hardest step is
// each kind of forcing chain get Sudoku Explainer's rating exactly; the
// dynamic chains (+), which no rated puzzle reaches, fire on one of
// magictour's and stay in their band.
func TestForcingChainRatings(t *testing.T) {
	for _, c := range []struct {
		puzzle string
		se     float64
		want   Technique
	}{
		{".2...1...8..549..1..6....8.......5.....3...9..1...57.8.9.....7.3....7...5.1..3..2", 7.9, NishioChains},  // se_rated_mixed.txt line 272
		{"..7.8..1..49........5....847...3..5...21.....3.......9.6....8.....9.46.....6...95", 8.4, ForcingChains}, // line 5
		{"1..36.......2..45.9.........1.4..5....7.1.6.8.....6...3...4.8....8..2.4..5...316.", 8.9, DynamicChains}, // line 2
	} {
		gr, err := Grade(context.Background(), mustParse(t, c.puzzle))
		if err != nil || gr.Hardest != c.want || math.Abs(gr.Score-c.se) > 1e-9 {
			t.Errorf("%s: %v %v, want %v at SE's %.1f", c.puzzle, gr, err, c.want, c.se)
		}
	}
	g := mustParse(t, "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........") // magictour_top1465.txt line 2
	sol, err := uniqueSolution(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	var plus []float64
	walk(context.Background(), g, sol, func(s Step) bool {
		if s.Technique == DynamicChainsPlus {
			plus = append(plus, s.Rating)
		}
		return true
	})
	if len(plus) == 0 || plus[0] < 9.0 || plus[0] >= TrialAndError.Rating() {
		t.Errorf("dynamic forcing chains (+) rated %v, want a step from 9.0 and below trial and error", plus)
	}
}

// TestBUGType2: with 8 as the one extra digit, in r3c7 and r7c9, 8 leaves
// every cell that sees both, rated 5.7 as Sudoku Explainer's type 2.
func TestBUGType2(t *testing.T) {
	s, ok := newBoard(mustParse(t, "4721583..1..92647..96347..12475931..381674952..928174391.762.3...5439.177..8156..")).next()
	want := []Candidate{{solver.Cell{Row: 1, Col: 8}, 8}, {solver.Cell{Row: 6, Col: 6}, 8}, {solver.Cell{Row: 7, Col: 6}, 8}}
	if !ok || s.Technique != BUG || s.rated() != 5.7 || !slices.Equal(s.Removed, want) {
		t.Errorf("next step %v rated %.1f removes %v; want the BUG at 5.7 removing %v", s.Technique, s.rated(), s.Removed, want)
	}
}

// TestUniqueRectangleType3: the rectangle's corners in column 8 add 2, 6 or
// 7, which with r1c8 and r6c8 make a naked triple; rated 4.5 + 0.2.
func TestUniqueRectangleType3(t *testing.T) {
	s, ok := newBoard(mustParse(t, "481.3.2..793216548526.4....268351497147.9..5.359.7.8.19.5.8....674.2..858.2.6.9..")).next()
	want := []Candidate{{solver.Cell{Row: 2, Col: 7}, 7}}
	if !ok || s.Technique != UniqueRectangle || math.Abs(s.rated()-4.7) > 1e-9 || !slices.Equal(s.Removed, want) {
		t.Errorf("next step %v rated %.1f removes %v; want the unique rectangle at 4.7 removing %v", s.Technique, s.rated(), s.Removed, want)
	}
}
