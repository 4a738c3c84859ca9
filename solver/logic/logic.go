// Package logic solves Sudoku the way people do: 36 techniques from full
// houses to forcing chains (Technique), each found as a Step on the grid's
// candidates. On that walk it grades a puzzle on Sudoku Explainer's scale
// (Grade, GradeOn, Level, Scale), gives the next step as a hint with its
// wording (Hint, Advice) and makes puzzles of a chosen level from a seed
// (Generate). It reads grids and checks answers with the package solver,
// which never calls back into it. Nothing here keeps mutable state between
// calls; every function is safe for concurrent use.
package logic

import (
	"fmt"
	"math/bits"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/internal/geom"
)

// Technique is a way people solve Sudoku, from the simplest up.
type Technique int

// The techniques the logical solver knows, in the order it tries them.
const (
	FullHouse Technique = iota
	HiddenSingleBox
	HiddenSingleLine
	DirectPointing
	DirectClaiming
	DirectHiddenPair
	NakedSingle
	DirectHiddenTriple
	Pointing
	Claiming
	NakedPair
	XWing
	HiddenPair
	NakedTriple
	Swordfish
	HiddenTriple
	StrongLinks
	XYWing
	XYZWing
	UniqueRectangle
	NakedQuad
	Jellyfish
	HiddenQuad
	WXYZWing
	VWXYZWing
	BUG
	WWing
	YCycle
	XChain
	XYChain
	AIC
	NishioChains
	ForcingChains
	DynamicChains
	DynamicChainsPlus
	TrialAndError
	techniqueCount
)

var techniqueInfo = [techniqueCount]struct {
	name   string
	rating float64 // on Sudoku Explainer's scale
}{
	FullHouse:          {"Full house", 1.0},
	HiddenSingleBox:    {"Hidden single", 1.2},
	HiddenSingleLine:   {"Hidden single", 1.5},
	DirectPointing:     {"Direct pointing", 1.7},
	DirectClaiming:     {"Direct claiming", 1.9},
	DirectHiddenPair:   {"Direct hidden pair", 2.0},
	NakedSingle:        {"Naked single", 2.3},
	DirectHiddenTriple: {"Direct hidden triple", 2.5},
	Pointing:           {"Pointing", 2.6},
	Claiming:           {"Claiming", 2.8},
	NakedPair:          {"Naked pair", 3.0},
	XWing:              {"X-Wing", 3.2},
	HiddenPair:         {"Hidden pair", 3.4},
	NakedTriple:        {"Naked triple", 3.6},
	Swordfish:          {"Swordfish", 3.8},
	HiddenTriple:       {"Hidden triple", 4.0},
	StrongLinks:        {"Strong links", 4.0},
	XYWing:             {"XY-Wing", 4.2},
	XYZWing:            {"XYZ-Wing", 4.4},
	UniqueRectangle:    {"Unique rectangle", 4.5},
	NakedQuad:          {"Naked quad", 5.0},
	Jellyfish:          {"Jellyfish", 5.2},
	HiddenQuad:         {"Hidden quad", 5.4},
	WXYZWing:           {"WXYZ-Wing", 5.5},
	VWXYZWing:          {"VWXYZ-Wing", 6.2},
	BUG:                {"Bivalue universal grave", 5.6},
	WWing:              {"W-Wing", 7.1},
	YCycle:             {"Y-Cycle", 6.5},
	XChain:             {"X-Chain", 6.6},
	XYChain:            {"XY-Chain", 7.0},
	AIC:                {"Alternating inference chain", 7.0},
	NishioChains:       {"Nishio forcing chains", 7.5},
	ForcingChains:      {"Forcing chains", 8.0},
	DynamicChains:      {"Dynamic forcing chains", 8.5},
	DynamicChainsPlus:  {"Dynamic forcing chains (+)", 9.0},
	TrialAndError:      {"Trial and error", 9.5},
}

// String returns the technique's name as players know it.
func (t Technique) String() string {
	if t < 0 || t >= techniqueCount {
		return fmt.Sprintf("Technique(%d)", int(t))
	}
	return techniqueInfo[t].name
}

// Rating returns the technique's base difficulty on Sudoku Explainer's scale.
func (t Technique) Rating() float64 { return techniqueInfo[t].rating }

// Candidate is a digit at a cell.
type Candidate struct {
	Cell  solver.Cell
	Digit int
}

// Step is one move of the logical solver: what it found and what it did.
type Step struct {
	Technique Technique
	// Rating is the step's difficulty: the technique's, plus a little for
	// long chains.
	Rating float64
	// Placed are the digits the step writes in; Removed the candidates it
	// eliminates. A step does one or the other.
	Placed, Removed []Candidate
	// Cells, Units and Digits are the pattern that justifies the step: the
	// cells to highlight, the units and digits to name.
	Cells  []solver.Cell
	Units  []solver.Unit
	Digits []int
	// Ends are a chain's two far ends (each a cell or a group of cells),
	// or an ALS wing's set and its two-digit cell, for the words; nil for
	// other steps and for loops.
	Ends [2][]solver.Cell
	// Locked marks an ALS wing tied to its set through both digits of its
	// cell, which locks every digit of the set (Digits lists them all;
	// otherwise Digits are the linked digit, the removed one, then the
	// set's others).
	Locked bool
	// Branches are a forcing chain's lines of reasoning in short form, one
	// per assumption ("r1c2=3 → r1c5≠3 → r4c5=3"); Cells then start with
	// the assumption's cell and the conclusion's, Digits with their digits.
	Branches []string
	// forcing is a forcing chain's kind; assumedOn whether its one
	// assumption is that a digit is there (contradictions), provenOn
	// whether it proves a digit rather than removes one.
	forcing             forcingKind
	assumedOn, provenOn bool
}

