package picture

// huffLook is how many bits a Huffman table's lookup takes at once: the
// codes no longer than that are found in one step.
const huffLook = 9

// huffTable is a JPEG Huffman table: a lookup for its short codes, and
// the canonical code's bounds by length for the rest.
type huffTable struct {
	look    [1 << huffLook]uint16 // length<<8 | value; 0 when longer
	maxCode [17]int32             // the greatest code of each length; -1 when none
	minCode [17]int32
	valPtr  [17]int32
	vals    []byte
}

// newHuffTable builds a table from how many codes each length 1 to 16
// has and their values; false when the counts overfill the code space.
func newHuffTable(counts [16]int, vals []byte) (*huffTable, bool) {
	t := &huffTable{vals: vals}
	code, k := int32(0), int32(0)
	for l := 1; l <= 16; l++ {
		n := int32(counts[l-1])
		t.minCode[l], t.valPtr[l], t.maxCode[l] = code, k, code+n-1
		if code+n > 1<<l {
			return nil, false
		}
		if n == 0 {
			t.maxCode[l] = -1
		}
		if l <= huffLook {
			shift := huffLook - l
			for j := range n {
				for f := range int32(1) << shift {
					t.look[(code+j)<<shift|f] = uint16(l)<<8 | uint16(vals[k+j])
				}
			}
		}
		code, k = (code+n)<<1, k+n
	}
	return t, true
}

// bitReader reads a scan's entropy-coded bits, most significant first,
// with its stuffed zero bytes taken out. At a marker (or the data's end)
// it feeds zeros and goes no further.
type bitReader struct {
	data   []byte
	pos    int
	acc    uint64 // the bits read ahead, at the top
	n      uint   // how many
	marker bool   // pos is at a marker, or the data's end
	eof    bool   // the data ended before a marker
}

// fill reads ahead until 57 bits or more are held.
func (b *bitReader) fill() {
	for b.n <= 56 {
		c := byte(0)
		switch {
		case b.marker:
		case b.pos >= len(b.data):
			b.marker, b.eof = true, true
		case b.data[b.pos] != 0xff:
			c = b.data[b.pos]
			b.pos++
		case b.pos+1 < len(b.data) && b.data[b.pos+1] == 0:
			c = 0xff
			b.pos += 2
		default:
			b.marker, b.eof = true, b.pos+1 >= len(b.data)
		}
		b.acc |= uint64(c) << (56 - b.n)
		b.n += 8
	}
}

// decode reads one Huffman-coded value of table t; false for a code t
// does not have.
func (b *bitReader) decode(t *huffTable) (uint8, bool) {
	if b.n < 16 {
		b.fill()
	}
	if e := t.look[b.acc>>(64-huffLook)]; e != 0 {
		l := uint(e >> 8)
		b.acc <<= l
		b.n -= l
		return uint8(e), true
	}
	code := int32(0)
	for l := 1; l <= 16; l++ {
		code = code<<1 | int32(b.acc>>63)
		b.acc <<= 1
		b.n--
		if code <= t.maxCode[l] {
			return t.vals[t.valPtr[l]+code-t.minCode[l]], true
		}
	}
	return 0, false
}

// extend reads s more bits and returns the signed value they code.
func (b *bitReader) extend(s uint8) int32 {
	if s == 0 {
		return 0
	}
	if b.n < uint(s) {
		b.fill()
	}
	v := int32(b.acc >> (64 - uint(s)))
	b.acc <<= s
	b.n -= uint(s)
	if v < 1<<(s-1) {
		v += -1<<s + 1
	}
	return v
}
