package picture

import (
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"strconv"
	"testing"

	"github.com/sudokubot/sudokubot/internal/screenshot"
)

func TestDumpShot(t *testing.T) {
	seed, err := strconv.Atoi(os.Getenv("SHOT"))
	if err != nil {
		t.Skip("SHOT unset")
	}
	p := shotPuzzles(t)[seed%4]
	shot := screenshot.Make(int64(seed), p[0], p[1])
	os.WriteFile("/tmp/shot."+shot.Format, shot.Data, 0o644)
	r, err := Read(context.Background(), shot.Data)
	if err != nil {
		t.Fatal(err)
	}
	b := r.Board
	in := b.Inputs()
	n := b.Cells.W
	img := image.NewGray(image.Rect(0, 0, n+9*30, n))
	for y := range n {
		for x := range n {
			img.Pix[y*img.Stride+x] = b.Cells.Pix[y*n+x]
		}
	}
	for i := range 81 {
		for v := range 28 {
			for u := range 28 {
				img.Pix[((i/9)*30+v)*img.Stride+n+(i%9)*30+u] = 255 - uint8(255*in[i][v*28+u])
			}
		}
		c := r.Cells[i]
		fmt.Printf("%d:%d%v%.2f ", i, c.Digit, c.Written, c.Confidence)
	}
	f, _ := os.Create("/tmp/glyphs.png")
	png.Encode(f, img)
	f.Close()
	t.Log(r.Corrected, r.Unresolved)
}
