package solver

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// ReadPuzzles parses the first field of every non-blank line of r, as
// puzzle files hold them (anything after the puzzle, a rating say, is
// ignored). The error names the line of the first puzzle that does not
// parse ("line 3: …").
func ReadPuzzles(r io.Reader) ([]Grid, error) {
	var grids []Grid
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		g, err := Parse(fields[0])
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		grids = append(grids, g)
	}
	return grids, sc.Err()
}

// ReadPuzzleFile is ReadPuzzles on the named file; the error names it.
func ReadPuzzleFile(name string) ([]Grid, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	grids, err := ReadPuzzles(f)
	if err != nil {
		return nil, fmt.Errorf("%s %w", name, err)
	}
	return grids, nil
}
