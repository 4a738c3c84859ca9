package picture

import (
	_ "embed"
	"sync"

	"github.com/sudokubot/sudokubot/internal/nn"
)

// Classes is how many things a cell can hold, as the classifier numbers
// them: 0 blank (pencil marks included), 1–9 a printed digit, 10–18 a
// digit a player wrote in.
const Classes = 19

// Class returns the class of a cell holding digit d (0 for none), written
// in by a player or printed.
func Class(d int, written bool) int {
	switch {
	case d == 0:
		return 0
	case written:
		return 9 + d
	}
	return d
}

// Inputs returns, for each cell row by row, what the classifier reads: the
// cell's digit scaled into a square, and how its size, place and ink
// compare with the other cells'. The training program fits the classifier
// on these.
func (b *Board) Inputs() [81][]float32 { return inputs(b) }

// InkContrast returns, from a cell's inputs x, how dark its mark is
// against the board's digits: 0 for no mark, 0.5 as dark as the board's
// strongest digits.
func InkContrast(x []float32) float32 { return x[GlyphSide*GlyphSide+fContrast] }

//go:embed model.bin
var modelFile []byte

// model is the classifier, read from modelFile once.
var model = sync.OnceValue(func() nn.Ensemble { return mustModel(modelFile) })

// mustModel reads a model's weights, which must fit the reader.
func mustModel(data []byte) nn.Ensemble {
	e, err := nn.ReadEnsemble(data)
	if err != nil || e.Inputs() != Inputs || e.Outputs() != Classes {
		panic("picture: the model does not fit the reader; run go run ./cmd/train")
	}
	return e
}
