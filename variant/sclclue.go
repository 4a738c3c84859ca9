package variant

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// sclBulb is an arrow's bulb and the arrows read from it.
type sclBulb struct {
	s     *sclShape // nil for a bent bulb
	cells []Cell
	lines [][]Cell
}

// arrows reads arrows: grey arrows from a round bulb (a circle, or a pill
// of cells in a line), or from a bent bulb drawn as a thick grey line
// under a white one.
func (d *sclDecoder) arrows(arrows, over, lines []*sclShape) {
	bulbs := d.bulbs(over, lines)
	for _, a := range arrows {
		if a.used || a.color != arrowGrey || len(a.points) < 2 || !subset(a.keys, "color", "headLength", "thickness", "wayPoints") {
			continue
		}
		if b, cells, ok := d.arrowLine(a, bulbs); ok {
			a.used = true
			b.lines = append(b.lines, cells)
		}
	}
	for _, b := range bulbs {
		if len(b.lines) == 0 {
			if b.s == nil {
				d.unsupported("an arrow's bulb without an arrow")
			}
			continue
		}
		if b.s != nil {
			b.s.used = true
		}
		d.add(Arrow{Bulb: b.cells, Lines: b.lines})
	}
}

// bulbs returns the arrows' bulbs: circles and pills, then bent bulbs.
func (d *sclDecoder) bulbs(over, lines []*sclShape) []*sclBulb {
	var bulbs []*sclBulb
	for _, o := range over {
		if o.used || !o.rounded || o.bg != white || o.bd != arrowGrey || strings.TrimSpace(o.text) != "" ||
			!subset(o.keys, "borderColor", "backgroundColor", "center", "fontSize", "thickness", "rounded", "text", "width", "height") {
			continue
		}
		if cells, ok := d.pill(o); ok {
			bulbs = append(bulbs, &sclBulb{s: o, cells: cells})
		}
	}
	for _, cells := range d.bentBulbs(lines) {
		bulbs = append(bulbs, &sclBulb{cells: cells})
	}
	return bulbs
}

// arrowLine returns the bulb an arrow starts in and the cells it goes
// through after the bulb.
func (d *sclDecoder) arrowLine(a *sclShape, bulbs []*sclBulb) (*sclBulb, []Cell, bool) {
	// The converter moves the first way point 0.3 towards the second,
	// still inside the bulb's cell.
	start := Cell{int(math.Floor(a.points[0].y)), int(math.Floor(a.points[0].x))}
	var found []*sclBulb
	for _, b := range bulbs {
		if slices.Contains(b.cells, start) {
			found = append(found, b)
		}
	}
	if len(found) == 0 {
		return nil, nil, false
	}
	// Two arrows from one bulb may each draw it: take the one with fewest
	// arrows, when they are the same cells; bulbs that only overlap leave
	// it unsure.
	slices.SortStableFunc(found, func(a, b *sclBulb) int { return len(a.lines) - len(b.lines) })
	for _, b := range found[1:] {
		if !slices.Equal(b.cells, found[0].cells) {
			return nil, nil, false
		}
	}
	pts := append([]point{{float64(start.Row) + 0.5, float64(start.Col) + 0.5}}, a.points[1:]...)
	cells, ok := d.path(pts)
	if c, _, _ := d.cellAt(a.points[1]); !ok || len(cells) < 2 || c == start {
		return nil, nil, false
	}
	for len(cells) > 0 && slices.Contains(found[0].cells, cells[0]) {
		cells = cells[1:]
	}
	return found[0], cells, len(cells) > 0
}

