package store

import (
	"context"
	"testing"
	"time"
)

// TestSeenInteractionsAcrossHandles: an interaction id recorded through
// one handle is seen through another on the same database (another
// process, or the same after a restart) until it expires, and forgotten
// after.
func TestSeenInteractionsAcrossHandles(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		ctx := context.Background()
		a, b := open(), open()
		t0 := time.Unix(1_800_000_000, 0)
		const id = uint64(1) << 63 // the highest bit: a snowflake's 64 bits are kept as they are
		for _, tt := range []struct {
			name string
			db   *DB
			id   uint64
			want bool
		}{
			{"first", a, id, true},
			{"again, same handle", a, id, false},
			{"again, another handle", b, id, false},
			{"another id", b, 42, true},
		} {
			if got, err := tt.db.FirstSeen(ctx, tt.id, t0.Add(6*time.Minute)); got != tt.want || err != nil {
				t.Errorf("%s: FirstSeen(%d) = %v, %v; want %v", tt.name, tt.id, got, err, tt.want)
			}
		}
		if n, err := b.ForgetSeen(ctx, t0.Add(5*time.Minute)); n != 0 || err != nil {
			t.Errorf("ForgetSeen before they expire = %d, %v; want 0", n, err)
		}
		if got, _ := a.FirstSeen(ctx, id, t0.Add(6*time.Minute)); got {
			t.Error("an id not yet expired was forgotten")
		}
		if n, err := b.ForgetSeen(ctx, t0.Add(7*time.Minute)); n != 2 || err != nil {
			t.Errorf("ForgetSeen after they expire = %d, %v; want 2", n, err)
		}
		if got, err := a.FirstSeen(ctx, id, t0.Add(13*time.Minute)); !got || err != nil {
			t.Errorf("an expired id: FirstSeen = %v, %v; want it recorded anew", got, err)
		}
	})
}

// TestSeenInteractionsDatabaseDown: with the database closed, FirstSeen
// says so with an error rather than calling an id new.
func TestSeenInteractionsDatabaseDown(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d := open()
		d.Close()
		if first, err := d.FirstSeen(context.Background(), 7, time.Now()); first || err == nil {
			t.Errorf("FirstSeen on a closed database = %v, %v; want false and an error", first, err)
		}
	})
}
