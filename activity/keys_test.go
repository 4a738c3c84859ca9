package activity

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestSessionNotFromClientSecret: whoever knows (or recovers) the
// application's client secret cannot make a session: the key sessions
// are signed with is not derived from it.
func TestSessionNotFromClientSecret(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	srv := serve(t, fake, nil)
	m := hmac.New(sha256.New, []byte("sudokubot activity session")) // how the key was made from the secret
	m.Write([]byte(discordtest.ClientSecret))
	forged := issue(m.Sum(nil), Seat{User: User{ID: "42", Name: "ada"}}, time.Now().Add(time.Hour))
	var p problem
	if status := call(t, "GET", srv.URL+"/api/me", forged, "", &p); status != http.StatusUnauthorized || p.Message != sessionEnded {
		t.Errorf("a session signed with a key made from the client secret: %d %q, want 401", status, p.Message)
	}
}

// TestSessionKeysShared: with the key kept in the shared database, a
// session one process signed is good on another; after a rotation the
// new key signs and sessions signed with the one before stay good, on
// every process (one that read the keys less than a minute ago reads
// them again when a token does not verify); a second rotation ends the
// oldest sessions.
func TestSessionKeysShared(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	db, clk := roomStore(t), newClock()
	var urls [2]string
	for k := range urls {
		srv := httptest.NewServer(New(Config{ClientID: fake.AppID, OAuth: discordOn(fake, nil),
			SessionKeys: db, Now: clk.Now}))
		t.Cleanup(srv.Close)
		urls[k] = srv.URL
	}
	signIn := func(url string) string {
		t.Helper()
		var got tokenReply
		if status := call(t, "POST", url+"/api/token", "", `{"code":"`+fake.Authorize(discordtest.User{ID: "42", Name: "ada"})+`","instance":"i-1"}`, &got); status != http.StatusOK {
			t.Fatalf("sign-in answered %d", status)
		}
		return got.Session
	}
	good := func(url, session string) bool {
		var me User
		return call(t, "GET", url+"/api/me", session, "", &me) == http.StatusOK && me.ID == "42"
	}
	first := signIn(urls[0]) // process 0 reads the key
	clk.add(keysFresh)
	if !good(urls[1], first) { // process 1 reads it a minute later
		t.Fatal("a session signed on one process is refused on another")
	}
	if err := db.RotateSessionKey(context.Background()); err != nil {
		t.Fatal(err)
	}
	clk.add(keysRecheck)
	second := signIn(urls[0]) // process 0's keys are a minute old: it reads the new one, which signs
	for name, s := range map[string]string{"first": first, "second": second} {
		for k, url := range urls {
			if !good(url, s) {
				t.Errorf("after a rotation, process %d refuses the %s session", k, name)
			}
		}
	}
	if err := db.RotateSessionKey(context.Background()); err != nil {
		t.Fatal(err)
	}
	clk.add(keysFresh)
	if good(urls[0], first) || good(urls[1], first) {
		t.Error("after a second rotation, a session signed before the first is still good")
	}
	if !good(urls[0], second) || !good(urls[1], second) {
		t.Error("after a second rotation, a session signed after the first is refused")
	}
}

// TestSessionKeysUnread: when the database cannot give the session keys,
// a sign-in and a session are answered with a sentence, not a token
// signed with something else.
func TestSessionKeysUnread(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	db := roomStore(t)
	srv := serve(t, fake, func(c *Config) { c.SessionKeys = db })
	db.Close()
	var p problem
	code := fake.Authorize(discordtest.User{ID: "42", Name: "ada"})
	if status := call(t, "POST", srv.URL+"/api/token", "", `{"code":"`+code+`","instance":"i-1"}`, &p); status != http.StatusServiceUnavailable || p.Message != keysUnread {
		t.Errorf("a sign-in without keys: %d %q", status, p.Message)
	}
	if status := call(t, "GET", srv.URL+"/api/me", issue(testKey, Seat{User: User{ID: "42"}}, time.Now().Add(time.Hour)), "", &p); status != http.StatusServiceUnavailable || p.Message != keysUnread {
		t.Errorf("a session without keys: %d %q", status, p.Message)
	}
}

// countingKeys is a source of keys that counts its reads and fails when
// told to.
type countingKeys struct {
	reads int
	fail  bool
}

func (c *countingKeys) SessionKeys(context.Context) ([][]byte, error) {
	c.reads++
	if c.fail {
		return nil, errors.New("the database is down")
	}
	return [][]byte{testKey}, nil
}

// TestKeysAskedOnceAWhileWhenDown: while the source of keys fails, the
// keys kept stay good and the source is asked again only every few
// seconds, not once a request (each would wait on it, one at a time).
func TestKeysAskedOnceAWhileWhenDown(t *testing.T) {
	src, clk := &countingKeys{}, newClock()
	k := newKeyring(src, clk.Now)
	if _, err := k.get(t.Context(), keysFresh); err != nil {
		t.Fatal(err)
	}
	src.fail = true
	clk.add(keysFresh)
	for range 100 {
		if keys, err := k.get(t.Context(), keysFresh); err != nil || len(keys) != 1 {
			t.Fatalf("get while the source is down = %v, %v; want the keys kept", keys, err)
		}
	}
	if src.reads != 2 {
		t.Errorf("the source was read %d times for 101 requests, want 2", src.reads)
	}
	clk.add(keysRecheck)
	k.get(t.Context(), keysFresh)
	if src.reads != 3 {
		t.Errorf("the source was read %d times after %v more, want 3", src.reads, keysRecheck)
	}
}
