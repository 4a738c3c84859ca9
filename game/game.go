// Package game is one player's play of one puzzle, as the board in Discord
// shows it: the givens, the digits the player placed, their pencil marks,
// the moves made (so they can be undone), and how many checks and hints
// they used. It holds the rules of playing and nothing else: no I/O, no
// clock, no Discord. A Game is not safe for concurrent use; the bot loads
// one, applies a tap and stores it.
//
// Every change bumps Seq, the move counter a board's buttons carry, so a
// tap on an outdated copy of the board can be told apart and refused.
package game

import (
	"errors"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

// Errors of moves a player cannot make.
var (
	ErrGiven   = errors.New("game: that cell is a given")
	ErrFilled  = errors.New("game: pencil marks go in empty cells")
	ErrNoUndo  = errors.New("game: nothing to undo")
	ErrNoRedo  = errors.New("game: nothing to redo")
	ErrOutside = errors.New("game: outside the grid")
)

// Game is a puzzle being played. Make one with New, or Decode a stored one.
type Game struct {
	puzzle, solution, cells solver.Grid
	notes                   []Notes // by cell index: the corner marks
	centre                  []Notes // by cell index: the centre marks
	undo                    []change
	redo                    [][]Move // steps undone, the latest last; a new move clears them
	seq                     int
	checks, hints           int
	cursor                  Cursor
	started                 time.Time // when the player first opened it; zero for games stored before it was kept
	order                   []int     // boxes in the order they were completed
	hinted, flagged         uint32    // boxes a hint pointed into, and where a check found a mistake (bit b-1)
}

// Begin records when the player first opened the game, once: a later
// call changes nothing. Times are kept to the second.
func (g *Game) Begin(at time.Time) {
	if g.started.IsZero() {
		g.started = time.Unix(at.Unix(), 0).UTC()
	}
}

// Started returns when the game was first opened, or the zero time when
// that was not recorded.
func (g *Game) Started() time.Time { return g.started }

// change is what one move changed, for Undo: a cell's digit and marks
// before it, and the marks of that digit a placement cleared in peers.
type change struct {
	Cell   int   `json:"c"`
	Digit  int   `json:"d,omitempty"`
	Notes  Notes `json:"n,omitempty"`
	Peers  []int `json:"p,omitempty"` // cells that lost the placed digit's mark
	Placed int   `json:"v,omitempty"` // the digit placed, whose mark Peers lost
	Centre Notes `json:"m,omitempty"` // the cell's centre marks before
	PeersC []int `json:"q,omitempty"` // cells that lost the placed digit's centre mark
	// With joins the change to the one before it: one step of several
	// cells (auto-notes), undone and redone as one.
	With bool `json:"w,omitempty"`
}

// New starts a game of puzzle, whose only solution is solution. It
// returns an error when the two do not belong together.
func New(puzzle, solution solver.Grid) (*Game, error) {
	if puzzle.Size() == 0 || puzzle.Size() != solution.Size() || !solution.Complete() {
		return nil, errors.New("game: the solution is not a complete grid of the puzzle's size")
	}
	if err := solver.Validate(solution); err != nil {
		return nil, fmt.Errorf("game: the solution breaks the rules: %w", err)
	}
	for i := 0; i < puzzle.Cells(); i++ {
		r, c := i/puzzle.Size(), i%puzzle.Size()
		if v := puzzle.At(r, c); v != 0 && v != solution.At(r, c) {
			return nil, fmt.Errorf("game: the solution changes the given at %s", solver.CellName(r, c))
		}
	}
	return &Game{puzzle: puzzle, solution: solution, cells: puzzle, notes: make([]Notes, puzzle.Cells()), centre: make([]Notes, puzzle.Cells())}, nil
}

// Puzzle returns the givens; Solution the solution; Grid the digits on the
// board now, givens included.
func (g *Game) Puzzle() solver.Grid   { return g.puzzle }
func (g *Game) Solution() solver.Grid { return g.solution }
func (g *Game) Grid() solver.Grid     { return g.cells }

// Size returns the side of the grid.
func (g *Game) Size() int { return g.puzzle.Size() }

// Seq returns how many changes the game has had: the board's move counter.
func (g *Game) Seq() int { return g.seq }

// Checks and Hints count the checks and hints used.
func (g *Game) Checks() int { return g.checks }
func (g *Game) Hints() int  { return g.hints }

// Notes returns the pencil marks of a cell.
func (g *Game) Notes(c solver.Cell) Notes {
	if !g.inside(c) {
		return 0
	}
	return g.notes[g.index(c)]
}

// Centre returns the centre marks of a cell.
func (g *Game) Centre(c solver.Cell) Notes {
	if !g.inside(c) {
		return 0
	}
	return g.centre[g.index(c)]
}

// Given reports whether a cell holds a given.
func (g *Game) Given(c solver.Cell) bool { return g.inside(c) && g.puzzle.At(c.Row, c.Col) != 0 }

// Left returns how many cells are still empty.
func (g *Game) Left() int { return g.cells.Cells() - g.cells.Givens() }

// Solved reports whether the board is full and is the solution.
func (g *Game) Solved() bool { return g.cells == g.solution }

// Wrong returns the filled cells whose digit is not the solution's, in
// reading order. It changes nothing; Check counts a check.
func (g *Game) Wrong() []solver.Cell {
	return g.cells.Mistakes(g.solution)
}

// Check counts a check and returns the wrong cells, whose boxes the
// game's Shape shows.
func (g *Game) Check() []solver.Cell {
	g.checks++
	g.seq++
	wrong := g.Wrong()
	g.markBoxes(&g.flagged, wrong)
	return wrong
}

// UseHint counts a hint pointing at cells (the bot finds it with
// logic.Hint on Grid), whose boxes the game's Shape shows.
func (g *Game) UseHint(at ...solver.Cell) {
	g.hints++
	g.seq++
	g.markBoxes(&g.hinted, at)
}

// Apply makes a move. It returns ErrGiven, ErrFilled or ErrOutside, and
// changes nothing, for a move the rules refuse. The moves undone before it
// can no longer be redone.
func (g *Game) Apply(m Move) error {
	if err := g.apply(m, false); err != nil {
		return err
	}
	g.redo = nil
	g.seq++
	return nil
}

// apply makes a move and keeps what it changed for Undo, joined to the
// change before it when with is true. It does not count the move.
func (g *Game) apply(m Move, with bool) error {
	if err := g.allowed(m); err != nil {
		return err
	}
	i := g.index(m.Cell)
	ch := change{Cell: i, Digit: g.cells.At(m.Cell.Row, m.Cell.Col), Notes: g.notes[i], Centre: g.centre[i], With: with}
	switch m.Kind {
	case Place:
		g.cells.Set(m.Cell.Row, m.Cell.Col, m.Digit)
		g.notes[i], g.centre[i] = 0, 0
		ch.Placed, ch.Peers = m.Digit, g.clearPeerMarks(g.notes, m.Cell, m.Digit)
		ch.PeersC = g.clearPeerMarks(g.centre, m.Cell, m.Digit)
		g.noteCompleted(m.Cell)
	case Erase:
		g.cells.Set(m.Cell.Row, m.Cell.Col, 0)
		g.notes[i], g.centre[i] = 0, 0
	case Note:
		g.notes[i] ^= m.Notes
	case Mark:
		g.notes[i] = m.Notes
	case Centre:
		g.centre[i] ^= m.Notes
	case CentreMark:
		g.centre[i] = m.Notes
	}
	g.undo = append(g.undo, ch)
	if len(g.undo) > MaxUndo {
		g.undo = append(g.undo[:0:0], g.undo[1:]...)
	}
	return nil
}

func (g *Game) allowed(m Move) error { return Allowed(g.puzzle, g.cells, m) }

// Allowed says whether the board rules let move m change cells, a board
// of puzzle as played: nil, or ErrOutside, ErrGiven or ErrFilled. Every
// board (a player's game, a room played together) plays by it.
func Allowed(puzzle, cells solver.Grid, m Move) error {
	switch {
	case !cells.Inside(m.Cell):
		return ErrOutside
	case puzzle.At(m.Cell.Row, m.Cell.Col) != 0:
		return ErrGiven
	case m.Kind == Place && (m.Digit < 1 || m.Digit > cells.Size()):
		return ErrOutside
	case m.Kind >= Note && m.Kind <= CentreMark && cells.At(m.Cell.Row, m.Cell.Col) != 0:
		return ErrFilled
	case m.Notes&^AllNotes(cells.Size()) != 0:
		return ErrOutside
	case m.Kind < Place || m.Kind > CentreMark:
		return fmt.Errorf("game: unknown move kind %d", m.Kind)
	}
	return nil
}

func (g *Game) clearPeerMarks(marks []Notes, c solver.Cell, digit int) []int {
	return ClearPeerMarks(g.cells, marks, c, digit)
}

// ClearPeerMarks removes digit from marks (a board's corner or centre
// marks, by cell) in the cells of grid that share a row, column or box
// with c, c included, and returns the cells that had it: what placing
// digit in c does to the pencil marks, on every board.
func ClearPeerMarks(grid solver.Grid, marks []Notes, c solver.Cell, digit int) []int {
	var had []int
	box := grid.Box(c.Row, c.Col)
	for i := range marks {
		at := grid.CellAt(i)
		peer := at.Row == c.Row || at.Col == c.Col || grid.Box(at.Row, at.Col) == box
		if peer && marks[i].Has(digit) {
			marks[i] = marks[i].Without(digit)
			had = append(had, i)
		}
	}
	return had
}

// Undo takes the last step back (checks and hints stay counted): one
// move, or every cell of an auto-notes. It returns ErrNoUndo when there is
// none. Redo makes the step again.
func (g *Game) Undo() error {
	if len(g.undo) == 0 {
		return ErrNoUndo
	}
	var step []Move
	for with := true; with && len(g.undo) > 0; {
		ch := g.undo[len(g.undo)-1]
		g.undo = g.undo[:len(g.undo)-1]
		step = append([]Move{g.redoOf(ch)}, step...)
		n := g.Size()
		g.cells.Set(ch.Cell/n, ch.Cell%n, ch.Digit)
		g.notes[ch.Cell], g.centre[ch.Cell] = ch.Notes, ch.Centre
		for _, p := range ch.Peers {
			g.notes[p] = g.notes[p].With(ch.Placed)
		}
		for _, p := range ch.PeersC {
			g.centre[p] = g.centre[p].With(ch.Placed)
		}
		with = ch.With
	}
	g.redo = append(g.redo, step)
	g.seq++
	return nil
}

// redoOf returns the move that makes change ch again, read from the cell
// as ch left it (before it is undone).
func (g *Game) redoOf(ch change) Move {
	n := g.Size()
	at := solver.Cell{Row: ch.Cell / n, Col: ch.Cell % n}
	switch {
	case ch.Placed != 0:
		return Move{Kind: Place, Cell: at, Digit: ch.Placed}
	case g.cells.At(at.Row, at.Col) == 0 && g.notes[ch.Cell] == 0 && g.centre[ch.Cell] == 0:
		return Move{Kind: Erase, Cell: at}
	case g.centre[ch.Cell] != ch.Centre:
		return Move{Kind: CentreMark, Cell: at, Notes: g.centre[ch.Cell]}
	}
	return Move{Kind: Mark, Cell: at, Notes: g.notes[ch.Cell]}
}

// Redo makes the last step Undo took back again. It returns ErrNoRedo
// when there is none (nothing was undone, or a move was made since).
func (g *Game) Redo() error {
	if len(g.redo) == 0 {
		return ErrNoRedo
	}
	step := g.redo[len(g.redo)-1]
	c := g.Clone() // all of the step or none of it
	c.redo = c.redo[:len(c.redo)-1]
	for k, m := range step {
		if err := c.apply(m, k > 0); err != nil {
			g.redo = c.redo // a stored step that cannot be made again is dropped
			return fmt.Errorf("game: redo %s: %w", m, err)
		}
	}
	c.seq++
	*g = *c
	return nil
}

// KeepUndo drops all but the latest n moves kept for Undo, and all but
// the latest n steps kept for Redo, so that a game stored many times over
// (a race's board, inside its room) stays small.
func (g *Game) KeepUndo(n int) {
	if len(g.undo) > n {
		g.undo = append(g.undo[:0:0], g.undo[len(g.undo)-n:]...)
	}
	if len(g.redo) > n {
		g.redo = append(g.redo[:0:0], g.redo[len(g.redo)-n:]...)
	}
}

// CanRedo reports whether there is a step to redo.
func (g *Game) CanRedo() bool { return len(g.redo) > 0 }

// AutoNotes fills every empty cell's pencil marks with the digits its row,
// column and box do not hold yet, as one step (one Undo takes it back). It
// reads the board as it is, mistakes included: it never looks at the
// solution. It changes nothing when every cell's marks are already so.
func (g *Game) AutoNotes() {
	with := false
	for i := range g.notes {
		at := g.cells.CellAt(i)
		if g.cells.At(at.Row, at.Col) != 0 {
			continue
		}
		if c := g.candidates(at); c != g.notes[i] {
			g.apply(Move{Kind: Mark, Cell: at, Notes: c}, with) // an empty cell takes any marks
			with = true
		}
	}
	if with {
		g.redo = nil
		g.seq++
	}
}

// candidates returns the digits none of c's peers holds.
func (g *Game) candidates(c solver.Cell) Notes {
	n := g.Size()
	out := AllNotes(n)
	for i := 0; i < n*n; i++ {
		if at := g.cells.CellAt(i); at.Row == c.Row || at.Col == c.Col || g.cells.Box(at.Row, at.Col) == g.cells.Box(c.Row, c.Col) {
			out = out.Without(g.cells.AtIndex(i))
		}
	}
	return out
}

// Clone returns a copy of g that shares nothing with it.
func (g *Game) Clone() *Game {
	c := *g
	c.notes = append([]Notes(nil), g.notes...)
	c.centre = append([]Notes(nil), g.centre...)
	c.undo = append([]change(nil), g.undo...)
	c.redo = append([][]Move(nil), g.redo...)
	c.order = append([]int(nil), g.order...)
	return &c
}

// ApplyAll makes every move, or none: it returns the first move the rules
// refuse, with its error, and leaves g unchanged then.
func (g *Game) ApplyAll(moves []Move) (refused *Move, err error) {
	c := g.Clone()
	for k := range moves {
		if err := c.Apply(moves[k]); err != nil {
			return &moves[k], err
		}
	}
	*g = *c
	return nil, nil
}

// CanUndo reports whether there is a move to undo.
func (g *Game) CanUndo() bool { return len(g.undo) > 0 }

func (g *Game) inside(c solver.Cell) bool { return g.cells.Inside(c) }

func (g *Game) index(c solver.Cell) int { return g.cells.Index(c) }
