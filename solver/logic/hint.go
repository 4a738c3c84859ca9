package logic

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// Advice is the next useful thing to tell a player about a grid. Text
// says it in words.
type Advice struct {
	// Mistakes are filled cells that contradict the solution (or each
	// other); when there are any, the advice is about them and Step is
	// empty.
	Mistakes []solver.Cell
	// Step is the next logical step; Focus the cells to highlight and
	// Targets the cells it changes.
	Step           Step
	Focus, Targets []solver.Cell
	// Candidates are the candidates of every cell (bit v-1 for digit v) as
	// the step sees them, for drawing notes; 0 for filled cells.
	Candidates []uint16

	done     bool                  // the grid is complete and correct
	several  bool                  // the grid has more than one solution
	clash    *solver.ConflictError // the mistakes clash
	mistaken []int                 // the digits in Mistakes, when they do not clash
}

// Text says the advice in words a player understands, in w's language.
func (a Advice) Text(w solver.Words) string {
	switch {
	case a.done:
		return w.Text("The grid is complete and correct: nothing left to do.")
	case a.clash != nil:
		return w.Sprintf("There is a mistake already: %s.", a.clash.Say(w))
	case len(a.mistaken) > 0:
		names := make([]string, len(a.Mistakes))
		for k, c := range a.Mistakes {
			names[k] = fmt.Sprintf("%s (%c)", c, solver.DigitChar(a.mistaken[k]))
		}
		if len(names) == 1 {
			return w.Sprintf("There is a mistake already: %s cannot be right; the grid has no solution with it.", names[0])
		}
		return w.Sprintf("There is a mistake already: one of %s is wrong; the grid has no solution with all of them.", joinOr(w, names))
	}
	text := describe(w, a.Step)
	if a.several {
		text += " " + w.Text("(Careful: this grid has more than one solution.)")
	}
	return text
}

// Hint returns the next step for a grid a person is filling in: first any
// mistake they have made, else the simplest logical step, described in
// words. g is not modified. Errors: ErrNoSolution when g has no solution and
// no single wrong digit explains it; ctx's error when it ends first.
func Hint(ctx context.Context, g solver.Grid) (Advice, error) {
	res, err := solver.Solve(ctx, g, 2)
	if err != nil {
		return Advice{}, err
	}
	if res.Count == 0 {
		return mistakes(ctx, g)
	}
	b := newBoard(g)
	b.noUniqueness = res.Count > 1
	if b.solved() {
		return Advice{done: true}, nil
	}
	s, ok := b.next()
	if !ok {
		s = b.guess(res.Solutions[0])
	}
	a := Advice{Step: s, Focus: s.Cells, Targets: targets(s), Candidates: append([]uint16(nil), b.cand[:b.geo.Cells]...)}
	if s.Technique <= HiddenSingleLine && len(s.Units) == 1 { // light the unit the single is found in
		a.Focus = solver.UnitCells(g, s.Units[0].Kind, s.Units[0].Index)
	}
	a.several = res.Count > 1
	return a, nil
}

