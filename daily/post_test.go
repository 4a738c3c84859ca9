package daily_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
)

// sends is a fake Send: each call takes the next behaviour ("ok", "fail",
// "hang" until the context ends), "ok" once they run out.
type sends struct {
	mu    sync.Mutex
	plan  []string
	calls []string // channels, in order
}

func (f *sends) send(ctx context.Context, guild, channel string, day int) (string, error) {
	f.mu.Lock()
	what := "ok"
	if len(f.plan) > 0 {
		what, f.plan = f.plan[0], f.plan[1:]
	}
	f.calls = append(f.calls, channel)
	f.mu.Unlock()
	switch what {
	case "fail":
		return "", errors.New("403 Forbidden")
	case "hang":
		<-ctx.Done()
		return "", ctx.Err()
	}
	return "message-" + channel, nil
}

func (f *sends) count() int { f.mu.Lock(); defer f.mu.Unlock(); return len(f.calls) }

// newPoster returns a Poster for one server posting at 09:00 Paris time,
// with the clock at 09:00 that day.
func newPoster(t *testing.T, plan ...string) (*daily.Poster, *clock, *sends) {
	t.Helper()
	paris := mustLoc(t, "Europe/Paris")
	s, c := newService(t, time.Date(2026, 11, 20, 9, 0, 0, 0, paris))
	must(t, s.Setup(context.Background(), daily.Guild{ID: "g", Channel: "c", Hour: 9, Timezone: "Europe/Paris"}))
	f := &sends{plan: plan}
	p := &daily.Poster{Service: s, Send: f.send, Lease: 10 * time.Minute, Retry: 5 * time.Minute,
		SendTimeout: 20 * time.Millisecond, Wait: func(context.Context, time.Duration) error { return nil }}
	return p, c, f
}

func round(t *testing.T, p *daily.Poster) daily.Report {
	t.Helper()
	rep, err := p.Round(context.Background())
	must(t, err)
	return rep
}

func TestPosterPostsOnceAndRecords(t *testing.T) {
	p, _, f := newPoster(t)
	if rep := round(t, p); rep != (daily.Report{Made: 1}) || f.count() != 1 {
		t.Fatalf("first round = %+v after %d sends, want one post made", rep, f.count())
	}
	if rep := round(t, p); rep != (daily.Report{}) || f.count() != 1 {
		t.Errorf("second round = %+v after %d sends, want nothing: the post is recorded", rep, f.count())
	}
}

func TestPosterRetriesARefusedOrHungPost(t *testing.T) {
	for _, what := range []string{"fail", "hang"} {
		t.Run(what, func(t *testing.T) {
			p, c, f := newPoster(t, what)
			if rep := round(t, p); rep != (daily.Report{Failed: 1}) {
				t.Fatalf("round with a send that does %s = %+v, want one failure", what, rep)
			}
			c.Set(c.Now().Add(4 * time.Minute))
			if rep := round(t, p); rep != (daily.Report{}) || f.count() != 1 {
				t.Errorf("round before the retry time = %+v after %d sends, want no new send", rep, f.count())
			}
			c.Set(c.Now().Add(2 * time.Minute))
			if rep := round(t, p); rep != (daily.Report{Made: 1}) || f.count() != 2 {
				t.Errorf("round after the retry time = %+v after %d sends, want the post made", rep, f.count())
			}
		})
	}
}

func TestPosterMissesWhenTheRetryIsTomorrow(t *testing.T) {
	p, c, _ := newPoster(t, "fail")
	paris := mustLoc(t, "Europe/Paris")
	c.Set(time.Date(2026, 11, 20, 23, 57, 0, 0, paris))
	if rep := round(t, p); rep != (daily.Report{Failed: 1, Missed: 1}) {
		t.Errorf("refused at 23:57 with a 5-minute retry = %+v, want failed and missed", rep)
	}
}

func TestPosterTakesOverAnAbandonedClaim(t *testing.T) {
	p, c, f := newPoster(t)
	day := daily.DayOf(c.Now(), mustLoc(t, "Europe/Paris"))
	// Another process claimed the post and died before sending it.
	ok, _, err := p.Service.Store.ClaimPost(context.Background(), "g", day, c.Now(), p.Lease)
	if err != nil || !ok {
		t.Fatalf("claim = %v, %v", ok, err)
	}
	if rep := round(t, p); rep != (daily.Report{}) || f.count() != 0 {
		t.Errorf("round within the lease = %+v, want nothing", rep)
	}
	c.Set(c.Now().Add(p.Lease + time.Second))
	if rep := round(t, p); rep != (daily.Report{Made: 1}) {
		t.Errorf("round after the lease = %+v, want the post made", rep)
	}
}

