package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// errNotTranslated is a key toISS does not translate.
var errNotTranslated = errors.New("not translated for ISS")

// flags are the f-puzzles booleans and their ISS constraint.
var flags = map[string]string{
	"antiknight": ".AntiKnight", "antiking": ".AntiKing", "disjointgroups": ".DisjointSets",
	"diagonal+": ".Diagonal~1", "diagonal-": ".Diagonal~-1",
}

// lineKeys are the f-puzzles line constraints whose ISS form is the
// name and the cells of each line.
var lineKeys = map[string]string{
	"thermometer": ".Thermo", "renban": ".Renban", "palindrome": ".Palindrome",
}

// key returns the ISS constraints of one f-puzzles key.
func (f *fpuz) key(k string) (string, error) {
	raw := f.keys[k]
	if ignored[k] {
		return "", nil
	}
	if name, ok := flags[k]; ok {
		return flagOn(raw, name)
	}
	switch k {
	case "nonconsecutive":
		return f.nonconsecutive(raw)
	case "negative":
		return f.negative(raw)
	}
	var items []item
	if err := json.Unmarshal(raw, &items); err != nil {
		return "", err
	}
	if name, ok := lineKeys[k]; ok {
		return lines(items, func(string) string { return name })
	}
	switch k {
	case "littlekillersum":
		return each(items, f.littleKiller)
	case "odd":
		return each(items, f.parity(1))
	case "even":
		return each(items, f.parity(0))
	case "whispers":
		return each(items, f.whispers)
	}
	if fn, ok := itemKeys[k]; ok {
		return each(items, fn)
	}
	return "", errNotTranslated
}

// flagOn returns name when the boolean is true.
func flagOn(raw json.RawMessage, name string) (string, error) {
	var on bool
	if err := json.Unmarshal(raw, &on); err != nil || !on {
		return "", err
	}
	return name, nil
}

// nonconsecutive is AntiConsecutive, unless negative ratio makes all
// kropki dots given (StrictKropki, written by negative).
func (f *fpuz) nonconsecutive(raw json.RawMessage) (string, error) {
	if f.negatives()["ratio"] {
		return "", nil
	}
	return flagOn(raw, ".AntiConsecutive")
}

