// Package fontset catalogues the font families installed on a machine
// (Debian's fonts-* packages under /usr/share/fonts) for drawing digits:
// it groups the font files into families by the family name in each
// font's name table, keeps the families that draw the Latin digits 1–9 as
// distinct glyphs, drops near-duplicates of a family already kept, tags
// each family printed or handwriting-like, and splits the families into a
// training part and a held-out part by a hash of their names, so the
// training program and the tests agree on which fonts a model may have
// seen without sharing any list but this code. The same files always give
// the same catalogue. Further folders (TeX Live's fonts) only add families
// to the first's, for training.
package fontset

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Face is one font file of a family: a weight or style.
type Face struct {
	File  string // the file's path
	Style string // the subfamily in its name table, e.g. "Bold Italic"
}

// Family is a font family that draws the digits 1–9.
type Family struct {
	Name string
	// Dir is the folder under the root its files are in, e.g.
	// "truetype/aenigma": roughly, the Debian package that brought it.
	Dir string
	// Handwriting is true for script and handwriting-like families, whose
	// digits stand for a player's writing rather than print.
	Handwriting bool
	// HeldOut is true for the families no model may train on: about a
	// quarter of them, by a hash of the name (see IsHeldOut).
	HeldOut bool
	Faces   []Face // sorted by file
}

// Catalogue is the families found under a folder, and what was left out.
type Catalogue struct {
	Families []Family // sorted by name
	// Dropped names each family left out and why, for people to check.
	Dropped map[string]string
}

// maxFaces bounds the faces kept of one family, so a family of forty
// weights and widths is not drawn forty times as often as one of two.
const maxFaces = 8

// Scan catalogues the fonts under the roots (TrueType and OpenType files;
// font collections and web fonts are skipped). Files that do not parse are
// skipped too. It errors only when a root cannot be walked.
//
// The first root's families are what Scan of it alone gives. A further
// root (TeX Live's fonts, say) only adds: a family named as one found
// before, or drawn as a near-duplicate of one (held out or not), is left
// out, so a design never reaches training under a second name; and its
// families named apart only by a trailing size (TeX's optical sizes:
// drm10, drm12) are one family, so one design is not drawn ten times as
// often as another.
func Scan(roots ...string) (*Catalogue, error) {
	c := &Catalogue{Dropped: map[string]string{}}
	var kept []signature
	for i, root := range roots {
		files, err := fontFiles(root)
		if err != nil {
			return nil, err
		}
		byName, order := collect(root, files, i > 0)
		order = slices.DeleteFunc(order, func(name string) bool {
			return slices.ContainsFunc(c.Families, func(f Family) bool { return f.Name == name })
		})
		sigs := map[string]signature{}
		var names []string
		names, kept = distinct(latinFamilies(byName, order, c.Dropped, sigs), sigs, c.Dropped, kept)
		for _, name := range names {
			fam := byName[name]
			if fam.Faces = withDigits(spread(fam.Faces, maxFaces)); len(fam.Faces) == 0 {
				c.Dropped[name] = "no face kept draws every digit"
				continue
			}
			fam.Handwriting = handwriting(fam)
			fam.HeldOut = IsHeldOut(name)
			c.Families = append(c.Families, *fam)
		}
	}
	slices.SortFunc(c.Families, func(a, b Family) int {
		return cmp.Or(cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)), cmp.Compare(a.Name, b.Name))
	})
	return c, nil
}

// collect groups the files by the family their name table names, and
// returns the families' names in the order near-duplicates are settled:
// the families trained on before first, so a near-duplicate of one of them
// is what is dropped, then by name. With sizes, names that differ only by
// a trailing number are one family's.
func collect(root string, files []string, sizes bool) (map[string]*Family, []string) {
	byName := map[string]*Family{}
	var order []string
	for _, f := range files {
		name, style, err := names(f)
		if err != nil || excluded(name) {
			continue
		}
		if sizes {
			name = withoutSize(name)
		}
		fam := byName[name]
		if fam == nil {
			rel, _ := filepath.Rel(root, filepath.Dir(f))
			fam = &Family{Name: name, Dir: topDirs(rel)}
			byName[name] = fam
			order = append(order, name)
		}
		fam.Faces = append(fam.Faces, Face{File: f, Style: style})
	}
	slices.SortFunc(order, func(a, b string) int {
		return cmp.Or(-cmp.Compare(btoi(slices.Contains(legacyTraining, a)), btoi(slices.Contains(legacyTraining, b))),
			cmp.Compare(strings.ToLower(a), strings.ToLower(b)), cmp.Compare(a, b))
	})
	return byName, order
}

