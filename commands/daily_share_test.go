package commands

import (
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
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
	e := daily.Entry{Timed: true, Took: 252 * time.Second, Aids: daily.Aids{Checks: 1, Hints: 2, Shape: "aaabbbccc"}}
	want := "Daily #326 — 4:12, no mistakes, 🔥 5-day streak, 1 check, 2 hints\n🟩🟩🟩\n🟨🟨🟨\n🟧🟧🟧"
	if got := share(i18n.For(""), 326, e, 5); got != want {
		t.Errorf("share = %q, want %q", got, want)
	}
}

func TestCalendar(t *testing.T) {
	st := daily.Stats{Today: 100, Recent: []daily.Entry{{Day: 73}, {Day: 80}, {Day: 100}}}
	got := calendar(st)
	want := "🟩⬜⬜⬜⬜⬜⬜\n🟩⬜⬜⬜⬜⬜⬜\n⬜⬜⬜⬜⬜⬜⬜\n⬜⬜⬜⬜⬜⬜🟩"
	if got != want {
		t.Errorf("calendar =\n%s\nwant (days 73, 80 and 100 of 73–100)\n%s", got, want)
	}
}

// TestDailyStatsShowTheRecentSolves: /daily stats shows the last four
// weeks and the latest solve's share.
func TestDailyStatsShowTheRecentSolves(t *testing.T) {
	f := newDaily(t)
	p := f.today()
	f.do(sub("play", nil))
	f.do(sub("submit", map[string]any{"answer": p.Solution.String()}))
	resp, i := f.do(sub("stats", nil))
	f.want(resp, i, false, "Last 4 weeks:\n", "Latest:\n```\nDaily #")
	if n := strings.Count(resp.Content, "🟩"); n != 1 {
		t.Errorf("the calendar shows %d days solved, want 1:\n%s", n, resp.Content)
	}
}

func TestDailyPostDay(t *testing.T) {
	tests := []struct {
		content string
		day     int
		ok      bool
	}{
		{"🧩 **Daily #326** · Sunday 22 November · extreme\nPress **Play**", 326, true},
		{"<@&42> 🧩 **Daily #7** · Wednesday", 7, true},
		{"📅 The daily Sudoku will be posted here every day at 09:00", 0, false},
		{"🧩 **Daily #12x** ·", 0, false},
		{"🧩 **Daily #0**", 0, false},
	}
	for _, tt := range tests {
		if day, ok := DailyPostDay(tt.content); day != tt.day && tt.ok || ok != tt.ok {
			t.Errorf("DailyPostDay(%q) = %d, %v; want %d, %v", tt.content, day, ok, tt.day, tt.ok)
		}
	}
}
