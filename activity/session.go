package activity

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/internal/i18n"
)

// User is a player as the Activity knows them: what Discord's identify
// scope gives, and nothing more is kept.
type User struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Avatar string `json:"avatar,omitempty"`
	Locale string `json:"locale,omitempty"` // their Discord language: the board speaks it
}

// Seat is a signed-in player and where their Activity was launched, as
// Discord's activity-instance endpoint told it at sign-in.
type Seat struct {
	User  User
	Guild string // the server; "" in a DM or group DM, where there is no daily
	// Instance is the Activity instance the user was in at sign-in (checked
	// with Discord): the room they play together in; "" when unchecked.
	// Channel is the channel it runs in, where a room's finish is told.
	Instance, Channel string
}

// words is the seat's printer: the board speaks the player's Discord
// language (English where the catalogue has none).
func (s Seat) words() i18n.Printer { return i18n.For(s.User.Locale) }

// sessionClaims is what a session token carries: the seat and when the
// token stops being good, in Unix seconds.
type sessionClaims struct {
	User     User   `json:"u"`
	Guild    string `json:"g,omitempty"`
	Instance string `json:"i,omitempty"`
	Channel  string `json:"c,omitempty"`
	Expires  int64  `json:"e"`
}

// errSession is every reason a session token is refused: missing,
// malformed, forged or expired. The page is told only to sign in again.
var errSession = errors.New("activity: no valid session")

// issue returns a session token for a seat, good until expires: the
// claims in base64url, a dot, and their HMAC-SHA256.
func issue(key []byte, seat Seat, expires time.Time) string {
	payload, _ := json.Marshal(sessionClaims{User: seat.User, Guild: seat.Guild, Instance: seat.Instance, Channel: seat.Channel, Expires: expires.Unix()})
	body := base64.RawURLEncoding.EncodeToString(payload)
	return body + "." + sign(key, body)
}

func sign(key []byte, body string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(body))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// verify returns the seat of a session token signed with one of keys and
// good at now.
func verify(keys [][]byte, token string, now time.Time) (Seat, error) {
	body, mac, ok := strings.Cut(token, ".")
	if !ok || !slices.ContainsFunc(keys, func(key []byte) bool { return hmac.Equal([]byte(mac), []byte(sign(key, body))) }) {
		return Seat{}, errSession
	}
	payload, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return Seat{}, errSession
	}
	var c sessionClaims
	if json.Unmarshal(payload, &c) != nil || c.User.ID == "" || now.Unix() >= c.Expires {
		return Seat{}, errSession
	}
	return Seat{User: c.User, Guild: c.Guild, Instance: c.Instance, Channel: c.Channel}, nil
}
