package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
)

// mnistFiles are MNIST's training images and labels with the SHA-256 of
// their unpacked bytes, so a run reads exactly the data the committed
// model was trained on, whichever package brought them (see README.md).
var mnistFiles = [2]struct{ name, sum string }{
	{"train-images-idx3-ubyte", "ba891046e6505d7aadcbbe25680a0738ad16aec93bde7f9b65e87a2fc25776db"},
	{"train-labels-idx1-ubyte", "65a50cbbf4e906d70832878ad85ccda5333a97f0f4c3dd2ef09a8a9eef7101c5"},
}

// handwriting is handwritten digits 1–9 by digit, as ink masks.
type handwriting [10][]*image.Alpha

// scriptShare is the share of a player's handwritten digits drawn from
// handwriting-like fonts rather than MNIST's hands.
const scriptShare = 0.25

// with returns hw with the digits of the handwriting-like fonts added, each
// repeated so that they make share of each digit's examples.
func (hw handwriting) with(fonts []glyphs, share float64) handwriting {
	if len(fonts) == 0 {
		return hw
	}
	for d := 1; d <= 9; d++ {
		times := int(share / (1 - share) * float64(len(hw[d])) / float64(len(fonts)))
		for _, f := range fonts {
			for range times {
				hw[d] = append(hw[d], f[d])
			}
		}
	}
	return hw
}

// loadMNIST reads MNIST's training set from dir (plain or gzipped files),
// keeping the digits 1–9, cropped to their ink.
func loadMNIST(dir string) (handwriting, error) {
	var hw handwriting
	var raw [2][]byte
	for k, f := range mnistFiles {
		data, err := readMaybeGzip(filepath.Join(dir, f.name))
		if err != nil {
			return hw, fmt.Errorf("MNIST: %w (see cmd/train/README.md)", err)
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != f.sum {
			return hw, fmt.Errorf("MNIST: %s is not the expected file", f.name)
		}
		raw[k] = data
	}
	images, labels := raw[0], raw[1]
	if len(images) < 16 || len(labels) < 8 {
		return hw, errors.New("MNIST: short files")
	}
	n := int(binary.BigEndian.Uint32(images[4:]))
	for i := range n {
		d := int(labels[8+i])
		if d == 0 {
			continue
		}
		a := image.NewAlpha(image.Rect(0, 0, 28, 28))
		copy(a.Pix, images[16+i*784:16+(i+1)*784])
		if c := crop(a); c != nil {
			hw[d] = append(hw[d], c)
		}
	}
	return hw, nil
}

// readMaybeGzip reads name, or name.gz unpacked.
func readMaybeGzip(name string) ([]byte, error) {
	if data, err := os.ReadFile(name); err == nil {
		return data, nil
	}
	data, err := os.ReadFile(name + ".gz")
	if err != nil {
		return nil, err
	}
	z, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(z)
}
