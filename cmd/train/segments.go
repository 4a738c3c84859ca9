package main

import (
	"image"
	"math/rand/v2"
)

// Digits of displays, drawn here rather than taken from a font: a clock's
// seven segments and a sign's matrix of dots or pixels. Sites and apps
// print digits so, and the catalogue's training families hold none.

// segmentsOf are the segments each digit lights, as a display draws it:
// a top, b top right, c bottom right, d bottom, e bottom left, f top left,
// g middle. Displays differ on three: 6 with or without its top, 7 with
// or without its top left, 9 with or without its bottom (the variant is
// the second string).
var segmentsOf = [10][2]string{
	1: {"bc", "bc"}, 2: {"abged", "abged"}, 3: {"abgcd", "abgcd"}, 4: {"fgbc", "fgbc"},
	5: {"afgcd", "afgcd"}, 6: {"afgedc", "fgedc"}, 7: {"abc", "fabc"}, 8: {"abcdefg", "abcdefg"},
	9: {"abcdfg", "abcfg"},
}

// segmentEnds are each segment's centre line, from (x, y) to (x, y): x 0
// the left stroke's middle, 1 the right's; y 0 the top's, 1 the middle,
// 2 the bottom's.
var segmentEnds = map[byte][4]int{
	'a': {0, 0, 1, 0}, 'g': {0, 1, 1, 1}, 'd': {0, 2, 1, 2},
	'f': {0, 0, 0, 1}, 'e': {0, 1, 0, 2}, 'b': {1, 0, 1, 1}, 'c': {1, 1, 1, 2},
}

// segmentDigits draws the digits 1–9 of one seven-segment display, 64
// pixels tall: its width, stroke, gaps between segments, slant and
// segment ends (bevelled or square) drawn from r.
func segmentDigits(r *rand.Rand) glyphs {
	const h = 64.0
	w := h * (0.42 + 0.2*r.Float64())
	t := h * (0.07 + 0.09*r.Float64())
	gap := 2 * r.Float64()
	slant := 0.15 * r.Float64() * float64(r.IntN(2))
	bevel := r.IntN(3) != 0
	variant := [10]int{}
	for d := range variant {
		variant[d] = r.IntN(2)
	}
	var out glyphs
	for d := 1; d <= 9; d++ {
		var polys [][][2]float64
		for _, s := range segmentsOf[d][variant[d]] {
			polys = append(polys, segment(byte(s), w, h, t, gap, bevel))
		}
		out[d] = crop(fill(polys, w+slant*h+2, h+2, slant, h))
	}
	return out
}

// segment returns segment s of a display w by h, strokes t thick, as a
// polygon: a long hexagon (bevel) or a rectangle, gap short of its
// neighbours at each end.
func segment(s byte, w, h, t, gap float64, bevel bool) [][2]float64 {
	xs, ys := [2]float64{t / 2, w - t/2}, [3]float64{t / 2, h / 2, h - t/2}
	e := segmentEnds[s]
	a, b := [2]float64{xs[e[0]], ys[e[1]]}, [2]float64{xs[e[2]], ys[e[3]]} // the segment's centre line
	horizontal := a[1] == b[1]
	along := func(p [2]float64, u, v float64) [2]float64 { // u along the segment, v across
		if horizontal {
			return [2]float64{p[0] + u, p[1] + v}
		}
		return [2]float64{p[0] + v, p[1] + u}
	}
	tip, half := gap+t/2, t/2
	if !bevel {
		return [][2]float64{along(a, gap, -half), along(b, -gap, -half), along(b, -gap, half), along(a, gap, half)}
	}
	return [][2]float64{along(a, gap, 0), along(a, tip, -half), along(b, -tip, -half), along(b, -gap, 0),
		along(b, -tip, half), along(a, tip, half)}
}

// fill draws convex polygons into a w×h mask, each point's x moved right
// by slant times its height above the bottom (h0), three by three
// samples a pixel.
func fill(polys [][][2]float64, w, h, slant, h0 float64) *image.Alpha {
	out := image.NewAlpha(image.Rect(0, 0, int(w)+1, int(h)+1))
	for y := range out.Rect.Dy() {
		for x := range out.Rect.Dx() {
			n := 0
			for sy := range 3 {
				for sx := range 3 {
					py := float64(y) + (float64(sy)+0.5)/3 - 1
					px := float64(x) + (float64(sx)+0.5)/3 - 1 - slant*(h0-py)
					for _, p := range polys {
						if inside(p, px, py) {
							n++
							break
						}
					}
				}
			}
			out.Pix[y*out.Stride+x] = uint8(n * 255 / 9)
		}
	}
	return out
}

// inside reports whether (x, y) is inside convex polygon p, its points in
// either turning order.
func inside(p [][2]float64, x, y float64) bool {
	sign := 0.0
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		c := (b[0]-a[0])*(y-a[1]) - (b[1]-a[1])*(x-a[0])
		if c*sign < 0 {
			return false
		}
		if c != 0 {
			sign = c
		}
	}
	return true
}

// matrixOf are the digits of a 5×7 dot matrix, row by row.
var matrixOf = [10][7]string{
	1: {"..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."},
	2: {".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"},
	3: {"#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."},
	4: {"...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."},
	5: {"#####", "#....", "####.", "....#", "....#", "#...#", ".###."},
	6: {"..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."},
	7: {"#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."},
	8: {".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."},
	9: {".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."},
}

// matrixDigits draws the digits 1–9 of a dot-matrix display or a pixel
// face, about 64 pixels tall: round dots or square ones (touching, a
// pixel face, when their side is the pitch).
func matrixDigits(r *rand.Rand) glyphs {
	pitch := 64.0 / 7
	round := r.IntN(2) == 0
	size := pitch * (0.6 + 0.4*r.Float64())
	var out glyphs
	for d := 1; d <= 9; d++ {
		var polys [][][2]float64
		for row, line := range matrixOf[d] {
			for col, c := range line {
				if c != '#' {
					continue
				}
				cx, cy := (float64(col)+0.5)*pitch, (float64(row)+0.5)*pitch
				polys = append(polys, dot(cx, cy, size/2, round))
			}
		}
		out[d] = crop(fill(polys, 5*pitch+2, 7*pitch+2, 0, 0))
	}
	return out
}

// dot is a square of half side r at (x, y), or with round an octagon in
// its circle.
func dot(x, y, r float64, round bool) [][2]float64 {
	if !round {
		return [][2]float64{{x - r, y - r}, {x + r, y - r}, {x + r, y + r}, {x - r, y + r}}
	}
	k := r * 0.414
	return [][2]float64{{x - k, y - r}, {x + k, y - r}, {x + r, y - k}, {x + r, y + k},
		{x + k, y + r}, {x - k, y + r}, {x - r, y + k}, {x - r, y - k}}
}
