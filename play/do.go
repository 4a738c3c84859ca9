package play

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/solver"
)

// ActionKind is what a player asks of a board.
type ActionKind uint8

// The actions.
const (
	Place     ActionKind = iota + 1 // Digit in Cell
	Erase                           // Cell's digit and marks
	Note                            // Digit on or off among Cell's corner marks
	Centre                          // Digit on or off among Cell's centre marks
	Undo                            // the last step back
	Redo                            // the last undone step again
	AutoNotes                       // every empty cell's possible digits marked
	Check                           // count a check and find the wrong cells
	HintStep                        // count a hint and show its Step (WholeHint: all of it)
	Submit                          // hand in a daily, full or not (the big board's Submit)
	Press                           // a tap on the buttons' board (Tap): a box, cell or digit chosen, or a move
	Typed                           // moves typed, or a whole grid pasted (Text), applied all or none
	Finish                          // the buttons' Submit: a full daily is handed in; another board says how far it is
)

// Action is one thing a player asks of a board.
type Action struct {
	Kind  ActionKind
	Cell  solver.Cell
	Digit int
	Step  int      // HintStep's step, from 1
	Tap   game.Tap // Press's
	Text  string   // Typed's
}

// EventKind is what came of an action.
type EventKind uint8

// The events.
const (
	Shown      EventKind = iota // nothing changed: the board as it is (a resent move, an unranked submit)
	Moved                       // the board changed by a move, undo, redo or auto-notes
	NotApplied                  // not applied: Event.Err says why
	Checked                     // a check counted: Event.Wrong
	Hinted                      // a hint counted: Event.Hint
	HandedIn                    // a daily handed in: Event.Outcome
	Finished                    // a board's own verdict (Finish): Event.Left cells empty, Event.Wrong, or solved
)

// Event is what came of an action.
type Event struct {
	Kind    EventKind
	Err     error         // NotApplied: game's rule errors, ErrOutdated, ErrDailyDone, daily.ErrClosed
	Wrong   []solver.Cell // Checked; HandedIn when wrong
	Hint    Hint          // Hinted
	Outcome daily.Outcome // HandedIn, and daily.ErrClosed's Today
	Move    *game.Move    // Moved by Press: the move the tap made (nil for a choice); NotApplied by Typed: the move refused
	Moves   int           // Moved by Typed: how many
	Left    int           // Finished: the empty cells
}

// Refusals that are no rule of the board's.
var (
	// ErrOutdated is a change made on an older version of the board than
	// the stored one (another device or tap came first).
	ErrOutdated = errors.New("play: the board changed since")
	// ErrDailyDone is a change to a daily board that was handed in solved:
	// it stays as it was.
	ErrDailyDone = errors.New("play: the daily was solved; its board stays")
	// ErrUnranked is a submit of a board that is not a daily: it says
	// itself when it is solved.
	ErrUnranked = errors.New("play: only the daily is handed in")
)

// Do makes who's action on their stored game of ref, made on version seen
// (the game's move counter as they saw it), stores the result over the
// version read, and returns the board as stored and what came of it. A
// change made on an older version is refused with the board as it is now
// (ErrOutdated), never applied twice; a placement resent after its answer
// was lost is answered as made. A daily board's placement that solves it
// is handed in at once: a right grid cannot cost a try. Its errors are the
// store's (ErrStore), ErrGone, ErrNoDaily, ErrNotRecorded and refused work
// (Refused).
func (s Service) Do(ctx context.Context, who Who, ref game.Ref, seen int, a Action) (Board, Event, error) {
	if ref.Kind == game.RefDaily && who.Instance != "" && s.Events != nil { // the others there hear of this player's progress
		defer s.Events.Progressed(ctx, ref.Day, who.Instance)
	}
	sess, err := s.Open(ctx, who, ref)
	if err != nil {
		return Board{}, Event{}, err
	}
	b, g := Board{Ref: ref, Game: sess.Game}, sess.Game
	if seen < g.Seq() && a.resent(g) {
		return b, Event{Kind: Shown}, nil
	}
	if seen != g.Seq() {
		return b, Event{Kind: NotApplied, Err: ErrOutdated}, nil
	}
	switch {
	case a.Kind == Submit, a.Kind == Finish && ref.Kind == game.RefDaily && g.Left() == 0:
		ev, err := s.handIn(ctx, who, b)
		return b, ev, err
	case a.Kind == Finish:
		return b, finish(g), nil
	}
	ev, err := s.apply(ctx, who, b, a)
	if err != nil || ev.Kind == NotApplied {
		return b, ev, err
	}
	switch err := s.Sessions().Save(ctx, &sess); {
	case errors.Is(err, game.ErrOutdated):
		return Board{Ref: ref, Game: sess.Game}, Event{Kind: NotApplied, Err: ErrOutdated}, nil
	case err != nil:
		return b, Event{}, storeFailed(err)
	}
	if ref.Kind == game.RefDaily && g.Solved() && a.Kind == Place {
		ev, err = s.handIn(ctx, who, b)
	}
	return b, ev, err
}

