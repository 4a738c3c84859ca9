package picture

import (
	"bytes"
	"context"
	"image"
	"image/color"
	_ "image/jpeg" // the formats Find reads
	_ "image/png"
	"io"

	_ "golang.org/x/image/webp"
)

// Gray is a grey picture, one byte a pixel, 0 black.
type Gray struct {
	W, H int
	Pix  []uint8
	// decoded is how many of its picture's pixels one of a decoded
	// picture's spans across (photoScale); 0 or 1 for all else.
	decoded int
}

func (g *Gray) at(x, y int) uint8 { return g.Pix[y*g.W+x] }

// decode decodes a picture's bytes, whose header check passed as hd, and
// returns it with its grey copy, both turned as hd.orientation says, and
// how many of the picture's pixels each of theirs spans across (a photo's
// JPEG is decoded smaller: photoScale). The decoding stops when ctx is
// done, at the decoder's next read.
func decode(ctx context.Context, data []byte, hd header) (image.Image, *Gray, int, error) {
	img, scale := image.Image(nil), photoScale(hd)
	if scale > 1 {
		img, _ = decodeScaled(ctx, data, scale)
	}
	var err error
	if img == nil {
		scale = 1
		img, _, err = image.Decode(ctxReader{ctx, bytes.NewReader(data)})
	}
	if ctx.Err() != nil {
		return nil, nil, 0, ctx.Err()
	}
	if err != nil {
		return nil, nil, 0, ErrFormat
	}
	g := grayOf(img).oriented(hd.orientation)
	g.darkInk(64) // light ink on a dark page (an app's dark theme)
	g.decoded = scale
	return turned(img, hd.orientation), g, scale, nil
}

// photoScale is how much smaller a picture is decoded: a JPEG bigger than
// any screen (screenSide) is a camera's photo, read at a half, a quarter
// or an eighth of its size across, whichever leaves its longest side
// photoSide or more; 1 for anything else.
func photoScale(hd header) int {
	side := max(hd.w, hd.h)
	if !hd.jpeg || side <= screenSide {
		return 1
	}
	scale := 1
	for scale < 8 && side/(2*scale) >= photoSide {
		scale *= 2
	}
	return scale
}

// photoSide is the least a photo's longest side is decoded to: its grid,
// at least two fifths of the photo across, keeps cells 90 pixels or more,
// nearly three times the side a cell is cut to (cellSize).
const photoSide = 2000

// paperLight turns g's greys over when its typical grey (its paper) lies
// at its dark end, within a fifth of its range of greys: light ink on dark
// paper. A dim photo's paper is dark but far above its ink, and a glare on
// a page is no ink. The ink must lie further above the paper than
// anything lies below it, at its lightest and darkest hundredths: an app's
// dark tiles with lighter gaps between them, turned over with their page,
// are dark ink on pale tiles whose gaps are darker still, and the light
// end of their greys is the gaps, not ink.
func (g *Gray) paperLight() {
	p := percentiles(g.Pix, 1, 5, 50, 95, 99)
	darkest, dark, paper, light, lightest := int(p[0]), int(p[1]), int(p[2]), int(p[3]), int(p[4])
	if 5*(paper-dark) < light-dark && lightest-paper > paper-darkest {
		g.invert()
	}
}

// darkInk turns g's greys over when its median grey is under paper, so
// that its ink is darker than its paper, as the rest of the reader wants.
func (g *Gray) darkInk(paper uint8) {
	if g.median() < paper {
		g.invert()
	}
}

// invert turns g's greys over: black for white.
func (g *Gray) invert() {
	for i, v := range g.Pix {
		g.Pix[i] = 255 - v
	}
}

// check refuses a picture before it is decoded: too many bytes, too many
// pixels, too much memory to decode and read (each decoder's own needs,
// counted from the header), or too much work for its size.
func check(data []byte) (header, error) {
	if len(data) > MaxBytes {
		return header{}, &TooBigError{Bytes: len(data)}
	}
	if _, _, err := image.DecodeConfig(bytes.NewReader(data)); err != nil {
		return header{}, ErrFormat
	}
	hd, ok := inspect(data)
	if !ok {
		return header{}, ErrFormat
	}
	pixels := float64(hd.w) * float64(hd.h)
	need := hd.needs()
	if pixels > MaxPixels || need > MaxMemory {
		limit := min(MaxPixels, MaxMemory/(need/pixels))
		return header{}, &TooBigError{Width: hd.w, Height: hd.h, Limit: limit}
	}
	if hd.costly || hd.work > maxWork {
		return header{}, ErrCostly
	}
	return hd, nil
}

