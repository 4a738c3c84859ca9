package daily

import (
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/i18n"
)

func TestShareGrid(t *testing.T) {
	tests := []struct{ shape, want string }{
		{"abchwabca", "🟩🟨🟧\n💡🟥🟩\n🟨🟧🟩"},
		{"aaaa", ""},      // a 4×4 has no 3×3 grid
		{"", ""},          // an answer typed whole
		{"abcabcabz", ""}, // a letter it does not know
	}
	for _, tt := range tests {
		if got := shareGrid(tt.shape); got != tt.want {
			t.Errorf("shareGrid(%q) = %q, want %q", tt.shape, got, tt.want)
		}
	}
	e := Entry{Timed: true, Took: 252 * time.Second, Aids: Aids{Checks: 1, Hints: 2, Shape: "aaabbbccc"}}
	want := "Daily #326 — 4:12, no mistakes, 🔥 5-day streak, 1 check, 2 hints\n🟩🟩🟩\n🟨🟨🟨\n🟧🟧🟧"
	if got := Share(i18n.For(""), 326, e, 5); got != want {
		t.Errorf("share = %q, want %q", got, want)
	}
}
