package store

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// TestScoreboardEdits: a made post counts the changes it is behind; one
// caller claims its edit, at most once per gap; an edit clears only the
// changes it read; a stopped post is never claimed again.
func TestScoreboardEdits(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx := open(), context.Background()
		gap, lease := 5*time.Second, time.Minute
		claim := func(at time.Time) []daily.PostEdit {
			t.Helper()
			e, err := d.ClaimEdits(ctx, 9, at, gap, lease)
			must(t, err)
			return e
		}
		must(t, d.Behind(ctx, "g", 10)) // no post yet: nothing to count
		if ok, _, err := d.ClaimPost(ctx, "g", 10, t0, lease); !ok || err != nil {
			t.Fatalf("ClaimPost = %v, %v", ok, err)
		}
		must(t, d.PostDone(ctx, "g", 10, "chan", "msg"))
		if e := claim(t0); len(e) != 0 {
			t.Fatalf("a post not behind was claimed: %+v", e)
		}
		for range 3 {
			must(t, d.Behind(ctx, "g", 10))
		}
		e := claim(t0)
		want := []daily.PostEdit{{Guild: "g", Channel: "chan", Message: "msg", Day: 10, Behind: 3}}
		if !reflect.DeepEqual(e, want) {
			t.Fatalf("ClaimEdits = %+v, want %+v", e, want)
		}
		if again := claim(t0.Add(time.Second)); len(again) != 0 {
			t.Error("a claimed edit was claimed again within its lease")
		}
		must(t, d.Behind(ctx, "g", 10)) // a solve during the edit
		must(t, d.EditDone(ctx, e[0], t0.Add(time.Second)))
		if soon := claim(t0.Add(3 * time.Second)); len(soon) != 0 {
			t.Error("an edit was claimed within the gap of the last")
		}
		next := claim(t0.Add(7 * time.Second))
		if len(next) != 1 || next[0].Behind != 1 {
			t.Fatalf("after the gap: %+v, want the one change the edit did not show", next)
		}
		must(t, d.EditFailed(ctx, next[0], false))
		if retry := claim(t0.Add(8 * time.Second)); len(retry) != 1 {
			t.Fatal("a failed edit was not tried again")
		}
		must(t, d.EditFailed(ctx, next[0], true))
		must(t, d.Behind(ctx, "g", 10))
		if stopped := claim(t0.Add(time.Hour)); len(stopped) != 0 {
			t.Errorf("a stopped post was claimed: %+v", stopped)
		}
	})
}

// TestSolveWhilePosting: a solve recorded while the post is being made
// (its results may have been read before it) leaves the made post behind,
// so an edit follows.
func TestSolveWhilePosting(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx := open(), context.Background()
		if ok, _, err := d.ClaimPost(ctx, "g", 10, t0, time.Minute); !ok || err != nil {
			t.Fatalf("ClaimPost = %v, %v", ok, err)
		}
		must(t, d.Behind(ctx, "g", 10)) // the solve lands between the post's read and its record
		must(t, d.PostDone(ctx, "g", 10, "chan", "msg"))
		e, err := d.ClaimEdits(ctx, 9, t0, 5*time.Second, time.Minute)
		must(t, err)
		if len(e) != 1 || e[0].Behind != 1 {
			t.Fatalf("ClaimEdits = %+v, want the post behind by the solve made while it was sent", e)
		}
	})
}

