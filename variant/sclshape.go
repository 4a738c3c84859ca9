package variant

import (
	"maps"
	"math"
	"slices"
	"strings"
)

// point is a position in cell units, [y, x] in CTC's order.
type point struct{ y, x float64 }

// sclShape is an overlay, an underlay, a line or an arrow, as drawn.
type sclShape struct {
	keys          []string
	center        point
	points        []point
	w, h, th, fs  float64
	rounded       bool
	color, bg, bd string
	text          string
	used          bool
}

// readShapes reads the shapes under key.
func (d *sclDecoder) readShapes(key string) []*sclShape {
	var out []*sclShape
	for _, m := range list(d.root[key]) {
		s := &sclShape{keys: slices.Sorted(maps.Keys(m)), rounded: m["rounded"] == true}
		s.center, _ = toPoint(m["center"])
		wp, _ := m["wayPoints"].([]any)
		for _, v := range wp {
			if p, ok := toPoint(v); ok {
				s.points = append(s.points, p)
			}
		}
		if len(s.points) != len(wp) {
			s.points = nil
		}
		s.w, _ = number(m["width"])
		s.h, _ = number(m["height"])
		s.th, _ = number(m["thickness"])
		s.fs, _ = number(m["fontSize"])
		s.color = strings.ToUpper(text(m["color"]))
		s.bg = strings.ToUpper(text(m["backgroundColor"]))
		s.bd = strings.ToUpper(text(m["borderColor"]))
		s.text = text(m["text"])
		out = append(out, s)
	}
	return out
}

