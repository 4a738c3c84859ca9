// Package varianttest builds puzzle links for tests: an lz-string stream
// written by hand, and f-puzzles links from their JSON, so that tests of
// every face can make the variant puzzles they need without the shared
// data; and it reads the shared set's puzzles.tsv (ReadRows) for the tests
// and the measuring command that use it.
package varianttest

import "strings"

// Stream writes an lz-string bit stream by hand, keeping the code width
// the way the decoder does, so that tests can build inputs that
// lz-string's own compressor would not (bombs, codes that name nothing).
type Stream struct {
	out      strings.Builder
	cur, n   int // bits of the character being filled, and how many
	bits     int
	enlarge  int
	dictSize int
	started  bool
}

// NewStream returns an empty stream.
func NewStream() *Stream { return &Stream{bits: 2, enlarge: 4, dictSize: 3} }

// DictSize returns the code the next dictionary entry will have.
func (s *Stream) DictSize() int { return s.dictSize }

// Bits writes the n low bits of v, first bit first, as they are: a
// stream no encoder would write.
func (s *Stream) Bits(v, n int) { s.write(v, n) }

func (s *Stream) write(v, n int) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := range n {
		s.cur = s.cur<<1 | (v>>i)&1
		if s.n++; s.n == 6 {
			s.out.WriteByte(alphabet[s.cur])
			s.cur, s.n = 0, 0
		}
	}
}

func (s *Stream) grow() {
	if s.enlarge--; s.enlarge == 0 {
		s.enlarge, s.bits = 1<<s.bits, s.bits+1
	}
}

// Lit writes a literal unit (8 or 16 bits wide).
func (s *Stream) Lit(u uint16) {
	wide := 0
	if u > 0xff {
		wide = 1
	}
	s.write(wide, s.bits)
	s.write(int(u), 8<<wide)
	s.dictSize++
	if !s.started {
		s.started, s.bits = true, 3
		return
	}
	s.grow()
	s.dictSize++
	s.grow()
}

// Ref writes a dictionary code.
func (s *Stream) Ref(code int) {
	s.write(code, s.bits)
	s.dictSize++
	s.grow()
}

// End writes the end marker and returns the text, padded as lz-string
// pads; call it once.
func (s *Stream) End() string {
	s.write(2, s.bits)
	if s.n > 0 {
		s.write(0, 6-s.n)
	}
	return s.out.String()
}

// Compress returns text as lz-string's compressToBase64 would decode it
// (every character a literal: longer than the real compressor's, read
// the same).
func Compress(text string) string {
	s := NewStream()
	for _, r := range text {
		s.Lit(uint16(r))
	}
	return s.End()
}

// FPuzzlesLink returns the f-puzzles link of a puzzle's JSON.
func FPuzzlesLink(json string) string { return "https://www.f-puzzles.com/?load=" + Compress(json) }
