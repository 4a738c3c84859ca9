package logic

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver/internal/puzzletest"
)

// calibration compares this grader's scores with Sudoku Explainer's on a
// rated file.
type calibration struct {
	n                         int
	spearman, pearson, mae    float64
	within01, within05, exact float64 // shares of puzzles
	exactBelow5, below5       int     // exact among puzzles SE rates under 5.0
	bandN                     [12]int // by SE's whole rating, 1 to 11
	bandErr, bandAbs          [12]float64
	worst                     []string
}

// calibrate grades every k-th puzzle of a rated file.
func calibrate(t *testing.T, name string, every int) calibration {
	t.Helper()
	lines := puzzletest.Read(t, puzzletest.Path(name))
	var c calibration
	var mine, theirs []float64
	for k := 0; k < len(lines); k += every {
		se, err := strconv.ParseFloat(strings.TrimSpace(lines[k].Rest), 64)
		if err != nil {
			t.Fatalf("%s line %d: no rating: %q", name, lines[k].Num, lines[k].Rest)
		}
		gr, err := Grade(context.Background(), mustParse(t, lines[k].Puzzle))
		if err != nil {
			t.Fatalf("%s line %d: %v", name, lines[k].Num, err)
		}
		if gr.Score < 1 || gr.Score > 11 || gr.Level != levelFor(gr.Score) || gr.Steps == 0 {
			t.Fatalf("%s line %d: grading %+v is off the scale", name, lines[k].Num, gr)
		}
		mine, theirs = append(mine, gr.Score), append(theirs, se)
		d := gr.Score - se
		band := min(max(int(se), 1), 11)
		c.bandN[band]++
		c.bandErr[band] += d
		c.bandAbs[band] += math.Abs(d)
		c.mae += math.Abs(d)
		if math.Abs(d) < 0.05 {
			c.exact++
		}
		if math.Abs(d) <= 0.1+1e-9 {
			c.within01++
		}
		if math.Abs(d) <= 0.5+1e-9 {
			c.within05++
		}
		if se < 5 {
			c.below5++
			if math.Abs(d) < 0.05 {
				c.exactBelow5++
			}
		}
		if math.Abs(d) >= 1 && len(c.worst) < 5 {
			c.worst = append(c.worst, fmt.Sprintf("line %d: SE %.1f, here %.1f (%s)", lines[k].Num, se, gr.Score, gr.Hardest))
		}
	}
	c.n = len(mine)
	n := float64(c.n)
	c.spearman, c.pearson = spearman(mine, theirs), pearson(mine, theirs)
	c.mae, c.exact, c.within01, c.within05 = c.mae/n, c.exact/n, c.within01/n, c.within05/n
	return c
}

func (c calibration) report(t *testing.T, name string) {
	t.Helper()
	t.Logf("%s, %d puzzles: Spearman %.3f, Pearson %.3f, mean absolute error %.3f; exact %.1f%%, within ±0.1 %.1f%%, within ±0.5 %.1f%%",
		name, c.n, c.spearman, c.pearson, c.mae, 100*c.exact, 100*c.within01, 100*c.within05)
	if c.below5 > 0 {
		t.Logf("  below SE 5.0: %d of %d exact (%.1f%%)", c.exactBelow5, c.below5, 100*float64(c.exactBelow5)/float64(c.below5))
	}
	for band := 1; band <= 11; band++ {
		if k := float64(c.bandN[band]); k > 0 {
			t.Logf("  SE %2d.x: %5d puzzles, mean error %+.2f, mean absolute error %.2f", band, c.bandN[band], c.bandErr[band]/k, c.bandAbs[band]/k)
		}
	}
	for _, w := range c.worst {
		t.Logf("  off by 1 or more: %s", w)
	}
}

// TestGradeCalibration grades Sudoku Explainer's rated files (a sample of
// se_rated_5plus.txt, all of se_rated_mixed.txt; every puzzle with
// -fullcheck) and prints how close the scores are, by SE band. It fails
// when the agreement falls below what this grader has reached, so a
// change can only improve it. Issue 15's targets (all met): Spearman
// 0.98 and MAE 0.03 on the 5+ file; 99% exact below 5.0 and MAE 0.03 on
// the mixed one.
func TestGradeCalibration(t *testing.T) {
	puzzletest.Files(t)
	plus := calibrate(t, "se_rated_5plus.txt", max(1, 35719/(puzzletest.SampleSize(t)*5)))
	plus.report(t, "se_rated_5plus.txt")
	mixed := calibrate(t, "se_rated_mixed.txt", max(1, 1499/(puzzletest.SampleSize(t)*7)))
	mixed.report(t, "se_rated_mixed.txt")
	if testing.Short() {
		t.Log("short mode: samples this small vary too much to hold to the floors; run without -short to check them")
		return
	}
	floors := []struct {
		what      string
		got, want float64
	}{
		{"5+ Spearman", plus.spearman, 0.99},
		{"5+ within ±0.5", plus.within05, 0.97},
		{"mixed Spearman", mixed.spearman, 0.995},
		{"mixed exact below 5.0", float64(mixed.exactBelow5) / float64(max(mixed.below5, 1)), 0.99},
	}
	for _, f := range floors {
		if f.got < f.want {
			t.Errorf("%s %.3f fell below %.3f", f.what, f.got, f.want)
		}
	}
	ceilings := []struct {
		what      string
		got, want float64
	}{
		{"5+ mean absolute error", plus.mae, 0.01},
		{"mixed mean absolute error", mixed.mae, 0.008},
	}
	for _, c := range ceilings {
		if c.got > c.want {
			t.Errorf("%s %.3f rose above %.3f", c.what, c.got, c.want)
		}
	}
}

// TestClassicScale: on puzzletest.Classic Sudoku Explainer 1.2.1's scale no step is
// one of the Sukaku-only techniques, and a puzzle that needs one is rated
// otherwise.
func TestClassicScale(t *testing.T) {
	puzzletest.Files(t)
	lines := puzzletest.Read(t, puzzletest.Path("se_rated_5plus.txt"))
	differ := 0
	for k := 0; k < len(lines); k += 357 {
		g := mustParse(t, lines[k].Puzzle)
		sol, err := uniqueSolution(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		err = walkOn(context.Background(), g, sol, SE121, func(s Step) bool {
			if s.Technique == StrongLinks || s.Technique == WXYZWing || s.Technique == VWXYZWing {
				t.Fatalf("line %d: SE 1.2.1 took a %v step", lines[k].Num, s.Technique)
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		classic, _ := GradeOn(context.Background(), g, SE121)
		sukaku, _ := Grade(context.Background(), g)
		if classic.Score != sukaku.Score {
			differ++
		}
	}
	if differ == 0 {
		t.Error("the two scales rate every sampled puzzle alike")
	}
	if s, ok := ParseScale("se121"); !ok || s != SE121 || s.String() != "se121" {
		t.Errorf("ParseScale(se121) = %v, %v", s, ok)
	}
	if _, ok := ParseScale("se"); ok {
		t.Error("ParseScale(se) claims a scale")
	}
}
