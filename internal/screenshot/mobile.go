package screenshot

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
)

// scene draws one screenshot: the grid and the app or page around it.
type scene struct {
	*spec
	r *rand.Rand
	c *canvas
	f *faces
	u float64 // one density-independent pixel, in pixels
}

// draw draws the whole screenshot.
func (s *spec) draw(r *rand.Rand) *image.RGBA {
	sc := &scene{spec: s, r: r, c: newCanvas(s.screen.w, s.screen.h, s.theme.bg), f: &faces{}}
	switch s.screen.kind {
	case "phone", "tablet":
		sc.mobile()
	case "desktop":
		sc.desktop()
	default:
		sc.crop()
	}
	return sc.c.img
}

// crop is a screenshot cut down to the grid, with a little of the app's
// background left around it.
func (sc *scene) crop() {
	w := sc.screen.w
	pad := sc.r.IntN(w / 24)
	sc.drawGrid(sc.r, sc.c, sc.f, pad, pad, w-2*pad)
}

// Alignments for label.
const (
	left = iota
	centre
	right
)

// label draws UI text px tall (digit height) with its middle at y.
func (sc *scene) label(s string, x, y, px float64, t *typeface, col color.RGBA, align int) float64 {
	face := sc.f.get(t, px)
	w := width(s, face)
	x -= w * float64(align) / 2
	sc.c.text(s, x, y+face.px/2, face, col)
	return w
}

// mobile lays out a phone or tablet app: status bar, title bar, a line of
// game facts, the grid, tools and number buttons, and sometimes an ad.
func (sc *scene) mobile() {
	w, h := float64(sc.screen.w), float64(sc.screen.h)
	sc.u = w / 360
	if sc.screen.kind == "tablet" {
		sc.u = w / 810
	}
	u := sc.u
	y := sc.statusBar()
	y = sc.titleBar(y)
	y = sc.facts(y, u*14, w-u*14)
	size := w - 2*math.Round(u*(2+12*sc.r.Float64()))
	if sc.screen.kind == "tablet" {
		size = math.Round(w * (0.7 + 0.15*sc.r.Float64()))
	}
	gx, gy := math.Round((w-size)/2), math.Round(y+u*(4+8*sc.r.Float64()))
	sc.drawGrid(sc.r, sc.c, sc.f, int(gx), int(gy), int(size))
	bottom := sc.navBar(h)
	if sc.r.IntN(2) == 0 {
		bottom = sc.adBanner(bottom)
	}
	sc.controls(gx, gy+size, gx+size, bottom)
}

// statusBar draws the time and the phone's status icons.
func (sc *scene) statusBar() float64 {
	u, w := sc.u, float64(sc.screen.w)
	h := u * (24 + 6*float64(sc.r.IntN(2)))
	bar := sc.theme.bg
	if sc.r.IntN(2) == 0 {
		bar = sc.theme.bar
	}
	sc.c.rect(image.Rect(0, 0, sc.screen.w, int(h)), bar)
	ink := sc.theme.text
	sc.label(fmt.Sprintf("%d:%02d", 1+sc.r.IntN(12), sc.r.IntN(60)), u*18, h/2, u*8.5, uiMedium, ink, left)
	x := w - u*14
	x = battery(sc.c, x, h/2, u*12, 0.15+0.85*sc.r.Float64(), ink)
	if sc.r.IntN(2) == 0 {
		x -= sc.label(fmt.Sprintf("%d%%", 10+sc.r.IntN(91)), x, h/2, u*7, uiRegular, ink, right) + u*4
	}
	x = wifi(sc.c, x, h/2, u*12, ink)
	signal(sc.c, x, h/2, u*12, ink)
	if sc.screen.kind == "phone" && sc.r.IntN(2) == 0 {
		sc.c.circle(w/2, h/2, u*5, color.RGBA{8, 8, 8, 255}) // the camera's hole
	}
	return h
}

var titles = []string{"Sudoku", "Classic Sudoku", "Daily Challenge", "Sudoku Master", "Easy Sudoku",
	"Sudoku - Brain Puzzle", "Sudoku Classic", "Tournament"}

