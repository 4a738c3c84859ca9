package render

import (
	"image/color"
	"sync"
)

// Theme picks the colours of an image.
type Theme int

// The themes. Dark matches Discord's dark background, #313338.
const (
	Light Theme = iota
	Dark
)

// ParseTheme returns the theme named "light" or "dark"; ok is false for
// any other name.
func ParseTheme(name string) (t Theme, ok bool) {
	switch name {
	case "light":
		return Light, true
	case "dark":
		return Dark, true
	}
	return Light, false
}

// ink and paper index the colours of a theme: inks draw digits and labels,
// papers fill cells.
type ink int

const (
	inkGiven ink = iota
	inkSolved
	inkWrong
	inkNote
	inkLabel
	inkCount
)

type paper int

const (
	paperPlain paper = iota
	paperWrong
	paperClash
	paperHint
	paperSelect
	paperFocus
	paperCount
)

type colours struct {
	inks   [inkCount]color.RGBA
	papers [paperCount]color.RGBA
	thin   color.RGBA
	thick  color.RGBA
}

var themeColours = [...]colours{
	Light: {
		inks: [inkCount]color.RGBA{
			inkGiven: rgb(0x1e1f22), inkSolved: rgb(0x1f5fc4), inkWrong: rgb(0xc62828),
			inkNote: rgb(0x6b7280), inkLabel: rgb(0x6b7280),
		},
		papers: [paperCount]color.RGBA{
			paperPlain: rgb(0xffffff), paperWrong: rgb(0xfbd5d5), paperClash: rgb(0xffe0a8), paperHint: rgb(0xcdf0d6),
			paperSelect: rgb(0xe7eefc), paperFocus: rgb(0xbcd2f7),
		},
		thin: rgb(0xb5b9c0), thick: rgb(0x1e1f22),
	},
	Dark: {
		inks: [inkCount]color.RGBA{
			inkGiven: rgb(0xf2f3f5), inkSolved: rgb(0x7cb8ff), inkWrong: rgb(0xff8a8a),
			inkNote: rgb(0xa3a7ae), inkLabel: rgb(0x9a9ea6),
		},
		papers: [paperCount]color.RGBA{
			paperPlain: rgb(0x313338), paperWrong: rgb(0x6a2c30), paperClash: rgb(0x6b5322), paperHint: rgb(0x22563a),
			paperSelect: rgb(0x3a3f52), paperFocus: rgb(0x2f4a7a),
		},
		thin: rgb(0x4e5058), thick: rgb(0xdbdee1),
	},
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

// levels is how many steps of coverage a glyph pixel has, 0 (paper) to
// levels-1 (ink); the palette holds every step for every ink on every
// paper: inkCount × paperCount × levels plus the papers and two line
// colours must stay within a PNG palette's 256 (TestPaletteFits).
const levels = 8

// palette is a theme's colour table and where each colour sits in it.
type palette struct {
	colors      color.Palette
	ramp        [inkCount][paperCount][levels]uint8
	paper       [paperCount]uint8
	thin, thick uint8
}

var palettes [len(themeColours)]struct {
	once sync.Once
	p    *palette
}

// paletteFor returns the theme's palette, built on first use.
func paletteFor(t Theme) *palette {
	if t < 0 || int(t) >= len(palettes) {
		t = Light
	}
	e := &palettes[t]
	e.once.Do(func() { e.p = buildPalette(themeColours[t]) })
	return e.p
}

func buildPalette(c colours) *palette {
	p := &palette{}
	add := func(col color.RGBA) uint8 {
		for i, have := range p.colors {
			if have == col {
				return uint8(i)
			}
		}
		p.colors = append(p.colors, col)
		return uint8(len(p.colors) - 1)
	}
	for pa := range paperCount {
		p.paper[pa] = add(c.papers[pa])
	}
	p.thin, p.thick = add(c.thin), add(c.thick)
	for in := range inkCount {
		for pa := range paperCount {
			for l := range levels {
				p.ramp[in][pa][l] = add(blend(c.papers[pa], c.inks[in], l, levels-1))
			}
		}
	}
	return p
}

// blend mixes paper and ink, num/den of the way to ink.
func blend(paper, ink color.RGBA, num, den int) color.RGBA {
	mix := func(a, b uint8) uint8 { return uint8((int(a)*(den-num) + int(b)*num + den/2) / den) }
	return color.RGBA{R: mix(paper.R, ink.R), G: mix(paper.G, ink.G), B: mix(paper.B, ink.B), A: 0xff}
}
