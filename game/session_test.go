package game

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// memStore is an in-memory Store with the same compare-and-swap rules as
// the database's.
type memStore struct {
	mu    sync.Mutex
	games map[Key]memGame
	// created is how many CreateGame calls stored a game.
	created int
}

type memGame struct {
	data    []byte
	version int
}

func (m *memStore) Game(_ context.Context, key Key) ([]byte, int, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, ok := m.games[key]
	return g.data, g.version, ok, nil
}

func (m *memStore) CreateGame(_ context.Context, key Key, data []byte, _ time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.games[key]; ok {
		return false, nil
	}
	if m.games == nil {
		m.games = map[Key]memGame{}
	}
	m.games[key] = memGame{data: data}
	m.created++
	return true, nil
}

func (m *memStore) SaveGame(_ context.Context, key Key, prev, version int, data []byte, _ time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if g, ok := m.games[key]; !ok || g.version != prev {
		return false, nil
	}
	m.games[key] = memGame{data: data, version: version}
	return true, nil
}

func TestSessionLoadOrCreateStartsOnce(t *testing.T) {
	st := &memStore{}
	s, key, ctx := Sessions{Store: st}, Key{User: "u", Puzzle: "q1"}, context.Background()
	starts := 0
	start := func() (*Game, error) { starts++; return newGame(t), nil }
	a, err := s.LoadOrCreate(ctx, key, start)
	if err != nil || a.Version != 0 || a.Game.Started().IsZero() {
		t.Fatalf("LoadOrCreate = %+v, %v; want a begun game at version 0", a, err)
	}
	b, err := s.LoadOrCreate(ctx, key, start)
	if err != nil || starts != 1 || st.created != 1 || b.Game.Seq() != 0 {
		t.Fatalf("second LoadOrCreate: %v, %d starts, %d created", err, starts, st.created)
	}
	if _, err := s.LoadOrCreate(ctx, Key{User: "u", Puzzle: "q2"}, func() (*Game, error) { return nil, errors.New("no puzzle") }); err == nil {
		t.Error("LoadOrCreate passed over start's error")
	}
}

// racingStore stores another device's game between the Load and the
// CreateGame of a LoadOrCreate.
type racingStore struct {
	*memStore
	other []byte
}

func (r racingStore) CreateGame(ctx context.Context, key Key, data []byte, at time.Time) (bool, error) {
	r.memStore.CreateGame(ctx, key, r.other, at)
	return r.memStore.CreateGame(ctx, key, data, at)
}

func TestSessionLoadOrCreateLosesTheCreateRace(t *testing.T) {
	other := newGame(t)
	press(t, other, Tap{Kind: TapBox, N: 1})
	data, err := other.Encode()
	if err != nil {
		t.Fatal(err)
	}
	st := racingStore{&memStore{}, data}
	sess, err := Sessions{Store: st}.LoadOrCreate(context.Background(), Key{User: "u", Puzzle: "q1"}, func() (*Game, error) { return newGame(t), nil })
	if err != nil || sess.Game.Seq() != other.Seq() || st.created != 1 {
		t.Fatalf("LoadOrCreate after a lost create = seq %d, %v; want the other device's game (seq %d)", sess.Game.Seq(), err, other.Seq())
	}
}

func TestSessionSaveOverTheVersionRead(t *testing.T) {
	st := &memStore{}
	s, key, ctx := Sessions{Store: st}, Key{User: "u", Puzzle: "d3/g"}, context.Background()
	if _, err := s.LoadOrCreate(ctx, key, func() (*Game, error) { return newGame(t), nil }); err != nil {
		t.Fatal(err)
	}
	a, _, _ := s.Load(ctx, key)
	b, _, _ := s.Load(ctx, key) // a second device, same version
	if err := s.Save(ctx, &a); err != nil || a.Version != 0 {
		t.Fatalf("Save of an unchanged game = %v, version %d", err, a.Version)
	}
	press(t, a.Game, Tap{Kind: TapBox, N: 1})
	if err := s.Save(ctx, &a); err != nil || a.Version != 0 {
		t.Fatalf("Save after looking = %v, version %d, want 0: looking changes no version", err, a.Version)
	}
	if looked, _, _ := s.Load(ctx, key); looked.Game.Cursor() != a.Game.Cursor() {
		t.Errorf("the stored cursor is %+v, want %+v", looked.Game.Cursor(), a.Game.Cursor())
	}
	press(t, a.Game, Tap{Kind: TapCell, N: 3}, Tap{Kind: TapDigit, N: 4}) // r1c3 4
	if err := s.Save(ctx, &a); err != nil || a.Version != 1 {
		t.Fatalf("Save of a move = %v, version %d, want 1", err, a.Version)
	}
	press(t, b.Game, Tap{Kind: TapBox, N: 2}, Tap{Kind: TapCell, N: 1})
	if err := s.Save(ctx, &b); !errors.Is(err, ErrOutdated) {
		t.Fatalf("Save over an old version = %v, want ErrOutdated", err)
	}
	if b.Version != a.Version || b.Game.Cursor() != a.Game.Cursor() {
		t.Errorf("after the lost race the session holds version %d cursor %+v, want the stored %d %+v",
			b.Version, b.Game.Cursor(), a.Version, a.Game.Cursor())
	}
	stored, ok, err := s.Load(ctx, key)
	if err != nil || !ok || stored.Version != a.Version {
		t.Errorf("stored game at %d, %v, %v; the lost save must change nothing", stored.Version, ok, err)
	}
}

func TestSessionLoadRefusesABrokenGame(t *testing.T) {
	st := &memStore{games: map[Key]memGame{{User: "u", Puzzle: "q1"}: {data: []byte("{not json")}}}
	if _, ok, err := (Sessions{Store: st}).Load(context.Background(), Key{User: "u", Puzzle: "q1"}); err == nil || ok {
		t.Errorf("Load of a broken game = %v, %v; want an error", ok, err)
	}
	if _, ok, err := (Sessions{Store: st}).Load(context.Background(), Key{User: "u", Puzzle: "q9"}); err != nil || ok {
		t.Errorf("Load of no game = %v, %v; want not ok", ok, err)
	}
}

func TestRefRoundTrip(t *testing.T) {
	for _, r := range []Ref{DailyRef(327), PracticeRef(1), PuzzleRef(newGame(t).Puzzle())} {
		got, ok := ParseRef(r.String())
		if !ok || got != r {
			t.Errorf("ParseRef(%q) = %+v, %v, want %+v", r.String(), got, ok, r)
		}
	}
	if k := DailyRef(3).Key("u", "g"); k.Puzzle != "d3/g" {
		t.Errorf("DailyRef(3).Key = %+v, want the server in the key", k)
	}
	if k := PracticeRef(3).Key("u", "g"); k.Puzzle != "q3" {
		t.Errorf("PracticeRef(3).Key = %+v, want the same in every server", k)
	}
}
