package picture

import "slices"

// The small numeric helpers the reading shares, each written once: the
// percentiles of grey levels and of measures, and float comparison.

// percentile returns the grey level below which p percent of pix lie.
func percentile(pix []uint8, p int) uint8 {
	hist := histogram(pix)
	return atPercent(&hist, len(pix), p)
}

// percentiles returns the grey levels below which each of ps percent of
// pix lie, counting pix once.
func percentiles(pix []uint8, ps ...int) []uint8 {
	hist := histogram(pix)
	out := make([]uint8, len(ps))
	for k, p := range ps {
		out[k] = atPercent(&hist, len(pix), p)
	}
	return out
}

// histogram counts the pixels of each grey level.
func histogram(pix []uint8) [256]int {
	var hist [256]int
	for _, v := range pix {
		hist[v]++
	}
	return hist
}

// atPercent returns the grey level below which p percent of the n pixels
// counted in hist lie.
func atPercent(hist *[256]int, n, p int) uint8 {
	want, seen := n*p/100, 0
	for v, c := range hist {
		if seen += c; seen > want {
			return uint8(v)
		}
	}
	return 255
}

// ranked returns the value p percent of the way up sorted, which must be
// sorted and not empty: sorted[len(sorted)*p/100].
func ranked(sorted []float64, p int) float64 {
	return sorted[len(sorted)*p/100]
}

// median returns the middle of v (v is reordered); 0 for none.
func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	slices.Sort(v)
	return ranked(v, 50)
}

// cmpFloat compares a and b as cmp.Compare does for numbers: -1, 0 or +1.
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// abs returns the size of x.
func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// intsToFloats returns vs as float64s.
func intsToFloats(vs []int) []float64 {
	out := make([]float64, len(vs))
	for k, v := range vs {
		out[k] = float64(v)
	}
	return out
}
