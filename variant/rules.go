package variant

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// readers read the f-puzzles rules we support, one per key.
var readers = map[string]func(*decoder, json.RawMessage) error{
	"killercage":      (*decoder).killer,
	"thermometer":     lines(func(cs []Cell, _ value, _ int) (Constraint, error) { return Thermo{cs}, nil }),
	"palindrome":      lines(func(cs []Cell, _ value, _ int) (Constraint, error) { return Palindrome{cs}, nil }),
	"renban":          lines(func(cs []Cell, _ value, _ int) (Constraint, error) { return Renban{cs}, nil }),
	"whispers":        lines(whispers),
	"dutchwhispers":   lines(func(cs []Cell, _ value, _ int) (Constraint, error) { return Whispers{cs, 4}, nil }),
	"betweenline":     lines(between),
	"minimum":         extremes(false),
	"maximum":         extremes(true),
	"clone":           (*decoder).clone,
	"quadruple":       (*decoder).quadruple,
	"xsum":            outsideClues("xsum"),
	"skyscraper":      outsideClues("skyscraper"),
	"numberedroom":    outsideClues("numberedroom"),
	"parityline":      lines(ruleLine("parityline")),
	"entropicline":    lines(ruleLine("entropicline")),
	"modularline":     lines(ruleLine("modularline")),
	"zipperline":      lines(ruleLine("zipperline")),
	"regionsumline":   lines(ruleLine("regionsumline")),
	"doublearrow":     lines(ruleLine("doublearrow")),
	"lockout":         lines(ruleLine("lockout")),
	"arrow":           (*decoder).arrow,
	"littlekillersum": (*decoder).littleKiller,
	"sandwichsum":     (*decoder).sandwich,
	"difference":      dots(func(cs [2]Cell, v int) Constraint { return Difference{cs, v} }, 1),
	"ratio":           dots(func(cs [2]Cell, v int) Constraint { return Ratio{cs, v} }, 2),
	"xv":              (*decoder).xv,
	"odd":             parity(false),
	"even":            parity(true),
	"extraregion":     (*decoder).extraRegion,
	"negative":        (*decoder).negative,
	"diagonal+":       global("diagonal+"),
	"diagonal-":       global("diagonal-"),
	"antiknight":      global("antiknight"),
	"antiking":        global("antiking"),
	"disjointgroups":  global("disjointgroups"),
	"nonconsecutive":  global("nonconsecutive"),
}

// global reads a rule that is true or false.
func global(name string) func(*decoder, json.RawMessage) error {
	return func(d *decoder, raw json.RawMessage) error {
		var on bool
		if err := json.Unmarshal(raw, &on); err != nil {
			return err
		}
		if on {
			d.add(Global{name})
		}
		return nil
	}
}

// negative reads the list of dots that are all given ("ratio", "xv").
func (d *decoder) negative(raw json.RawMessage) error {
	var kinds []string
	if err := json.Unmarshal(raw, &kinds); err != nil {
		return err
	}
	var unknown []string
	for _, k := range kinds {
		switch k {
		case "ratio", "xv":
			d.add(Global{"negative " + k})
		default:
			unknown = append(unknown, fmt.Sprintf("All %s given (negative constraint)", k))
		}
	}
	if unknown != nil {
		return &UnsupportedError{Names: unknown}
	}
	return nil
}

// lineEntry is f-puzzles' entry for lines: thermometers, palindromes,
// renbans, whispers, and the lines of arrows.
type lineEntry struct {
	Lines [][]string `json:"lines"`
	Cells []string   `json:"cells"`
	Value value      `json:"value"`
}

// lines reads entries of lines, each line one constraint made by build.
func lines(build func([]Cell, value, int) (Constraint, error)) func(*decoder, json.RawMessage) error {
	return func(d *decoder, raw json.RawMessage) error {
		var es []lineEntry
		if err := json.Unmarshal(raw, &es); err != nil {
			return err
		}
		for _, e := range es {
			if len(e.Lines) == 0 {
				return fmt.Errorf("an entry without lines")
			}
			for _, l := range e.Lines {
				cs, err := d.cells(l, 1)
				if err != nil {
					return err
				}
				c, err := build(cs, e.Value, d.p.Size)
				if err != nil {
					return err
				}
				d.add(c)
			}
		}
		return nil
	}
}

// whispers makes a whispers line; its value is the least difference,
// ceil(size/2) when absent.
func whispers(cs []Cell, v value, size int) (Constraint, error) {
	diff, err := v.int((size+1)/2, 1, size-1)
	return Whispers{cs, diff}, err
}

// between makes a between line, which needs its two ends.
func between(cs []Cell, _ value, _ int) (Constraint, error) {
	if len(cs) < 2 {
		return nil, fmt.Errorf("a between line of %d cell", len(cs))
	}
	return Between{cs}, nil
}