// negatives returns the f-puzzles negative constraints.
func (f *fpuz) negatives() map[string]bool {
	var names []string
	json.Unmarshal(f.keys["negative"], &names)
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// negative returns StrictXV and StrictKropki (all dots given: needs
// nonconsecutive too).
func (f *fpuz) negative(json.RawMessage) (string, error) {
	var sb strings.Builder
	neg := f.negatives()
	for n := range neg {
		switch {
		case n == "xv":
			sb.WriteString(".StrictXV")
		case n == "ratio" && string(f.keys["nonconsecutive"]) == "true":
			sb.WriteString(".StrictKropki")
		default:
			return "", fmt.Errorf("negative %q: %w", n, errNotTranslated)
		}
	}
	return sb.String(), nil
}

// lines returns one constraint a line, named by its value.
func lines(items []item, name func(v string) string) (string, error) {
	var sb strings.Builder
	for _, it := range items {
		for _, l := range it.Lines {
			cells, err := cellList(l)
			if err != nil {
				return "", err
			}
			sb.WriteString(name(string(it.Value)) + cells)
		}
	}
	return sb.String(), nil
}

// each returns fn's constraint for every item.
func each(items []item, fn func(it item) (string, error)) (string, error) {
	var sb strings.Builder
	for _, it := range items {
		s, err := fn(it)
		if err != nil {
			return "", err
		}
		sb.WriteString(s)
	}
	return sb.String(), nil
}

// itemKeys translate the f-puzzles keys with one constraint an item.
var itemKeys = map[string]func(item) (string, error){
	"killercage":  killer,
	"arrow":       arrow,
	"difference":  dot(".WhiteDot", "1"),
	"ratio":       dot(".BlackDot", "2"),
	"xv":          xv,
	"extraregion": named(".AllDifferent"),
	"sandwichsum": sandwich,
}

// killer is a Cage, its sum empty when it has none.
func killer(it item) (string, error) {
	cells, err := cellList(it.Cells)
	return ".Cage~" + string(it.Value) + cells, err
}

// named returns a translation writing name and the item's cells.
func named(name string) func(item) (string, error) {
	return func(it item) (string, error) {
		cells, err := cellList(it.Cells)
		return name + cells, err
	}
}

// dot translates a kropki dot; ISS's dots know only the default value.
func dot(name, def string) func(item) (string, error) {
	return func(it item) (string, error) {
		if it.Value != "" && string(it.Value) != def {
			return "", fmt.Errorf("dot value %s: %w", it.Value, errNotTranslated)
		}
		cells, err := cellList(it.Cells)
		return name + cells, err
	}
}

// xv is an X or a V.
func xv(it item) (string, error) {
	v := strings.ToUpper(string(it.Value))
	if v != "X" && v != "V" {
		return "", fmt.Errorf("xv value %q: %w", it.Value, errNotTranslated)
	}
	cells, err := cellList(it.Cells)
	return "." + v + cells, err
}

// whispers is a Whisper line of the minimum difference, by default
// ceil(N/2) as f-puzzles reads it (ISS's own default is 5 at any size).
func (f *fpuz) whispers(it item) (string, error) {
	return lines([]item{it}, func(v string) string {
		if v == "" {
			v = fmt.Sprint((f.Size + 1) / 2)
		}
		return ".Whisper~" + v
	})
}

// parity returns a translation writing the cell's odd (rem 1) or even
// digits as its possible values.
func (f *fpuz) parity(rem int) func(item) (string, error) {
	return func(it item) (string, error) {
		id, err := cellID(it.Cell)
		var vs []string
		for d := 1; d <= f.Size; d++ {
			if d%2 == rem {
				vs = append(vs, fmt.Sprint(d))
			}
		}
		return ".~" + id + "_" + strings.Join(vs, "_"), err
	}
}

// sandwich is a Sandwich clue on a row (R3C0) or a column (R0C5).
func sandwich(it item) (string, error) {
	var r, c int
	if _, err := fmt.Sscanf(it.Cell, "R%dC%d", &r, &c); err != nil {
		return "", fmt.Errorf("sandwich cell %q", it.Cell)
	}
	if r == 0 {
		return fmt.Sprintf(".Sandwich~%s~C%d", it.Value, c), nil
	}
	if c == 0 {
		return fmt.Sprintf(".Sandwich~%s~R%d", it.Value, r), nil
	}
	return "", fmt.Errorf("sandwich cell %q: %w", it.Cell, errNotTranslated)
}

// arrow is an Arrow per line from a one-cell bulb, else a PillArrow.
func arrow(it item) (string, error) {
	bulb, err := cellList(it.Cells)
	if err != nil {
		return "", err
	}
	name := ".Arrow"
	if len(it.Cells) > 1 {
		name = fmt.Sprintf(".PillArrow~%d", len(it.Cells))
	}
	return lines([]item{{Lines: trimBulb(it.Lines, it.Cells)}}, func(string) string { return name + bulb })
}

// trimBulb returns the lines without the bulb's cells (f-puzzles lines
// start in the bulb).
func trimBulb(ls [][]string, bulb []string) [][]string {
	out := make([][]string, len(ls))
	for i, l := range ls {
		out[i] = slices.DeleteFunc(slices.Clone(l), func(c string) bool { return slices.Contains(bulb, c) })
	}
	return out
}

// littleKiller is a LittleKiller named by the first cell of ISS's own
// walk along the same diagonal.
func (f *fpuz) littleKiller(it item) (string, error) {
	want, err := cellList(it.Cells)
	if err != nil {
		return "", err
	}
	for start, diag := range issDiagonals(f.Size) {
		if sameCells(diag, strings.Split(want, "~")[1:]) {
			return ".LittleKiller~" + string(it.Value) + "~" + start, nil
		}
	}
	return "", fmt.Errorf("little killer %v: no such diagonal", it.Cells)
}

// issDiagonals returns ISS's little killer diagonals of an n×n grid by
// their first cell, walked as ISS walks them (LittleKiller.cellMap).
func issDiagonals(n int) map[string][]string {
	m := map[string][]string{}
	add := func(r, c, dr, dc int) {
		var cells []string
		for ; r >= 0 && c >= 0 && r < n && c < n; r, c = r+dr, c+dc {
			id, _ := cellID(fmt.Sprintf("R%dC%d", r+1, c+1))
			cells = append(cells, id)
		}
		if len(cells) <= 1 {
			return
		}
		for _, d := range m {
			if sameCells(d, cells) {
				return
			}
		}
		m[cells[0]] = cells
	}
	for r := 0; r < n-1; r++ {
		add(r, 0, 1, 1)
	}
	for r := 1; r < n-1; r++ {
		add(r, n-1, -1, -1)
	}
	for c := 1; c < n; c++ {
		add(0, c, 1, -1)
	}
	for c := 1; c < n-1; c++ {
		add(n-1, c, -1, 1)
	}
	return m
}

// sameCells reports whether a and b hold the same cells in any order.
func sameCells(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
