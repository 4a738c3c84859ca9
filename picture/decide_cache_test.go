package picture

import (
	"context"
	"encoding/gob"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/photoset"
	"github.com/sudokubot/sudokubot/internal/screenshot"
)

// The board-decision cache: every tuning picture (never kubiesa/val or
// wichtounet's held-out half) and the 100 screenshots, read up to the
// classifier and saved, so a change to the board-wide decision is
// measured in seconds rather than minutes:
//
//	SUDOKUBOT_DECIDE_CACHE=/tmp/decide.gob go test ./picture -run TestDevBuildCache
//	SUDOKUBOT_DECIDE_CACHE=/tmp/decide.gob go test ./picture -run TestDevTable -v

// devView is one picture read up to the classifier.
type devView struct {
	In     [81][]float32
	Probs  [81][]float32
	Traits traits
}

// devSample is a tuning picture with its labels and views.
type devSample struct {
	Part, File, Kind, Givens, Entries string
	Views                             []devView // EXIF orientation, then as stored
}

// devCache is where the cache is kept; "" skips its tests.
var devCache = os.Getenv("SUDOKUBOT_DECIDE_CACHE")

func devViewOf(ctx context.Context, data []byte, hd header) (devView, bool) {
	b, err := find(ctx, data, hd)
	if err != nil {
		return devView{}, false
	}
	in, tr := measureBoard(b)
	v := devView{In: in, Traits: tr}
	net := model()
	for i := range 81 {
		p := blankProbs
		if in[i][GlyphSide*GlyphSide+fHeight] > 0 {
			p = net.Forward(in[i])
		}
		v.Probs[i] = p
	}
	return v, true
}

func TestDevBuildCache(t *testing.T) {
	if devCache == "" {
		t.Skip("skipping: SUDOKUBOT_DECIDE_CACHE names no cache file to build")
	}
	photos, err := photoset.Read(picturesDir)
	if err != nil {
		t.Fatal(err)
	}
	var out []devSample
	ctx := context.Background()
	add := func(s sample, data []byte) {
		hd, err := check(data)
		if err != nil {
			t.Fatal(err)
		}
		d := devSample{Part: s.part, File: s.file, Kind: s.kind, Givens: s.givens, Entries: s.entries}
		if v, ok := devViewOf(ctx, data, hd); ok {
			d.Views = append(d.Views, v)
		} else {
			d.Views = append(d.Views, devView{})
		}
		if hd.orientation > 1 {
			st := hd
			st.orientation = 1
			if v, ok := devViewOf(ctx, data, st); ok {
				d.Views = append(d.Views, v)
			}
		}
		out = append(out, d)
	}
	for _, s := range photoSamples(photos, false) {
		if s.part == "kubiesa/val" || strings.HasSuffix(s.part, "held-out") {
			continue
		}
		data, err := os.ReadFile(s.file)
		if err != nil {
			t.Fatal(err)
		}
		add(s, data)
	}
	puzzles := shotPuzzles(t)
	for seed := range int64(100) {
		p := puzzles[seed%int64(len(puzzles))]
		shot := screenshot.Make(seed, p[0], p[1])
		add(sample{part: "screenshots", file: fmt.Sprint(seed, " ", shot.Style), kind: "photo-filled", givens: shot.Givens, entries: shot.Entries}, shot.Data)
	}
	f, err := os.Create(devCache)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := gob.NewEncoder(f).Encode(out); err != nil {
		t.Fatal(err)
	}
}