// ruleLine makes a Line of rule; an entropic line needs a size whose
// digits fall into three equal groups.
func ruleLine(rule string) func([]Cell, value, int) (Constraint, error) {
	return func(cs []Cell, _ value, size int) (Constraint, error) {
		if rule == "entropicline" && size%3 != 0 {
			return nil, &UnsupportedError{Names: []string{fmt.Sprintf("Entropic lines on a %dx%d grid", size, size)}}
		}
		if rule == "lockout" && size != 9 {
			return nil, &UnsupportedError{Names: []string{fmt.Sprintf("Lockout lines on a %dx%d grid", size, size)}}
		}
		if rule == "lockout" && len(cs) < 2 || rule == "doublearrow" && len(cs) < 3 {
			return nil, fmt.Errorf("a %s of %d cells", rule, len(cs))
		}
		return Line{rule, cs}, nil
	}
}

// extremes reads minimum (or, with max, maximum) cells.
func extremes(max bool) func(*decoder, json.RawMessage) error {
	return func(d *decoder, raw json.RawMessage) error {
		var es []struct {
			Cell string `json:"cell"`
		}
		if err := json.Unmarshal(raw, &es); err != nil {
			return err
		}
		for _, e := range es {
			cs, err := d.cells([]string{e.Cell}, 1)
			if err != nil {
				return err
			}
			d.add(Extreme{cs[0], max})
		}
		return nil
	}
}

// quadruple reads quadruples: cells, and the digits they must hold, at
// most one a cell.
func (d *decoder) quadruple(raw json.RawMessage) error {
	var es []struct {
		Cells  []string `json:"cells"`
		Values []int    `json:"values"`
	}
	if err := json.Unmarshal(raw, &es); err != nil {
		return err
	}
	for _, e := range es {
		cs, err := d.cells(e.Cells, 1)
		if err != nil {
			return err
		}
		if len(e.Values) > len(cs) {
			return fmt.Errorf("a quadruple of %d digits in %d cells", len(e.Values), len(cs))
		}
		for _, v := range e.Values {
			if v < 1 || v > d.p.Size {
				return fmt.Errorf("a quadruple's digit %d", v)
			}
		}
		d.add(Quadruple{cs, slices.Clone(e.Values)})
	}
	return nil
}

// clone reads clones: two shapes of as many cells, paired in order.
func (d *decoder) clone(raw json.RawMessage) error {
	var es []struct {
		Cells      []string `json:"cells"`
		CloneCells []string `json:"cloneCells"`
	}
	if err := json.Unmarshal(raw, &es); err != nil {
		return err
	}
	for _, e := range es {
		a, err := d.cells(e.Cells, 1)
		if err != nil {
			return err
		}
		b, err := d.cells(e.CloneCells, 1)
		if err != nil {
			return err
		}
		if len(a) != len(b) {
			return fmt.Errorf("a clone of %d cells for %d", len(b), len(a))
		}
		d.add(Clone{a, b})
	}
	return nil
}

// killer reads killer cages.
func (d *decoder) killer(raw json.RawMessage) error {
	var es []lineEntry
	if err := json.Unmarshal(raw, &es); err != nil {
		return err
	}
	n := d.p.Size
	for _, e := range es {
		cs, err := d.cells(e.Cells, 1)
		if err != nil {
			return err
		}
		sum, err := e.Value.int(0, 1, n*(n+1)/2)
		if err != nil {
			return err
		}
		d.add(Killer{cs, sum})
	}
	return nil
}

// arrow reads arrows: bulb cells, and lines that start in the bulb.
func (d *decoder) arrow(raw json.RawMessage) error {
	var es []lineEntry
	if err := json.Unmarshal(raw, &es); err != nil {
		return err
	}
	for _, e := range es {
		bulb, err := d.cells(e.Cells, 1)
		if err != nil {
			return err
		}
		a := Arrow{Bulb: bulb}
		for _, l := range e.Lines {
			cs, err := d.cells(l, 1)
			if err != nil {
				return err
			}
			for len(cs) > 0 && slices.Contains(bulb, cs[0]) {
				cs = cs[1:]
			}
			if len(cs) == 0 {
				return fmt.Errorf("an arrow line with no cell outside its bulb")
			}
			a.Lines = append(a.Lines, cs)
		}
		if len(a.Lines) == 0 {
			return fmt.Errorf("an arrow without a line")
		}
		d.add(a)
	}
	return nil
}

// clueEntry is an entry with one cell (a clue or a marked cell).
type clueEntry struct {
	Cell      string   `json:"cell"`
	Cells     []string `json:"cells"`
	Direction string   `json:"direction"`
	Value     value    `json:"value"`
}

