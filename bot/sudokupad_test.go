package bot

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/variant"
)

// fakePad is a fake SudokuPad API: /api/puzzle/clover/classic answers a
// real scl answer, missing 404, broken 500, huge more than 1 MiB, away a
// redirect to another host, slow and anything under held/ wait for the
// gate to open (or the request to end), and any other id answers
// "scl"+id. It records every path asked for, escaped, with its query.
type fakePad struct {
	*httptest.Server
	classic string
	away    string // where away redirects
	gate    chan struct{}

	mu            sync.Mutex
	paths         []string
	agents        []string
	now, most     int // requests in flight, and the most at once
	hits          map[string]int
	closeGateOnce sync.Once
}

func newFakePad(t *testing.T) *fakePad {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "variant", "testdata", "sudokupad", "classic.scl"))
	if err != nil {
		t.Fatal(err)
	}
	f := &fakePad{classic: string(b), gate: make(chan struct{}), hits: map[string]int{}}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(func() { f.open(); f.Close() })
	return f
}

// open lets the held answers go.
func (f *fakePad) open() { f.closeGateOnce.Do(func() { close(f.gate) }) }

func (f *fakePad) serve(w http.ResponseWriter, r *http.Request) {
	path := r.URL.EscapedPath()
	if r.URL.RawQuery != "" {
		path += "?" + r.URL.RawQuery
	}
	f.mu.Lock()
	f.paths, f.agents = append(f.paths, path), append(f.agents, r.UserAgent())
	f.hits[path]++
	f.now++
	f.most = max(f.most, f.now)
	f.mu.Unlock()
	defer func() { f.mu.Lock(); f.now--; f.mu.Unlock() }()
	id, ok := strings.CutPrefix(path, "/api/puzzle/")
	switch {
	case !ok:
		http.NotFound(w, r)
	case id == "clover/classic":
		io.WriteString(w, f.classic)
	case id == "missing":
		http.NotFound(w, r)
	case id == "broken":
		http.Error(w, "oops", http.StatusInternalServerError)
	case id == "huge":
		io.WriteString(w, "scl"+strings.Repeat("A", 1<<20))
	case id == "away":
		http.Redirect(w, r, f.away+"/api/puzzle/clover/classic", http.StatusFound)
	case id == "slow" || strings.HasPrefix(id, "held/"):
		select {
		case <-f.gate:
			io.WriteString(w, "scl"+id)
		case <-r.Context().Done():
		}
	default:
		io.WriteString(w, "scl"+id)
	}
}

// count returns how many requests asked for path, and the paths asked.
func (f *fakePad) count(path string) (int, []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.hits[path], append([]string(nil), f.paths...)
}

// inFlight returns the requests under way and the most there were at once.
func (f *fakePad) inFlight() (int, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now, f.most
}

// newTestPad returns a client of f's, with opt's other settings.
func newTestPad(t *testing.T, f *fakePad, opt SudokuPadOptions) *SudokuPad {
	t.Helper()
	base, err := url.Parse(f.URL)
	if err != nil {
		t.Fatal(err)
	}
	opt.BaseURL = base
	opt.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	return NewSudokuPad(opt)
}

// waitFor polls cond for up to 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// TestSudokuPadFetches: the answer for a known id, named as the bot, and
// each failure as variant's reason, counted in the metrics.
func TestSudokuPadFetches(t *testing.T) {
	f := newFakePad(t)
	m := NewMetrics()
	c := newTestPad(t, f, SudokuPadOptions{Metrics: m})
	tests := []struct {
		id      string
		want    string
		wantErr error
	}{
		{"clover/classic", f.classic, nil},
		{"x5f2mo0bj7", "sclx5f2mo0bj7", nil},
		{"missing", "", variant.ErrUnknownID},
		{"broken", "", variant.ErrUnavailable},
		{"huge", "", variant.ErrTooLarge},
	}
	for _, tt := range tests {
		got, err := c.Fetch(t.Context(), tt.id)
		if got != tt.want || !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
			t.Errorf("Fetch(%s) = %.40q, %v, want %.40q, %v", tt.id, got, err, tt.want, tt.wantErr)
		}
	}
	f.mu.Lock()
	for _, a := range f.agents {
		if !strings.HasPrefix(a, "sudokubot") {
			t.Errorf("User-Agent %q does not name sudokubot", a)
		}
	}
	f.mu.Unlock()
	for result, want := range map[string]float64{"ok": 2, "not_found": 1, "failed": 1, "too_large": 1} {
		if n := testutil.ToFloat64(m.sudokuPad.WithLabelValues(result)); n != want {
			t.Errorf("%s counted %v times, want %v", result, n, want)
		}
	}
}

