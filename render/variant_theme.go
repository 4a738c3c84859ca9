package render

import "image/color"

// variantColours are the colours of a variant drawing in one theme; the
// digits, notes, grid lines and paper are the classic theme's.
type variantColours struct {
	paper, thin, thick      color.RGBA
	given, solved, note     color.RGBA
	author                  color.RGBA
	extra, differ, parity   color.RGBA
	thermo, arrow, diagonal color.RGBA
	palindrome, renban      color.RGBA
	whispers, dutch         color.RGBA
	between, clone, extreme color.RGBA
	lockout                 color.RGBA
	ruleLines               map[string]color.RGBA // by the line's rule
	whiteDot, blackDot      color.RGBA            // fills; outlines are given ink
	blackDotEdge            color.RGBA
}

var variantThemes = [...]variantColours{
	Light: {
		extra: rgb(0xd9dadd), differ: rgb(0xfde68a), parity: rgb(0xcfcfcf),
		thermo: rgb(0xcfcfcf), arrow: rgb(0xa1a1a1), diagonal: rgb(0x34bbe6),
		palindrome: rgba(0xb4b4b4, 0.7), renban: rgba(0xf067f0, 0.7), whispers: rgba(0x67f067, 0.75),
		dutch: rgba(0xff9a00, 0.75), between: rgba(0x9aa4c2, 0.8), clone: rgb(0xdbe8f6), extreme: rgb(0x8a8f99),
		lockout: rgba(0x7fae8a, 0.8),
		ruleLines: map[string]color.RGBA{"parityline": rgba(0xf0676e, 0.7), "entropicline": rgba(0xe0b020, 0.75),
			"modularline": rgba(0x3fc1b0, 0.75), "zipperline": rgba(0xb08cf0, 0.75), "regionsumline": rgba(0x3f7fe8, 0.7)},
		whiteDot: rgb(0xffffff), blackDot: rgb(0x1e1f22), blackDotEdge: rgb(0x1e1f22),
	},
	Dark: {
		extra: rgb(0x43464e), differ: rgb(0x6b5a16), parity: rgb(0x4b4e56),
		thermo: rgb(0x5c6068), arrow: rgb(0xa3a7ae), diagonal: rgb(0x3a9cc0),
		palindrome: rgba(0xb4b7bc, 0.45), renban: rgba(0xf067f0, 0.55), whispers: rgba(0x67f067, 0.5),
		dutch: rgba(0xff9a00, 0.5), between: rgba(0x9aa4c2, 0.55), clone: rgb(0x2e3a4a), extreme: rgb(0xa3a7ae),
		lockout: rgba(0x7fae8a, 0.55),
		ruleLines: map[string]color.RGBA{"parityline": rgba(0xf0676e, 0.5), "entropicline": rgba(0xe0b020, 0.55),
			"modularline": rgba(0x3fc1b0, 0.55), "zipperline": rgba(0xb08cf0, 0.55), "regionsumline": rgba(0x3f7fe8, 0.55)},
		whiteDot: rgb(0xf2f3f5), blackDot: rgb(0x111214), blackDotEdge: rgb(0xdbdee1),
	},
}

// variantColoursFor returns a theme's colours, Light for an unknown theme.
func variantColoursFor(t Theme) variantColours {
	if t < 0 || int(t) >= len(variantThemes) {
		t = Light
	}
	c, base := variantThemes[t], themeColours[t]
	c.paper, c.thin, c.thick = base.papers[paperPlain], base.thin, base.thick
	c.given, c.solved, c.note = base.inks[inkGiven], base.inks[inkSolved], base.inks[inkNote]
	c.author = base.inks[inkLabel]
	return c
}
