package picture

import (
	"context"
	"image"
)

// scan decodes the scan whose header (SOS) starts at i: every component
// of the frame in one interleaved scan (or a grey frame's one), each
// block to k×k pixels of its component's plane.
func (d *scaledDecoder) scan(ctx context.Context, i int) (image.Image, bool) {
	n := int(d.data[i+2])<<8 | int(d.data[i+3])
	if n < 2 || d.comps == nil || d.rgb() || i+2+n > len(d.data) || !d.scanHeader(d.data[i+4:i+2+n]) {
		return nil, false
	}
	mx, my := d.mcus()
	for c := range d.comps {
		comp := &d.comps[c]
		comp.stride = mx * comp.h * d.k
		comp.plane = make([]uint8, comp.stride*my*comp.v*d.k)
	}
	b := bitReader{data: d.data, pos: i + 2 + n}
	for y := range my {
		if ctx.Err() != nil {
			return nil, false
		}
		for x := range mx {
			if at := y*mx + x; d.restart > 0 && at > 0 && at%d.restart == 0 && !d.restartAt(&b) {
				return nil, false
			}
			if !d.mcu(&b, x, y) {
				return nil, false
			}
		}
	}
	if b.eof {
		return nil, false // the data ended inside the scan
	}
	return d.image(), true
}

// rgb reports whether a three-component frame holds RGB, as image/jpeg
// decides: not with JFIF's marker, with Adobe's transform 0 or with the
// components named R, G and B.
func (d *scaledDecoder) rgb() bool {
	if len(d.comps) != 3 || d.jfif {
		return false
	}
	return d.adobe && d.transform == 0 || d.rgbIDs
}

// scanHeader reads a scan header naming every component of the frame
// with its tables, and a sequential scan's spectral range.
func (d *scaledDecoder) scanHeader(seg []byte) bool {
	if len(seg) < 1 || int(seg[0]) != len(d.comps) || len(seg) < 1+2*len(d.comps)+3 {
		return false
	}
	for k := range len(d.comps) {
		id, tables := int(seg[1+2*k]), seg[2+2*k]
		c := d.comp(id)
		if c == nil || c.dc != nil || tables>>4 > 3 || tables&15 > 3 {
			return false
		}
		c.dc, c.ac = d.huff[0][tables>>4], d.huff[1][tables&15]
		if c.dc == nil || c.ac == nil {
			return false
		}
	}
	end := seg[1+2*len(d.comps):]
	return end[0] == 0 && end[1] == 63 && end[2] == 0
}

// comp returns the frame's component with id, or nil.
func (d *scaledDecoder) comp(id int) *scaledComp {
	for c := range d.comps {
		if d.comps[c].id == id {
			return &d.comps[c]
		}
	}
	return nil
}

// mcus returns how many MCUs the scan has across and down: a grey
// frame's are single blocks.
func (d *scaledDecoder) mcus() (int, int) {
	hmax, vmax := d.comps[0].h, d.comps[0].v
	return (d.w + 8*hmax - 1) / (8 * hmax), (d.h + 8*vmax - 1) / (8 * vmax)
}

// restartAt passes a restart marker, which must come next, and starts
// the DC predictions afresh.
func (d *scaledDecoder) restartAt(b *bitReader) bool {
	b.fill()
	if !b.marker || b.pos+1 >= len(b.data) || b.data[b.pos+1] < 0xd0 || b.data[b.pos+1] > 0xd7 {
		return false
	}
	*b = bitReader{data: b.data, pos: b.pos + 2}
	for c := range d.comps {
		d.comps[c].pred = 0
	}
	return true
}

// mcu decodes the MCU at (x, y): each component's blocks, h across and v
// down.
func (d *scaledDecoder) mcu(b *bitReader, x, y int) bool {
	for c := range d.comps {
		comp := &d.comps[c]
		for bv := range comp.v {
			for bh := range comp.h {
				at := ((y*comp.v+bv)*comp.stride + (x*comp.h + bh)) * d.k
				if !d.block(b, comp, comp.plane[at:]) {
					return false
				}
			}
		}
	}
	return true
}

