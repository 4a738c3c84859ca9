package picture

import (
	"context"
	"encoding/binary"
	"image"
	"math"
)

// decodeScaled decodes a baseline JPEG at 1/scale of its size across and
// down (scale 2, 4 or 8) from each 8×8 block's lowest frequencies, as
// libjpeg's scaled decoding does: a phone's 12-megapixel photo is read
// as 3 megapixels, in half the decoder's time and a quarter of its
// memory, and every step after it works on a quarter of the pixels. The
// cells of a grid a photo's side or so across keep 70 pixels or more,
// twice what a cell is cut to. It returns false for any JPEG it leaves to
// image/jpeg: progressive, arithmetic-coded, 12-bit, CMYK or RGB, a scan
// a component, sampling other than a phone's, or data it cannot read.
func decodeScaled(ctx context.Context, data []byte, scale int) (image.Image, bool) {
	if scale != 2 && scale != 4 && scale != 8 || len(data) < 4 || data[0] != 0xff || data[1] != 0xd8 {
		return nil, false
	}
	d := scaledDecoder{data: data, k: 8 / scale}
	for i := 2; i+4 <= len(data); {
		if ctx.Err() != nil {
			return nil, false
		}
		m := data[i+1]
		switch {
		case data[i] != 0xff || m == 0xff || m == 0x00 || m == 0x01 || m >= 0xd0 && m <= 0xd8:
			i++
		case m == 0xd9:
			return nil, false // no scan
		case m == 0xda:
			return d.scan(ctx, i)
		default:
			end, ok := d.segment(m, i)
			if !ok {
				return nil, false
			}
			i = end
		}
	}
	return nil, false
}

// scaledDecoder is decodeScaled's state: the tables and frame read so far.
type scaledDecoder struct {
	data    []byte
	k       int // each block's side once decoded: 8 / scale
	w, h    int
	comps   []scaledComp
	quant   [4][64]int32 // in zigzag order
	huff    [2][4]*huffTable
	restart int
	// jfif, adobe, transform and rgbIDs are what decide whether three
	// components are RGB (rgb).
	jfif, adobe, rgbIDs bool
	transform           byte
}

// scaledComp is a frame component: its sampling, tables and plane.
type scaledComp struct {
	id, h, v, tq int
	dc, ac       *huffTable
	pred         int32
	plane        []uint8
	stride       int
}

// segment reads the marker segment m that starts at i and returns where
// the next begins; false for what decodeScaled leaves to image/jpeg.
func (d *scaledDecoder) segment(m byte, i int) (int, bool) {
	n := int(binary.BigEndian.Uint16(d.data[i+2:]))
	if n < 2 || i+2+n > len(d.data) {
		return 0, false
	}
	seg := d.data[i+4 : i+2+n]
	ok := true
	switch {
	case m == 0xc0 || m == 0xc1:
		ok = d.frame(seg)
	case m >= 0xc2 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc:
		ok = false // progressive, lossless, hierarchical or arithmetic-coded
	case m == 0xc4:
		ok = d.huffTables(seg)
	case m == 0xdb:
		ok = d.quantTables(seg)
	case m == 0xdd:
		ok = len(seg) >= 2
		if ok {
			d.restart = int(binary.BigEndian.Uint16(seg))
		}
	case m == 0xe0:
		d.jfif = d.jfif || len(seg) >= 5 && string(seg[:5]) == "JFIF\x00"
	case m == 0xee && len(seg) >= 12 && string(seg[:5]) == "Adobe":
		d.adobe, d.transform = true, seg[11]
	}
	return i + 2 + n, ok
}

// frame reads a baseline frame header: 8-bit samples, one component
// (grey) or three (YCbCr) sampled as a camera samples them, and no more
// pixels than a picture may have (check refuses more before this).
func (d *scaledDecoder) frame(seg []byte) bool {
	if len(seg) < 6 || seg[0] != 8 || d.comps != nil {
		return false
	}
	d.h, d.w = int(binary.BigEndian.Uint16(seg[1:])), int(binary.BigEndian.Uint16(seg[3:]))
	n := int(seg[5])
	if d.w == 0 || d.h == 0 || float64(d.w)*float64(d.h) > MaxPixels || n != 1 && n != 3 || len(seg) < 6+3*n {
		return false
	}
	for c := range n {
		s := seg[6+3*c:]
		comp := scaledComp{id: int(s[0]), h: int(s[1] >> 4), v: int(s[1] & 15), tq: int(s[2])}
		if n == 1 {
			comp.h, comp.v = 1, 1
		}
		if comp.tq > 3 || comp.h < 1 || comp.h > 2 || comp.v < 1 || comp.v > 2 || c > 0 && (comp.h != 1 || comp.v != 1) {
			return false
		}
		d.comps = append(d.comps, comp)
	}
	d.rgbIDs = n == 3 && d.comps[0].id == 'R' && d.comps[1].id == 'G' && d.comps[2].id == 'B'
	return true
}

// quantTables reads a DQT segment's tables.
func (d *scaledDecoder) quantTables(seg []byte) bool {
	for len(seg) > 0 {
		pq, tq := seg[0]>>4, seg[0]&15
		size := 1 + 64*(1+int(pq))
		if pq > 1 || tq > 3 || len(seg) < size {
			return false
		}
		for k := range 64 {
			if pq == 0 {
				d.quant[tq][k] = int32(seg[1+k])
			} else {
				d.quant[tq][k] = int32(binary.BigEndian.Uint16(seg[1+2*k:]))
			}
		}
		seg = seg[size:]
	}
	return true
}

// huffTables reads a DHT segment's tables.
func (d *scaledDecoder) huffTables(seg []byte) bool {
	for len(seg) >= 17 {
		class, id := seg[0]>>4, seg[0]&15
		if class > 1 || id > 3 {
			return false
		}
		var counts [16]int
		total := 0
		for l := range 16 {
			counts[l] = int(seg[1+l])
			total += counts[l]
		}
		if total == 0 || total > 256 || len(seg) < 17+total {
			return false
		}
		t, ok := newHuffTable(counts, seg[17:17+total])
		if !ok {
			return false
		}
		d.huff[class][id] = t
		seg = seg[17+total:]
	}
	return len(seg) == 0
}

// scaledBasis is the scaled inverse DCT's basis for each block side k:
// basis[k][x*k+u] is frequency u's weight at output sample x, so that a
// block's k×k lowest frequencies, put through it across and down, give
// the block's pixels averaged k to a side (up to the frequencies left
// out).
var scaledBasis = func() (out [9][]float32) {
	for _, k := range []int{1, 2, 4} {
		b := make([]float32, k*k)
		for x := range k {
			for u := range k {
				c := 1.0
				if u == 0 {
					c = 1 / math.Sqrt2
				}
				// The 8-point IDCT's 1/2, and an average over a run of
				// 8/k samples of cos((2x+1)uπ/16).
				s := 8 / k
				avg := 1.0
				if u > 0 {
					a := float64(u) * math.Pi / 16
					avg = math.Sin(float64(s)*a) / (float64(s) * math.Sin(a))
				}
				b[x*k+u] = float32(c / 2 * avg * math.Cos(float64(2*x+1)*float64(u)*math.Pi/float64(2*k)))
			}
		}
		out[k] = b
	}
	return out
}()
