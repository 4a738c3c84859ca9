package activity

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Signing in: the page's SDK gets a code from Discord (authorize), the
// server exchanges it for Discord's access token (through Config.OAuth),
// learns who the user is and checks their place in the Activity instance
// (Config.Discord), and hands the page a session token of our own
// (session.go), which every later request and the socket carry.

// tokenReply is what the page gets for its code: Discord's access token
// (the SDK's authenticate wants it), our session token, and who signed in.
type tokenReply struct {
	AccessToken string `json:"access_token"`
	Session     string `json:"session"`
	User        User   `json:"user"`
}

// postToken exchanges the code the SDK's authorize gave the page for
// Discord's access token, learns who the user is from /users/@me, and
// hands the page a session token of our own. Sign-ins are limited per
// client address and overall: each costs requests to Discord.
func (s *Server) postToken(w http.ResponseWriter, r *http.Request) {
	if wait, ok := s.signIns.allow(clientAddress(r)); !ok {
		s.cfg.Meter.BoardSignIn("limited")
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
		writeProblem(w, http.StatusTooManyRequests, tooManySignIns)
		return
	}
	var body struct {
		Code     string `json:"code"`
		Instance string `json:"instance"` // the SDK's instanceId: where the Activity runs
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 4<<10)).Decode(&body); err != nil || body.Code == "" {
		writeProblem(w, http.StatusBadRequest, "The sign-in request is missing its code. Close the Activity and open it again.")
		return
	}
	if body.Instance == "" { // only a hand-made client names none: refused before the code is spent
		s.cfg.Meter.BoardSignIn("refused")
		writeProblem(w, http.StatusBadRequest, noInstance)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), discordWait)
	defer cancel()
	keys, err := s.keyring.get(ctx, keysFresh) // before the code is spent
	if err != nil {
		s.keysFailed(w, err)
		return
	}
	access, seat, err := s.signIn(ctx, body.Code, body.Instance)
	if err != nil {
		s.signInFailed(w, seat, err)
		return
	}
	s.cfg.Meter.BoardSignIn("ok")
	writeJSON(w, tokenReply{AccessToken: access, Session: issue(keys[0], seat, s.cfg.Now().Add(sessionLife)), User: seat.User})
}

// noInstance is what a sign-in that names no Activity instance reads.
const noInstance = "The sign-in names no Activity. Open Sudoku from Discord: start it from the app launcher in a channel or DM."

// keysUnread is what the page reads when the session keys could not be
// read (from the database).
const keysUnread = "I can't reach my database right now, so I cannot check your sign-in. Try again in a moment."

// keysFailed answers a request whose session keys could not be read.
func (s *Server) keysFailed(w http.ResponseWriter, err error) {
	s.cfg.Log.Error("activity: no session keys", "err", err)
	writeProblem(w, http.StatusServiceUnavailable, keysUnread)
}

// What the page is told when it signs in too often, or Discord asked the
// server to wait.
const (
	tooManySignIns = "Too many sign-ins just now. Try again in a moment."
	discordBusy    = "Discord asked me to wait. Try again in a moment."
)

// signIn exchanges a code and checks the user's place in an instance: it
// returns Discord's access token and the seat.
func (s *Server) signIn(ctx context.Context, code, instance string) (string, Seat, error) {
	var seat Seat
	access, err := s.cfg.OAuth.Exchange(ctx, code)
	if err == nil {
		seat.User, err = s.whoIs(ctx, access)
	}
	if err == nil {
		seat.Guild, seat.Instance, seat.Channel, err = s.placeOf(ctx, instance, seat.User.ID, time.Time{})
	}
	return access, seat, err
}

// signInFailed answers a sign-in that did not go through with a sentence
// for the page, and logs what Discord said (never a code or a token).
func (s *Server) signInFailed(w http.ResponseWriter, seat Seat, err error) {
	status := discordStatus(err)
	switch {
	case errors.Is(err, errNotInInstance):
		s.cfg.Meter.BoardSignIn("refused")
		writeProblem(w, http.StatusForbidden, seat.words().Text(notInActivity))
	case discordWaits(err):
		s.cfg.Meter.BoardSignIn("failed")
		s.cfg.Log.Warn("activity sign-in put off: Discord asked to wait")
		writeProblem(w, http.StatusServiceUnavailable, discordBusy)
	case status != 0 && status < 500:
		s.cfg.Meter.BoardSignIn("refused")
		s.cfg.Log.Warn("activity sign-in refused by Discord", "status", status, "err", err)
		writeProblem(w, http.StatusUnauthorized, "Discord did not accept the sign-in. Close the Activity and open it again.")
	default:
		s.cfg.Meter.BoardSignIn("failed")
		s.cfg.Log.Error("activity sign-in failed", "err", err)
		writeProblem(w, http.StatusBadGateway, "Discord did not answer the sign-in. Try again in a moment.")
	}
}

// whoIs returns the user an access token belongs to.
func (s *Server) whoIs(ctx context.Context, access string) (User, error) {
	id, name, avatar, locale, err := s.cfg.OAuth.User(ctx, access)
	if err != nil {
		return User{}, err
	}
	return User{ID: id, Name: name, Avatar: avatar, Locale: locale}, nil
}

// getConfig tells the page what it needs before signing in: the
// application's client id, for the SDK.
func (s *Server) getConfig(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, map[string]string{"client_id": s.cfg.ClientID})
}

// getMe returns the signed-in user: what the page asks to check its
// session.
func (s *Server) getMe(w http.ResponseWriter, r *http.Request) {
	seat, ok := s.signedIn(w, r)
	if ok {
		writeJSON(w, seat.User)
	}
}

// signedIn returns the seat of the request's session token (Authorization:
// Bearer), or answers 401 and reports false. Nothing that touches a game
// runs without it.
func (s *Server) signedIn(w http.ResponseWriter, r *http.Request) (Seat, bool) {
	token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	seat, err := s.session(r.Context(), token)
	switch {
	case errors.Is(err, errSession):
		writeProblem(w, http.StatusUnauthorized, sessionEnded)
	case err != nil:
		s.keysFailed(w, err)
	default:
		return seat, true
	}
	return Seat{}, false
}
