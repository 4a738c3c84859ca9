// Package room is a board played together: everyone in one Discord
// Activity instance fills one grid (co-op). It holds the rules and nothing
// else: no I/O, no clock, no Discord. A Room is not safe for concurrent
// use; a server loads one, applies a player's move and stores it over the
// version it read, as game.Sessions does for one player's game.
//
// Every change bumps Version. A move names the version it was made on;
// one made on an older version still applies when nothing since touched
// its cell (it is rebased), and is refused with ErrOutdated when
// something did, so every player sees one order of moves and none is
// applied twice.
package room

import (
	"errors"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/solver"
)

// MaxPlayers is how many players a room takes.
const MaxPlayers = 25

// MaxUndo bounds the moves a room keeps for each player's Undo (and a
// racer's board keeps for Undo and Redo), so that a room of 25 players,
// stored on every move, stays small (about 30 KB full).
const MaxUndo = 20

// Errors of moves a room refuses. A room plays by a board's rules
// (game.Allowed), so a move those refuse is refused with game's errors:
// game.ErrOutside, game.ErrGiven, game.ErrFilled.
var (
	ErrFull     = errors.New("room: the room is full")
	ErrNotIn    = errors.New("room: the player has not joined")
	ErrOutdated = errors.New("room: the cell changed since the move was made")
	ErrNoUndo   = errors.New("room: nothing of the player's to undo")
	ErrSolved   = errors.New("room: the grid is solved")
)

// Player is one player of a room. Color is their colour's number, given
// in the order they joined.
type Player struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Avatar string `json:"avatar,omitempty"`
	Color  int    `json:"color"`
	Gone   bool   `json:"gone,omitempty"`  // left the instance
	Share  bool   `json:"share,omitempty"` // shows their pencil marks to the others
}

// Room is one instance's shared board.
type Room struct {
	Puzzle   solver.Grid
	Solution solver.Grid
	Cells    solver.Grid
	By       []int                   // by cell: the index in Players of who placed its digit, -1 for none
	Marks    map[string][]game.Notes // by player: their pencil marks, by cell
	Players  []Player
	Version  int
	Checks   int
	Hints    int
	Started  time.Time
	Finished time.Time // when the grid was first full and right
	// Shown is the last check or hint, shared by the room until a cell
	// changes.
	Shown *Shown
	// Race is a race's state; nil for a board played together.
	Race *Race
	// Told says the channel was told of the finish (once is enough).
	Told bool
	undo map[string][]change
	// touched is, by cell, the version of the last change to it, for
	// rebasing: a move made on a version at or after it applies.
	touched []int
	// floor is the oldest version a move may be made on: the version this
	// board began at (Continue), before which moves were on another board.
	floor int
}

// Shown is a check or a hint everyone in the room sees: who asked, its
// words (the server's), the cells it lights, and for a hint its step.
type Shown struct {
	Kind  string `json:"kind"` // "check" or "hint"
	By    string `json:"by"`
	Text  string `json:"text"`
	Cells []int  `json:"cells,omitempty"`
	Step  int    `json:"step,omitempty"`
	Steps int    `json:"steps,omitempty"`
}

// Show shares a check's or a hint's result with the room.
func (r *Room) Show(s Shown) {
	r.Shown = &s
	r.Version++
}

// CanUndo reports whether the player has a move to undo.
func (r *Room) CanUndo(id string) bool { return len(r.undo[id]) > 0 }

// change is one move of a player's, for their Undo: the cell's digit and
// placer before it, and the digit it left there.
type change struct {
	Cell  int `json:"c"`
	Digit int `json:"d,omitempty"`
	By    int `json:"b"`
	Left  int `json:"l,omitempty"`
}

// New starts a room on puzzle, whose only solution is solution.
func New(puzzle, solution solver.Grid, at time.Time) *Room {
	n := puzzle.Cells()
	r := &Room{Puzzle: puzzle, Solution: solution, Cells: puzzle, By: make([]int, n), Marks: map[string][]game.Notes{},
		Started: time.Unix(at.Unix(), 0).UTC(), undo: map[string][]change{}, touched: make([]int, n)}
	for i := range r.By {
		r.By[i] = -1
	}
	return r
}

