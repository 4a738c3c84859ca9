package variant

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// DecodeSCL reads SudokuPad's zipped CTC JSON (as Link.Data returns it for
// an SCL link) into a Puzzle. CTC data only draws, so it reads meaning from
// the shapes and colours SudokuPad's f-puzzles converter uses (see the
// package doc) and from fixed phrases of the rules text. It returns an
// *UnsupportedError naming every shape or rule it cannot identify for sure
// (never dropping one, never guessing), and a *DataError when the data is
// malformed.
func DecodeSCL(data string) (*Puzzle, error) {
	v, err := unzip(data)
	if err != nil {
		return nil, err
	}
	root, ok := v.(map[string]any)
	if !ok {
		return nil, &DataError{Key: "(zipped data)", Detail: "not an object"}
	}
	d := &sclDecoder{root: root, p: &Puzzle{}}
	if err := d.grid(); err != nil {
		return nil, err
	}
	for _, step := range []func() error{d.topKeys, d.cages, d.metaData, d.shapes, d.rules} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	if len(d.names) > 0 {
		return nil, &UnsupportedError{Names: d.names, Partial: d.p}
	}
	return d.p, nil
}

// sclDecoder holds an scl puzzle being read.
type sclDecoder struct {
	root  map[string]any
	p     *Puzzle
	names []string // what we could not identify, each once
	meta  map[string]bool
	// extra are cages that only list cells: extra regions when their
	// cells are shaded.
	extra [][]Cell
	// noRules is set when the rules text is missing.
	noRules bool
	green   int   // green whispers lines, diff decided by the rules text
	greenAt []int // where they are in p.Constraints
	orange  int   // Dutch whispers lines
}

// unsupported notes a name for the *UnsupportedError, once.
func (d *sclDecoder) unsupported(format string, args ...any) {
	name := fmt.Sprintf(format, args...)
	if !slices.Contains(d.names, name) {
		d.names = append(d.names, name)
	}
}

func (d *sclDecoder) add(c Constraint) { d.p.Constraints = append(d.p.Constraints, c) }

// sclKnownKeys are the top-level keys read here or that only draw.
var sclKnownKeys = map[string]bool{
	"id": true, "cellSize": true, "cells": true, "regions": true, "cages": true, "lines": true,
	"arrows": true, "overlays": true, "underlays": true, "metaData": true, "videos": true,
	"duration": true, "title": true,
}

// topKeys names the keys we do not know (fog of war, foglights, …).
func (d *sclDecoder) topKeys() error {
	for _, k := range slices.Sorted(maps.Keys(d.root)) {
		if !sclKnownKeys[k] {
			d.unsupported("SudokuPad's %q", k)
		}
	}
	return nil
}

// list returns v as a list of objects, skipping anything else.
func list(v any) []map[string]any {
	items, _ := v.([]any)
	var out []map[string]any
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// number returns v as a float.
func number(v any) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, true
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return f, err == nil
	}
	return 0, false
}

// text returns a text or a value as a string: the zipper turns "11"
// into 11.
func text(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}

// grid reads the size, the givens and the regions.
func (d *sclDecoder) grid() error {
	rows, _ := d.root["cells"].([]any)
	n := len(rows)
	if n < 3 || n > 16 {
		return &DataError{Key: "cells", Detail: fmt.Sprintf("%d rows", n)}
	}
	d.p.Size, d.p.Givens = n, make([]int, n*n)
	for r, row := range rows {
		cells, _ := row.([]any)
		if len(cells) != n {
			return &DataError{Key: "cells", Detail: fmt.Sprintf("row %d has %d cells, want %d", r+1, len(cells), n)}
		}
		for c, cell := range cells {
			m, _ := cell.(map[string]any)
			v, ok := m["value"]
			if !ok || text(v) == "" {
				continue
			}
			g, ok := number(v)
			if !ok || g != math.Trunc(g) || g < 1 || g > float64(n) {
				return &DataError{Key: "cells", Detail: fmt.Sprintf("given %v at R%dC%d", v, r+1, c+1)}
			}
			d.p.Givens[r*n+c] = int(g)
		}
	}
	return d.regions()
}

// regions reads the regions; the standard boxes give Regions nil.
func (d *sclDecoder) regions() error {
	n := d.p.Size
	rs, ok := d.root["regions"].([]any)
	if !ok {
		if _, w := BoxSize(n); w == n {
			return &DataError{Key: "regions", Detail: "no regions for a prime size"}
		}
		return nil
	}
	labels := make([]int, n*n)
	for i := range labels {
		labels[i] = -1
	}
	for k, r := range rs {
		cells, _ := r.([]any)
		for _, rc := range cells {
			c, err := d.rc(rc)
			if err != nil {
				return &DataError{Key: "regions", Detail: err.Error()}
			}
			labels[c.Row*n+c.Col] = k
		}
	}
	if slices.Contains(labels, -1) {
		d.unsupported("Cells outside every region")
		return nil
	}
	labels = canonicalRegions(labels)
	if err := checkRegions(labels, n); err != nil {
		return &DataError{Key: "regions", Detail: err.Error()}
	}
	if !slices.Equal(labels, canonicalRegions(standardRegions(n))) {
		d.p.Regions = labels
	}
	return nil
}