var levels = []string{"Easy", "Medium", "Hard", "Expert", "Master", "Extreme", "Beginner", "Evil"}

// titleBar draws the app's title between a back or menu button and a
// couple of action icons.
func (sc *scene) titleBar(top float64) float64 {
	u, w := sc.u, float64(sc.screen.w)
	h := u * (48 + 8*float64(sc.r.IntN(2)))
	cy := top + h/2
	ink := sc.theme.text
	lead := []icon{iconBack, iconMenu}[sc.r.IntN(2)]
	lead(sc.c, u*28, cy, u*22, ink)
	title := titles[sc.r.IntN(len(titles))]
	acts := sc.actions(2 + sc.r.IntN(2))
	for k, ic := range acts {
		ic(sc.c, w-u*(28+float64(k)*40), cy, u*22, ink)
	}
	// A centred title must clear the icons on both sides, as apps make
	// sure of; a long one goes beside the back button instead.
	iconsLeft := w - u*(48+40*float64(len(acts)-1))
	half := width(title, sc.f.get(uiBold, u*11)) / 2
	if sc.r.IntN(2) == 0 && w/2+half < iconsLeft-u*8 {
		sc.label(title, w/2, cy, u*11, uiBold, ink, centre)
	} else {
		sc.label(title, u*52, cy, u*11, uiMedium, ink, left)
	}
	return top + h
}

// actions picks n distinct icons for a bar.
func (sc *scene) actions(n int) []icon {
	all := []icon{iconPause, iconGear, iconPalette, iconStar}
	sc.r.Shuffle(len(all), func(a, b int) { all[a], all[b] = all[b], all[a] })
	return all[:min(n, len(all))]
}

// facts draws a line of game facts above the grid: level, mistakes,
// score and timer, in an order and wording that varies between apps.
func (sc *scene) facts(top, x0, x1 float64) float64 {
	u := sc.u
	h := u * (30 + 10*sc.r.Float64())
	cy := top + h/2
	items := []string{
		levels[sc.r.IntN(len(levels))],
		[]string{"Mistakes: %d/3", "Errors %d", "Mistakes %d/5"}[sc.r.IntN(3)],
		fmt.Sprintf("%02d:%02d", sc.r.IntN(60), sc.r.IntN(60)),
	}
	items[1] = fmt.Sprintf(items[1], len(sc.board.wrong))
	if sc.r.IntN(2) == 0 {
		items = append(items[:2], fmt.Sprintf("Score %d", 100*sc.r.IntN(60)), items[2])
	}
	for k, s := range items {
		at := x0 + (x1-x0)*float64(k)/float64(len(items)-1)
		align := centre
		switch k {
		case 0:
			align = left
		case len(items) - 1:
			align = right
		}
		sc.label(s, at, cy, u*8, uiRegular, sc.theme.subtle, align)
	}
	return top + h
}

// navBar draws the phone's navigation: Android's three buttons or the
// iPhone's home indicator. It returns the top of what it drew.
func (sc *scene) navBar(h float64) float64 {
	u, w := sc.u, float64(sc.screen.w)
	ink := sc.theme.subtle
	if sc.r.IntN(2) == 0 {
		top := h - u*24
		sc.c.roundRect(w/2-u*67, top+u*12, w/2+u*67, top+u*16, u*2, ink)
		return top
	}
	top := h - u*44
	sc.c.rect(image.Rect(0, int(top), sc.screen.w, sc.screen.h), sc.theme.bar)
	cy := top + u*22
	sc.c.polygon(ink, [2]float64{w*0.25 + u*7, cy - u*8}, [2]float64{w*0.25 + u*7, cy + u*8}, [2]float64{w*0.25 - u*7, cy})
	sc.c.ring(w/2, cy, u*8, u*2, 0, 0, ink)
	sc.c.roundRectLine(w*0.75-u*7, cy-u*7, w*0.75+u*7, cy+u*7, u*2, u*2, ink)
	return top
}

var ads = []string{"Play Word Crush - Install now", "Solitaire Classic: FREE", "Block Puzzle Jam", "Try Premium: no ads!"}

