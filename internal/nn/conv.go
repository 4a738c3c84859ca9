package nn

import "math"

// Conv is a convolution block on a square picture: Out filters of K×K
// over In channels (zero padding keeps the side), ReLU, then a 2×2 max
// pool that halves the side.
type Conv struct {
	In, Out, K, Side int
	W                []float32 // Out × In × K × K
	B                []float32 // Out
	// wt is W laid out for inferVector (vectorWeights), made once when a
	// net is read; nil for a net in training, whose W changes.
	wt []float32
}

// newConv returns a block with He-initialised weights.
func newConv(in, out, k, side int, rnd func() float64) Conv {
	c := Conv{In: in, Out: out, K: k, Side: side}
	c.W = make([]float32, out*in*k*k)
	c.B = make([]float32, out)
	scale := math.Sqrt(2 / float64(in*k*k))
	for i := range c.W {
		c.W[i] = float32(gauss(rnd) * scale)
	}
	return c
}

// outputs is how many numbers the block gives: Out channels of half side.
func (c *Conv) outputs() int { return c.Out * (c.Side / 2) * (c.Side / 2) }

// convCache is what a block's forward pass keeps for its backward pass:
// the rectified maps before pooling and which of each 2×2 won.
type convCache struct {
	act    []float32
	winner []int32
}

// forward returns the pooled maps of x (In channels of Side×Side), and
// what the backward pass needs when keep.
func (c *Conv) forward(x []float32, keep bool) ([]float32, convCache) {
	if !keep {
		return c.pool(c.infer(x), false)
	}
	s, r := c.Side, c.K/2
	act := make([]float32, c.Out*s*s)
	for o := range c.Out {
		plane := act[o*s*s : (o+1)*s*s]
		for i := range plane {
			plane[i] = c.B[o]
		}
		for ch := range c.In {
			in := x[ch*s*s : (ch+1)*s*s]
			for ky := range c.K {
				for kx := range c.K {
					w := c.W[((o*c.In+ch)*c.K+ky)*c.K+kx]
					dy, dx := ky-r, kx-r
					for y := max(0, -dy); y < min(s, s-dy); y++ {
						src := in[(y+dy)*s+max(0, dx) : (y+dy)*s+min(s, s+dx)]
						dst := plane[y*s+max(0, -dx) : y*s+min(s, s-dx)]
						for i, v := range src {
							dst[i] += w * v
						}
					}
				}
			}
		}
		for i, v := range plane {
			if v < 0 {
				plane[i] = 0
			}
		}
	}
	return c.pool(act, true)
}

// infer returns the rectified maps of x before pooling, as forward's
// first half does, for reading only. Each output is a filter's dot
// product with the patch under it, summed by the CPU's vector
// instructions where it has them (inferVector, from a padded copy of x),
// else in plain Go over patches gathered once (inferScalar).
func (c *Conv) infer(x []float32) []float32 {
	if vectorized {
		return c.inferVector(x)
	}
	return c.inferScalar(c.patches(x))
}

// inferScalar is infer's sums in plain Go: four filters are run over
// each patch together, so a patch value loaded once serves four sums
// (about three times quicker than a dot product per filter and place).
func (c *Conv) inferScalar(patch []float32) []float32 {
	s, kk := c.Side, c.In*c.K*c.K
	n := s * s
	act := make([]float32, c.Out*n)
	o := 0
	for ; o+4 <= c.Out; o += 4 {
		c.four(patch, act, o)
	}
	for ; o < c.Out; o++ {
		w := c.W[o*kk : (o+1)*kk]
		for i := range n {
			act[o*n+i] = max(0, c.B[o]+dot(w, patch[i*kk:(i+1)*kk]))
		}
	}
	return act
}

