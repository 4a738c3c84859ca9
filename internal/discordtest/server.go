// Package discordtest is a fake Discord for end-to-end tests: a REST API and
// a gateway websocket that speak enough of Discord's protocol for discordgo
// to connect, receive INTERACTION_CREATE and answer it. It records what it
// receives, checks what Discord checks (the Bot authorisation header, 2000
// characters of content, one callback per interaction, the first callback
// within 3 seconds, no privileged intents, and every request body against
// Discord's OpenAPI description in ../shared/discord-api) and can inject a 429, a 5xx or a
// dropped gateway connection.
package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits that the fake enforces.
const (
	MaxContent      = 2000
	CallbackTimeout = 3 * time.Second
	// maxUpload is how large a request (or HTTP response) with files may
	// be: Discord's upload limit for a bot without boosts.
	maxUpload = 10 << 20
)

// specWarning says once per test binary that the bodies go unchecked.
var specWarning sync.Once

// Server is a running fake Discord.
type Server struct {
	// URL is the origin to give the bot as DISCORD_API_URL.
	URL string
	// Token is the bot token the fake accepts (without "Bot ").
	Token string
	// AppID is the application id sent in READY.
	AppID string

	http *httptest.Server
	now  func() time.Time

	mu           sync.Mutex
	changed      *sync.Cond
	commands     map[string][]*discordgo.ApplicationCommand // by guild id, "" for global
	overwrites   map[string][]byte                          // the last overwrite's body, by guild id
	entryPoint   json.RawMessage                            // the global entry-point command; nil when Activities are off
	interactions map[string]*interaction                    // by interaction id
	byToken      map[string]*interaction
	messages     []Message          // posted in channels
	msgs         map[string]Message // interactions' messages, by id
	dms          map[string]string  // DM channels' users, by channel id
	refuseDMs    map[string]bool    // users whose settings refuse the bot's DMs
	violations   []string
	failures     map[string][]failure // by route
	requests     map[string]int       // by route
	files        map[string][]byte    // attachments, by id
	nextID       int64
	gw           gateway
	ep           endpoint
	discardFiles atomic.Bool
	spec         *Spec // nil: bodies are not checked
	oauth        oauth
	instances    map[string]*Instance
	holds        holds // the waits a 429 asked for
}

// DiscardFiles makes the fake keep only the names and sizes of files it
// receives, so a long load test measures the bot rather than the fake's
// memory.
func (s *Server) DiscardFiles() { s.discardFiles.Store(true) }

// SkipSpecCheck stops checking request bodies against Discord's API
// description, so that a benchmark measures the bot rather than the
// fake's checks (about half a millisecond a body); end-to-end tests keep
// them.
func (s *Server) SkipSpecCheck() {
	s.mu.Lock()
	s.spec = nil
	s.mu.Unlock()
}

// New starts a fake Discord that accepts token. Close it when done.
func New(token string) *Server {
	s := &Server{
		Token: token, AppID: "100000000000000001", now: time.Now,
		commands: map[string][]*discordgo.ApplicationCommand{}, overwrites: map[string][]byte{}, interactions: map[string]*interaction{},
		byToken: map[string]*interaction{}, msgs: map[string]Message{}, dms: map[string]string{}, refuseDMs: map[string]bool{},
		failures: map[string][]failure{}, requests: map[string]int{},
		nextID: 200000000000000000, oauth: oauth{codes: map[string]User{}, tokens: map[string]User{}},
		instances: map[string]*Instance{},
	}
	s.changed = sync.NewCond(&s.mu)
	if spec, err := LoadSpec(); err == nil {
		s.spec = spec
	} else {
		specWarning.Do(func() {
			fmt.Fprintf(os.Stderr, "discordtest: request bodies are not checked against Discord's API description: %v\n", err)
		})
	}
	s.gw.init()
	s.ep = newEndpoint()
	s.http = httptest.NewServer(s.routes())
	s.URL = s.http.URL
	return s
}

// Close stops the servers and drops every connection.
func (s *Server) Close() {
	s.DropGateway()
	s.http.CloseClientConnections()
	s.http.Close()
}

// Violations returns every rule the bot broke, in words.
func (s *Server) Violations() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.violations...)
}

func (s *Server) violate(format string, args ...any) {
	s.violations = append(s.violations, fmt.Sprintf(format, args...))
}

// Requests returns how many requests reached a route (gateway, commands,
// callback, edit, followup, message), failed ones included.
func (s *Server) Requests(route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[route]
}

// Fail makes the next times requests to route fail with status; a 429
// carries retryAfter.
func (s *Server) Fail(route string, status, times int, retryAfter time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range times {
		s.failures[route] = append(s.failures[route], failure{status: status, retryAfter: retryAfter})
	}
}

type failure struct {
	status     int
	retryAfter time.Duration
	global     bool // a 429 for every route
}

// Commands returns the commands last registered for a guild ("" for
// global), waiting up to timeout for a registration.
func (s *Server) Commands(guild string, timeout time.Duration) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.waitLocked(timeout, func() bool { _, ok := s.commands[guild]; return ok })
	return s.commands[guild]
}

// Messages returns the messages posted in channels.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// waitLocked waits, with s.mu held, until ok() or the timeout.
func (s *Server) waitLocked(timeout time.Duration, ok func() bool) bool {
	deadline := time.Now().Add(timeout)
	timer := time.AfterFunc(timeout, func() {
		s.mu.Lock()
		s.changed.Broadcast()
		s.mu.Unlock()
	})
	defer timer.Stop()
	for !ok() {
		if !time.Now().Before(deadline) {
			return false
		}
		s.changed.Wait()
	}
	return true
}

func (s *Server) newID() string {
	s.nextID++
	return fmt.Sprint(s.nextID)
}

// authorised checks the Bot authorisation header Discord requires.
func (s *Server) authorised(w http.ResponseWriter, r *http.Request) bool {
	if r.Header.Get("Authorization") == "Bot "+s.Token {
		return true
	}
	s.mu.Lock()
	got := r.Header.Get("Authorization")
	if strings.Contains(got, s.Token) && !strings.HasPrefix(got, "Bot ") {
		s.violate("%s %s: token without the Bot prefix", r.Method, r.URL.Path)
	} else {
		s.violate("%s %s: missing or wrong authorization", r.Method, r.URL.Path)
	}
	s.mu.Unlock()
	writeError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
	return false
}

// Forget drops finished interactions and the events kept for resuming, so
// a long benchmark measures the bot's memory rather than the fake's record.
// Call it only while the bot is connected.
func (s *Server) Forget() {
	s.mu.Lock()
	for id, in := range s.interactions {
		if in.done {
			delete(s.interactions, id)
			delete(s.byToken, in.token)
		}
	}
	s.messages, s.msgs = nil, map[string]Message{}
	s.mu.Unlock()
	s.gw.mu.Lock()
	s.gw.events = nil
	s.gw.mu.Unlock()
}
