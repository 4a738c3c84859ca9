package variant

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// UnsupportedError names the rules of a puzzle that we do not read yet, in
// words for a user ("Between lines"), in the order the data holds them.
type UnsupportedError struct {
	Names []string
	// Partial is what a decoder read of the puzzle before it stopped:
	// its size, givens, regions and the solution its setter stored (its
	// constraints are not all there); nil when it read too little. A
	// stored solution still checks an answer.
	Partial *Puzzle
}

// Error returns the names, for logs.
func (e *UnsupportedError) Error() string {
	return "variant: unsupported constraints: " + strings.Join(e.Names, ", ")
}

// DataError says which part of a puzzle's data is malformed: Key is the
// f-puzzles key ("grid", "killercage", …). It wraps ErrDamaged.
type DataError struct {
	Key    string
	Detail string
}

// Error returns the key and what is wrong with it, for logs.
func (e *DataError) Error() string {
	return fmt.Sprintf("variant: puzzle data %q: %s", e.Key, e.Detail)
}

// Unwrap returns ErrDamaged.
func (e *DataError) Unwrap() error { return ErrDamaged }

// unsupported are the f-puzzles rules (and those of the
// Fpuzzles-NewConstraints userscript) we know but do not read yet, with
// their names for a user.
var unsupported = map[string]string{
	"nabner": "Nabner lines", "indexer": "Indexing",
	"battlefield": "Battlefield", "chaosconstruction": "Chaos construction",
	"globalentropy": "Global entropy", "globalparity": "Global parity",
}

// cosmetic are f-puzzles keys that only draw, or configure f-puzzles'
// own solver, and say nothing about the solution.
var cosmetic = map[string]bool{
	"line": true, "text": true, "circle": true, "rectangle": true, "cage": true,
	"disabledlogic": true, "truecandidatesoptions": true, "solution": true,
	"title": true, "author": true, "ruleset": true, "size": true, "grid": true,
}

// DecodeFPuzzles reads f-puzzles' JSON (as Link.Data returns it) into a
// Puzzle. It returns an *UnsupportedError naming every rule it does not
// read (never leaving one out, so no solver answers a different puzzle)
// and a *DataError when the data is malformed.
func DecodeFPuzzles(data string) (*Puzzle, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(data), &raw); err != nil {
		return nil, &DataError{Key: "(json)", Detail: err.Error()}
	}
	var head struct {
		Size   int    `json:"size"`
		Title  string `json:"title"`
		Author string `json:"author"`
		Rules  string `json:"ruleset"`
	}
	if err := json.Unmarshal([]byte(data), &head); err != nil {
		return nil, &DataError{Key: "size", Detail: err.Error()}
	}
	if head.Size < 3 || head.Size > 16 {
		return nil, &DataError{Key: "size", Detail: fmt.Sprintf("size %d", head.Size)}
	}
	d := &decoder{p: &Puzzle{Size: head.Size, Title: head.Title, Author: head.Author, Rules: head.Rules}}
	if err := d.grid(raw["grid"]); err != nil {
		return nil, err
	}
	d.p.Solution = fpuzzlesSolution(raw["solution"], head.Size)
	var names []string
	for _, key := range slices.Sorted(maps.Keys(raw)) {
		if cosmetic[key] || isEmpty(raw[key]) {
			continue
		}
		read, ok := readers[key]
		if !ok {
			name := unsupported[key]
			if name == "" {
				name = fmt.Sprintf("%q", key)
			}
			names = append(names, name)
			continue
		}
		if err := read(d, raw[key]); err != nil {
			var u *UnsupportedError
			if errors.As(err, &u) {
				names = append(names, u.Names...)
				continue
			}
			return nil, &DataError{Key: key, Detail: err.Error()}
		}
	}
	names = append(names, d.decorations(raw)...)
	if len(names) > 0 {
		return nil, &UnsupportedError{Names: names, Partial: d.p}
	}
	return d.p, nil
}

// isEmpty reports whether a key's value says nothing: false, null, [] or {}.
func isEmpty(v json.RawMessage) bool {
	switch strings.TrimSpace(string(v)) {
	case "", "false", "null", "[]", "{}", `""`:
		return true
	}
	return false
}

// decoder holds the puzzle being read.
type decoder struct{ p *Puzzle }

// add appends a constraint.
func (d *decoder) add(c Constraint) { d.p.Constraints = append(d.p.Constraints, c) }

// cell reads an f-puzzles cell name; outside lets it be a clue position
// around the grid (row or column 0 or Size+1).
func (d *decoder) cell(s string, outside bool) (Cell, error) {
	up := strings.ToUpper(s)
	rs, cs, ok := strings.Cut(strings.TrimPrefix(up, "R"), "C")
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if !strings.HasPrefix(up, "R") || !ok || err1 != nil || err2 != nil {
		return Cell{}, fmt.Errorf("cell %q", s)
	}
	lo, hi := 1, d.p.Size
	if outside {
		lo, hi = 0, d.p.Size+1
	}
	if r < lo || r > hi || c < lo || c > hi {
		return Cell{}, fmt.Errorf("cell %q outside the grid", s)
	}
	return Cell{r - 1, c - 1}, nil
}

