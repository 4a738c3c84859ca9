package variant

import (
	"errors"
	"fmt"
)

// decodeSCF reads SudokuPad's compact classic code (9x9 only): each
// character packs a given digit (0 for a blank) and the 0 to 5 blanks that
// follow it as digit + 10×(1+blanks), written as the character of code
// value+38 (10-19), value+45 (20-45) or value+51 (46-69); after the 81
// cells, letters add rules: x both diagonals, w the windoku windows.
func decodeSCF(code string) (*Puzzle, error) {
	p := &Puzzle{Size: 9, Givens: make([]int, 0, 81)}
	i := 0
	for ; i < len(code) && len(p.Givens) < 81; i++ {
		v := scfValue(code[i])
		if v < 0 {
			return nil, fmt.Errorf("%w: scf character %q", ErrDamaged, code[i])
		}
		p.Givens = append(p.Givens, v%10)
		for range v/10 - 1 {
			p.Givens = append(p.Givens, 0)
		}
	}
	if len(p.Givens) != 81 {
		return nil, fmt.Errorf("%w: scf code of %d cells, want 81", ErrDamaged, len(p.Givens))
	}
	for _, rule := range code[i:] {
		switch rule {
		case 'x':
			p.Constraints = append(p.Constraints, Global{"diagonal+"}, Global{"diagonal-"})
		case 'w':
			for _, corner := range []Cell{{1, 1}, {1, 5}, {5, 1}, {5, 5}} {
				var cs []Cell
				for r := range 3 {
					for c := range 3 {
						cs = append(cs, Cell{corner.Row + r, corner.Col + c})
					}
				}
				p.Constraints = append(p.Constraints, ExtraRegion{cs})
			}
		default:
			return nil, &UnsupportedError{Names: []string{fmt.Sprintf("SudokuPad classic rule %q", rule)}}
		}
	}
	return p, nil
}

// scfValue returns the packed value of an scf character, or -1.
func scfValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c) - 38
	case c >= 'A' && c <= 'Z':
		return int(c) - 45
	case c >= 'a' && c <= 'x':
		return int(c) - 51
	}
	return -1
}

// decodeClassic reads 81 digits, 0 or . for blanks.
func decodeClassic(code string) (*Puzzle, error) {
	if len(code) != 81 {
		return nil, fmt.Errorf("%w: classic code of %d characters, want 81", ErrDamaged, len(code))
	}
	p := &Puzzle{Size: 9, Givens: make([]int, 81)}
	for i := range len(code) {
		switch c := code[i]; {
		case c >= '1' && c <= '9':
			p.Givens[i] = int(c - '0')
		case c != '0' && c != '.':
			return nil, fmt.Errorf("%w: classic code character %q", ErrDamaged, c)
		}
	}
	return p, nil
}

// ErrNeedsFetch is returned by Decode for a ShortID: only SudokuPad's
// server knows the puzzle.
var ErrNeedsFetch = errors.New("variant: the puzzle must be fetched from SudokuPad")

// Decode returns the puzzle a link holds. It returns ErrNeedsFetch for a
// ShortID, an *UnsupportedError for a rule we do not read (or, in scl
// data, a shape we cannot identify), and an error wrapping ErrDamaged for
// malformed data, and one wrapping ErrTooLarge for a puzzle past Bounded.
// l is not modified.
func Decode(l Link) (*Puzzle, error) {
	p, err := decodeAs(l)
	if err == nil {
		p.Title, p.Author = cleanText(p.Title), cleanText(p.Author)
		err = p.Bounded()
	}
	if err != nil {
		return nil, err
	}
	return p, nil
}

func decodeAs(l Link) (*Puzzle, error) {
	switch l.Format {
	case FPuzzles:
		return DecodeFPuzzles(l.data)
	case SCF:
		return decodeSCF(l.Payload)
	case Classic:
		return decodeClassic(l.Payload)
	case SCL:
		return DecodeSCL(l.data)
	case ShortID:
		return nil, ErrNeedsFetch
	}
	return nil, fmt.Errorf("variant: decode: unknown format %v", l.Format)
}
