package solver

import (
	"errors"
	"strings"
	"testing"
)

func TestReadPuzzles(t *testing.T) {
	const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	grids, err := ReadPuzzles(strings.NewReader(classic + " 2.3\n\n  \n" + strings.ReplaceAll(classic, ".", "0") + "\n"))
	if err != nil || len(grids) != 2 || grids[0] != grids[1] {
		t.Fatalf("ReadPuzzles = %d grids, %v; want the same puzzle twice", len(grids), err)
	}
	_, err = ReadPuzzles(strings.NewReader(classic + "\n\n" + classic[:79] + "\n"))
	var pe *ParseError
	if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), "line 3: ") {
		t.Errorf("ReadPuzzles(short puzzle on line 3) error = %v, want a *ParseError naming line 3", err)
	}
}
