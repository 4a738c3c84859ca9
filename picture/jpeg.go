package picture

import (
	"bytes"
	"encoding/binary"
)

// jpegFrame is what a JPEG's frame header (SOF) and markers say of it.
type jpegFrame struct {
	w, h        int
	progressive bool
	comps       []jpegComp
	jfif, adobe bool
	transform   byte // Adobe's colour transform, when adobe
}

// jpegComp is one of a frame's components: its id and sampling factors,
// and whether a scan has coded it yet.
type jpegComp struct {
	id, h, v int
	coded    bool
}

// inspectJPEG walks a JPEG's markers to its end: the frame, each scan and
// the blocks it passes over, and the EXIF orientation. It skips the
// entropy-coded data after each scan with a search for the next marker.
func inspectJPEG(data []byte) (header, bool) {
	w := jpegWalk{data: data, hd: header{orientation: 1}}
	for i := 2; i+4 <= len(data); {
		m := data[i+1]
		switch {
		case data[i] != 0xff: // stray bytes between markers: the decoder skips them too
			i++
		case m == 0xff || m == 0x00 || m == 0x01 || m >= 0xd0 && m <= 0xd8:
			i++
		case m == 0xd9:
			i = len(data)
		default:
			end, ok := w.segment(m, i)
			if !ok {
				return header{}, false
			}
			i = end
		}
	}
	f, hd := &w.f, w.hd
	if f.w <= 0 || f.h <= 0 || len(f.comps) == 0 {
		return header{}, false
	}
	hd.w, hd.h, hd.memory = f.w, f.h, f.memory()
	hd.jpeg = true
	if w.scans > maxScans {
		hd.costly = true // more scans than any camera or app writes
	}
	return hd, true
}

// jpegWalk is inspectJPEG's walk: the frame and header found so far.
type jpegWalk struct {
	data  []byte
	f     jpegFrame
	hd    header
	scans int
}

// segment reads the marker segment m that starts at i, and returns where
// the next one starts; false for a frame header the decoder cannot read.
func (w *jpegWalk) segment(m byte, i int) (int, bool) {
	n := int(binary.BigEndian.Uint16(w.data[i+2:]))
	end := min(len(w.data), i+2+n)
	seg := w.data[min(i+4, end):end]
	switch m {
	case 0xc0, 0xc1, 0xc2:
		return end, w.f.read(seg, m == 0xc2)
	case 0xda:
		w.scans++
		w.hd.work += w.f.scanBlocks(seg)
		if !w.f.progressive && w.f.again(seg) {
			w.hd.costly = true // a component coded twice
		}
		return nextMarker(w.data, end), true
	case 0xe0:
		w.f.jfif = w.f.jfif || bytes.HasPrefix(seg, []byte("JFIF\x00"))
	case 0xe1:
		if bytes.HasPrefix(seg, []byte("Exif\x00\x00")) {
			w.hd.orientation = exifOrientation(seg[6:])
		}
	case 0xee:
		if len(seg) >= 12 && bytes.HasPrefix(seg, []byte("Adobe")) {
			w.f.adobe, w.f.transform = true, seg[11]
		}
	}
	return end, true
}

// maxScans is the most scans a JPEG may have: cameras and apps write one
// (or one a component), or about ten when progressive.
const maxScans = 64

// again reports whether a sequential (not progressive) frame's scan whose
// header is seg codes a component an earlier scan coded: each is coded
// once, and each time again costs the decoder every block of it.
func (f *jpegFrame) again(seg []byte) bool {
	if len(seg) < 1 {
		return false
	}
	again := false
	for k := range min(int(seg[0]), (len(seg)-1)/2) {
		for c := range f.comps {
			if f.comps[c].id == int(seg[1+2*k]) {
				again = again || f.comps[c].coded
				f.comps[c].coded = true
			}
		}
	}
	return again
}

