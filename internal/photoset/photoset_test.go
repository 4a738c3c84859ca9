package photoset

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestReadTags(t *testing.T) {
	dir := t.TempDir()
	blank := "................................................................................."
	manifest := "file\tkind\tgivens\tentries\tmarks\tsource\ttags\n" +
		"a.webp\tscreenshot\t" + blank + "\t" + blank + "\tyes\tmade here\tpuzzle=p1 marks-at=r1c1,r9c9,r0c3,x\n" +
		"b.jpg\tphoto\t" + blank + "\t" + blank + "\tno\tmade here\tpuzzle=p2 corners(tl,tr,br,bl)=1,2,3,4,5,6,7,8\n"
	if err := os.WriteFile(filepath.Join(dir, "manifest.tsv"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Photo{
		{File: "a.webp", Kind: "screenshot", Givens: blank, Entries: blank, Puzzle: "p1", Marks: true, MarkCells: []int{0, 80}},
		{File: "b.jpg", Kind: "photo", Givens: blank, Entries: blank, Puzzle: "p2",
			Corners: [4][2]float64{{1, 2}, {3, 4}, {5, 6}, {7, 8}}, HasCorners: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Read = %+v, want %+v", got, want)
	}
}

// TestCheckHalf: the recipe check's half is kubiesa/train's alone, whole
// puzzles, about half of its photos.
func TestCheckHalf(t *testing.T) {
	var photos []Photo
	for k := range 40 {
		for _, src := range []string{"kubiesa/train", "kubiesa/val", "wichtounet/images"} {
			id := fmt.Sprintf("%s-%d", src, k)
			for n := range 4 {
				photos = append(photos, Photo{File: fmt.Sprintf("%s/%d_%d.jpg", src, k, n), Puzzle: id})
			}
		}
	}
	held := CheckHalf(photos)
	taken := 0
	for _, p := range photos {
		if held[p.Puzzle] {
			if p.Source() != "kubiesa/train" {
				t.Fatalf("%s is in the check half", p.File)
			}
			taken++
		}
	}
	if taken < 70 || taken > 90 {
		t.Errorf("the check half holds %d of kubiesa/train's 160 photos, want about half", taken)
	}
}
