package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/game"
)

// saveWord is one save a watcher heard of.
type saveWord struct {
	key     game.Key
	version int
}

// TestSavesAreTold: a game's creation and each save that commits are told
// to the games' watchers with the version stored, by the save's own
// statement on PostgreSQL (so a process that dies after its save cannot
// leave the others without word); a save refused for an older version and
// a creation of a game already there tell nothing.
func TestSavesAreTold(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d := open()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		user := fmt.Sprintf("w%d", time.Now().UnixNano()) // the channel is the database's: other runs' words pass by
		heard, listening := make(chan saveWord, 16), make(chan struct{}, 4)
		go d.WatchSaves(ctx, func() { listening <- struct{}{} }, func(k game.Key, v int) {
			if k.User == user {
				heard <- saveWord{k, v}
			}
		}, func(name string, v int) {
			if name == user {
				heard <- saveWord{game.Key{Puzzle: "room " + name}, v}
			}
		})
		<-listening
		key := game.Key{User: user, Puzzle: "hqf3is7wqg5od"}
		steps := []struct {
			name string
			do   func() (bool, error)
			want bool
		}{
			{"create", func() (bool, error) { return d.CreateGame(ctx, key, []byte(`{"a":1}`), time.Now()) }, true},
			{"create again", func() (bool, error) { return d.CreateGame(ctx, key, []byte(`{"a":2}`), time.Now()) }, false},
			{"save 0 -> 1", func() (bool, error) { return d.SaveGame(ctx, key, 0, 1, []byte(`{"a":3}`), time.Now()) }, true},
			{"save on 0 again", func() (bool, error) { return d.SaveGame(ctx, key, 0, 1, []byte(`{"a":4}`), time.Now()) }, false},
			{"save 1 -> 2", func() (bool, error) { return d.SaveGame(ctx, key, 1, 2, []byte(`{"a":5}`), time.Now()) }, true},
			{"create room", func() (bool, error) { return d.CreateRoom(ctx, user, []byte(`{"r":1}`), time.Now()) }, true},
			{"create room again", func() (bool, error) { return d.CreateRoom(ctx, user, []byte(`{"r":2}`), time.Now()) }, false},
			{"save room 0 -> 7", func() (bool, error) { return d.SaveRoom(ctx, user, 0, 7, []byte(`{"r":3}`), time.Now()) }, true},
			{"save room on 0 again", func() (bool, error) { return d.SaveRoom(ctx, user, 0, 8, []byte(`{"r":4}`), time.Now()) }, false},
		}
		for _, s := range steps {
			if ok, err := s.do(); ok != s.want || err != nil {
				t.Fatalf("%s = %v, %v; want %v", s.name, ok, err, s.want)
			}
		}
		roomKey := game.Key{Puzzle: "room " + user}
		for _, want := range []saveWord{{key, 0}, {key, 1}, {key, 2}, {roomKey, 0}, {roomKey, 7}} {
			select {
			case got := <-heard:
				if got != want {
					t.Errorf("heard %+v, want %+v", got, want)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("no word of %+v", want)
			}
		}
		select {
		case got := <-heard:
			t.Errorf("heard %+v of a save that changed nothing", got)
		case <-time.After(200 * time.Millisecond):
		}
	})
}
