package main

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/internal/screenshot"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// trainingFamilies are the font families digits are drawn in for
// training, by the start of their files' names under /usr/share/fonts
// (Debian's packages; see README.md). Lato, Open Sans and the Go fonts
// are kept out: the tests read pictures drawn in them.
var trainingFamilies = []string{
	"DejaVuSans", "DejaVuSerif", "LiberationSans", "LiberationSerif", "LiberationMono",
	"NimbusSans", "NimbusRoman", "NimbusMonoPS", "URWGothic", "URWBookman", "P052", "C059",
	"Carlito", "Caladea", "Roboto", "NotoSans-", "NotoSerif-", "NotoSansDisplay", "NotoSerifDisplay",
	"FreeSans", "FreeSerif", "FreeMono", "texgyre",
}

// glyphs are the digits 1–9 of one font, as ink masks cropped to their
// ink.
type glyphs [10]*image.Alpha

// loadFonts draws the digits of every training font under dir, and
// returns the fonts themselves for drawing screenshots.
func loadFonts(dir string) ([]glyphs, []screenshot.Font, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		name := d.Name()
		ext := strings.ToLower(filepath.Ext(name))
		if (ext == ".ttf" || ext == ".otf") && slices.ContainsFunc(trainingFamilies, func(f string) bool {
			return strings.HasPrefix(strings.ToLower(name), strings.ToLower(f))
		}) {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	slices.Sort(files)
	var out []glyphs
	var fonts []screenshot.Font
	for _, f := range files {
		g, data, err := drawDigits(f)
		if err != nil {
			continue // a font without digits, or one x/image cannot read
		}
		out = append(out, g)
		fonts = append(fonts, screenshot.Font{Name: filepath.Base(f), Data: data})
	}
	if len(out) == 0 {
		return nil, nil, fmt.Errorf("no training fonts under %s: see cmd/train/README.md", dir)
	}
	return out, fonts, nil
}

// drawDigits draws 1–9 in the font in file at 64 pixels.
func drawDigits(file string) (glyphs, []byte, error) {
	var g glyphs
	data, err := os.ReadFile(file)
	if err != nil {
		return g, nil, err
	}
	f, err := opentype.Parse(data)
	if err != nil {
		return g, nil, err
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 64, DPI: 72})
	if err != nil {
		return g, nil, err
	}
	defer face.Close()
	for d := 1; d <= 9; d++ {
		r := rune('0' + d)
		if idx, err := f.GlyphIndex(nil, r); err != nil || idx == 0 {
			return g, nil, fmt.Errorf("no digit %c", r)
		}
		dst := image.NewAlpha(image.Rect(0, 0, 96, 96))
		dr := font.Drawer{Dst: dst, Src: image.Opaque, Face: face, Dot: fixed.P(16, 76)}
		dr.DrawString(string(r))
		c := crop(dst)
		if c == nil {
			return g, nil, fmt.Errorf("digit %c draws nothing", r)
		}
		g[d] = c
	}
	return g, data, nil
}

// crop returns a copy of a cut to its ink, or nil when it has none.
func crop(a *image.Alpha) *image.Alpha {
	b := image.Rectangle{Min: a.Rect.Max, Max: a.Rect.Min}
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			if a.AlphaAt(x, y).A > 40 {
				b = b.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if b.Empty() {
		return nil
	}
	out := image.NewAlpha(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := range b.Dy() {
		for x := range b.Dx() {
			out.SetAlpha(x, y, a.AlphaAt(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}
