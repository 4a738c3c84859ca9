package picture

import (
	"bytes"
	"context"
	"errors"
	"image"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/hostile"
)

// TestRefusesHostilePictures: pictures made to cost far more to decode
// than their size says are refused from their headers, before decoding:
// a JPEG of thousands of scans that each say "nothing here", and the
// decoders' memory bombs, each past what a read may take.
func TestRefusesHostilePictures(t *testing.T) {
	for _, tt := range []struct {
		name string
		data []byte
		want string // "costly", or the most megapixels read of the kind
	}{
		{"2000 empty scans", hostile.JPEG{W: 4000, H: 4000, Components: 1, Progressive: true, Scans: 2000}.Bytes(), "costly"},
		{"65 scans", hostile.JPEG{W: 400, H: 400, Components: 3, Progressive: true, Scans: 64}.Bytes(), "costly"},
		{"60 scans of 20 megapixels", hostile.JPEG{W: 5000, H: 4000, Components: 1, Progressive: true, Scans: 59}.Bytes(), "costly"},
		{"baseline, a scan a component many times", multiScanBaseline(5000, 5000, 40), "costly"},
		{"progressive 4:4:4", hostile.JPEG{W: 8660, H: 5773, Components: 3, Progressive: true, Scans: 9}.Bytes(), "up to 12"},
		{"progressive CMYK", hostile.JPEG{W: 6900, H: 4600, Components: 4, Progressive: true, Scans: 8}.Bytes(), "up to 8"},
		{"baseline CMYK", hostile.JPEG{W: 6900, H: 4600, Components: 4}.Bytes(), "up to 20"},
		{"interlaced 16-bit PNG", hostile.PNG(4000, 4000, 16, true), "up to 11"},
		{"WebP: VP8X round VP8L", hostile.WebP(7000, 7000, 7000, 7000), "up to 20"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(t.Context(), tt.data)
			var big *TooBigError
			switch {
			case tt.want == "costly" && !errors.Is(err, ErrCostly):
				t.Errorf("Read(%d bytes) = %v, want ErrCostly", len(tt.data), err)
			case tt.want != "costly" && (!errors.As(err, &big) || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Read(%d bytes) = %v, want refused %s megapixels", len(tt.data), err, tt.want)
			}
		})
	}
}

// multiScanBaseline is a baseline grey JPEG coded again and again, scans
// times: each scan makes the decoder pass over every block once more.
func multiScanBaseline(w, h, scans int) []byte {
	one := hostile.JPEG{W: w, H: h, Components: 1}.Bytes()
	sos := bytes.Index(one, []byte{0xff, 0xda})
	scan := one[sos : len(one)-2]
	out := append([]byte{}, one[:sos]...)
	for range scans {
		out = append(out, scan...)
	}
	return append(out, 0xff, 0xd9)
}

// TestMemoryEstimates: what the header says a picture's decoding takes is
// no less than what Go's decoder allocates for it, path by path, and not
// much more (so that the limits refuse no picture they need not).
func TestMemoryEstimates(t *testing.T) {
	const w, h = 1000, 800
	for _, tt := range []struct {
		name string
		data []byte
	}{
		{"grey JPEG", hostile.JPEG{W: w, H: h, Components: 1}.Bytes()},
		{"4:2:0 JPEG", hostile.JPEG{W: w, H: h, Components: 3, Sampling: [4]byte{0x22, 0x11, 0x11}}.Bytes()},
		{"4:4:4 JPEG", hostile.JPEG{W: w, H: h, Components: 3}.Bytes()},
		{"CMYK JPEG", hostile.JPEG{W: w, H: h, Components: 4}.Bytes()},
		{"progressive grey JPEG", hostile.JPEG{W: w, H: h, Components: 1, Progressive: true, Scans: 5}.Bytes()},
		{"progressive 4:2:0 JPEG", hostile.JPEG{W: w, H: h, Components: 3, Sampling: [4]byte{0x22, 0x11, 0x11},
			Progressive: true, Scans: 9}.Bytes()},
		{"progressive 4:4:4 JPEG", hostile.JPEG{W: w, H: h, Components: 3, Progressive: true, Scans: 9}.Bytes()},
		{"progressive CMYK JPEG", hostile.JPEG{W: w, H: h, Components: 4, Progressive: true, Scans: 8}.Bytes()},
		{"RGBA PNG", hostile.PNG(w, h, 8, false)},
		{"16-bit PNG", hostile.PNG(w, h, 16, false)},
		{"interlaced 16-bit PNG", hostile.PNG(w, h, 16, true)},
		{"lossless WebP", hostile.WebP(w, h, w, h)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hd, ok := inspect(tt.data)
			if !ok {
				t.Fatal("inspect: not a picture")
			}
			used := allocated(t, tt.data)
			if hd.memory < used || hd.memory > 2.1*used {
				t.Errorf("estimated %.1f MB, the decoder allocated %.1f MB", hd.memory/1e6, used/1e6)
			}
		})
	}
}

