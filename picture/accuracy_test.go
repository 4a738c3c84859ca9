package picture

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/internal/nn"
	"github.com/sudokubot/sudokubot/internal/photoset"
)

// sample is one labelled picture to read: its part of the table, its
// bytes (or where they are), and what a reader should return.
type sample struct {
	part            string
	file            string
	data            []byte
	kind            string // "photo" (givens only) or "photo-filled"
	givens, entries string
	corners         [4][2]float64
	hasCorners      bool
	marks           [81]bool // cells known to hold pencil marks only
}

// tally is what reading one part's pictures came to.
type tally struct {
	n, found, placed, withCorners  int
	exact, cells, cellsRight       int
	filled, entriesExact           int
	entryCells, entryRight         int
	allExact, corrected, unsettled int
	mistakes                       map[string]int
}

// modelFlag is a model to measure instead of the embedded one: a recipe
// check's (go run ./cmd/train -check -out FILE), or one trained without
// a source (-leave). With checkFlag, kubiesa/train is two parts, the half
// a check's model was trained on and the check half, and kubiesa/val is
// not read at all.
var (
	modelFlag = flag.String("picture.model", "", "weights to read with instead of model.bin")
	checkFlag = flag.Bool("picture.check", false, "split kubiesa/train as cmd/train -check does, and leave kubiesa/val out")
)

// useModelFlag puts -picture.model in place of the embedded model, even
// when a test before has read with it.
func useModelFlag(t testing.TB) {
	if *modelFlag == "" {
		return
	}
	data, err := os.ReadFile(*modelFlag)
	if err != nil {
		t.Fatal(err)
	}
	e := mustModel(data)
	model = func() nn.Ensemble { return e }
}

// photoSamples returns the shared photos as samples, each in its part:
// its source and, where the split is ours, its half. For a recipe check,
// kubiesa/train is split in two and kubiesa/val left out.
func photoSamples(photos []photoset.Photo, check bool) []sample {
	held, checked := photoset.HeldOut(photos), photoset.CheckHalf(photos)
	var out []sample
	for _, p := range photos {
		part := p.Source()
		switch {
		case check && part == "kubiesa/val":
			continue
		case check && part == "kubiesa/train":
			part += map[bool]string{false: " (trained)", true: " (check half)"}[checked[p.Puzzle]]
		case !strings.HasPrefix(part, "kubiesa/"):
			part += map[bool]string{false: " tuning", true: " held-out"}[held[p.Puzzle]]
		}
		out = append(out, sample{part: part, file: filepath.Join(picturesDir, p.File), kind: p.Kind,
			givens: p.Givens, entries: p.Entries, corners: p.Corners, hasCorners: p.HasCorners})
	}
	return out
}

// appsDir holds screenshots of real open-source Sudoku web apps, a folder
// an app with its manifest.tsv (cmd/appshots made them; each folder's
// README says how).
const appsDir = "testdata/apps"

// appSamples returns the apps' screenshots as samples, a part an app
// ("app: super-sudoku"). Every screenshot counts as filled in: its entries,
// none at the start of a game, are what a reader should find written, and
// cells holding pencil marks only should read blank.
func appSamples(t testing.TB) []sample {
	t.Helper()
	manifests, err := filepath.Glob(filepath.Join(appsDir, "*", "manifest.tsv"))
	if err != nil || len(manifests) == 0 {
		t.Fatalf("no app screenshots in %s (%v)", appsDir, err)
	}
	var out []sample
	for _, m := range manifests {
		dir := filepath.Dir(m)
		shots, err := photoset.Read(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range shots {
			part := "app: " + filepath.Base(dir)
			if cutByApp[filepath.Base(dir)+"/"+p.File] {
				part += ", board cut by the app"
			}
			s := sample{part: part, file: filepath.Join(dir, p.File),
				kind: "photo-filled", givens: p.Givens, entries: p.Entries}
			for _, i := range p.MarkCells {
				s.marks[i] = true
			}
			out = append(out, s)
		}
	}
	return out
}

// cutByApp are the apps' screenshots whose board the app itself drew cut:
// on a phone, sudoku-play's rows that hold pencil marks grow taller and
// its board overflows its box, so a row or two, and a sliver of another,
// are not in the picture at all, though the labels (from the app's page)
// hold them. Found by looking at every sudoku-play phone shot: these show
// 7 or 8 rows and a sliver, the others all nine (g05-s2 included). Their
// chat previews are the same pictures scaled. No reader can read them
// right; they are a part of their own, so that the app's part says how
// well its whole boards are read.
var cutByApp = map[string]bool{
	"sudoku-play/g01-s1-light-phone.webp": true, "sudoku-play/g01-s1-light-chat.jpg": true,
	"sudoku-play/g00-s2-light-phone.webp": true, "sudoku-play/g00-s2-light-chat.jpg": true,
	"sudoku-play/g01-s2-light-phone.webp": true, "sudoku-play/g01-s2-light-chat.jpg": true,
	"sudoku-play/g02-s2-light-phone.webp": true, "sudoku-play/g02-s2-light-chat.jpg": true,
	"sudoku-play/g03-s2-light-phone.webp": true, "sudoku-play/g03-s2-light-chat.jpg": true,
	"sudoku-play/g04-s2-light-phone.webp": true, "sudoku-play/g04-s2-light-chat.jpg": true,
}

// measureSamples reads every sample, on every core, and tallies each part.
func measureSamples(t testing.TB, samples []sample) map[string]*tally {
	out := map[string]*tally{}
	var mu sync.Mutex
	onEveryCore(samples, func(s sample) {
		r, placed := readSample(t, s)
		mu.Lock()
		defer mu.Unlock()
		if out[s.part] == nil {
			out[s.part] = &tally{mistakes: map[string]int{}}
		}
		out[s.part].add(s, r, placed)
	})
	return out
}

// onEveryCore calls do for every sample, on as many goroutines as there
// are cores, and returns when all are done.
func onEveryCore(samples []sample, do func(sample)) {
	work := make(chan sample)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for s := range work {
				do(s)
			}
		})
	}
	for _, s := range samples {
		work <- s
	}
	close(work)
	wg.Wait()
}

