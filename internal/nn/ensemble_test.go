package nn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestEnsemble: nets written back to back read as one ensemble whose
// probabilities are the nets' mean; a file that is not whole nets, or
// nets that read different inputs, is refused.
func TestEnsemble(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	a := NewConv(8, []int{3, 4}, []int{3, 3}, 2, []int{5, 3}, rnd.Float64)
	b := NewConv(8, []int{3, 4}, []int{3, 3}, 2, []int{5, 3}, rnd.Float64)
	da, _ := a.MarshalBinary()
	db, _ := b.MarshalBinary()
	e, err := ReadEnsemble(append(append([]byte{}, da...), db...))
	if err != nil || len(e) != 2 {
		t.Fatalf("ReadEnsemble = %d nets, %v; want 2", len(e), err)
	}
	x := make([]float32, e.Inputs())
	for i := range x {
		x[i] = rnd.Float32()
	}
	// the file keeps half-precision weights: compare with the nets as read
	var ra, rb Net
	_ = ra.UnmarshalBinary(da)
	_ = rb.UnmarshalBinary(db)
	pa, pb, pe := ra.Forward(x), rb.Forward(x), e.Forward(x)
	if pa[0] == pb[0] {
		t.Fatal("two nets drawn apart give the same probability: the test cannot tell a mean")
	}
	for c := range pe {
		if want := (pa[c] + pb[c]) / 2; math.Abs(float64(pe[c]-want)) > 1e-6 {
			t.Errorf("class %d: %v, want the mean %v", c, pe[c], want)
		}
	}
	other, _ := New([]int{3, 2}, rnd.Float64).MarshalBinary()
	for name, data := range map[string][]byte{
		"nothing":       nil,
		"a cut net":     append(append([]byte{}, da...), db[:len(db)/2]...),
		"trailing byte": append(append([]byte{}, da...), 0),
		"unlike nets":   append(append([]byte{}, da...), other...),
	} {
		if _, err := ReadEnsemble(data); err == nil {
			t.Errorf("%s: read as an ensemble", name)
		}
	}
}

// FuzzReadEnsemble: any bytes are an ensemble or an error, never a panic.
func FuzzReadEnsemble(f *testing.F) {
	n := New([]int{3, 2}, rand.New(rand.NewPCG(1, 1)).Float64)
	data, _ := n.MarshalBinary()
	f.Add(append(append([]byte{}, data...), data...))
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		if e, err := ReadEnsemble(data); err == nil && (len(e) == 0 || e.Inputs() == 0) {
			t.Error("an empty ensemble, or one with no inputs")
		}
	})
}

// TestReadNetLaysOutWeightsOnce: a net read keeps its blocks' weights laid
// out for the vector kernel, and reads as it does when they are laid out
// afresh each pass (as a net in training is).
func TestReadNetLaysOutWeightsOnce(t *testing.T) {
	rnd := rand.New(rand.NewPCG(9, 10))
	data, _ := NewConv(12, []int{4, 8}, []int{3, 3}, 2, []int{6, 3}, rnd.Float64).MarshalBinary()
	var read Net
	if err := read.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	fresh := read
	fresh.Convs = append([]Conv(nil), read.Convs...)
	for k := range read.Convs {
		if read.Convs[k].wt == nil {
			t.Fatalf("block %d: no weights laid out when read", k)
		}
		fresh.Convs[k].wt = nil
	}
	x := make([]float32, read.Inputs())
	for i := range x {
		x[i] = rnd.Float32()
	}
	got, want := read.Forward(x), fresh.Forward(x)
	for c := range want {
		if got[c] != want[c] {
			t.Errorf("class %d: %v with the weights laid out once, %v afresh", c, got[c], want[c])
		}
	}
}