// allocated returns how many bytes decoding data allocates.
func allocated(t *testing.T, data []byte) float64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, _, err := image.Decode(bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc - before.TotalAlloc)
}

// TestReaderBoundsReadsAtOnce: reads that together would take more than
// the Reader's bound wait for each other, first come first served, and one
// that cannot start before its context is done is told the reader is busy.
func TestReaderBoundsReadsAtOnce(t *testing.T) {
	data := hostile.JPEG{W: 2500, H: 2500, Components: 3, Progressive: true, Scans: 9}.Bytes() // over half the bound
	hd, _ := inspect(data)
	rd := NewReader(MaxMemory)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for k := range errs {
		wg.Go(func() { _, errs[k] = rd.Read(t.Context(), data) })
	}
	wg.Wait()
	for k, err := range errs {
		if !errors.Is(err, ErrNoGrid) {
			t.Errorf("read %d: %v, want ErrNoGrid (a flat grey picture, read)", k, err)
		}
	}
	if rd.held > MaxMemory || rd.held < hd.needs() {
		t.Errorf("the reads held %.0f MB at once, want %.0f (one at a time)", rd.held/1e6, hd.needs()/1e6)
	}
	if err := rd.take(t.Context(), MaxMemory); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	if _, err := rd.Read(ctx, data); !errors.Is(err, ErrBusy) {
		t.Errorf("Read while the memory is taken = %v, want ErrBusy", err)
	}
	rd.give(MaxMemory)
	if rd.taken != 0 || len(rd.waiting) != 0 {
		t.Errorf("after the reads: %.0f bytes taken, %d waiting", rd.taken, len(rd.waiting))
	}
}

// TestReadHonoursItsDeadline: a read whose context is done stops, in
// decoding or after, and says so.
func TestReadHonoursItsDeadline(t *testing.T) {
	data := hostile.JPEG{W: 3000, H: 3000, Components: 3, Sampling: [4]byte{0x22, 0x11, 0x11}}.Bytes()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := Read(ctx, data); !errors.Is(err, context.Canceled) {
		t.Errorf("Read(cancelled) = %v, want context.Canceled", err)
	}
	hd, err := check(data)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := decode(ctx, data, hd); !errors.Is(err, context.Canceled) {
		t.Errorf("decode(cancelled) = %v, want context.Canceled", err)
	}
	var r ctxReader = ctxReader{ctx, bytes.NewReader(data)}
	if n, err := r.Read(make([]byte, 10)); n != 0 || !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled decoder's read = %d, %v; want 0, context.Canceled", n, err)
	}
}

// FuzzInspect: any bytes give a header or none, never a panic; a header
// has a size, an orientation of 1 to 8, and costs that are not negative.
// Seeds: the hostile pictures, small, and a turned WebP.
func FuzzInspect(f *testing.F) {
	for _, data := range [][]byte{
		hostile.JPEG{W: 40, H: 30, Components: 3, Progressive: true, Scans: 9}.Bytes(),
		hostile.JPEG{W: 40, H: 30, Components: 4}.Bytes(),
		hostile.PNG(40, 30, 16, true),
		hostile.WebP(40, 30, 40, 30),
		append(append([]byte{0xff, 0xd8}, exifSegment(6, "MM")...), 0xff, 0xd9),
	} {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		hd, ok := inspect(data)
		if !ok {
			return
		}
		if hd.w <= 0 || hd.h <= 0 || hd.orientation < 1 || hd.orientation > 8 || hd.memory < 0 || hd.work < 0 {
			t.Errorf("inspect = %+v", hd)
		}
	})
}
