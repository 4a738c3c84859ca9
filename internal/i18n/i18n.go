// Package i18n is sudokubot's message catalogue: for each language Discord
// names by its locale (fr, de, es-ES, pt-BR; es-419 reads es-ES), the
// translation of each English text, and of each command, subcommand and
// option name. English is the source: the texts are keyed by their English
// wording, so a text used twice is translated once, and a text not in a
// language's file shows in English. Files are JSON, embedded.
package i18n

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"
)

// Languages are the locales the catalogue holds, besides English.
var Languages = []string{"fr", "de", "es-ES", "pt-BR"}

// aliases are locales that read another's file.
var aliases = map[string]string{"es-419": "es-ES"}

// Locales returns every locale the catalogue serves, aliases included.
func Locales() []string {
	out := append([]string(nil), Languages...)
	for a := range aliases {
		out = append(out, a)
	}
	return out
}

// catalogue is one language's file: names (of commands, subcommands and
// options, by their English name) and texts (by their English wording).
type catalogue struct {
	Names map[string]string `json:"names"`
	Texts map[string]string `json:"texts"`
}

//go:embed locales/*.json
var files embed.FS

// all holds every language's catalogue, read once at start; a file that
// does not load leaves its language in English, and loadErr says why.
var all, loadErr = load()

func load() (map[string]catalogue, error) {
	out := map[string]catalogue{}
	var errs []error
	for _, lang := range Languages {
		data, err := files.ReadFile(path.Join("locales", lang+".json"))
		var c catalogue
		if err == nil {
			err = json.Unmarshal(data, &c)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("i18n: %s: %w", lang, err))
			continue
		}
		out[lang] = c
	}
	return out, errors.Join(errs...)
}

// LoadError reports a language file that did not load (nil when all did):
// the files are embedded, so a test catches it before a build ships.
func LoadError() error { return loadErr }

func lookup(locale string) (catalogue, bool) {
	if a, ok := aliases[locale]; ok {
		locale = a
	}
	c, ok := all[locale]
	return c, ok
}

// Name returns a command's, subcommand's or option's name in a locale,
// and whether the catalogue has it.
func Name(locale, english string) (string, bool) {
	c, _ := lookup(locale)
	s, ok := c.Names[english]
	return s, ok
}

// Text returns a text in a locale, and whether the catalogue has it
// (English, and texts it lacks, come back as given).
func Text(locale, english string) (string, bool) {
	c, _ := lookup(locale)
	if s, ok := c.Texts[english]; ok {
		return s, true
	}
	return english, strings.HasPrefix(locale, "en")
}

// Keys returns a language's names and texts, by their English keys.
func Keys(lang string) (names, texts map[string]string) {
	c := all[lang]
	return c.Names, c.Texts
}
