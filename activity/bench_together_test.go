package activity

import (
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// BenchmarkFanOut: 200 rooms of 4 players, two on each of two processes
// sharing PostgreSQL (as behind a load balancer), each player making a
// move a second on a cell of their own (800 moves a second in all, their
// phases spread), for 5 s. It reports how long a move takes to reach
// each other player of its room (sent, applied, stored, told to both
// processes, read back and pushed), p50 and p99 in ms. It needs
// TEST_DATABASE_URL. Run it with:
//
//	go test ./activity -run X -bench FanOut -benchtime 2x
func BenchmarkFanOut(b *testing.B) {
	urls, _ := processes(b, 2)
	rooms := make([]*benchRoom, 200)
	for k := range rooms {
		rooms[k] = openBenchRoom(b, urls, "bench-"+strconv.Itoa(k))
	}
	for b.Loop() {
		var wg sync.WaitGroup
		start := time.Now()
		for k, r := range rooms {
			for p := range r.players {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r.play(b, p, start.Add(time.Duration(k*4+p)*time.Second/time.Duration(4*len(rooms))), 5)
				}()
			}
		}
		wg.Wait()
		var lat []time.Duration
		for _, r := range rooms {
			r.mu.Lock()
			lat, r.lat = append(lat, r.lat...), nil
			r.mu.Unlock()
		}
		if len(lat) == 0 {
			b.Fatal("no move reached another player")
		}
		slices.Sort(lat)
		ms := func(q float64) float64 { return float64(lat[int(q*float64(len(lat)-1))]) / float64(time.Millisecond) }
		b.ReportMetric(ms(0.5), "seen-p50-ms")
		b.ReportMetric(ms(0.99), "seen-p99-ms")
		b.ReportMetric(float64(len(lat)), "seen")
	}
}

// benchRoom is one room's four players and what each last sent.
type benchRoom struct {
	players []*benchPlayer
	cells   []int // each player's own cell
	mu      sync.Mutex
	sent    []time.Time
	want    []byte // what each player's cell shows once their move is in
	seen    [][]bool
	lat     []time.Duration
}

type benchPlayer struct {
	conn    *websocket.Conn
	version int
	answers chan State
	mu      sync.Mutex
}

// openBenchRoom seats four players in a room: two on each process.
func openBenchRoom(b *testing.B, urls []string, instance string) *benchRoom {
	r := &benchRoom{sent: make([]time.Time, 4), want: make([]byte, 4), seen: make([][]bool, 4)}
	for p := range 4 {
		conn, _, err := websocket.DefaultDialer.Dial(urls[p/2], nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { conn.Close() })
		pl := &benchPlayer{conn: conn, answers: make(chan State, 1)}
		conn.WriteJSON(clientMessage{T: "hello", Session: seatIn("p"+strconv.Itoa(p), instance)})
		conn.WriteJSON(clientMessage{T: "join", Level: "easy"})
		for {
			var st State
			if err := conn.ReadJSON(&st); err != nil {
				b.Fatal(err)
			}
			if st.T == "state" {
				pl.version = st.Version
				if r.cells == nil {
					for i, c := range st.Givens {
						if c == '.' && len(r.cells) < 4 {
							r.cells = append(r.cells, i)
						}
					}
				}
				break
			}
		}
		r.seen[p] = make([]bool, 4)
		r.players = append(r.players, pl)
		go r.read(p)
	}
	return r
}

// read takes player p's messages: answers go to the player's mover, and
// every board pushed is looked over for the others' moves.
func (r *benchRoom) read(p int) {
	pl := r.players[p]
	for {
		var st State
		if pl.conn.ReadJSON(&st) != nil {
			return
		}
		pl.mu.Lock()
		pl.version = max(pl.version, st.Version)
		pl.mu.Unlock()
		if st.T != "room" {
			pl.answers <- st
			continue
		}
		now := time.Now()
		r.mu.Lock()
		for k := range r.players {
			if k != p && !r.sent[k].IsZero() && !r.seen[k][p] && st.Cells[r.cells[k]] == r.want[k] {
				r.seen[k][p] = true
				r.lat = append(r.lat, now.Sub(r.sent[k]))
			}
		}
		r.mu.Unlock()
	}
}

// play has player p make moves moves, one a second from at: a digit in
// their cell, then none, by turns.
func (r *benchRoom) play(b *testing.B, p int, at time.Time, moves int) {
	pl := r.players[p]
	for k := range moves {
		time.Sleep(time.Until(at))
		m := clientMessage{T: "place", Game: "room", Row: r.cells[p] / 9, Col: r.cells[p] % 9, Digit: 1 + p}
		want := byte('1' + p)
		if k%2 == 1 {
			m.T, m.Digit, want = "erase", 0, '.'
		}
		pl.mu.Lock()
		m.Version = pl.version
		pl.mu.Unlock()
		r.mu.Lock()
		r.sent[p], r.want[p] = time.Now(), want
		for j := range r.seen[p] {
			r.seen[p][j] = false
		}
		r.mu.Unlock()
		if err := pl.conn.WriteJSON(m); err != nil {
			b.Error(err)
			return
		}
		if st := <-pl.answers; st.T != "state" {
			b.Errorf("player %d's move answered %q", p, st.T)
		}
		at = at.Add(time.Second)
	}
}
