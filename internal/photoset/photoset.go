// Package photoset reads the shared collection of Sudoku photos (its
// manifest, see ../shared/pictures/README.md) and splits it, source by
// source and by puzzle, into the part the reader is tuned and trained on
// and the part it is only measured on. The tests, the accuracy benchmark
// and the training program share it, so the split is one decision.
package photoset

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// Photo is one row of the manifest.
type Photo struct {
	File    string // path under the collection's folder
	Kind    string // "photo" (printed givens only) or "photo-filled" (with written entries)
	Givens  string // 81 characters, '.' where nothing is printed
	Entries string // 81 characters, '.' where nothing is written
	Puzzle  string // the puzzle's id: every photo of one puzzle is on one side of the split
	Marks   bool   // some cell holds pencil marks only
	// Corners are the grid's outer corners in the file's pixels (top left,
	// top right, bottom right, bottom left) when the manifest gives them.
	Corners    [4][2]float64
	HasCorners bool
	// MarkCells are the cells (0-80, row by row) that hold pencil marks
	// only, when the manifest names them (the tag marks-at=r1c3,r5c9).
	MarkCells []int
}

// Source is the folder a photo is in, under the collection: its source
// and, for sources split upstream, its half ("wichtounet/images",
// "kubiesa/val").
func (p Photo) Source() string { return path.Dir(p.File) }

// Dir returns the collection's folder: $SUDOKUBOT_PICTURES, else
// shared/pictures beside the repository, found from this source file.
func Dir() string {
	if d := os.Getenv("SUDOKUBOT_PICTURES"); d != "" {
		return d
	}
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "pictures")
}

// Read returns the photos listed in the manifest in dir.
func Read(dir string) ([]Photo, error) {
	f, err := os.Open(filepath.Join(dir, "manifest.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Photo
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 7 || cols[0] == "file" {
			continue
		}
		p := Photo{File: cols[0], Kind: cols[1], Givens: cols[2], Entries: cols[3], Marks: cols[4] == "yes"}
		for _, tag := range strings.Fields(cols[6]) {
			if id, ok := strings.CutPrefix(tag, "puzzle="); ok {
				p.Puzzle = id
			}
			if c, ok := strings.CutPrefix(tag, "corners(tl,tr,br,bl)="); ok {
				p.Corners, p.HasCorners = corners(c)
			}
			if c, ok := strings.CutPrefix(tag, "marks-at="); ok {
				p.MarkCells = cellList(c)
			}
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// corners reads eight numbers separated by commas.
func corners(list string) (c [4][2]float64, ok bool) {
	ns := strings.Split(list, ",")
	if len(ns) != 8 {
		return c, false
	}
	for k, n := range ns {
		v, err := strconv.ParseFloat(n, 64)
		if err != nil {
			return c, false
		}
		c[k/2][k%2] = v
	}
	return c, true
}

// cellList reads cell names separated by commas ("r1c3,r5c9") as cell
// numbers 0-80; names it cannot read are left out.
func cellList(list string) []int {
	var out []int
	for _, name := range strings.Split(list, ",") {
		var r, c int
		if n, err := fmt.Sscanf(name, "r%dc%d", &r, &c); err == nil && n == 2 && r >= 1 && r <= 9 && c >= 1 && c <= 9 {
			out = append(out, (r-1)*9+c-1)
		}
	}
	return out
}

// HeldOut returns the puzzles whose photos are only measured on, never
// tuned or trained on. A source split upstream by puzzle keeps upstream's
// split (kubiesa: its val/ folder is held out). The others are split
// source by source: the source's puzzles in the order of a hash of their
// ids, taken until they hold 30% of the source's photos, so adding a
// source does not move another's split.
func HeldOut(photos []Photo) map[string]bool {
	out := map[string]bool{}
	bySource := map[string][]Photo{}
	for _, p := range photos {
		src, half, _ := strings.Cut(p.Source(), "/")
		switch {
		case src == "kubiesa" && half == "val":
			out[p.Puzzle] = true
		case src != "kubiesa":
			bySource[src] = append(bySource[src], p)
		}
	}
	for _, ps := range bySource {
		for id := range heldBy(ps, 3, "sudokubot-split-1:") {
			out[id] = true
		}
	}
	return out
}

// heldBy returns the puzzles of photos in the order of a hash of their
// ids (salted), taken until they hold tenths tenths of the photos.
func heldBy(photos []Photo, tenths int, salt string) map[string]bool {
	count := map[string]int{}
	for _, p := range photos {
		count[p.Puzzle]++
	}
	ids := make([]string, 0, len(count))
	for id := range count {
		ids = append(ids, id)
	}
	key := func(id string) string {
		h := sha256.Sum256([]byte(salt + id))
		return hex.EncodeToString(h[:])
	}
	slices.SortFunc(ids, func(a, b string) int { return strings.Compare(key(a), key(b)) })
	out, taken := map[string]bool{}, 0
	for _, id := range ids {
		if 10*taken >= tenths*len(photos) {
			break
		}
		out[id], taken = true, taken+count[id]
	}
	return out
}

// CheckHalf returns the puzzles of kubiesa/train held out of a recipe
// check: to choose how to train without looking at kubiesa/val, a model is
// trained on the rest of the tuning photos and measured on these, about
// half of kubiesa/train's photos, chosen by a hash of their puzzle ids.
func CheckHalf(photos []Photo) map[string]bool {
	var train []Photo
	for _, p := range photos {
		if p.Source() == "kubiesa/train" {
			train = append(train, p)
		}
	}
	return heldBy(train, 5, "sudokubot-check-1:")
}
