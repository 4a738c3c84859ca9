package game

import (
	"crypto/sha256"
	"encoding/base32"
	"fmt"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// RefKind is what a Ref names: a puzzle by its text, a day's daily, or a
// past daily played for practice.
type RefKind int

// The kinds of Ref, with the letter that starts each one's text.
const (
	RefPuzzle   RefKind = iota + 1 // "h" and a hash of the puzzle's text
	RefDaily                       // "d" and the day number: ranked, one game per server
	RefPractice                    // "q" and the day number: unranked, the same in every server
)

// Ref names a game's puzzle in a form short enough for a Discord custom
// id: "hqf3is7wqg5od" (a hash), "d327" (daily #327), "q300" (practice on
// daily #300). The zero Ref names nothing.
type Ref struct {
	Kind RefKind
	Day  int    // the daily's number, for RefDaily and RefPractice
	Hash string // 12 characters of base32, for RefPuzzle
}

// PuzzleRef returns the Ref of puzzle p: a hash of its text, 60 bits, so
// no two of one player's puzzles meet.
func PuzzleRef(p solver.Grid) Ref {
	sum := sha256.Sum256([]byte(p.String()))
	return Ref{Kind: RefPuzzle, Hash: strings.ToLower(base32.StdEncoding.EncodeToString(sum[:])[:12])}
}

// DailyRef returns the Ref of daily #n, ranked.
func DailyRef(n int) Ref { return Ref{Kind: RefDaily, Day: n} }

// PracticeRef returns the Ref of daily #n played for practice.
func PracticeRef(n int) Ref { return Ref{Kind: RefPractice, Day: n} }

// String returns the Ref's text, which ParseRef reads back.
func (r Ref) String() string {
	switch r.Kind {
	case RefPuzzle:
		return "h" + r.Hash
	case RefDaily:
		return "d" + strconv.Itoa(r.Day)
	case RefPractice:
		return "q" + strconv.Itoa(r.Day)
	}
	return ""
}

// ParseRef reads a Ref's text; ok is false for anything String does not
// write.
func ParseRef(s string) (r Ref, ok bool) {
	if s == "" {
		return Ref{}, false
	}
	rest := s[1:]
	switch s[0] {
	case 'h':
		return Ref{Kind: RefPuzzle, Hash: rest}, len(rest) == 12 && strings.Trim(rest, "abcdefghijklmnopqrstuvwxyz234567") == ""
	case 'd', 'q':
		n, err := strconv.Atoi(rest)
		if err != nil || n <= 0 || strconv.Itoa(n) != rest {
			return Ref{}, false
		}
		if s[0] == 'd' {
			return DailyRef(n), true
		}
		return PracticeRef(n), true
	}
	return Ref{}, false
}

// Key returns the key of user's game of the Ref's puzzle. A ranked daily
// is played once per server, so its key names guild; the others do not.
func (r Ref) Key(user, guild string) Key {
	if r.Kind == RefDaily {
		return Key{User: user, Puzzle: fmt.Sprintf("d%d/%s", r.Day, guild)}
	}
	return Key{User: user, Puzzle: r.String()}
}
