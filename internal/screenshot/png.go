package screenshot

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
)

// encodePNG writes an opaque image as an RGB PNG with every row filtered
// by the row above. The standard encoder tries five filters on every
// row, which is most of the time a big screenshot takes; flat app
// screens compress about as well with this one, and the pixels are the
// same either way.
func encodePNG(img *image.RGBA) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits a sample, RGB
	chunk(&out, "IHDR", ihdr[:])
	chunk(&out, "IDAT", rows(img))
	chunk(&out, "IEND", nil)
	return out.Bytes()
}

// rows compresses the image's rows, each as the filter byte 2 (Up) and
// its RGB bytes less those of the row above.
func rows(img *image.RGBA) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed) // the level is valid
	line := make([]byte, 1+3*w)
	prev, cur := make([]byte, 3*w), make([]byte, 3*w)
	for y := range h {
		src := img.Pix[img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y+y):]
		for x := range w {
			cur[3*x], cur[3*x+1], cur[3*x+2] = src[4*x], src[4*x+1], src[4*x+2]
		}
		line[0] = 2
		for i, v := range cur {
			line[1+i] = v - prev[i]
		}
		zw.Write(line) // writes to memory cannot fail
		prev, cur = cur, prev
	}
	zw.Close()
	return z.Bytes()
}

// chunk writes one PNG chunk: length, type, data and their CRC.
func chunk(out *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	out.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	out.WriteString(typ)
	out.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	out.Write(n[:])
}
