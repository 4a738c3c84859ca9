package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/internal/limit"
	"github.com/sudokubot/sudokubot/variant"
)

// SudokuPad gets puzzles by short id from SudokuPad's API for the commands
// and the command line (a variant.Fetcher): GET <base>/api/puzzle/<id>,
// which answers the puzzle's data as text, or 404 (variant's fetch.go says
// what the answer holds). It never fetches an address a person chose: the
// request goes to the configured base only, the id is checked against a
// strict pattern and path-escaped, and no redirect is followed. Each fetch
// is bounded in time and size; answers are kept in a small cache (unknown
// ids briefly), concurrent fetches of one id share one request, and
// fetches are bounded in number at once and in rate, so people pasting
// links cannot make the bot flood SudokuPad. Logs name the id and the
// status, never the answer. It is safe for concurrent use.
type SudokuPad struct {
	opt    SudokuPadOptions
	client *http.Client
	slots  *limit.Slots
	rate   *limit.Buckets
	cache  *answers

	mu    sync.Mutex
	calls map[string]*fetchCall // the fetches under way, by id
}

var _ variant.Fetcher = (*SudokuPad)(nil)

// SudokuPadOptions configure a SudokuPad client; zero values take the
// defaults named.
type SudokuPadOptions struct {
	// BaseURL is where the API is (SUDOKUPAD_URL); nil is
	// https://sudokupad.app.
	BaseURL *url.URL
	// Timeout bounds one fetch (5s); MaxBody one answer (512 KiB: more is
	// an error).
	Timeout time.Duration
	MaxBody int
	// CacheSize is how many answers are kept (256), CacheBytes their
	// total size (8 MiB); an answer is kept for TTL (1h), an unknown id
	// for MissTTL (5m).
	CacheSize    int
	CacheBytes   int
	TTL, MissTTL time.Duration
	// MaxInFlight bounds the fetches at once (4); the others wait, within
	// their time. RateBurst fetches may start at once, then one every
	// RateEvery (20, then one every 500ms); past the rate a fetch waits
	// its turn, or fails at once when that is past its time.
	MaxInFlight int
	RateBurst   int
	RateEvery   time.Duration
	// Metrics count the fetches; nil counts nothing.
	Metrics *Metrics
	// Log tells of failed fetches; nil is slog.Default().
	Log *slog.Logger
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// DefaultSudokuPadURL is where SudokuPad's API is.
const DefaultSudokuPadURL = "https://sudokupad.app"

// userAgent names the bot to SudokuPad.
const userAgent = "sudokubot (Discord bot; +https://github.com/sudokubot/sudokubot)"

// NewSudokuPad returns a client with opt, its zero values defaulted.
func NewSudokuPad(opt SudokuPadOptions) *SudokuPad {
	opt = opt.withDefaults()
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost, tr.MaxConnsPerHost = opt.MaxInFlight, opt.MaxInFlight
	return &SudokuPad{
		opt:    opt,
		client: &http.Client{Transport: tr, Timeout: opt.Timeout, CheckRedirect: noRedirects},
		slots:  limit.NewSlots(opt.MaxInFlight),
		rate:   limit.NewBuckets(float64(opt.RateBurst), opt.RateEvery, opt.Now),
		cache:  newAnswers(opt.CacheSize, opt.CacheBytes),
		calls:  map[string]*fetchCall{},
	}
}

func (o SudokuPadOptions) withDefaults() SudokuPadOptions {
	if o.BaseURL == nil {
		o.BaseURL, _ = url.Parse(DefaultSudokuPadURL)
	}
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	defDur := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.MaxBody, 512<<10)
	def(&o.CacheSize, 256)
	def(&o.CacheBytes, 8<<20)
	def(&o.MaxInFlight, 4)
	def(&o.RateBurst, 20)
	defDur(&o.Timeout, 5*time.Second)
	defDur(&o.TTL, time.Hour)
	defDur(&o.MissTTL, 5*time.Minute)
	defDur(&o.RateEvery, 500*time.Millisecond)
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// fetchCall is one fetch under way, which every caller for its id waits
// for.
type fetchCall struct {
	done chan struct{}
	body string
	err  error
}

// Fetch returns SudokuPad's answer for id: from the cache, or from the
// one request for id under way, or from a new one. Its error wraps
// variant.ErrBadID for an id it will not ask about, variant.ErrUnknownID
// when SudokuPad has no such puzzle (404), variant.ErrTooLarge for an
// answer over MaxBody, and variant.ErrUnavailable for anything else: no
// answer within Timeout or ctx, another status, a redirect, or too many
// fetches.
func (s *SudokuPad) Fetch(ctx context.Context, id string) (string, error) {
	if !variant.ValidShortID(id) {
		return "", fmt.Errorf("sudokupad: %w: %.80q", variant.ErrBadID, id)
	}
	s.mu.Lock()
	if got, ok := s.cache.get(id, s.opt.Now()); ok {
		s.mu.Unlock()
		s.count("cached")
		return got.body, got.err
	}
	c := s.calls[id]
	if c == nil {
		c = &fetchCall{done: make(chan struct{})}
		s.calls[id] = c
		go s.run(context.WithoutCancel(ctx), id, c)
	}
	s.mu.Unlock()
	select {
	case <-c.done:
		return c.body, c.err
	case <-ctx.Done():
		return "", fmt.Errorf("sudokupad: %s: %w: %w", id, variant.ErrUnavailable, ctx.Err())
	}
}

// run makes the request for id, keeps its answer and tells the callers
// waiting for it. ctx carries the first caller's values, not its end: the
// fetch is bounded by Timeout alone, so one caller giving up does not
// fail the others.
func (s *SudokuPad) run(ctx context.Context, id string, c *fetchCall) {
	ctx, cancel := context.WithTimeout(ctx, s.opt.Timeout)
	defer cancel()
	status, body, err := s.get(ctx, id)
	c.body, c.err = body, err
	s.mu.Lock()
	now := s.opt.Now()
	switch {
	case err == nil:
		s.cache.put(id, body, nil, now.Add(s.opt.TTL))
	case errors.Is(err, variant.ErrUnknownID):
		s.cache.put(id, "", err, now.Add(s.opt.MissTTL))
	}
	delete(s.calls, id)
	s.mu.Unlock()
	s.report(id, status, err)
	close(c.done)
}

// get asks SudokuPad for id once, within the rate and a free slot, and
// returns the status (0: none) and the answer.
func (s *SudokuPad) get(ctx context.Context, id string) (int, string, error) {
	if err := s.paced(ctx); err != nil {
		return 0, "", fmt.Errorf("sudokupad: %s: %w: %w", id, variant.ErrUnavailable, err)
	}
	release, ok := s.slots.Take(ctx)
	if !ok {
		return 0, "", fmt.Errorf("sudokupad: %s: %w: no free slot in time", id, variant.ErrUnavailable)
	}
	defer release()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.puzzleURL(id), nil)
	if err != nil {
		return 0, "", fmt.Errorf("sudokupad: %s: %w: %w", id, variant.ErrUnavailable, err)
	}
	req.Header.Set("User-Agent", userAgent)
	req.Header.Set("Accept", "text/plain, application/json;q=0.9, */*;q=0.1")
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, "", fmt.Errorf("sudokupad: %s: %w: %w", id, variant.ErrUnavailable, err)
	}
	defer resp.Body.Close()
	body, err := s.read(id, resp)
	return resp.StatusCode, body, err
}

