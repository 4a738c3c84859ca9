//go:build amd64

package nn

import "golang.org/x/sys/cpu"

// vectorized reports whether the CPU runs the AVX2 and FMA kernel.
var vectorized = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// fmaRuns adds to acc, blocks×8 sums, the products of runs runs of n
// inputs of x, run r starting gap×r floats after x, with the rows of wt,
// stride floats apart, taken in turn: for the t-th input v,
// acc[o] += v·wt[t·stride+o]. It is AVX2 and FMA assembly; callers check
// vectorized first. blocks is 1 to 4, stride at least blocks×8.
//
//go:noescape
func fmaRuns(acc, wt, x *float32, n, runs, gap, stride, blocks int)
