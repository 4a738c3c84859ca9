package picture

import "math"

// inkWidth estimates, in pixels, how thick the strokes of the kept marks
// of a side×side cell are, from its grey levels px (paper at bg, ink at
// dark): twice the ink's mass over the length of its outline, both
// measured in shades rather than whole pixels (the outline's length is
// the sum of the ink's slope, as the coarea formula has it), over the
// kept marks grown by two pixels to take in their soft edges. Pixels on
// or off count fractionally, so a stroke sampled between pixels measures
// about as thick as one sampled on them; strokeWidth, which counts whole
// pixels, can differ by half a pixel between two copies of one glyph.
func inkWidth(px []uint8, keep []bool, side int, bg, dark float64) float64 {
	near := grow(grow(keep, side), side)
	u := func(x, y int) float64 {
		if x < 0 || y < 0 || x >= side || y >= side || !near[y*side+x] {
			return 0
		}
		return min(max((bg-float64(px[y*side+x]))/max(bg-dark, 1), 0), 1)
	}
	mass, outline := 0.0, 0.0
	for y := -1; y < side; y++ {
		for x := -1; x < side; x++ {
			a, b, c, d := u(x, y), u(x+1, y), u(x, y+1), u(x+1, y+1)
			mass += a
			outline += math.Hypot((b-a+d-c)/2, (c-a+d-b)/2)
		}
	}
	return 2 * mass / max(outline, 1e-9)
}

// grow returns mask with every pixel next to a set one set too.
func grow(mask []bool, side int) []bool {
	out := make([]bool, len(mask))
	for k, on := range mask {
		if !on {
			continue
		}
		x, y := k%side, k/side
		out[k] = true
		if x > 0 {
			out[k-1] = true
		}
		if x < side-1 {
			out[k+1] = true
		}
		if y > 0 {
			out[k-side] = true
		}
		if y < side-1 {
			out[k+side] = true
		}
	}
	return out
}

// dilated returns a side×side mask with every pixel next to a set one of
// keep set too (the 3×3 square around each): rows spread along, then
// down, so a fine cut's many pixels cost a few passes, not nine looks
// each.
func dilated(keep []bool, side int) []bool {
	along := make([]bool, len(keep))
	for y := range side {
		row, out := keep[y*side:(y+1)*side], along[y*side:(y+1)*side]
		for x, on := range row {
			if on {
				out[x] = true
				if x > 0 {
					out[x-1] = true
				}
				if x+1 < side {
					out[x+1] = true
				}
			}
		}
	}
	down := make([]bool, len(keep))
	for k, on := range along {
		if on {
			down[k] = true
			if k >= side {
				down[k-side] = true
			}
			if k+side < len(down) {
				down[k+side] = true
			}
		}
	}
	return down
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
