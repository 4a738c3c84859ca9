package solver

import "math/bits"

// The 9×9 engine keeps, for every digit and band (three rows), a 27-bit mask
// of the band's cells where the digit may still go: bit 9*row+col, row 0-2
// inside the band. A "minirow" is the three cells a row shares with a box.
// The tables below are computed once at start-up and only read afterwards.

const (
	all27 = 1<<27 - 1
	low9  = 1<<9 - 1
	// box27 is the cells of a band's first box.
	box27 = 0o7007007
	// minirowFirst27 has the first cell of every minirow of a band.
	minirowFirst27 = 0o111111111
)

var (
	// minirows9[row] maps 9 cell bits of a row to 3 bits, one per box,
	// set when the digit may go in that box's part of the row.
	minirows9 [512]uint32
	// matchKeep9[m] maps the 9 minirow bits of a band (bit 3*row+box) to the
	// 27 cells of the minirows that take part in at least one way to place
	// the digit once in every row and once in every box of the band. This
	// covers locked candidates (pointing and claiming) inside the band.
	matchKeep9 [512]uint32
	// otherBands9[cols] maps the 9 column bits where a digit may go in one
	// band to the cells it may keep in the two other bands: a box whose part
	// of the band allows a single column claims that column.
	otherBands9 [512]uint32
	// stackKeep9[st][m] is, for stack st and the pairs m of a digit's
	// (band, column) in it (bit 3*band+column), the pairs that take part in a
	// matching (matchKeep9 as minirow bits), spread to the stack's columns of
	// the three bands (bit 9*band+3*st+column), with bit 31 set when m has no
	// matching.
	stackKeep9 [3][512]uint32
	// stackSpread9[cols] moves the three columns of each stack in cols (9
	// bits of a band) 9 bits apart, stack st at bit 9*st: shifted by 3*band
	// and ORed for the three bands, the index of stackKeep9 for each stack.
	stackSpread9 [512]uint32
	// matchCount9[m] counts the matchings of m: the ways to place a digit in
	// a band with those minirows.
	matchCount9 [512]uint8
	// matchHashed9 is matchKeep9 indexed by minirowHash instead of the
	// minirow set, with matchCount9 in its top five bits (one load in
	// propagateOne where two were).
	matchHashed9 [512]uint32
	// minirowPeersSmall9[i] is the minirow bits sharing a row or a box with
	// minirow i (bit 3*row+box), itself excluded.
	minirowPeersSmall9 [9]uint32
	// branchHashed9[h] is, for a digit whose minirows have the minirowHash
	// h, the first cell of the minirow choose branches on (see
	// branchMinirow), indexed as matchHashed9.
	branchHashed9 [512]uint8
	// givenPeersHashed9[h] is the rows and boxes of a band (27 cells)
	// holding the minirows of one digit's givens, whose minirowHash is h,
	// with bit 31 set when two of them share a row or a box.
	givenPeersHashed9 [512]uint32
	// minirowPeers9[k] is the cells of the minirows sharing a row or a box
	// with the minirow whose first cell is bit k, itself excluded.
	minirowPeers9 [27]uint32
	// tallyHashed9[h] is what a digit whose minirows have the minirowHash h
	// adds to the counts of tally: 1 at bit 7i for each minirow i (i =
	// 3*row+box) that takes part in a matching, and 1 at bit 7i+4 for each
	// of those alone in its row.
	tallyHashed9 [512]uint64
	// spread9[m] has byte i set to 1 when bit i of m is set, else 0.
	spread9 [256]uint64
	// single9[row] is row when it has exactly one bit set, else 0.
	single9 [512]uint32
	// peers9[bit] is the cells of a band that share a row or a box with bit.
	peers9 [27]uint32
)

