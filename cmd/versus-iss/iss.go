package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/variant"
)

// clue is an f-puzzles value: a string ("11", "X") or a number.
type clue string

// UnmarshalJSON reads a string or a number.
func (c *clue) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*c = clue(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*c = clue(n.String())
	return nil
}

// item is one f-puzzles constraint entry; each key uses some fields.
type item struct {
	Cell      string     `json:"cell"`
	Cells     []string   `json:"cells"`
	Lines     [][]string `json:"lines"`
	Value     clue       `json:"value"`
	Direction string     `json:"direction"`
}

// gridCell is one cell of f-puzzles' grid.
type gridCell struct {
	Value  int  `json:"value"`
	Given  bool `json:"given"`
	Region *int `json:"region"`
}

// fpuz is the part of an f-puzzles puzzle that ISS is told about.
type fpuz struct {
	Size int          `json:"size"`
	Grid [][]gridCell `json:"grid"`
	keys map[string]json.RawMessage
}

// ignored are the f-puzzles keys that say nothing about the solution.
var ignored = map[string]bool{
	"line": true, "text": true, "circle": true, "rectangle": true, "cage": true,
	"disabledlogic": true, "truecandidatesoptions": true, "solution": true,
	"title": true, "author": true, "ruleset": true, "size": true, "grid": true,
}

// toISS returns ISS's constraint string for f-puzzles JSON, or an error
// naming a key it does not translate (so ISS never answers a different
// puzzle). It is our own reading of the f-puzzles meanings in the shared
// set's README into ISS's constraint syntax.
func toISS(data string) (string, error) {
	var f fpuz
	if err := json.Unmarshal([]byte(data), &f); err != nil {
		return "", fmt.Errorf("f-puzzles json: %w", err)
	}
	if err := json.Unmarshal([]byte(data), &f.keys); err != nil {
		return "", fmt.Errorf("f-puzzles json: %w", err)
	}
	if f.Size < 4 || f.Size > 16 || len(f.Grid) != f.Size {
		return "", fmt.Errorf("f-puzzles size %d", f.Size)
	}
	var sb strings.Builder
	if f.Size != 9 {
		fmt.Fprintf(&sb, ".Shape~%dx%d", f.Size, f.Size)
	}
	sb.WriteString(f.givensAndRegions())
	keys := make([]string, 0, len(f.keys))
	for k := range f.keys {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		s, err := f.key(k)
		if err != nil {
			return "", fmt.Errorf("f-puzzles %q: %w", k, err)
		}
		sb.WriteString(s)
	}
	return sb.String(), nil
}

// cellID returns ISS's id of an f-puzzles cell name (R10C16 is Rag: ISS
// writes rows and columns in base 17).
func cellID(name string) (string, error) {
	var r, c int
	if _, err := fmt.Sscanf(name, "R%dC%d", &r, &c); err != nil {
		return "", fmt.Errorf("cell %q", name)
	}
	return "R" + strconv.FormatInt(int64(r), 17) + "C" + strconv.FormatInt(int64(c), 17), nil
}

// cellList returns "~id~id…" for cells.
func cellList(cells []string) (string, error) {
	var sb strings.Builder
	for _, n := range cells {
		id, err := cellID(n)
		if err != nil {
			return "", err
		}
		sb.WriteString("~" + id)
	}
	return sb.String(), nil
}

// boxOf returns the index of the box holding a cell, as f-puzzles
// numbers regions.
func boxOf(n, r, c int) int {
	h, w := variant.BoxSize(n)
	return r/h*(n/w) + c/w
}

// givensAndRegions returns the givens and, on an irregular grid, the
// Jigsaw layout (without ISS's boxes, which it otherwise keeps).
func (f *fpuz) givensAndRegions() string {
	var sb strings.Builder
	var layout []byte
	irregular := false
	for r, row := range f.Grid {
		for c, g := range row {
			if g.Given && g.Value > 0 {
				id, _ := cellID(fmt.Sprintf("R%dC%d", r+1, c+1))
				fmt.Fprintf(&sb, ".~%s_%d", id, g.Value)
			}
			region := boxOf(f.Size, r, c)
			if g.Region != nil {
				region, irregular = *g.Region, true
			}
			layout = append(layout, "0123456789ABCDEFGHIJ"[region%20])
		}
	}
	if irregular {
		sb.WriteString(".NoBoxes.Jigsaw~" + string(layout))
	}
	return sb.String()
}