// bentBulbs finds the bulbs the converter draws as lines (those whose
// cells are not in one row or column): a thick grey line through the
// cells' centres, in the order f-puzzles lists them, under a white line
// through the same points. It marks both lines used.
func (d *sclDecoder) bentBulbs(lines []*sclShape) [][]Cell {
	var out [][]Cell
	for _, g := range lines {
		if g.used || g.color != arrowGrey || !subset(g.keys, "color", "thickness", "opacity", "wayPoints") {
			continue
		}
		var cells []Cell
		for _, p := range g.points {
			if c, _, inside := d.cellAt(p); inside && !slices.Contains(cells, c) {
				cells = append(cells, c)
			}
		}
		if len(cells) != len(g.points) || len(cells) < 2 {
			continue
		}
		for _, w := range lines {
			if !w.used && w != g && w.color == white && subset(w.keys, "color", "thickness", "opacity", "wayPoints") &&
				slices.EqualFunc(w.points, g.points, point.near) {
				g.used, w.used = true, true
				out = append(out, cells)
				break
			}
		}
	}
	return out
}

// pill returns the cells under a bulb: 0.75 across plus one for each
// further cell, in a row or a column, read left to right or top to bottom.
func (d *sclDecoder) pill(o *sclShape) ([]Cell, bool) {
	dr, dc := o.h-0.75, o.w-0.75
	if dr < -1e-6 || dc < -1e-6 || dr > float64(d.p.Size) || dc > float64(d.p.Size) || !near(dr, math.Round(dr)) || !near(dc, math.Round(dc)) || dr > 0.5 && dc > 0.5 {
		return nil, false
	}
	first := point{o.center.y - math.Round(dr)/2, o.center.x - math.Round(dc)/2}
	c, _, inside := d.cellAt(first)
	if !inside {
		return nil, false
	}
	var out []Cell
	for k := 0; k <= int(math.Round(dr+dc)); k++ {
		next := Cell{c.Row + k*sign(int(math.Round(dr))), c.Col + k*sign(int(math.Round(dc)))}
		if next.Row >= d.p.Size || next.Col >= d.p.Size {
			return nil, false
		}
		out = append(out, next)
	}
	return out, true
}

// isLabel reports whether o is the converter's white label (X/V, little
// killer and sandwich clues).
func isLabel(o *sclShape) bool {
	return !o.used && o.bg == white && o.bd == white && !o.rounded && near(o.w, 0.25) && near(o.h, 0.25) &&
		subset(o.keys, "backgroundColor", "borderColor", "center", "fontSize", "height", "rounded", "text", "width")
}

// littleKillers reads little killers: a label outside the grid with a thin
// black arrow that points along a diagonal.
func (d *sclDecoder) littleKillers(arrows, over []*sclShape) {
	for _, a := range arrows {
		if a.used || a.color != black || !near(a.th, 2) || len(a.points) != 2 || !subset(a.keys, "color", "thickness", "wayPoints") {
			continue
		}
		dy, dx := a.points[1].y-a.points[0].y, a.points[1].x-a.points[0].x
		dir := Cell{sign(int(math.Round(dy * 100))), sign(int(math.Round(dx * 100)))}
		if dir.Row == 0 || dir.Col == 0 {
			continue
		}
		centre := point{a.points[0].y - 0.3*float64(dir.Row), a.points[0].x - 0.3*float64(dir.Col)}
		clue, isCentre, inside := d.cellAt(centre)
		if !isCentre || inside {
			continue
		}
		var label *sclShape
		for _, o := range over {
			if isLabel(o) && o.center.near(centre) {
				label = o
				break
			}
		}
		var cells []Cell
		for c := (Cell{clue.Row + dir.Row, clue.Col + dir.Col}); c.Row >= 0 && c.Col >= 0 && c.Row < d.p.Size && c.Col < d.p.Size; c = (Cell{c.Row + dir.Row, c.Col + dir.Col}) {
			cells = append(cells, c)
		}
		if label == nil || len(cells) == 0 {
			continue
		}
		sum := 0
		if t := strings.TrimSpace(label.text); t != "_" && t != "" {
			v, err := strconv.Atoi(t)
			if err != nil || v < 1 || v > d.p.Size*len(cells) {
				a.used, label.used = true, true
				d.unsupported("a little killer clue %.10q", t)
				continue
			}
			sum = v
		}
		a.used, label.used = true, true
		name := map[int]string{-1: "U", 1: "D"}[dir.Row] + map[int]string{-1: "L", 1: "R"}[dir.Col]
		d.add(LittleKiller{clue, name, cells, sum})
	}
}

