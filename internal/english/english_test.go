package english

import "testing"

func TestCount(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{{0, "0 guesses"}, {1, "1 guess"}, {2, "2 guesses"}, {-1, "-1 guesses"}}
	for _, tt := range tests {
		if got := Count(tt.n, "guess", "guesses"); got != tt.want {
			t.Errorf("Count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
