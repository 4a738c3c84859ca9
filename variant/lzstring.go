package variant

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
)

// MaxDecoded is the most UTF-16 code units the lz-string decoder produces
// (1 MiB of them) before it gives up with ErrTooLarge: a link of a few
// kilobytes can otherwise describe gigabytes.
const MaxDecoded = 1 << 20

// ErrTooLarge is returned when a payload decompresses to more than
// MaxDecoded code units.
var ErrTooLarge = errors.New("variant: payload decompresses to more than the size limit")

// ErrCorrupt is returned when a payload is not valid lz-string data: a
// character outside the alphabet, a code that names no dictionary entry,
// or text after the end marker.
var ErrCorrupt = errors.New("variant: payload is not valid lz-string data")

// ErrCutShort is returned when a payload ends before its end marker: the
// link was cut short.
var ErrCutShort = errors.New("variant: payload is cut short")

// base64Value maps a character of lz-string's two 6-bit alphabets to its
// value: compressToBase64 uses A-Z a-z 0-9 + / and pads with =;
// compressToEncodedURIComponent uses - for / and $ for =. Both paddings
// read as 0 bits, as in lz-string. -1 marks characters of neither.
var base64Value = func() [256]int8 {
	var t [256]int8
	for i := range t {
		t[i] = -1
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := range len(alphabet) {
		t[alphabet[i]] = int8(i)
	}
	t['-'] = 63
	t['='] = 0
	t['$'] = 0
	return t
}()

// bitReader reads lz-string's bit stream: each character carries 6 bits,
// most significant first; a number of n bits arrives least significant
// bit first.
type bitReader struct {
	s    string
	pos  int // next character of s
	val  int // bits of the current character not yet read
	mask int // the next bit of val to read; 0 when val is spent
}

// read returns the next n bits as a number, or ErrCorrupt when s ends
// first or holds a character outside the alphabet.
func (r *bitReader) read(n int) (int, error) {
	v := 0
	for i := range n {
		if r.mask == 0 {
			if r.pos >= len(r.s) {
				return 0, ErrCutShort
			}
			c := base64Value[r.s[r.pos]]
			if c < 0 {
				return 0, fmt.Errorf("%w: character %q at %d", ErrCorrupt, r.s[r.pos], r.pos)
			}
			r.pos++
			r.val, r.mask = int(c), 32
		}
		if r.val&r.mask != 0 {
			v |= 1 << i
		}
		r.mask >>= 1
	}
	return v, nil
}

// span is a dictionary entry: it is always a stretch of the output
// decoded so far.
type span struct{ start, n int }

// Decompress decodes s, the output of lz-string's compressToBase64 or
// compressToEncodedURIComponent, and returns the original text. s is not
// modified. It returns ErrCutShort when s ends before the end marker,
// ErrCorrupt for data that is not lz-string's (unlike lz-string, which
// ignores them, this includes characters after the end marker other than
// the compressor's padding: one zero character and '=' or '$'), ErrTooLarge
// when the text would exceed MaxDecoded code units, and "" for an empty s.
func Decompress(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	r := &bitReader{s: s}
	units, err := decompress(r)
	if err != nil {
		return "", err
	}
	rest := strings.TrimRight(s[r.pos:], "=$")
	if rest != "" && rest != "A" {
		return "", fmt.Errorf("%w: %d characters after the end", ErrCorrupt, len(rest))
	}
	return string(utf16.Decode(units)), nil
}

// decompress runs lz-string's LZW-like decoder over r's bits. Every
// dictionary entry is a stretch of out (a literal where it is written, a
// phrase plus the first unit of the next where the two meet), so the
// dictionary costs no text of its own.
func decompress(r *bitReader) ([]uint16, error) {
	// Codes 0, 1 and 2 mean an 8-bit literal, a 16-bit literal, the end.
	dict := []span{{}, {}, {}}
	var out []uint16
	code, err := r.read(2)
	if err != nil {
		return nil, err
	}
	if code == 2 {
		return out, nil
	}
	w, err := literal(r, code, &dict, &out)
	if err != nil {
		return nil, err
	}
	bits, enlargeIn := 3, 4
	grow := func() {
		if enlargeIn--; enlargeIn == 0 {
			enlargeIn, bits = 1<<bits, bits+1
		}
	}
	for {
		code, err := r.read(bits)
		if err != nil {
			return nil, err
		}
		var entry span
		switch {
		case code == 2:
			return out, nil
		case code < 2:
			if entry, err = literal(r, code, &dict, &out); err != nil {
				return nil, err
			}
			grow()
		case code < len(dict):
			if entry, err = repeat(dict[code], 0, &out); err != nil {
				return nil, err
			}
		case code == len(dict):
			if entry, err = repeat(w, 1, &out); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("%w: code %d names no entry", ErrCorrupt, code)
		}
		dict = append(dict, span{w.start, w.n + 1})
		grow()
		w = entry
	}
}

// literal reads an 8-bit (code 0) or 16-bit (code 1) unit, writes it to
// out and adds it to the dictionary; it returns the unit's span.
func literal(r *bitReader, code int, dict *[]span, out *[]uint16) (span, error) {
	if code > 1 {
		return span{}, fmt.Errorf("%w: it starts with code %d", ErrCorrupt, code)
	}
	u, err := r.read(8 << code)
	if err != nil {
		return span{}, err
	}
	if len(*out) >= MaxDecoded {
		return span{}, ErrTooLarge
	}
	e := span{len(*out), 1}
	*dict = append(*dict, e)
	*out = append(*out, uint16(u))
	return e, nil
}

// repeat appends the units of e, and then e's first unit again when extra
// is 1 (the entry being defined by this very step), and returns the span
// written.
func repeat(e span, extra int, out *[]uint16) (span, error) {
	start := len(*out)
	if start+e.n+extra > MaxDecoded {
		return span{}, ErrTooLarge
	}
	*out = append(*out, (*out)[e.start:e.start+e.n]...)
	if extra == 1 {
		*out = append(*out, (*out)[e.start])
	}
	return span{start, e.n + extra}, nil
}
