package picture

import (
	"context"
	"encoding/gob"
	"fmt"
	"os"
	"sort"
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
	Widths [81]float64
	Fine   *[81]float64
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
	in, widths := measureBoard(b)
	v := devView{In: in, Widths: widths}
	net := model()
	var all [81]Cell
	for i := range 81 {
		p := blankProbs
		if in[i][GlyphSide*GlyphSide+fHeight] > 0 {
			p = net.Forward(in[i])
			all[i].Digit = 1
		}
		v.Probs[i] = p
	}
	v.Fine = b.fineWidths(&all)
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
	for _, s := range photoSamples(photos) {
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
	in, widths := v.In, v.Widths
	finer := func(*[81]Cell) *[81]float64 { return v.Fine }
	if v.Fine == nil {
		finer = func(*[81]Cell) *[81]float64 { return nil }
	}
	decide(ctx, r, &in, &widths, finer)
	return r
}

// boardDecision is decideBoard or a candidate to replace it.
type boardDecision func(ctx context.Context, r *Reading, in *[81][]float32, widths *[81]float64, finer func(*[81]Cell) *[81]float64)

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
	names := make([]string, 0, len(parts))
	for n := range parts {
		names = append(names, n)
	}
	sort.Strings(names)
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

// candidateBoard is decideBoard with decideKinds in place of the
// board-wide kind rules it is meant to replace.
func candidateBoard(ctx context.Context, r *Reading, in *[81][]float32, widths *[81]float64, _ func(*[81]Cell) *[81]float64) {
	blankPencilMarks(&r.Cells, in)
	decideKinds(ctx, &r.Cells, in, widths)
	arbitrate(ctx, r)
}

// TestDevTable prints the tuning parts' table, read from the cache, as
// the reader reads them and with decideKinds in place of the kind rules.
func TestDevTable(t *testing.T) {
	samples := loadDev(t)
	t.Log("decideBoard:\n" + devLine(devTable(t, samples, decideBoard)))
	t.Log("decideKinds:\n" + devLine(devTable(t, samples, candidateBoard)))
}
