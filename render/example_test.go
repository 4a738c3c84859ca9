package render_test

import (
	"fmt"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

func ExampleText() {
	g, err := solver.Parse("1...\n..2.\n.3..\n...4")
	if err != nil {
		panic(err)
	}
	fmt.Print(render.Text(g))
	// Output:
	// 1 . | . .
	// . . | 2 .
	// ----+----
	// . 3 | . .
	// . . | . 4
}
