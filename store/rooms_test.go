package store

import (
	"context"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/game"
)

// TestRoomsSaveOverTheVersionRead: a room is created once and saved only
// over the version read, apart from the games (a room's name is no
// player's game).
func TestRoomsSaveOverTheVersionRead(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx, now := open(), context.Background(), time.Now()
		if _, _, ok, err := d.Room(ctx, "i-1"); ok || err != nil {
			t.Fatalf("Room of nothing = %v, %v", ok, err)
		}
		mustBe(t, "create", true)(d.CreateRoom(ctx, "i-1", []byte(`{"v":0}`), now))
		mustBe(t, "create again", false)(d.CreateRoom(ctx, "i-1", []byte(`{"v":9}`), now))
		mustBe(t, "save 0 -> 3", true)(d.SaveRoom(ctx, "i-1", 0, 3, []byte(`{"v":3}`), now))
		mustBe(t, "save on 0 again", false)(d.SaveRoom(ctx, "i-1", 0, 4, []byte(`{"v":4}`), now))
		data, version, ok, err := d.Room(ctx, "i-1")
		if !ok || err != nil || version != 3 || string(data) != `{"v":3}` {
			t.Errorf("Room = %s, %d, %v, %v; want {\"v\":3} at 3", data, version, ok, err)
		}
		if _, _, ok, _ := d.Game(ctx, game.Key{User: "room", Puzzle: "i-1"}); ok {
			t.Error("a room is stored among the games")
		}
	})
}

// TestRoomsMoveOutOfTheGames: rooms and daily rosters stored by earlier
// versions among the games, under the users "room" and "dailyroom", move
// to the rooms as they are; players' games stay.
func TestRoomsMoveOutOfTheGames(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx, now := open(), context.Background(), time.Now()
		for _, k := range []game.Key{{User: "room", Puzzle: "i-7"}, {User: "dailyroom", Puzzle: "d:3:i-7"}, {User: "u1", Puzzle: "q3"}} {
			mustBe(t, "create "+k.User, true)(d.CreateGame(ctx, k, []byte(`"`+k.Puzzle+`"`), now))
			mustBe(t, "save "+k.User, true)(d.SaveGame(ctx, k, 0, 5, []byte(`"`+k.Puzzle+` at 5"`), now))
		}
		if _, err := d.db.ExecContext(ctx, `DROP TABLE rooms`); err != nil { // as before migration 7
			t.Fatal(err)
		}
		if _, err := d.db.ExecContext(ctx, d.q(`DELETE FROM schema_migrations WHERE version = ?`), 7); err != nil {
			t.Fatal(err)
		}
		if err := d.migrate(ctx); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"i-7", "d:3:i-7"} {
			data, version, ok, err := d.Room(ctx, name)
			if !ok || err != nil || version != 5 || string(data) != `"`+name+` at 5"` {
				t.Errorf("room %s = %s, %d, %v, %v; want it as it was stored", name, data, version, ok, err)
			}
		}
		for _, user := range []string{"room", "dailyroom"} {
			if got, err := d.RecentGames(ctx, user, 10); len(got) > 0 || err != nil {
				t.Errorf("games of %q after the move: %v, %v", user, got, err)
			}
		}
		if _, version, ok, _ := d.Game(ctx, game.Key{User: "u1", Puzzle: "q3"}); !ok || version != 5 {
			t.Errorf("a player's game after the move: %v at %d", ok, version)
		}
	})
}

// mustBe fails the test when a create or save did not report want.
func mustBe(t *testing.T, what string, want bool) func(bool, error) {
	return func(got bool, err error) {
		t.Helper()
		if got != want || err != nil {
			t.Fatalf("%s = %v, %v; want %v", what, got, err, want)
		}
	}
}
