package activity

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Session tokens are signed with a key of at least 256 random bits that
// every process of a deployment shares: given in the configuration
// (ACTIVITY_SESSION_KEY), or made once and kept in the shared database.
// The first key signs; every key verifies, so a rotation keeps the
// previous key for the sessions it signed (they last 12 hours).

// SessionKeys gives the keys session tokens are signed with.
type SessionKeys interface {
	// SessionKeys returns the keys, the one that signs first; the others
	// (previous keys) still verify. It does not change them.
	SessionKeys(ctx context.Context) ([][]byte, error)
}

// FixedKeys are session keys given in the configuration: the first signs,
// every one verifies.
type FixedKeys [][]byte

// SessionKeys returns the keys as given.
func (k FixedKeys) SessionKeys(context.Context) ([][]byte, error) { return k, nil }

// MinKeyLen is the shortest session key used, in bytes (256 bits).
const MinKeyLen = 32

// keysFresh is how long the keys read are used before they are read
// again (a rotation reaches every process within it); keysRecheck is how
// soon they are read again when a token does not verify (one signed with
// a key this process has not read yet), which bounds what junk tokens
// can cost.
const (
	keysFresh   = time.Minute
	keysRecheck = 5 * time.Second
)

// errNoKey is a source of keys that gave none long enough.
var errNoKey = errors.New("activity: no session key of 256 bits")

// keyring keeps the keys last read from their source.
type keyring struct {
	src   SessionKeys
	now   func() time.Time
	mu    sync.Mutex
	keys  [][]byte
	read  time.Time // when the keys kept were read
	tried time.Time // when the source was last asked, answering or not
}

// keysWait bounds a read of the keys: a source that hangs holds up every
// page's sign-in and hello while it is asked.
const keysWait = 2 * time.Second

// newKeyring reads keys from src; a nil src gives a key made for this
// process alone (its sessions end when it restarts, and other processes
// refuse them).
func newKeyring(src SessionKeys, now func() time.Time) *keyring {
	if src == nil {
		key := make([]byte, MinKeyLen)
		rand.Read(key)
		src = FixedKeys{key}
	}
	return &keyring{src: src, now: now}
}

// get returns the keys, read again when those kept are older than maxAge.
// Keys shorter than MinKeyLen are left out.
func (k *keyring) get(ctx context.Context, maxAge time.Duration) ([][]byte, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	now := k.now()
	if k.keys != nil && (now.Sub(k.read) < maxAge || now.Sub(k.tried) < keysRecheck) {
		return k.keys, nil // fresh enough, or the source was asked a moment ago
	}
	k.tried = now
	ctx, cancel := context.WithTimeout(ctx, keysWait)
	defer cancel()
	got, err := k.src.SessionKeys(ctx)
	if err != nil {
		if k.keys != nil {
			return k.keys, nil // the keys kept stay good until the source answers again
		}
		return nil, fmt.Errorf("reading the session keys: %w", err)
	}
	var keys [][]byte
	for _, key := range got {
		if len(key) >= MinKeyLen {
			keys = append(keys, key)
		}
	}
	if len(keys) == 0 {
		return nil, errNoKey
	}
	k.keys, k.read = keys, now
	return keys, nil
}

// session returns the seat of a session token, or errSession; any other
// error is the keys that could not be read.
func (s *Server) session(ctx context.Context, token string) (Seat, error) {
	keys, err := s.keyring.get(ctx, keysFresh)
	if err != nil {
		return Seat{}, err
	}
	seat, err := verify(keys, token, s.cfg.Now())
	if err == nil || token == "" {
		return seat, err
	}
	again, kerr := s.keyring.get(ctx, keysRecheck) // perhaps signed with a key rotated in since
	if kerr != nil || bytes.Equal(again[0], keys[0]) {
		return Seat{}, err
	}
	return verify(again, token, s.cfg.Now())
}
