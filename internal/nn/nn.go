// Package nn is the small neural network that tells what a Sudoku cell
// holds: a multilayer perceptron (fully connected layers, ReLU between
// them, softmax at the end). The picture reader runs its forward pass with
// weights it embeds; the training program (cmd/train) runs the backward
// pass too. It is plain Go, float32, with no framework.
package nn

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// Layer is one fully connected layer: Out outputs, each a weighted sum of
// the In inputs plus a bias.
type Layer struct {
	In, Out int
	W       []float32 // Out rows of In weights
	B       []float32 // Out biases
}

// Net reads a square picture of Image×Image numbers followed by other
// numbers: the picture goes through the convolution blocks, their output
// is put before the other numbers, and all go through the fully connected
// layers in order, ReLU after each but the last and a softmax at the end.
// With no blocks, Image is 0 and every input goes to the layers.
type Net struct {
	Image  int
	Convs  []Conv
	Layers []Layer
}

// NewConv returns a net reading an image×image picture and extra numbers:
// blocks of the given filter counts and sizes (each halving the side),
// then layers of the given widths, the last the classes.
func NewConv(image int, filters, sizes []int, extra int, widths []int, rnd func() float64) *Net {
	n := &Net{Image: image}
	in, side := 1, image
	for k, f := range filters {
		n.Convs = append(n.Convs, newConv(in, f, sizes[k], side, rnd))
		in, side = f, side/2
	}
	dense := New(append([]int{in*side*side + extra}, widths...), rnd)
	n.Layers = dense.Layers
	return n
}

// New returns a net with the given widths (inputs first, outputs last),
// its weights drawn from rnd (He initialisation, suited to ReLU).
func New(widths []int, rnd func() float64) *Net {
	n := &Net{}
	for k := 1; k < len(widths); k++ {
		l := Layer{In: widths[k-1], Out: widths[k]}
		l.W = make([]float32, l.In*l.Out)
		l.B = make([]float32, l.Out)
		scale := math.Sqrt(2 / float64(l.In))
		for i := range l.W {
			l.W[i] = float32(gauss(rnd) * scale)
		}
		n.Layers = append(n.Layers, l)
	}
	return n
}

// gauss draws from the standard normal distribution (Box–Muller).
func gauss(rnd func() float64) float64 {
	u := max(rnd(), 1e-12)
	return math.Sqrt(-2*math.Log(u)) * math.Cos(2*math.Pi*rnd())
}

// Inputs is how many numbers the net reads.
func (n *Net) Inputs() int {
	if len(n.Convs) == 0 {
		return n.Layers[0].In
	}
	return n.Image*n.Image + n.Layers[0].In - n.Convs[len(n.Convs)-1].outputs()
}

// Outputs is how many classes the net tells apart.
func (n *Net) Outputs() int { return n.Layers[len(n.Layers)-1].Out }

// Forward returns the probability of each class for input x.
func (n *Net) Forward(x []float32) []float32 {
	x = n.features(x, nil)
	for k := range n.Layers {
		x = n.Layers[k].apply(x, k < len(n.Layers)-1)
	}
	softmax(x)
	return x
}

// features returns what the fully connected layers read for input x: the
// blocks' maps of its picture, then its other numbers. When caches is not
// nil, each block's cache is kept in it for the backward pass.
func (n *Net) features(x []float32, caches []convCache) []float32 {
	if len(n.Convs) == 0 {
		return x
	}
	area := n.Image * n.Image
	maps := x[:area]
	for k := range n.Convs {
		var c convCache
		maps, c = n.Convs[k].forward(maps, caches != nil)
		if caches != nil {
			caches[k] = c
		}
	}
	return append(maps, x[area:]...)
}

// apply returns the layer's outputs for x, clipped at zero when relu.
// Four outputs are summed together, so each input loaded serves four.
func (l *Layer) apply(x []float32, relu bool) []float32 {
	out := make([]float32, l.Out)
	x = x[:l.In]
	o := 0
	for ; o+4 <= l.Out; o += 4 {
		w0 := l.W[o*l.In : (o+1)*l.In][:len(x)]
		w1 := l.W[(o+1)*l.In : (o+2)*l.In][:len(x)]
		w2 := l.W[(o+2)*l.In : (o+3)*l.In][:len(x)]
		w3 := l.W[(o+3)*l.In : (o+4)*l.In][:len(x)]
		s0, s1, s2, s3 := l.B[o], l.B[o+1], l.B[o+2], l.B[o+3]
		for j, v := range x {
			s0 += w0[j] * v
			s1 += w1[j] * v
			s2 += w2[j] * v
			s3 += w3[j] * v
		}
		out[o], out[o+1], out[o+2], out[o+3] = s0, s1, s2, s3
	}
	for ; o < l.Out; o++ {
		out[o] = l.B[o] + dot(l.W[o*l.In:(o+1)*l.In], x)
	}
	if relu {
		for o, s := range out {
			out[o] = max(0, s)
		}
	}
	return out
}

