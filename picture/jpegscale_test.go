package picture

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// scaledCase is a JPEG to decode smaller, and how far its luma may lie
// from image/jpeg's averaged, on average: a photo's to within a level
// (its highest frequencies, left out, are faint), a drawing of sharp
// edges and noise, which has them strong, further.
type scaledCase struct {
	data   []byte
	within float64
}

// scaledCases are Go's encoder's JPEGs, in colour (4:2:0) and grey, at
// sizes no whole number of blocks, and the shared photos' (a phone's at
// 12 megapixels; one with restart markers).
func scaledCases(t *testing.T) map[string]scaledCase {
	out := map[string]scaledCase{
		"colour 203×157": {encodeJPEG(t, noisyPicture(203, 157, false), 90), 8},
		"grey 97×130":    {encodeJPEG(t, noisyPicture(97, 130, true), 75), 8},
		"colour 16×16":   {encodeJPEG(t, noisyPicture(16, 16, false), 100), 8},
	}
	for _, f := range []string{"kubiesa/val/01_01_iphone_14_0.jpg", "wichtounet/images/image10.jpg"} {
		data, err := os.ReadFile(filepath.Join(picturesDir, f))
		if err != nil {
			t.Logf("%s left out: the shared photos are not here (%v)", f, err)
			continue
		}
		out[f] = scaledCase{data, 1}
	}
	return out
}

// noisyPicture draws shapes and noise: edges and flat parts, as a photo
// of a page has.
func noisyPicture(w, h int, grey bool) image.Image {
	r := rand.New(rand.NewPCG(uint64(w), uint64(h)))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			v := uint8(200 + r.IntN(40))
			if (x/9+y/13)%3 == 0 {
				v = uint8(20 + r.IntN(30))
			}
			c := color.RGBA{v, v / 2, 255 - v, 255}
			if grey {
				c = color.RGBA{v, v, v, 255}
			}
			img.Set(x, y, c)
		}
	}
	if !grey {
		return img
	}
	g := image.NewGray(img.Rect)
	for y := range h {
		for x := range w {
			g.Set(x, y, img.At(x, y))
		}
	}
	return g
}

func encodeJPEG(t testing.TB, img image.Image, quality int) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestDecodeScaledLikeImageJPEG: a JPEG decoded smaller is the picture
// image/jpeg decodes, averaged scale by scale pixels (see scaledCase),
// at the size rounded up, grey staying grey.
func TestDecodeScaledLikeImageJPEG(t *testing.T) {
	for name, c := range scaledCases(t) {
		data := c.data
		full, err := jpeg.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, scale := range []int{2, 4, 8} {
			small, ok := decodeScaled(context.Background(), data, scale)
			if !ok {
				t.Errorf("%s at 1/%d: not decoded", name, scale)
				continue
			}
			b := full.Bounds()
			want := image.Rect(0, 0, (b.Dx()+scale-1)/scale, (b.Dy()+scale-1)/scale)
			if small.Bounds() != want {
				t.Errorf("%s at 1/%d: bounds %v, want %v", name, scale, small.Bounds(), want)
				continue
			}
			if _, grey := full.(*image.Gray); grey != isGray(small) {
				t.Errorf("%s at 1/%d: %T, image/jpeg's %T", name, scale, small, full)
			}
			if d := meanLumaDiff(full, small, scale); d > c.within {
				t.Errorf("%s at 1/%d: luma differs by %.2f levels on average, want ≤ %.0f", name, scale, d, c.within)
			}
		}
	}
}

func isGray(img image.Image) bool {
	_, ok := img.(*image.Gray)
	return ok
}

// meanLumaDiff returns how far small's greys lie from full's averaged
// scale by scale, on average, over the blocks inside both.
func meanLumaDiff(full, small image.Image, scale int) float64 {
	gf, gs := grayOf(full), grayOf(small)
	sum, n := 0.0, 0
	for y := 0; (y+1)*scale <= gf.H; y++ {
		for x := 0; (x+1)*scale <= gf.W; x++ {
			m := 0
			for dy := range scale {
				for dx := range scale {
					m += int(gf.at(x*scale+dx, y*scale+dy))
				}
			}
			sum += math.Abs(float64(m)/float64(scale*scale) - float64(gs.at(x, y)))
			n++
		}
	}
	return sum / float64(n)
}