func targets(s Step) []solver.Cell {
	var out []solver.Cell
	seen := map[solver.Cell]bool{}
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
func mistakes(ctx context.Context, g solver.Grid) (Advice, error) {
	var ce *solver.ConflictError
	if errors.As(solver.Validate(g), &ce) {
		return Advice{Mistakes: ce.Cells(), clash: ce}, nil
	}
	// A digit whose removal leaves exactly one solution is the likeliest
	// mistake: without it the grid is a proper puzzle again.
	var suspects, likely []solver.Cell
	for i := 0; i < g.Cells(); i++ {
		if g.AtIndex(i) == 0 {
			continue
		}
		h := g
		h.SetIndex(i, 0)
		res, err := solver.Solve(ctx, h, 2)
		if err != nil {
			return Advice{}, err
		}
		c := solver.Cell{Row: i / g.Size(), Col: i % g.Size()}
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
	digits := make([]int, len(suspects))
	for k, c := range suspects {
		digits[k] = g.At(c.Row, c.Col)
	}
	return Advice{Mistakes: suspects, mistaken: digits}, nil
}

// describe puts a step into words.
func describe(w solver.Words, s Step) string {
	d := func(k int) string { return string(solver.DigitChar(s.Digits[k])) }
	name := w.Text(s.Technique.String())
	unit := func(k int) string { return s.Units[k].Say(w) }
	switch s.Technique {
	case FullHouse:
		p := s.Placed[0]
		return w.Sprintf("Full house: %s is the last empty cell in %s, so it is %c.", p.Cell, unit(0), solver.DigitChar(p.Digit))
	case HiddenSingleBox, HiddenSingleLine:
		p := s.Placed[0]
		return w.Sprintf("Hidden single: %c can only go in %s within %s.", solver.DigitChar(p.Digit), p.Cell, unit(0))
	case DirectPointing, DirectClaiming:
		p := s.Placed[0]
		return w.Sprintf("%[1]s: in %[2]s, %[3]s can only be in %[4]s, which lie in %[5]s; so in %[6]s, %[3]s has one place left outside %[5]s: %[7]s.",
			name, unit(0), d(0), cellNames(w, s.Cells), unit(1), unit(2), p.Cell)
	case DirectHiddenPair, DirectHiddenTriple:
		p := s.Placed[0]
		k := len(s.Digits) - 1
		return w.Sprintf("%[1]s: in %[2]s, %[3]s can only go in %[4]s, so those cells hold nothing else; then %[5]c has one place left in %[2]s: %[6]s.",
			name, unit(0), digitNames(w, s.Digits[:k]), cellNames(w, s.Cells), solver.DigitChar(p.Digit), p.Cell)
	case NakedSingle:
		p := s.Placed[0]
		return w.Sprintf("Naked single: %s can only be %c; every other digit is already in its row, column or box.", p.Cell, solver.DigitChar(p.Digit))
	case Pointing, Claiming:
		return w.Sprintf("%[1]s: in %[2]s, %[3]s can only be in %[4]s, which all lie in %[5]s, so %[3]s can go nowhere else in %[5]s: remove it from %[6]s.",
			name, unit(0), d(0), cellNames(w, s.Cells), unit(1), removedCells(w, s))
	case NakedPair, NakedTriple, NakedQuad:
		return w.Sprintf("%s: %s hold only %s between them, so those digits can go nowhere else in %s: remove %s.",
			name, cellNames(w, s.Cells), digitNames(w, s.Digits), unit(0), removedList(w, s))
	case HiddenPair, HiddenTriple, HiddenQuad:
		return w.Sprintf("%s: in %s, %s can only go in %s, so those cells hold nothing else: remove %s.",
			name, unit(0), digitNames(w, s.Digits), cellNames(w, s.Cells), removedList(w, s))
	case XWing, Swordfish, Jellyfish:
		k := len(s.Units) / 2
		return w.Sprintf("%[1]s on %[2]s: in %[3]s, %[2]s can only go in %[4]s, so remove it from the rest of those: %[5]s.",
			name, d(0), unitsName(w, s.Units[:k]), unitsName(w, s.Units[k:]), removedCells(w, s))
	case StrongLinks:
		if s.Ends[0] == nil {
			return w.Sprintf("%[1]s on %[2]s: %[2]s has two places (or two groups of places) in each of %[3]s, and they close into a loop, so every link holds: remove %[2]s from %[4]s.",
				name, d(0), unitList(w, s.Units), removedCells(w, s))
		}
		return w.Sprintf("%[1]s on %[2]s: %[2]s has two places (or two groups of places) in each of %[3]s, joined end to end, so %[4]s or %[5]s holds it: remove %[2]s from %[6]s, which sees both.",
			name, d(0), unitList(w, s.Units), cellNames(w, s.Ends[0]), cellNames(w, s.Ends[1]), removedCells(w, s))
	case WXYZWing, VWXYZWing:
		yz := s.Ends[1][0]
		if s.Locked {
			return w.Sprintf("%[1]s: %[2]s hold only %[3]s between them, and %[4]s is tied to them through both its digits, so every one of those digits is locked there: remove %[5]s.",
				name, cellNames(w, s.Ends[0]), digitNames(w, s.Digits), yz, removedList(w, s))
		}
		return w.Sprintf("%[1]s: %[2]s hold only %[3]s between them, and %[4]s, which holds %[5]c or %[6]c, sees each of them that holds %[5]c; so %[6]c is in %[4]s or among them: remove it from %[7]s.",
			name, cellNames(w, s.Ends[0]), digitNames(w, sorted(s.Digits)), yz, solver.DigitChar(s.Digits[0]), solver.DigitChar(s.Digits[1]), removedCells(w, s))
	case YCycle:
		return w.Sprintf("%[1]s through %[2]s: each cell holds two digits and shares one with the next, around a loop, so whichever digit the first holds, each pair of neighbours holds the digit they share once: remove %[3]s.",
			name, cellNames(w, s.Cells), removedList(w, s))
	case XChain, XYChain, AIC:
		return w.Sprintf("%s through %s: each link forces the next, so one of the chain's two ends is true; remove %s, which conflicts with both ends.",
			name, cellNames(w, s.Cells), removedList(w, s))
	case UniqueRectangle:
		if len(s.Cells) > 4 { // type 3
			return w.Sprintf("Unique rectangle on %[1]s with %[2]s: if they could swap the puzzle would have two solutions, so its corners in %[3]s hold another digit between them; with %[4]s they hold only %[5]s there: remove %[6]s.",
				cellNames(w, s.Cells[:4]), digitNames(w, s.Digits[:2]), unit(0), cellNames(w, s.Cells[4:]), digitNames(w, sorted(s.Digits[2:])), removedList(w, s))
		}
		return w.Sprintf("Unique rectangle on %s with %s: if %s could swap there the puzzle would have two solutions, so remove %s.",
			cellNames(w, s.Cells), digitNames(w, s.Digits), digitNames(w, s.Digits[:2]), removedList(w, s))
	case BUG:
		return describeBUG(w, s)
	case NishioChains, ForcingChains, DynamicChains, DynamicChainsPlus:
		return describeForcing(w, name, s)
	case TrialAndError:
		p := s.Placed[0]
		return w.Sprintf("No technique I know applies here. Try %c in %s: it leads to the solution.", solver.DigitChar(p.Digit), p.Cell)
	}
	return w.Sprintf("%s on %s: remove %s.", name, cellNames(w, s.Cells), removedList(w, s))
}

// sorted returns the digits in increasing order.
func sorted(ds []int) []int {
	out := append([]int(nil), ds...)
	sort.Ints(out)
	return out
}

// unitList names units of any kinds: "row 4, column 7 and box 6".
func unitList(w solver.Words, us []solver.Unit) string {
	names := make([]string, len(us))
	for k, u := range us {
		names[k] = u.Say(w)
	}
	return solver.JoinAnd(w, names)
}

func cellNames(w solver.Words, cells []solver.Cell) string {
	names := make([]string, len(cells))
	for k, c := range cells {
		names[k] = c.String()
	}
	return solver.JoinAnd(w, names)
}

func digitNames(w solver.Words, ds []int) string {
	names := make([]string, len(ds))
	for k, v := range ds {
		names[k] = string(solver.DigitChar(v))
	}
	return solver.JoinAnd(w, names)
}

// removedCells names the cells a one-digit step removes its digit from.
func removedCells(w solver.Words, s Step) string {
	var cells []solver.Cell
	for _, r := range s.Removed {
		cells = append(cells, r.Cell)
	}
	return cellNames(w, cells)
}

// removedList names what a step removes, cell by cell: "3 from r1c7, 3 and
// 8 from r1c9".
func removedList(w solver.Words, s Step) string {
	byCell := map[solver.Cell][]int{}
	var order []solver.Cell
	for _, r := range s.Removed {
		if _, ok := byCell[r.Cell]; !ok {
			order = append(order, r.Cell)
		}
		byCell[r.Cell] = append(byCell[r.Cell], r.Digit)
	}
	sort.SliceStable(order, func(i, j int) bool {
		return order[i].Row*solver.MaxSize+order[i].Col < order[j].Row*solver.MaxSize+order[j].Col
	})
	parts := make([]string, len(order))
	for k, c := range order {
		parts[k] = w.Sprintf("%s from %s", digitNames(w, byCell[c]), c)
	}
	return solver.JoinAnd(w, parts)
}

// describeForcing puts a forcing chain into words: what is assumed, what
// every branch leads to, and the branches in short form.
func describeForcing(w solver.Words, name string, s Step) string {
	is := func(c solver.Cell, v int, on bool) string {
		if on {
			return w.Sprintf("%s is %c", c, solver.DigitChar(v))
		}
		return w.Sprintf("%s is not %c", c, solver.DigitChar(v))
	}
	proven := is(s.Cells[1], s.Digits[1], s.provenOn)
	chains := strings.Join(s.Branches, "; ")
	switch s.forcing {
	case fcContradiction:
		return w.Sprintf("%[1]s: if %[2]s, a contradiction follows: %[3]s, but %[4]s. So %[5]s.",
			name, is(s.Cells[0], s.Digits[0], s.assumedOn), s.Branches[0], s.Branches[1], proven)
	case fcDouble:
		return w.Sprintf("%[1]s: whether %[2]s or not, %[3]s: %[4]s.",
			name, is(s.Cells[0], s.Digits[0], true), proven, chains)
	case fcRegion:
		return w.Sprintf("%[1]s: wherever %[2]c goes in %[3]s, %[4]s: %[5]s.",
			name, solver.DigitChar(s.Digits[0]), s.Units[0].Say(w), proven, chains)
	}
	return w.Sprintf("%[1]s: whichever digit %[2]s holds, %[3]s: %[4]s.", name, s.Cells[0], proven, chains)
}

// describeBUG words the three kinds of bivalue universal grave.
func describeBUG(w solver.Words, s Step) string {
	switch {
	case len(s.Placed) == 1:
		p := s.Placed[0]
		return w.Sprintf("Bivalue universal grave: every empty cell but %s has two candidates; only %c there keeps the solution unique.", p.Cell, solver.DigitChar(p.Digit))
	case len(s.Cells) == 1:
		return w.Sprintf("Bivalue universal grave: every empty cell but %[1]s has two candidates; only %[2]s there keep the solution unique: remove %[3]s.",
			s.Cells[0], digitNames(w, s.Digits), removedList(w, s))
	case len(s.Units) == 0:
		return w.Sprintf("Bivalue universal grave: without %[1]c in %[2]s every empty cell would have two candidates and the puzzle two solutions, so %[1]c is in one of them: remove it from every cell that sees them all: %[3]s.",
			solver.DigitChar(s.Digits[0]), cellNames(w, s.Cells), removedCells(w, s))
	}
	return w.Sprintf("Bivalue universal grave: without their extra candidates %[1]s would leave the puzzle two solutions, so one of them holds its extra; %[2]c must go in one of them in %[3]s, so each holds its extra or %[2]c: remove %[4]s.",
		cellNames(w, s.Cells), solver.DigitChar(s.Digits[0]), s.Units[0].Say(w), removedList(w, s))
}

// unitsName names several units of one kind: "rows 1 and 4".
func unitsName(w solver.Words, us []solver.Unit) string {
	nums := make([]string, len(us))
	for k, u := range us {
		nums[k] = strconv.Itoa(u.Index + 1)
	}
	list := solver.JoinAnd(w, nums)
	switch us[0].Kind {
	case solver.Row:
		return w.Sprintf("rows %s", list)
	case solver.Column:
		return w.Sprintf("columns %s", list)
	}
	return w.Sprintf("boxes %s", list)
}

// joinOr lists alternatives: "a, b or c".
func joinOr(w solver.Words, items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return w.Sprintf("%s or %s", strings.Join(items[:len(items)-1], ", "), items[len(items)-1])
}
