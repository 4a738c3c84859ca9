package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// REST makes the Discord calls the big board (the Activity) needs, which
// discordgo v0.29 lacks or makes with the bot's token only: the OAuth2
// code exchange and the user an access token is for, an Activity
// instance's place and users, and a plain channel message. It is the
// process's one client for them, beside wire.go: requests go to the bot's
// origin (DISCORD_API_URL) over an HTTP client made as the session's
// (timeouts, connection limits), failures count in the bot's metrics, and
// Discord's rate limits are kept. The big board answers a person who is
// waiting, so a limit is not waited out: after a 429 (or a route's bucket
// used up) a request on that route, or on every route when the limit is
// global, is refused without being sent until the wait Discord asked for
// is over, and nobody can make the process spend the bot's allowance of
// invalid requests (Discord bans an address after 10,000 in ten minutes,
// which would take REST away from the whole bot).
type REST struct {
	opt    RESTOptions
	client *http.Client

	mu     sync.Mutex
	until  map[string]time.Time // by route: when Discord takes requests again
	global time.Time
}

// RESTOptions configure a REST client.
type RESTOptions struct {
	// Token is the bot's token, for the instance and message calls.
	Token string
	// ClientID and ClientSecret are the application's OAuth2 credentials
	// (its id, and the secret from the developer portal).
	ClientID, ClientSecret string
	// APIURL is the origin every request goes to; nil means discord.com.
	APIURL *url.URL
	// Metrics count the calls that fail; nil counts nothing.
	Metrics *Metrics
	// Log tells of Discord's rate limits; nil is slog.Default().
	Log *slog.Logger
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// maxRoutes bounds the routes whose waits are kept; past it, those whose
// wait is over are forgotten.
const maxRoutes = 1000

// NewREST returns a client with opt.
func NewREST(opt RESTOptions) *REST {
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	return &REST{opt: opt, client: newClient(opt.APIURL), until: map[string]time.Time{}}
}

// StatusError is a call Discord refused (Status is its HTTP status), or
// did not get because Discord had asked to wait (Status 429, Unsent).
type StatusError struct {
	Route  string // the call's route: "POST /oauth2/token"
	Status int
	Code   string // OAuth2's error code, when there is one
	Unsent bool
}

func (e *StatusError) Error() string {
	if e.Unsent {
		return fmt.Sprintf("discord: %s not sent: Discord asked to wait", e.Route)
	}
	return strings.TrimSpace(fmt.Sprintf("discord: %s answered %d %s", e.Route, e.Status, e.Code))
}

// HTTPStatus returns e.Status, for callers that read it through an
// interface of their own (the Activity does, importing no bot).
func (e *StatusError) HTTPStatus() int { return e.Status }

// v10 is where the calls go (the rewriting transport takes them to the
// configured origin).
const v10 = "https://" + discordHost + "/api/v10/"

// Exchange trades an OAuth2 authorization code (an Activity's SDK gets one
// from authorize) for an access token, at Discord's token endpoint,
// form-encoded as it wants, with the application's credentials.
func (c *REST) Exchange(ctx context.Context, code string) (string, error) {
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code},
		"client_id": {c.opt.ClientID}, "client_secret": {c.opt.ClientSecret}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, v10+"oauth2/token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var got struct {
		AccessToken string `json:"access_token"`
	}
	if err := c.do(req, "POST /oauth2/token", &got); err != nil {
		return "", err
	}
	if got.AccessToken == "" {
		return "", errors.New("discord: a token exchange answered without an access token")
	}
	return got.AccessToken, nil
}

// User returns who an OAuth2 access token belongs to (users/@me): their
// id, the name to show (the global name, else the user name), their
// avatar hash ("" for none) and their locale.
func (c *REST) User(ctx context.Context, access string) (id, name, avatar, locale string, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, v10+"users/@me", nil)
	if err != nil {
		return "", "", "", "", err
	}
	req.Header.Set("Authorization", "Bearer "+access)
	var got struct {
		ID         string  `json:"id"`
		Username   string  `json:"username"`
		GlobalName *string `json:"global_name"`
		Avatar     *string `json:"avatar"`
		Locale     string  `json:"locale"`
	}
	if err := c.do(req, "GET /users/@me", &got); err != nil {
		return "", "", "", "", err
	}
	if got.ID == "" {
		return "", "", "", "", errors.New("discord: /users/@me answered without an id")
	}
	name = got.Username
	if got.GlobalName != nil && *got.GlobalName != "" {
		name = *got.GlobalName
	}
	if got.Avatar != nil {
		avatar = *got.Avatar
	}
	return got.ID, name, avatar, got.Locale, nil
}

