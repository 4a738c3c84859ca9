package screenshot

import (
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomediumitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/gomonobolditalic"
	"golang.org/x/image/font/gofont/gomonoitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"
	"golang.org/x/image/font/gofont/gosmallcapsitalic"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// typeface is one of the Go fonts. Only these are used: the reader is
// trained on Debian's fonts, so measuring it on the Go fonts shows how it
// does on type it has never seen.
type typeface struct {
	name string
	ttf  []byte
	bold bool // heavy enough to tell from the light faces at a glance
	once sync.Once
	font *opentype.Font
	cap  float64 // height of the digits per pixel of font size
}

var typefaces = []*typeface{
	{name: "goregular", ttf: goregular.TTF},
	{name: "gomedium", ttf: gomedium.TTF},
	{name: "gobold", ttf: gobold.TTF, bold: true},
	{name: "goitalic", ttf: goitalic.TTF},
	{name: "gomediumitalic", ttf: gomediumitalic.TTF},
	{name: "gobolditalic", ttf: gobolditalic.TTF, bold: true},
	{name: "gomono", ttf: gomono.TTF},
	{name: "gomonobold", ttf: gomonobold.TTF, bold: true},
	{name: "gomonoitalic", ttf: gomonoitalic.TTF},
	{name: "gomonobolditalic", ttf: gomonobolditalic.TTF, bold: true},
	{name: "gosmallcaps", ttf: gosmallcaps.TTF},
	{name: "gosmallcapsitalic", ttf: gosmallcapsitalic.TTF},
}

// loaded keeps the typefaces made from fonts given to MakeWith, by name,
// so each is parsed once.
var loaded sync.Map

// typefaceOf returns the typeface of f, bold when its name says so.
func typefaceOf(f Font) *typeface {
	if t, ok := loaded.Load(f.Name); ok {
		return t.(*typeface)
	}
	name := strings.ToLower(f.Name)
	bold := strings.Contains(name, "bold") || strings.Contains(name, "black") || strings.Contains(name, "heavy")
	t, _ := loaded.LoadOrStore(f.Name, &typeface{name: f.Name, ttf: f.Data, bold: bold})
	return t.(*typeface)
}

// Typefaces used for the app's own text, never for digits in cells.
var (
	uiRegular = typefaces[0]
	uiMedium  = typefaces[1]
	uiBold    = typefaces[2]
)

// load parses the font once per process; parsing is the slow part and
// the parsed font is only read afterwards.
func (t *typeface) load() *opentype.Font {
	t.once.Do(func() {
		f, err := opentype.Parse(t.ttf)
		if err != nil {
			panic("screenshot: font " + t.name + " does not parse: " + err.Error())
		}
		t.font = f
		t.cap = digitHeight(f)
	})
	return t.font
}

// digitHeight measures the digits' height per pixel of font size, so a
// digit can be sized as a share of its cell whatever the font.
func digitHeight(f *opentype.Font) float64 {
	const ref = 100
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: ref, DPI: 72})
	if err != nil {
		panic("screenshot: " + err.Error())
	}
	b, _ := font.BoundString(face, "0123456789")
	return float64(b.Max.Y-b.Min.Y) / 64 / ref
}

// faces makes the font faces one picture needs. A face is not safe for
// concurrent use, so each picture has its own.
type faces struct {
	made map[faceKey]sized
}

// sized is a face and the height of its digits in pixels, which centring
// needs.
type sized struct {
	font.Face
	px float64
}

type faceKey struct {
	t  *typeface
	px int // size in 1/8 pixels
}

// get returns t at a size whose digits are digitPx tall.
func (f *faces) get(t *typeface, digitPx float64) sized {
	t.load()
	k := faceKey{t, int(math.Round(digitPx / t.cap * 8))}
	if face, ok := f.made[k]; ok {
		return face
	}
	face, err := opentype.NewFace(t.font, &opentype.FaceOptions{Size: float64(k.px) / 8, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("screenshot: " + err.Error())
	}
	if f.made == nil {
		f.made = map[faceKey]sized{}
	}
	s := sized{face, float64(k.px) / 8 * t.cap}
	f.made[k] = s
	return s
}

// text draws s with its baseline's left end at x, y.
func (c *canvas) text(s string, x, y float64, face font.Face, col color.RGBA) {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: face,
		Dot: fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}}
	d.DrawString(s)
}

// width is how far s advances.
func width(s string, face font.Face) float64 {
	return float64(font.MeasureString(face, s)) / 64
}

// centred draws s centred on cx and with the digits' height centred on cy,
// the way apps centre labels: by advance and cap height, not by each
// glyph's ink.
func (c *canvas) centred(s string, cx, cy float64, face sized, col color.RGBA) {
	c.text(s, cx-width(s, face)/2, cy+face.px/2, face, col)
}
