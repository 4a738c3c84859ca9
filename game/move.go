package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// MoveKind is what a move does to its cell.
type MoveKind uint8

// The moves.
const (
	// Place puts Digit in the cell (and clears its marks, and Digit's
	// marks in the cells that see it).
	Place MoveKind = iota + 1
	// Erase empties the cell: its digit and its marks.
	Erase
	// Note toggles the digits of Notes among the cell's marks (a tap).
	Note
	// Mark sets the cell's marks to exactly Notes (a typed move).
	Mark
	// Centre toggles the digits of Notes among the cell's centre marks
	// (the big board's second kind of pencil mark: what a cell may hold,
	// where the corner marks say where a digit may go).
	Centre
	// CentreMark sets the cell's centre marks to exactly Notes (Redo).
	CentreMark
)

// Move is one change a player makes to one cell.
type Move struct {
	Kind  MoveKind    `json:"k"`
	Cell  solver.Cell `json:"c"`
	Digit int         `json:"d,omitempty"` // Place
	Notes Notes       `json:"n,omitempty"` // Note, Mark, Centre and CentreMark
}

// String writes the move as ParseMoves reads it: "r3c5 7", "r3c5 -",
// "n r3c5 127" (Mark; Note is written the same way).
func (m Move) String() string {
	switch m.Kind {
	case Place:
		return fmt.Sprintf("%s %c", m.Cell, digitChar(m.Digit))
	case Note, Mark:
		if m.Notes == 0 {
			return fmt.Sprintf("n %s -", m.Cell)
		}
		return fmt.Sprintf("n %s %s", m.Cell, m.Notes)
	case Centre, CentreMark: // the big board's alone: typed moves have no words for them
		return fmt.Sprintf("centre %s %s", m.Cell, m.Notes)
	}
	return m.Cell.String() + " -"
}

// MoveError says which typed move could not be read, and why.
type MoveError struct {
	Move int    // which move, from 1
	Text string // the move as typed
	why  *reason
}

func (e *MoveError) Error() string { return e.Say(solver.English) }

// Say says what is wrong in w's language, naming the move and the token.
func (e *MoveError) Say(w solver.Words) string {
	return w.Sprintf("move %d (%q): %s", e.Move, e.Text, w.Sprintf(e.why.format, e.why.args...))
}

// reason is what is wrong with a move: an English format and its
// arguments, worded when the error is.
type reason struct {
	format string
	args   []any
}

func because(format string, args ...any) *reason { return &reason{format, args} }

// MaxMoves bounds one typed batch: a form holds a few thousand characters.
const MaxMoves = 200

