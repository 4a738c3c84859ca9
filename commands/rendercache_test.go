package commands

import (
	"bytes"
	"testing"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

func TestRendersDrawEachPictureOnce(t *testing.T) {
	r := NewRenders(2)
	a, _ := solver.Parse(classic)
	b, _ := solver.Parse(solution)
	first, err := r.PNG(a, render.Options{Labels: true})
	if err != nil {
		t.Fatal(err)
	}
	again, _ := r.PNG(a, render.Options{Labels: true})
	if &first[0] != &again[0] {
		t.Error("the same picture was drawn twice")
	}
	dark, _ := r.PNG(a, render.Options{Labels: true, Theme: render.Dark})
	if bytes.Equal(dark, first) {
		t.Error("a different theme gave the cached picture")
	}
	fresh, _ := render.PNG(a, render.Options{Labels: true})
	if !bytes.Equal(fresh, first) {
		t.Error("the cached picture differs from a fresh drawing")
	}
	r.PNG(b, render.Options{}) // a third picture evicts the least recent (a, light)
	if again, _ := r.PNG(a, render.Options{Labels: true}); &again[0] == &first[0] {
		t.Error("the cache kept more pictures than its size")
	}
	var none *Renders
	if p, err := none.PNG(a, render.Options{}); err != nil || len(p) == 0 {
		t.Errorf("a nil cache should draw: %v", err)
	}
}