// Join adds a player, or brings one who left back; a player in the room
// already changes nothing. It returns ErrFull past MaxPlayers.
func (r *Room) Join(p Player) error {
	if k := r.index(p.ID); k >= 0 {
		if !r.Players[k].Gone {
			return nil
		}
		if r.Present() >= MaxPlayers {
			return ErrFull
		}
		r.Players[k].Gone = false
		r.seat(p.ID)
		r.Version++
		return nil
	}
	if r.Present() >= MaxPlayers || len(r.Players) >= maxSeats {
		return ErrFull // a room keeps those who left (their digits name them): it seats maxSeats in all
	}
	p.Color, p.Gone = len(r.Players), false
	r.Players = append(r.Players, p)
	r.seat(p.ID)
	r.Version++
	return nil
}

// Leave marks a player gone: their digits stay, their marks and undo go.
func (r *Room) Leave(id string) {
	if k := r.index(id); k >= 0 && !r.Players[k].Gone {
		r.Players[k].Gone = true
		delete(r.Marks, id)
		delete(r.undo, id)
		r.Version++
	}
}

// In reports whether a player has joined and not left.
func (r *Room) In(id string) bool {
	k := r.index(id)
	return k >= 0 && !r.Players[k].Gone
}

func (r *Room) index(id string) int {
	for k, p := range r.Players {
		if p.ID == id {
			return k
		}
	}
	return -1
}

// Present returns how many players are in the room (joined, not left).
func (r *Room) Present() int {
	n := 0
	for _, p := range r.Players {
		if !p.Gone {
			n++
		}
	}
	return n
}

// Continue makes r, a new board for a room whose last one was at version
// prev, go on from there: its versions only go up, and no move made on
// the old board applies to it.
func (r *Room) Continue(prev int) {
	r.Version += prev
	r.floor = r.Version
}

// Solved reports whether the grid is full and right.
func (r *Room) Solved() bool { return r.Cells == r.Solution }

// Placed returns how many digits each player placed that stand now, by
// index in Players.
func (r *Room) Placed() []int {
	out := make([]int, len(r.Players))
	for _, k := range r.By {
		if k >= 0 {
			out[k]++
		}
	}
	return out
}

// Move is one player's change to the board, made on version Seen.
type Move struct {
	Kind  game.MoveKind // game.Place, game.Erase or game.Note
	Cell  solver.Cell
	Digit int
	Seen  int
}

// Apply makes a player's move. A move made on an older version applies
// if no change since touched its cell, and is refused with ErrOutdated if
// one did; a digit the player placed already in that cell is answered as
// made (nil), changing nothing, whatever version it names.
func (r *Room) Apply(id string, m Move, at time.Time) error {
	if r.resent(id, m) {
		return nil // the answer was lost, not the move: it stands (even if it solved the board)
	}
	if err := r.allowed(id, m); err != nil {
		return err
	}
	i := r.Puzzle.Index(m.Cell)
	if m.Seen != r.Version && !r.untouchedSince(m.Seen, i) {
		return ErrOutdated
	}
	switch m.Kind {
	case game.Note:
		r.toggleMark(id, i, m.Digit)
	case game.Erase:
		m.Digit = 0
		fallthrough
	default:
		r.undo[id] = append(r.undo[id], change{Cell: i, Digit: r.Cells.At(m.Cell.Row, m.Cell.Col), By: r.By[i], Left: m.Digit})
		if len(r.undo[id]) > MaxUndo {
			r.undo[id] = r.undo[id][1:]
		}
		r.set(i, m.Digit, r.index(id))
	}
	r.changed(i, at)
	return nil
}

// resent reports whether m places a digit that player id placed already
// in that cell.
func (r *Room) resent(id string, m Move) bool {
	if r.Race != nil || m.Kind != game.Place || !r.Puzzle.Inside(m.Cell) {
		return false
	}
	return r.In(id) && r.Cells.At(m.Cell.Row, m.Cell.Col) == m.Digit && r.By[r.Puzzle.Index(m.Cell)] == r.index(id)
}