// littleKiller reads little killer clues; one without a value is drawn
// only and has Sum 0.
func (d *decoder) littleKiller(raw json.RawMessage) error {
	var es []clueEntry
	if err := json.Unmarshal(raw, &es); err != nil {
		return err
	}
	n := d.p.Size
	for _, e := range es {
		clue, err := d.cell(e.Cell, true)
		if err != nil {
			return err
		}
		cs, err := d.cells(e.Cells, 1)
		if err != nil {
			return err
		}
		sum, err := e.Value.int(0, 1, n*len(cs)) // digits repeat on a diagonal
		if err != nil {
			return err
		}
		dir := strings.ToUpper(e.Direction)
		if !slices.Contains([]string{"UL", "UR", "DL", "DR"}, dir) {
			return fmt.Errorf("direction %q", e.Direction)
		}
		d.add(LittleKiller{clue, dir, cs, sum})
	}
	return nil
}

// sandwich reads sandwich clues outside the grid.
func (d *decoder) sandwich(raw json.RawMessage) error {
	var es []clueEntry
	if err := json.Unmarshal(raw, &es); err != nil {
		return err
	}
	n := d.p.Size
	for _, e := range es {
		clue, err := d.cell(e.Cell, true)
		if err != nil {
			return err
		}
		inRow, inCol := clue.Row >= 0 && clue.Row < n, clue.Col >= 0 && clue.Col < n
		if inRow == inCol {
			return fmt.Errorf("sandwich clue %q is not beside a row or a column", e.Cell)
		}
		sum, err := e.Value.int(-1, 0, n*(n+1)/2)
		if err != nil || sum < 0 {
			return fmt.Errorf("sandwich clue %q without a sum", e.Cell)
		}
		d.add(Sandwich{clue, sum})
	}
	return nil
}

// outsideClues reads X-sum, skyscraper or numbered room clues beside a
// row or column.
func outsideClues(rule string) func(*decoder, json.RawMessage) error {
	return func(d *decoder, raw json.RawMessage) error {
		var es []clueEntry
		if err := json.Unmarshal(raw, &es); err != nil {
			return err
		}
		n := d.p.Size
		most := n * (n + 1) / 2
		if rule != "xsum" {
			most = n
		}
		for _, e := range es {
			clue, err := d.cell(e.Cell, true)
			if err != nil {
				return err
			}
			if inRow, inCol := clue.Row >= 0 && clue.Row < n, clue.Col >= 0 && clue.Col < n; inRow == inCol {
				return fmt.Errorf("%s clue %q is not beside a row or a column", rule, e.Cell)
			}
			v, err := e.Value.int(-1, 1, most)
			if err != nil || v < 1 {
				return fmt.Errorf("%s clue %q without a value", rule, e.Cell)
			}
			d.add(Outside{rule, clue, v})
		}
		return nil
	}
}

// dots reads kropki dots; def is the value of a dot without one.
func dots(build func([2]Cell, int) Constraint, def int) func(*decoder, json.RawMessage) error {
	return func(d *decoder, raw json.RawMessage) error {
		var es []lineEntry
		if err := json.Unmarshal(raw, &es); err != nil {
			return err
		}
		for _, e := range es {
			cs, err := d.pair(e.Cells)
			if err != nil {
				return err
			}
			v, err := e.Value.int(def, 1, d.p.Size)
			if err != nil {
				return err
			}
			d.add(build(cs, v))
		}
		return nil
	}
}

// xv reads X and V clues.
func (d *decoder) xv(raw json.RawMessage) error {
	var es []lineEntry
	if err := json.Unmarshal(raw, &es); err != nil {
		return err
	}
	for _, e := range es {
		cs, err := d.pair(e.Cells)
		if err != nil {
			return err
		}
		switch strings.ToUpper(e.Value.s) {
		case "X":
			d.add(XV{cs, 10})
		case "V":
			d.add(XV{cs, 5})
		default:
			return fmt.Errorf("xv value %q", e.Value.s)
		}
	}
	return nil
}

// parity reads odd or even cells.
func parity(even bool) func(*decoder, json.RawMessage) error {
	return func(d *decoder, raw json.RawMessage) error {
		var es []clueEntry
		if err := json.Unmarshal(raw, &es); err != nil {
			return err
		}
		for _, e := range es {
			c, err := d.cell(e.Cell, false)
			if err != nil {
				return err
			}
			d.add(Parity{c, even})
		}
		return nil
	}
}

// extraRegion reads extra regions.
func (d *decoder) extraRegion(raw json.RawMessage) error {
	var es []lineEntry
	if err := json.Unmarshal(raw, &es); err != nil {
		return err
	}
	for _, e := range es {
		cs, err := d.cells(e.Cells, 1)
		if err != nil {
			return err
		}
		d.add(ExtraRegion{cs})
	}
	return nil
}