// flakyStore fails PostDone a number of times before it works: only the
// Poster's part of the store.
type flakyStore struct {
	daily.PostStore
	failures atomic.Int32
}

func (s *flakyStore) PostDone(ctx context.Context, guild string, n int, channel, message string) error {
	if s.failures.Add(-1) >= 0 {
		return daily.ErrStore
	}
	return s.PostStore.PostDone(ctx, guild, n, channel, message)
}

// flakyRecords makes p's store fail PostDone n times, and counts p's
// waits between tries in *waits.
func flakyRecords(p *daily.Poster, n int32) (flaky *flakyStore, waits *int) {
	flaky = &flakyStore{PostStore: p.Service.Store}
	flaky.failures.Store(n)
	p.Store = flaky
	waits = new(int)
	p.Wait = func(ctx context.Context, d time.Duration) error { *waits++; return nil }
	return flaky, waits
}

func TestPosterRecordsThroughFailuresAndShutdown(t *testing.T) {
	p, c, f := newPoster(t)
	_, waits := flakyRecords(p, 2)
	ctx, cancel := context.WithCancel(context.Background())
	p.Send = func(ctx context.Context, guild, channel string, day int) (string, error) {
		cancel() // shutdown begins while the post is on its way
		return f.send(ctx, guild, channel, day)
	}
	if rep, err := p.Round(ctx); err != nil || rep != (daily.Report{Made: 1}) {
		t.Fatalf("round = %+v, %v; want one post made", rep, err)
	}
	if *waits != 2 {
		t.Errorf("%d waits between record tries, want 2", *waits)
	}
	c.Set(c.Now().Add(time.Hour)) // past the lease: only the record keeps others off
	if rep := round(t, p); rep != (daily.Report{}) {
		t.Errorf("round after the record = %+v, want nothing: the post was recorded", rep)
	}
}

func TestPosterGivesUpRecordingAfterTheTries(t *testing.T) {
	p, _, _ := newPoster(t)
	flaky, waits := flakyRecords(p, 100)
	if rep := round(t, p); rep != (daily.Report{Made: 1}) {
		t.Errorf("round = %+v, want the post counted as made", rep)
	}
	if n := 100 - flaky.failures.Load(); n != 5 || *waits != 4 {
		t.Errorf("%d record tries and %d waits, want 5 and 4", n, *waits)
	}
}

func TestTwoPostersPostOnce(t *testing.T) {
	p, _, f := newPoster(t)
	q := *p
	var wg sync.WaitGroup
	reports := make([]daily.Report, 2)
	for k, poster := range []*daily.Poster{p, &q} {
		wg.Add(1)
		go func() { defer wg.Done(); reports[k], _ = poster.Round(context.Background()) }()
	}
	wg.Wait()
	if f.count() != 1 || reports[0].Made+reports[1].Made != 1 {
		t.Errorf("two posters sent %d posts (%+v), want one", f.count(), reports)
	}
}

// TestPosterFindsWhatACrashedAttemptPosted: a post sent but never
// recorded (its process died, or every record failed) is, once the claim
// runs out, looked for in the channel and recorded, not sent again; a
// search that fails posts nothing and tries again later.
func TestPosterFindsWhatACrashedAttemptPosted(t *testing.T) {
	p, c, f := newPoster(t)
	flakyRecords(p, 5) // every try to record the first send fails
	looks := 0
	lookErr := errors.New("503 Service Unavailable")
	p.Find = func(_ context.Context, channel string, day int) (string, bool, error) {
		looks++
		if lookErr != nil {
			return "", false, lookErr
		}
		return "message-" + channel, f.count() > 0, nil
	}
	if rep := round(t, p); rep != (daily.Report{Made: 1}) || looks != 0 {
		t.Fatalf("first round = %+v with %d looks, want the post made without looking", rep, looks)
	}
	c.Set(c.Now().Add(p.Lease + time.Second))
	if rep := round(t, p); rep.Failed != 1 || f.count() != 1 {
		t.Errorf("a failed search: %+v and %d sends, want it failed and nothing sent again", rep, f.count())
	}
	lookErr = nil
	c.Set(c.Now().Add(p.Retry + time.Second))
	if rep := round(t, p); rep != (daily.Report{Found: 1}) || f.count() != 1 {
		t.Errorf("after the lease: %+v and %d sends, want the post found and not sent again", rep, f.count())
	}
	c.Set(c.Now().Add(time.Hour))
	if rep := round(t, p); rep != (daily.Report{}) {
		t.Errorf("once found: %+v, want nothing more: it was recorded", rep)
	}
}