// allowed says whether the player may make m now: the room's own rules
// (a race, a seat, a solved grid), then a board's (game.Allowed).
func (r *Room) allowed(id string, m Move) error {
	switch {
	case r.Race != nil:
		return ErrNotRace
	case !r.In(id):
		return ErrNotIn
	case !r.Puzzle.Inside(m.Cell):
		return game.ErrOutside
	case r.Solved():
		return ErrSolved
	case m.Kind != game.Place && m.Kind != game.Erase && m.Kind != game.Note:
		return game.ErrOutside
	}
	return game.Allowed(r.Puzzle, r.Cells, m.onBoard())
}

// onBoard is m as a board's move: a note toggles its one digit (a digit
// outside the grid's is no note: game.Allowed refuses it).
func (m Move) onBoard() game.Move {
	out := game.Move{Kind: m.Kind, Cell: m.Cell, Digit: m.Digit}
	if m.Kind == game.Note {
		out.Notes = 1 // bit 0: no digit
		if m.Digit >= 1 && m.Digit <= 31 {
			out.Notes = game.NotesOf(m.Digit)
		}
	}
	return out
}

// untouchedSince reports whether no change after version seen touched
// cell i, however many changes to other cells came since.
func (r *Room) untouchedSince(seen, i int) bool {
	if seen > r.Version || seen < r.floor {
		return false // a version from the future, or of an earlier board
	}
	return r.touched[i] <= seen
}

// set writes digit (0 to empty) at cell i, placed by player k, and takes
// the digit from every player's marks in the cells that see it.
func (r *Room) set(i, digit, k int) {
	r.Cells.SetIndex(i, digit)
	r.By[i] = k
	if digit == 0 {
		r.By[i] = -1
		return
	}
	for _, marks := range r.Marks {
		marks[i] = 0
		game.ClearPeerMarks(r.Cells, marks, r.Cells.CellAt(i), digit)
	}
}

func (r *Room) toggleMark(id string, i, digit int) {
	marks := r.Marks[id]
	if marks == nil {
		marks = make([]game.Notes, r.Puzzle.Cells())
		r.Marks[id] = marks
	}
	if marks[i].Has(digit) {
		marks[i] = marks[i].Without(digit)
	} else {
		marks[i] = marks[i].With(digit)
	}
}

// changed counts a change to cell i (-1 for none) and notes the finish.
func (r *Room) changed(i int, at time.Time) {
	r.Version++
	if i >= 0 {
		r.Shown = nil
		r.touched[i] = r.Version
	}
	if r.Finished.IsZero() && r.Solved() {
		r.Finished = time.Unix(at.Unix(), 0).UTC()
	}
}

// Undo takes back the player's last placement or erasure whose cell still
// holds what it left (another player may have changed it since: then that
// move is dropped and the one before tried). Pencil marks are not undone.
func (r *Room) Undo(id string, at time.Time) error {
	if r.Race != nil {
		return ErrNotRace
	}
	if !r.In(id) {
		return ErrNotIn
	}
	if r.Solved() {
		return ErrSolved
	}
	k := r.index(id)
	for stack := r.undo[id]; len(stack) > 0; stack = r.undo[id] {
		ch := stack[len(stack)-1]
		r.undo[id] = stack[:len(stack)-1]
		if r.Cells.AtIndex(ch.Cell) != ch.Left || ch.Left != 0 && r.By[ch.Cell] != k {
			continue // the cell changed since, by another player
		}
		r.set(ch.Cell, ch.Digit, ch.By)
		r.changed(ch.Cell, at)
		return nil
	}
	return ErrNoUndo
}

// ShareMarks shows or hides the player's pencil marks to the others.
func (r *Room) ShareMarks(id string, on bool) error {
	k := r.index(id)
	if k < 0 || r.Players[k].Gone {
		return ErrNotIn
	}
	if r.Players[k].Share != on {
		r.Players[k].Share = on
		r.Version++
	}
	return nil
}

// Check counts a check, shared by the room, and returns the filled cells
// that are wrong, by index. The caller shows it (Show).
func (r *Room) Check(id string) ([]int, error) {
	if !r.In(id) {
		return nil, ErrNotIn
	}
	r.Checks++
	return r.Cells.Indexes(r.Cells.Mistakes(r.Solution)), nil
}

// UseHint counts a hint, shared by the room. The caller shows it (Show).
func (r *Room) UseHint(id string) error {
	if !r.In(id) {
		return ErrNotIn
	}
	r.Hints++
	return nil
}
