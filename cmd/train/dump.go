package main

import (
	"image"
	"image/png"
	"log"
	"os"

	"github.com/sudokubot/sudokubot/internal/nn"
)

// dumpWrong writes the glyphs of up to 400 cells the net misreads into a
// PNG sheet, 20 a row, for a person to look at, and logs what each is.
func dumpWrong(net *nn.Net, cells []nn.Example, file string) {
	const side, per = 28, 20
	var wrong []nn.Example
	var said []int
	for _, ex := range cells {
		p := net.Forward(ex.X)
		best := 0
		for c := range p {
			if p[c] > p[best] {
				best = c
			}
		}
		if best != ex.Class && len(wrong) < 400 {
			wrong, said = append(wrong, ex), append(said, best)
		}
	}
	rows := (len(wrong) + per - 1) / per
	img := image.NewGray(image.Rect(0, 0, per*(side+2), max(1, rows)*(side+2)))
	for i := range img.Pix {
		img.Pix[i] = 128
	}
	line := ""
	for k, ex := range wrong {
		x0, y0 := (k%per)*(side+2), (k/per)*(side+2)
		for v := range side {
			for u := range side {
				img.Pix[(y0+v)*img.Stride+x0+u] = 255 - uint8(255*ex.X[v*side+u])
			}
		}
		line += " " + className(ex.Class) + ">" + className(said[k])
		if k%per == per-1 {
			log.Print(line)
			line = ""
		}
	}
	log.Print(line)
	f, err := os.Create(file)
	if err != nil {
		log.Print(err)
		return
	}
	defer f.Close()
	_ = png.Encode(f, img)
}

// className names a class: "." blank, "5" a printed 5, "5w" a written 5.
func className(c int) string {
	switch {
	case c == 0:
		return "."
	case c <= 9:
		return string(rune('0' + c))
	}
	return string(rune('0'+c-9)) + "w"
}
