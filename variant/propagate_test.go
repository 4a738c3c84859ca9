package variant

import "testing"

// TestSingleMask checks the branch-free test against single on every
// mask of digits 0..16.
func TestSingleMask(t *testing.T) {
	for m := uint32(1); m < 1<<(maxSize+1); m++ {
		want := uint32(0)
		if single(m) {
			want = ^uint32(0)
		}
		if got := singleMask(m); got != want {
			t.Fatalf("singleMask(%#x) = %#x, want %#x", m, got, want)
		}
	}
}
