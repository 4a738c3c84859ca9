package i18n

import (
	"fmt"
	"strings"
	"time"
)

// Printer writes texts in one locale: each English text, or format, is
// looked up in the catalogue and, when found, its translation is used with
// the same arguments; otherwise the English is.
type Printer struct {
	locale string
}

// For returns the printer of a Discord locale ("" and English locales
// print English).
func For(locale string) Printer { return Printer{locale: locale} }

// Text returns a text in the printer's language.
func (p Printer) Text(english string) string {
	s, _ := Text(p.locale, english)
	return s
}

// Name returns a command's, subcommand's or option's name in the
// printer's language (the English name when it has none).
func (p Printer) Name(english string) string {
	if s, ok := Name(p.locale, english); ok {
		return s
	}
	return english
}

// Sprintf formats an English format string in the printer's language. A
// translation may reorder its arguments with %[n]v; the catalogue's test
// checks that it keeps the English verbs.
func (p Printer) Sprintf(format string, args ...any) string {
	return fmt.Sprintf(p.Text(format), args...)
}

// Count writes a count with its noun in the right form for the language:
// one and other are English formats with %d ("%d cell left", "%d cells
// left"), and the catalogue holds their translation under "one|other".
// French takes the singular for 0 and 1; the other languages, for 1.
func (p Printer) Count(n int, one, other string) string {
	forms := one + "|" + other
	if s, ok := Text(p.locale, forms); ok {
		forms = s
	}
	singular, plural, _ := strings.Cut(forms, "|")
	if n == 1 || (n == 0 && p.lang() == "fr") {
		return fmt.Sprintf(singular, n)
	}
	return fmt.Sprintf(plural, n)
}

func (p Printer) lang() string {
	lang, _, _ := strings.Cut(p.locale, "-")
	return lang
}

// dateFormat is how a day is written in English: weekday, day, month.
const dateFormat = "%[1]s %[2]d %[3]s"

// Date writes a day as "Monday 2 January" does in English, in the
// printer's language ("lundi 2 janvier", "Montag, 2. Januar").
func (p Printer) Date(t time.Time) string {
	return p.Sprintf(dateFormat, p.Text(t.Weekday().String()), t.Day(), p.Text(t.Month().String()))
}

// Ordinal writes a rank as the language does: 1st, 2nd (English), 1er, 2e
// (French), 2. (German), 2.º (Spanish), 2º (Portuguese).
func (p Printer) Ordinal(n int) string {
	switch p.lang() {
	case "fr":
		if n == 1 {
			return "1er"
		}
		return fmt.Sprintf("%de", n)
	case "de":
		return fmt.Sprintf("%d.", n)
	case "es":
		return fmt.Sprintf("%d.º", n)
	case "pt":
		return fmt.Sprintf("%dº", n)
	}
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", n, suffix)
}