func init() {
	for m := range uint64(256) {
		for i := range 8 {
			spread9[m] |= m >> i & 1 << (8 * i)
		}
	}
	for m := range uint32(512) {
		for box := range 3 {
			if m>>(3*box)&7 != 0 {
				minirows9[m] |= 1 << box
			}
		}
		if bits.OnesCount32(m) == 1 {
			single9[m] = m
		}
		matchCount9[m], matchKeep9[m] = matchings(m)
		h := minirowHash(spreadMinirows(m))
		matchHashed9[h] = matchKeep9[m] | uint32(matchCount9[m])<<27
		var k uint32 // matchKeep9[m] as minirow bits
		for i := range uint32(9) {
			k |= matchKeep9[m] >> (9*(i/3) + 3*(i%3)) & 1 << i
		}
		tallyHashed9[h] = tallyRows(k)
		otherBands9[m] = allowedInOtherBands(m)
		for st := range 3 {
			stackKeep9[st][m] = (k&7 | k>>3&7<<9 | k>>6<<18) << (3 * st)
			if k == 0 {
				stackKeep9[st][m] |= 1 << 31
			}
		}
		givenPeersHashed9[h] = rowsAndBoxes(m)
		stackSpread9[m] = m&7 | m>>3&7<<9 | m>>6<<18
	}
	for i := range 9 {
		for o := range 9 {
			if o != i && (o/3 == i/3 || o%3 == i%3) {
				minirowPeersSmall9[i] |= 1 << o
				minirowPeers9[9*(i/3)+3*(i%3)] |= 7 << (9*(o/3) + 3*(o%3))
			}
		}
	}
	for m := range uint32(512) {
		branchHashed9[minirowHash(spreadMinirows(m))] = branchMinirow(m)
	}
	for b := range 27 {
		r, box := b/9, b%9/3
		for o := range 27 {
			if o != b && (o/9 == r || o%9/3 == box) {
				peers9[b] |= 1 << o
			}
		}
	}
}

// branchMinirow returns, for a digit whose minirows are m (bit
// 3*row+box), the first cell of the first minirow in the most of its
// placements short of all of them, or 0 when there is none.
func branchMinirow(m uint32) uint8 {
	bestIn, best := uint8(0), 0
	for i := range 9 {
		if m>>i&1 == 0 {
			continue
		}
		if n := matchCount9[m&^minirowPeersSmall9[i]]; n > bestIn && n < matchCount9[m] {
			bestIn, best = n, i
		}
	}
	return uint8(9*(best/3) + 3*(best%3))
}

// permutations3 lists the six ways to give each of three rows its own box.
var permutations3 = [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// matchings counts the ways to place a digit once in every row and once in
// every box of a band using only the minirows of m (bit 3*row+box), and
// returns the cells of the minirows that take part in one.
func matchings(m uint32) (n uint8, keep uint32) {
	for _, p := range permutations3 {
		var cells uint32
		ok := true
		for row, box := range p {
			ok = ok && m>>(3*row+box)&1 != 0
			cells |= 7 << (9*row + 3*box)
		}
		if ok {
			n++
			keep |= cells
		}
	}
	return n, keep
}

func allowedInOtherBands(cols uint32) uint32 {
	var claimed uint32
	for box := range 3 {
		if part := cols >> (3 * box) & 7; bits.OnesCount32(part) == 1 {
			claimed |= part << (3 * box)
		}
	}
	return all27 &^ inEveryRow(claimed)
}

// rowsAndBoxes returns the cells of the rows and boxes holding the minirows
// m (bit 3*row+box), with bit 31 set when two minirows share a row or a box.
func rowsAndBoxes(m uint32) uint32 {
	var rows, boxes, taken, clash uint32
	for i := range 9 {
		if m>>i&1 == 0 {
			continue
		}
		row, box := uint32(1)<<(i/3), uint32(1)<<(i%3)
		if rows&row != 0 || boxes&box != 0 {
			clash = 1 << 31
		}
		rows, boxes = rows|row, boxes|box
		taken |= low9<<(9*(i/3)) | box27<<(3*(i%3))
	}
	return taken | clash
}

// minirowHash maps the first cells of a band's minirows (as minirowsOf
// returns them) one to one onto 0-511, with a multiplication: it stands for
// minirowSet where only a table index is wanted, without its three table
// loads on the way to the next (the multiplier was found by a search;
// TestMinirowHashIsOneToOne checks it).
func minirowHash(r uint32) uint32 { return uint32(uint64(r) * minirowMagic >> 55) }

const minirowMagic = 0x9403004000020068

// spreadMinirows returns the first cells of the minirows m (bit
// 3*row+box), the inverse of minirowSet on minirowsOf.
func spreadMinirows(m uint32) uint32 {
	var r uint32
	for i := range uint32(9) {
		r |= m >> i & 1 << (9*(i/3) + 3*(i%3))
	}
	return r
}

// tallyRows returns what a digit whose minirows are m (bit 3*row+box) adds
// to the counts of its band (see tallyHashed9).
func tallyRows(m uint32) uint64 {
	var t uint64
	for i := range 9 {
		if m>>i&1 != 0 {
			t |= 1 << (7 * i)
			if m>>(i/3*3)&7 == 1<<(i%3) {
				t |= 1 << (7*i + 4)
			}
		}
	}
	return t
}
