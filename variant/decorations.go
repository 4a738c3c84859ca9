package variant

import (
	"encoding/json"
	"slices"
)

// f-puzzles draws shapes that carry no rule of their own: lines, circles,
// rectangles, text and cages (not killer cages). Setters use them for
// looks, and for rules only the rules text gives ("the grey line is a
// region sum line"). A drawn line on the cells of a line rule we read
// (many puzzles draw their renban or whispers both ways) says nothing
// new; any other drawn shape may hold a rule we would not see, so the
// puzzle is refused with its shapes named, rather than solved without it.

// decorations returns the names of the drawn shapes of raw that no rule
// read accounts for.
func (d *decoder) decorations(raw map[string]json.RawMessage) []string {
	var names []string
	if v := raw["line"]; !isEmpty(v) && !d.linesRead(v) {
		names = append(names, "Lines drawn on the grid (their rule is only in the rules text)")
	}
	for _, k := range []struct{ key, name string }{
		{"circle", "Circles drawn on the grid"}, {"rectangle", "Rectangles drawn on the grid"},
		{"text", "Text drawn on the grid"}, {"cage", "Cages drawn without a killer rule"},
	} {
		if !isEmpty(raw[k.key]) {
			names = append(names, k.name+" (their rule is only in the rules text)")
		}
	}
	return names
}

// linesRead reports whether every drawn line runs along the cells of a
// line rule read, either way.
func (d *decoder) linesRead(raw json.RawMessage) bool {
	var es []lineEntry
	if json.Unmarshal(raw, &es) != nil {
		return false
	}
	known := d.ruleLines()
	for _, e := range es {
		for _, names := range e.Lines {
			cells, err := d.cells(names, 1)
			if err != nil || !slices.ContainsFunc(known, func(k []Cell) bool { return sameLine(k, cells) }) {
				return false
			}
		}
	}
	return true
}

// ruleLines are the cells of every line rule read: thermometers,
// palindromes, renban, whispers, and arrows with their bulbs.
func (d *decoder) ruleLines() [][]Cell {
	var out [][]Cell
	for _, c := range d.p.Constraints {
		switch c := c.(type) {
		case Thermo:
			out = append(out, c.Cells)
		case Palindrome:
			out = append(out, c.Cells)
		case Renban:
			out = append(out, c.Cells)
		case Whispers:
			out = append(out, c.Cells)
		case Between:
			out = append(out, c.Cells)
		case Line:
			out = append(out, c.Cells)
		case Arrow:
			for _, l := range c.Lines {
				out = append(out, l, append(slices.Clone(c.Bulb), l...))
			}
		}
	}
	return out
}

// sameLine reports whether a and b are the same cells in the same order,
// or in reverse.
func sameLine(a, b []Cell) bool {
	if slices.Equal(a, b) {
		return true
	}
	r := slices.Clone(b)
	slices.Reverse(r)
	return slices.Equal(a, r)
}
