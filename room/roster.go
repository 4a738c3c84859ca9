package room

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// The daily stays each player's own, by its rules; but the players who
// open it in the same Activity instance see each other's progress. A
// roster is who opened one day's daily in one instance, in the order they
// came, kept beside the rooms under RosterName.

// Member is one player of a roster; Color is their colour's number.
type Member struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Color int    `json:"color"`
}

// MaxRoster bounds the players a roster lists: past it, the bars stop
// growing and the daily plays on.
const MaxRoster = 4 * MaxPlayers

// RosterName is the name day n's roster in an instance is stored and told
// under.
func RosterName(n int, instance string) string { return "d:" + strconv.Itoa(n) + ":" + instance }

// ParseRosterName reads RosterName's text back.
func ParseRosterName(name string) (n int, instance string, ok bool) {
	rest, ok := strings.CutPrefix(name, "d:")
	if !ok {
		return 0, "", false
	}
	day, instance, ok := strings.Cut(rest, ":")
	n, err := strconv.Atoi(day)
	return n, instance, ok && err == nil && n > 0
}

// Roster returns day n's roster in an instance (none when nobody is on it).
func (s Sessions) Roster(ctx context.Context, n int, instance string) ([]Member, error) {
	ms, _, _, err := s.roster(ctx, RosterName(n, instance))
	return ms, err
}

func (s Sessions) roster(ctx context.Context, name string) ([]Member, int, bool, error) {
	data, version, ok, err := s.Store.Room(ctx, name)
	if err != nil || !ok {
		return nil, 0, false, storeFailed(err)
	}
	var ms []Member
	if err := json.Unmarshal(data, &ms); err != nil {
		return nil, 0, false, fmt.Errorf("%w: roster %s: %w", ErrStore, name, err)
	}
	return ms, version, true, nil
}

// Enter puts a player on day n's roster in an instance, once, while it has
// room (MaxRoster). Their colour is their place on it.
func (s Sessions) Enter(ctx context.Context, n int, instance, id, name string) error {
	key := RosterName(n, instance)
	for range Tries {
		ms, version, ok, err := s.roster(ctx, key)
		if err != nil {
			return err
		}
		for _, m := range ms {
			if m.ID == id {
				return nil
			}
		}
		if len(ms) >= MaxRoster {
			return nil
		}
		data, _ := json.Marshal(append(ms, Member{ID: id, Name: name, Color: len(ms)}))
		saved := false
		if ok {
			saved, err = s.Store.SaveRoom(ctx, key, version, version+1, data, s.now())
		} else {
			saved, err = s.Store.CreateRoom(ctx, key, data, s.now())
		}
		if err != nil || saved {
			return storeFailed(err)
		}
	}
	return ErrBusy
}
