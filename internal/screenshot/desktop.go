package screenshot

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
)

// browser colours: tab strip and toolbar, in a light and a dark version,
// independent of the page's own theme as in a real browser.
type browserInk struct {
	strip, tab, field, text, subtle color.RGBA
}

var browsers = []browserInk{
	{rgb(0xdee1e6), rgb(0xffffff), rgb(0xf1f3f4), rgb(0x202124), rgb(0x5f6368)},
	{rgb(0x202124), rgb(0x35363a), rgb(0x282828), rgb(0xe8eaed), rgb(0x9aa0a6)},
	{rgb(0xf0f0f4), rgb(0xf9f9fb), rgb(0xffffff), rgb(0x15141a), rgb(0x5b5b66)},
}

var sites = []struct{ name, url, tab string }{
	{"SudokuDaily", "sudokudaily.example/puzzle/today", "Daily Sudoku - Play Online"},
	{"Puzzle Corner", "www.puzzlecorner.example/sudoku/hard", "Hard Sudoku | Puzzle Corner"},
	{"sudoku.play", "sudoku.play.example/expert", "Expert Sudoku - Free Online"},
	{"Brain Games", "braingames.example/games/sudoku?level=medium", "Sudoku (Medium) - Brain Games"},
}

// desktop lays out a browser window showing a Sudoku site: tabs, address
// bar, the site's header, the grid, a panel of controls beside it and
// page text.
func (sc *scene) desktop() {
	sc.u = 1
	w, h := float64(sc.screen.w), float64(sc.screen.h)
	site := sites[sc.r.IntN(len(sites))]
	top := sc.browser(site.url, site.tab)
	top = sc.siteHeader(top, site.name)
	avail := h - top - 32
	size := math.Floor(min(avail, h*(0.5+0.3*sc.r.Float64())))
	side := math.Min(360, w*0.2)
	gx := math.Round(max(40, (w-size-side-48)/2-w*0.15*sc.r.Float64()))
	gy := math.Round(top + 16 + max(avail-size-16, 0)*sc.r.Float64()*0.5)
	sc.drawGrid(sc.r, sc.c, sc.f, int(gx), int(gy), int(size))
	px := gx + size + 48
	y := sc.panel(px, gy, px+side)
	if rest := w - (px + side) - 48; rest > 240 {
		if sc.r.IntN(3) == 0 {
			sc.adBox(px+side+48, gy, w-48)
		} else {
			sc.pageText(px+side+48, gy, w-48, gy+size)
		}
	} else {
		sc.pageText(px, y+24, px+side, h-16)
	}
}

// browser draws the tab strip and the toolbar with the address, and
// returns where the page begins.
func (sc *scene) browser(url, title string) float64 {
	b := browsers[sc.r.IntN(len(browsers))]
	w := float64(sc.screen.w)
	sc.c.rect(image.Rect(0, 0, sc.screen.w, 40), b.strip)
	x := 8.0
	for k := range 2 + sc.r.IntN(3) {
		tw := math.Min(240, (w-200)/5)
		ink, name := b.subtle, []string{"Inbox (3)", "News", "Recipes - Pasta", "Weather"}[k%4]
		if k == 0 {
			sc.c.roundRect(x, 6, x+tw, 48, 8, b.tab)
			ink, name = b.text, title
		}
		sc.c.roundRect(x+12, 15, x+28, 31, 3, sc.theme.accent)
		sc.label(clip(name, 22), x+36, 23, 7.5, uiRegular, ink, left)
		iconClose(sc.c, x+tw-18, 23, 10, ink)
		x += tw + 4
	}
	for k, ic := range []func(float64){
		func(cx float64) { sc.c.line(cx-6, 20, cx+6, 20, 1.2, b.text) },
		func(cx float64) { sc.c.roundRectLine(cx-6, 14, cx+6, 26, 1, 1.2, b.text) },
		func(cx float64) { iconClose(sc.c, cx, 20, 14, b.text) },
	} {
		ic(w - 115 + float64(k)*46)
	}
	sc.c.rect(image.Rect(0, 40, sc.screen.w, 88), b.tab)
	iconBack(sc.c, 24, 64, 20, b.subtle)
	iconReload(sc.c, 60, 64, 20, b.subtle)
	sc.c.roundRect(88, 50, w-120, 78, 14, b.field)
	sc.c.roundRect(104, 60, 114, 69, 2, b.subtle)
	sc.c.ring(109, 60, 3.5, 1.5, math.Pi, 2*math.Pi, b.subtle)
	sc.label(url, 126, 64, 7.5, uiRegular, b.text, left)
	sc.c.circle(w-92, 64, 9, b.subtle)
	sc.c.circle(w-32, 64, 13, sc.theme.entries[sc.r.IntN(4)])
	iconMenu(sc.c, w-62, 64, 16, b.subtle)
	return 88
}

// clip shortens s to n characters with an ellipsis, as tab titles are.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}

