package play

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/room"
	"github.com/sudokubot/sudokubot/solver"
)

// TestPlayTogether: a room starts on its first join with a puzzle of the
// level asked, seats the next player on the same board, takes their moves
// by the board rules, shows a check in the asker's words, and lets a
// player leave; a change to a room no one started is refused.
func TestPlayTogether(t *testing.T) {
	s, db := service(t)
	s.RoomStore = db
	ctx := context.Background()
	bob := Who{User: "bob", Name: "Bob"}
	if _, _, err := s.InRoom(ctx, "i-1", bob, WordsFor("", Plain), 0, Action{Kind: Check}); !errors.Is(err, ErrNoRoomYet) {
		t.Fatalf("a check in no room: %v", err)
	}
	r, saved, err := s.JoinRoom(ctx, "i-1", room.Player{ID: "ada", Name: "Ada"}, "easy", false)
	if err != nil || !saved || !r.In("ada") || r.Race != nil {
		t.Fatalf("the first join: %v %v", saved, err)
	}
	puzzle := r.Puzzle
	if r, _, err = s.JoinRoom(ctx, "i-1", room.Player{ID: "bob", Name: "Bob"}, "hard", false); err != nil || r.Puzzle != puzzle || r.Present() != 2 {
		t.Fatalf("a second join started another board (%v)", err)
	}
	var given, empty solver.Cell
	for i := range puzzle.Cells() {
		if puzzle.AtIndex(i) != 0 {
			given = puzzle.CellAt(i)
		} else {
			empty = puzzle.CellAt(i)
		}
	}
	if _, saved, err := s.InRoom(ctx, "i-1", bob, WordsFor("", Plain), r.Version, Action{Kind: Place, Cell: given, Digit: 1}); !errors.Is(err, game.ErrGiven) || saved {
		t.Errorf("a move on a given: %v, saved %v", err, saved)
	}
	wrong := r.Solution.At(empty.Row, empty.Col)%9 + 1
	r, saved, err = s.InRoom(ctx, "i-1", bob, WordsFor("", Plain), r.Version, Action{Kind: Place, Cell: empty, Digit: wrong})
	if err != nil || !saved || r.Cells.At(empty.Row, empty.Col) != wrong {
		t.Fatalf("a move: %v %v", saved, err)
	}
	r, _, err = s.InRoom(ctx, "i-1", bob, WordsFor("fr", Plain), r.Version, Action{Kind: Check})
	if err != nil || r.Shown == nil || r.Shown.Kind != "check" || len(r.Shown.Cells) != 1 || !strings.HasPrefix(r.Shown.Text, "Bob: ") ||
		r.Shown.Text == "Bob: "+WordsFor("", Plain).CheckLine(1) {
		t.Errorf("a check in French: %+v %v", r.Shown, err)
	}
	if r, saved, err = s.LeaveRoom(ctx, "i-1", "bob"); err != nil || !saved || r.In("bob") || r.Cells.At(empty.Row, empty.Col) != wrong {
		t.Errorf("leaving: %v %v; their digit stays", saved, err)
	}
	if _, _, err := s.MarkTold(ctx, "i-1", "ada", true); !errors.Is(err, ErrNotOver) {
		t.Errorf("telling an unfinished room: %v", err)
	}
}

// heard is an Events that keeps what it is told.
type heard struct{ rooms, progress []string }

func (h *heard) RoomSaved(_ context.Context, name string, version int) {
	h.rooms = append(h.rooms, fmt.Sprintf("%s@%d", name, version))
}

func (h *heard) Progressed(_ context.Context, day int, instance string) {
	h.progress = append(h.progress, fmt.Sprintf("%d/%s", day, instance))
}

// TestEventsFollowWrites: a room stored is told at its version, a refused
// change is not; a daily's change in an Activity instance is told as
// progress there, and one on the buttons (no instance) is not.
func TestEventsFollowWrites(t *testing.T) {
	s, db := service(t)
	h := &heard{}
	s.RoomStore, s.Events = db, h
	ctx := context.Background()
	r, _, _ := s.JoinRoom(ctx, "i-1", room.Player{ID: "ada", Name: "Ada"}, "easy", false)
	s.InRoom(ctx, "i-1", Who{User: "ada"}, WordsFor("", Plain), r.Version, Action{Kind: Redo}) // no such move in a room
	if want := []string{fmt.Sprintf("i-1@%d", r.Version)}; !slices.Equal(h.rooms, want) {
		t.Errorf("rooms told %v, want %v", h.rooms, want)
	}
	_, pz, _ := s.Today(ctx, ada)
	s.Do(ctx, ada, game.DailyRef(pz.Day), 0, Action{Kind: Check})
	there := ada
	there.Instance = "i-9"
	s.Do(ctx, there, game.DailyRef(pz.Day), 1, Action{Kind: Check})
	if want := []string{fmt.Sprintf("%d/i-9", pz.Day)}; !slices.Equal(h.progress, want) {
		t.Errorf("progress told %v, want %v", h.progress, want)
	}
}
