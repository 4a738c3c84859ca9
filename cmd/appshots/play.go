package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/sudokubot/sudokubot/solver"
)

// devices are the screens every stage of a game is shot on.
var devices = []device{
	{Name: "phone", Width: 390, Height: 844, Scale: 3, Mobile: true, Format: "webp", Quality: 60},
	{Name: "chat", Width: 390, Height: 844, Scale: 3, Mobile: true, Format: "preview", Quality: 75, PreviewWidth: 360},
	{Name: "desktop", Width: 1366, Height: 768, Scale: 1, Format: "webp", Quality: 70},
}

// stage is how far into a game a shot is taken: how many cells the player
// has filled (some wrong) or pencilled, and what is selected.
type stage struct {
	entries, wrong, marks int
	selectEntry           bool // select a cell holding an entry (the app highlights its digit)
	selectNone            bool // select nothing
	devices               []string
}

// stages are the moments of every game that are shot, in order.
var stages = []stage{
	{selectNone: true, devices: []string{"phone", "desktop"}},
	{entries: 10, wrong: 1, marks: 4, devices: []string{"phone", "chat"}},
	{entries: 35, wrong: 1, marks: 8, selectEntry: true, devices: []string{"phone", "chat", "desktop"}},
}

// player plays one game of an app as a person would, with choices drawn
// from rng: correct digits mostly, a wrong one now and then, pencil marks
// that include the right digit.
type player struct {
	app      app
	rng      *rand.Rand
	solution string
	marked   map[int]bool
	wrong    int
}

// newPlayer reads the givens off the page and solves them.
func newPlayer(ctx context.Context, a app, rng *rand.Rand) (*player, error) {
	b, err := a.board(ctx)
	if err != nil {
		return nil, err
	}
	g, err := solver.Parse(b.Givens)
	if err != nil {
		return nil, fmt.Errorf("givens %s: %w", b.Givens, err)
	}
	res, err := solver.Solve(ctx, g, 2)
	if err != nil || res.Count != 1 {
		return nil, fmt.Errorf("givens %s: %d solutions (%v)", b.Givens, res.Count, err)
	}
	return &player{app: a, rng: rng, solution: res.Solutions[0].String(), marked: map[int]bool{}}, nil
}

// reach plays on until the board has st's entries, wrong ones and marks,
// then selects a cell.
func (p *player) reach(ctx context.Context, st stage) error {
	b, err := p.app.board(ctx)
	if err != nil {
		return err
	}
	for n := count(b.Entries); n < st.entries; n++ {
		i := p.emptyCell(b)
		if i < 0 {
			break
		}
		d := p.solution[i]
		if p.wrong < st.wrong && p.rng.IntN(st.entries-n) == 0 {
			d, p.wrong = p.wrongDigit(i), p.wrong+1
		}
		if err := p.app.enter(ctx, i, d); err != nil {
			return fmt.Errorf("enter %c in cell %d: %w", d, i, err)
		}
		b.Entries = b.Entries[:i] + string(d) + b.Entries[i+1:]
	}
	for len(p.marked) < st.marks {
		i := p.emptyCell(b)
		if i < 0 {
			break
		}
		if err := p.app.mark(ctx, i, p.candidates(b, i)); err != nil {
			return fmt.Errorf("pencil marks in cell %d: %w", i, err)
		}
		p.marked[i] = true
	}
	if st.selectNone {
		return nil
	}
	return p.app.choose(ctx, p.selection(b, st.selectEntry))
}

// emptyCell returns a random cell with nothing in it, no marks either;
// -1 when there is none.
func (p *player) emptyCell(b board) int {
	var free []int
	for i := range 81 {
		if b.Givens[i] == '.' && b.Entries[i] == '.' && !p.marked[i] {
			free = append(free, i)
		}
	}
	if len(free) == 0 {
		return -1
	}
	return free[p.rng.IntN(len(free))]
}

// wrongDigit returns a digit other than cell i's solution.
func (p *player) wrongDigit(i int) byte {
	d := byte('1' + p.rng.IntN(8))
	if d >= p.solution[i] {
		d++
	}
	return d
}

// candidates returns 1 to 4 digits for cell i, in order: its solution and
// others not yet in its row, column or box.
func (p *player) candidates(b board, i int) []byte {
	seen := map[byte]bool{}
	for j := range 81 {
		if j/9 == i/9 || j%9 == i%9 || j/27 == i/27 && j%9/3 == i%9/3 {
			seen[b.Givens[j]], seen[b.Entries[j]] = true, true
		}
	}
	var others []byte
	for d := byte('1'); d <= '9'; d++ {
		if !seen[d] && d != p.solution[i] {
			others = append(others, d)
		}
	}
	p.rng.Shuffle(len(others), func(a, b int) { others[a], others[b] = others[b], others[a] })
	out := append([]byte{p.solution[i]}, others[:min(len(others), p.rng.IntN(4))]...)
	slices.Sort(out)
	return out
}

// selection returns a cell to select: one holding an entry when asked
// and there is one, else an empty one.
func (p *player) selection(b board, entry bool) int {
	var cells []int
	for i := range 81 {
		if entry && b.Entries[i] != '.' || !entry && b.Givens[i] == '.' && b.Entries[i] == '.' {
			cells = append(cells, i)
		}
	}
	if len(cells) == 0 {
		return p.rng.IntN(81)
	}
	return cells[p.rng.IntN(len(cells))]
}
