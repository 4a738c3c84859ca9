package activity

import (
	"strings"
	"testing"
	"time"
)

// FuzzVerify: any string given as a session token is refused or gives a
// user, never a panic; a token issued with the key gives back its user,
// and any change to it is refused.
func FuzzVerify(f *testing.F) {
	key := testKey
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	good := issue(key, Seat{User: User{ID: "42", Name: "ada"}, Guild: "7"}, now.Add(time.Hour))
	for _, seed := range []string{"", ".", "a.b", good, good + "x", strings.Replace(good, ".", "", 1), "e30." + good[strings.Index(good, ".")+1:]} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, token string) {
		u, err := verify(testKeys, token, now)
		if err == nil && (token != good || u.User.ID != "42" || u.Guild != "7") {
			t.Errorf("token %q accepted as %+v", token, u)
		}
	})
}

// TestIssueVerify: a token issued for a user gives that user back until it
// expires.
func TestIssueVerify(t *testing.T) {
	key := testKey
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	seat := Seat{User: User{ID: "42", Name: "ada", Avatar: "abc"}, Guild: "7"}
	token := issue(key, seat, now.Add(time.Hour))
	if u, err := verify(testKeys, token, now); err != nil || u != seat {
		t.Errorf("verify = %+v, %v", u, err)
	}
	if _, err := verify(testKeys, token, now.Add(time.Hour)); err == nil {
		t.Error("an expired token was accepted")
	}
}