// adBanner draws a 320×50 banner ad above bottom.
func (sc *scene) adBanner(bottom float64) float64 {
	u, w := sc.u, float64(sc.screen.w)
	top := bottom - u*56
	x0, x1 := w/2-u*160, w/2+u*160
	sc.c.rect(image.Rect(int(x0), int(top), int(x1), int(top+u*50)), sc.theme.button)
	sc.c.roundRect(x0+u*6, top+u*7, x0+u*42, top+u*43, u*8, sc.theme.entries[sc.r.IntN(4)])
	sc.label(ads[sc.r.IntN(len(ads))], x0+u*50, top+u*18, u*8, uiBold, sc.theme.text, left)
	sc.label("Sponsored", x0+u*50, top+u*35, u*6, uiRegular, sc.theme.subtle, left)
	sc.c.roundRect(x1-u*70, top+u*13, x1-u*8, top+u*37, u*12, sc.theme.accent)
	sc.label("OPEN", x1-u*39, top+u*25, u*7, uiBold, sc.theme.bg, centre)
	return top
}

// controls draws the tool row and the number buttons between the grid
// and bottom, in the order the app uses, spread over the space.
func (sc *scene) controls(x0, top, x1, bottom float64) {
	u := sc.u
	toolH, padH := u*62, u*(52+16*sc.r.Float64())
	space := max((bottom-top-toolH-padH)/3, u*6)
	y := top + space
	if sc.r.IntN(3) == 0 {
		sc.numberRow(x0, y, x1, padH)
		sc.toolRow(x0, y+padH+space, x1, toolH)
		return
	}
	sc.toolRow(x0, y, x1, toolH)
	sc.numberRow(x0, y+toolH+space, x1, padH)
}

var tools = []struct {
	name string
	draw icon
}{{"Undo", iconUndo}, {"Erase", iconErase}, {"Notes", iconPencil}, {"Hint", iconHint}}

// toolRow draws the undo, erase, notes and hint buttons with their names.
func (sc *scene) toolRow(x0, top, x1, h float64) {
	u := sc.u
	ink := sc.theme.subtle
	names := sc.r.IntN(4) > 0
	for k, t := range tools {
		cx := x0 + (x1-x0)*(float64(k)+0.5)/float64(len(tools))
		cy := top + h*0.35
		if !names {
			cy = top + h/2
		}
		t.draw(sc.c, cx, cy, u*26, ink)
		if names {
			sc.label(t.name, cx, top+h*0.82, u*7.5, uiRegular, ink, centre)
		}
		if t.name == "Notes" && sc.r.IntN(2) == 0 {
			sc.c.roundRect(cx+u*8, cy-u*18, cx+u*30, cy-u*6, u*6, sc.theme.subtle)
			sc.label([]string{"OFF", "ON"}[sc.r.IntN(2)], cx+u*19, cy-u*12, u*5, uiBold, sc.theme.bg, centre)
		}
	}
}

// numberRow draws the digit buttons 1 to 9: large bare digits, or
// digits on rounded buttons, sometimes with how many are left of each.
func (sc *scene) numberRow(x0, top, x1, h float64) {
	u := sc.u
	step := (x1 - x0) / 9
	boxed, counts := sc.r.IntN(2) == 0, sc.r.IntN(3) == 0
	face := []*typeface{uiRegular, uiMedium, uiBold}[sc.r.IntN(3)]
	ink := sc.theme.accent
	for d := 1; d <= 9; d++ {
		cx := x0 + step*(float64(d)-0.5)
		if boxed {
			sc.c.roundRect(cx-step*0.44, top, cx+step*0.44, top+h, u*6, sc.theme.button)
		}
		cy := top + h*0.45
		if !counts {
			cy = top + h/2
		}
		sc.label(fmt.Sprint(d), cx, cy, h*0.4, face, ink, centre)
		if counts {
			sc.label(fmt.Sprint(sc.left(d)), cx, top+h*0.85, h*0.13, uiRegular, sc.theme.subtle, centre)
		}
	}
}

// left counts how many of digit d are still to be placed.
func (sc *scene) left(d int) int {
	n := 9
	for i := range 81 {
		if sc.board.digit(i) == byte('0'+d) {
			n--
		}
	}
	return max(n, 0)
}
