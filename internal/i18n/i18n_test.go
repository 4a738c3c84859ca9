package i18n

import "testing"

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
