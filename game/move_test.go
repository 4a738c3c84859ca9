package game

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseMoves(t *testing.T) {
	place := func(r, c, d int) Move { return Move{Kind: Place, Cell: cell(r, c), Digit: d} }
	erase := func(r, c int) Move { return Move{Kind: Erase, Cell: cell(r, c)} }
	mark := func(r, c int, ds ...int) Move { return Move{Kind: Mark, Cell: cell(r, c), Notes: NotesOf(ds...)} }
	tests := []struct {
		in   string
		want []Move
	}{
		{"r3c5 7", []Move{place(3, 5, 7)}},
		{"r3c5=7", []Move{place(3, 5, 7)}},
		{"R3C5: 7", []Move{place(3, 5, 7)}},
		{"c5 r3 7", []Move{place(3, 5, 7)}},
		{" r3 c5   7 ", []Move{place(3, 5, 7)}},
		{"r3c5 -", []Move{erase(3, 5)}},
		{"r3c5 0, r3c5 ., r3c5 x", []Move{erase(3, 5), erase(3, 5), erase(3, 5)}},
		{"n r3c5 127", []Move{mark(3, 5, 1, 2, 7)}},
		{"note r3c5 1 2 7", []Move{mark(3, 5, 1, 2, 7)}},
		{"nr3c5 4", []Move{mark(3, 5, 4)}},
		{"n r3c5 -", []Move{mark(3, 5)}},
		{"r1c1 5\nr9c9 9; r2c2 4,,\n\n", []Move{place(1, 1, 5), place(9, 9, 9), place(2, 2, 4)}},
		{"", nil},
	}
	for _, tt := range tests {
		got, err := ParseMoves(tt.in, 9)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseMoves(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseMovesErrorsNameTheToken(t *testing.T) {
	tests := []struct {
		in, want string
		size     int
	}{
		{"r3c5 7, r3c 7", `move 2 ("r3c 7"): "c": a cell is written r3c5`, 9},
		{"r10c5 7", `"r10": there is no row 10 in a 9×9 grid`, 9},
		{"r3c7 5", `"c7": there is no column 7 in a 6×6 grid`, 6},
		{"r3c5 12", `"12": one digit per cell (for pencil marks write n r3c5 12)`, 9},
		{"r3c5 1 2", `"2": one digit per cell (for pencil marks write n r3c5 12)`, 9},
		{"r3c4 5", `"5": digits go from 1 to 4`, 4},
		{"r3c5", `no digit for r3c5: add one, or - to erase`, 9},
		{"c5 7", `no row: write the cell as r3c5`, 9},
		{"r3 7", `no column: write the cell as r3c5`, 9},
		{"7", `no cell: write it as r3c5`, 9},
		{"r3c5r4 7", `"r4": a second row; one cell per move`, 9},
		{"r3c5 → 7", `"→": not part of a move`, 9},
		{"place r3c5 7", `"place": not part of a move`, 9},
		{"r3c5 n 7", `"n": write the n for pencil marks first`, 9},
		{"n r3c5 1-2", `"-": give the marks as digits`, 9},
		{"n r3c5 19", `"19": pencil marks go from 1 to 6`, 6},
	}
	for _, tt := range tests {
		_, err := ParseMoves(tt.in, tt.size)
		var me *MoveError
		if !errors.As(err, &me) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseMoves(%q, %d) error = %v, want one containing %q", tt.in, tt.size, err, tt.want)
		}
	}
	if _, err := ParseMoves("r1c1 1", 16); err == nil {
		t.Error("typed moves on a 16×16 board should be refused")
	}
	if _, err := ParseMoves(strings.Repeat("r1c1 1\n", MaxMoves+1), 9); err == nil {
		t.Errorf("more than %d moves at once should be refused", MaxMoves)
	}
}

// FuzzParseMoves: any text gives moves or a *MoveError, never a panic;
// every move is on the board and reads back from its String.
func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"r3c5 7", "c5 r3=7", "n r3c5 127", "nr1c1 -", "r3c5 x, r1c1 0; r9c9 .", "r99999999999c1 1", "→"} {
		f.Add(s, 9)
	}
	f.Add("r2c3 4", 4)
	f.Add("n r6c6 123456", 6)
	f.Fuzz(func(t *testing.T, text string, size int) {
		moves, err := ParseMoves(text, size)
		if err != nil {
			var me *MoveError
			if size >= 4 && size <= 9 && !errors.As(err, &me) {
				t.Fatalf("ParseMoves(%q, %d) error %v is not a *MoveError", text, size, err)
			}
			return
		}
		for _, m := range moves {
			if m.Cell.Row < 0 || m.Cell.Col < 0 || m.Cell.Row >= size || m.Cell.Col >= size ||
				m.Digit < 0 || m.Digit > size || m.Notes&^AllNotes(size) != 0 {
				t.Fatalf("ParseMoves(%q, %d) gave %+v, off the board", text, size, m)
			}
			back, err := ParseMoves(m.String(), size)
			if err != nil || len(back) != 1 || back[0] != m {
				t.Fatalf("%+v prints as %q, which reads back as %v, %v", m, m.String(), back, err)
			}
		}
	})
}