// errOverRate is paced's error when the rate allows no fetch in time.
var errOverRate = errors.New("over the rate of fetches")

// paced takes a fetch from the rate, waiting for one while ctx's time
// allows.
func (s *SudokuPad) paced(ctx context.Context) error {
	for {
		wait, ok := s.rate.Allow("", 1)
		if ok {
			return nil
		}
		if deadline, has := ctx.Deadline(); has && time.Until(deadline) < wait {
			return errOverRate
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return errOverRate
		}
	}
}

// read reads a 200 answer within MaxBody, and words any other status.
func (s *SudokuPad) read(id string, resp *http.Response) (string, error) {
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return "", fmt.Errorf("sudokupad: %s: %w", id, variant.ErrUnknownID)
	case resp.StatusCode != http.StatusOK:
		return "", fmt.Errorf("sudokupad: %s: %w: status %d", id, variant.ErrUnavailable, resp.StatusCode)
	case resp.ContentLength > int64(s.opt.MaxBody):
		return "", fmt.Errorf("sudokupad: %s: %w: %d bytes", id, variant.ErrTooLarge, resp.ContentLength)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, int64(s.opt.MaxBody)+1))
	switch {
	case err != nil:
		return "", fmt.Errorf("sudokupad: %s: %w: reading: %w", id, variant.ErrUnavailable, err)
	case len(data) > s.opt.MaxBody:
		return "", fmt.Errorf("sudokupad: %s: %w: over %d bytes", id, variant.ErrTooLarge, s.opt.MaxBody)
	}
	return string(data), nil
}

// puzzleURL is the API's address for id (checked by variant.ValidShortID): the
// base's, its path followed by /api/puzzle/ and each part of the id
// path-escaped.
func (s *SudokuPad) puzzleURL(id string) string {
	u := *s.opt.BaseURL
	u.RawQuery, u.Fragment, u.User = "", "", nil
	parts := strings.Split(id, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	prefix := strings.TrimSuffix(u.EscapedPath(), "/") + "/api/puzzle/"
	u.RawPath = prefix + strings.Join(parts, "/")
	u.Path, _ = url.PathUnescape(u.RawPath)
	return u.String()
}

// report logs a failed fetch (the id and the status, never the answer)
// and counts every fetch by its result.
func (s *SudokuPad) report(id string, status int, err error) {
	result := "ok"
	switch {
	case errors.Is(err, variant.ErrUnknownID):
		result = "not_found"
	case errors.Is(err, variant.ErrTooLarge):
		result = "too_large"
	case err != nil:
		result = "failed"
	}
	if err != nil && result != "not_found" {
		s.opt.Log.Warn("SudokuPad fetch failed", "id", id, "status", status, "err", err)
	}
	s.count(result)
}

func (s *SudokuPad) count(result string) {
	if s.opt.Metrics != nil {
		s.opt.Metrics.sudokuPad.WithLabelValues(result).Inc()
	}
}