// TestSudokuPadResolves: variant.Resolve through the client gives the
// puzzle SudokuPad holds.
func TestSudokuPadResolves(t *testing.T) {
	f := newFakePad(t)
	c := newTestPad(t, f, SudokuPadOptions{})
	l, err := variant.ParseLink("try <https://sudokupad.app/clover/classic>!")
	if err != nil {
		t.Fatal(err)
	}
	p, err := variant.Resolve(t.Context(), c, l)
	if err != nil || p == nil || p.Size != 9 {
		t.Fatalf("Resolve(%v) = %v, %v", l, p, err)
	}
	_, err = variant.Resolve(t.Context(), c, variant.Link{Format: variant.ShortID, Payload: "missing"})
	if text, ok := variant.Say(solver.English, err); !errors.Is(err, variant.ErrUnknownID) || !ok || text == "" {
		t.Errorf("Resolve(missing) = %v (%q)", err, text)
	}
}

// TestSudokuPadRefusesIDs: an id that is not SudokuPad's kind never
// reaches the server; one that is goes to /api/puzzle/<id> and nowhere
// else.
func TestSudokuPadRefusesIDs(t *testing.T) {
	f := newFakePad(t)
	c := newTestPad(t, f, SudokuPadOptions{})
	for _, id := range []string{"../admin", "..", "a/../../b", "%2Fetc", "a%2Fb", "a?b=1", "a#b", "a b", "a/b/c/d",
		"/a", "a/", "", strings.Repeat("x", 65), "a\x00b", "a\nb", "é", "a.b", "http://evil.example/x", "//evil.example"} {
		if _, err := c.Fetch(t.Context(), id); !errors.Is(err, variant.ErrBadID) {
			t.Errorf("Fetch(%q) = %v, want ErrBadID", id, err)
		}
	}
	if _, paths := f.count(""); len(paths) != 0 {
		t.Fatalf("ids refused reached the server: %q", paths)
	}
	for _, id := range []string{"a-b_C9", "setter-1/puzzle_2", "setter/pack/3", strings.Repeat("y", 64)} {
		if _, err := c.Fetch(t.Context(), id); err != nil {
			t.Errorf("Fetch(%q) = %v", id, err)
		}
		if n, paths := f.count("/api/puzzle/" + id); n != 1 {
			t.Errorf("Fetch(%q) asked for %q, want /api/puzzle/%s once", id, paths, id)
		}
	}
}

// TestSudokuPadNoRedirect: a redirect is not followed, whatever its
// target: the other host is never asked.
func TestSudokuPadNoRedirect(t *testing.T) {
	f, other := newFakePad(t), newFakePad(t)
	f.away = other.URL
	c := newTestPad(t, f, SudokuPadOptions{})
	if _, err := c.Fetch(t.Context(), "away"); !errors.Is(err, variant.ErrUnavailable) {
		t.Errorf("Fetch(away) = %v, want ErrUnavailable", err)
	}
	if _, paths := other.count(""); len(paths) != 0 {
		t.Errorf("the redirect's host was asked for %q", paths)
	}
}

// TestSudokuPadTimeout: an answer that does not come within Timeout is
// ErrUnavailable, and soon.
func TestSudokuPadTimeout(t *testing.T) {
	f := newFakePad(t)
	c := newTestPad(t, f, SudokuPadOptions{Timeout: 100 * time.Millisecond})
	began := time.Now()
	_, err := c.Fetch(t.Context(), "slow")
	if !errors.Is(err, variant.ErrUnavailable) || time.Since(began) > 5*time.Second {
		t.Errorf("Fetch(slow) = %v after %v, want ErrUnavailable after 100ms", err, time.Since(began))
	}
}

// TestSudokuPadCaches: an answer, and an unknown id, are asked for once
// while kept; an unknown id is asked again once its shorter time is up,
// and an error that is not an answer is not kept.
func TestSudokuPadCaches(t *testing.T) {
	f := newFakePad(t)
	var mu sync.Mutex
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	m := NewMetrics()
	c := newTestPad(t, f, SudokuPadOptions{Now: clock, Metrics: m})
	for range 2 {
		c.Fetch(t.Context(), "clover/classic")
		c.Fetch(t.Context(), "missing")
		c.Fetch(t.Context(), "broken")
	}
	mu.Lock()
	now = now.Add(10 * time.Minute) // past MissTTL, within TTL
	mu.Unlock()
	c.Fetch(t.Context(), "clover/classic")
	c.Fetch(t.Context(), "missing")
	for path, want := range map[string]int{"/api/puzzle/clover/classic": 1, "/api/puzzle/missing": 2, "/api/puzzle/broken": 2} {
		if n, _ := f.count(path); n != want {
			t.Errorf("%s asked %d times, want %d", path, n, want)
		}
	}
	if n := testutil.ToFloat64(m.sudokuPad.WithLabelValues("cached")); n != 3 {
		t.Errorf("cached counted %v times, want 3", n)
	}
}

