package solver

import "testing"

func TestEnglishCount(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{{0, "0 guesses"}, {1, "1 guess"}, {2, "2 guesses"}, {-1, "-1 guesses"}}
	for _, tt := range tests {
		if got := English.Count(tt.n, "%d guess", "%d guesses"); got != tt.want {
			t.Errorf("English.Count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
