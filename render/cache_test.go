package render

import (
	"bytes"
	"testing"
)

func TestCacheDrawsEachPictureOnce(t *testing.T) {
	r := NewCache(2)
	a, b := solvedClassic(t)
	first, err := r.PNG(a, Options{Labels: true})
	if err != nil {
		t.Fatal(err)
	}
	again, _ := r.PNG(a, Options{Labels: true})
	if &first[0] != &again[0] {
		t.Error("the same picture was drawn twice")
	}
	dark, _ := r.PNG(a, Options{Labels: true, Theme: Dark})
	if bytes.Equal(dark, first) {
		t.Error("a different theme gave the cached picture")
	}
	fresh, _ := PNG(a, Options{Labels: true})
	if !bytes.Equal(fresh, first) {
		t.Error("the cached picture differs from a fresh drawing")
	}
	r.PNG(b, Options{}) // a third picture evicts the least recent (a, light)
	if again, _ := r.PNG(a, Options{Labels: true}); &again[0] == &first[0] {
		t.Error("the cache kept more pictures than its size")
	}
	var none *Cache
	if p, err := none.PNG(a, Options{}); err != nil || len(p) == 0 {
		t.Errorf("a nil cache should draw: %v", err)
	}
}