// TestSudokuPadSharesFetch: ten callers for one id at once make one
// request (its failure, which is not cached, reaches them all); a caller
// that gives up does not fail the others.
func TestSudokuPadSharesFetch(t *testing.T) {
	f := newFakePad(t)
	c := newTestPad(t, f, SudokuPadOptions{})
	var started, done sync.WaitGroup
	errs := make([]error, 10)
	for i := range errs {
		started.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			started.Done()
			_, errs[i] = c.Fetch(t.Context(), "held/one")
		}()
	}
	started.Wait()
	waitFor(t, "the request", func() bool { n, _ := f.inFlight(); return n == 1 })
	time.Sleep(100 * time.Millisecond) // every caller has joined the fetch by now
	f.open()
	done.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("caller %d: %v", i, err)
		}
	}
	if n, paths := f.count("/api/puzzle/held/one"); n != 1 {
		t.Errorf("ten callers made %d requests, want 1: %q", n, paths)
	}
}

// TestSudokuPadGiveUp: the first caller giving up does not fail the
// second, which gets the answer.
func TestSudokuPadGiveUp(t *testing.T) {
	f := newFakePad(t)
	c := newTestPad(t, f, SudokuPadOptions{})
	ctx := t.Context()
	short, cancel := context.WithCancel(ctx)
	first := make(chan error, 1)
	go func() { _, err := c.Fetch(short, "held/two"); first <- err }()
	waitFor(t, "the request", func() bool { n, _ := f.inFlight(); return n == 1 })
	second := make(chan string, 1)
	go func() { body, _ := c.Fetch(ctx, "held/two"); second <- body }()
	cancel()
	if err := <-first; !errors.Is(err, variant.ErrUnavailable) {
		t.Errorf("the caller who gave up got %v, want ErrUnavailable", err)
	}
	time.Sleep(50 * time.Millisecond)
	f.open()
	if body := <-second; body != "sclheld/two" {
		t.Errorf("the caller who waited got %q", body)
	}
}

// TestSudokuPadBounds: at most MaxInFlight requests at once, the others
// waiting their turn; a fetch the rate allows only after its time fails
// at once, unsent.
func TestSudokuPadBounds(t *testing.T) {
	f := newFakePad(t)
	c := newTestPad(t, f, SudokuPadOptions{MaxInFlight: 2, RateBurst: 6, RateEvery: time.Hour})
	var done sync.WaitGroup
	errs := make([]error, 6)
	for i := range errs {
		done.Add(1)
		go func() {
			defer done.Done()
			_, errs[i] = c.Fetch(t.Context(), "held/"+string(rune('a'+i)))
		}()
	}
	waitFor(t, "two requests", func() bool { n, _ := f.inFlight(); return n == 2 })
	time.Sleep(100 * time.Millisecond) // the others are waiting, not asking
	if _, most := f.inFlight(); most != 2 {
		t.Errorf("%d requests at once, want 2", most)
	}
	f.open()
	done.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("fetch %d: %v", i, err)
		}
	}
	if _, err := c.Fetch(t.Context(), "seventh"); !errors.Is(err, variant.ErrUnavailable) {
		t.Errorf("a fetch past the rate = %v, want ErrUnavailable", err)
	}
	if n, _ := f.count("/api/puzzle/seventh"); n != 0 {
		t.Errorf("a fetch past the rate was sent")
	}
}

// TestSudokuPadPaces: past the burst, a fetch waits for the rate when its
// time allows, rather than failing.
func TestSudokuPadPaces(t *testing.T) {
	f := newFakePad(t)
	c := newTestPad(t, f, SudokuPadOptions{RateBurst: 1, RateEvery: 50 * time.Millisecond})
	began := time.Now()
	for _, id := range []string{"first", "second"} {
		if _, err := c.Fetch(t.Context(), id); err != nil {
			t.Fatalf("Fetch(%s) = %v", id, err)
		}
	}
	if took := time.Since(began); took < 40*time.Millisecond {
		t.Errorf("two fetches over a rate of one each 50ms took %v", took)
	}
}
