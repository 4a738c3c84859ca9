package render

import (
	"container/list"
	"crypto/sha256"
	"fmt"
	"sync"

	"golang.org/x/sync/singleflight"

	"github.com/sudokubot/sudokubot/solver"
)

// Cache keeps recently drawn PNGs by what they show, so the same picture
// is drawn once however many people ask for it (a popular puzzle, the
// daily puzzle in every server). Safe for concurrent use; the zero value
// is not: use NewCache. A nil *Cache draws every time.
type Cache struct {
	mu    sync.Mutex
	max   int
	order *list.List // most recent first; values are *rendered
	byKey map[[32]byte]*list.Element
	// drawing lets people asking for the same new picture at once share
	// one drawing.
	drawing singleflight.Group
}

type rendered struct {
	key [32]byte
	png []byte
}

// NewCache returns a cache of up to max images.
func NewCache(max int) *Cache {
	return &Cache{max: max, order: list.New(), byKey: map[[32]byte]*list.Element{}}
}

// PNG returns g drawn with opt, from the cache when it was drawn before.
// Callers must not modify the bytes.
func (r *Cache) PNG(g solver.Grid, opt Options) ([]byte, error) {
	if r == nil {
		return PNG(g, opt)
	}
	key := renderKey(g, opt)
	if b, ok := r.get(key); ok {
		return b, nil
	}
	v, err, _ := r.drawing.Do(string(key[:]), func() (any, error) {
		b, err := PNG(g, opt)
		if err == nil {
			r.put(key, b)
		}
		return b, err
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}

func renderKey(g solver.Grid, opt Options) [32]byte {
	puzzle := ""
	if opt.Puzzle.Size() > 0 {
		puzzle = opt.Puzzle.String()
	}
	return sha256.Sum256(fmt.Appendf(nil, "%s|%s|%d|%v|%v|%v", g.String(), puzzle, opt.Theme, opt.Highlights, opt.Notes, opt.Labels))
}

func (r *Cache) get(key [32]byte) ([]byte, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	e, ok := r.byKey[key]
	if !ok {
		return nil, false
	}
	r.order.MoveToFront(e)
	return e.Value.(*rendered).png, true
}

func (r *Cache) put(key [32]byte, b []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.byKey[key]; ok {
		return // drawn twice at once; keep the first
	}
	r.byKey[key] = r.order.PushFront(&rendered{key: key, png: b})
	for r.order.Len() > r.max {
		last := r.order.Back()
		r.order.Remove(last)
		delete(r.byKey, last.Value.(*rendered).key)
	}
}