// block decodes one 8×8 block and writes its k×k pixels to out, whose
// rows are the component's stride apart.
func (d *scaledDecoder) block(b *bitReader, c *scaledComp, out []uint8) bool {
	var f [16]float32 // the k×k lowest frequencies, row by row
	rows := uint8(1)  // which of f's rows are not all zero
	q := &d.quant[c.tq]
	s, ok := b.decode(c.dc)
	if !ok || s > 15 {
		return false
	}
	c.pred += b.extend(s)
	f[0] = float32(c.pred) * float32(q[0])
	for z := 1; z < 64; z++ {
		rs, ok := b.decode(c.ac)
		if !ok {
			return false
		}
		run, size := int(rs>>4), rs&15
		if size == 0 {
			if run != 15 {
				break // end of block
			}
			z += 15
			continue
		}
		if z += run; z > 63 {
			return false
		}
		v := b.extend(size)
		if nat := unzig[z]; nat>>3 < d.k && nat&7 < d.k && v != 0 {
			f[(nat>>3)*d.k+nat&7] = float32(v) * float32(q[z])
			rows |= 1 << (nat >> 3)
		}
	}
	if d.k == 4 {
		idct4(&f, rows, out, c.stride)
	} else {
		idctScaled(&f, d.k, out, c.stride)
	}
	return true
}

// basis4 is scaledBasis[4], as an array the compiler indexes unchecked.
var basis4 = [16]float32(scaledBasis[4])

// idct4 is idctScaled for k = 4, the half-size decoding of every phone
// photo: written out, and passing over the rows of frequencies that are
// all zero (rows has a bit for each that is not), as most of a photo's
// blocks hold a few low frequencies only.
func idct4(f *[16]float32, rows uint8, out []uint8, stride int) {
	if rows == 1 && f[1] == 0 && f[2] == 0 && f[3] == 0 { // flat
		v := clampByte(128.5 + f[0]*basis4[0]*basis4[0])
		for y := range 4 {
			o := out[y*stride:][:4]
			o[0], o[1], o[2], o[3] = v, v, v, v
		}
		return
	}
	var t [16]float32 // t[v*4+x]: row v of frequencies at sample x
	for v := range 4 {
		if rows&(1<<v) == 0 {
			continue
		}
		r := (*[4]float32)(f[v*4:])
		for x := range 4 {
			b := (*[4]float32)(basis4[x*4:])
			t[v*4+x] = r[0]*b[0] + r[1]*b[1] + r[2]*b[2] + r[3]*b[3]
		}
	}
	for y := range 4 {
		b := (*[4]float32)(basis4[y*4:])
		o := out[y*stride:][:4]
		for x := range 4 {
			o[x] = clampByte(128.5 + b[0]*t[x] + b[1]*t[4+x] + b[2]*t[8+x] + b[3]*t[12+x])
		}
	}
}

// idctScaled puts a block's k×k lowest frequencies f through the scaled
// inverse DCT (scaledBasis) and writes the k×k pixels, level-shifted and
// clamped, to out, stride apart.
func idctScaled(f *[16]float32, k int, out []uint8, stride int) {
	basis := scaledBasis[k]
	var t [16]float32 // rows of frequencies made into columns of samples
	for v := range k {
		row := f[v*k : v*k+k]
		for x := range k {
			sum := float32(0)
			for u, c := range row {
				sum += c * basis[x*k+u]
			}
			t[v*k+x] = sum
		}
	}
	for y := range k {
		for x := range k {
			sum := float32(128.5)
			for v := range k {
				sum += basis[y*k+v] * t[v*k+x]
			}
			out[y*stride+x] = clampByte(sum)
		}
	}
}

// clampByte rounds down v, already offset by a half, into a byte.
func clampByte(v float32) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v)
}

// image returns the planes decoded as a picture the frame's size over
// the scale.
func (d *scaledDecoder) image() image.Image {
	scale := 8 / d.k
	r := image.Rect(0, 0, (d.w+scale-1)/scale, (d.h+scale-1)/scale)
	y := d.comps[0]
	if len(d.comps) == 1 {
		return &image.Gray{Pix: y.plane, Stride: y.stride, Rect: r}
	}
	ratio := map[[2]int]image.YCbCrSubsampleRatio{
		{1, 1}: image.YCbCrSubsampleRatio444, {2, 1}: image.YCbCrSubsampleRatio422,
		{2, 2}: image.YCbCrSubsampleRatio420, {1, 2}: image.YCbCrSubsampleRatio440,
	}[[2]int{y.h, y.v}]
	return &image.YCbCr{Y: y.plane, Cb: d.comps[1].plane, Cr: d.comps[2].plane,
		YStride: y.stride, CStride: d.comps[1].stride, SubsampleRatio: ratio, Rect: r}
}

// unzig maps a coefficient's place in zigzag order to its place in the
// block, row by row.
var unzig = [64]int{
	0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
	12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
	35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
	58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
}
