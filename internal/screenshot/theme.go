package screenshot

import (
	"image/color"
	"math/rand/v2"
)

// theme is an app's colour scheme, modelled on what popular Sudoku apps
// and sites use so a reader meets the same contrasts it will meet in use.
type theme struct {
	name               string
	bg, paper, bar     color.RGBA // screen, grid cells, app and browser bars
	text, subtle       color.RGBA // chrome text
	accent, button     color.RGBA // buttons' ink and fill
	thick, thin        color.RGBA // grid lines
	given, wrong, mark color.RGBA // digits
	entries            [4]color.RGBA
	selected, related  color.RGBA // cell fills
	same               color.RGBA
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}

var entryNames = [4]string{"blue", "teal", "purple", "orange"}

var themes = []theme{
	{
		name: "light", bg: rgb(0xffffff), paper: rgb(0xffffff), bar: rgb(0xf7f8fa),
		text: rgb(0x344861), subtle: rgb(0x7b8794), accent: rgb(0x325aaf), button: rgb(0xeaeef4),
		thick: rgb(0x344861), thin: rgb(0xbec6d4),
		given: rgb(0x344861), wrong: rgb(0xe55c6c), mark: rgb(0x6e7c8c),
		entries:  [4]color.RGBA{rgb(0x325aaf), rgb(0x00897b), rgb(0x7b1fa2), rgb(0xe65100)},
		selected: rgb(0xbbdefb), related: rgb(0xe2ebf3), same: rgb(0xc3d7ea),
	},
	{
		name: "dark", bg: rgb(0x121212), paper: rgb(0x1e1e1e), bar: rgb(0x1c1c1e),
		text: rgb(0xe6e6e6), subtle: rgb(0x9aa0a6), accent: rgb(0x8ab4f8), button: rgb(0x2c2c30),
		thick: rgb(0xa8a8a8), thin: rgb(0x3c3c3c),
		given: rgb(0xe8e8e8), wrong: rgb(0xff6b6b), mark: rgb(0x9aa0a6),
		entries:  [4]color.RGBA{rgb(0x64b5f6), rgb(0x4db6ac), rgb(0xb39ddb), rgb(0xffb74d)},
		selected: rgb(0x35506e), related: rgb(0x262b33), same: rgb(0x2e4057),
	},
	{
		name: "sepia", bg: rgb(0xf4ecd8), paper: rgb(0xfbf5e6), bar: rgb(0xeadfc4),
		text: rgb(0x3b2f22), subtle: rgb(0x7a6a55), accent: rgb(0x8b5a2b), button: rgb(0xefe4cb),
		thick: rgb(0x5b4636), thin: rgb(0xcdbe9f),
		given: rgb(0x3b2f22), wrong: rgb(0xc62828), mark: rgb(0x7a6a55),
		entries:  [4]color.RGBA{rgb(0x2f5d8a), rgb(0x2e7d6b), rgb(0x6a3d7c), rgb(0xc0612b)},
		selected: rgb(0xe8d5a8), related: rgb(0xf1e6cc), same: rgb(0xe4d2a6),
	},
	{
		name: "contrast", bg: rgb(0x000000), paper: rgb(0x000000), bar: rgb(0x000000),
		text: rgb(0xffffff), subtle: rgb(0xd0d0d0), accent: rgb(0xffd400), button: rgb(0x1a1a1a),
		thick: rgb(0xffffff), thin: rgb(0xb0b0b0),
		given: rgb(0xffffff), wrong: rgb(0xff4040), mark: rgb(0xd0d0d0),
		entries:  [4]color.RGBA{rgb(0x6ec6ff), rgb(0x00ffd0), rgb(0xe0a0ff), rgb(0xffb000)},
		selected: rgb(0x1a3d8f), related: rgb(0x202020), same: rgb(0x3a3a00),
	},
}

// pickTheme returns a theme with small shifts in its colours, since no two
// apps share exact shades.
func pickTheme(r *rand.Rand) theme {
	t := themes[r.IntN(len(themes))]
	shift := func(c color.RGBA, by int) color.RGBA {
		d := r.IntN(2*by+1) - by
		return color.RGBA{clamp8(int(c.R) + d), clamp8(int(c.G) + d), clamp8(int(c.B) + d), 255}
	}
	t.bg = shift(t.bg, 6)
	t.thin = shift(t.thin, 12)
	t.thick = shift(t.thick, 10)
	t.given = shift(t.given, 10)
	return t
}

func clamp8(v int) uint8 { return uint8(min(max(v, 0), 255)) }
