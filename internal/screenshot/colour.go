package screenshot

import (
	"image/color"
	"math/rand/v2"
)

// MakeColoured is Make with some cells coloured in by the player, as the
// apps setters and solvers use let them (a palette of greys and pale
// colours laid over the cell, behind its digit): the same picture as
// Make's for seed in every other choice, so a reading of the two can be
// compared. Entries on a grey cell can be as light or dark as the grey
// and stand out from it by colour alone.
func MakeColoured(seed int64, givens, solution string) Shot {
	if len(givens) != 81 || len(solution) != 81 {
		panic("screenshot: givens and solution must be 81 characters")
	}
	r := newRand(seed)
	s := pick(r, givens, solution, typefaces)
	s.colourCells(rand.New(rand.NewPCG(uint64(seed), 0xc0105ed)))
	img := s.draw(r)
	return s.shot(img)
}

// palette is the colours a player paints cells with: greys first, as
// apps offer them, then pale hues.
var palette = []color.RGBA{
	rgb(0xd6d6d6), rgb(0xa6a6a6), rgb(0x666666),
	rgb(0xffa0a0), rgb(0xffdd80), rgb(0xb0e8a0), rgb(0xa0d8ff), rgb(0xd0b0ff), rgb(0xffc080),
}

// colourCells paints between a tenth and a half of the cells, most of
// them in one or two colours (a player colours a chain or a region), a
// grey in half the pictures; the colour is laid over the cell at 40–70%
// so a dark theme's cells stay dark.
func (s *spec) colourCells(r *rand.Rand) {
	s.coloured = map[int]color.RGBA{}
	var picked []color.RGBA
	if r.IntN(2) == 0 {
		picked = append(picked, palette[r.IntN(3)])
	}
	for len(picked) < 1+r.IntN(3) {
		picked = append(picked, palette[r.IntN(len(palette))])
	}
	s.colourAlpha = 0.4 + 0.3*r.Float64()
	for range 8 + r.IntN(33) {
		s.coloured[r.IntN(81)] = picked[r.IntN(len(picked))]
	}
}

// painted is cell i's colour under its digit: plain, or the player's
// colour laid over it.
func (g *gridDraw) painted(i int, plain color.RGBA) color.RGBA {
	if c, ok := g.coloured[i]; ok {
		return blendRGB(plain, c, g.colourAlpha)
	}
	return plain
}