func loadDev(t *testing.T) []devSample {
	if devCache == "" {
		t.Skip("skipping: SUDOKUBOT_DECIDE_CACHE names no cache file to read")
	}
	f, err := os.Open(devCache)
	if err != nil {
		t.Skipf("skipping: no decision cache at %q (SUDOKUBOT_DECIDE_CACHE; build it with TestDevBuildCache)", devCache)
	}
	defer f.Close()
	var out []devSample
	if err := gob.NewDecoder(f).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

func devRead(ctx context.Context, v devView, decide boardDecision) *Reading {
	if v.In[0] == nil {
		return nil
	}
	r := &Reading{}
	for i := range r.Cells {
		r.Cells[i] = cellOf(v.Probs[i], best(v.Probs[i]))
	}
	in, tr := v.In, v.Traits
	decide(ctx, r, &in, &tr)
	return r
}

// boardDecision is decideBoard or a candidate to replace it.
type boardDecision func(ctx context.Context, r *Reading, in *[81][]float32, tr *traits)

func devTable(t *testing.T, samples []devSample, decide boardDecision) map[string]*tally {
	ctx := context.Background()
	parts := map[string]*tally{}
	for _, s := range samples {
		r := devRead(ctx, s.Views[0], decide)
		if (r == nil || r.Unresolved) && len(s.Views) > 1 {
			if r2 := devRead(ctx, s.Views[1], decide); r2 != nil && !r2.Unresolved {
				r = r2
			}
		}
		if parts[s.Part] == nil {
			parts[s.Part] = &tally{mistakes: map[string]int{}}
		}
		parts[s.Part].add(sample{kind: s.Kind, givens: s.Givens, entries: s.Entries}, r, false)
	}
	return parts
}

func devLine(parts map[string]*tally) string {
	names := slices.Sorted(maps.Keys(parts))
	var b strings.Builder
	for _, n := range names {
		t := parts[n]
		fmt.Fprintf(&b, "%-26s exact %3d/%3d given cells %.2f%%", n, t.exact, t.n, pct(t.cellsRight, t.cells))
		if t.filled > 0 {
			fmt.Fprintf(&b, " entries exact %3d entry cells %.2f%%", t.entriesExact, pct(t.entryRight, t.entryCells))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestDevTable prints the tuning parts' table, read from the cache, as
// decideBoard reads them.
func TestDevTable(t *testing.T) {
	samples := loadDev(t)
	t.Log("decideBoard:\n" + devLine(devTable(t, samples, decideBoard)))
}

// TestDevMisread prints, for each cached picture whose givens
// decideBoard misreads, the truth's and the reading's split scores and
// each digit's looks.
func TestDevMisread(t *testing.T) {
	samples := loadDev(t)
	ctx := context.Background()
	for _, s := range samples {
		v := s.Views[0]
		if v.In[0] == nil {
			continue
		}
		r := devRead(ctx, v, decideBoard)
		if r.Givens() == s.Givens {
			continue
		}
		cells := [81]Cell{}
		for i := range cells {
			cells[i] = cellOf(v.Probs[i], best(v.Probs[i]))
		}
		in, tr := v.In, v.Traits
		blankPencilMarks(&cells, &in)
		for i := range cells {
			if c := &cells[i]; c.Digit != 0 {
				*c = cellOf(c.probs, Class(bestDigit(c.probs), c.Written))
			}
		}
		l := kindLooks(&cells, &in, &tr)
		var truth, got [81]bool
		for i := range 81 {
			truth[i] = s.Givens[i] == '.' && cells[i].Digit != 0
			got[i] = r.Cells[i].Written
		}
		score := func(w [81]bool) float64 { return l.splitScore(w) + symmetry(&cells, w) }
		t.Logf("%s %s truth %.1f (unique %v) got %.1f corrected %v unresolved %v\nwant %s\ngot  %s\ngotE %s",
			s.Part, s.File, score(truth), printedUnique(ctx, withKinds(cells, truth)), score(got), r.Corrected, r.Unresolved, s.Givens, r.Givens(), r.Entries())
		for k, i := range l.idx {
			tag := "-"
			if s.Givens[i] != '.' {
				tag = "G"
			} else if s.Entries[i] != '.' {
				tag = "E"
			}
			f := l.f[k]
			t.Logf("  %2d %s %c/%c odd %v odds %5.2f con %.3f w %.3f chr %.3f h %.3f", i, tag, r.Givens()[i], r.Entries()[i], l.odd[k], f[0], f[1], f[2], f[3], f[4])
		}
	}
}

// TestDevCells prints each cached picture's given cells misread.
func TestDevCells(t *testing.T) {
	samples := loadDev(t)
	ctx := context.Background()
	for _, s := range samples {
		if s.Views[0].In[0] == nil {
			continue
		}
		r := devRead(ctx, s.Views[0], decideBoard)
		bad := 0
		g := r.Givens()
		for i := range 81 {
			bad += b2i(g[i] != s.Givens[i])
		}
		if bad > 0 {
			t.Logf("%s %s bad %d unresolved %v", s.Part, s.File, bad, r.Unresolved)
		}
	}
}