// cells reads a list of cells inside the grid; it needs at least min.
func (d *decoder) cells(names []string, min int) ([]Cell, error) {
	if len(names) < min {
		return nil, fmt.Errorf("%d cells, want at least %d", len(names), min)
	}
	out := make([]Cell, len(names))
	for i, s := range names {
		c, err := d.cell(s, false)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// pair reads the two cells of a dot or an XV.
func (d *decoder) pair(names []string) ([2]Cell, error) {
	cs, err := d.cells(names, 2)
	if err == nil && len(cs) != 2 {
		err = fmt.Errorf("%d cells, want 2", len(cs))
	}
	if err != nil {
		return [2]Cell{}, err
	}
	return [2]Cell{cs[0], cs[1]}, nil
}

// value is a clue's value: f-puzzles writes a string ("11", "X") and
// sometimes a number.
type value struct {
	s   string
	set bool
}

// UnmarshalJSON reads a string or a number.
func (v *value) UnmarshalJSON(b []byte) error {
	v.set = true
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &v.s)
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	v.s = n.String()
	return nil
}

// int returns the value as a whole number in lo..hi, or def when it is
// absent or empty.
func (v value) int(def, lo, hi int) (int, error) {
	s := strings.TrimSpace(v.s)
	if !v.set || s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("value %q, want a number %d to %d", v.s, lo, hi)
	}
	return n, nil
}

// gridCell is one cell of f-puzzles' grid.
type gridCell struct {
	Value  int  `json:"value"`
	Given  bool `json:"given"`
	Region *int `json:"region"`
	// hasRegion is set when the key is present, even as null.
	hasRegion bool
}

// UnmarshalJSON reads a cell and notes whether it names its region.
func (g *gridCell) UnmarshalJSON(b []byte) error {
	type plain gridCell
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(b, &keys); err != nil {
		return err
	}
	_, g.hasRegion = keys["region"]
	return json.Unmarshal(b, (*plain)(g))
}

// grid reads the givens and the regions.
func (d *decoder) grid(raw json.RawMessage) error {
	n := d.p.Size
	var g [][]gridCell
	if err := json.Unmarshal(raw, &g); err != nil {
		return &DataError{Key: "grid", Detail: err.Error()}
	}
	if len(g) != n {
		return &DataError{Key: "grid", Detail: fmt.Sprintf("%d rows, want %d", len(g), n)}
	}
	d.p.Givens = make([]int, n*n)
	regions := standardRegions(n)
	custom := false
	for r, row := range g {
		if len(row) != n {
			return &DataError{Key: "grid", Detail: fmt.Sprintf("row %d has %d cells, want %d", r+1, len(row), n)}
		}
		for c, cell := range row {
			if cell.Given && cell.Value != 0 {
				if cell.Value < 1 || cell.Value > n {
					return &DataError{Key: "grid", Detail: fmt.Sprintf("given %d at R%dC%d", cell.Value, r+1, c+1)}
				}
				d.p.Givens[r*n+c] = cell.Value
			}
			if !cell.hasRegion {
				continue
			}
			if cell.Region == nil {
				return &UnsupportedError{Names: []string{"Cells outside every region"}}
			}
			regions[r*n+c] = *cell.Region
			custom = true
		}
	}
	if err := checkRegions(regions, n); err != nil {
		return &DataError{Key: "grid", Detail: err.Error()}
	}
	if custom && !slices.Equal(regions, standardRegions(n)) {
		d.p.Regions = regions
	}
	return nil
}

// BoxSize returns the height and width of the standard boxes of a size-n
// grid, as f-puzzles draws them: the most nearly square h×w with h ≤ w. A
// prime n gives 1×n, which is no box at all: such grids need their own
// regions.
func BoxSize(n int) (h, w int) {
	h = 1
	for i := 1; i*i <= n; i++ {
		if n%i == 0 {
			h = i
		}
	}
	return h, n / h
}

// standardRegions returns each cell's standard box; for prime sizes, -1.
func standardRegions(n int) []int {
	h, w := BoxSize(n)
	out := make([]int, n*n)
	for i := range out {
		r, c := i/n, i%n
		out[i] = r/h*(n/w) + c/w
		if h == 1 {
			out[i] = -1
		}
	}
	return out
}

// checkRegions checks that every region 0..n-1 has n cells.
func checkRegions(regions []int, n int) error {
	count := make([]int, n)
	for i, r := range regions {
		if r < 0 || r >= n {
			return fmt.Errorf("R%dC%d is in no region 1 to %d", i/n+1, i%n+1, n)
		}
		count[r]++
	}
	for r, k := range count {
		if k != n {
			return fmt.Errorf("region %d has %d cells, want %d", r+1, k, n)
		}
	}
	return nil
}