// siteHeader draws the site's name and navigation links.
func (sc *scene) siteHeader(top float64, name string) float64 {
	w := float64(sc.screen.w)
	h := 64.0
	sc.c.rect(image.Rect(0, int(top), sc.screen.w, int(top+h)), sc.theme.bar)
	sc.label(name, 40, top+h/2, 16, uiBold, sc.theme.accent, left)
	x := w - 40
	for _, s := range []string{"Sign in", "Rules", "Leaderboard", "Daily", "Play"} {
		x -= sc.label(s, x, top+h/2, 9, uiMedium, sc.theme.text, right) + 28
	}
	return top + h
}

// panel draws the controls beside the grid: level and timer, number pad,
// tools and a new-game button. It returns the bottom of what it drew.
func (sc *scene) panel(x0, top, x1 float64) float64 {
	ink, subtle := sc.theme.text, sc.theme.subtle
	y := top + 12
	sc.label(levels[sc.r.IntN(len(levels))], x0, y, 9, uiMedium, subtle, left)
	sc.label(fmt.Sprintf("Mistakes: %d/3", len(sc.board.wrong)), (x0+x1)/2, y, 9, uiRegular, subtle, centre)
	sc.label(fmt.Sprintf("%02d:%02d", sc.r.IntN(60), sc.r.IntN(60)), x1, y, 11, uiMedium, ink, right)
	y += 32
	step := (x1 - x0) / 3
	face := []*typeface{uiRegular, uiMedium, uiBold}[sc.r.IntN(3)]
	for d := range 9 {
		bx, by := x0+float64(d%3)*step, y+float64(d/3)*step
		sc.c.roundRect(bx+4, by+4, bx+step-4, by+step-4, 8, sc.theme.button)
		sc.label(fmt.Sprint(d+1), bx+step/2, by+step/2, step*0.35, face, sc.theme.accent, centre)
	}
	y += 3*step + 16
	for k, t := range tools {
		cx := x0 + (x1-x0)*(float64(k)+0.5)/4
		t.draw(sc.c, cx, y+14, 24, subtle)
		sc.label(t.name, cx, y+40, 7, uiRegular, subtle, centre)
	}
	y += 64
	sc.c.roundRect(x0+4, y, x1-4, y+48, 8, sc.theme.accent)
	sc.label("New Game", (x0+x1)/2, y+24, 10, uiBold, sc.theme.bg, centre)
	return y + 48
}

// adBox draws a display ad, 300×250 or 160×600, centred in a column.
func (sc *scene) adBox(x0, top, x1 float64) {
	aw, ah := 300.0, 250.0
	if sc.r.IntN(2) == 0 {
		aw, ah = 160, 600
	}
	ax := math.Round((x0 + x1 - aw) / 2)
	sc.label("Advertisement", ax, top+6, 6, uiRegular, sc.theme.subtle, left)
	top += 16
	sc.c.rect(image.Rect(int(ax), int(top), int(ax+aw), int(top+ah)), sc.theme.entries[sc.r.IntN(4)])
	sc.c.circle(ax+aw/2, top+ah*0.35, aw*0.2, sc.theme.paper)
	sc.label(strings.Join(strings.Fields(ads[sc.r.IntN(len(ads))])[:2], " "), ax+aw/2, top+ah*0.7, 10, uiBold, sc.theme.paper, centre)
	sc.c.roundRect(ax+aw*0.2, top+ah*0.8, ax+aw*0.8, top+ah*0.8+32, 16, sc.theme.paper)
	sc.label("Play now", ax+aw/2, top+ah*0.8+16, 7, uiBold, sc.theme.text, centre)
}

var prose = []string{
	"How to play Sudoku",
	"Fill the grid so that every row, every column and every 3x3 box holds the digits 1 to 9 exactly once. " +
		"The digits already printed are the clues and cannot be changed. Use notes to keep track of the " +
		"candidates for a cell, and the undo button if you change your mind.",
	"Tips",
	"Start with the rows, columns and boxes that are nearly full. Look for a digit that can go in only one " +
		"place in a box. When two cells in a row can only hold the same two digits, those digits can go " +
		"nowhere else in that row. Today's puzzle #4821 was solved by 12,345 players; the average time was 14 minutes.",
}

// pageText fills a column with headings and wrapped paragraphs, as the
// page around an online puzzle has.
func (sc *scene) pageText(x0, top, x1, bottom float64) {
	y := top + 10
	for k, p := range prose {
		if k%2 == 0 {
			sc.label(p, x0, y, 11, uiBold, sc.theme.text, left)
			y += 32
			continue
		}
		for _, line := range wrap(p, x1-x0, sc.f.get(uiRegular, 7.5)) {
			if y > bottom-10 {
				return
			}
			sc.label(line, x0, y, 7.5, uiRegular, sc.theme.subtle, left)
			y += 20
		}
		y += 16
	}
}

// wrap breaks s into lines no wider than w.
func wrap(s string, w float64, face sized) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		next := strings.TrimSpace(line + " " + word)
		if line != "" && width(next, face) > w {
			lines = append(lines, line)
			next = word
		}
		line = next
	}
	return append(lines, line)
}
