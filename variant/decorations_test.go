package variant

import (
	"errors"
	"strings"
	"testing"
)

// TestDrawnShapes: a drawn line along a line rule read (either way) says
// nothing new; a drawn line elsewhere, or a circle, rectangle, text or
// plain cage, may hold a rule only the rules text gives, so the puzzle is
// refused with the shape named, and what was read kept.
func TestDrawnShapes(t *testing.T) {
	grid := `"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	renban := `"renban":[{"lines":[["R1C1","R2C2","R3C3"]]}]`
	tests := []struct {
		extra, unsupported string
	}{
		{renban + `,"line":[{"lines":[["R3C3","R2C2","R1C1"]],"outlineC":"#F0F","width":0.4}]`, ""},
		{renban + `,"line":[{"lines":[["R1C1","R1C2","R1C3"]],"outlineC":"#999","width":0.4}]`, "Lines drawn on the grid"},
		{`"circle":[{"cells":["R1C1"],"baseC":"#FFF","outlineC":"#000"}]`, "Circles drawn on the grid"},
		{`"rectangle":[{"cells":["R1C1","R1C2"]}]`, "Rectangles drawn on the grid"},
		{`"text":[{"cells":["R1C1"],"value":"?"}]`, "Text drawn on the grid"},
		{`"cage":[{"cells":["R1C1","R1C2"],"value":"7"}]`, "Cages drawn without a killer rule"},
		{`"line":[],"circle":[]`, ""},
	}
	for _, tt := range tests {
		p, err := DecodeFPuzzles(`{"size":4,` + grid + `,` + tt.extra + `}`)
		var u *UnsupportedError
		switch {
		case tt.unsupported == "" && err != nil:
			t.Errorf("%s: %v, want it read", tt.extra, err)
		case tt.unsupported == "" && p == nil:
			t.Errorf("%s: no puzzle", tt.extra)
		case tt.unsupported != "" && (!errors.As(err, &u) || !strings.Contains(strings.Join(u.Names, "; "), tt.unsupported)):
			t.Errorf("%s: %v, want %q unsupported", tt.extra, err, tt.unsupported)
		case tt.unsupported != "" && (u.Partial == nil || u.Partial.Size != 4):
			t.Errorf("%s: what was read is not kept: %+v", tt.extra, u.Partial)
		}
	}
}
