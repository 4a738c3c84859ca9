// Package geom holds the unit geometry that the solver's general search and
// the human logic share: for each supported grid side, the cells of every
// row, column and box, each cell's peers and box, and a 256-cell set type.
// The tables are built once at start-up and only read after.
package geom

// MaxSide is the largest grid side with a geometry (16×16).
const MaxSide = 16

// Geometry holds the read-only unit tables of one grid side. Cells are
// numbered row by row from 0; units are the rows (0 to N-1), the columns
// (N to 2N-1) and the boxes (2N to 3N-1), boxes counted row by row.
type Geometry struct {
	N, Cells int       // the side and its square
	Full     uint16    // candidate mask with all N digits (bit d-1 for digit d)
	Units    [][]uint8 // 3N units of N cell numbers
	Peers    [][]uint8 // for each cell, the cells sharing a unit with it
	PeerSet  []CellSet // the same as a set
	BoxOf    []int     // each cell's box number, from 0
	// BoxesFirst lists the units in Sudoku Explainer's order: boxes, rows,
	// columns.
	BoxesFirst []int
}

var geometries [MaxSide + 1]*Geometry

func init() {
	for _, n := range [...]int{4, 6, 9, 16} {
		geometries[n] = build(n)
	}
}

// For returns the geometry of side n, or nil when n is not 4, 6, 9 or 16.
// Callers must not modify it.
func For(n int) *Geometry {
	if n < 0 || n > MaxSide {
		return nil
	}
	return geometries[n]
}

// BoxRows returns the number of rows in one box for a grid side, or 0 for
// an unsupported side. Boxes are 2×2, 2×3, 3×3 and 4×4.
func BoxRows(n int) int {
	switch n {
	case 4, 6:
		return 2
	case 9:
		return 3
	case 16:
		return 4
	}
	return 0
}

// BoxCell returns the cell number of the j-th cell of box i (both from 0,
// cells of a box counted row by row) in a grid of side n.
func BoxCell(n, i, j int) int {
	br := BoxRows(n)
	bc := n / br
	r0, c0 := (i/(n/bc))*br, (i%(n/bc))*bc
	return (r0+j/bc)*n + c0 + j%bc
}

func build(n int) *Geometry {
	geo := &Geometry{N: n, Cells: n * n, Full: uint16(1<<n - 1)}
	for u := 0; u < 3*n; u++ {
		unit := make([]uint8, n)
		for j := range unit {
			switch {
			case u < n:
				unit[j] = uint8(u*n + j)
			case u < 2*n:
				unit[j] = uint8(j*n + u - n)
			default:
				unit[j] = uint8(BoxCell(n, u-2*n, j))
			}
		}
		geo.Units = append(geo.Units, unit)
	}
	for u := 2 * n; u < 3*n; u++ {
		geo.BoxesFirst = append(geo.BoxesFirst, u)
	}
	for u := 0; u < 2*n; u++ {
		geo.BoxesFirst = append(geo.BoxesFirst, u)
	}
	geo.Peers = make([][]uint8, n*n)
	geo.PeerSet = make([]CellSet, n*n)
	geo.BoxOf = make([]int, n*n)
	for u, unit := range geo.Units {
		for _, a := range unit {
			if u >= 2*n {
				geo.BoxOf[a] = u - 2*n
			}
			for _, b := range unit {
				if a != b {
					geo.PeerSet[a].Add(int(b))
				}
			}
		}
	}
	for a := range geo.Peers {
		for b := 0; b < n*n; b++ {
			if geo.PeerSet[a].Has(b) {
				geo.Peers[a] = append(geo.Peers[a], uint8(b))
			}
		}
	}
	return geo
}

// CellSet is a set of cells of a grid up to 16×16, one bit a cell. The zero
// value is empty.
type CellSet [4]uint64

// Add puts cell i in the set.
func (s *CellSet) Add(i int) { s[i>>6] |= 1 << (i & 63) }

// Has reports whether cell i is in the set.
func (s *CellSet) Has(i int) bool { return s[i>>6]>>(i&63)&1 != 0 }

// And returns the cells in both s and t.
func (s CellSet) And(t CellSet) CellSet {
	return CellSet{s[0] & t[0], s[1] & t[1], s[2] & t[2], s[3] & t[3]}
}

// Empty reports whether the set has no cell.
func (s CellSet) Empty() bool { return s[0]|s[1]|s[2]|s[3] == 0 }
