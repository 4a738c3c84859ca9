package fontset

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// fixture links the installed font files that exist under dir into a new
// folder laid out like /usr/share/fonts, or skips when none is installed.
func fixture(t *testing.T, files ...string) string {
	t.Helper()
	root := t.TempDir()
	n := 0
	for _, f := range files {
		src := filepath.Join("/usr/share/fonts", f)
		if _, err := os.Stat(src); err != nil {
			continue
		}
		dst := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(src, dst); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n < len(files) {
		t.Skipf("skipping: %d of the %d font files this test reads are installed (Debian's fonts-urw-base35, "+
			"fonts-liberation2, fonts-croscore, fonts-comic-neue: see .ci/run)", n, len(files))
	}
	return root
}

// TestScan catalogues a few installed fonts: a family's weights grouped,
// a dingbat font and a near-duplicate dropped, a handwriting font tagged.
func TestScan(t *testing.T) {
	root := fixture(t,
		"opentype/urw-base35/NimbusRoman-Regular.otf", "opentype/urw-base35/NimbusRoman-Bold.otf",
		"opentype/urw-base35/D050000L.otf",
		"truetype/liberation2/LiberationSans-Regular.ttf", "truetype/croscore/Arimo-Regular.ttf",
		"opentype/comic-neue/ComicNeue-Regular.otf")
	c, err := Scan(root)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Family{}
	for _, f := range c.Families {
		got[f.Name] = f
	}
	if f := got["Nimbus Roman"]; len(f.Faces) != 2 || f.Handwriting || f.HeldOut || f.Dir != "opentype/urw-base35" {
		t.Errorf("Nimbus Roman = %+v, want two faces, printed, in training, in opentype/urw-base35", f)
	}
	if _, ok := got["Liberation Sans"]; !ok {
		t.Errorf("Liberation Sans missing: families %v, dropped %v", c.Families, c.Dropped)
	}
	for _, name := range []string{"Arimo", "D050000L"} {
		if _, ok := got[name]; ok || c.Dropped[name] == "" {
			t.Errorf("%s kept (dropped: %q), want it dropped", name, c.Dropped[name])
		}
	}
	if c.Dropped["Arimo"] != "near-duplicate of Liberation Sans" {
		t.Errorf("Arimo dropped as %q, want a near-duplicate of Liberation Sans", c.Dropped["Arimo"])
	}
	if !got["Comic Neue"].Handwriting {
		t.Errorf("Comic Neue = %+v, want handwriting-like", got["Comic Neue"])
	}
}

// TestScanFacesWithoutDigits: a family kept by its regular face keeps
// only the faces that draw every digit: Zainer's initials (a font of
// capitals) have none and draw each as a box, and renders drawn in it
// could not be read by anyone (fonts-gotico-antiqua).
func TestScanFacesWithoutDigits(t *testing.T) {
	root := fixture(t, "opentype/gotico-antiqua/Zainer-GoticoAntiqua96G.otf", "opentype/gotico-antiqua/Zainer-Initials45mm.otf")
	if _, err := Draw(filepath.Join(root, "opentype/gotico-antiqua/Zainer-Initials45mm.otf"), 48); err == nil {
		t.Fatal("Zainer's initials draw every digit: the fixture no longer shows what this test is for")
	}
	c, err := Scan(root)
	if err != nil {
		t.Fatal(err)
	}
	var faces []string
	for _, f := range c.Families {
		for _, face := range f.Faces {
			faces = append(faces, f.Name+": "+filepath.Base(face.File))
		}
	}
	if want := []string{"Zainer: Zainer-GoticoAntiqua96G.otf"}; !slices.Equal(faces, want) {
		t.Errorf("faces %q, want %q (dropped %v)", faces, want, c.Dropped)
	}
}

// TestScanMoreRoots catalogues a second folder after a first: it adds
// its new families, never a family named as one of the first's or drawn
// as a near-duplicate of one, and leaves the first's families as Scan of
// it alone makes them.
func TestScanMoreRoots(t *testing.T) {
	first := fixture(t, "truetype/liberation2/LiberationSans-Regular.ttf", "opentype/comic-neue/ComicNeue-Regular.otf")
	second := fixture(t, "truetype/liberation2/LiberationSans-Regular.ttf", "truetype/croscore/Arimo-Regular.ttf",
		"opentype/urw-base35/NimbusRoman-Regular.otf")
	alone, err := Scan(first)
	if err != nil {
		t.Fatal(err)
	}
	both, err := Scan(first, second)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range both.Families {
		names = append(names, f.Name)
	}
	if want := []string{"Comic Neue", "Liberation Sans", "Nimbus Roman"}; !slices.Equal(names, want) {
		t.Errorf("families of both folders = %q, want %q (dropped: %v)", names, want, both.Dropped)
	}
	if both.Dropped["Arimo"] != "near-duplicate of Liberation Sans" {
		t.Errorf("Arimo under the second folder dropped as %q, want a near-duplicate of the first's Liberation Sans", both.Dropped["Arimo"])
	}
	for _, f := range alone.Families {
		i := slices.IndexFunc(both.Families, func(g Family) bool { return g.Name == f.Name })
		if i < 0 || !reflect.DeepEqual(both.Families[i], f) {
			t.Errorf("the first folder's %s changed by the second: alone %+v", f.Name, f)
		}
	}
}

// TestWithoutSize checks names apart by a trailing size are one family's
// and that a name of digits alone stays itself.
func TestWithoutSize(t *testing.T) {
	for in, want := range map[string]string{"drm10": "drm", "drmitbx24": "drmitbx", "Baloo 2": "Baloo", "Iwona Cond": "Iwona Cond", "1942": "1942"} {
		if got := withoutSize(in); got != want {
			t.Errorf("withoutSize(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestScanLeavesOutTestFonts checks the Go fonts, which the tests draw
// in, never enter the catalogue.
func TestScanLeavesOutTestFonts(t *testing.T) {
	root := t.TempDir()
	for name, data := range map[string][]byte{"Go-Regular.ttf": goregular.TTF, "Go-Bold.ttf": gobold.TTF} {
		if err := os.WriteFile(filepath.Join(root, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "broken.ttf"), []byte("not a font"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Scan(root)
	if err != nil || len(c.Families) != 0 {
		t.Errorf("Scan(Go fonts) = %v, %v; want no families", c, err)
	}
}

// TestIsHeldOut checks the split keeps a design's names together, keeps
// the families trained on before in training, and holds out about a
// quarter of names.
func TestIsHeldOut(t *testing.T) {
	for _, tt := range []struct{ a, b string }{
		{"Inter", "Inter Display"}, {"YOzA", "YOzAF90bi"}, {"CMU Serif", "CMU Typewriter Text"},
		{"DSEG7 Classic", "DSEG14 Modern"},
	} {
		if IsHeldOut(tt.a) != IsHeldOut(tt.b) {
			t.Errorf("IsHeldOut(%q) = %v but IsHeldOut(%q) = %v: one design split", tt.a, IsHeldOut(tt.a), tt.b, IsHeldOut(tt.b))
		}
	}
	for _, f := range append(legacyTraining, "Noto Sans Mono", "TeX Gyre DejaVu Math") {
		if IsHeldOut(f) {
			t.Errorf("IsHeldOut(%q) = true, want a family trained on before kept in training", f)
		}
	}
	held := 0
	for k := range 1000 {
		if IsHeldOut("Family" + string(rune('A'+k%26)) + string(rune('a'+k/26))) {
			held++
		}
	}
	if held < 180 || held > 320 {
		t.Errorf("%d of 1000 names held out, want about 250", held)
	}
}

// TestDrawData checks the digits drawn are nine, distinct and inked, and
// that a file that is no font is an error.
func TestDrawData(t *testing.T) {
	ds, err := DrawData(goregular.TTF, 32)
	if err != nil {
		t.Fatal(err)
	}
	for d := 1; d <= 9; d++ {
		if ds[d] == nil || ds[d].Rect.Dy() < 16 {
			t.Errorf("digit %d = %v, want one about 23 px tall", d, ds[d])
		}
	}
	if _, err := DrawData([]byte("nope"), 32); err == nil {
		t.Error("DrawData(not a font) = nil error")
	}
}
