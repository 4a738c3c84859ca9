package main

import (
	"fmt"
	"image"
	"os"
	"path/filepath"

	"github.com/sudokubot/sudokubot/internal/fontset"
	"github.com/sudokubot/sudokubot/internal/screenshot"
)

// glyphs are the digits 1–9 of one font, as ink masks cropped to their
// ink.
type glyphs = fontset.Digits

// loadFonts draws the digits of every face of the catalogue's training
// families under dirs, folders joined as $PATH joins them
// (internal/fontset: its held-out families, and Lato, Open Sans and the
// Go fonts the tests draw in, are never read). It
// returns the printed families' digits, the handwriting-like families'
// digits (a player's writing, apart from MNIST), and the printed faces
// themselves for drawing screenshots, all in the catalogue's order, so
// the same fonts give the same lists.
func loadFonts(dirs string) (printed, script []glyphs, faces []screenshot.Font, err error) {
	c, err := fontset.Scan(filepath.SplitList(dirs)...)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("reading the fonts: %w", err)
	}
	for _, fam := range c.Part(false, false) {
		for _, f := range fam.Faces {
			g, data, err := drawDigits(f.File)
			if err != nil {
				continue // a face x/image cannot draw, in a family whose regular face it can
			}
			printed = append(printed, g)
			faces = append(faces, screenshot.Font{Name: fam.Name + " " + f.Style, Data: data})
		}
	}
	for _, fam := range c.Part(false, true) {
		for _, f := range fam.Faces {
			if g, _, err := drawDigits(f.File); err == nil {
				script = append(script, g)
			}
		}
	}
	if len(printed) == 0 {
		return nil, nil, nil, fmt.Errorf("no training fonts under %s: see cmd/train/README.md", dirs)
	}
	return printed, script, faces, nil
}

// drawDigits draws 1–9 in the font in file at 64 pixels, and returns the
// file's bytes.
func drawDigits(file string) (glyphs, []byte, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return glyphs{}, nil, err
	}
	g, err := fontset.DrawData(data, 64)
	return g, data, err
}

// crop returns a copy of a cut to its ink, or nil when it has none.
func crop(a *image.Alpha) *image.Alpha { return fontset.Crop(a) }
