package solver

import (
	"fmt"
	"strings"
	"unicode"
)

// ParseErrorKind says which rule a pasted puzzle broke.
type ParseErrorKind int

// The kinds of ParseError.
const (
	NoCells      ParseErrorKind = iota + 1 // no cells at all
	BadChar                                // a character that is neither a cell nor a separator
	BadCellCount                           // the number of cells fits no grid size
	StrayLetter                            // a letter digit (A–G) outside a 16×16 grid
	DigitTooBig                            // a digit larger than the grid allows, e.g. 7 in a 4×4
)

// ParseError describes why Parse rejected an input, and where. Error returns
// a sentence a person can act on.
type ParseError struct {
	Kind ParseErrorKind
	// Char is the offending character (BadChar, StrayLetter, DigitTooBig).
	Char rune
	// Position counts characters of the input from 1; Line and Column locate
	// the same character when the input has several lines (else Line is 0).
	Position, Line, Column int
	// Cells is the number of cells found; Size the grid side they imply
	// (for BadCellCount, the nearest side).
	Cells, Size int
	// Row and Col locate the cell (from 0) for DigitTooBig.
	Row, Col int
}

func (e *ParseError) where(w Words) string {
	if e.Line > 0 {
		return w.Sprintf("line %d, column %d", e.Line, e.Column)
	}
	return w.Sprintf("position %d", e.Position)
}

// Error returns the reason in words, e.g. "found 79 cells; a 9×9 puzzle
// needs 81".
func (e *ParseError) Error() string { return e.Say(English) }

// Say returns the reason in w's language.
func (e *ParseError) Say(w Words) string {
	switch e.Kind {
	case NoCells:
		return w.Text("no puzzle found: paste the grid row by row, with 1-9 for digits and . or 0 for blanks")
	case BadChar:
		return w.Sprintf("unexpected character %s at %s", quoteRune(e.Char), e.where(w))
	case BadCellCount:
		return cellCountMessage(w, e.Cells, e.Size)
	case StrayLetter:
		return w.Sprintf("letter %[1]s at %[2]s: letters are digits only in 16×16 puzzles; a %[3]d×%[3]d puzzle uses 1-%[3]d",
			quoteRune(e.Char), e.where(w), e.Size)
	case DigitTooBig:
		return w.Sprintf("digit %[1]s at %[2]s is too big: a %[3]d×%[3]d puzzle uses 1-%[3]d",
			quoteRune(e.Char), CellName(e.Row, e.Col), e.Size)
	}
	return w.Text("the puzzle could not be read")
}

func quoteRune(r rune) string {
	if unicode.IsPrint(r) && r != '\'' {
		return "'" + string(r) + "'"
	}
	return fmt.Sprintf("%U", r)
}

func cellCountMessage(w Words, found, size int) string {
	want := size * size
	if found > want && size == MaxSize {
		return w.Sprintf("found %d cells; the largest puzzle, 16×16, has 256", found)
	}
	if size != 9 {
		return w.Sprintf("found %[1]d cells; a %[2]d×%[2]d puzzle needs %[3]d, a 9×9 puzzle 81", found, size, want)
	}
	return w.Sprintf("found %[1]d cells; a %[2]d×%[2]d puzzle needs %[3]d", found, size, want)
}

// cellToken is one cell read from the input, before the grid size is known.
type cellToken struct {
	value  uint8
	char   rune
	pos    int
	line   int
	column int
}

// Parse reads a puzzle as people paste it: one line of cells or several
// lines, inside a code fence or not, with borders drawn in ASCII or box
// characters. Digits are 1-9 (and A-G for 16 to 16 in a 16×16 grid); blanks
// are 0 . - _ x. The number of cells decides the size: 16, 36, 81 or 256.
// A line made only of border characters, such as +---+---+, is a separator,
// so '-' is a blank only inside a row. Errors are *ParseError.
func Parse(s string) (Grid, error) {
	tokens, err := tokenize(s)
	if err != nil {
		return Grid{}, err
	}
	if len(tokens) == 0 {
		return Grid{}, &ParseError{Kind: NoCells}
	}
	size := sizeForCells(len(tokens))
	if size*size != len(tokens) {
		return Grid{}, &ParseError{Kind: BadCellCount, Cells: len(tokens), Size: size}
	}
	g := Grid{size: uint8(size)}
	for i, t := range tokens {
		if int(t.value) > size {
			kind := DigitTooBig
			if t.value > 9 {
				kind = StrayLetter
			}
			return Grid{}, &ParseError{Kind: kind, Char: t.char, Position: t.pos, Line: t.line,
				Column: t.column, Cells: len(tokens), Size: size, Row: i / size, Col: i % size}
		}
		g.cells[i] = t.value
	}
	return g, nil
}

