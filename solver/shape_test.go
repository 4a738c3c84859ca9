package solver

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestShapeIsDisguiseProof: a solution in any disguise has its shape, and
// solutions that are not equivalent mostly have other shapes.
func TestShapeIsDisguiseProof(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var sols []Grid
	for _, p := range []string{classic, inkala} {
		g, err := Parse(p)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Solve(context.Background(), g, 1)
		if err != nil || res.Count != 1 {
			t.Fatalf("Solve(%s) = %v, %v", p, res.Count, err)
		}
		sols = append(sols, res.Solutions[0])
	}
	for _, s := range sols {
		want := ShapeOf(s)
		for range 50 {
			if got := ShapeOf(disguise(s, rng)); got != want {
				t.Fatalf("ShapeOf(a disguise of %s) = %v, want %v", s, got, want)
			}
		}
	}
	if ShapeOf(sols[0]) == ShapeOf(sols[1]) {
		t.Errorf("two solutions that are not equivalent have one shape: %v", ShapeOf(sols[0]))
	}
	if ShapeOf(Grid{}) != (Shape{}) {
		t.Error("the zero grid has a shape")
	}
}

// inkala is a hard puzzle with a solution not equivalent to classic's.
const inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

// BenchmarkShapeOf is the cost of a solution's shape.
func BenchmarkShapeOf(b *testing.B) {
	g, _ := Parse(classic)
	res, _ := Solve(context.Background(), g, 1)
	for b.Loop() {
		ShapeOf(res.Solutions[0])
	}
}
