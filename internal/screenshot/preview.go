package screenshot

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	_ "image/png" // the shots Preview scales: PNG or JPEG

	"golang.org/x/image/draw"
)

// Preview returns shot as a chat client shows it when it is passed on:
// scaled down to width pixels across (its height in proportion) and saved
// as a JPEG of the given quality. The digits and the board are unchanged,
// so Givens and Entries still hold. It panics if shot cannot be decoded,
// as a shot is always this package's own picture.
func Preview(shot Shot, width, quality int) Shot {
	img, _, err := image.Decode(bytes.NewReader(shot.Data))
	if err != nil {
		panic("screenshot: decoding its own shot: " + err.Error())
	}
	b := img.Bounds()
	small := image.NewRGBA(image.Rect(0, 0, width, b.Dy()*width/b.Dx()))
	draw.CatmullRom.Scale(small, small.Bounds(), img, b, draw.Src, nil)
	var out bytes.Buffer
	if err := jpeg.Encode(&out, small, &jpeg.Options{Quality: quality}); err != nil {
		panic("screenshot: encoding to memory: " + err.Error())
	}
	shot.Data, shot.Format = out.Bytes(), "jpeg"
	shot.Width, shot.Height = small.Bounds().Dx(), small.Bounds().Dy()
	shot.Style += fmt.Sprintf(" preview%dw jpeg%d", width, quality)
	return shot
}
