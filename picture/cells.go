package picture

// cellInk scores, for each cell of a warped board, how much it looks as if
// it holds a digit: the height, as a share of the cell's side, that its
// blots of dark pixels away from the cell's edges span. Grid lines that
// creep in at the edges are not counted, and a speck of dirt is too short
// to pass for a digit. Dark is measured against the cell's own paper, so a
// shadow over part of the board does not fill its cells.
func cellInk(b *Gray) [81]float64 {
	side := b.W / 9
	contrast := boardContrast(b)
	var out [81]float64
	cell := make([]uint8, side*side)
	for i := range out {
		x0, y0 := (i%9)*side, (i/9)*side
		for y := range side {
			copy(cell[y*side:(y+1)*side], b.Pix[(y0+y)*b.W+x0:])
		}
		out[i] = inkHeight(cell, side, contrast)
	}
	return out
}

// boardContrast returns how much darker than the paper, as a share of the
// paper's grey, the board's ink is: its darkest few percent against its
// typical pixel.
func boardContrast(b *Gray) float64 {
	ink, paper := percentile(b.Pix, 3), percentile(b.Pix, 70)
	if paper == 0 {
		return 0
	}
	return max(0.15, 1-float64(ink)/float64(paper))
}

// What inkHeight counts as a digit's ink.
const (
	// A pixel is dark when it is darker than the cell's paper by
	// darkShare of the board's contrast, but at least minDark and at most
	// maxDark of the paper's grey: faint printed digits on a photo with
	// black handwriting still count.
	darkShare, minDark, maxDark = 0.45, 0.10, 0.15
	// edgeBand is the share of the cell's side next to its edges where
	// grid lines are; a blot must reach inside it.
	edgeBand = 0.16
	// blotPix is the share of the cell's pixels a blot needs, so a speck
	// of noise does not stretch a digit's height.
	blotPix = 0.003
)

// inkHeight returns the height, as a share of the cell's side, that the
// blots of dark pixels in a cell (side × side grey pixels) span inside its
// edge band: blots of 8-connected pixels that reach inside the band and
// are not specks. A blurred 7 or 5 falls apart into pieces, so their span
// is measured, not the tallest one's height. contrast is the board's.
func inkHeight(cell []uint8, side int, contrast float64) float64 {
	paper := float64(percentile(cell, 80))
	cut := uint8(paper * (1 - min(maxDark, max(minDark, darkShare*contrast))))
	band := int(edgeBand*float64(side) + 0.5)
	seen := make([]bool, len(cell))
	top, bottom := side, -1
	minPix := int(blotPix * float64(side*side))
	stack := []int{}
	for start, v := range cell {
		if v >= cut || seen[start] {
			continue
		}
		seen[start] = true
		stack = append(stack[:0], start)
		minY, maxY, inside, n := side, -1, false, 0
		for len(stack) > 0 {
			n++
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%side, i/side
			minY, maxY = min(minY, y), max(maxY, y)
			inside = inside || x >= band && x < side-band && y >= band && y < side-band
			for _, j := range neighbours(x, y, side) {
				if j >= 0 && !seen[j] && cell[j] < cut {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		if inside && n >= minPix {
			top, bottom = min(top, max(minY, band)), max(bottom, min(maxY, side-band))
		}
	}
	return float64(max(0, bottom-top+1)) / float64(side)
}

// neighbours returns the indices of the 8 pixels around (x, y) in a square
// of side side, −1 for those outside it.
func neighbours(x, y, side int) [8]int {
	var out [8]int
	k := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if dx == 0 && dy == 0 {
				continue
			}
			nx, ny := x+dx, y+dy
			out[k] = -1
			if nx >= 0 && ny >= 0 && nx < side && ny < side {
				out[k] = ny*side + nx
			}
			k++
		}
	}
	return out
}
