package i18n

import (
	"testing"
	"time"
)

func TestEveryFileLoads(t *testing.T) {
	if err := LoadError(); err != nil {
		t.Fatal(err)
	}
	for _, lang := range Languages {
		if names, texts := Keys(lang); len(names) == 0 || len(texts) == 0 {
			t.Errorf("%s: %d names and %d texts loaded", lang, len(names), len(texts))
		}
	}
}

func TestLookups(t *testing.T) {
	tests := []struct {
		locale, english, want string
		ok                    bool
	}{
		{"fr", "easy", "facile", true},
		{"es-419", "easy", "fácil", true}, // Latin American Spanish reads es-ES
		{"en-US", "easy", "easy", true},   // English is the source
		{"fr", "not in the catalogue", "not in the catalogue", false},
		{"ja", "easy", "easy", false}, // a language it does not hold
	}
	for _, tt := range tests {
		if got, ok := Text(tt.locale, tt.english); got != tt.want || ok != tt.ok {
			t.Errorf("Text(%s, %q) = %q, %v; want %q, %v", tt.locale, tt.english, got, ok, tt.want, tt.ok)
		}
	}
	if got, ok := Name("de", "solve"); got != "lösen" || !ok {
		t.Errorf(`Name(de, solve) = %q, %v; want "lösen"`, got, ok)
	}
	if _, ok := Name("de", "unknown"); ok {
		t.Error("Name(de, unknown) claims a translation")
	}
	if n := len(Locales()); n != len(Languages)+len(aliases) {
		t.Errorf("Locales() has %d, want %d", n, len(Languages)+len(aliases))
	}
}

func TestPrinter(t *testing.T) {
	tests := []struct {
		locale string
		n      int
		want   string
	}{
		{"", 0, "0 cells left"}, {"", 1, "1 cell left"}, {"en-GB", 2, "2 cells left"},
		{"fr", 0, "0 case restante"}, {"fr", 1, "1 case restante"}, {"fr", 2, "2 cases restantes"}, // French: 0 is singular
		{"de", 0, "0 Felder übrig"}, {"de", 1, "1 Feld übrig"},
		{"pt-BR", 0, "0 casas restantes"}, {"es-419", 1, "1 casilla restante"},
	}
	for _, tt := range tests {
		if got := For(tt.locale).Count(tt.n, "%d cell left", "%d cells left"); got != tt.want {
			t.Errorf("For(%q).Count(%d) = %q, want %q", tt.locale, tt.n, got, tt.want)
		}
	}
	day := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	for locale, want := range map[string]string{"": "Tuesday 24 November", "fr": "mardi 24 novembre",
		"de": "Dienstag, 24. November", "es-ES": "martes 24 de noviembre", "pt-BR": "terça-feira, 24 de novembro"} {
		if got := For(locale).Date(day); got != want {
			t.Errorf("For(%q).Date = %q, want %q", locale, got, want)
		}
	}
	if got := For("fr").Sprintf("Placed %d at %s.", 4, "r1c3"); got != "4 placé en r1c3." {
		t.Errorf("Sprintf in French = %q", got)
	}
}
