package fontset

import (
	"os"
	"strings"

	"golang.org/x/image/font/sfnt"
)

// names reads a font file's family and style from its name table,
// preferring the typographic names (which group a family's many weights
// under one name) to the legacy ones.
func names(file string) (family, style string, err error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", "", err
	}
	f, err := sfnt.Parse(data)
	if err != nil {
		return "", "", err
	}
	var b sfnt.Buffer
	family = firstName(f, &b, sfnt.NameIDTypographicFamily, sfnt.NameIDFamily)
	style = firstName(f, &b, sfnt.NameIDTypographicSubfamily, sfnt.NameIDSubfamily)
	if family == "" {
		return "", "", sfnt.ErrNotFound
	}
	return family, style, nil
}

// firstName returns the first of ids the font names, trimmed, or "".
func firstName(f *sfnt.Font, b *sfnt.Buffer, ids ...sfnt.NameID) string {
	for _, id := range ids {
		if s, err := f.Name(b, id); err == nil && strings.TrimSpace(s) != "" {
			return strings.TrimSpace(s)
		}
	}
	return ""
}
