package room

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/solver"
)

const (
	classic  = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

var now = time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)

// newRoom starts the classic puzzle with ada and bob in it.
func newRoom(t testing.TB) *Room { return seated(t, New) }

// seated starts the classic puzzle with start (New or NewRace) and seats
// ada and bob.
func seated(t testing.TB, start func(p, s solver.Grid, at time.Time) *Room) *Room {
	t.Helper()
	p, _ := solver.Parse(classic)
	s, _ := solver.Parse(solution)
	r := start(p, s, now)
	for _, id := range []string{"ada", "bob"} {
		if err := r.Join(Player{ID: id, Name: id}); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

func place(r, c, d, seen int) Move {
	return Move{Kind: game.Place, Cell: solver.Cell{Row: r - 1, Col: c - 1}, Digit: d, Seen: seen}
}

func TestJoinAndLimit(t *testing.T) {
	r := newRoom(t)
	for k := 2; k < MaxPlayers; k++ {
		if err := r.Join(Player{ID: fmt.Sprint("p", k)}); err != nil {
			t.Fatalf("player %d: %v", k+1, err)
		}
	}
	if err := r.Join(Player{ID: "late"}); !errors.Is(err, ErrFull) {
		t.Fatalf("player 26 joined: %v", err)
	}
	r.Leave("bob")
	if r.In("bob") || r.Marks["bob"] != nil {
		t.Error("bob is still in after leaving")
	}
	if err := r.Join(Player{ID: "late"}); err != nil {
		t.Fatalf("a seat left free was not taken: %v", err)
	}
	if err := r.Join(Player{ID: "bob"}); !errors.Is(err, ErrFull) {
		t.Fatalf("bob came back to a full room: %v", err)
	}
	r.Leave("late")
	if err := r.Join(Player{ID: "bob"}); err != nil || r.Players[1].Color != 1 {
		t.Fatalf("bob came back with %v, colour %d", err, r.Players[1].Color)
	}
	if err := r.Apply("late", place(1, 3, 4, r.Version), now); !errors.Is(err, ErrNotIn) {
		t.Errorf("a player who left moved: %v", err)
	}
	// Those who left stay listed (their digits name them), up to maxSeats
	// in all: the room stays one the store can read back.
	for k := 0; ; k++ {
		id := fmt.Sprint("visitor", k)
		r.Leave(fmt.Sprint("p", k+2))
		if err := r.Join(Player{ID: id}); err != nil {
			if !errors.Is(err, ErrFull) || len(r.Players) != maxSeats {
				t.Fatalf("visitor %d: %v with %d seats", k, err, len(r.Players))
			}
			break
		}
		r.Leave(id)
	}
	data, _ := r.Encode()
	if _, err := Decode(data); err != nil {
		t.Errorf("a room with every seat taken does not read back: %v", err)
	}
}

// TestContinue: a new board that goes on from an old one takes no move
// made on the old one.
func TestContinue(t *testing.T) {
	old := newRoom(t)
	old.Apply("ada", place(1, 3, 4, old.Version), now)
	seen := old.Version
	r := newRoom(t)
	r.Continue(old.Version)
	if r.Version <= old.Version {
		t.Fatalf("the new board is at version %d, after %d", r.Version, old.Version)
	}
	if err := r.Apply("ada", place(1, 4, 6, seen), now); !errors.Is(err, ErrOutdated) {
		t.Errorf("a move made on the old board: %v", err)
	}
	if err := r.Apply("ada", place(1, 4, 6, r.Version), now); err != nil {
		t.Errorf("a move on the new board: %v", err)
	}
}

// TestRebase: a move made on an older version applies when nothing since
// touched its cell, and is refused when something did.
func TestRebase(t *testing.T) {
	r := newRoom(t)
	seen := r.Version
	if err := r.Apply("ada", place(1, 3, 4, seen), now); err != nil {
		t.Fatal(err)
	}
	if err := r.Apply("bob", place(1, 4, 6, seen), now); err != nil {
		t.Errorf("bob's move on another cell, made before ada's, was refused: %v", err)
	}
	if err := r.Apply("bob", place(1, 3, 2, seen), now); !errors.Is(err, ErrOutdated) {
		t.Errorf("bob's move on ada's cell, made before it: %v", err)
	}
	if r.Cells.At(0, 2) != 4 || r.Cells.At(0, 3) != 6 || r.By[2] != 0 || r.By[3] != 1 {
		t.Errorf("r1c3 %d by %d, r1c4 %d by %d", r.Cells.At(0, 2), r.By[2], r.Cells.At(0, 3), r.By[3])
	}
	if err := r.Apply("bob", place(1, 8, 6, r.Version+1), now); !errors.Is(err, ErrOutdated) {
		t.Errorf("a move from a version to come: %v", err)
	}
	old := r.Version
	for k := 0; k < 200; k++ { // many changes to other cells
		r.Apply("ada", Move{Kind: game.Note, Cell: solver.Cell{Row: 8, Col: 0}, Digit: 1, Seen: r.Version}, now)
		r.Apply("ada", place(9, 2, 1+k%9, r.Version), now)
	}
	if err := r.Apply("bob", place(1, 8, 1, old), now); err != nil {
		t.Errorf("a move on an untouched cell, 400 changes old, was refused: %v", err)
	}
	if err := r.Apply("bob", place(9, 2, 1, old), now); !errors.Is(err, ErrOutdated) {
		t.Errorf("a move on a cell changed since, 400 changes old: %v", err)
	}
	back, err := Decode(mustEncode(t, r))
	if err != nil {
		t.Fatal(err)
	}
	if err := back.Apply("ada", place(1, 9, 2, old), now); err != nil {
		t.Errorf("after a trip through the store, a move on an untouched cell was refused: %v", err)
	}
}

// mustEncode returns r as the store keeps it.
func mustEncode(t testing.TB, r *Room) []byte {
	t.Helper()
	data, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestMarksAreEachPlayers: pencil marks are a player's own; a placement
// takes its digit from everyone's marks in the cells that see it.
func TestMarksAreEachPlayers(t *testing.T) {
	r := newRoom(t)
	note := func(id string, row, col, d int) {
		t.Helper()
		if err := r.Apply(id, Move{Kind: game.Note, Cell: solver.Cell{Row: row - 1, Col: col - 1}, Digit: d, Seen: r.Version}, now); err != nil {
			t.Fatal(err)
		}
	}
	note("ada", 1, 3, 4)
	note("ada", 1, 3, 2)
	note("bob", 2, 3, 4)
	if r.Marks["ada"][2] != game.NotesOf(2, 4) || r.Marks["bob"][2] != 0 || r.Marks["bob"][11] != game.NotesOf(4) {
		t.Fatalf("marks: ada r1c3 %v, bob r1c3 %v, bob r2c3 %v", r.Marks["ada"][2], r.Marks["bob"][2], r.Marks["bob"][11])
	}
	r.Apply("bob", place(1, 4, 4, r.Version), now) // 4 at r1c4: row 1 sees r1c3, but r2c3 is in another box
	if r.Marks["ada"][2] != game.NotesOf(2) || r.Marks["bob"][11] != game.NotesOf(4) {
		t.Errorf("after 4 at r1c4: ada r1c3 %v (want 2), bob r2c3 %v (want 4)", r.Marks["ada"][2], r.Marks["bob"][11])
	}
	if err := r.ShareMarks("bob", true); err != nil || !r.Players[1].Share {
		t.Errorf("sharing bob's marks: %v", err)
	}
}

// TestUndoIsYourOwn: Undo takes back the player's own last move, passes
// over one whose cell another player changed since, and never touches
// another's.
func TestUndoIsYourOwn(t *testing.T) {
	r := newRoom(t)
	r.Apply("ada", place(1, 3, 4, r.Version), now)
	r.Apply("ada", place(1, 4, 6, r.Version), now)
	r.Apply("bob", place(1, 4, 2, r.Version), now) // bob writes over ada's 6
	r.Apply("bob", place(1, 6, 8, r.Version), now)
	if err := r.Undo("ada", now); err != nil {
		t.Fatal(err)
	}
	if r.Cells.At(0, 2) != 0 || r.Cells.At(0, 3) != 2 || r.Cells.At(0, 5) != 8 {
		t.Errorf("ada's undo: row 1 is %v", r.Cells.String()[:9])
	}
	if err := r.Undo("ada", now); !errors.Is(err, ErrNoUndo) {
		t.Errorf("a second undo of ada's: %v", err)
	}
	if err := r.Undo("bob", now); err != nil || r.Cells.At(0, 5) != 0 {
		t.Errorf("bob's undo: %v, r1c6 %d", err, r.Cells.At(0, 5))
	}
	if err := r.Undo("bob", now); err != nil || r.Cells.At(0, 3) != 6 || r.By[3] != 0 {
		t.Errorf("bob's second undo gives r1c4 %d by %d, want ada's 6", r.Cells.At(0, 3), r.By[3])
	}
}

// TestFinish: the grid filled right is finished once, with who placed
// how many; nothing moves after.
func TestFinish(t *testing.T) {
	r := newRoom(t)
	ids := []string{"ada", "bob"}
	k := 0
	for i := range 81 {
		if classic[i] == '.' {
			if err := r.Apply(ids[k%2], place(i/9+1, i%9+1, int(solution[i]-'0'), r.Version), now.Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
			k++
		}
	}
	if !r.Solved() || !r.Finished.Equal(now.Add(time.Minute)) {
		t.Fatalf("solved %v, finished %v", r.Solved(), r.Finished)
	}
	if got := r.Placed(); !reflect.DeepEqual(got, []int{26, 25}) {
		t.Errorf("placed %v, want [26 25]", got)
	}
	if err := r.Apply("ada", Move{Kind: game.Erase, Cell: solver.Cell{Row: 0, Col: 2}, Seen: r.Version}, now); !errors.Is(err, ErrSolved) {
		t.Errorf("a move on a solved grid: %v", err)
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	r := newRoom(t)
	r.Apply("ada", place(1, 3, 4, r.Version), now)
	r.Apply("bob", Move{Kind: game.Note, Cell: solver.Cell{Row: 1, Col: 1}, Digit: 7, Seen: r.Version}, now)
	r.Check("bob")
	data, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := back.Encode()
	if string(again) != string(data) {
		t.Errorf("round trip:\n%s\n%s", data, again)
	}
	if err := back.Undo("ada", now); err != nil || back.Cells.At(0, 2) != 0 {
		t.Errorf("undo after a round trip: %v", err)
	}
}

// FuzzDecode: any bytes decode to a whole room or an error, never a
// panic; a decoded room takes moves without panicking.
func FuzzDecode(f *testing.F) {
	r := newRoom(f)
	r.Apply("ada", place(1, 3, 4, r.Version), now)
	data, _ := r.Encode()
	f.Add(data)
	rc := newRace(f)
	rc.StartRace("ada", now)
	raced, _ := rc.Encode()
	f.Add(raced)
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"puzzle":"` + classic + `","solution":"` + solution + `","cells":"` + classic + `","by":[1],"players":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Decode(data)
		if err != nil {
			return
		}
		for _, p := range r.Players {
			if g, err := r.Racing(p.ID, now.Add(time.Hour)); err == nil {
				r.Raced(p.ID, g.Check(), now.Add(time.Hour))
				r.Progress(p.ID)
			}
			r.Apply(p.ID, place(1, 3, 4, r.Version-1), now)
			r.Undo(p.ID, now)
			r.Check(p.ID)
		}
	})
}

// TestStoredSizeBounded: a full room, 25 players who each made hundreds
// of moves (digits and marks, on a board played together or raced),
// stays small as stored: it is written on every move.
func TestStoredSizeBounded(t *testing.T) {
	const most = 40 << 10
	for _, start := range []func(p, s solver.Grid, at time.Time) *Room{New, NewRace} {
		r := seated(t, start)
		for k := 2; k < MaxPlayers; k++ {
			r.Join(Player{ID: fmt.Sprintf("%018d", k), Name: "a player's display name", Avatar: "0123456789abcdef0123456789abcdef"})
		}
		if r.Race != nil {
			r.StartRace("ada", now.Add(-time.Hour))
		}
		var empty []int
		for i := 0; i < 81; i++ {
			if r.Puzzle.At(i/9, i%9) == 0 {
				empty = append(empty, i)
			}
		}
		for k := 0; k < 250*MaxPlayers; k++ {
			id, i := r.Players[k%MaxPlayers].ID, empty[(k/7)%len(empty)]
			at := solver.Cell{Row: i / 9, Col: i % 9}
			if r.Race == nil {
				r.Apply(id, Move{Kind: game.Note, Cell: at, Digit: 1 + k%9, Seen: r.Version}, now)
				r.Apply(id, Move{Kind: game.Place, Cell: at, Digit: 1 + k%8, Seen: r.Version}, now)
				continue
			}
			if g, err := r.Racing(id, now); err == nil {
				g.Apply(game.Move{Kind: game.Note, Cell: at, Notes: game.Notes(0).With(1 + k%9)})
				g.Apply(game.Move{Kind: game.Place, Cell: at, Digit: 1 + k%8})
				r.Raced(id, nil, now)
			}
		}
		data := mustEncode(t, r)
		t.Logf("a full room (race %v) is %d bytes stored", r.Race != nil, len(data))
		if len(data) > most {
			t.Errorf("a full room (race %v) is %d bytes stored, want at most %d", r.Race != nil, len(data), most)
		}
		if _, err := Decode(data); err != nil {
			t.Errorf("a full room does not decode: %v", err)
		}
	}
}