// Instance returns where one of the application's Activity instances
// runs, its server ("" in a DM) and channel, and the ids of the users in
// it, asked with the bot's token. An instance that is not running is a
// *StatusError with Status 404.
func (c *REST) Instance(ctx context.Context, id string) (guild, channel string, users []string, err error) {
	u := v10 + "applications/" + url.PathEscape(c.opt.ClientID) + "/activity-instances/" + url.PathEscape(id)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", "", nil, err
	}
	req.Header.Set("Authorization", botToken(c.opt.Token))
	var got struct {
		Location struct {
			GuildID   string `json:"guild_id"`
			ChannelID string `json:"channel_id"`
		} `json:"location"`
		Users []string `json:"users"`
	}
	if err := c.do(req, "GET /applications/activity-instances", &got); err != nil {
		return "", "", nil, err
	}
	return got.Location.GuildID, got.Location.ChannelID, got.Users, nil
}

// Post sends content to a channel as the bot, pinging nobody.
func (c *REST) Post(ctx context.Context, channel, content string) error {
	body, err := json.Marshal(map[string]any{"content": content, "allowed_mentions": map[string]any{"parse": []string{}}})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, v10+"channels/"+url.PathEscape(channel)+"/messages", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", botToken(c.opt.Token))
	req.Header.Set("Content-Type", "application/json")
	var got struct {
		ID string `json:"id"`
	}
	return c.do(req, "POST /channels/"+channel+"/messages", &got) // a channel's messages are a bucket of their own
}

// do sends req on route (its rate-limit bucket) and decodes a successful
// answer into v. It returns a *StatusError without sending while Discord
// asked to wait, and one for any other answer than 200.
func (c *REST) do(req *http.Request, route string, v any) error {
	if c.waiting(route) {
		return &StatusError{Route: route, Status: http.StatusTooManyRequests, Unsent: true}
	}
	resp, err := c.client.Do(req)
	if err != nil {
		c.failed(0)
		return fmt.Errorf("discord: %s: %w", route, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("discord: %s: %w", route, err)
	}
	if resp.StatusCode == http.StatusTooManyRequests {
		c.failed(resp.StatusCode)
		c.hold(route, resp.Header, body)
		return &StatusError{Route: route, Status: resp.StatusCode}
	}
	if resp.Header.Get("X-RateLimit-Remaining") == "0" {
		c.wait(route, seconds(resp.Header.Get("X-RateLimit-Reset-After")), false)
	}
	if resp.StatusCode != http.StatusOK {
		c.failed(resp.StatusCode)
		var e struct {
			Error string `json:"error"`
		}
		json.Unmarshal(body, &e)
		return &StatusError{Route: route, Status: resp.StatusCode, Code: e.Error}
	}
	return json.Unmarshal(body, v)
}

// failed counts a call that failed with status (0: no answer).
func (c *REST) failed(status int) {
	if c.opt.Metrics != nil {
		c.opt.Metrics.apiErrors.WithLabelValues(strconv.Itoa(status)).Inc()
	}
}

// waiting reports whether Discord asked to wait on route, or globally.
func (c *REST) waiting(route string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.opt.Now()
	return now.Before(c.global) || now.Before(c.until[route])
}

// hold reads a 429: how long to wait (the body's retry_after, with its
// fraction, else the Retry-After header, else a second), and whether for
// every route.
func (c *REST) hold(route string, h http.Header, body []byte) {
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
	global := rl.Global || h.Get("X-RateLimit-Global") == "true"
	c.opt.Log.Warn("Discord rate limit; waiting as asked", "retry_after", wait, "route", route, "global", global)
	c.wait(route, wait, global)
}

// wait keeps route (or every route) from being asked for a while.
func (c *REST) wait(route string, wait time.Duration, global bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.opt.Now()
	until := now.Add(wait)
	if global {
		c.global = until
		return
	}
	if len(c.until) >= maxRoutes {
		for r, t := range c.until {
			if !now.Before(t) {
				delete(c.until, r)
			}
		}
	}
	c.until[route] = until
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
