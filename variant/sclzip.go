package variant

import (
	"fmt"
	"strconv"
	"strings"
)

// Limits on zipped JSON: the text is at most MaxDecoded code units
// already (Decompress bounds it); these bound what a hostile text can
// make us build.
const (
	maxZipDepth = 32
	maxZipNodes = 1 << 20
)

// zipKeys maps the zipper's short keys back to CTC's.
var zipKeys = map[string]string{
	"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
	"ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays",
	"w": "width", "h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded",
	"re": "regions", "fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints",
	"t": "title", "te": "text", "d": "duration",
}

// unzip parses SudokuPad's zipped JSON (or plain JSON) into nil, bool,
// float64, string, []any and map[string]any, with the zipper's short keys
// renamed back (v → value, wp → wayPoints, …) and its shorthands undone:
// unquoted keys, 'single-quoted' strings, an empty slot in a list for {},
// f and t for false and true, #0 and #F for black and white, and six bare
// hex digits for a colour (which, as in SudokuPad, every six-hex-digit
// string becomes: "#67F067"). It returns a *DataError for text it cannot
// read, nested more than 32 deep or of more than a million values.
func unzip(data string) (any, error) {
	p := &zipParser{s: data}
	p.space()
	v, err := p.value(0, false)
	if err != nil {
		return nil, err
	}
	if p.space(); p.i != len(p.s) {
		return nil, p.fail("text after the end")
	}
	return v, nil
}

type zipParser struct {
	s     string
	i     int
	nodes int
}

func (p *zipParser) fail(format string, args ...any) error {
	return &DataError{Key: "(zipped data)", Detail: fmt.Sprintf("byte %d: ", p.i) + fmt.Sprintf(format, args...)}
}

func (p *zipParser) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

// value reads one value; afterColon allows the zipper's bare colours.
func (p *zipParser) value(depth int, afterColon bool) (any, error) {
	if p.nodes++; p.nodes > maxZipNodes {
		return nil, p.fail("more than %d values", maxZipNodes)
	}
	if depth > maxZipDepth {
		return nil, p.fail("nested more than %d deep", maxZipDepth)
	}
	if p.i >= len(p.s) {
		return nil, p.fail("cut short")
	}
	switch c := p.s[p.i]; c {
	case '{':
		return p.object(depth)
	case '[':
		return p.array(depth)
	case '\'', '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		if isHex6(s) {
			s = "#" + s
		}
		return s, nil
	}
	return p.bare(afterColon)
}

// object reads {key: value, …}.
func (p *zipParser) object(depth int) (any, error) {
	p.i++ // {
	m := map[string]any{}
	if p.space(); p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return m, nil
	}
	for {
		p.space()
		key, err := p.key()
		if err != nil {
			return nil, err
		}
		if p.space(); p.i >= len(p.s) || p.s[p.i] != ':' {
			return nil, p.fail("no colon after key %q", key)
		}
		p.i++
		p.space()
		v, err := p.value(depth+1, true)
		if err != nil {
			return nil, err
		}
		if long, ok := zipKeys[key]; ok {
			key = long
		}
		m[key] = v
		p.space()
		if p.i >= len(p.s) {
			return nil, p.fail("cut short in an object")
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return m, nil
		default:
			return nil, p.fail("%q in an object", p.s[p.i])
		}
	}
}

// key reads a bare or quoted key.
func (p *zipParser) key() (string, error) {
	if p.i < len(p.s) && (p.s[p.i] == '\'' || p.s[p.i] == '"') {
		return p.str()
	}
	start := p.i
	for p.i < len(p.s) && isKeyChar(p.s[p.i]) {
		p.i++
	}
	if p.i == start {
		return "", p.fail("no key")
	}
	return p.s[start:p.i], nil
}

func isKeyChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$'
}

// array reads [a, b, …]; an empty slot is {} as SudokuPad reads it (so []
// is [{}]).
func (p *zipParser) array(depth int) (any, error) {
	p.i++ // [
	var out []any
	for {
		p.space()
		if p.i >= len(p.s) {
			return nil, p.fail("cut short in a list")
		}
		var v any = map[string]any{}
		if c := p.s[p.i]; c != ',' && c != ']' {
			var err error
			if v, err = p.value(depth+1, false); err != nil {
				return nil, err
			}
			p.space()
		} else if p.nodes++; p.nodes > maxZipNodes {
			return nil, p.fail("more than %d values", maxZipNodes)
		}
		out = append(out, v)
		if p.i >= len(p.s) {
			return nil, p.fail("cut short in a list")
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			return out, nil
		default:
			return nil, p.fail("%q in a list", p.s[p.i])
		}
	}
}

// str reads a string in single or double quotes with JSON's escapes and
// \' for a single quote.
func (p *zipParser) str() (string, error) {
	q := p.s[p.i]
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == q:
			p.i++
			return b.String(), nil
		case c == '\\':
			if err := p.escape(&b); err != nil {
				return "", err
			}
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	return "", p.fail("a string cut short")
}

// escape reads one backslash escape into b.
func (p *zipParser) escape(b *strings.Builder) error {
	if p.i+1 >= len(p.s) {
		return p.fail("a string cut short")
	}
	c := p.s[p.i+1]
	p.i += 2
	switch c {
	case '\'', '"', '\\', '/':
		b.WriteByte(c)
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'u':
		if p.i+4 > len(p.s) {
			return p.fail("a \\u escape cut short")
		}
		n, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 16)
		if err != nil {
			return p.fail("\\u%.4s", p.s[p.i:])
		}
		b.WriteRune(rune(n))
		p.i += 4
	default:
		return p.fail("escape \\%c", c)
	}
	return nil
}

// bare reads a number, a literal, or (after a colon) a zipped colour.
func (p *zipParser) bare(afterColon bool) (any, error) {
	start := p.i
	for p.i < len(p.s) && strings.IndexByte(",]}: \t\r\n", p.s[p.i]) < 0 {
		p.i++
	}
	tok := p.s[start:p.i]
	switch tok {
	case "t", "true":
		return true, nil
	case "f", "false":
		return false, nil
	case "null":
		return nil, nil
	case "#0":
		return "#000000", nil
	case "#F":
		return "#FFFFFF", nil
	}
	if afterColon && isHex6(tok) {
		return "#" + tok, nil
	}
	if isNumber(tok) {
		if f, err := strconv.ParseFloat(tok, 64); err == nil {
			return f, nil
		}
	}
	p.i = start
	return nil, p.fail("%.20q is no value", tok)
}

func isHex6(s string) bool {
	if len(s) != 6 {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// isNumber reports whether s has JSON's number syntax (no Inf, NaN, hex).
func isNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	if digits() == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
