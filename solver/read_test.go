package solver

import (
	"errors"
	"os"
	"path/filepath"
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

func TestReadPuzzleFileNamesTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(path, []byte("123\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadPuzzleFile(path); err == nil || !strings.HasPrefix(err.Error(), path+" line 1: ") {
		t.Errorf("ReadPuzzleFile(bad) error = %v, want it to name the file and line", err)
	}
	if _, err := ReadPuzzleFile(path + ".missing"); err == nil {
		t.Error("a missing file gave no error")
	}
}
