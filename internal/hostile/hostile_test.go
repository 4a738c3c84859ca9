package hostile

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"os"
	"path/filepath"
	"testing"

	_ "golang.org/x/image/webp"
)

var write = flag.String("write", "", "write the README's hostile pictures into this folder")

// TestDecoders: small versions of each picture decode, as the decoders
// read them, to what they describe: so the big ones cost what they do
// because they are valid, not because they are broken.
func TestDecoders(t *testing.T) {
	for _, tt := range []struct {
		name string
		data []byte
		w, h int
	}{
		{"baseline grey", JPEG{W: 100, H: 60, Components: 1}.Bytes(), 100, 60},
		{"baseline 4:2:0", JPEG{W: 100, H: 60, Components: 3, Sampling: [4]byte{0x22, 0x11, 0x11}}.Bytes(), 100, 60},
		{"baseline CMYK", JPEG{W: 100, H: 60, Components: 4}.Bytes(), 100, 60},
		{"progressive scans", JPEG{W: 100, H: 60, Components: 1, Progressive: true, Scans: 50}.Bytes(), 100, 60},
		{"progressive 4:4:4", JPEG{W: 100, H: 60, Components: 3, Progressive: true, Scans: 9}.Bytes(), 100, 60},
		{"progressive CMYK", JPEG{W: 100, H: 60, Components: 4, Progressive: true, Scans: 8}.Bytes(), 100, 60},
		{"interlaced PNG", PNG(100, 60, 16, true), 100, 60},
		{"PNG", PNG(100, 60, 8, false), 100, 60},
		{"WebP", WebP(100, 60, 100, 60), 100, 60},
	} {
		t.Run(tt.name, func(t *testing.T) {
			img, _, err := image.Decode(bytes.NewReader(tt.data))
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if b := img.Bounds(); b.Dx() != tt.w || b.Dy() != tt.h {
				t.Errorf("Decode = %v, want %d×%d", b, tt.w, tt.h)
			}
		})
	}
}

// TestWrite writes the hostile pictures with -write DIR, for measuring
// the built binary on them (docs/hostile.md).
func TestWrite(t *testing.T) {
	if *write == "" {
		t.Skip("no -write folder given: nothing to write")
	}
	for name, data := range Set() {
		if err := os.WriteFile(filepath.Join(*write, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("%-22s %7d bytes\n", name, len(data))
	}
}
