package activity

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/room"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// TestAMoveStoredWithoutItsWord: a process stores ada's move in her room
// and dies at once, before it tells anyone or answers her. Bob, on
// another process, sees her digit all the same (the save told of itself),
// and ada's page, sending the move again on the version it had, is
// answered with the board, her digit in it, not refused as someone
// else's change.
func TestAMoveStoredWithoutItsWord(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		db := roomStore(t)
		url, _ := roomServer(t, db, nil)
		moveWithoutWord(t, db, url, url)
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := storetest.PostgresURL(t)
		var urls []string
		var dbs []*store.DB
		for range 2 {
			db, err := store.Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			url, _ := roomServer(t, db, db)
			urls, dbs = append(urls, url), append(dbs, db)
		}
		moveWithoutWord(t, dbs[0], urls[0], urls[1])
	})
}

func moveWithoutWord(t *testing.T, db *store.DB, adaURL, bobURL string) {
	instance := "i-crash"
	ada, bob := dial(t, adaURL, seatIn("ada", instance)), dial(t, bobURL, seatIn("bob", instance))
	st, r := ada.send(clientMessage{T: "join", Level: "easy"})
	if st == nil {
		t.Fatalf("ada's join: %+v", r)
	}
	if seen, r := bob.send(clientMessage{T: "join"}); seen == nil {
		t.Fatalf("bob's join: %+v", r)
	}
	st = ada.pushed(func(s *State) bool { return len(s.Together.Players) == 2 })
	empty := strings.IndexByte(st.Cells, '.')
	sent := clientMessage{T: "place", Game: "room", Version: st.Version, Row: empty / 9, Col: empty % 9, Digit: 5}
	storeMove(t, db, instance, "ada", room.Move{Kind: game.Place, Cell: solver.Cell{Row: sent.Row, Col: sent.Col}, Digit: 5, Seen: sent.Version})
	bob.pushed(func(s *State) bool { return s.Cells[empty] == '5' && s.Together.By[empty] == 0 })
	again, r := ada.send(sent)
	if again == nil || again.Cells[empty] != '5' || again.Version != st.Version+1 {
		t.Fatalf("ada's move sent again = %+v %+v, want the board with her 5, answered as made", again, r)
	}
	if got := storedRoom(t, db, instance); got.Version != st.Version+1 {
		t.Errorf("the room is at version %d after the resend, want %d: applied twice", got.Version, st.Version+1)
	}
}

// storeMove makes a player's move in a stored room and saves it, as a
// process does before it tells anyone.
func storeMove(t *testing.T, db *store.DB, instance, user string, m room.Move) {
	t.Helper()
	ctx := context.Background()
	data, stored, _, err := db.Room(ctx, instance)
	if err != nil {
		t.Fatal(err)
	}
	r, err := room.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Apply(user, m, time.Now()); err != nil {
		t.Fatal(err)
	}
	data, _ = r.Encode()
	if saved, err := db.SaveRoom(ctx, instance, stored, r.Version, data, time.Now()); !saved || err != nil {
		t.Fatalf("storing %s's move: %v %v", user, saved, err)
	}
}
