package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokubot/sudokubot/internal/nn"
	"github.com/sudokubot/sudokubot/picture"
)

// TestStartFrom: -init reads the chosen net of a weights file of several,
// and refuses a net it does not hold or one of another shape.
func TestStartFrom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var file []byte
	var nets []*nn.Net
	for range 2 {
		n := nn.NewConv(picture.GlyphSide, []int{2, 2}, []int{5, 3}, picture.Scalars, []int{4, picture.Classes}, r.Float64)
		data, err := n.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		file, nets = append(file, data...), append(nets, n)
	}
	path := filepath.Join(t.TempDir(), "two.bin")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	x := make([]float32, picture.Inputs)
	for i := range x {
		x[i] = float32(i%7) / 7
	}
	for k, want := range nets {
		got, err := startFrom(path, k)
		if err != nil {
			t.Fatalf("net %d: %v", k, err)
		}
		// weights are stored as halves, so compare the outputs loosely
		a, b := got.Forward(x), want.Forward(x)
		for c := range a {
			if d := a[c] - b[c]; d > 0.01 || d < -0.01 {
				t.Fatalf("net %d reads class %d as %.3f, the net written %.3f", k, c, a[c], b[c])
			}
		}
	}
	if _, err := startFrom(path, 2); err == nil {
		t.Error("a third net of a file of two was read")
	}
	small := nn.New([]int{3, 4}, r.Float64)
	data, _ := small.MarshalBinary()
	other := filepath.Join(t.TempDir(), "small.bin")
	if err := os.WriteFile(other, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := startFrom(other, 0); err == nil {
		t.Error("a net of 3 inputs and 4 classes was taken for the reader's")
	}
}
