package activity

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// discord is the one way the Activity reaches Discord: every request it
// makes goes through do, which honours Discord's rate limits as the bot's
// REST client does. When Discord answers 429, the route's bucket (or,
// when Discord says the limit is global, every route) waits as long as
// Retry-After says; a request made meanwhile is not sent at all, so
// nobody can make the Activity spend the bot's allowance of invalid
// requests (Discord bans an address after 10,000 in ten minutes, which
// would take REST away from the whole bot). A later issue moves it
// beside bot/wire.go.
type discord struct {
	client *http.Client
	now    func() time.Time

	mu     sync.Mutex
	until  map[string]time.Time // by bucket: when Discord takes requests again
	global time.Time
}

// errDiscordWait is a request not sent, or refused with 429, because
// Discord asked to wait: the page is told to try again in a moment.
var errDiscordWait = errors.New("activity: Discord asked us to wait")

// maxBuckets bounds the buckets kept; past it, those whose wait is over
// are forgotten.
const maxBuckets = 1000

func newDiscord(client *http.Client, now func() time.Time) *discord {
	return &discord{client: client, now: now, until: map[string]time.Time{}}
}

// do sends req, whose rate-limit bucket is bucket (its route, with the
// channel for a channel's messages), and decodes a successful answer into
// v. It returns errDiscordWait without sending while Discord asked to
// wait, and a *discordRefused for any other answer than 200.
func (d *discord) do(req *http.Request, bucket string, v any) error {
	if d.waiting(bucket) {
		return errDiscordWait
	}
	resp, err := d.client.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode == http.StatusTooManyRequests {
		d.hold(bucket, resp.Header, body)
		return errDiscordWait
	}
	if resp.Header.Get("X-RateLimit-Remaining") == "0" {
		d.wait(bucket, seconds(resp.Header.Get("X-RateLimit-Reset-After")), false)
	}
	if resp.StatusCode != http.StatusOK {
		var e struct {
			Error string `json:"error"`
		}
		json.Unmarshal(body, &e)
		return &discordRefused{status: resp.StatusCode, code: e.Error}
	}
	return json.Unmarshal(body, v)
}

// waiting reports whether Discord asked to wait on bucket, or globally.
func (d *discord) waiting(bucket string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.now()
	return now.Before(d.global) || now.Before(d.until[bucket])
}

// hold reads a 429: how long to wait (the body's retry_after, with its
// fraction, else the Retry-After header, else a second), and whether for
// every route.
func (d *discord) hold(bucket string, h http.Header, body []byte) {
	var rl struct {
		RetryAfter float64 `json:"retry_after"`
		Global     bool    `json:"global"`
	}
	json.Unmarshal(body, &rl)
	wait := time.Duration(rl.RetryAfter * float64(time.Second))
	if wait <= 0 {
		wait = seconds(h.Get("Retry-After"))
	}
	if wait <= 0 {
		wait = time.Second
	}
	d.wait(bucket, wait, rl.Global || h.Get("X-RateLimit-Global") == "true")
}

// wait keeps bucket (or every bucket) from being asked for a while.
func (d *discord) wait(bucket string, wait time.Duration, global bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.now()
	until := now.Add(wait)
	if global {
		d.global = until
		return
	}
	if len(d.until) >= maxBuckets {
		for b, t := range d.until {
			if !now.Before(t) {
				delete(d.until, b)
			}
		}
	}
	d.until[bucket] = until
}

// seconds reads a number of seconds, with a fraction or without; 0 for
// anything else.
func seconds(v string) time.Duration {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f <= 0 || math.IsInf(f, 0) || f > 24*3600 {
		return 0
	}
	return time.Duration(f * float64(time.Second))
}

// discordRefused is an answer from Discord other than success.
type discordRefused struct {
	status int
	code   string // OAuth2's error code, when there is one
}

func (e *discordRefused) Error() string {
	return fmt.Sprintf("discord answered %d %s", e.status, e.code)
}
