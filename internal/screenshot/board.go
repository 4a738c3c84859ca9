package screenshot

import (
	"math/bits"
	"math/rand/v2"
)

// board is what the grid shows: a game part way through.
type board struct {
	givens, entries [81]byte // digits or '.'
	wrong           []int    // entries that differ from the solution
	marks           [81]uint16
	fill            float64 // share of the blank cells the player filled
}

// newBoard fills in a share of the blank cells as a player would, with a
// few mistakes in some games, and pencil marks in some blank cells. Marks
// written at a cell's centre come at least two at a time, as players
// write them; one alone there would look like an entry.
func newBoard(r *rand.Rand, givens, solution string, markGrid bool) board {
	var b board
	for i := range 81 {
		b.givens[i], b.entries[i] = '.', '.'
		if g := givens[i]; g >= '1' && g <= '9' {
			b.givens[i] = g
		}
	}
	if r.IntN(5) > 0 { // a fifth of the games have just started
		b.fill = r.Float64()
	}
	b.enter(r, solution)
	if r.IntN(100) < 45 {
		least := 2
		if markGrid {
			least = 1
		}
		b.pencil(r, solution, least)
	}
	return b
}

func (b *board) enter(r *rand.Rand, solution string) {
	var blanks []int
	for i := range 81 {
		if b.givens[i] == '.' && r.Float64() < b.fill {
			blanks = append(blanks, i)
			b.entries[i] = solution[i]
		}
	}
	if len(blanks) == 0 || r.IntN(100) >= 30 {
		return
	}
	for range 1 + r.IntN(3) {
		i := blanks[r.IntN(len(blanks))]
		if b.entries[i] != solution[i] {
			continue // picked twice
		}
		b.entries[i] = byte('1' + (int(solution[i]-'1')+1+r.IntN(8))%9)
		b.wrong = append(b.wrong, i)
	}
}

// pencil writes candidates in some blank cells: the digits not yet in the
// cell's row, column or box, as a player's notes would be, always with the
// right one among them so they look like a real game's.
func (b *board) pencil(r *rand.Rand, solution string, least int) {
	share := 0.1 + 0.6*r.Float64()
	for i := range 81 {
		if b.digit(i) != '.' || r.Float64() >= share {
			continue
		}
		cands := b.candidates(i)
		r.Shuffle(len(cands), func(a, c int) { cands[a], cands[c] = cands[c], cands[a] })
		keep := least + r.IntN(7-least)
		m := uint16(1) << (solution[i] - '1')
		for _, d := range cands {
			if bits.OnesCount16(m) >= keep {
				break
			}
			m |= 1 << (d - 1)
		}
		b.marks[i] = m
	}
}

// candidates lists the digits that can go in cell i given what is shown.
func (b *board) candidates(i int) []int {
	var seen [10]bool
	row, col := i/9, i%9
	for k := range 9 {
		for _, j := range []int{row*9 + k, k*9 + col, (row/3*3+k/3)*9 + col/3*3 + k%3} {
			if d := b.digit(j); d != '.' {
				seen[d-'0'] = true
			}
		}
	}
	var out []int
	for d := 1; d <= 9; d++ {
		if !seen[d] {
			out = append(out, d)
		}
	}
	return out
}

// digit is what cell i shows, given or entered, or '.'.
func (b *board) digit(i int) byte {
	if b.givens[i] != '.' {
		return b.givens[i]
	}
	return b.entries[i]
}

func (b *board) isWrong(i int) bool {
	for _, w := range b.wrong {
		if w == i {
			return true
		}
	}
	return false
}

func (b *board) hasMarks() bool {
	for _, m := range b.marks {
		if m != 0 {
			return true
		}
	}
	return false
}
