package nn

import (
	"math"
	"sync"
)

// Example is one input with its class, for training.
type Example struct {
	X     []float32
	Class int
}

// Trainer fits a net by minibatch gradient descent with Adam, spreading
// each batch over Workers goroutines.
type Trainer struct {
	Net     *Net
	Rate    float64 // Adam's step size
	Decay   float64 // L2 weight decay
	Workers int

	m, v []float32 // Adam's moments, one per parameter, layer by layer
	step int
}

// Batch takes one step on a minibatch and returns its mean loss (cross
// entropy).
func (t *Trainer) Batch(batch []Example) float64 {
	workers := max(1, min(t.Workers, len(batch)))
	grads := make([][]float32, workers)
	losses := make([]float64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			g := make([]float32, t.params())
			for i := w; i < len(batch); i += workers {
				losses[w] += t.backprop(batch[i], g)
			}
			grads[w] = g
		})
	}
	wg.Wait()
	for w := 1; w < workers; w++ {
		for i, v := range grads[w] {
			grads[0][i] += v
		}
	}
	t.adam(grads[0], float32(len(batch)))
	loss := 0.0
	for _, l := range losses {
		loss += l
	}
	return loss / float64(len(batch))
}

func (t *Trainer) params() int {
	n := 0
	for _, p := range t.Net.params() {
		n += len(p)
	}
	return n
}

// backprop adds one example's gradient to g and returns its loss.
func (t *Trainer) backprop(ex Example, g []float32) float64 {
	layers := t.Net.Layers
	caches := make([]convCache, len(t.Net.Convs))
	acts := [][]float32{t.Net.features(ex.X, caches)}
	for k := range layers {
		acts = append(acts, layers[k].apply(acts[k], k < len(layers)-1))
	}
	out := acts[len(acts)-1]
	softmax(out)
	loss := -math.Log(max(float64(out[ex.Class]), 1e-12))
	delta := append([]float32{}, out...)
	delta[ex.Class]--
	off := t.params()
	for k := len(layers) - 1; k >= 0; k-- {
		l := &layers[k]
		off -= len(l.W) + len(l.B)
		gw, gb := g[off:off+len(l.W)], g[off+len(l.W):off+len(l.W)+len(l.B)]
		in := acts[k]
		var prev []float32
		if k > 0 || len(t.Net.Convs) > 0 {
			prev = make([]float32, l.In)
		}
		for o, d := range delta {
			if d == 0 {
				continue
			}
			gb[o] += d
			row := l.W[o*l.In : (o+1)*l.In]
			grow := gw[o*l.In : (o+1)*l.In]
			for i, x := range in {
				grow[i] += d * x
			}
			for i := range prev {
				prev[i] += d * row[i]
			}
		}
		for i := range prev {
			if in[i] <= 0 { // ReLU's gradient (the blocks' outputs are rectified too)
				prev[i] = 0
			}
		}
		delta = prev
	}
	t.backConvs(ex.X, caches, delta, g)
	return loss
}

// backConvs adds the blocks' gradients to g, given delta, the gradient of
// the first layer's inputs (the blocks' output first).
func (t *Trainer) backConvs(x []float32, caches []convCache, delta, g []float32) {
	convs := t.Net.Convs
	if len(convs) == 0 {
		return
	}
	ins := [][]float32{x[:t.Net.Image*t.Net.Image]}
	for k := range convs[:len(convs)-1] {
		ins = append(ins, maxPooled(caches[k]))
	}
	offs := make([]int, len(convs))
	for k := 1; k < len(convs); k++ {
		offs[k] = offs[k-1] + len(convs[k-1].W) + len(convs[k-1].B)
	}
	d := delta[:convs[len(convs)-1].outputs()]
	for k := len(convs) - 1; k >= 0; k-- {
		c := &convs[k]
		gw := g[offs[k] : offs[k]+len(c.W)]
		gb := g[offs[k]+len(c.W) : offs[k]+len(c.W)+len(c.B)]
		d = c.backward(ins[k], caches[k], d, gw, gb, k > 0)
	}
}

// maxPooled returns a block's output from its cache.
func maxPooled(c convCache) []float32 {
	out := make([]float32, len(c.winner))
	for j, k := range c.winner {
		out[j] = c.act[k]
	}
	return out
}

// adam moves every parameter by Adam's rule on the summed gradient g of n
// examples.
func (t *Trainer) adam(g []float32, n float32) {
	if t.m == nil {
		t.m, t.v = make([]float32, len(g)), make([]float32, len(g))
	}
	t.step++
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c1 := 1 - math.Pow(b1, float64(t.step))
	c2 := 1 - math.Pow(b2, float64(t.step))
	rate := float32(t.Rate * math.Sqrt(c2) / c1)
	i := 0
	for _, p := range t.Net.params() {
		for j := range p {
			gr := g[i]/n + float32(t.Decay)*p[j]
			t.m[i] = b1*t.m[i] + (1-b1)*gr
			t.v[i] = b2*t.v[i] + (1-b2)*gr*gr
			p[j] -= rate * t.m[i] / (float32(math.Sqrt(float64(t.v[i]))) + eps)
			i++
		}
	}
}
