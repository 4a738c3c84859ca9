package store

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
)

func TestGamesSaveOverTheVersionRead(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx := open(), context.Background()
		key := game.Key{User: "u", Puzzle: "daily:5"}
		if _, _, ok, err := d.Game(ctx, key); ok || err != nil {
			t.Fatalf("Game before any = %v, %v; want none", ok, err)
		}
		if ok, err := d.CreateGame(ctx, key, []byte(`{"a":1}`), t0); !ok || err != nil {
			t.Fatalf("CreateGame = %v, %v", ok, err)
		}
		if ok, err := d.CreateGame(ctx, key, []byte(`{"b":2}`), t0); ok || err != nil {
			t.Errorf("a second CreateGame = %v, %v; want refused, the first kept", ok, err)
		}
		if ok, err := d.SaveGame(ctx, key, 0, 1, []byte(`{"c":3}`), t0); !ok || err != nil {
			t.Fatalf("SaveGame over version 0 = %v, %v", ok, err)
		}
		if ok, err := d.SaveGame(ctx, key, 0, 1, []byte(`{"d":4}`), t0); ok || err != nil {
			t.Errorf("SaveGame over an old version = %v, %v; want refused", ok, err)
		}
		data, version, ok, err := d.Game(ctx, key)
		if !ok || err != nil || version != 1 || string(data) != `{"c":3}` {
			t.Errorf("Game = %s at %d (%v, %v), want the first save at 1", data, version, ok, err)
		}
		other := game.Key{User: "v", Puzzle: "daily:5"}
		if ok, err := d.SaveGame(ctx, other, 0, 1, []byte(`{}`), t0); ok || err != nil {
			t.Errorf("SaveGame of a game never created = %v, %v", ok, err)
		}
	})
}

// TestGameSavesRaceOnce: taps racing from two handles (two processes) on
// the same version: exactly one applies.
func TestGameSavesRaceOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		a, b, ctx := open(), open(), context.Background()
		key := game.Key{User: "u", Puzzle: "p"}
		if _, err := a.CreateGame(ctx, key, []byte(`{}`), t0); err != nil {
			t.Fatal(err)
		}
		for version := 1; version <= 5; version++ {
			var wins atomic.Int32
			var wg sync.WaitGroup
			for k := 0; k < 8; k++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					d := []*DB{a, b}[k%2]
					if ok, err := d.SaveGame(ctx, key, version-1, version, []byte(`{}`), t0); err != nil {
						t.Error(err)
					} else if ok {
						wins.Add(1)
					}
				}()
			}
			wg.Wait()
			if wins.Load() != 1 {
				t.Fatalf("version %d: %d saves applied, want exactly one", version, wins.Load())
			}
		}
	})
}

func TestGameErrorsAreTheStores(t *testing.T) {
	d := mustOpen(t, t.TempDir()+"/closed.db")
	d.Close()
	_, _, _, err := d.Game(context.Background(), game.Key{User: "u", Puzzle: "p"})
	if !errors.Is(err, daily.ErrStore) {
		t.Errorf("Game on a closed database = %v, want daily.ErrStore", err)
	}
}

// TestRecentGames: a player's games, the most recently played first, at
// most the limit, and none of another player's.
func TestRecentGames(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx := open(), context.Background()
		for k, p := range []string{"ha", "hb", "hc"} {
			if ok, err := d.CreateGame(ctx, game.Key{User: "u", Puzzle: p}, []byte(`{}`), t0.Add(time.Duration(k)*time.Minute)); !ok || err != nil {
				t.Fatal(err)
			}
		}
		d.CreateGame(ctx, game.Key{User: "v", Puzzle: "hz"}, []byte(`{}`), t0.Add(time.Hour))
		if ok, err := d.SaveGame(ctx, game.Key{User: "u", Puzzle: "ha"}, 0, 1, []byte(`{}`), t0.Add(10*time.Minute)); !ok || err != nil {
			t.Fatal(err)
		}
		got, err := d.RecentGames(ctx, "u", 2)
		if err != nil || strings.Join(got, ",") != "ha,hc" {
			t.Errorf("RecentGames = %v, %v; want ha,hc", got, err)
		}
		if got, err := d.RecentGames(ctx, "w", 5); err != nil || len(got) != 0 {
			t.Errorf("a player with none: %v, %v", got, err)
		}
	})
}
