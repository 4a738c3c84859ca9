//go:build !amd64

package nn

// vectorized is false where there is no vector kernel.
const vectorized = false

// fmaRuns is never called where vectorized is false.
func fmaRuns(acc, wt, x *float32, n, runs, gap, stride, blocks int) { panic("nn: no vector kernel") }
