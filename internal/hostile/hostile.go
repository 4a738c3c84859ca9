// Package hostile makes pictures built to hurt a picture reader: a JPEG
// of thousands of scans that each say "nothing here", decoders' memory
// bombs (a progressive 4:4:4 or CMYK JPEG, an interlaced 16-bit PNG, a
// WebP whose header names a small canvas round a huge image). They are
// small files of flat grey. Tests feed them to the reader to show it
// refuses them before decoding; nothing else imports the package.
package hostile

import (
	"bytes"
	"encoding/binary"
)

// Set returns the hostile pictures of the project's table
// (docs/hostile.md), by file name: each is refused before it is decoded.
func Set() map[string][]byte {
	return map[string][]byte{
		"scans-2000.jpg":       JPEG{W: 7000, H: 7000, Components: 1, Progressive: true, Scans: 2000}.Bytes(),
		"scans-2000-16mp.jpg":  JPEG{W: 4000, H: 4000, Components: 1, Progressive: true, Scans: 2000}.Bytes(),
		"progressive-444.jpg":  JPEG{W: 8660, H: 5773, Components: 3, Progressive: true, Scans: 9}.Bytes(),
		"progressive-cmyk.jpg": JPEG{W: 6900, H: 4600, Components: 4, Progressive: true, Scans: 8}.Bytes(),
		"baseline-cmyk.jpg":    JPEG{W: 6900, H: 4600, Components: 4}.Bytes(),
		"interlaced-16.png":    PNG(4000, 4000, 16, true),
		"vp8x-vp8l.webp":       WebP(7000, 7000, 7000, 7000),
	}
}

// JPEG describes a JPEG of flat grey to make.
type JPEG struct {
	W, H int
	// Components is 1 (grey), 3 (YCbCr) or 4 (CMYK, with Adobe's marker).
	Components int
	// Sampling is each component's h<<4|v; 0 is 0x11 (no subsampling).
	Sampling [4]byte
	// Progressive makes a progressive JPEG: one DC scan, then Scans AC
	// scans that each say "nothing here" for every block of a component.
	Progressive bool
	Scans       int
}

// Bytes returns the JPEG's file.
func (j JPEG) Bytes() []byte {
	var b bytes.Buffer
	b.Write([]byte{0xff, 0xd8})
	if j.Components == 4 {
		segment(&b, 0xee, append([]byte("Adobe"), 0, 100, 0, 0, 0, 0, 0)) // transform 0: CMYK as it is
	}
	segment(&b, 0xdb, append([]byte{0}, bytes.Repeat([]byte{1}, 64)...))
	sof := byte(0xc0)
	if j.Progressive {
		sof = 0xc2
	}
	segment(&b, sof, j.frame())
	// One Huffman table of each class, each of one code "0": DC category
	// 0 (no change), and EOB (baseline) or an EOB run of 32767 blocks
	// (progressive: run 14 and fourteen 1 bits).
	ac := byte(0x00)
	if j.Progressive {
		ac = 0xe0
	}
	segment(&b, 0xc4, append(table(0x00, 0), table(0x10, ac)...))
	if j.Progressive {
		j.progressiveScans(&b)
	} else {
		j.scan(&b, j.all(), 0, 63, 2)
	}
	b.Write([]byte{0xff, 0xd9})
	return b.Bytes()
}

func (j JPEG) sampling(c int) (h, v int) {
	s := j.Sampling[c]
	if s == 0 || j.Components == 1 {
		return 1, 1
	}
	return int(s >> 4), int(s & 15)
}

func (j JPEG) frame() []byte {
	f := []byte{8, byte(j.H >> 8), byte(j.H), byte(j.W >> 8), byte(j.W), byte(j.Components)}
	for c := range j.Components {
		h, v := j.sampling(c)
		f = append(f, byte(c+1), byte(h<<4|v), 0)
	}
	return f
}

func (j JPEG) all() []int {
	cs := make([]int, j.Components)
	for c := range cs {
		cs[c] = c
	}
	return cs
}

// blocks returns how many blocks a scan of components cs codes.
func (j JPEG) blocks(cs []int) int {
	hmax, vmax := 1, 1
	for c := range j.Components {
		h, v := j.sampling(c)
		hmax, vmax = max(hmax, h), max(vmax, v)
	}
	if len(cs) == 1 { // not interleaved: the component's own blocks
		h, v := j.sampling(cs[0])
		w, ht := (j.W*h+hmax-1)/hmax, (j.H*v+vmax-1)/vmax
		return ((w + 7) / 8) * ((ht + 7) / 8)
	}
	mcus := ((j.W + 8*hmax - 1) / (8 * hmax)) * ((j.H + 8*vmax - 1) / (8 * vmax))
	n := 0
	for _, c := range cs {
		h, v := j.sampling(c)
		n += mcus * h * v
	}
	return n
}

func (j JPEG) progressiveScans(b *bytes.Buffer) {
	j.scan(b, j.all(), 0, 0, 1)
	for s := range j.Scans {
		c := []int{s % j.Components}
		var w bitWriter
		for n := j.blocks(c); n > 0; n -= 32767 {
			w.bits(0b0_11111111111111, 15)
		}
		j.header(b, c, 1, 63)
		b.Write(w.done())
	}
}

// scan writes a scan of components cs in which every block codes
// bitsPerBlock zero bits: DC unchanged, then EOB.
func (j JPEG) scan(b *bytes.Buffer, cs []int, ss, se byte, bitsPerBlock int) {
	j.header(b, cs, ss, se)
	var w bitWriter
	for range j.blocks(cs) {
		w.bits(0, bitsPerBlock)
	}
	b.Write(w.done())
}

func (j JPEG) header(b *bytes.Buffer, cs []int, ss, se byte) {
	sos := []byte{byte(len(cs))}
	for _, c := range cs {
		sos = append(sos, byte(c+1), 0x00)
	}
	segment(b, 0xda, append(sos, ss, se, 0))
}

// table is a DHT table of class and id tc with one code, of length 1.
func table(tc, symbol byte) []byte {
	t := make([]byte, 18)
	t[0], t[1], t[17] = tc, 1, symbol
	return t
}

func segment(b *bytes.Buffer, marker byte, body []byte) {
	b.Write([]byte{0xff, marker})
	binary.Write(b, binary.BigEndian, uint16(len(body)+2))
	b.Write(body)
}

// bitWriter writes entropy-coded bits, most significant first, with a
// 0 stuffed after every 0xff byte.
type bitWriter struct {
	out  []byte
	acc  uint32
	nacc int
}

func (w *bitWriter) bits(v uint32, n int) {
	for i := n - 1; i >= 0; i-- {
		w.acc = w.acc<<1 | (v>>i)&1
		if w.nacc++; w.nacc == 8 {
			w.flush()
		}
	}
}

func (w *bitWriter) flush() {
	w.out = append(w.out, byte(w.acc))
	if byte(w.acc) == 0xff {
		w.out = append(w.out, 0)
	}
	w.acc, w.nacc = 0, 0
}

// done pads the last byte with 1 bits and returns what was written.
func (w *bitWriter) done() []byte {
	for w.nacc != 0 {
		w.bits(1, 1)
	}
	return w.out
}
