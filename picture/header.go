package picture

import (
	"bytes"
	"encoding/binary"
)

// header is what a picture's bytes say of it before it is decoded: its
// size, how it is stored turned, and what decoding it costs.
type header struct {
	w, h int
	// orientation is the EXIF orientation, 1 to 8; 1 when there is none.
	orientation int
	// memory is what the decoder allocates, in bytes, which bounds what
	// it holds at once: the picture it returns and what it makes while
	// decoding (a progressive JPEG's coefficients, an interlaced PNG's
	// passes).
	memory float64
	// work counts the blocks of 8×8 a JPEG's decoder passes over, scan by
	// scan; 0 for other formats, whose work follows their pixels.
	work float64
	// costly says a JPEG is made to cost its decoder far more than its
	// size: more scans than any camera writes, a component coded twice.
	costly bool
	// jpeg says the picture is a JPEG, which decodeScaled may decode
	// smaller.
	jpeg bool
}

// inspect reads a picture's header, by its format; ok is false for bytes
// that are no PNG, JPEG or WebP.
func inspect(data []byte) (hd header, ok bool) {
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xd8}):
		hd, ok = inspectJPEG(data)
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		hd, ok = inspectPNG(data)
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		hd, ok = inspectWebP(data)
	}
	hd.memory += decoderTables
	return hd, ok
}

// decoderTables is what a decoder allocates whatever the picture's size:
// Huffman tables, zlib's window, buffers (measured: under 0.1 MB).
const decoderTables = 256 << 10

// inspectPNG reads a PNG's IHDR and the chunks before its first IDAT: the
// decoder returns 1, 2, 4 or 8 bytes a pixel by colour type, depth and
// transparency (tRNS); an interlaced one also makes each of its seven
// passes as a picture of its own before it merges it: as much again.
func inspectPNG(data []byte) (header, bool) {
	if len(data) < 33 || string(data[12:16]) != "IHDR" {
		return header{}, false
	}
	ihdr := data[16:29]
	hd := header{w: int(binary.BigEndian.Uint32(ihdr[0:])), h: int(binary.BigEndian.Uint32(ihdr[4:])), orientation: 1}
	if hd.w <= 0 || hd.h <= 0 {
		return header{}, false
	}
	depth, kind, interlaced := ihdr[8], ihdr[9], ihdr[12] == 1
	trns := false
	for c := data[33:]; len(c) >= 8; {
		n, name := binary.BigEndian.Uint32(c), string(c[4:8])
		if name == "IDAT" || uint64(n)+12 > uint64(len(c)) {
			break
		}
		trns = trns || name == "tRNS"
		c = c[12+n:]
	}
	per := pngBytesPerPixel(kind, depth, trns)
	hd.memory = per * float64(hd.w) * float64(hd.h)
	if interlaced {
		hd.memory *= 2
	}
	return hd, true
}

// pngBytesPerPixel is how many bytes a pixel of a PNG of colour type kind
// and depth takes decoded.
func pngBytesPerPixel(kind, depth byte, trns bool) float64 {
	wide := float64(1)
	if depth == 16 {
		wide = 2
	}
	switch {
	case kind == 3:
		return 1 // paletted
	case kind == 0 && !trns:
		return wide // grey
	}
	return 4 * wide // RGBA, with or without alpha
}

// inspectWebP reads a WebP's chunks: a lossy picture (VP8) decodes to
// YCbCr at 1.5 bytes a pixel, 2.5 with an alpha channel (whose own
// decoding takes another 4); a lossless one (VP8L) to 4 bytes a pixel
// and as much again while its transforms run. An extended header (VP8X)
// names the canvas and carries EXIF.
func inspectWebP(data []byte) (header, bool) {
	hd := header{orientation: 1}
	var lossy, lossless, alpha bool
	for c := data[12:]; len(c) >= 8; {
		n, name := binary.LittleEndian.Uint32(c[4:]), string(c[:4])
		if uint64(n)+8 > uint64(len(c)) {
			n = uint32(len(c) - 8)
		}
		body := c[8 : 8+n]
		switch name {
		case "VP8X":
			if len(body) >= 10 {
				hd.w, hd.h = int(le24(body[4:]))+1, int(le24(body[7:]))+1
			}
		case "VP8 ":
			lossy = true
			if w, h, ok := vp8Size(body); ok {
				hd.w, hd.h = max(hd.w, w), max(hd.h, h)
			}
		case "VP8L":
			lossless = true
			if len(body) >= 5 && body[0] == 0x2f {
				bits := binary.LittleEndian.Uint32(body[1:])
				hd.w, hd.h = max(hd.w, int(bits&0x3fff)+1), max(hd.h, int(bits>>14&0x3fff)+1)
			}
		case "ALPH":
			alpha = true
		case "EXIF":
			hd.orientation = exifOrientation(bytes.TrimPrefix(body, []byte("Exif\x00\x00")))
		}
		c = c[min(len(c), 8+int(n)+int(n&1)):]
	}
	if hd.w <= 0 || hd.h <= 0 || !(lossy || lossless) {
		return header{}, false
	}
	per := 1.5
	switch {
	case lossless:
		per = 8
	case alpha:
		per = 2.5 + 4
	}
	hd.memory = per * float64(hd.w) * float64(hd.h)
	return hd, true
}

// vp8Size returns the size a VP8 key frame names.
func vp8Size(b []byte) (w, h int, ok bool) {
	if len(b) < 10 || b[3] != 0x9d || b[4] != 0x01 || b[5] != 0x2a {
		return 0, 0, false
	}
	return int(binary.LittleEndian.Uint16(b[6:]) & 0x3fff), int(binary.LittleEndian.Uint16(b[8:]) & 0x3fff), true
}

func le24(b []byte) uint32 { return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 }
