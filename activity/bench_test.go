package activity

import (
	"context"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// BenchmarkWebMoves: 100 players, each with a game open on the big board
// over its own WebSocket, make a move every 500 ms (200 moves a second in
// all, their phases spread evenly) for 5 s, on SQLite and, with
// TEST_DATABASE_URL, PostgreSQL. It reports each move's time from sending
// to its answer (received, loaded, applied, stored, acknowledged), p50
// and p99 in ms. Run it with:
//
//	go test ./activity -run X -bench WebMoves -benchtime 3x
func BenchmarkWebMoves(b *testing.B) {
	for _, engine := range []string{"sqlite", "postgres"} {
		b.Run(engine, func(b *testing.B) {
			dsn := b.TempDir() + "/moves.db"
			if engine == "postgres" {
				dsn = storetest.PostgresURL(b)
			}
			db, err := store.Open(context.Background(), dsn)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { db.Close() })
			cfg := Config{ClientID: "100000000000000001", SessionKeys: testKeys, Games: db}
			srv := httptest.NewServer(New(cfg))
			b.Cleanup(srv.Close)
			players := openPlayers(b, db, "ws"+strings.TrimPrefix(srv.URL, "http")+"/api/play", 100)
			for b.Loop() {
				lat := movePlayers(b, players, 10, 500*time.Millisecond)
				slices.Sort(lat)
				ms := func(q float64) float64 { return float64(lat[int(q*float64(len(lat)-1))]) / float64(time.Millisecond) }
				b.ReportMetric(ms(0.5), "move-p50-ms")
				b.ReportMetric(ms(0.99), "move-p99-ms")
				b.ReportMetric(float64(len(lat)), "moves")
			}
		})
	}
}

// player is one benchmark player's WebSocket and game.
type player struct {
	conn  *websocket.Conn
	state *State
	cell  int // an empty cell it places in and erases, again and again
}

// openPlayers stores a game of the classic puzzle for each of n players,
// signs each in over its own WebSocket and opens the game.
func openPlayers(b *testing.B, db *store.DB, url string, n int) []*player {
	ctx := context.Background()
	p, _ := solver.Parse(classic)
	sol, _ := solver.Parse(solution)
	ref := game.PuzzleRef(p)
	out := make([]*player, n)
	for k := range out {
		user := strconv.Itoa(5000000 + k)
		if _, err := (game.Sessions{Store: db}).LoadOrCreate(ctx, ref.Key(user, ""), func() (*game.Game, error) { return game.New(p, sol) }); err != nil {
			b.Fatal(err)
		}
		conn, _, err := websocket.DefaultDialer.Dial(url, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { conn.Close() })
		conn.WriteJSON(clientMessage{T: "hello", Session: issue(testKey, Seat{User: User{ID: user}}, time.Now().Add(time.Hour))})
		conn.WriteJSON(clientMessage{T: "open", Game: ref.String()})
		var st State
		if err := conn.ReadJSON(&st); err != nil || st.T != "state" {
			b.Fatalf("player %d: open answered %+v, %v", k, st, err)
		}
		out[k] = &player{conn: conn, state: &st, cell: strings.IndexByte(classic, '.')}
	}
	return out
}

// movePlayers has every player make moves moves, one every gap, their
// phases spread over it, placing a digit and erasing it by turns; it
// returns every move's latency.
func movePlayers(b *testing.B, players []*player, moves int, gap time.Duration) []time.Duration {
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	start := time.Now()
	for k, pl := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tick := start.Add(time.Duration(k) * gap / time.Duration(len(players)))
			for range moves {
				time.Sleep(time.Until(tick))
				m := clientMessage{T: "place", Game: pl.state.Game, Version: pl.state.Version, Row: pl.cell / 9, Col: pl.cell % 9, Digit: 4}
				if pl.state.Cells[pl.cell] != '.' {
					m.T = "erase"
				}
				sent := time.Now()
				var st State
				if err := pl.conn.WriteJSON(m); err != nil {
					b.Error(err)
					return
				}
				if err := pl.conn.ReadJSON(&st); err != nil || st.T != "state" {
					b.Errorf("player %d: %s answered %+v, %v", k, m.T, st, err)
					return
				}
				took := time.Since(sent)
				pl.state = &st
				mu.Lock()
				lat = append(lat, took)
				mu.Unlock()
				tick = tick.Add(gap)
			}
		}()
	}
	wg.Wait()
	return lat
}
