package commands

import (
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/daily"
)

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