// needs is the memory reading a picture takes at most, in bytes: its
// decoding, then the grey copy and the working pictures the grid is
// looked for in (pipeline bytes a pixel).
func (hd header) needs() float64 {
	return hd.memory + pipeline*float64(hd.w)*float64(hd.h)
}

// pipeline is what reading takes beside the decoded picture, in bytes a
// pixel: the grey copy and its turned copy (measured: 1.2–1.3 bytes a
// pixel unturned, `sudokubot read` on 7 and 27 megapixels with GOGC=5).
const pipeline = 2

// maxWork bounds a JPEG's decoding: the 8×8 blocks its scans pass over,
// together. A 50-megapixel photo's one scan passes over 1.2 million; a
// 12-megapixel progressive one's ten about 1.6 million, the largest
// progressive one read (21 megapixels) about 3 million. An empty pass
// costs the decoder some 15 ns, one with coefficients to decode a few
// times that.
const maxWork = 8e6

// ctxReader is a reader that stops when its context is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// median returns the middle grey level of g's pixels.
// (Four histograms filled by turns, summed at the end: one alone makes
// each count wait for the last, and this is most of a screenshot's grey
// conversion.)
func (g *Gray) median() uint8 {
	var hist [4][256]int
	pix := g.Pix
	for len(pix) >= 4 {
		hist[0][pix[0]]++
		hist[1][pix[1]]++
		hist[2][pix[2]]++
		hist[3][pix[3]]++
		pix = pix[4:]
	}
	for _, v := range pix {
		hist[0][v]++
	}
	seen := 0
	for v := range hist[0] {
		if seen += hist[0][v] + hist[1][v] + hist[2][v] + hist[3][v]; 2*seen >= len(g.Pix) {
			return uint8(v)
		}
	}
	return 255
}

// grayOf converts a picture to grey: a JPEG's Y plane as it is, else the
// luma of each pixel, as color.GrayModel makes it (read directly from the
// common kinds of picture, which is many times quicker than through At).
func grayOf(img image.Image) *Gray {
	r := img.Bounds()
	g := &Gray{W: r.Dx(), H: r.Dy(), Pix: make([]uint8, r.Dx()*r.Dy())}
	switch m := img.(type) {
	case *image.YCbCr:
		for y := 0; y < g.H; y++ {
			copy(g.Pix[y*g.W:(y+1)*g.W], m.Y[m.YOffset(r.Min.X, r.Min.Y+y):])
		}
	case *image.Gray:
		for y := 0; y < g.H; y++ {
			copy(g.Pix[y*g.W:(y+1)*g.W], m.Pix[m.PixOffset(r.Min.X, r.Min.Y+y):])
		}
	case *image.RGBA:
		rowsOf(g, m.Pix, m.Stride, m.PixOffset(r.Min.X, r.Min.Y), false)
	case *image.NRGBA:
		rowsOf(g, m.Pix, m.Stride, m.PixOffset(r.Min.X, r.Min.Y), true)
	case image.RGBA64Image: // CMYK, 16-bit, paletted: read without a colour.Color a pixel
		for y := range g.H {
			row := g.Pix[y*g.W:][:g.W]
			for x := range row {
				c := m.RGBA64At(r.Min.X+x, r.Min.Y+y)
				row[x] = uint8((19595*uint32(c.R) + 38470*uint32(c.G) + 7471*uint32(c.B) + 1<<15) >> 24)
			}
		}
	default:
		for y := 0; y < g.H; y++ {
			for x := 0; x < g.W; x++ {
				g.Pix[y*g.W+x] = color.GrayModel.Convert(img.At(r.Min.X+x, r.Min.Y+y)).(color.Gray).Y
			}
		}
	}
	return g
}