// rated returns the step's rating: its own, or its technique's when the
// finder left it to the technique (Rating 0).
func (s Step) rated() float64 {
	if s.Rating == 0 {
		return s.Technique.Rating()
	}
	return s.Rating
}

// cands is the logical solver's state: digits placed and candidates left.
type cands struct {
	geo *geom.Geometry
	n   int
	// noUniqueness turns off the techniques that assume one solution.
	noUniqueness bool
	// scale picks the techniques (Sukaku Explainer's, by default).
	scale Scale
	val   [solver.MaxSize * solver.MaxSize]uint8
	cand  [solver.MaxSize * solver.MaxSize]uint16 // 0 for a placed cell
	// pos caches positions by unit and digit while pos is valid: filled
	// when a step is looked for, dropped by any change.
	pos      [3 * solver.MaxSize][solver.MaxSize]uint32
	posValid bool
	// slGraphs are each digit's strong links, kept while the digit's
	// places stay the same.
	slGraphs [solver.MaxSize]*slGraph
	fc       *forcing // the forcing chains' engine, kept for its memory
}

func newBoard(g solver.Grid) *cands {
	b := &cands{geo: geom.For(g.Size()), n: g.Size()}
	for i := 0; i < b.geo.Cells; i++ {
		b.cand[i] = b.geo.Full
	}
	for i := 0; i < b.geo.Cells; i++ {
		if v := g.AtIndex(i); v != 0 {
			b.place(i, v)
		}
	}
	return b
}

func (b *cands) place(i, v int) {
	b.posValid = false
	b.val[i], b.cand[i] = uint8(v), 0
	for _, p := range b.geo.Peers[i] {
		b.cand[p] &^= 1 << (v - 1)
	}
}

func (b *cands) cell(i int) solver.Cell { return solver.Cell{Row: i / b.n, Col: i % b.n} }

// unit returns the kind and number of unit u (rows, then columns, then boxes).
func (b *cands) unit(u int) solver.Unit {
	return solver.Unit{Kind: solver.UnitKind(u / b.n), Index: u % b.n}
}

// apply carries out a step.
func (b *cands) apply(s Step) {
	for _, p := range s.Placed {
		b.place(p.Cell.Row*b.n+p.Cell.Col, p.Digit)
	}
	for _, r := range s.Removed {
		b.cand[r.Cell.Row*b.n+r.Cell.Col] &^= 1 << (r.Digit - 1)
	}
	b.posValid = false
}

// solved reports whether every cell holds a digit.
func (b *cands) solved() bool {
	for i := 0; i < b.geo.Cells; i++ {
		if b.val[i] == 0 {
			return false
		}
	}
	return true
}

// broken reports whether an empty cell has no candidate left.
func (b *cands) broken() bool {
	for i := 0; i < b.geo.Cells; i++ {
		if b.val[i] == 0 && b.cand[i] == 0 {
			return true
		}
	}
	return false
}

// grid returns the digits placed so far.
func (b *cands) grid() solver.Grid {
	g, _ := solver.NewGrid(b.n)
	for i, v := range b.val[:b.geo.Cells] {
		g.SetIndex(i, int(v))
	}
	return g
}

// positions returns, as a bit per unit position, where digit bit may go in
// unit u.
func (b *cands) positions(u int, bit uint16) uint32 {
	if b.posValid {
		return b.pos[u][bits.TrailingZeros16(bit)]
	}
	var m uint32
	for k, i := range b.geo.Units[u] {
		if b.cand[i]&bit != 0 {
			m |= 1 << k
		}
	}
	return m
}

// cachePositions fills the positions of every digit in every unit, for
// the finders of one step.
func (b *cands) cachePositions() {
	for u, unit := range b.geo.Units {
		p := &b.pos[u]
		*p = [solver.MaxSize]uint32{}
		for k, i := range unit {
			for c := b.cand[i]; c != 0; c &= c - 1 {
				p[bits.TrailingZeros16(c)] |= 1 << k
			}
		}
	}
	b.posValid = true
}

// removals lists the candidates of digit v in cells that the step would
// remove, skipping cells where v is already gone.
func (b *cands) removals(cells []int, v int) []Candidate {
	var out []Candidate
	for _, i := range cells {
		if b.cand[i]&(1<<(v-1)) != 0 {
			out = append(out, Candidate{b.cell(i), v})
		}
	}
	return out
}

func (b *cands) cells(idx []int) []solver.Cell {
	out := make([]solver.Cell, len(idx))
	for k, i := range idx {
		out[k] = b.cell(i)
	}
	return out
}

func digitsOf(mask uint16) []int {
	var out []int
	for ; mask != 0; mask &= mask - 1 {
		out = append(out, bits.TrailingZeros16(mask)+1)
	}
	return out
}

// sees reports whether cells i and j share a unit.
func (b *cands) sees(i, j int) bool { return b.geo.PeerSet[i][j>>6]>>(j&63)&1 != 0 }