// sizeForCells returns the grid side whose cell count is nearest to n.
func sizeForCells(n int) int {
	best := Sizes[0]
	for _, s := range Sizes {
		if abs(s*s-n) < abs(best*best-n) {
			best = s
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// tokenize returns the cells of s in reading order, skipping fences,
// separator lines and border characters.
func tokenize(s string) ([]cellToken, error) {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	multi := countNonBlank(lines) > 1
	tokens := make([]cellToken, 0, 81)
	pos := 0
	for li, raw := range lines {
		start := pos
		pos += len([]rune(raw)) + 1
		body, offset := stripFence(raw)
		if multi && isSeparator(body) {
			continue
		}
		col := offset
		for _, r := range body {
			col++
			v, ok, skip := cellValue(r)
			if skip {
				continue
			}
			t := cellToken{value: v, char: r, pos: start + col}
			if multi {
				t.line, t.column = li+1, col
			}
			if !ok {
				return nil, &ParseError{Kind: BadChar, Char: r, Position: t.pos, Line: t.line, Column: t.column}
			}
			if len(tokens) > MaxSize*MaxSize {
				return tokens, nil // far too many: the count error says so
			}
			tokens = append(tokens, t)
		}
	}
	return tokens, nil
}

func countNonBlank(lines []string) int {
	n := 0
	for _, l := range lines {
		if body, _ := stripFence(l); strings.TrimSpace(body) != "" {
			n++
		}
	}
	return n
}

// stripFence removes a code fence (```, with an optional language word after
// an opening one) from a line. It returns the rest and how many characters
// were removed from the front.
func stripFence(line string) (string, int) {
	offset := 0
	trimmed := strings.TrimLeftFunc(line, unicode.IsSpace)
	if rest, ok := strings.CutPrefix(trimmed, "```"); ok {
		offset = len([]rune(line)) - len([]rune(rest))
		line = rest
		if isLanguageTag(strings.TrimSpace(line)) {
			return "", offset
		}
	}
	line = strings.TrimRightFunc(line, unicode.IsSpace)
	line = strings.TrimSuffix(line, "```")
	return line, offset
}

// isLanguageTag reports whether w looks like a code-fence language such as
// "text" rather than a row of a 16×16 grid (whose letters are A-G and x).
func isLanguageTag(w string) bool {
	if len(w) < 2 {
		return false
	}
	other := false
	for _, r := range w {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
		if !strings.ContainsRune("abcdefgABCDEFGxX", r) {
			other = true
		}
	}
	return other
}

// isSeparator reports whether a line is a border drawn between rows: only
// border characters, with at least one that cannot be a cell, or a run of
// dashes too long to be a row of blanks.
func isSeparator(line string) bool {
	dashes, other := 0, false
	for _, r := range line {
		switch {
		case r == '-':
			dashes++
		case unicode.IsSpace(r):
		case isBorder(r):
			other = true
		default:
			return false
		}
	}
	if other {
		return true
	}
	return dashes > 0 && dashes != 4 && dashes != 6 && dashes != 9 && dashes != 16
}

func isBoxDrawing(r rune) bool { return r >= 0x2500 && r <= 0x257F }

// isBorder reports whether r is drawn around or between cells and so ignored.
func isBorder(r rune) bool {
	switch r {
	case '|', '+', '=', '`', ',', ';', '[', ']', '*', '#':
		return true
	}
	return isBoxDrawing(r)
}

// cellValue classifies one character: a cell value (ok), something to skip,
// or neither (an unexpected character).
func cellValue(r rune) (v uint8, ok, skip bool) {
	switch {
	case r >= '1' && r <= '9':
		return uint8(r - '0'), true, false
	case r == '0' || r == '.' || r == '-' || r == '_' || r == 'x' || r == 'X':
		return 0, true, false
	case r >= 'A' && r <= 'G':
		return uint8(r-'A') + 10, true, false
	case r >= 'a' && r <= 'g':
		return uint8(r-'a') + 10, true, false
	case unicode.IsSpace(r) || isBorder(r):
		return 0, false, true
	}
	return 0, false, false
}
