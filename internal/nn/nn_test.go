package nn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestLearnsAndRoundTrips: a net learns a task that is not linearly
// separable (which of four quadrants a point is in, by parity), and its
// weights file reads back to the same answers.
func TestLearnsAndRoundTrips(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	n := New([]int{2, 16, 2}, rnd.Float64)
	tr := &Trainer{Net: n, Rate: 0.01, Workers: 2}
	sample := func() Example {
		x, y := rnd.Float32()*2-1, rnd.Float32()*2-1
		c := 0
		if x*y > 0 {
			c = 1
		}
		return Example{X: []float32{x, y}, Class: c}
	}
	for range 3000 {
		batch := make([]Example, 32)
		for i := range batch {
			batch[i] = sample()
		}
		tr.Batch(batch)
	}
	right := 0
	tests := make([]Example, 1000)
	for i := range tests {
		tests[i] = sample()
		if p := n.Forward(tests[i].X); p[tests[i].Class] > 0.5 {
			right++
		}
	}
	if right < 900 {
		t.Fatalf("right on %d of 1000 after training, want at least 900", right)
	}
	data, err := n.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back Net
	if err := back.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	for _, ex := range tests[:100] {
		a, b := n.Forward(ex.X), back.Forward(ex.X)
		if math.Abs(float64(a[1]-b[1])) > 0.01 {
			t.Fatalf("read-back net says %v, the net %v", b, a)
		}
	}
}

func TestHalf(t *testing.T) {
	for _, f := range []float32{0, 1, -1, 0.5, 3.14159, -0.001, 65504, 1e-4, 12.375} {
		if got := fromHalf(toHalf(f)); math.Abs(float64(got-f)) > math.Abs(float64(f))*1e-3 {
			t.Errorf("half(%v) = %v", f, got)
		}
	}
	if got := fromHalf(toHalf(1e6)); got != 65504 {
		t.Errorf("half(1e6) = %v, want the largest half", got)
	}
}

// FuzzUnmarshal: any bytes are a net or an error, never a panic.
func FuzzUnmarshal(f *testing.F) {
	n := New([]int{3, 2}, rand.New(rand.NewPCG(1, 1)).Float64)
	data, _ := n.MarshalBinary()
	f.Add(data)
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		var n Net
		if n.UnmarshalBinary(data) == nil && n.Inputs() == 0 {
			t.Error("a net with no inputs")
		}
	})
}

// TestGradients: the trainer's gradients of a small convolutional net
// match the loss's slopes measured by nudging each of a sample of weights.
func TestGradients(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	n := NewConv(8, []int{3, 4}, []int{3, 3}, 2, []int{5, 3}, rnd.Float64)
	x := make([]float32, 8*8+2)
	for i := range x {
		x[i] = rnd.Float32()
	}
	ex := Example{X: x, Class: 2}
	tr := &Trainer{Net: n}
	g := make([]float32, tr.params())
	tr.backprop(ex, g)
	loss := func() float64 { return -math.Log(float64(n.Forward(x)[2])) }
	i := 0
	checked := 0
	for _, p := range n.params() {
		for j := range p {
			if i%7 == 0 {
				old := p[j]
				p[j] = old + 1e-2
				up := loss()
				p[j] = old - 1e-2
				down := loss()
				p[j] = old
				slope := (up - down) / 2e-2
				if math.Abs(slope-float64(g[i])) > 0.02+0.05*math.Abs(slope) {
					t.Errorf("parameter %d: gradient %v, slope %v", i, g[i], slope)
				}
				checked++
			}
			i++
		}
	}
	if checked < 20 {
		t.Fatalf("checked only %d parameters", checked)
	}
}

// TestConvRoundTrip: a convolutional net's file reads back to one giving
// the same answers.
func TestConvRoundTrip(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	n := NewConv(12, []int{4}, []int{5}, 3, []int{4}, rnd.Float64)
	data, _ := n.MarshalBinary()
	var back Net
	if err := back.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if back.Inputs() != 12*12+3 || n.Inputs() != 12*12+3 {
		t.Fatalf("inputs %d and %d, want %d", n.Inputs(), back.Inputs(), 12*12+3)
	}
	x := make([]float32, n.Inputs())
	for i := range x {
		x[i] = rnd.Float32()
	}
	a, b := n.Forward(x), back.Forward(x)
	for i := range a {
		if math.Abs(float64(a[i]-b[i])) > 0.01 {
			t.Fatalf("read back %v, was %v", b, a)
		}
	}
}

// TestConvInferMatchesTraining: the reading-only pass of a block gives the
// maps the training pass gives, on random weights and inputs, with one
// and with several input channels.
func TestConvInferMatchesTraining(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, shape := range [][3]int{{1, 8, 5}, {8, 16, 3}, {2, 6, 3}} {
		c := newConv(shape[0], shape[1], shape[2], 14, r.Float64)
		for i := range c.B {
			c.B[i] = float32(r.Float64() - 0.5)
		}
		x := make([]float32, c.In*c.Side*c.Side)
		for i := range x {
			x[i] = float32(r.Float64())
		}
		_, cache := c.forward(x, true)
		got := c.infer(x)
		for i := range got {
			if d := got[i] - cache.act[i]; d > 1e-4 || d < -1e-4 {
				t.Fatalf("%v: map value %d = %v, training pass %v", shape, i, got[i], cache.act[i])
			}
		}
		a, _ := c.forward(x, false)
		b, _ := c.pool(cache.act, true) // training's pool, which keeps its winners
		for i := range a {
			if d := a[i] - b[i]; d > 1e-4 || d < -1e-4 {
				t.Fatalf("%v: pooled value %d = %v, training pass %v", shape, i, a[i], b[i])
			}
		}
	}
}

// BenchmarkForward times one reading of a 28×28 glyph by a net of the
// picture reader's shape (blocks of 12 and 24 filters, 5×5 and 3×3).
func BenchmarkForward(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	n := NewConv(28, []int{12, 24}, []int{5, 3}, 8, []int{64, 19}, r.Float64)
	x := make([]float32, 28*28+8)
	for i := range x {
		x[i] = float32(r.Float64())
	}
	for b.Loop() {
		n.Forward(x)
	}
}

// TestVectorKernelMatchesScalar: the vector kernel's sums are plain Go's,
// for filter counts that fill one to five blocks of eight, partly or
// wholly, on every shape of patch the reader uses.
func TestVectorKernelMatchesScalar(t *testing.T) {
	if !vectorized {
		t.Skip("skipping: this CPU has no AVX2 and FMA, so plain Go's sums are the only ones")
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, shape := range [][3]int{{1, 12, 5}, {12, 24, 3}, {1, 1, 3}, {2, 8, 3}, {3, 17, 3}, {4, 32, 3}, {2, 40, 5}} {
		c := newConv(shape[0], shape[1], shape[2], 10, r.Float64)
		for i := range c.B {
			c.B[i] = float32(r.Float64() - 0.5)
		}
		x := make([]float32, c.In*c.Side*c.Side)
		for i := range x {
			x[i] = float32(r.Float64())
		}
		want, got := c.inferScalar(c.patches(x)), c.inferVector(x)
		for i := range want {
			if d := got[i] - want[i]; d > 1e-4 || d < -1e-4 {
				t.Fatalf("%v: map value %d = %v by the vector kernel, %v in plain Go", shape, i, got[i], want[i])
			}
		}
	}
}
