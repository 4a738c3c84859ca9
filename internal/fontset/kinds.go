package fontset

import "strings"

// excluded are the families no part may hold: the tests and the
// synthetic screenshots draw in them (Lato and Open Sans in the tests'
// pictures, the Go fonts in internal/screenshot), so a model must never
// train on them, and as test fonts they are measured elsewhere.
func excluded(family string) bool {
	f := strings.ToLower(family)
	return f == "lato" || strings.HasPrefix(f, "open sans") || f == "go" || strings.HasPrefix(f, "go ")
}

// legacyTraining are the families the classifier trained on before this
// catalogue: they stay in training, whatever their hash.
var legacyTraining = []string{
	"DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "Liberation Sans", "Liberation Serif",
	"Liberation Mono", "Nimbus Sans", "Nimbus Sans Narrow", "Nimbus Roman", "Nimbus Mono PS", "URW Gothic",
	"URW Bookman", "P052", "C059", "Carlito", "Caladea", "Roboto", "Noto Sans", "Noto Serif",
	"Noto Sans Display", "Noto Serif Display", "FreeSans", "FreeSerif", "FreeMono",
	"TeX Gyre Adventor", "TeX Gyre Bonum", "TeX Gyre Chorus", "TeX Gyre Cursor", "TeX Gyre Heros",
	"TeX Gyre Pagella", "TeX Gyre Schola", "TeX Gyre Termes",
}

// handwritingDirs are the folders of Debian's packages of script and
// handwriting fonts (fonts-dkg-handwriting, fonts-bwht, …).
var handwritingDirs = []string{
	"bwht", "breip", "comic-neue", "dancingscript", "fifthhorseman", "havana", "humor-sans", "joscelyn",
	"kaushanscript", "leckerli-one", "lobster", "rufscript", "sjfonts", "tomsontalks", "yozvox-yozfont",
	"yusei-magic",
}

// handwritingFamilies are handwriting-like families in packages of
// mixed fonts.
var handwritingFamilies = []string{
	"Domestic Manners", "Hand Me Down O BRK", "Hand Me Down S BRK", "Purisa", "Romande ADF Script Std",
}

// handwriting reports whether a family's digits look written by hand.
func handwriting(fam *Family) bool {
	for _, d := range handwritingDirs {
		if strings.HasSuffix(fam.Dir, "/"+d) {
			return true
		}
	}
	for _, n := range handwritingFamilies {
		if strings.EqualFold(n, fam.Name) {
			return true
		}
	}
	return false
}

// groupPrefixes name families that are one design's weights or styles
// under several names, which the split keeps together.
var groupPrefixes = []string{"YOz"}

// group is the name the split hashes: the family name's first word up to
// any digit, in lower case (so "Inter" and "Inter Display", "CMU Serif"
// and "CMU Sans" fall on one side), or one of groupPrefixes.
func group(family string) string {
	for _, p := range groupPrefixes {
		if strings.HasPrefix(family, p) {
			return strings.ToLower(p)
		}
	}
	w, _, _ := strings.Cut(strings.ToLower(family), " ")
	if i := strings.IndexAny(w, "0123456789"); i > 0 {
		w = w[:i]
	}
	return w
}