// distinct returns the names, in order, but for near-duplicates of an
// earlier one, and for the other families of a group one of whose families
// copies another group's design (Verana Sans is DejaVu Sans: its other
// weights likely copy it too); the families trained on before stay, being
// in training anyway. It notes in dropped why each was left out.
func distinct(names []string, sigs map[string]signature, dropped map[string]string, kept []signature) ([]string, []signature) {
	var first []string
	derived := map[string]string{} // groups with a copy of another group's design
	for _, name := range names {
		if other := nearest(kept, sigs[name]); other != "" {
			dropped[name] = "near-duplicate of " + other
			if group(other) != group(name) {
				derived[group(name)] = other
			}
			continue
		}
		kept = append(kept, sigs[name])
		first = append(first, name)
	}
	var out []string
	for _, name := range first {
		if other, ok := derived[group(name)]; ok && !slices.Contains(legacyTraining, name) {
			dropped[name] = fmt.Sprintf("of the %q group, which copies %s", group(name), other)
			continue
		}
		out = append(out, name)
	}
	return out, kept
}

// withoutSize is a family name without a trailing size: "drm" of "drm10".
func withoutSize(name string) string {
	if n := strings.TrimSpace(strings.TrimRight(name, "0123456789")); n != "" {
		return n
	}
	return name
}

// latinFamilies returns the names in order whose families draw nine
// distinct Latin digits, filling sigs with their digits and dropped with
// why the others are left out.
func latinFamilies(byName map[string]*Family, order []string, dropped map[string]string, sigs map[string]signature) []string {
	var drawn []string
	coarses := map[string]coarse{}
	for _, name := range order {
		sig, why := check(byName[name])
		if why != "" {
			dropped[name] = why
			continue
		}
		sigs[name], coarses[name] = sig, coarsen(&sig)
		drawn = append(drawn, name)
	}
	var refs []coarse
	strict := map[string]bool{}
	for _, name := range drawn {
		c := coarses[name]
		if latinLike(&c, goReferences()) >= strictMatches {
			strict[name] = true
			refs = append(refs, c)
		}
	}
	var out []string
	for _, name := range drawn {
		c := coarses[name]
		if n := latinLike(&c, refs); strict[name] || n >= latinMatches {
			out = append(out, name)
		} else {
			dropped[name] = fmt.Sprintf("not Latin digits (%d of 9 look like other fonts' same digit)", n)
		}
	}
	return out
}

// Part returns the families of one part, in order: held out or not,
// handwriting-like or printed. It does not change c.
func (c *Catalogue) Part(heldOut, handwriting bool) []Family {
	var out []Family
	for _, f := range c.Families {
		if f.HeldOut == heldOut && f.Handwriting == handwriting {
			out = append(out, f)
		}
	}
	return out
}

// IsHeldOut reports whether the family name is in the held-out part:
// about one in four, by an FNV hash of the name's group (its first word:
// see group), so a design's weights and widths under several names stay
// on one side. The groups of the families the classifier trained on
// before this catalogue existed stay in training, so the held-out part is
// unseen by older models too.
func IsHeldOut(family string) bool {
	g := group(family)
	if slices.ContainsFunc(legacyTraining, func(f string) bool { return group(f) == g }) {
		return false
	}
	h := fnv.New32a()
	h.Write([]byte(g))
	return h.Sum32()%4 == 0
}

// fontFiles lists the .ttf and .otf files under root, sorted.
func fontFiles(root string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ext := strings.ToLower(filepath.Ext(path)); !d.IsDir() && (ext == ".ttf" || ext == ".otf") {
			files = append(files, path)
		}
		return nil
	})
	slices.Sort(files)
	return files, err
}

// topDirs keeps the first two folders of a relative path: "truetype/x".
func topDirs(rel string) string {
	parts := strings.Split(filepath.ToSlash(rel), "/")
	return strings.Join(parts[:min(2, len(parts))], "/")
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// spread keeps at most n faces, evenly through the sorted list, always
// the first.
func spread(faces []Face, n int) []Face {
	if len(faces) <= n {
		return faces
	}
	out := make([]Face, n)
	for i := range n {
		out[i] = faces[i*len(faces)/n]
	}
	return out
}