// rowsOf fills g with the luma of 8-bit RGBA pixels pix (stride bytes a
// row, the first at off), with alpha not yet multiplied in when
// straight: color.GrayModel's arithmetic, pixel for pixel.
func rowsOf(g *Gray, pix []uint8, stride, off int, straight bool) {
	for y := range g.H {
		row := pix[off+y*stride:][:4*g.W]
		out := g.Pix[y*g.W:][:g.W]
		if !straight {
			for x := range out {
				p := row[4*x:][:4]
				out[x] = uint8((lumaR[p[0]] + lumaG[p[1]] + lumaB[p[2]] + 1<<15) >> 24)
			}
			continue
		}
		for x := range out {
			p := row[4*x:][:4]
			a := uint32(p[3]) * 0x101
			r, gr, b := uint32(p[0])*0x101*a/0xffff, uint32(p[1])*0x101*a/0xffff, uint32(p[2])*0x101*a/0xffff
			out[x] = uint8((19595*r + 38470*gr + 7471*b + 1<<15) >> 24)
		}
	}
}

// lumaR, lumaG and lumaB are color.GrayModel's weighted 16-bit channels
// for each 8-bit level, looked up rather than multiplied.
var lumaR, lumaG, lumaB = lumaTable(19595), lumaTable(38470), lumaTable(7471)

func lumaTable(weight uint32) *[256]uint32 {
	var t [256]uint32
	for v := range t {
		t[v] = weight * uint32(v) * 0x101
	}
	return &t
}

// workSide is the longest side of the working copy the grid is looked for
// in.
const workSide = 1000

// shrink returns g averaged down so its longest side is at most side, and
// the factor from its pixels back to g's.
func (g *Gray) shrink(side int) (*Gray, float64) {
	return g.boxShrink((max(g.W, g.H) + side - 1) / side)
}

// boxShrink returns g averaged over squares of f pixels (g itself when f
// is 1 or less), and f.
func (g *Gray) boxShrink(f int) (*Gray, float64) {
	if f <= 1 {
		return g, 1
	}
	out := &Gray{W: g.W / f, H: g.H / f}
	out.Pix = make([]uint8, out.W*out.H)
	cols := make([]int, out.W*f) // each column's sum over the f rows
	for y := range out.H {
		clear(cols)
		for dy := range f {
			for x, v := range g.Pix[(y*f+dy)*g.W:][:len(cols)] {
				cols[x] += int(v)
			}
		}
		row := out.Pix[y*out.W:][:out.W]
		for x := range row {
			s := 0
			for _, c := range cols[x*f:][:f] {
				s += c
			}
			row[x] = uint8(s / (f * f))
		}
	}
	return out, float64(f)
}

// workCopy returns g averaged down as its picture, decoded whole, would
// be by shrink(side), and the factor from its pixels back to g's: a
// photo decoded smaller (g.decoded) is averaged over the same share of
// it, so the grid is looked for in the same pixels however the picture
// was decoded (a 4032-pixel photo is shrunk by 5, its half by 2.5).
func (g *Gray) workCopy(side int) (*Gray, float64) {
	d := max(1, g.decoded)
	return g.shrinkBy((max(g.W, g.H)*d + side - 1) / side)
}

// shrinkBy returns g averaged over squares of f pixels of its picture
// decoded whole (each of g's pixels standing for g.decoded of those
// across), and the factor from the result's pixels back to g's.
func (g *Gray) shrinkBy(f int) (*Gray, float64) {
	d := max(1, g.decoded)
	if f%d == 0 {
		return g.boxShrink(f / d)
	}
	out := &Gray{W: g.W * d / f, H: g.H * d / f}
	out.Pix = make([]uint8, out.W*out.H)
	sums, row := make([]int, out.W), make([]int, out.W)
	last := -1
	for y := range out.H {
		clear(sums)
		for v := y * f; v < (y+1)*f; v++ { // rows of the picture decoded whole
			if r := v / d; r != last {
				g.rowSums(row, r, d, f)
				last = r
			}
			for x, s := range row {
				sums[x] += s
			}
		}
		for x, s := range sums {
			out.Pix[y*out.W+x] = uint8(s / (f * f))
		}
	}
	return out, float64(f) / float64(d)
}

// rowSums sums row r of g in runs of f pixels of its picture decoded
// whole, each of g's pixels standing for d of those.
func (g *Gray) rowSums(out []int, r, d, f int) {
	src := g.Pix[r*g.W : (r+1)*g.W]
	clear(out)
	x, left := 0, f // the run being summed, and how many pixels it lacks
	for _, p := range src {
		for n := d; n > 0 && x < len(out); {
			take := min(n, left)
			out[x] += take * int(p)
			n, left = n-take, left-take
			if left == 0 {
				x, left = x+1, f
			}
		}
	}
}

// threshold marks the pixels darker than their neighbourhood's mean by a
// margin: ink, whatever the light across the picture.
func (g *Gray) threshold() *mask {
	return g.thresholdBy(thresholdRadius(g), 0.88)
}

