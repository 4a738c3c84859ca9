package store

import (
	"bytes"
	"context"
	"sync"
	"testing"
)

// TestSessionKeys: the first process to ask makes the big board's session
// key, 256 bits, and every process sharing the database gets the same,
// even when they ask at once; a rotation puts a new key first and keeps
// the one before it, and a second rotation drops the first key.
func TestSessionKeys(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		a, b, ctx := open(), open(), context.Background()
		var got [2][][]byte
		var wg sync.WaitGroup
		for k, d := range []*DB{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				keys, err := d.SessionKeys(ctx)
				if err != nil {
					t.Errorf("SessionKeys: %v", err)
				}
				got[k] = keys
			}()
		}
		wg.Wait()
		if len(got[0]) != 1 || len(got[0][0]) != sessionKeyLen || len(got[1]) != 1 || !bytes.Equal(got[0][0], got[1][0]) {
			t.Fatalf("two processes asking at once got %x and %x, want one key of %d bytes", got[0], got[1], sessionKeyLen)
		}
		first := got[0][0]
		must(t, a.RotateSessionKey(ctx))
		keys, err := b.SessionKeys(ctx)
		must(t, err)
		if len(keys) != 2 || bytes.Equal(keys[0], first) || !bytes.Equal(keys[1], first) || len(keys[0]) != sessionKeyLen {
			t.Fatalf("after a rotation: %x, want a new key, then %x", keys, first)
		}
		second := keys[0]
		must(t, b.RotateSessionKey(ctx))
		keys, err = a.SessionKeys(ctx)
		must(t, err)
		if len(keys) != 2 || !bytes.Equal(keys[1], second) || bytes.Equal(keys[0], first) || bytes.Equal(keys[0], second) {
			t.Errorf("after a second rotation: %x, want a new key, then %x, and %x gone", keys, second, first)
		}
	})
}
