package fontgrid

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
)

// spec is every choice one picture makes.
type spec struct {
	size                int     // the picture's side in pixels
	margin              float64 // paper around the grid
	paper, shade        color.RGBA
	shadeBoxes          bool // alternate boxes tinted, as some sites print them
	lines               string
	thin, thick, border float64 // line widths in pixels
	thinInk, thickInk   color.RGBA
	digit               float64 // digits' height as a share of a cell
	givenInk, entryInk  color.RGBA
	entryFont           bool // entries in the second font, not only in another colour
	fill                float64
	format              string
	quality             int
}

// papers are white and the tints puzzle pages are printed or shown on.
var papers = []uint32{0xffffff, 0xffffff, 0xffffff, 0xfbf7ec, 0xf3f3f3, 0xeef4fb, 0xfffbe6}

// entryInks are the colours apps and people fill cells in.
var entryInks = []uint32{0x1f4fbf, 0x3a6ea5, 0x666666, 0x0b7a3e, 0x5b3fa0}

// pick makes a picture's choices; withFont says a second font is given.
func pick(r *rand.Rand, withFont bool) spec {
	s := spec{size: 400 + r.IntN(1001), paper: rgb(papers[r.IntN(len(papers))])}
	u := float64(s.size) / 450
	s.margin = math.Round(float64(s.size) * (0.02 + 0.08*r.Float64()))
	ink := rgb([]uint32{0x000000, 0x000000, 0x222222, 0x1a2a4a, 0x333333}[r.IntN(5)])
	s.thinInk, s.thickInk = ink, ink
	s.shade = blend(s.paper, rgb(0xc8d4e4), 0.5)
	switch s.lines = []string{"classic", "classic", "grey thin lines", "uniform", "heavy", "shaded boxes"}[r.IntN(6)]; s.lines {
	case "classic":
		s.thin, s.thick = u*(0.6+0.6*r.Float64()), u*(2+1.5*r.Float64())
	case "grey thin lines":
		s.thin, s.thick = u*(0.6+0.8*r.Float64()), u*(1.8+1.2*r.Float64())
		s.thinInk = blend(ink, s.paper, 0.4+0.3*r.Float64())
	case "uniform":
		s.thin = u * (0.8 + 0.6*r.Float64())
		s.thick = s.thin * 1.8
	case "heavy":
		s.thin, s.thick = u*(1.5+r.Float64()), u*(4+2*r.Float64())
	case "shaded boxes":
		s.thin = u * (0.6 + 0.6*r.Float64())
		s.thick, s.shadeBoxes = s.thin, true
	}
	s.thin, s.thick = max(1, s.thin), max(1, s.thick)
	s.border = s.thick * (1 + 0.5*r.Float64())
	s.digit = 0.45 + 0.25*r.Float64()
	s.givenInk = ink
	if r.IntN(3) == 0 {
		s.fill = 0.2 + 0.6*r.Float64()
		s.entryInk = rgb(entryInks[r.IntN(len(entryInks))])
		if withFont && r.IntN(2) == 0 {
			s.entryFont = true
			if r.IntN(3) == 0 {
				s.entryInk = ink // the other font alone tells them apart
			}
		}
	}
	s.format, s.quality = "png", 0
	if r.IntN(2) == 0 {
		s.format, s.quality = "jpeg", 70+r.IntN(26)
	}
	return s
}

// describe sums the choices up, e.g.
// "812px classic paper#ffffff digits 0.62 entries 35% font jpeg85".
func (s spec) describe() string {
	d := fmt.Sprintf("%dpx %s paper#%02x%02x%02x digits %.2f", s.size, s.lines, s.paper.R, s.paper.G, s.paper.B, s.digit)
	if s.fill > 0 {
		how := "colour"
		if s.entryFont {
			how = "font"
		}
		d += fmt.Sprintf(" entries %.0f%% %s", 100*s.fill, how)
	}
	if s.format == "jpeg" {
		return d + fmt.Sprintf(" jpeg%d", s.quality)
	}
	return d + " png"
}

// blend mixes a towards b by t (0: a, 1: b).
func blend(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-t) + float64(y)*t)) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 255}
}