// readSample reads one sample, and whether its grid was found where the
// labels put it (false when they do not say).
func readSample(t testing.TB, s sample) (*Reading, bool) {
	data := s.data
	if data == nil {
		var err error
		if data, err = os.ReadFile(s.file); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Read(context.Background(), data)
	if err != nil {
		return nil, false
	}
	return r, s.hasCorners && near(r.Board.Corners, s.corners)
}

// near reports whether every corner found is within 4% of the grid's side
// of the labelled one.
func near(found [4]Point, want [4][2]float64) bool {
	side := math.Hypot(want[1][0]-want[0][0], want[1][1]-want[0][1])
	for k, c := range found {
		if math.Hypot(c.X-want[k][0], c.Y-want[k][1]) > 0.04*side {
			return false
		}
	}
	return true
}

// add counts one sample read as r (nil when no grid was found).
func (t *tally) add(s sample, r *Reading, placed bool) {
	t.n++
	filled := s.kind == "photo-filled"
	if filled {
		t.filled++
	}
	if s.hasCorners {
		t.withCorners++
		if placed {
			t.placed++
		}
	}
	t.cells += 81
	if filled {
		t.entryCells += 81
	}
	if r == nil {
		return
	}
	t.found++
	g, e := r.Givens(), r.Entries()
	if g == s.givens {
		t.exact++
		if e == s.entries {
			t.allExact++
		}
	}
	if filled && e == s.entries {
		t.entriesExact++
	}
	if len(r.Corrected) > 0 {
		t.corrected++
	}
	if r.Unresolved {
		t.unsettled++
	}
	for i := range 81 {
		if g[i] == s.givens[i] {
			t.cellsRight++
		}
		if filled && e[i] == s.entries[i] {
			t.entryRight++
		}
		if m := mistake(s.givens[i], s.entries[i], g[i], e[i]); m != "" {
			if s.marks[i] {
				m = "pencil marks " + strings.TrimPrefix(m, "blank ")
			}
			if m == "written missed" {
				m += whyMissed(r.Cells[i])
			}
			t.mistakes[m]++
		}
	}
}

// whyMissed says why a written digit read as nothing: no mark was
// measured in its cell, the classifier read the mark as blank, or the
// board-wide decision blanked the digit it read, by the rule named (a
// pencil mark's size, a pair of candidates, a note), or otherwise.
func whyMissed(c Cell) string {
	switch {
	case &c.probs[0] == &blankProbs[0]:
		return " (no mark)"
	case best(c.probs) == 0:
		return " (classifier)"
	case c.blankedBy != "":
		return " (decision: " + c.blankedBy + ")"
	}
	return " (decision)"
}

// table lays the tallies out as the user's manual (docs/manual.md) shows them.
func table(parts map[string]*tally) string {
	names := slices.Sorted(maps.Keys(parts))
	var b strings.Builder
	b.WriteString("| part | pictures | grid found | found where labelled | givens exact | given cells | every entry right | entry cells |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, n := range names {
		t := parts[n]
		where, entries, entryCells := "–", "–", "–"
		if t.withCorners > 0 {
			where = fmt.Sprintf("%.1f%%", pct(t.placed, t.withCorners))
		}
		if t.filled > 0 {
			entries = fmt.Sprintf("%d (%.1f%%)", t.entriesExact, pct(t.entriesExact, t.filled))
			entryCells = fmt.Sprintf("%.2f%%", pct(t.entryRight, t.entryCells))
		}
		fmt.Fprintf(&b, "| %s | %d | %.1f%% | %s | %d (%.1f%%) | %.2f%% | %s | %s |\n", n, t.n, pct(t.found, t.n), where,
			t.exact, pct(t.exact, t.n), pct(t.cellsRight, t.cells), entries, entryCells)
	}
	b.WriteString("\nmistakes by part (cells):\n")
	for _, n := range names {
		fmt.Fprintf(&b, "- %s: %v\n", n, parts[n].mistakes)
	}
	return b.String()
}

// BenchmarkAccuracy reads every labelled picture there is (the shared
// photos, source by source and half by half, when the shared folder is
// here, the screenshots of real apps in testdata/apps, app by app, and
// clean renders in held-out and training fonts when the fonts are
// installed) and prints the table docs/manual.md shows. It measures accuracy, not time:
//
//	go test ./picture -run X -bench Accuracy -benchtime 1x
//
// With -picture.model FILE it measures that model instead, and with
// -picture.check a recipe check's parts.
func BenchmarkAccuracy(b *testing.B) {
	useModelFlag(b)
	samples := appSamples(b)
	if photos, err := photoset.Read(picturesDir); err == nil {
		samples = append(samples, photoSamples(photos, *checkFlag)...)
	} else {
		b.Logf("no shared pictures in %s: the table has the apps' screenshots only", picturesDir)
	}
	samples = append(samples, renderSamples(b)...)
	var parts map[string]*tally
	for b.Loop() {
		parts = measureSamples(b, samples)
	}
	fmt.Println(table(parts)) // b.Log would cut the table at ten lines
}