// inferVector is infer's sums by the vector kernel (fmaRuns), with no
// patches gathered: x is copied zero-padded with its channels innermost,
// so that the values under a filter's row of K places are one run of
// K × In; the weights are laid out to match, one row a value, padded to
// whole blocks of eight filters; and a place's sums are all made in one
// call, eight to an instruction.
func (c *Conv) inferVector(x []float32) []float32 {
	s, k, in, r := c.Side, c.K, c.In, c.K/2
	ps := s + 2*r // the padded side
	padded := make([]float32, ps*ps*in)
	for ch := range in {
		for y := range s {
			row := padded[((y+r)*ps+r)*in:]
			for xx, v := range x[(ch*s+y)*s : (ch*s+y+1)*s] {
				row[xx*in+ch] = v
			}
		}
	}
	stride := (c.Out + 7) &^ 7
	wt := c.wt
	if wt == nil {
		wt = c.vectorWeights()
	}
	n := s * s
	act := make([]float32, c.Out*n)
	acc := make([]float32, stride)
	for i := range n {
		y, xx := i/s, i%s
		copy(acc, c.B)
		sumRuns(acc, wt, padded[(y*ps+xx)*in:], k*in, k, ps*in)
		for o, v := range acc[:c.Out] {
			act[o*n+i] = max(0, v)
		}
	}
	return act
}

// vectorWeights returns W laid out as inferVector reads it: by place in
// the kernel, then input channel, then filter, the filters padded to a
// multiple of eight.
func (c *Conv) vectorWeights() []float32 {
	k, in, stride := c.K, c.In, (c.Out+7)&^7
	wt := make([]float32, k*k*in*stride)
	for o := range c.Out {
		for ch := range in {
			for ky := range k {
				for kx := range k {
					wt[((ky*k+kx)*in+ch)*stride+o] = c.W[((o*in+ch)*k+ky)*k+kx]
				}
			}
		}
	}
	return wt
}

// sumRuns adds to acc, by fmaRuns four blocks of eight a call, the
// products of runs runs of n values of x, gap apart, with the rows of wt,
// each len(acc) long.
func sumRuns(acc, wt, x []float32, n, runs, gap int) {
	stride := len(acc)
	if n <= 0 || runs <= 0 || stride%8 != 0 || len(x) < (runs-1)*gap+n || len(wt) < runs*n*stride {
		panic("nn: sumRuns's shapes do not fit")
	}
	for b := 0; b < stride/8; b += 4 {
		fmaRuns(&acc[b*8], &wt[b*8], &x[0], n, runs, gap, stride, min(4, stride/8-b))
	}
}

// patches returns, for each place of the Side×Side maps, the In × K × K
// values of x under the filter there (zero beyond the edge).
func (c *Conv) patches(x []float32) []float32 {
	s, k, r := c.Side, c.K, c.K/2
	ps := s + 2*r // the padded side
	padded := make([]float32, c.In*ps*ps)
	for ch := range c.In {
		for y := range s {
			copy(padded[(ch*ps+y+r)*ps+r:], x[(ch*s+y)*s:(ch*s+y+1)*s])
		}
	}
	kk := c.In * k * k
	patch := make([]float32, s*s*kk)
	for y := range s {
		for xx := range s {
			p := patch[(y*s+xx)*kk : (y*s+xx+1)*kk]
			for ch := range c.In {
				for ky := range k {
					row := padded[(ch*ps+y+ky)*ps+xx:][:k]
					dst := p[(ch*k+ky)*k:][:k]
					for j, v := range row { // quicker than copy for so few
						dst[j] = v
					}
				}
			}
		}
	}
	return patch
}

