package solver

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver/internal/geom"
)

// TestImportsOnlyStandardLibrary keeps the search pure and the calls one
// way: this package may import the standard library and its own internal
// packages, never solver/logic (which imports it) nor anything outside.
func TestImportsOnlyStandardLibrary(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(path, "/")
			if strings.Contains(first, ".") && !strings.Contains(path, "/solver/internal/") {
				t.Errorf("%s imports %s: the solver imports only the standard library and solver/internal", name, path)
			}
		}
	}
}

// TestGeometryMatchesGrid checks that the shared unit tables number cells,
// units and boxes as Grid and UnitCells do.
func TestGeometryMatchesGrid(t *testing.T) {
	for _, n := range Sizes {
		g, _ := NewGrid(n)
		geo := geom.For(n)
		for u, unit := range geo.Units {
			cells := UnitCells(g, UnitKind(u/n), u%n)
			for j, i := range unit {
				if want := cells[j].Row*n + cells[j].Col; int(i) != want {
					t.Fatalf("%d×%d: unit %d cell %d = %d, want %d", n, n, u, j, i, want)
				}
			}
		}
		for i := 0; i < n*n; i++ {
			if box := g.Box(i/n, i%n); geo.BoxOf[i] != box {
				t.Fatalf("%d×%d: BoxOf[%d] = %d, want %d", n, n, i, geo.BoxOf[i], box)
			}
			if len(geo.Peers[i]) != 3*(n-1)-(g.BoxRows()-1)-(g.BoxCols()-1) {
				t.Fatalf("%d×%d: cell %d has %d peers", n, n, i, len(geo.Peers[i]))
			}
		}
	}
}
