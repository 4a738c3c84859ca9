package solver

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Advice is the next useful thing to tell a player about a grid.
type Advice struct {
	// Text says it in words a player understands.
	Text string
	// Mistakes are filled cells that contradict the solution (or each
	// other); when there are any, Text is about them and Step is empty.
	Mistakes []Cell
	// Step is the next logical step; Focus the cells to highlight and
	// Targets the cells it changes.
	Step           Step
	Focus, Targets []Cell
	// Candidates are the candidates of every cell (bit v-1 for digit v) as
	// the step sees them, for drawing notes; 0 for filled cells.
	Candidates []uint16
}

// Hint returns the next step for a grid a person is filling in: first any
// mistake they have made, else the simplest logical step, described in
// words. g is not modified. Errors: ErrNoSolution when g has no solution and
// no single wrong digit explains it; ctx's error when it ends first.
func Hint(ctx context.Context, g Grid) (Advice, error) {
	res, err := Solve(ctx, g, 2)
	if err != nil {
		return Advice{}, err
	}
	if res.Count == 0 {
		return mistakes(ctx, g)
	}
	b := newBoard(g)
	b.noUniqueness = res.Count > 1
	if b.solved() {
		return Advice{Text: "The grid is complete and correct: nothing left to do."}, nil
	}
	s, ok := b.next()
	if !ok {
		s = b.guess(res.Solutions[0])
	}
	a := Advice{Step: s, Focus: s.Cells, Targets: targets(s), Candidates: append([]uint16(nil), b.cand[:b.geo.cells]...)}
	if s.Technique <= HiddenSingleLine && len(s.Units) == 1 { // light the unit the single is found in
		a.Focus = UnitCells(g, s.Units[0].Kind, s.Units[0].Index)
	}
	a.Text = describe(b, s)
	if res.Count > 1 {
		a.Text += " (Careful: this grid has more than one solution.)"
	}
	return a, nil
}

func targets(s Step) []Cell {
	var out []Cell
	seen := map[Cell]bool{}
	for _, c := range append(append([]Candidate(nil), s.Placed...), s.Removed...) {
		if !seen[c.Cell] {
			seen[c.Cell] = true
			out = append(out, c.Cell)
		}
	}
	return out
}

// mistakes explains why g has no solution: digits that clash, or the one
// filled digit whose removal makes the grid solvable again.
func mistakes(ctx context.Context, g Grid) (Advice, error) {
	var ce *ConflictError
	if errors.As(Validate(g), &ce) {
		return Advice{Mistakes: ce.Cells(), Text: "There is a mistake already: " + ce.Error() + "."}, nil
	}
	// A digit whose removal leaves exactly one solution is the likeliest
	// mistake: without it the grid is a proper puzzle again.
	var suspects, likely []Cell
	for i := 0; i < g.Cells(); i++ {
		if g.cells[i] == 0 {
			continue
		}
		h := g
		h.cells[i] = 0
		res, err := Solve(ctx, h, 2)
		if err != nil {
			return Advice{}, err
		}
		c := Cell{i / g.Size(), i % g.Size()}
		if res.Count > 0 {
			suspects = append(suspects, c)
		}
		if res.Count == 1 {
			likely = append(likely, c)
		}
	}
	if len(likely) > 0 {
		suspects = likely
	}
	if len(suspects) == 0 {
		return Advice{}, ErrNoSolution
	}
	names := make([]string, len(suspects))
	for k, c := range suspects {
		names[k] = fmt.Sprintf("%s (%c)", c, DigitChar(g.At(c.Row, c.Col)))
	}
	text := "There is a mistake already: " + names[0] + " cannot be right; the grid has no solution with it."
	if len(suspects) > 1 {
		text = "There is a mistake already: one of " + joinAnd(names, "or") + " is wrong; the grid has no solution with all of them."
	}
	return Advice{Mistakes: suspects, Text: text}, nil
}

func joinAnd(items []string, word string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + word + " " + items[len(items)-1]
}