// TestResultsAndSolvedDays: timed solves by time, then untimed ones; the
// counts; and the days someone solved.
func TestResultsAndSolvedDays(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx := open(), context.Background()
		solve := func(user string, day int, start, took time.Duration, aids daily.Aids) {
			t.Helper()
			if start >= 0 {
				_, err := d.Start(ctx, "g", user, day, t0.Add(start))
				must(t, err)
			}
			_, _, _, err := d.Record(ctx, daily.Solve{Guild: "g", User: user, Day: day, At: t0.Add(start + took),
				Level: logic.Easy, Aids: aids})
			must(t, err)
		}
		solve("slow", 10, 0, 9*time.Minute, daily.Aids{})
		solve("noclock", 10, -1, time.Minute, daily.Aids{})
		solve("fast", 10, time.Minute, 3*time.Minute, daily.Aids{Checks: 2, Hints: 1})
		_, err := d.Start(ctx, "g", "playing", 10, t0)
		must(t, err)
		solve("other-day", 8, 0, time.Minute, daily.Aids{})
		r, err := d.Results(ctx, "g", 10, 2)
		must(t, err)
		var got []string
		for _, e := range r.Solvers {
			got = append(got, fmt.Sprintf("%s %v %v %d/%d", e.User, e.Timed, e.Took, e.Checks, e.Hints))
		}
		want := []string{"fast true 3m0s 2/1", "slow true 9m0s 0/0"}
		if r.Solved != 3 || r.Playing != 1 || !reflect.DeepEqual(got, want) {
			t.Errorf("Results = %d solved, %d playing, %v; want 3, 1, %v", r.Solved, r.Playing, got, want)
		}
		if all, _ := d.Results(ctx, "g", 10, 10); len(all.Solvers) != 3 || all.Solvers[2].User != "noclock" {
			t.Errorf("the untimed solve is not last: %+v", all.Solvers)
		}
		history, err := d.History(ctx, "g", "fast", 1, 20)
		if err != nil || len(history) != 1 || history[0].Day != 10 || history[0].Hints != 1 {
			t.Errorf("History = %+v, %v; want fast's solve of day 10 with its hint", history, err)
		}
		days, err := d.SolvedDays(ctx, "g", 1, 20)
		if err != nil || !reflect.DeepEqual(days, []int{8, 10}) {
			t.Errorf("SolvedDays = %v, %v; want [8 10]", days, err)
		}
	})
}

// TestEditClaimedOnce: two processes ask for the edits due at the same
// moment, again and again; each change is claimed by one of them only.
func TestEditClaimedOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		a, b, ctx := open(), open(), context.Background()
		if ok, _, err := a.ClaimPost(ctx, "g", 10, t0, time.Minute); !ok || err != nil {
			t.Fatalf("ClaimPost = %v, %v", ok, err)
		}
		must(t, a.PostDone(ctx, "g", 10, "chan", "msg"))
		for round := range 20 {
			must(t, a.Behind(ctx, "g", 10))
			at := t0.Add(time.Duration(round) * time.Minute)
			got := make(chan int, 2)
			for _, d := range []*DB{a, b} {
				go func() {
					e, err := d.ClaimEdits(ctx, 9, at, time.Second, time.Hour)
					if err != nil {
						t.Error(err)
					}
					if len(e) == 1 {
						if err := d.EditDone(ctx, e[0], at); err != nil {
							t.Error(err)
						}
					}
					got <- len(e)
				}()
			}
			if n := <-got + <-got; n != 1 {
				t.Fatalf("round %d: the edit was claimed %d times, want once", round, n)
			}
		}
	})
}

// TestMonthBoard: points of the days since the month's 1st, ranked by
// points, then user id; the last month's solves do not count.
func TestMonthBoard(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx := open(), context.Background()
		first := daily.MonthStart(45) // day 45 is 14 February 2026
		if first != 32 {
			t.Fatalf("MonthStart(45) = %d, want 32 (1 February)", first)
		}
		solve := func(user string, day int, level logic.Level) {
			t.Helper()
			_, _, _, err := d.Record(ctx, daily.Solve{Guild: "g", User: user, Day: day, At: t0, Level: level})
			must(t, err)
		}
		solve("ann", 31, logic.Extreme) // 31 January: last month
		solve("ann", 32, logic.Easy)
		solve("bob", 40, logic.Medium)
		solve("bob", 45, logic.Easy)
		solve("cy", 44, logic.Hard)
		b, err := d.Leaderboard(ctx, "g", "ann", daily.PeriodMonth, 45, 2)
		must(t, err)
		var got []string
		for _, r := range b.Top {
			got = append(got, fmt.Sprintf("%d %s %d/%d", r.Rank, r.User, r.Value, r.Extra))
		}
		easy, medium, hard := daily.Points(logic.Easy, 0), daily.Points(logic.Medium, 0), daily.Points(logic.Hard, 0)
		want := []string{fmt.Sprintf("1 bob %d/2", easy+medium), fmt.Sprintf("2 cy %d/1", hard)}
		if !reflect.DeepEqual(got, want) || b.Own == nil || b.Own.Rank != 3 || b.Own.Value != int64(easy) {
			t.Errorf("month board = %v, own %+v; want %v and ann 3rd with %d", got, b.Own, want, easy)
		}
	})
}