// ParseMoves reads typed moves for a board of side size (4, 6 or 9),
// forgiving about spacing and case, one or more per line or separated by
// commas or semicolons. To place a 7 in row 3, column 5:
//
//	r3c5 7   r3c5=7   R3C5: 7   c5 r3 7   r3 c5 7
//
// to erase it: r3c5 -, r3c5 0, r3c5 . or r3c5 x; to set its pencil marks
// to 1, 2 and 7: n r3c5 127 or note r3c5 1 2 7 (n r3c5 - clears them).
//
// It returns every move, or a *MoveError naming the first bad one.
func ParseMoves(text string, size int) ([]Move, error) {
	if size < 4 || size > 9 {
		return nil, fmt.Errorf("game: typed moves are for boards up to 9×9, not %d×%d", size, size)
	}
	var moves []Move
	for k, part := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == ',' || r == ';' }) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if len(moves) == MaxMoves {
			return nil, &MoveError{Move: k + 1, Text: part, why: because("at most %d moves at once", MaxMoves)}
		}
		m, reason := parseMove(part, size)
		if reason != nil {
			return nil, &MoveError{Move: len(moves) + 1, Text: part, why: reason}
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// token is one word of a move: a keyword, a row or column, or a value.
type token struct {
	kind byte // 'n' notes, 'r' row, 'c' column, 'v' digits, '-' erase
	text string
	num  int
}

// parseMove reads one move, or says what is wrong with it.
func parseMove(s string, size int) (Move, *reason) {
	toks, reason := tokens(strings.ToLower(s))
	if reason != nil {
		return Move{}, reason
	}
	m := Move{Cell: solver.Cell{Row: -1, Col: -1}}
	notes, value := false, []token(nil)
	for k, t := range toks {
		switch t.kind {
		case 'n':
			if k != 0 {
				return Move{}, because("%q: write the n for pencil marks first, as in n r3c5 127", t.text)
			}
			notes = true
		case 'r', 'c':
			if reason := setCoord(&m.Cell, t, size); reason != nil {
				return Move{}, reason
			}
		default:
			value = append(value, t)
		}
	}
	switch {
	case m.Cell.Row < 0 && m.Cell.Col < 0:
		return Move{}, because("no cell: write it as r3c5 (row 3, column 5)")
	case m.Cell.Row < 0:
		return Move{}, because("no row: write the cell as r3c5 (row 3, column 5)")
	case m.Cell.Col < 0:
		return Move{}, because("no column: write the cell as r3c5 (row 3, column 5)")
	case len(value) == 0:
		return Move{}, because("no digit for %s: add one, or - to erase", m.Cell)
	}
	if notes {
		return marks(m, value, size)
	}
	return place(m, value, size)
}

// setCoord sets the row or column a token names.
func setCoord(c *solver.Cell, t token, size int) *reason {
	at := &c.Row
	if t.kind == 'c' {
		at = &c.Col
	}
	switch {
	case *at >= 0 && t.kind == 'c':
		return because("%q: a second column; one cell per move", t.text)
	case *at >= 0:
		return because("%q: a second row; one cell per move", t.text)
	case (t.num < 1 || t.num > size) && t.kind == 'c':
		return because("%[1]q: there is no column %[2]d in a %[3]d×%[3]d grid", t.text, t.num, size)
	case t.num < 1 || t.num > size:
		return because("%[1]q: there is no row %[2]d in a %[3]d×%[3]d grid", t.text, t.num, size)
	}
	*at = t.num - 1
	return nil
}

// place reads the value of a placement or an erasure.
func place(m Move, value []token, size int) (Move, *reason) {
	v := value[0]
	switch {
	case len(value) > 1:
		return Move{}, because("%q: one digit per cell (for pencil marks write n %s %s%s)", value[1].text, m.Cell, v.text, value[1].text)
	case v.kind == '-' || v.text == "0":
		m.Kind = Erase
		return m, nil
	case len(v.text) > 1:
		return Move{}, because("%q: one digit per cell (for pencil marks write n %s %s)", v.text, m.Cell, v.text)
	case v.num < 1 || v.num > size:
		return Move{}, because("%q: digits go from 1 to %d", v.text, size)
	}
	m.Kind, m.Digit = Place, v.num
	return m, nil
}

// marks reads the digits of a pencil-mark move ("-" clears them).
func marks(m Move, value []token, size int) (Move, *reason) {
	m.Kind = Mark
	if len(value) == 1 && value[0].kind == '-' {
		return m, nil
	}
	for _, v := range value {
		if v.kind == '-' {
			return Move{}, because("%q: give the marks as digits, as in n %s 127, or - alone to clear them", v.text, m.Cell)
		}
		for _, ch := range v.text {
			d := int(ch - '0')
			if d < 1 || d > size {
				return Move{}, because("%q: pencil marks go from 1 to %d", v.text, size)
			}
			m.Notes = m.Notes.With(d)
		}
	}
	return m, nil
}

// tokens splits a lower-case move into its words: "n", "r3", "c5", digit
// runs and erase marks; spaces, "=" and ":" only separate.
func tokens(s string) ([]token, *reason) {
	var out []token
	for i := 0; i < len(s); {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '=' || ch == ':' || ch == '\r':
			i++
		case ch >= '0' && ch <= '9':
			j := digitsEnd(s, i)
			n, _ := strconv.Atoi(s[i:min(j, i+6)])
			out, i = append(out, token{kind: 'v', text: s[i:j], num: n}), j
		case ch == '-' || ch == '.':
			out, i = append(out, token{kind: '-', text: s[i : i+1]}), i+1
		case ch >= 'a' && ch <= 'z':
			t, j, reason := word(s, i)
			if reason != nil {
				return nil, reason
			}
			out, i = append(out, t...), j
		default:
			return nil, because("%q: not part of a move (write r3c5 7)", badWord(s, i))
		}
	}
	return out, nil
}

// word reads the letters at s[i:] and the number after them: a row or
// column ("r3"), a pencil-mark keyword ("n", "note", "nr3"), an erase
// ("x"), or a place keyword ("place").
func word(s string, i int) ([]token, int, *reason) {
	j := i
	for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
		j++
	}
	letters, end := s[i:j], digitsEnd(s, j)
	switch {
	case (letters == "r" || letters == "c") && end > j:
		n, _ := strconv.Atoi(s[j:min(end, j+6)])
		return []token{{kind: letters[0], text: s[i:end], num: n}}, end, nil
	case (letters == "nr" || letters == "nc") && end > j:
		n, _ := strconv.Atoi(s[j:min(end, j+6)])
		return []token{{kind: 'n', text: "n"}, {kind: letters[1], text: s[i+1 : end], num: n}}, end, nil
	case (letters == "n" || letters == "note" || letters == "notes") && end == j:
		return []token{{kind: 'n', text: letters}}, j, nil
	case letters == "x" && end == j:
		return []token{{kind: '-', text: letters}}, j, nil
	case letters == "r" || letters == "c":
		return nil, 0, because("%q: a cell is written r3c5 (row 3, column 5)", badWord(s, i))
	}
	return nil, 0, because("%q: not part of a move (write r3c5 7)", badWord(s, i))
}

func digitsEnd(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// badWord returns the word around s[i], up to the next space.
func badWord(s string, i int) string {
	j := strings.IndexAny(s[i:], " \t=:")
	if j < 0 {
		return s[i:]
	}
	return s[i : i+max(j, 1)]
}
