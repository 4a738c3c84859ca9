package picture

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokubot/sudokubot/internal/photoset"
)

// TestReadPhotos measures Read on the shared photos, each half of the
// split by puzzle.
func TestReadPhotos(t *testing.T) {
	if raceEnabled {
		t.Skip("skipping under the race detector, which makes reading pictures ten times slower: the plain go test ./... measures accuracy")
	}
	if testing.Short() {
		t.Skip("skipping in -short mode: reads 317 photos")
	}
	dir := photoset.Dir()
	photos, err := photoset.Read(dir)
	if err != nil {
		t.Skipf("skipping: no shared photos (%v)", err)
	}
	photos = tunedSource(t, photos)
	held := photoset.HeldOut(photos)
	type tally struct{ n, found, exact, givenCells, givenRight, entryCells, entryRight, corrected, unresolved int }
	var halves [2]tally
	mistakes := [2]map[string]int{{}, {}}
	// photos and exact reads of each kind, by half
	byKind := [2]map[string]*[2]int{{"photo": {}, "photo-filled": {}}, {"photo": {}, "photo-filled": {}}}
	for _, p := range photos {
		data, err := os.ReadFile(filepath.Join(dir, p.File))
		if err != nil {
			t.Fatal(err)
		}
		half := 0
		if held[p.Puzzle] {
			half = 1
		}
		h := &halves[half]
		h.n++
		kind := byKind[half][p.Kind]
		if kind == nil {
			kind = &[2]int{}
			byKind[half][p.Kind] = kind
		}
		kind[0]++
		r, err := Read(context.Background(), data)
		if err != nil {
			continue
		}
		h.found++
		g, e := r.Givens(), r.Entries()
		if g == p.Givens {
			h.exact++
			kind[1]++
		}
		if len(r.Corrected) > 0 {
			h.corrected++
		}
		if r.Unresolved {
			h.unresolved++
		}
		for i := range 81 {
			h.givenCells++
			if g[i] == p.Givens[i] {
				h.givenRight++
			}
			if m := mistake(p.Givens[i], p.Entries[i], g[i], e[i]); m != "" {
				mistakes[half][m]++
			}
			if p.Kind == "photo-filled" {
				h.entryCells++
				if e[i] == p.Entries[i] {
					h.entryRight++
				}
			}
		}
	}
	for k, name := range []string{"tuning", "held-out"} {
		h := halves[k]
		t.Logf("%s: %d photos, found %d, givens exact %d (%.1f%%), given cells %.2f%%, entry cells %.2f%%, corrected %d, unresolved %d",
			name, h.n, h.found, h.exact, pct(h.exact, h.n), pct(h.givenRight, h.givenCells), pct(h.entryRight, h.entryCells), h.corrected, h.unresolved)
		for _, kind := range []string{"photo", "photo-filled"} {
			c := byKind[k][kind]
			t.Logf("%s: %s: %d of %d exact (%.1f%%)", name, kind, c[1], c[0], pct(c[1], c[0]))
		}
		t.Logf("%s: mistakes by kind %v", name, mistakes[k])
	}
	// Floors a little under what the tuning half reached with this model
	// (88.9% exact, 99.3% of given cells): they only rise.
	if pct(halves[0].exact, halves[0].n) < 87 || pct(halves[0].givenRight, halves[0].givenCells) < 99 {
		t.Errorf("the tuning half fell below its floors (87%% of photos exact, 99%% of given cells)")
	}
}

// mistake names how a cell was misread, from what it holds (a printed
// digit or '.', a written one or '.') and what was read; "" when right.
func mistake(given, entry, readGiven, readEntry byte) string {
	switch {
	case given == readGiven && entry == readEntry:
		return ""
	case given != '.' && readGiven == given:
		return "" // a given read right; the entry column is not its concern
	case given != '.' && readGiven == '.' && readEntry == '.':
		return "given missed"
	case given != '.' && readEntry == given:
		return "given read as written"
	case given != '.' && readGiven != '.':
		return "given's digit"
	case given != '.':
		return "given read as another written digit"
	case readGiven != '.' && entry != '.':
		return "written read as given"
	case readGiven != '.':
		return "blank read as given"
	case entry != '.' && readEntry == '.':
		return "written missed"
	case entry != '.':
		return "written's digit"
	}
	return "blank read as written"
}