func toPoint(v any) (point, bool) {
	pair, _ := v.([]any)
	if len(pair) != 2 {
		return point{}, false
	}
	y, ok1 := number(pair[0])
	x, ok2 := number(pair[1])
	return point{y, x}, ok1 && ok2
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func (p point) near(q point) bool { return near(p.y, q.y) && near(p.x, q.x) }

// cellAt returns the cell whose centre is p, which may lie outside the
// grid by one cell; inside reports whether it is in the grid.
func (d *sclDecoder) cellAt(p point) (c Cell, centre, inside bool) {
	r, col := math.Floor(p.y), math.Floor(p.x)
	c = Cell{int(r), int(col)}
	centre = near(p.y, r+0.5) && near(p.x, col+0.5) && r >= -1 && col >= -1 && r <= float64(d.p.Size) && col <= float64(d.p.Size)
	inside = centre && c.Row >= 0 && c.Col >= 0 && c.Row < d.p.Size && c.Col < d.p.Size
	return c, centre, inside
}

// edge returns the two cells either side of p, when p is the middle of
// an edge between two cells of the grid.
func (d *sclDecoder) edge(p point) ([2]Cell, bool) {
	n := float64(d.p.Size)
	yi, xi := near(p.y, math.Round(p.y)), near(p.x, math.Round(p.x))
	y, x := math.Round(p.y), math.Round(p.x)
	switch {
	case yi && !xi && near(p.x, math.Floor(p.x)+0.5) && y >= 1 && y <= n-1 && p.x > 0 && p.x < n:
		c := int(math.Floor(p.x))
		return [2]Cell{{int(y) - 1, c}, {int(y), c}}, true
	case xi && !yi && near(p.y, math.Floor(p.y)+0.5) && x >= 1 && x <= n-1 && p.y > 0 && p.y < n:
		r := int(math.Floor(p.y))
		return [2]Cell{{r, int(x) - 1}, {r, int(x)}}, true
	}
	return [2]Cell{}, false
}

// path returns the cells a line's way points go through, in order: each
// way point a cell centre, and straight or diagonal runs between them
// filled in.
func (d *sclDecoder) path(pts []point) ([]Cell, bool) {
	var out []Cell
	for i, p := range pts {
		c, _, inside := d.cellAt(p)
		if !inside {
			return nil, false
		}
		if i > 0 {
			prev := out[len(out)-1]
			dr, dc := c.Row-prev.Row, c.Col-prev.Col
			steps := max(abs(dr), abs(dc))
			if dr != 0 && dc != 0 && abs(dr) != abs(dc) || steps == 0 {
				return nil, false
			}
			for k := 1; k < steps; k++ {
				out = append(out, Cell{prev.Row + k*sign(dr), prev.Col + k*sign(dc)})
			}
		}
		out = append(out, c)
	}
	return out, len(out) > 0
}

func abs(x int) int { return max(x, -x) }

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// sclColours name the converter's colours, for messages.
const (
	grey      = "#CFCFCF"
	arrowGrey = "#A1A1A1"
	black     = "#000000"
	white     = "#FFFFFF"
	green     = "#67F067" // German whispers (and other whispers)
	orange    = "#FF9A00" // Dutch whispers
	pink      = "#F067F0" // renban
	blue      = "#34BBE6" // diagonals
	shade     = "RGBA(207, 207, 207, 0.95)"
)

// shapes reads the lines, arrows, overlays and underlays.
func (d *sclDecoder) shapes() error {
	lines, arrows := d.readShapes("lines"), d.readShapes("arrows")
	over, under := d.readShapes("overlays"), d.readShapes("underlays")
	d.thermos(lines, under)
	d.plainLines(lines)
	d.arrows(arrows, over, lines)
	d.littleKillers(arrows, over)
	d.overlays(over)
	d.underlays(under)
	for _, s := range lines {
		if !s.used {
			d.unsupported("a line I can't identify (colour %s, thickness %g)", s.color, s.th)
		}
	}
	for _, s := range arrows {
		if !s.used {
			d.unsupported("an arrow I can't identify (colour %s)", s.color)
		}
	}
	for _, s := range over {
		if !s.used {
			d.unsupported("a shape I can't identify (%s, border %s, %gx%g, text %.10q)", s.bg, s.bd, s.w, s.h, s.text)
		}
	}
	for _, s := range under {
		if !s.used {
			d.unsupported("a shading I can't identify (%s, %gx%g)", s.bg, s.w, s.h)
		}
	}
	return nil
}

// isLine reports whether s is a plain line of colour and thickness th
// (th 0: any).
func isLine(s *sclShape, colour string, th float64) bool {
	return !s.used && s.color == colour && (th == 0 || near(s.th, th)) && len(s.points) >= 1 &&
		subset(s.keys, "color", "thickness", "wayPoints")
}

// isDisc reports whether s is a filled shape of these colours and size.
func isDisc(s *sclShape, bg, bd string, size float64, rounded bool) bool {
	return !s.used && s.bg == bg && s.bd == bd && near(s.w, size) && near(s.h, size) && s.rounded == rounded
}

// thermos reads thermometers: a thick grey line with a grey bulb at one
// end. The converter draws a bulb for each line at its first point, so a
// point with as many bulbs as lines starting there holds their bulbs, and
// a line that ends there does not start in a bulb there; a line with no
// bulb at its start but a spare one at its end is read backwards.
func (d *sclDecoder) thermos(lines, under []*sclShape) {
	isBulb := func(u *sclShape, p point) bool {
		return isDisc(u, grey, grey, 0.85, true) && u.center.near(p) &&
			subset(u.keys, "backgroundColor", "borderColor", "center", "height", "rounded", "width")
	}
	bulbs := func(p point) (n int) {
		for _, u := range under {
			if isBulb(u, p) {
				n++
			}
		}
		return n
	}
	var thermo []*sclShape
	for _, l := range lines {
		if isLine(l, grey, 21) {
			thermo = append(thermo, l)
		}
	}
	starts := func(p point) (n int) {
		for _, l := range thermo {
			if l.points[0].near(p) {
				n++
			}
		}
		return n
	}
	var anchors []point
	var found []Thermo
	for _, l := range thermo {
		first, last := l.points[0], l.points[len(l.points)-1]
		cells, ok := d.path(l.points)
		switch {
		case !ok || len(cells) < 2:
			continue
		case bulbs(first) > 0 && bulbs(first) == starts(first):
			anchors = append(anchors, first)
		case bulbs(first) == 0 && bulbs(last) > starts(last):
			anchors = append(anchors, last)
			slices.Reverse(cells)
		default:
			continue // not for sure which end is the bulb
		}
		l.used = true
		found = append(found, Thermo{cells})
	}
	for _, t := range found {
		d.add(t)
	}
	for _, u := range under {
		for _, p := range anchors {
			if isBulb(u, p) {
				u.used = true
			}
		}
	}
}

// plainLines reads palindromes, whispers, renbans and diagonals.
func (d *sclDecoder) plainLines(lines []*sclShape) {
	n := float64(d.p.Size)
	for _, l := range lines {
		switch {
		case isLine(l, blue, 2) && len(l.points) == 2:
			a, b := l.points[0], l.points[1]
			switch {
			case a.near(point{0, n}) && b.near(point{n, 0}) || b.near(point{0, n}) && a.near(point{n, 0}):
				d.add(Global{"diagonal+"})
			case a.near(point{0, 0}) && b.near(point{n, n}) || b.near(point{0, 0}) && a.near(point{n, n}):
				d.add(Global{"diagonal-"})
			default:
				continue
			}
			l.used = true
			continue
		case isLine(l, grey, 16), isLine(l, green, 0), isLine(l, orange, 0), isLine(l, pink, 0):
		default:
			continue
		}
		cells, ok := d.path(l.points)
		if !ok || len(cells) < 2 {
			continue
		}
		l.used = true
		switch l.color {
		case grey:
			d.add(Palindrome{cells})
		case pink:
			d.add(Renban{cells})
		case orange:
			if d.p.Size != 9 {
				d.unsupported("Dutch whispers on a %dx%d grid", d.p.Size, d.p.Size)
			}
			d.orange++
			d.add(Whispers{cells, 4})
		case green:
			d.green++
			d.greenAt = append(d.greenAt, len(d.p.Constraints))
			d.add(Whispers{cells, (d.p.Size + 1) / 2}) // checked against the rules text
		}
	}
}
