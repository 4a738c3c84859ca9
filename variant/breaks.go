package variant

import (
	"context"
	"fmt"
	"slices"
)

// Breaks returns the cells of answer (Size*Size digits row by row, 0 for a
// blank) that take part in a broken rule of p: a digit that differs from a
// given or a parity mark, a repeat in a row, column, region or cage, and
// any constraint its filled cells cannot meet, in row order. It checks an
// answer against the rules, not against one solution, so it judges
// puzzles with several solutions too, and a partial answer as far as it
// goes: a cage whose digits already pass its sum is broken. The rules are
// the solver's own: each of its props judges the answer alone, so a rule
// is decided once. It returns the solver's errors for a puzzle it cannot
// take, and an error for an answer of the wrong length or digits.
func Breaks(p Puzzle, answer []int) ([]Cell, error) {
	e, err := newEngine(context.Background(), p)
	if err != nil {
		return nil, err
	}
	n := p.Size
	if len(answer) != n*n {
		return nil, fmt.Errorf("variant: an answer of %d cells for a %d×%d puzzle", len(answer), n, n)
	}
	base := slices.Clone(e.cand) // the givens and parity marks
	broken := make([]bool, n*n)
	for i, d := range answer {
		switch {
		case d < 0 || d > n:
			return nil, fmt.Errorf("variant: the answer has %d at %s", d, Cell{i / n, i % n})
		case d == 0:
		case base[i]&bit(d) == 0:
			broken[i] = true
			base[i] = bit(d)
		default:
			base[i] = bit(d)
		}
	}
	for _, pr := range e.props[:e.rules] {
		copy(e.cand, base)
		e.recount()
		ok := pr.run(e)
		e.clearQueue()
		if ok {
			continue
		}
		cells := pr.cells()
		if g, isGroup := pr.(*groupProp); isGroup && repeats(g.cs, answer) != nil {
			cells = repeats(g.cs, answer) // the repeated digits, not the whole row
		}
		for _, c := range cells {
			broken[c] = broken[c] || answer[c] != 0
		}
	}
	var out []Cell
	for i, b := range broken {
		if b {
			out = append(out, Cell{i / n, i % n})
		}
	}
	return out, nil
}

// repeats returns the cells of cs whose digit in answer is repeated
// among them, or nil.
func repeats(cs []int, answer []int) []int {
	var out []int
	for i, c := range cs {
		for j, o := range cs {
			if i != j && answer[c] != 0 && answer[c] == answer[o] {
				out = append(out, c)
				break
			}
		}
	}
	return out
}
