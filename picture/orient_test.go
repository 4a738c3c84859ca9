package picture

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// storedFor returns img as a camera stores a picture of orientation o:
// turned so that turning it by o shows img.
func storedFor(img image.Image, o int) *image.RGBA {
	b := img.Bounds()
	sw, sh := upright(o, b.Dx(), b.Dy()) // a quarter turn swaps the sides either way
	out := image.NewRGBA(image.Rect(0, 0, sw, sh))
	for y := range b.Dy() {
		for x := range b.Dx() {
			sx, sy := source(o, sw, sh, x, y)
			out.Set(sx, sy, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}

// classicBoard returns the bot's board of the classic puzzle, decoded.
func classicBoard(t *testing.T) image.Image {
	t.Helper()
	p, err := solver.Parse(classic)
	if err != nil {
		t.Fatal(err)
	}
	data, err := render.PNG(p, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// exifSegment returns a JPEG APP1 segment of EXIF naming orientation o,
// in the byte order given ("II" or "MM").
func exifSegment(o int, order string) []byte {
	var bo binary.AppendByteOrder = binary.LittleEndian
	if order == "MM" {
		bo = binary.BigEndian
	}
	tiff := []byte(order)
	tiff = bo.AppendUint16(tiff, 42)
	tiff = bo.AppendUint32(tiff, 8)
	tiff = bo.AppendUint16(tiff, 2) // two entries: ImageWidth, then Orientation
	tiff = append(bo.AppendUint16(bo.AppendUint16(tiff, 0x0100), 3), 0, 0, 0, 1, 0, 0, 0, 0)
	tiff = bo.AppendUint32(bo.AppendUint16(bo.AppendUint16(tiff, 0x0112), 3), 1)
	tiff = append(bo.AppendUint16(tiff, uint16(o)), 0, 0)
	tiff = bo.AppendUint32(tiff, 0)
	body := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xff, 0xe1, byte((len(body) + 2) >> 8), byte(len(body) + 2)}
	return append(seg, body...)
}

// TestReadTurnedPhotos: a picture stored turned or mirrored, with EXIF
// saying how to show it (JPEG, in either byte order), reads as the picture
// shown the right way up.
func TestReadTurnedPhotos(t *testing.T) {
	img := classicBoard(t)
	for o := 1; o <= 8; o++ {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, storedFor(img, o), &jpeg.Options{Quality: 95}); err != nil {
			t.Fatal(err)
		}
		order := []string{"II", "MM"}[o%2]
		turned := append(append([]byte{0xff, 0xd8}, exifSegment(o, order)...), buf.Bytes()[2:]...)
		r, err := Read(t.Context(), turned)
		if err != nil {
			t.Errorf("orientation %d: %v", o, err)
			continue
		}
		if got := r.Givens(); got != classic {
			t.Errorf("orientation %d: read %s, want %s", o, got, classic)
		}
	}
}

// TestReadStaleOrientation: a picture whose pixels were turned upright by
// an editor that left its EXIF orientation (so that turned by it, it reads
// as no puzzle) is read as it is stored.
func TestReadStaleOrientation(t *testing.T) {
	img := classicBoard(t)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	stale := append(append([]byte{0xff, 0xd8}, exifSegment(6, "MM")...), buf.Bytes()[2:]...)
	if b, err := Find(t.Context(), stale); err != nil || b.Cells.W == 0 {
		t.Fatalf("Find(stale) = %v: the grid, turned, should still be found", err)
	}
	r, err := Read(t.Context(), stale)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Givens(); got != classic {
		t.Errorf("read %s, want %s", got, classic)
	}
}

// TestReadTurnedWebP: a WebP's EXIF orientation is honoured too.
// testdata/board-turned6.webp is the bot's board of the classic puzzle
// turned a quarter anticlockwise (storedFor(board, 6)), lossless (cwebp
// -lossless); the test adds the extended header and the EXIF chunk.
func TestReadTurnedWebP(t *testing.T) {
	plain, err := os.ReadFile(filepath.Join("testdata", "board-turned6.webp"))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := Read(t.Context(), plain); err == nil && r.Givens() == classic {
		t.Fatal("the turned board reads right without its orientation: the test shows nothing")
	}
	r, err := Read(t.Context(), webpWithOrientation(t, plain, 6))
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Givens(); got != classic {
		t.Errorf("read %s, want %s", got, classic)
	}
}

// webpWithOrientation wraps a simple WebP's image chunk in an extended
// header with an EXIF chunk naming orientation o.
func webpWithOrientation(t *testing.T, data []byte, o int) []byte {
	t.Helper()
	hd, ok := inspect(data)
	if !ok {
		t.Fatal("not a WebP")
	}
	img := data[12:] // the one image chunk
	vp8x := []byte{0x08, 0, 0, 0}
	vp8x = binary.LittleEndian.AppendUint32(vp8x, uint32(hd.w-1))[:7]
	vp8x = binary.LittleEndian.AppendUint32(vp8x, uint32(hd.h-1))[:10]
	exif := exifSegment(o, "II")[4+6:] // the TIFF data
	var body bytes.Buffer
	body.WriteString("WEBP")
	for _, c := range []struct {
		name string
		data []byte
	}{{"VP8X", vp8x}, {"", img}, {"EXIF", exif}} {
		if c.name == "" {
			body.Write(c.data)
			continue
		}
		body.WriteString(c.name)
		binary.Write(&body, binary.LittleEndian, uint32(len(c.data)))
		body.Write(c.data)
		if len(c.data)%2 == 1 {
			body.WriteByte(0)
		}
	}
	out := []byte("RIFF")
	out = binary.LittleEndian.AppendUint32(out, uint32(body.Len()))
	return append(out, body.Bytes()...)
}
