package daily_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
)

// edits is a fake Edit: it answers with the next planned error (nil
// once they run out) and records what it edited.
type edits struct {
	plan []error
	made []daily.PostEdit
}

func (f *edits) edit(_ context.Context, e daily.PostEdit) error {
	var err error
	if len(f.plan) > 0 {
		err, f.plan = f.plan[0], f.plan[1:]
	}
	if err == nil {
		f.made = append(f.made, e)
	}
	return err
}

// postedToday makes the server's post of today and returns the Poster's
// service, clock and today's number.
func postedToday(t *testing.T) (*daily.Service, *clock, int) {
	t.Helper()
	p, c, _ := newPoster(t)
	if rep := round(t, p); rep.Made != 1 {
		t.Fatalf("post round = %+v, want one made", rep)
	}
	n, err := p.Service.Today(context.Background(), "g")
	must(t, err)
	return p.Service, c, n
}

// TestEditorCoalesces: 30 solves within a gap make one edit, the next
// solve waits for the gap; an edit Discord refuses stops the post's
// edits, one that fails is tried again.
func TestEditorCoalesces(t *testing.T) {
	s, c, n := postedToday(t)
	ctx := context.Background()
	f := &edits{}
	ed := &daily.Editor{Service: s, Edit: f.edit, Gap: 5 * time.Second}
	p, err := s.Puzzle(ctx, n)
	must(t, err)
	for u := range 30 {
		_, _, err := s.Play(ctx, "g", fmt.Sprint("u", u))
		must(t, err)
		out, err := s.Submit(ctx, "g", fmt.Sprint("u", u), n, p.Solution, daily.Aids{})
		if err != nil || out.Verdict != daily.Correct {
			t.Fatalf("submit %d: %v, %v", u, out.Verdict, err)
		}
	}
	rep, err := ed.Round(ctx)
	must(t, err)
	if rep.Made != 1 || len(f.made) != 1 || f.made[0].Channel != "c" || f.made[0].Message != "message-c" {
		t.Fatalf("first round: %+v, edits %+v; want one edit of the post", rep, f.made)
	}
	out, err := s.Submit(ctx, "g", "late", n, p.Solution, daily.Aids{})
	if err != nil || !out.First {
		t.Fatal(err)
	}
	c.Set(c.Now().Add(2 * time.Second))
	if rep, _ := ed.Round(ctx); rep.Made != 0 {
		t.Errorf("an edit within the gap: %+v", rep)
	}
	c.Set(c.Now().Add(5 * time.Second))
	f.plan = []error{errors.New("502 Bad Gateway")}
	if rep, _ := ed.Round(ctx); rep.Failed != 1 {
		t.Errorf("a failing edit: %+v, want it failed", rep)
	}
	if rep, _ := ed.Round(ctx); rep.Made != 1 {
		t.Errorf("after a failure: %+v, want the edit made", rep)
	}
	_, _, err = s.Play(ctx, "g", "newcomer")
	must(t, err)
	c.Set(c.Now().Add(10 * time.Second))
	f.plan = []error{fmt.Errorf("%w: 404 Unknown Message", daily.ErrRefused)}
	if rep, _ := ed.Round(ctx); rep.Stopped != 1 {
		t.Errorf("a refused edit: %+v, want the post's edits stopped", rep)
	}
	_, err = s.Submit(ctx, "g", "newcomer", n, p.Solution, daily.Aids{})
	must(t, err)
	c.Set(c.Now().Add(time.Hour))
	if rep, _ := ed.Round(ctx); rep != (daily.EditReport{}) || len(f.made) != 2 {
		t.Errorf("after the refusal: %+v and %d edits, want nothing more", rep, len(f.made))
	}
}

// TestGroupStreak: the days in a row someone solved, and the run a day
// without a solve broke.
func TestGroupStreak(t *testing.T) {
	s, _, n := postedToday(t)
	ctx := context.Background()
	for _, day := range []int{n - 5, n - 3, n - 2, n - 1} {
		p, err := s.Puzzle(ctx, day)
		must(t, err)
		_, _, _, err = s.Store.Record(ctx, daily.Solve{Guild: "g", User: "u", Day: day, At: daily.Date(day), Level: p.Level})
		must(t, err)
	}
	for _, tt := range []struct{ day, run, broken int }{{n - 1, 3, 0}, {n, 0, 3}, {n - 4, 0, 1}, {n - 5, 1, 0}} {
		run, broken, err := s.GroupStreak(ctx, "g", tt.day)
		if err != nil || run != tt.run || broken != tt.broken {
			t.Errorf("GroupStreak(day %d) = %d, %d, %v; want %d, %d", tt.day-n, run, broken, err, tt.run, tt.broken)
		}
	}
}

// TestReminderRoundIsBounded: a round sends at most Limit DMs; the rest
// go in the next.
func TestReminderRoundIsBounded(t *testing.T) {
	s, _, _ := postedToday(t)
	ctx := context.Background()
	for u := range 25 {
		must(t, s.Store.SetReminder(ctx, daily.Reminded{User: fmt.Sprint("u", u)}, "g", 0))
	}
	sent := 0
	r := &daily.Reminder{Service: s, Limit: 20, Send: func(context.Context, string, daily.Reminded, int) error { sent++; return nil }}
	for k, want := range []int{20, 5, 0} {
		rep, err := r.Round(ctx)
		if err != nil || rep.Sent != want {
			t.Errorf("round %d: %+v, %v; want %d sent", k+1, rep, err, want)
		}
	}
	if sent != 25 {
		t.Errorf("%d DMs in all, want 25", sent)
	}
}
