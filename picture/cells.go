package picture

// cellInk measures, for each cell of a warped board, the share of dark
// pixels in the middle half of the cell, where a digit is and the grid's
// lines are not. Dark is below the board's Otsu threshold.
func cellInk(b *Gray) [81]float64 {
	cut := otsu(b.Pix)
	var out [81]float64
	side := b.W / 9
	lo, hi := side/4, side-side/4
	for i := range out {
		x0, y0 := (i%9)*side, (i/9)*side
		dark := 0
		for y := y0 + lo; y < y0+hi; y++ {
			for x := x0 + lo; x < x0+hi; x++ {
				if b.at(x, y) < cut {
					dark++
				}
			}
		}
		out[i] = float64(dark) / float64((hi-lo)*(hi-lo))
	}
	return out
}

// otsu returns the grey level that best splits pixels into two classes
// (Otsu's method: the greatest variance between them).
func otsu(pix []uint8) uint8 {
	var hist [256]int
	for _, v := range pix {
		hist[v]++
	}
	total, sum := len(pix), 0
	for v, n := range hist {
		sum += v * n
	}
	best, cut := -1.0, uint8(128)
	below, sumBelow := 0, 0
	for v := range 256 {
		below += hist[v]
		sumBelow += v * hist[v]
		above := total - below
		if below == 0 || above == 0 {
			continue
		}
		m0, m1 := float64(sumBelow)/float64(below), float64(sum-sumBelow)/float64(above)
		if between := float64(below) * float64(above) * (m0 - m1) * (m0 - m1); between > best {
			best, cut = between, uint8(v+1)
		}
	}
	return cut
}