// describe puts a step into words.
func describe(b *board, s Step) string {
	d := func(k int) string { return string(DigitChar(s.Digits[k])) }
	switch s.Technique {
	case FullHouse:
		p := s.Placed[0]
		return fmt.Sprintf("Full house: %s is the last empty cell in %s, so it is %c.", p.Cell, s.Units[0], DigitChar(p.Digit))
	case HiddenSingleBox, HiddenSingleLine:
		p := s.Placed[0]
		return fmt.Sprintf("Hidden single: %c can only go in %s within %s.", DigitChar(p.Digit), p.Cell, s.Units[0])
	case NakedSingle:
		p := s.Placed[0]
		return fmt.Sprintf("Naked single: %s can only be %c; every other digit is already in its row, column or box.", p.Cell, DigitChar(p.Digit))
	case Pointing, Claiming:
		return fmt.Sprintf("%s: in %s, %s can only be in %s, which all lie in %s, so %s can go nowhere else in %s: remove it from %s.",
			s.Technique, s.Units[0], d(0), cellNames(s.Cells), s.Units[1], d(0), s.Units[1], removedCells(s))
	case NakedPair, NakedTriple, NakedQuad:
		return fmt.Sprintf("%s: %s hold only %s between them, so those digits can go nowhere else in %s: remove %s.",
			s.Technique, cellNames(s.Cells), digitNames(s.Digits), s.Units[0], removedList(s))
	case HiddenPair, HiddenTriple, HiddenQuad:
		return fmt.Sprintf("%s: in %s, %s can only go in %s, so those cells hold nothing else: remove %s.",
			s.Technique, s.Units[0], digitNames(s.Digits), cellNames(s.Cells), removedList(s))
	case XWing, Swordfish, Jellyfish:
		k := len(s.Units) / 2
		return fmt.Sprintf("%s on %s: in %s, %s can only go in %s, so remove it from the rest of those: %s.",
			s.Technique, d(0), unitNames(s.Units[:k]), d(0), unitNames(s.Units[k:]), removedCells(s))
	case XChain, XYChain, AIC:
		return fmt.Sprintf("%s through %s: each link forces the next, so one of the chain's two ends is true; remove %s, which conflicts with both ends.",
			s.Technique, cellNames(s.Cells), removedList(s))
	case UniqueRectangle:
		return fmt.Sprintf("Unique rectangle on %s with %s: if %s could swap there the puzzle would have two solutions, so remove %s.",
			cellNames(s.Cells), digitNames(s.Digits), digitNames(s.Digits[:2]), removedList(s))
	case BUG:
		p := s.Placed[0]
		return fmt.Sprintf("Bivalue universal grave: every empty cell but %s has two candidates; only %c there keeps the solution unique.", p.Cell, DigitChar(p.Digit))
	case TrialAndError:
		p := s.Placed[0]
		return fmt.Sprintf("No technique I know applies here. Try %c in %s: it leads to the solution.", DigitChar(p.Digit), p.Cell)
	}
	return fmt.Sprintf("%s on %s: remove %s.", s.Technique, cellNames(s.Cells), removedList(s))
}

func cellNames(cells []Cell) string {
	names := make([]string, len(cells))
	for k, c := range cells {
		names[k] = c.String()
	}
	return joinAnd(names, "and")
}

func digitNames(ds []int) string {
	names := make([]string, len(ds))
	for k, v := range ds {
		names[k] = string(DigitChar(v))
	}
	return joinAnd(names, "and")
}

func unitNames(us []Unit) string {
	kind := us[0].Kind.String() + "s"
	nums := make([]string, len(us))
	for k, u := range us {
		nums[k] = fmt.Sprint(u.Index + 1)
	}
	return kind + " " + joinAnd(nums, "and")
}

// removedCells names the cells a one-digit step removes its digit from.
func removedCells(s Step) string {
	var cells []Cell
	for _, r := range s.Removed {
		cells = append(cells, r.Cell)
	}
	return cellNames(cells)
}

// removedList names what a step removes, cell by cell: "3 from r1c7, 3 and
// 8 from r1c9".
func removedList(s Step) string {
	byCell := map[Cell][]int{}
	var order []Cell
	for _, r := range s.Removed {
		if _, ok := byCell[r.Cell]; !ok {
			order = append(order, r.Cell)
		}
		byCell[r.Cell] = append(byCell[r.Cell], r.Digit)
	}
	sort.SliceStable(order, func(i, j int) bool {
		return order[i].Row*MaxSize+order[i].Col < order[j].Row*MaxSize+order[j].Col
	})
	parts := make([]string, len(order))
	for k, c := range order {
		parts[k] = digitNames(byCell[c]) + " from " + c.String()
	}
	return joinAnd(parts, "and")
}
