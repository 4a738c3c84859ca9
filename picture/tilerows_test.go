package picture

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sudokubot/sudokubot/internal/photoset"
)

// sudokuPlayDir holds the sudoku-play screenshots, whose rows of pencil
// marks grow taller than the others.
var sudokuPlayDir = filepath.Join(appsDir, "sudoku-play")

// TestUnevenRowsLattice: the lattice of a sudoku-play screenshot whose
// rows of pencil marks are half as tall again as the others follows each
// row, not an even split of the grid; and when the grown rows push the
// last one out of the grid's frame, leaving a sliver too thin for a tile,
// the rows shown are still the first eight.
func TestUnevenRowsLattice(t *testing.T) {
	tests := []struct {
		file string
		// The middles of the frame and of the gaps between rows, measured
		// down the picture's pixels; 0 where none is shown.
		want [10]float64
	}{
		{"g00-s1-light-phone.webp", [10]float64{888, 981, 1146, 1240, 1335, 1431, 1525, 1623, 1788, 1956}},
		{"g01-s1-light-phone.webp", [10]float64{888, 978, 1143, 1315, 1404, 1491, 1586, 1752, 1917, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			l := mustLattice(t, filepath.Join(sudokuPlayDir, tt.file))
			for i, y := range tt.want {
				if got := l[i][4].Y; y > 0 && abs(got-y) > 6 {
					t.Errorf("line %d at y %.0f, want %.0f ± 6", i, got, y)
				}
			}
		})
	}
}

// mustLattice returns the lattice findLattice finds in a picture file,
// or fails the test.
func mustLattice(t *testing.T, file string) lattice {
	t.Helper()
	data := mustRead(t, file)
	hd, err := check(data)
	if err != nil {
		t.Fatal(err)
	}
	_, g, _, err := decode(context.Background(), data, hd)
	if err != nil {
		t.Fatal(err)
	}
	l, ok := findLattice(g)
	if !ok {
		t.Fatal("findLattice found no grid")
	}
	return l
}

// TestReadUnevenRows: a sudoku-play screenshot with rows of pencil marks
// taller than the others is read with its givens exact.
func TestReadUnevenRows(t *testing.T) {
	p, r := readAppShot(t, sudokuPlayDir, "g05-s1-light-phone.webp")
	if got := r.Givens(); got != p.Givens {
		t.Errorf("Read(%s) givens = %s, want %s", p.File, got, p.Givens)
	}
}

// readAppShot reads the screenshot file of the app in dir, and returns its
// labels and its reading.
func readAppShot(t *testing.T, dir, file string) (photoset.Photo, *Reading) {
	t.Helper()
	shots, err := photoset.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range shots {
		if p.File == file {
			r, err := Read(context.Background(), mustRead(t, filepath.Join(dir, p.File)))
			if err != nil {
				t.Fatal(err)
			}
			return p, r
		}
	}
	t.Fatalf("%s is not in %s's manifest", file, dir)
	return photoset.Photo{}, nil
}
