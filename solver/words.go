package solver

import (
	"fmt"
	"strings"
)

// Words writes the solver's texts (reading errors and clashes here, hints
// and grades in solver/logic) in a language. The solver speaks English: each text is an English format
// string, and a Words may translate it before formatting with the same
// arguments. English is the identity.
type Words interface {
	// Text returns an English text in the language.
	Text(english string) string
	// Sprintf formats an English format string in the language.
	Sprintf(format string, args ...any) string
	// Count formats a count with its noun: one and other are English
	// formats with %d ("%d given", "%d givens").
	Count(n int, one, other string) string
}

// English writes the solver's texts as they are.
var English Words = english{}

type english struct{}

func (english) Text(s string) string                 { return s }
func (english) Sprintf(f string, args ...any) string { return fmt.Sprintf(f, args...) }
func (english) Count(n int, one, other string) string {
	if n == 1 {
		return fmt.Sprintf(one, n)
	}
	return fmt.Sprintf(other, n)
}

// Say names the unit as players do, in w's language: "row 3", "box 5".
func (u Unit) Say(w Words) string {
	switch u.Kind {
	case Row:
		return w.Sprintf("row %d", u.Index+1)
	case Column:
		return w.Sprintf("column %d", u.Index+1)
	}
	return w.Sprintf("box %d", u.Index+1)
}

// JoinAnd lists items as a sentence does, in w's language: "a, b and c".
func JoinAnd(w Words, items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return w.Sprintf("%s and %s", strings.Join(items[:len(items)-1], ", "), items[len(items)-1])
}
