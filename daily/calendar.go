// Package daily holds the rules of the daily challenge: which puzzle is
// today's, how submissions count, streaks, points and leaderboards, when
// each server's post is due, and how it is made exactly once (Poster). It
// declares the Store it needs; the store package implements it. Time
// always comes from an injected clock.
package daily

import (
	"time"

	"github.com/sudokubot/sudokubot/solver/logic"
)

// Epoch is the date of Daily #1. Day numbers count civil dates from it, so
// they do not depend on any timezone's daylight-saving rules.
var Epoch = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// Grace is how long after its day ends a puzzle started that day can still
// be submitted, so a player who finishes just after midnight keeps it.
const Grace = time.Hour

// DayOf returns the number of the daily puzzle on t's date in loc.
func DayOf(t time.Time, loc *time.Location) int {
	y, m, d := t.In(loc).Date()
	civil := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	return int(civil.Sub(Epoch).Hours()/24) + 1
}

// Date returns the civil date of day n, as midnight UTC.
func Date(n int) time.Time { return Epoch.AddDate(0, 0, n-1) }

// Start returns when day n begins in loc: local midnight, or the first
// instant after it where a daylight-saving change skips midnight.
func Start(n int, loc *time.Location) time.Time { return At(n, 0, loc) }

// At returns hour o'clock local time on day n in loc (normalised by the
// time package where a daylight-saving change skips that hour).
func At(n, hour int, loc *time.Location) time.Time {
	y, m, d := Date(n).Date()
	return time.Date(y, m, d, hour, 0, 0, 0, loc)
}

// LevelOf returns day n's difficulty: the week ramps from easy on Monday
// to extreme on Sunday.
func LevelOf(n int) logic.Level {
	switch Date(n).Weekday() {
	case time.Monday, time.Tuesday:
		return logic.Easy
	case time.Wednesday, time.Thursday:
		return logic.Medium
	case time.Friday:
		return logic.Hard
	case time.Saturday:
		return logic.Expert
	}
	return logic.Extreme
}

// WeekStart returns the day number of the Monday of day n's week.
func WeekStart(n int) int {
	wd := int(Date(n).Weekday()+6) % 7 // Monday 0 … Sunday 6
	return n - wd
}

// Points returns what a solve of a puzzle at level earns: ten per level
// step (easy 10 … extreme 50), and five more without a wrong submission.
func Points(level logic.Level, wrong int) int {
	p := 10 * (int(level) + 1)
	if wrong == 0 {
		p += 5
	}
	return p
}

// Streaks returns, for a set of solved day numbers in ascending order
// without repeats, the length of the run ending at the last one and the
// longest run.
func Streaks(days []int) (current, best int) {
	for k, d := range days {
		if k > 0 && d == days[k-1]+1 {
			current++
		} else {
			current = 1
		}
		best = max(best, current)
	}
	return current, best
}

// MonthStart returns the number of the day that begins the calendar month
// of day n (its 1st).
func MonthStart(n int) int {
	d := Date(n)
	return DayOf(time.Date(d.Year(), d.Month(), 1, 12, 0, 0, 0, time.UTC), time.UTC)
}