// resent reports whether a places the digit g's cell holds already.
func (a Action) resent(g *game.Game) bool {
	return a.Kind == Place && g.Grid().Inside(a.Cell) && !g.Given(a.Cell) && g.Grid().At(a.Cell.Row, a.Cell.Col) == a.Digit
}

// apply makes a on b's game, unsaved.
func (s Service) apply(ctx context.Context, who Who, b Board, a Action) (Event, error) {
	g := b.Game
	switch a.Kind {
	case Check:
		return Event{Kind: Checked, Wrong: g.Check()}, nil
	case HintStep:
		h, err := s.Hint(ctx, who.User, g, a.Step)
		return Event{Kind: Hinted, Hint: h}, err
	}
	if b.Ref.Kind == game.RefDaily && g.Solved() {
		return Event{Kind: NotApplied, Err: ErrDailyDone}, nil
	}
	switch a.Kind {
	case Press:
		m, err := g.Press(a.Tap)
		if err != nil {
			return Event{Kind: NotApplied, Err: err}, nil
		}
		return Event{Kind: Moved, Move: m}, nil
	case Typed:
		return typed(g, a.Text), nil
	}
	if err := Make(g, a); err != nil {
		return Event{Kind: NotApplied, Err: err}, nil
	}
	return Event{Kind: Moved}, nil
}

// ErrNoMoves is typed text that holds no move.
var ErrNoMoves = errors.New("play: no moves typed")

// typed applies moves typed as text (game.ParseMoves), or a whole grid
// pasted, all or none.
func typed(g *game.Game, text string) Event {
	moves, err := game.ParseMoves(text, g.Size())
	if err != nil {
		if grid, gerr := solver.Parse(text); gerr == nil && grid.Size() == g.Size() {
			moves, err = gridMoves(g, grid), nil
		}
	}
	switch {
	case err != nil:
		return Event{Kind: NotApplied, Err: err}
	case len(moves) == 0:
		return Event{Kind: NotApplied, Err: ErrNoMoves}
	}
	if m, err := g.ApplyAll(moves); err != nil {
		return Event{Kind: NotApplied, Err: err, Move: m}
	}
	return Event{Kind: Moved, Moves: len(moves)}
}

// gridMoves returns the moves that make g's board show grid: its digits
// where they differ, givens left alone (a changed given is refused by the
// move).
func gridMoves(g *game.Game, grid solver.Grid) []game.Move {
	var out []game.Move
	for i := range grid.Cells() {
		c := grid.CellAt(i)
		want, have := grid.AtIndex(i), g.Grid().AtIndex(i)
		switch {
		case want == have:
		case want == 0 && !g.Given(c):
			out = append(out, game.Move{Kind: game.Erase, Cell: c})
		case want != 0:
			out = append(out, game.Move{Kind: game.Place, Cell: c, Digit: want})
		}
	}
	return out
}

// finish is a board's own verdict: how many cells are empty, or which are
// wrong, or (neither) that it is solved.
func finish(g *game.Game) Event {
	if g.Left() > 0 {
		return Event{Kind: Finished, Left: g.Left()}
	}
	return Event{Kind: Finished, Wrong: g.Wrong()}
}

// errUnknown is an action no board has.
var errUnknown = errors.New("play: unknown action")

// Make makes a board action's change to g: a placement, erasure, pencil
// mark, undo, redo or auto-notes (a race's boards are changed by it too).
// It returns the rules' refusal, or an error for any other action.
func Make(g *game.Game, a Action) error {
	switch a.Kind {
	case Place:
		return g.Apply(game.Move{Kind: game.Place, Cell: a.Cell, Digit: a.Digit})
	case Erase:
		return g.Apply(game.Move{Kind: game.Erase, Cell: a.Cell})
	case Note, Centre:
		if a.Digit < 1 || a.Digit > g.Size() {
			return game.ErrOutside
		}
		kind := game.Note
		if a.Kind == Centre {
			kind = game.Centre
		}
		return g.Apply(game.Move{Kind: kind, Cell: a.Cell, Notes: game.Notes(0).With(a.Digit)})
	case Undo:
		return g.Undo()
	case Redo:
		return g.Redo()
	case AutoNotes:
		g.AutoNotes()
		return nil
	}
	return errUnknown
}

// handIn hands in a daily board with the checks, hints and shape of its
// play; another board is refused (ErrUnranked).
func (s Service) handIn(ctx context.Context, who Who, b Board) (Event, error) {
	g := b.Game
	if b.Ref.Kind != game.RefDaily {
		return Event{Kind: NotApplied, Err: ErrUnranked}, nil
	}
	out, err := s.Daily.Submit(ctx, who.Guild, who.User, b.Ref.Day, g.Grid(),
		daily.Aids{Checks: g.Checks(), Hints: g.Hints(), Shape: g.Shape()})
	switch {
	case errors.Is(err, daily.ErrClosed):
		return Event{Kind: NotApplied, Err: daily.ErrClosed, Outcome: out}, nil
	case err != nil:
		return Event{}, fmt.Errorf("%w: daily #%d: %w", ErrNotRecorded, b.Ref.Day, err)
	}
	ev := Event{Kind: HandedIn, Outcome: out}
	if out.Verdict == daily.Wrong {
		ev.Wrong = g.Wrong()
	}
	return ev, nil
}
