package commands

import (
	"strings"
	"testing"
)

// TestPackReading: the Play button's packed reading gives back the
// printed and the written-in digits.
func TestPackReading(t *testing.T) {
	givens := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	entries := "..4..........................................................................5..."
	packed := packReading(givens, entries)
	if len(packed) != 81 || len(readingID.ID(packed)) > 100 {
		t.Fatalf("packed %q: does not fit a custom id", packed)
	}
	g, e, ok := unpackReading(packed)
	if !ok || g != givens || e != entries {
		t.Errorf("unpacked %q %q %v", g, e, ok)
	}
	for _, bad := range []string{"", packed[:80], strings.Replace(packed, "5", "z", 1), strings.Replace(packed, ".", "0", 1)} {
		if _, _, ok := unpackReading(bad); ok {
			t.Errorf("unpackReading(%q) accepted", bad)
		}
	}
}

// FuzzUnpackReading: any custom id's argument is a reading or refused,
// and a reading packs back to itself.
func FuzzUnpackReading(f *testing.F) {
	f.Add(packReading(strings.Repeat(".", 80)+"1", "7"+strings.Repeat(".", 80)))
	f.Add("a")
	f.Fuzz(func(t *testing.T, s string) {
		g, e, ok := unpackReading(s)
		if ok && packReading(g, e) != s {
			t.Errorf("%q unpacks to %q %q, which packs to %q", s, g, e, packReading(g, e))
		}
	})
}
