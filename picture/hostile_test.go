package picture

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/sudokubot/sudokubot/internal/hostile"
)

// TestRefusesHostilePictures: pictures made to cost far more to decode
// than their size says are refused from their headers, before decoding:
// a JPEG of thousands of scans that each say "nothing here", one of more
// scans than any camera writes, one coded again and again.
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
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(t.Context(), tt.data)
			var big *TooBigError
			switch {
			case tt.want == "costly" && !errors.Is(err, ErrCostly):
				t.Errorf("Read(%d bytes) = %v, want ErrCostly", len(tt.data), err)
			case tt.want != "costly" && (!errors.As(err, &big) || !bytesContain(err.Error(), tt.want)):
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

func bytesContain(s, sub string) bool { return bytes.Contains([]byte(s), []byte(sub)) }

// TestReadHonoursItsDeadline: a read whose context is done stops, in
// decoding or after, and says so.
func TestReadHonoursItsDeadline(t *testing.T) {
	data := hostile.JPEG{W: 3000, H: 3000, Components: 3, Sampling: [4]byte{0x22, 0x11, 0x11}}.Bytes()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := Read(ctx, data); !errors.Is(err, context.Canceled) {
		t.Errorf("Read(cancelled) = %v, want context.Canceled", err)
	}
	if _, _, err := decode(ctx, data); !errors.Is(err, context.Canceled) {
		t.Errorf("decode(cancelled) = %v, want context.Canceled", err)
	}
	var r ctxReader = ctxReader{ctx, bytes.NewReader(data)}
	if n, err := r.Read(make([]byte, 10)); n != 0 || !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled decoder's read = %d, %v; want 0, context.Canceled", n, err)
	}
}