// thresholdRadius is the radius of the neighbourhood threshold compares a
// pixel of g with: a fortieth of its longest side.
func thresholdRadius(g *Gray) int { return max(4, max(g.W, g.H)/40) }

// thresholdBy marks the pixels darker than ratio times the mean of the
// square of radius r around them.
func (g *Gray) thresholdBy(r int, ratio float64) *mask {
	// The integral image wraps round at 2³², which leaves each square's
	// sum, far under it, right: half the memory of ints.
	sum := make([]uint32, (g.W+1)*(g.H+1))
	for y := range g.H {
		row := uint32(0)
		for x := range g.W {
			row += uint32(g.at(x, y))
			sum[(y+1)*(g.W+1)+x+1] = sum[y*(g.W+1)+x+1] + row
		}
	}
	pct := int(ratio*100 + 0.5)
	m := &mask{W: g.W, H: g.H, on: make([]bool, g.W*g.H)}
	for y := range g.H {
		y0, y1 := max(0, y-r), min(g.H, y+r+1)
		for x := range g.W {
			x0, x1 := max(0, x-r), min(g.W, x+r+1)
			total := int(sum[y1*(g.W+1)+x1] - sum[y0*(g.W+1)+x1] - sum[y1*(g.W+1)+x0] + sum[y0*(g.W+1)+x0])
			mean := total / ((y1 - y0) * (x1 - x0))
			m.on[y*g.W+x] = int(g.at(x, y))*100 < mean*pct
		}
	}
	return m
}

// mask is a picture's ink, one flag a pixel.
type mask struct {
	W, H int
	on   []bool
}

// valleys returns the pixels of m that lie in a valley of g's greys: in
// one of four directions (across, down and the two diagonals), the pixels
// r away on both sides are lighter by valleyRatio. A line or a stroke is a
// valley across it; the dark side of a step from light to dark (a shadow's
// edge, a page's edge on a dark table) is lighter on one side only, so it
// is left out.
func (g *Gray) valleys(m *mask, r int) *mask {
	out := &mask{W: m.W, H: m.H, on: make([]bool, len(m.on))}
	const pct = int(valleyRatio * 100)
	lighter := func(side, v uint8) bool { return int(v)*100 < int(side)*pct }
	for y := r; y < g.H-r; y++ {
		for x := r; x < g.W-r; x++ {
			i := y*g.W + x
			out.on[i] = m.on[i] && inValley(g.Pix, g.W, g.H, x, y, r, lighter)
		}
	}
	return out
}

// inValley reports whether pixel (x, y) of a w×h picture of greys pix
// lies in a valley r pixels wide: in one of four directions (across,
// down and the two diagonals) the pixels r away on both sides are inside
// the picture and lighter than it, as lighter(side, pixel) says.
func inValley(pix []uint8, w, h, x, y, r int, lighter func(side, v uint8) bool) bool {
	v := pix[y*w+x]
	for _, d := range [4][2]int{{r, 0}, {0, r}, {r, r}, {r, -r}} {
		x0, y0, x1, y1 := x-d[0], y-d[1], x+d[0], y+d[1]
		if min(x0, x1, y0, y1) >= 0 && max(x0, x1) < w && max(y0, y1) < h &&
			lighter(pix[y0*w+x0], v) && lighter(pix[y1*w+x1], v) {
			return true
		}
	}
	return false
}

// valleyRatio is how much darker than the pixels on both its sides a
// pixel of a valley is.
const valleyRatio = 0.92

// valleyRadius is how far to each side valleys looks: wider than a grid's
// heavy lines and a pen's stroke in the working copy, narrower than a
// shadow's dark band.
func valleyRadius(g *Gray) int { return max(3, max(g.W, g.H)/150) }

// doubled returns g drawn k times as large (1 or 2), each pixel a k×k
// square: g itself for k 1.
func (g *Gray) doubled(k int) *Gray {
	if k == 1 {
		return g
	}
	out := &Gray{W: g.W * k, H: g.H * k, Pix: make([]uint8, g.W*k*g.H*k)}
	for y := range out.H {
		row := g.Pix[(y/k)*g.W : (y/k+1)*g.W]
		dst := out.Pix[y*out.W : (y+1)*out.W]
		for x := range dst {
			dst[x] = row[x/k]
		}
	}
	return out
}
