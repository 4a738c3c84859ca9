package room

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/game"
)

// memStore is a Store in memory; before, when set, runs before each save
// (another process's change coming first).
type memStore struct {
	mu     sync.Mutex
	data   map[string][]byte
	ver    map[string]int
	saves  int
	fail   error
	before func()
}

func newMemStore() *memStore { return &memStore{data: map[string][]byte{}, ver: map[string]int{}} }

func (m *memStore) Room(_ context.Context, name string) ([]byte, int, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.data[name]
	return d, m.ver[name], ok, m.fail
}

func (m *memStore) CreateRoom(_ context.Context, name string, data []byte, _ time.Time) (bool, error) {
	return m.write(name, -1, 0, data)
}

func (m *memStore) SaveRoom(_ context.Context, name string, prev, version int, data []byte, _ time.Time) (bool, error) {
	return m.write(name, prev, version, data)
}

func (m *memStore) write(name string, prev, version int, data []byte) (bool, error) {
	if m.before != nil {
		m.before()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return false, m.fail
	}
	_, ok := m.data[name]
	if ok != (prev >= 0) || ok && m.ver[name] != prev {
		return false, nil
	}
	m.data[name], m.ver[name] = data, version
	m.saves++
	return true, nil
}

// TestChangeStoresOverTheVersionRead: a room is created, changed and
// stored at its version; a change that moves nothing is not stored; a
// change that lost the race is made again on the room as stored.
func TestChangeStoresOverTheVersionRead(t *testing.T) {
	st, ctx := newMemStore(), context.Background()
	s := Sessions{Store: st, Now: func() time.Time { return now }}
	r, saved, err := s.Change(ctx, "i-1", func(r *Room) (*Room, error) {
		if r != nil {
			t.Error("a room where none was stored")
		}
		return newRoom(t), nil
	})
	if err != nil || !saved || st.ver["i-1"] != 0 || r.Version != 2 {
		t.Fatalf("create: %v %v, stored at %d, room at %d", saved, err, st.ver["i-1"], r.Version)
	}
	if _, saved, err := s.Change(ctx, "i-1", func(r *Room) (*Room, error) { return r, nil }); saved || err != nil || st.saves != 1 {
		t.Errorf("a change of nothing: saved %v, %v, %d saves", saved, err, st.saves)
	}
	calls := 0
	st.before = func() { // bob's move comes first, once
		st.before = nil
		other, _, _ := s.Load(ctx, "i-1")
		other.Apply("bob", place(1, 3, 4, other.Version), now)
		data, _ := other.Encode()
		st.data["i-1"], st.ver["i-1"] = data, other.Version
	}
	r, saved, err = s.Change(ctx, "i-1", func(r *Room) (*Room, error) {
		calls++
		return r, r.Apply("ada", place(1, 4, 6, r.Version), now)
	})
	if err != nil || !saved || calls != 2 || r.Cells.At(0, 2) != 4 || r.Cells.At(0, 3) != 6 || st.ver["i-1"] != r.Version {
		t.Errorf("after a lost race: saved %v %v, %d calls, cells %d %d, stored at %d, room at %d",
			saved, err, calls, r.Cells.At(0, 2), r.Cells.At(0, 3), st.ver["i-1"], r.Version)
	}
}

// TestChangeFailures: change's refusal comes back with the room it shows,
// nothing stored; a store's failure is ErrStore; a race lost every time is
// ErrBusy.
func TestChangeFailures(t *testing.T) {
	st, ctx := newMemStore(), context.Background()
	s := Sessions{Store: st}
	s.Change(ctx, "i-1", func(*Room) (*Room, error) { return newRoom(t), nil })
	r, saved, err := s.Change(ctx, "i-1", func(r *Room) (*Room, error) {
		return r, r.Apply("ada", place(1, 1, 9, r.Version), now) // a given
	})
	if !errors.Is(err, game.ErrGiven) || saved || r == nil || st.saves != 1 {
		t.Errorf("a refused move: %v, saved %v, room %v, %d saves", err, saved, r != nil, st.saves)
	}
	st.before = func() { st.ver["i-1"]++ } // someone always comes first
	if _, _, err := s.Change(ctx, "i-1", func(r *Room) (*Room, error) { r.Version++; return r, nil }); !errors.Is(err, ErrBusy) {
		t.Errorf("losing every race: %v, want ErrBusy", err)
	}
	st.before, st.fail = nil, fmt.Errorf("disk on fire")
	if _, _, err := s.Change(ctx, "i-1", func(r *Room) (*Room, error) { return r, nil }); !errors.Is(err, ErrStore) {
		t.Errorf("a failing store: %v, want ErrStore", err)
	}
	if err := s.Enter(ctx, 3, "i-1", "ada", "Ada"); !errors.Is(err, ErrStore) {
		t.Errorf("a failing store's roster: %v, want ErrStore", err)
	}
}

// TestRosterTakesEachPlayerOnce: a daily's roster lists who came, once
// each, in order and coloured by it, up to MaxRoster, apart from other
// days and instances.
func TestRosterTakesEachPlayerOnce(t *testing.T) {
	st, ctx := newMemStore(), context.Background()
	s := Sessions{Store: st}
	for _, id := range []string{"ada", "bob", "ada"} {
		if err := s.Enter(ctx, 3, "i-1", id, id); err != nil {
			t.Fatal(err)
		}
	}
	ms, err := s.Roster(ctx, 3, "i-1")
	if err != nil || len(ms) != 2 || ms[0] != (Member{"ada", "ada", 0}) || ms[1] != (Member{"bob", "bob", 1}) {
		t.Errorf("roster = %+v, %v", ms, err)
	}
	if ms, _ := s.Roster(ctx, 4, "i-1"); len(ms) != 0 {
		t.Errorf("another day's roster = %+v", ms)
	}
	for k := range MaxRoster + 5 {
		s.Enter(ctx, 5, "i-1", fmt.Sprint(k), "p")
	}
	if ms, _ := s.Roster(ctx, 5, "i-1"); len(ms) != MaxRoster {
		t.Errorf("a full roster lists %d, want %d", len(ms), MaxRoster)
	}
	if n, instance, ok := ParseRosterName(RosterName(12, "i-x:y")); !ok || n != 12 || instance != "i-x:y" {
		t.Errorf("ParseRosterName(RosterName) = %d %q %v", n, instance, ok)
	}
	for _, bad := range []string{"i-1", "d:x:i", "d:0:i", "d:3"} {
		if _, _, ok := ParseRosterName(bad); ok {
			t.Errorf("ParseRosterName(%q) is a roster", bad)
		}
	}
}