// read reads a frame header.
func (f *jpegFrame) read(seg []byte, progressive bool) bool {
	if len(seg) < 6 {
		return false
	}
	f.h, f.w = int(binary.BigEndian.Uint16(seg[1:])), int(binary.BigEndian.Uint16(seg[3:]))
	f.progressive = progressive
	n := int(seg[5])
	if n != 1 && n != 3 && n != 4 || len(seg) < 6+3*n {
		return false
	}
	f.comps = f.comps[:0]
	for c := range n {
		s := seg[6+3*c:]
		h, v := int(s[1]>>4), int(s[1]&15)
		if n == 1 || h == 0 || v == 0 { // the decoder reads a grey JPEG as 1×1
			h, v = 1, 1
		}
		f.comps = append(f.comps, jpegComp{id: int(s[0]), h: h, v: v})
	}
	return true
}

// mcus returns how many MCUs (minimum coded units) the frame has across
// and down.
func (f *jpegFrame) mcus() (mx, my int) {
	hmax, vmax := 1, 1
	for _, c := range f.comps {
		hmax, vmax = max(hmax, c.h), max(vmax, c.v)
	}
	return (f.w + 8*hmax - 1) / (8 * hmax), (f.h + 8*vmax - 1) / (8 * vmax)
}

// blocks returns how many 8×8 blocks component c has, MCUs filled out.
func (f *jpegFrame) blocks(c jpegComp) float64 {
	mx, my := f.mcus()
	return float64(mx) * float64(my) * float64(c.h*c.v)
}

// scanBlocks returns how many blocks the scan whose header is seg passes
// over: every block of each of its components.
func (f *jpegFrame) scanBlocks(seg []byte) float64 {
	if len(seg) < 1 {
		return 0
	}
	total := 0.0
	for k := range min(int(seg[0]), (len(seg)-1)/2) {
		for _, c := range f.comps {
			if c.id == int(seg[1+2*k]) {
				total += f.blocks(c)
			}
		}
	}
	return total
}

// memory is the most Go's decoder holds for the frame: its planes (64
// bytes a block), a progressive JPEG's coefficients (256 bytes a block,
// every component), and the 4 bytes a pixel of the picture it returns
// when the planes are not it (CMYK, RGB).
func (f *jpegFrame) memory() float64 {
	planes := 0.0
	for k, c := range f.comps {
		if k == 2 { // the decoder sizes both chroma planes as the first
			c = f.comps[1]
		}
		planes += 64 * f.blocks(c)
	}
	total := planes
	if f.progressive {
		total += 4 * planes
	}
	if len(f.comps) == 4 || f.rgb() {
		total += 4 * float64(f.w) * float64(f.h)
	}
	return total
}

// rgb reports whether the decoder takes a three-component frame for RGB
// rather than YCbCr, as Go's does.
func (f *jpegFrame) rgb() bool {
	if len(f.comps) != 3 || f.jfif {
		return false
	}
	if f.adobe && f.transform == 0 {
		return true
	}
	return f.comps[0].id == 'R' && f.comps[1].id == 'G' && f.comps[2].id == 'B'
}

// nextMarker returns where the marker after the entropy-coded data that
// starts at i begins: the first 0xff followed by neither a stuffed 0 nor
// a restart marker.
func nextMarker(data []byte, i int) int {
	for {
		k := bytes.IndexByte(data[i:], 0xff)
		if k < 0 || i+k+1 >= len(data) {
			return len(data)
		}
		i += k
		if m := data[i+1]; m != 0 && !(m >= 0xd0 && m <= 0xd7) && m != 0xff {
			return i
		}
		i++
	}
}

// exifOrientation returns the orientation tag (0x0112) of EXIF's first
// directory in TIFF data, 1 when there is none or it is out of range.
func exifOrientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 1
	}
	var order binary.ByteOrder
	switch string(tiff[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 1
	}
	ifd := int(order.Uint32(tiff[4:]))
	if ifd < 8 || ifd+2 > len(tiff) {
		return 1
	}
	n := int(order.Uint16(tiff[ifd:]))
	for k := range n {
		e := ifd + 2 + 12*k
		if e+12 > len(tiff) {
			break
		}
		if order.Uint16(tiff[e:]) == 0x0112 && order.Uint16(tiff[e+2:]) == 3 {
			if o := int(order.Uint16(tiff[e+8:])); o >= 1 && o <= 8 {
				return o
			}
		}
	}
	return 1
}