// TestDecodeScaledLeavesTheRest: what decodeScaled does not decode goes
// to image/jpeg: a progressive JPEG, data cut short, a damaged Huffman
// table, a scale it has no basis for, bytes that are no JPEG.
func TestDecodeScaledLeavesTheRest(t *testing.T) {
	good := encodeJPEG(t, noisyPicture(64, 48, false), 90)
	progressive := bytes.Replace(good, []byte{0xff, 0xc0}, []byte{0xff, 0xc2}, 1)
	dht := bytes.Index(good, []byte{0xff, 0xc4})
	damaged := bytes.Clone(good)
	for k := range 16 { // code counts that overfill the code space
		damaged[dht+5+k] = 0xff
	}
	cases := map[string]struct {
		data  []byte
		scale int
	}{
		"progressive":  {progressive, 2},
		"cut short":    {good[:len(good)*2/3], 2},
		"damaged DHT":  {damaged, 2},
		"scale 3":      {good, 3},
		"scale 1":      {good, 1},
		"scale 0":      {good, 0},
		"not a JPEG":   {[]byte("\x89PNG\r\n\x1a\n...."), 2},
		"markers only": {[]byte{0xff, 0xd8, 0xff, 0xd9}, 2},
	}
	for name, c := range cases {
		if img, ok := decodeScaled(context.Background(), c.data, c.scale); ok || img != nil {
			t.Errorf("%s: decoded (%v), want it left to image/jpeg", name, img.Bounds())
		}
	}
	if _, ok := decodeScaled(context.Background(), good, 2); !ok {
		t.Fatal("the undamaged JPEG was not decoded: the cases above prove nothing")
	}
}

// TestDecodeScaledStopsWhenCancelled: a done context stops the decoding.
func TestDecodeScaledStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok := decodeScaled(ctx, encodeJPEG(t, noisyPicture(64, 48, false), 90), 2); ok {
		t.Error("decoded with a cancelled context")
	}
}

// TestWorkCopyOfAHalf: a picture decoded at half its size is shrunk to the
// work copy the whole picture would have been, by a factor that is no
// whole number of its pixels (5 of the whole's, 2.5 of the half's): for a
// whole picture each of whose pixels is its half's, exactly.
func TestWorkCopyOfAHalf(t *testing.T) {
	half := grayOf(noisyPicture(2016, 150, true))
	half.decoded = 2
	full := &Gray{W: 2 * half.W, H: 2 * half.H, Pix: make([]uint8, 4*len(half.Pix))}
	for y := range full.H {
		for x := range full.W {
			full.Pix[y*full.W+x] = half.at(x/2, y/2)
		}
	}
	want, wf := full.shrink(workSide)
	got, gf := half.workCopy(workSide)
	if got.W != want.W || got.H != want.H || gf*2 != wf {
		t.Fatalf("work copy %d×%d at %.2f, want %d×%d at %.2f/2", got.W, got.H, gf, want.W, want.H, wf)
	}
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Error("the half's work copy differs from the whole picture's")
	}
}

// FuzzDecodeScaled: no bytes make the scaled decoder panic, and what it
// decodes has the size image/jpeg reads in the header, made smaller.
func FuzzDecodeScaled(f *testing.F) {
	f.Add(encodeJPEG(f, noisyPicture(40, 24, false), 80))
	f.Add(encodeJPEG(f, noisyPicture(17, 9, true), 50))
	f.Fuzz(func(t *testing.T, data []byte) {
		img, ok := decodeScaled(context.Background(), data, 2)
		if !ok {
			return
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			return // a header image/jpeg refuses, which the reader never passes here
		}
		if b := img.Bounds(); b.Dx() != (cfg.Width+1)/2 || b.Dy() != (cfg.Height+1)/2 {
			t.Errorf("decoded %v, header says %d×%d", b, cfg.Width, cfg.Height)
		}
	})
}
