package bot

import (
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/limit"
)

// TestTapsCostATenth: a board tap takes a tenth of a command's share of
// the rate (tapCost), so a player taps through a puzzle while commands
// stay bounded.
func TestTapsCostATenth(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	l := limit.NewBuckets(5, 2*time.Second, func() time.Time { return now })
	taps := 0
	for {
		if _, ok := l.Allow("u", 0.1); !ok {
			break
		}
		taps++
	}
	if taps < 49 || taps > 50 { // 5 tokens of 0.1, give or take rounding
		t.Errorf("%d taps in a burst, want 50", taps)
	}
	if _, ok := l.Allow("u", 1); ok {
		t.Error("a command went through an exhausted bucket")
	}
	now = now.Add(200 * time.Millisecond) // a tenth of a token back
	if _, ok := l.Allow("u", 0.1); !ok {
		t.Error("a tap 0.2 s later was refused")
	}
	if wait, ok := l.Allow("v", 1); !ok || wait != 0 {
		t.Errorf("another user's first command = %v, %v", wait, ok)
	}
}
