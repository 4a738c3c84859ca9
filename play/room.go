package play

import (
	"context"
	"errors"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/room"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// Playing together: everyone in one Activity instance fills one board, a
// room (package room holds its rules), stored under the instance's name
// (room.Sessions). A room is played together or raced; its changes are
// made here, for whichever face seats its players.

// More actions, in a room.
const (
	Share ActionKind = iota + 64 // show (Digit 1) or hide the player's pencil marks to the others
	Start                        // start a race's countdown
)

// Errors of the rooms.
var (
	// ErrNoRoomYet is a change to a room no one has started.
	ErrNoRoomYet = errors.New("play: no room yet")
	// ErrNotOver is a room's finish told before it is over.
	ErrNotOver = errors.New("play: the room is not over")
	// ErrTold is a room's finish told a second time.
	ErrTold = errors.New("play: the channel was told already")
)

// Rooms is the stored rooms' protocol on this service's store and clock.
func (s Service) Rooms() room.Sessions { return room.Sessions{Store: s.RoomStore, Now: s.Now} }

// changeRoom makes change to the instance's room (room.Sessions.Change)
// and tells Events when it stored it.
func (s Service) changeRoom(ctx context.Context, instance string, change func(*room.Room) (*room.Room, error)) (*room.Room, bool, error) {
	r, saved, err := s.Rooms().Change(ctx, instance, change)
	s.roomSaved(ctx, instance, r, saved)
	return r, saved, err
}

// JoinRoom seats p in the instance's room, or starts the room with a new
// 9×9 puzzle of level ("" for medium), played together or raced; a room
// that is over starts again when a level is asked, and one who asks for a
// new one while another is on joins the one on. It returns the room as
// stored and whether it changed.
func (s Service) JoinRoom(ctx context.Context, instance string, p room.Player, level string, race bool) (*room.Room, bool, error) {
	return s.changeRoom(ctx, instance, func(r *room.Room) (*room.Room, error) {
		if r == nil || (r.Over(s.now()) && level != "") {
			fresh, err := s.newRoom(ctx, p.ID, level, race)
			if err != nil {
				return r, err
			}
			if r != nil {
				for _, q := range r.Players {
					if !q.Gone {
						fresh.Join(q)
					}
				}
				fresh.Continue(r.Version) // versions only go up; no move on the old board applies
			}
			r = fresh
		}
		return r, r.Join(p)
	})
}

// newRoom makes a room on a new 9×9 puzzle of a level (by its name;
// medium when unknown), raced or not, as user's heavy work.
func (s Service) newRoom(ctx context.Context, user, levelName string, race bool) (*room.Room, error) {
	level, ok := logic.ParseLevel(levelName)
	if !ok {
		level = logic.Medium
	}
	gen, err := s.Generate(ctx, Who{User: user}, level, 9, uint64(s.now().UnixNano()))
	if err != nil {
		return nil, err
	}
	if race {
		return room.NewRace(gen.Puzzle, gen.Solution, s.now()), nil
	}
	return room.New(gen.Puzzle, gen.Solution, s.now()), nil
}

// LeaveRoom takes a player out of the instance's room: their digits stay,
// their marks and undo go.
func (s Service) LeaveRoom(ctx context.Context, instance, id string) (*room.Room, bool, error) {
	return s.changeRoom(ctx, instance, func(r *room.Room) (*room.Room, error) {
		if r == nil {
			return nil, ErrNoRoomYet
		}
		r.Leave(id) // changes nothing for one not in it
		return r, nil
	})
}

// MarkTold marks the instance's finished room told (on), so two players
// telling the channel at once tell it once, or untold again after a post
// that failed.
func (s Service) MarkTold(ctx context.Context, instance, id string, on bool) (*room.Room, bool, error) {
	return s.changeRoom(ctx, instance, func(r *room.Room) (*room.Room, error) {
		switch {
		case r == nil || !r.In(id):
			return nil, ErrNoRoomYet
		case on && !r.Over(s.now()):
			return r, ErrNotOver
		case on && r.Told:
			return r, ErrTold
		}
		r.Told = on
		r.Version++
		return r, nil
	})
}

// InRoom makes who's action in the instance's room, made on version seen;
// a check or hint is shown to the room in words, the asker's. It returns
// the room as stored (or as it is, with the refusal) and whether it
// changed.
func (s Service) InRoom(ctx context.Context, instance string, who Who, words Words, seen int, a Action) (*room.Room, bool, error) {
	return s.changeRoom(ctx, instance, func(r *room.Room) (*room.Room, error) {
		if r == nil {
			return nil, ErrNoRoomYet
		}
		if r.Race != nil {
			return r, s.raceChange(r, who.User, a)
		}
		return r, s.roomChange(ctx, r, who, words, seen, a)
	})
}

// roomChange makes a move, undo, check, hint or sharing change in r.
func (s Service) roomChange(ctx context.Context, r *room.Room, who Who, words Words, seen int, a Action) error {
	id, now := who.User, s.now()
	switch a.Kind {
	case Place:
		return r.Apply(id, room.Move{Kind: game.Place, Cell: a.Cell, Digit: a.Digit, Seen: seen}, now)
	case Erase:
		return r.Apply(id, room.Move{Kind: game.Erase, Cell: a.Cell, Seen: seen}, now)
	case Note, Centre: // a room keeps one kind of pencil mark
		return r.Apply(id, room.Move{Kind: game.Note, Cell: a.Cell, Digit: a.Digit, Seen: seen}, now)
	case Undo:
		return r.Undo(id, now)
	case Share:
		return r.ShareMarks(id, a.Digit == 1)
	case Check:
		wrong, err := r.Check(id)
		if err == nil {
			r.Show(room.Shown{Kind: "check", By: id, Text: words.P.Sprintf("%s: %s", who.Name, words.CheckLine(len(wrong))), Cells: wrong})
		}
		return err
	case HintStep:
		return s.roomHint(ctx, r, who, words, a.Step)
	}
	return errUnknown
}

// roomHint shows step of the next hint to the room, counted.
func (s Service) roomHint(ctx context.Context, r *room.Room, who Who, words Words, step int) error {
	if !r.In(who.User) {
		return room.ErrNotIn
	}
	h := Missed()
	a, err := s.Advise(ctx, who.User, r.Cells)
	if Refused(err) {
		return err
	}
	if err == nil {
		h = StepOf(r.Cells, a, step)
	}
	if err := r.UseHint(who.User); err != nil {
		return err
	}
	r.Show(room.Shown{Kind: "hint", By: who.User, Text: words.P.Sprintf("%s asked for a hint: %s", who.Name, h.Say(words.P)),
		Cells: r.Cells.Indexes(h.Cells), Step: h.Step, Steps: h.Steps})
	return nil
}

// raceChange makes a racer's change to their own board.
func (s Service) raceChange(r *room.Room, id string, a Action) error {
	now := s.now()
	switch a.Kind {
	case Start:
		return r.StartRace(id, now)
	case HintStep:
		return room.ErrNoHints
	}
	g, err := r.Racing(id, now)
	if err != nil {
		return err
	}
	var wrong []solver.Cell
	if a.Kind == Check {
		if wrong = g.Check(); wrong == nil {
			wrong = []solver.Cell{}
		}
	} else if err := Make(g, a); err != nil {
		return err
	}
	r.Raced(id, wrong, now)
	return nil
}