// overlays reads kropki dots, X and V, and sandwich clues.
func (d *sclDecoder) overlays(over []*sclShape) {
	for _, o := range over {
		switch {
		case (isDisc(o, black, black, 0.3, true) || isDisc(o, white, black, 0.3, true)) &&
			subset(o.keys, "borderColor", "backgroundColor", "center", "rounded", "width", "height", "text", "color", "stroke"):
			o.used = d.kropki(o)
		case isLabel(o):
			o.used = d.label(o)
		}
	}
}

// kropki reads a dot on an edge: black a ratio (2 unless it says), white a
// difference (1 unless it says).
func (d *sclDecoder) kropki(o *sclShape) bool {
	cells, ok := d.edge(o.center)
	v, err := 0, error(nil)
	if t := strings.TrimSpace(o.text); t != "" {
		v, err = strconv.Atoi(t)
	}
	if !ok || err != nil || v < 0 || v > d.p.Size {
		return false
	}
	if o.bg == black {
		d.add(Ratio{cells, orDefault(v, 2)})
	} else {
		d.add(Difference{cells, orDefault(v, 1)})
	}
	return true
}

// label reads a white label: X or V on an edge, or a sandwich clue beside
// a row or a column when the rules text speaks of sandwiches.
func (d *sclDecoder) label(o *sclShape) bool {
	if cells, ok := d.edge(o.center); ok {
		switch strings.ToUpper(strings.TrimSpace(o.text)) {
		case "X":
			d.add(XV{cells, 10})
		case "V":
			d.add(XV{cells, 5})
		default:
			return false
		}
		return true
	}
	n := d.p.Size
	c, centre, inside := d.cellAt(o.center)
	v, err := strconv.Atoi(strings.TrimSpace(o.text))
	inRow, inCol := c.Row >= 0 && c.Row < n, c.Col >= 0 && c.Col < n
	if !centre || inside || inRow == inCol || err != nil || v < 0 || v > n*(n+1)/2 || !d.mentions(sandwichWords...) {
		return false
	}
	d.add(Sandwich{c, v})
	return true
}

// orDefault returns v, or def when v is 0.
func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// sandwichWords are what a rules text says for sandwich clues.
var sandwichWords = []string{"sandwich", "between the 1 and the 9"}

// mentions reports whether the rules text holds one of the phrases.
func (d *sclDecoder) mentions(phrases ...string) bool {
	low := strings.ToLower(d.p.Rules)
	for _, p := range phrases {
		if strings.Contains(low, p) {
			return true
		}
	}
	return false
}

// underlays reads odd and even cells and extra regions.
func (d *sclDecoder) underlays(under []*sclShape) {
	shaded := map[Cell]*sclShape{}
	for _, u := range under {
		c, _, inside := d.cellAt(u.center)
		switch {
		case !inside || u.used:
		case isDisc(u, grey, grey, 0.7, true) && subset(u.keys, "backgroundColor", "borderColor", "center", "height", "rounded", "width"):
			u.used = true
			d.add(Parity{c, false})
		case isDisc(u, grey, grey, 0.7, false) && subset(u.keys, "backgroundColor", "borderColor", "center", "height", "rounded", "width"):
			u.used = true
			d.add(Parity{c, true})
		case isDisc(u, shade, "", 1, false) && subset(u.keys, "backgroundColor", "center", "height", "rounded", "width"):
			shaded[c] = u
		}
	}
	for _, cells := range d.extra {
		all := true
		for _, c := range cells {
			all = all && shaded[c] != nil
		}
		if !all {
			d.unsupported("a cage without a sum or a rule (%d cells)", len(cells))
			continue
		}
		for _, c := range cells {
			shaded[c].used = true
		}
		d.add(ExtraRegion{cells})
	}
}
