package activity

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"testing"
)

// TestContrast: in the light and the dark scheme of the page's style,
// every pair of text and background colours the board draws meets WCAG
// AA: 4.5:1 for text (digits, marks, words), 3:1 for the focus ring and
// the grid's thick lines against the paper.
func TestContrast(t *testing.T) {
	css, err := staticFiles.ReadFile("static/style.css")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile(`:root \{([^}]*)\}`).FindAllStringSubmatch(string(css), -1)
	if len(blocks) != 2 {
		t.Fatalf("found %d :root blocks, want the light and the dark", len(blocks))
	}
	text := [][2]string{{"ink", "paper"}, {"muted", "paper"}, {"muted", "button"}, {"ink", "button"}, {"given", "paper"},
		{"given", "peer"}, {"given", "same"}, {"given", "select"}, {"given", "hinted"}, {"entry", "paper"}, {"entry", "peer"},
		{"entry", "same"}, {"entry", "select"}, {"entry", "hinted"}, {"muted", "peer"}, {"muted", "hinted"}, {"wrong", "wrong-bg"},
		{"on-accent", "accent"}}
	lines := [][2]string{{"thick", "paper"}, {"entry", "paper"}}
	for k, scheme := range []string{"light", "dark"} {
		vars := map[string]string{}
		for _, m := range regexp.MustCompile(`--([a-z-]+):\s*(#[0-9a-f]{6})`).FindAllStringSubmatch(blocks[k][1], -1) {
			vars[m[1]] = m[2]
		}
		check := func(pairs [][2]string, min float64) {
			for _, p := range pairs {
				fg, bg := vars[p[0]], vars[p[1]]
				if fg == "" || bg == "" {
					t.Errorf("%s: --%s or --%s is not set", scheme, p[0], p[1])
					continue
				}
				if c := contrast(fg, bg); c < min {
					t.Errorf("%s: --%s %s on --%s %s has contrast %.2f, under %.1f", scheme, p[0], fg, p[1], bg, c, min)
				}
			}
		}
		check(text, 4.5)
		check(lines, 3)
	}
}

// contrast is WCAG's contrast ratio of two #rrggbb colours.
func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

func luminance(hex string) float64 {
	var l float64
	for k, w := range []float64{0.2126, 0.7152, 0.0722} {
		v, _ := strconv.ParseUint(hex[1+2*k:3+2*k], 16, 8)
		c := float64(v) / 255
		if c <= 0.04045 {
			c /= 12.92
		} else {
			c = math.Pow((c+0.055)/1.055, 2.4)
		}
		l += w * c
	}
	return l
}

// TestContrastFormula: the formula gives WCAG's known values.
func TestContrastFormula(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want float64
	}{{"#000000", "#ffffff", 21}, {"#ffffff", "#ffffff", 1}, {"#777777", "#ffffff", 4.48}} {
		if got := contrast(tt.a, tt.b); fmt.Sprintf("%.2f", got) != fmt.Sprintf("%.2f", tt.want) {
			t.Errorf("contrast(%s, %s) = %.2f, want %.2f", tt.a, tt.b, got, tt.want)
		}
	}
}