func dot(a, b []float32) float32 {
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return s0 + s1 + s2 + s3
}

// softmax turns scores into probabilities, in place.
func softmax(x []float32) {
	top := x[0]
	for _, v := range x {
		top = max(top, v)
	}
	var sum float32
	for i, v := range x {
		x[i] = float32(math.Exp(float64(v - top)))
		sum += x[i]
	}
	for i := range x {
		x[i] /= sum
	}
}

// magic opens a weights file: the format and its version.
const magic = "SBNN2\n"

// MarshalBinary writes the net: magic, Image, the block count and each
// block's In, Out, K and Side, the layer count and each layer's In and
// Out, then every weight and bias in that order, little-endian halves
// (float16: a model half the size, and well within what a cell's reading
// needs).
func (n *Net) MarshalBinary() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(magic)
	put := func(vs ...int) {
		for _, v := range vs {
			_ = binary.Write(&b, binary.LittleEndian, uint32(v))
		}
	}
	put(n.Image, len(n.Convs))
	for _, c := range n.Convs {
		put(c.In, c.Out, c.K, c.Side)
	}
	put(len(n.Layers))
	for _, l := range n.Layers {
		put(l.In, l.Out)
	}
	for _, p := range n.params() {
		for _, w := range p {
			_ = binary.Write(&b, binary.LittleEndian, toHalf(w))
		}
	}
	return b.Bytes(), nil
}

// params returns the net's weights and biases, block by block then layer
// by layer: the order of the file and of the trainer's gradients.
func (n *Net) params() [][]float32 {
	var out [][]float32
	for k := range n.Convs {
		out = append(out, n.Convs[k].W, n.Convs[k].B)
	}
	for k := range n.Layers {
		out = append(out, n.Layers[k].W, n.Layers[k].B)
	}
	return out
}

// UnmarshalBinary reads what MarshalBinary wrote.
func (n *Net) UnmarshalBinary(data []byte) error {
	r := bytes.NewReader(data)
	if err := n.read(r); err != nil {
		return err
	}
	if r.Len() != 0 {
		return errors.New("nn: trailing bytes")
	}
	return nil
}

// read reads one net's weights from r, leaving what follows them.
func (n *Net) read(r *bytes.Reader) error {
	head := make([]byte, len(magic))
	if _, err := io.ReadFull(r, head); err != nil || string(head) != magic {
		return errors.New("nn: not a weights file")
	}
	get := func() int {
		var v uint32
		if binary.Read(r, binary.LittleEndian, &v) != nil || v > 1<<14 {
			return -1
		}
		return int(v)
	}
	*n = Net{Image: get()}
	convs := get()
	if n.Image < 0 || convs < 0 || convs > 8 {
		return errors.New("nn: bad header")
	}
	in, side := 1, n.Image
	for range convs {
		c := Conv{In: get(), Out: get(), K: get(), Side: get()}
		if c.In != in || c.Side != side || c.Out <= 0 || c.Out > 512 || c.K <= 0 || c.K > 9 || c.K%2 == 0 || c.Side < 2 {
			return errors.New("nn: blocks do not join")
		}
		if r.Len() < 2*c.Out*c.In*c.K*c.K {
			return errors.New("nn: short weights")
		}
		c.W, c.B = make([]float32, c.Out*c.In*c.K*c.K), make([]float32, c.Out)
		n.Convs = append(n.Convs, c)
		in, side = c.Out, side/2
	}
	layers := get()
	if layers <= 0 || layers > 16 {
		return errors.New("nn: bad layer count")
	}
	for range layers {
		l := Layer{In: get(), Out: get()}
		if l.In <= 0 || l.Out <= 0 || len(n.Layers) > 0 && n.Layers[len(n.Layers)-1].Out != l.In {
			return errors.New("nn: layers do not join")
		}
		if len(n.Convs) > 0 && len(n.Layers) == 0 && l.In < n.Convs[len(n.Convs)-1].outputs() {
			return errors.New("nn: layers do not join the blocks")
		}
		if r.Len() < 2*(l.In*l.Out+l.Out) {
			return errors.New("nn: short weights")
		}
		l.W, l.B = make([]float32, l.In*l.Out), make([]float32, l.Out)
		n.Layers = append(n.Layers, l)
	}
	for _, p := range n.params() {
		halves := make([]uint16, len(p))
		if err := binary.Read(r, binary.LittleEndian, halves); err != nil {
			return fmt.Errorf("nn: reading weights: %w", err)
		}
		for i, h := range halves {
			p[i] = fromHalf(h)
		}
	}
	for k := range n.Convs {
		n.Convs[k].wt = n.Convs[k].vectorWeights()
	}
	return nil
}
