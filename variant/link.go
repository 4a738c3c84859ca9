package variant

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// Format is the kind of puzzle data a link carries.
type Format int

// The formats a link can carry.
const (
	// FPuzzles is f-puzzles' JSON, lz-string compressed: f-puzzles.com
	// ?load= links and SudokuPad's fpuzzles and fpuz ids.
	FPuzzles Format = iota + 1
	// SCL is SudokuPad's own zipped CTC JSON, lz-string compressed:
	// SudokuPad's scl and ctc ids.
	SCL
	// SCF is SudokuPad's compact code for classic 9x9 puzzles.
	SCF
	// Classic is SudokuPad's classic id: 81 digits, 0 or . for blanks.
	Classic
	// ShortID is an id that only SudokuPad's server can resolve.
	ShortID
)

// String returns the format's name as SudokuPad spells its prefix.
func (f Format) String() string {
	switch f {
	case FPuzzles:
		return "fpuzzles"
	case SCL:
		return "scl"
	case SCF:
		return "scf"
	case Classic:
		return "classic"
	case ShortID:
		return "short id"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Link is a puzzle link read from chat, its damage undone.
type Link struct {
	Format Format
	// Payload is what follows the format's prefix, repaired: lz-string
	// text for FPuzzles and SCL, the code for SCF and Classic, the id for
	// ShortID.
	Payload string
	// data is the decompressed text for FPuzzles and SCL.
	data string
}

// SudokuPadURL returns the link to open the puzzle in SudokuPad.
func (l Link) SudokuPadURL() string {
	prefix := ""
	if l.Format != ShortID {
		prefix = l.Format.String()
	}
	return "https://sudokupad.app/" + prefix + l.Payload
}

// Data returns the decompressed text of an FPuzzles or SCL link (f-puzzles
// JSON, or SudokuPad's zipped JSON), and "" for the other formats.
func (l Link) Data() string { return l.data }

// The reasons a text holds no link we read; a *LinkError wraps one.
var (
	ErrNoLink       = errors.New("no SudokuPad or f-puzzles link")
	ErrSeveralLinks = errors.New("more than one puzzle link")
	ErrDamaged      = errors.New("the puzzle data in the link is damaged")
	ErrBadID        = errors.New("not a SudokuPad puzzle id")
)

// LinkError says why ParseLink read no link. Err is ErrNoLink,
// ErrSeveralLinks, ErrCutShort, ErrDamaged, ErrBadID or ErrTooLarge;
// Link is the link as found (shortened), for logs.
type LinkError struct {
	Err    error
	Link   string
	Detail string
}

// Error returns the reason, the link and the detail, for logs.
func (e *LinkError) Error() string {
	s := "variant: read link: " + e.Err.Error()
	if e.Link != "" {
		s += fmt.Sprintf(" in %.80q", e.Link)
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns e.Err, for errors.Is.
func (e *LinkError) Unwrap() error { return e.Err }

// maxLinkText is the longest text ParseLink reads: Discord messages are at
// most 4,000 characters, and the largest f-puzzles links some 30,000.
const maxLinkText = 200_000

// ParseLink finds the one f-puzzles or SudokuPad link in text, pasted as
// chat users paste it: bare, inside <…>, in a sentence, with trailing
// punctuation, percent-encoded, with its + turned into spaces or %2B, and
// with SudokuPad's aliases and paths. It decompresses FPuzzles and SCL
// payloads to check them (Link.Data) and undoes collapsed slashes the way
// SudokuPad does. It fetches nothing: a ShortID is only checked against
// SudokuPad's id pattern. It returns a *LinkError when it finds no link, or
// two different ones, or a link it cannot read. text is not modified.
func ParseLink(text string) (Link, error) {
	if len(text) > maxLinkText {
		return Link{}, &LinkError{Err: ErrTooLarge, Detail: fmt.Sprintf("%d bytes of text", len(text))}
	}
	found := findLinks(text)
	if len(found) == 0 {
		return Link{}, &LinkError{Err: ErrNoLink}
	}
	var good []Link
	var firstErr error
	for _, raw := range found {
		l, err := readLink(raw)
		switch {
		case err != nil && firstErr == nil:
			firstErr = err
		case err == nil && len(good) > 0 && (l.Format != good[0].Format || l.Payload != good[0].Payload):
			return Link{}, &LinkError{Err: ErrSeveralLinks, Link: raw.text[:min(len(raw.text), 120)]}
		case err == nil:
			good = append(good, l)
		}
	}
	if len(good) == 0 {
		return Link{}, firstErr
	}
	return good[0], nil
}

// rawLink is a link found in text: its site and what follows the host,
// up to the end of the text (readLink decides where the link stops).
type rawLink struct {
	site string // "f-puzzles" or "sudokupad"
	text string // from the host on
	rest string // after the host
}

// hosts are the sites whose links we read, lower case.
var hosts = []struct{ host, site string }{
	{"f-puzzles.com", "f-puzzles"},
	{"sudokupad.app", "sudokupad"},
	{"sudokupad.svencodes.com", "sudokupad"},
	{"app.crackingthecryptic.com", "sudokupad"},
}

// findLinks returns the links in text, in order.
func findLinks(text string) []rawLink {
	lower := strings.ToLower(text)
	var out []rawLink
	for i := 0; i < len(lower); i++ {
		for _, h := range hosts {
			if !strings.HasPrefix(lower[i:], h.host) || i > 0 && isHostChar(lower[i-1]) && lower[i-1] != '.' {
				continue
			}
			out = append(out, rawLink{site: h.site, text: text[i:], rest: text[i+len(h.host):]})
			i += len(h.host) - 1
			break
		}
	}
	return out
}

func isHostChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.'
}

// readLink reads the puzzle id or payload after a host.
func readLink(raw rawLink) (Link, error) {
	fail := func(err error, detail string) (Link, error) {
		return Link{}, &LinkError{Err: err, Link: raw.text[:min(len(raw.text), 120)], Detail: detail}
	}
	rest := raw.rest
	if raw.site == "f-puzzles" {
		i := strings.Index(strings.ToLower(rest[:min(len(rest), 20)]), "load=")
		if i < 0 || strings.TrimLeft(rest[:i], "/?") != "" {
			return fail(ErrNoLink, "an f-puzzles link without ?load=")
		}
		return readPayload(FPuzzles, rest[i+len("load="):], fail)
	}
	rest = strings.TrimPrefix(rest, "/")
	switch low := strings.ToLower(rest); {
	case strings.HasPrefix(low, "sudoku/"):
		rest = rest[len("sudoku/"):]
	case strings.HasPrefix(low, "?puzzleid="):
		rest = rest[len("?puzzleid="):]
	}
	for _, p := range prefixes {
		if strings.HasPrefix(rest, p.prefix) {
			return readPayload(p.format, rest[len(p.prefix):], fail)
		}
	}
	return readShortID(rest, fail)
}

// prefixes are SudokuPad's id prefixes, longest first where one begins
// another.
var prefixes = []struct {
	prefix string
	format Format
}{
	{"fpuzzles", FPuzzles}, {"fpuz", FPuzzles},
	{"scl", SCL}, {"ctc", SCL},
	{"scf", SCF}, {"classic", Classic},
}

type failFunc func(err error, detail string) (Link, error)

// shortID is SudokuPad's id pattern as we accept it: one to three
// slash-separated names of letters, digits, - and _ (SudokuPad's own ids
// and its setters' named ids such as "clover/some-title").
var shortID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}(?:/[A-Za-z0-9_-]{1,64}){0,2}$`)

// ValidShortID reports whether id is a SudokuPad id as we accept it (the
// link reader and the client that asks SudokuPad for it both check it
// here).
func ValidShortID(id string) bool { return shortID.MatchString(id) }

// LooksLikeLink reports whether text is meant as a puzzle link rather
// than a grid of digits: it names a puzzle site (a grid posted beside
// another address is still a grid). Every face decides so here, then
// ParseLink says what is wrong with a link.
func LooksLikeLink(text string) bool {
	s := strings.ToLower(text)
	for _, host := range []string{"f-puzzles.com", "sudokupad.app", "crackingthecryptic.com"} {
		if strings.Contains(s, host) {
			return true
		}
	}
	return false
}

// readShortID reads an id up to the first character that cannot be in
// one.
func readShortID(rest string, fail failFunc) (Link, error) {
	end := strings.IndexFunc(rest, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '/' || r == '%' || r == '.')
	})
	if end < 0 {
		end = len(rest)
	}
	id := strings.TrimRight(rest[:end], "./")
	if id == "" {
		return fail(ErrNoLink, "a SudokuPad link without a puzzle")
	}
	if !ValidShortID(id) {
		return fail(ErrBadID, fmt.Sprintf("id %.80q", id))
	}
	return Link{Format: ShortID, Payload: id}, nil
}

// isPayloadChar reports whether c can be in a payload as chat shows it:
// both lz-string alphabets, their padding, and percent escapes.
func isPayloadChar(c byte) bool {
	return base64Value[c] >= 0 || c == '%'
}

// payloadRun returns the length of the payload characters at the start of s.
func payloadRun(s string) int {
	i := 0
	for i < len(s) && isPayloadChar(s[i]) {
		i++
	}
	return i
}

// maxSpaces is the most spaces (turned-around +) read inside one payload.
const maxSpaces = 200

// readPayload reads the payload of format f at the start of s: the
// characters of the alphabet, then, while a single space is followed by
// more of them, those too (chat turns + into spaces). The longest reading
// that decodes wins, so words after a link are left out.
func readPayload(f Format, s string, fail failFunc) (Link, error) {
	n := payloadRun(s)
	if n == 0 {
		return fail(ErrCutShort, "no data after the prefix")
	}
	if f == SCF || f == Classic {
		n = strings.IndexFunc(s, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '%')
		})
		if n < 0 {
			n = len(s)
		}
		code := s[:n]
		if len(code) > 81 && strings.Trim(code[81:], ".") == "" {
			code = code[:81] // a sentence's full stop after a classic code
		}
		if f == SCF {
			code = strings.TrimRight(code, ".") // no dot is in an scf code
		}
		return readCode(f, code, fail)
	}
	ends := []int{n}
	for len(ends) <= maxSpaces && n+1 < len(s) && s[n] == ' ' && payloadRun(s[n+1:]) > 0 {
		n += 1 + payloadRun(s[n+1:])
		ends = append(ends, n)
	}
	var firstErr error
	for _, repair := range []bool{false, true} {
		for i := len(ends) - 1; i >= 0; i-- {
			p, err := unescape(strings.ReplaceAll(s[:ends[i]], " ", "+"))
			if err == nil {
				var data string
				if p, data, err = decode(f, p, repair); err == nil {
					return Link{Format: f, Payload: p, data: data}, nil
				}
			}
			if errors.Is(err, ErrTooLarge) {
				return fail(ErrTooLarge, err.Error()) // no repair makes a bomb smaller
			}
			if i == 0 && !repair {
				firstErr = err
			}
		}
	}
	switch {
	case errors.Is(firstErr, ErrCutShort):
		return fail(ErrCutShort, firstErr.Error())
	case errors.Is(firstErr, ErrTooLarge):
		return fail(ErrTooLarge, firstErr.Error())
	}
	return fail(ErrDamaged, firstErr.Error())
}

// unescape undoes percent-encoding, keeping +.
func unescape(p string) (string, error) {
	if !strings.Contains(p, "%") {
		return p, nil
	}
	return url.PathUnescape(p)
}

// maxSlashRepairs bounds the readings tried when a payload's // were
// collapsed to /, as SudokuPad bounds its own.
const maxSlashRepairs = 300

// decode decompresses p and checks the text is f's; with repair, it also
// tries p with some of its / doubled, fewest first. It returns the payload
// that decoded and its text.
func decode(f Format, p string, repair bool) (string, string, error) {
	if !repair {
		data, err := decompressAs(f, p)
		return p, data, err
	}
	var slashes []int
	for i := range len(p) {
		if p[i] == '/' {
			slashes = append(slashes, i)
		}
	}
	tries := 0
	for k := 1; k <= len(slashes); k++ {
		var found string
		var data string
		combinations(len(slashes), k, func(pick []int) bool {
			if tries++; tries > maxSlashRepairs {
				return false
			}
			var b strings.Builder
			last := 0
			for _, j := range pick {
				b.WriteString(p[last : slashes[j]+1])
				b.WriteByte('/')
				last = slashes[j] + 1
			}
			b.WriteString(p[last:])
			d, err := decompressAs(f, b.String())
			if err == nil {
				found, data = b.String(), d
			}
			return err != nil && !errors.Is(err, ErrTooLarge)
		})
		if found != "" {
			return found, data, nil
		}
	}
	return p, "", fmt.Errorf("%w: no repair of its slashes decodes", ErrDamaged)
}

// combinations calls yield with each k-subset of 0..n-1 in order until it
// returns false.
func combinations(n, k int, yield func([]int) bool) {
	pick := make([]int, k)
	var rec func(at, from int) bool
	rec = func(at, from int) bool {
		if at == k {
			return yield(pick)
		}
		for i := from; i <= n-(k-at); i++ {
			pick[at] = i
			if !rec(at+1, i+1) {
				return false
			}
		}
		return true
	}
	rec(0, 0)
}

// decompressAs decompresses p and checks that the text is what f holds:
// a JSON object for FPuzzles, a zipped object for SCL.
func decompressAs(f Format, p string) (string, error) {
	data, err := Decompress(p)
	if err != nil {
		return "", err
	}
	if f == FPuzzles && !(strings.HasPrefix(data, "{") && json.Valid([]byte(data))) {
		return "", fmt.Errorf("%w: not f-puzzles JSON", ErrDamaged)
	}
	if f == SCL && !(strings.HasPrefix(data, "{") && strings.HasSuffix(data, "}")) {
		return "", fmt.Errorf("%w: not SudokuPad data", ErrDamaged)
	}
	return data, nil
}

// readCode checks an SCF or Classic code.
func readCode(f Format, code string, fail failFunc) (Link, error) {
	code, err := unescape(code)
	if err != nil {
		return fail(ErrDamaged, err.Error())
	}
	if f == SCF {
		if _, err := decodeSCF(code); err != nil {
			return fail(ErrDamaged, err.Error())
		}
		return Link{Format: f, Payload: code}, nil
	}
	if _, err := decodeClassic(code); err != nil {
		return fail(ErrDamaged, err.Error())
	}
	return Link{Format: f, Payload: code}, nil
}
