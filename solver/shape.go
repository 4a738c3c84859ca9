package solver

import "slices"

// Shape is a summary of a complete 9×9 grid that no disguise changes
// (digits relabelled, rows within bands, bands, columns within stacks,
// stacks, transposed): for the mini-rows (a row's three cells in one box)
// and, apart, the mini-columns, how many of them hold each pair of
// digits, sorted. Equivalent grids have equal shapes; most grids that are
// not equivalent have different ones, so comparing shapes (a microsecond)
// spares Equivalent's search (a fraction of a millisecond).
type Shape [2][36]uint8

// ShapeOf returns g's Shape; the zero Shape for a grid that is not a
// complete 9×9 one. It does not modify g.
func ShapeOf(g Grid) Shape {
	var s Shape
	if g.size != 9 || !g.Complete() {
		return s
	}
	for side := range 2 {
		var pairs [10][10]uint8
		for line := range 9 {
			for box := range 3 {
				var v [3]uint8
				for k := range 3 {
					r, c := line, 3*box+k
					if side == 1 {
						r, c = c, r
					}
					v[k] = g.cells[9*r+c]
				}
				pairs[min(v[0], v[1])][max(v[0], v[1])]++
				pairs[min(v[0], v[2])][max(v[0], v[2])]++
				pairs[min(v[1], v[2])][max(v[1], v[2])]++
			}
		}
		n := 0
		for a := 1; a <= 9; a++ {
			for b := a + 1; b <= 9; b++ {
				s[side][n] = pairs[a][b]
				n++
			}
		}
		slices.Sort(s[side][:])
	}
	if slices.Compare(s[0][:], s[1][:]) > 0 { // a transposition swaps the two
		s[0], s[1] = s[1], s[0]
	}
	return s
}