// canonicalRegions renumbers regions in the order their first cells come,
// row by row.
func canonicalRegions(labels []int) []int {
	seen := map[int]int{}
	out := make([]int, len(labels))
	for i, l := range labels {
		if _, ok := seen[l]; !ok {
			seen[l] = len(seen)
		}
		out[i] = seen[l]
	}
	return out
}

// rc reads a [row, col] cell inside the grid.
func (d *sclDecoder) rc(v any) (Cell, error) {
	pair, _ := v.([]any)
	if len(pair) != 2 {
		return Cell{}, fmt.Errorf("cell %v", v)
	}
	r, ok1 := number(pair[0])
	c, ok2 := number(pair[1])
	n := float64(d.p.Size)
	if !ok1 || !ok2 || r != math.Trunc(r) || c != math.Trunc(c) || r < 0 || c < 0 || r >= n || c >= n {
		return Cell{}, fmt.Errorf("cell %v", v)
	}
	return Cell{int(r), int(c)}, nil
}

// cages reads killer cages, extra regions and the pseudo-cages that hold
// the title, the author and the rules.
func (d *sclDecoder) cages() error {
	var rules []string
	for _, cage := range list(d.root["cages"]) {
		raw, hasCells := cage["cells"].([]any)
		if !hasCells {
			key, val, ok := strings.Cut(text(cage["value"]), ":")
			val = strings.TrimSpace(val)
			switch {
			case !ok:
				d.unsupported("a cage without cells (%.40q)", text(cage["value"]))
			case key == "title" && val != "Untitled":
				d.p.Title = val
			case key == "author" && val != "Unknown":
				d.p.Author = val
			case key == "rules":
				rules = append(rules, val)
			case key == "solution":
				d.p.Solution = storedSolution(val, d.p.Size)
			case key != "title" && key != "author" && !sclHarmlessMeta[key]:
				d.unsupported("SudokuPad's %q", key)
			}
			continue
		}
		cells := make([]Cell, 0, len(raw))
		for _, rc := range raw {
			c, err := d.rc(rc)
			if err != nil {
				return &DataError{Key: "cages", Detail: err.Error()}
			}
			cells = append(cells, c)
		}
		if err := d.cage(cage, cells); err != nil {
			return err
		}
	}
	d.p.Rules = strings.Join(rules, "\n")
	if d.p.Rules == sclDefaultRules {
		d.p.Rules = ""
	}
	d.noRules = strings.TrimSpace(d.p.Rules) == ""
	return nil
}

// sclDefaultRules is what the converter writes when a puzzle has none.
const sclDefaultRules = "No rules provided for this puzzle. Please check the related video or website for rules."

// sclHarmlessMeta are pseudo-cage and metaData keys that say nothing about
// the solution.
var sclHarmlessMeta = map[string]bool{
	"solution": true, "msgcorrect": true, "msgincorrect": true, "title": true, "author": true, "rules": true,
}

// cage reads one cage with cells.
func (d *sclDecoder) cage(cage map[string]any, cells []Cell) error {
	keys := slices.Sorted(maps.Keys(cage))
	switch {
	case cage["unique"] == true && subset(keys, "cells", "unique", "value", "sum"):
		n := d.p.Size
		sum := 0
		if v := text(cage["value"]); v != "" {
			f, ok := number(cage["value"])
			if !ok || f != math.Trunc(f) || f < 1 || f > float64(n*(n+1)/2) {
				d.unsupported("a cage with the clue %.20q", v)
				return nil
			}
			sum = int(f)
		}
		if s, ok := cage["sum"]; ok && text(s) != strconv.Itoa(sum) {
			d.unsupported("a cage whose sum %v is not its clue", s)
			return nil
		}
		d.add(Killer{cells, sum})
	case cage["unique"] == false && cage["hidden"] == true:
		d.unsupported("Cells outside every region")
	case slices.Equal(keys, []string{"cells"}):
		d.extra = append(d.extra, cells)
	default:
		d.unsupported("a cage I can't identify (%s)", strings.Join(keys, ", "))
	}
	return nil
}

// subset reports whether every key is one of allowed.
func subset(keys []string, allowed ...string) bool {
	for _, k := range keys {
		if !slices.Contains(allowed, k) {
			return false
		}
	}
	return true
}

// metaData reads anti-knight and anti-king.
func (d *sclDecoder) metaData() error {
	d.meta = map[string]bool{}
	m, _ := d.root["metaData"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(m)) {
		switch v := m[k]; {
		case k == "antiknight" || k == "antiking":
			if v == true {
				d.meta[k] = true
				d.add(Global{k})
			} else if v != false {
				d.unsupported("SudokuPad's %q = %v", k, v)
			}
		case !sclHarmlessMeta[k]:
			d.unsupported("SudokuPad's %q", k)
		}
	}
	return nil
}
