package screenshot

import (
	"image/color"
	"math"
)

// Toolbar and status bar icons, drawn as simple shapes inside an s×s box
// centred on cx, cy. They only need to look like icons: they are clutter
// a reader has to ignore.

type icon func(c *canvas, cx, cy, s float64, col color.RGBA)

func iconUndo(c *canvas, cx, cy, s float64, col color.RGBA) {
	w := s * 0.1
	c.ring(cx, cy+s*0.05, s*0.32, w, -math.Pi*0.95, math.Pi*0.35, col)
	x, y := cx-s*0.32, cy+s*0.05
	c.polygon(col, [2]float64{x - s*0.18, y - s*0.02}, [2]float64{x + s*0.18, y - s*0.02}, [2]float64{x, y + s*0.2})
}

func iconErase(c *canvas, cx, cy, s float64, col color.RGBA) {
	w := s * 0.09
	c.line(cx-s*0.35, cy+s*0.05, cx, cy-s*0.3, w, col)
	c.line(cx, cy-s*0.3, cx+s*0.3, cy, w, col)
	c.line(cx+s*0.3, cy, cx-s*0.05, cy+s*0.35, w, col)
	c.line(cx-s*0.05, cy+s*0.35, cx-s*0.35, cy+s*0.05, w, col)
	c.line(cx-s*0.18, cy-s*0.12, cx+s*0.13, cy+s*0.18, w, col)
	c.line(cx-s*0.05, cy+s*0.35, cx+s*0.4, cy+s*0.35, w, col)
}

func iconPencil(c *canvas, cx, cy, s float64, col color.RGBA) {
	c.line(cx+s*0.3, cy-s*0.3, cx-s*0.15, cy+s*0.15, s*0.2, col)
	c.polygon(col, [2]float64{cx - s*0.27, cy + s*0.03}, [2]float64{cx - s*0.03, cy + s*0.27}, [2]float64{cx - s*0.38, cy + s*0.38})
}

func iconHint(c *canvas, cx, cy, s float64, col color.RGBA) {
	c.ring(cx, cy-s*0.1, s*0.25, s*0.09, math.Pi*0.75, math.Pi*2.25, col)
	c.line(cx-s*0.12, cy+s*0.22, cx+s*0.12, cy+s*0.22, s*0.09, col)
	c.line(cx-s*0.08, cy+s*0.36, cx+s*0.08, cy+s*0.36, s*0.09, col)
}

func iconPause(c *canvas, cx, cy, s float64, col color.RGBA) {
	c.roundRect(cx-s*0.28, cy-s*0.32, cx-s*0.08, cy+s*0.32, s*0.05, col)
	c.roundRect(cx+s*0.08, cy-s*0.32, cx+s*0.28, cy+s*0.32, s*0.05, col)
}

func iconGear(c *canvas, cx, cy, s float64, col color.RGBA) {
	c.ring(cx, cy, s*0.22, s*0.14, 0, 0, col)
	for k := range 8 {
		a := float64(k) * math.Pi / 4
		c.line(cx+math.Cos(a)*s*0.28, cy+math.Sin(a)*s*0.28, cx+math.Cos(a)*s*0.38, cy+math.Sin(a)*s*0.38, s*0.13, col)
	}
}

func iconBack(c *canvas, cx, cy, s float64, col color.RGBA) {
	c.line(cx+s*0.12, cy-s*0.3, cx-s*0.18, cy, s*0.1, col)
	c.line(cx-s*0.18, cy, cx+s*0.12, cy+s*0.3, s*0.1, col)
}

func iconMenu(c *canvas, cx, cy, s float64, col color.RGBA) {
	for k := -1; k <= 1; k++ {
		y := cy + float64(k)*s*0.25
		c.line(cx-s*0.35, y, cx+s*0.35, y, s*0.09, col)
	}
}

func iconPalette(c *canvas, cx, cy, s float64, col color.RGBA) {
	c.ring(cx, cy, s*0.36, s*0.08, 0, 0, col)
	for k := range 3 {
		a := -math.Pi/2 + float64(k)*math.Pi*0.55
		c.circle(cx+math.Cos(a)*s*0.18, cy+math.Sin(a)*s*0.18, s*0.07, col)
	}
}

func iconReload(c *canvas, cx, cy, s float64, col color.RGBA) {
	c.ring(cx, cy, s*0.3, s*0.09, -math.Pi*0.3, math.Pi*1.5, col)
	x, y := cx+s*0.3*math.Cos(-math.Pi*0.3), cy+s*0.3*math.Sin(-math.Pi*0.3)
	c.polygon(col, [2]float64{x - s*0.15, y - s*0.12}, [2]float64{x + s*0.12, y - s*0.2}, [2]float64{x + s*0.08, y + s*0.1})
}

func iconClose(c *canvas, cx, cy, s float64, col color.RGBA) {
	c.line(cx-s*0.3, cy-s*0.3, cx+s*0.3, cy+s*0.3, s*0.08, col)
	c.line(cx+s*0.3, cy-s*0.3, cx-s*0.3, cy+s*0.3, s*0.08, col)
}

func iconStar(c *canvas, cx, cy, s float64, col color.RGBA) {
	var p [10][2]float64
	for k := range p {
		rad := s * 0.42
		if k%2 == 1 {
			rad = s * 0.18
		}
		a := -math.Pi/2 + float64(k)*math.Pi/5
		p[k] = [2]float64{cx + rad*math.Cos(a), cy + rad*math.Sin(a)}
	}
	c.polygon(col, p[:]...)
}

// status icons: phone signal, wifi and battery, drawn from the right.

func signal(c *canvas, right, cy, s float64, col color.RGBA) float64 {
	bar := s * 0.16
	for k := range 4 {
		x := right - s + float64(k)*(bar+s*0.09)
		h := s * (0.3 + 0.2*float64(k))
		c.roundRect(x, cy+s*0.35-h, x+bar, cy+s*0.35, bar*0.3, col)
	}
	return right - s*1.3
}

func wifi(c *canvas, right, cy, s float64, col color.RGBA) float64 {
	cx, by := right-s/2, cy+s*0.35
	for k := 1; k <= 2; k++ {
		c.ring(cx, by, s*0.25*float64(k), s*0.12, -math.Pi*0.75, -math.Pi*0.25, col)
	}
	c.circle(cx, by-s*0.03, s*0.08, col)
	return right - s*1.3
}

func battery(c *canvas, right, cy, s float64, level float64, col color.RGBA) float64 {
	w, h := s*1.1, s*0.55
	x0 := right - w
	c.roundRectLine(x0, cy-h/2, right-s*0.1, cy+h/2, h*0.25, s*0.07, col)
	c.roundRect(right-s*0.09, cy-h*0.2, right, cy+h*0.2, s*0.03, col)
	in := s * 0.12
	c.roundRect(x0+in, cy-h/2+in, x0+in+(w-s*0.1-2*in)*level, cy+h/2-in, h*0.1, col)
	return x0 - s*0.35
}