// four fills the rectified maps of filters o to o+3 into act.
func (c *Conv) four(patch, act []float32, o int) {
	kk, n := c.In*c.K*c.K, c.Side*c.Side
	w0 := c.W[o*kk : (o+1)*kk]
	w1 := c.W[(o+1)*kk : (o+2)*kk][:len(w0)]
	w2 := c.W[(o+2)*kk : (o+3)*kk][:len(w0)]
	w3 := c.W[(o+3)*kk : (o+4)*kk][:len(w0)]
	a0, a1, a2, a3 := act[o*n:(o+1)*n], act[(o+1)*n:(o+2)*n], act[(o+2)*n:(o+3)*n], act[(o+3)*n:(o+4)*n]
	for i := range a0 {
		p := patch[i*kk : (i+1)*kk][:len(w0)]
		s0, s1, s2, s3 := c.B[o], c.B[o+1], c.B[o+2], c.B[o+3]
		for j, v := range p {
			s0 += w0[j] * v
			s1 += w1[j] * v
			s2 += w2[j] * v
			s3 += w3[j] * v
		}
		a0[i], a1[i], a2[i], a3[i] = max(0, s0), max(0, s1), max(0, s2), max(0, s3)
	}
}

// pool returns the 2×2 max pool of rectified maps act, with the cache of
// which of each 2×2 won when keep.
func (c *Conv) pool(act []float32, keep bool) ([]float32, convCache) {
	if !keep {
		return c.poolMax(act), convCache{}
	}
	s, half := c.Side, c.Side/2
	out := make([]float32, c.Out*half*half)
	var cache convCache
	if keep {
		cache = convCache{act: act, winner: make([]int32, len(out))}
	}
	for o := range c.Out {
		for y := range half {
			for x := range half {
				best := o*s*s + 2*y*s + 2*x
				for _, k := range [3]int{best + 1, best + s, best + s + 1} {
					if act[k] > act[best] {
						best = k
					}
				}
				j := (o*half+y)*half + x
				out[j] = act[best]
				if keep {
					cache.winner[j] = int32(best)
				}
			}
		}
	}
	return out, cache
}

// poolMax is pool for reading alone: each square of four's greatest
// value, row by row, with nothing kept for training.
func (c *Conv) poolMax(act []float32) []float32 {
	s, half := c.Side, c.Side/2
	out := make([]float32, c.Out*half*half)
	for o := range c.Out {
		plane, dst := act[o*s*s:][:s*s], out[o*half*half:][:half*half]
		for y := range half {
			r0, r1, d := plane[2*y*s:][:2*half], plane[(2*y+1)*s:][:2*half], dst[y*half:][:half]
			for x := range d {
				d[x] = max(r0[2*x], r0[2*x+1], r1[2*x], r1[2*x+1])
			}
		}
	}
	return out
}

// backward adds the block's weight gradients to gw and gb for output
// gradient dOut, and returns the gradient of its input x when wantIn.
func (c *Conv) backward(x []float32, cache convCache, dOut, gw, gb []float32, wantIn bool) []float32 {
	s, r := c.Side, c.K/2
	dAct := make([]float32, c.Out*s*s)
	for j, d := range dOut {
		if k := cache.winner[j]; cache.act[k] > 0 {
			dAct[k] += d
		}
	}
	var dIn []float32
	if wantIn {
		dIn = make([]float32, c.In*s*s)
	}
	for o := range c.Out {
		plane := dAct[o*s*s : (o+1)*s*s]
		sum := float32(0)
		for _, v := range plane {
			sum += v
		}
		gb[o] += sum
		for ch := range c.In {
			in := x[ch*s*s : (ch+1)*s*s]
			for ky := range c.K {
				for kx := range c.K {
					wi := ((o*c.In+ch)*c.K+ky)*c.K + kx
					dy, dx := ky-r, kx-r
					var g float32
					for y := max(0, -dy); y < min(s, s-dy); y++ {
						src := in[(y+dy)*s+max(0, dx) : (y+dy)*s+min(s, s+dx)]
						d := plane[y*s+max(0, -dx) : y*s+min(s, s-dx)]
						g += dot(src, d)
						if wantIn {
							back := dIn[ch*s*s+(y+dy)*s+max(0, dx) : ch*s*s+(y+dy)*s+min(s, s+dx)]
							w := c.W[wi]
							for i, v := range d {
								back[i] += w * v
							}
						}
					}
					gw[wi] += g
				}
			}
		}
	}
	return dIn
}
