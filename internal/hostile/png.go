package hostile

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
)

// PNG returns a PNG of w×h black pixels of RGBA at depth bits (8 or 16),
// Adam7-interlaced when interlaced.
func PNG(w, h, depth int, interlaced bool) []byte {
	var b bytes.Buffer
	b.Write([]byte("\x89PNG\r\n\x1a\n"))
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	lace := byte(0)
	if interlaced {
		lace = 1
	}
	ihdr = append(ihdr, byte(depth), 6, 0, 0, lace)
	chunk(&b, "IHDR", ihdr)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	row := make([]byte, 1+w*4*depth/8)
	for _, p := range passes(w, h, interlaced) {
		for range p[1] {
			zw.Write(row[:1+p[0]*4*depth/8])
		}
	}
	zw.Close()
	chunk(&b, "IDAT", z.Bytes())
	chunk(&b, "IEND", nil)
	return b.Bytes()
}

// passes returns the width and height of each pass of a w×h picture: one
// when it is not interlaced, Adam7's seven (some empty) when it is.
func passes(w, h int, interlaced bool) [][2]int {
	if !interlaced {
		return [][2]int{{w, h}}
	}
	adam7 := [7][4]int{{0, 8, 0, 8}, {4, 8, 0, 8}, {0, 4, 4, 8}, {2, 4, 0, 4}, {0, 2, 2, 4}, {1, 2, 0, 2}, {0, 1, 1, 2}}
	var out [][2]int
	for _, p := range adam7 {
		pw, ph := (w-p[0]+p[1]-1)/p[1], (h-p[2]+p[3]-1)/p[3]
		if pw > 0 && ph > 0 {
			out = append(out, [2]int{pw, ph})
		}
	}
	return out
}

func chunk(b *bytes.Buffer, kind string, data []byte) {
	binary.Write(b, binary.BigEndian, uint32(len(data)))
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	b.WriteString(kind)
	b.Write(data)
	binary.Write(b, binary.BigEndian, crc.Sum32())
}

// WebP returns a lossless WebP of w×h transparent black pixels inside an
// extended (VP8X) header that names a canvas of cw×ch: a few dozen bytes
// for a picture of up to 16384×16384, which the extended header makes
// look like a lossy one (YCbCr) before it is decoded.
func WebP(cw, ch, w, h int) []byte {
	var bits lsbWriter
	bits.bits(0x2f, 8) // VP8L's signature
	bits.bits(uint32(w-1), 14)
	bits.bits(uint32(h-1), 14)
	bits.bits(0, 1+3) // no alpha hint, version 0
	bits.bits(0, 1+1+1)
	// no transform, no colour cache, no meta codes; then five prefix codes
	// of one symbol each (0), which cost no bits a pixel
	for range 5 {
		bits.bits(1, 1) // simple code
		bits.bits(0, 1) // one symbol
		bits.bits(0, 1) // of one bit
		bits.bits(0, 1) // symbol 0
	}
	vp8l := bits.done()
	vp8x := []byte{0, 0, 0, 0}
	vp8x = append(vp8x, byte(cw-1), byte((cw-1)>>8), byte((cw-1)>>16), byte(ch-1), byte((ch-1)>>8), byte((ch-1)>>16))
	var body bytes.Buffer
	body.WriteString("WEBP")
	riffChunk(&body, "VP8X", vp8x)
	riffChunk(&body, "VP8L", vp8l)
	var b bytes.Buffer
	b.WriteString("RIFF")
	binary.Write(&b, binary.LittleEndian, uint32(body.Len()))
	b.Write(body.Bytes())
	return b.Bytes()
}

func riffChunk(b *bytes.Buffer, kind string, data []byte) {
	b.WriteString(kind)
	binary.Write(b, binary.LittleEndian, uint32(len(data)))
	b.Write(data)
	if len(data)%2 == 1 {
		b.WriteByte(0)
	}
}

// lsbWriter writes bits least significant first, as VP8L reads them.
type lsbWriter struct {
	out  []byte
	acc  uint64
	nacc int
}

func (w *lsbWriter) bits(v uint32, n int) {
	w.acc |= uint64(v&(1<<n-1)) << w.nacc
	for w.nacc += n; w.nacc >= 8; w.nacc -= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
	}
}

func (w *lsbWriter) done() []byte {
	if w.nacc > 0 {
		w.out = append(w.out, byte(w.acc))
	}
	return w.out
}
