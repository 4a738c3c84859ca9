package picture

import (
	"context"
	"sync"
)

// A Reader reads pictures within one bound on the memory of all the reads
// it runs at once: each read counts what it will take from the picture's
// header (as the limits do) and waits, within its context, until that
// much is free. A nil *Reader bounds each read alone.
type Reader struct {
	mu           sync.Mutex
	total, taken float64
	waiting      []*waiter // first come, first served
	held         float64   // the most ever taken at once, for tests
}

type waiter struct {
	need  float64
	ready chan struct{}
}

// NewReader returns a Reader whose reads together take at most total
// bytes (at least MaxMemory, so that any picture within the limits can be
// read).
func NewReader(total float64) *Reader {
	return &Reader{total: max(total, MaxMemory)}
}

// Read is the package's Read within the Reader's bound on memory. Its
// errors are Read's, and ErrBusy.
func (rd *Reader) Read(ctx context.Context, data []byte) (*Reading, error) {
	if rd == nil {
		return Read(ctx, data)
	}
	hd, err := check(data)
	if err != nil {
		return nil, err
	}
	need := hd.needs()
	if err := rd.take(ctx, need); err != nil {
		return nil, err
	}
	defer rd.give(need)
	return readChecked(ctx, data, hd)
}

// take waits until need bytes are free and takes them.
func (rd *Reader) take(ctx context.Context, need float64) error {
	rd.mu.Lock()
	if len(rd.waiting) == 0 && rd.taken+need <= rd.total {
		rd.takeLocked(need)
		rd.mu.Unlock()
		return nil
	}
	w := &waiter{need: need, ready: make(chan struct{})}
	rd.waiting = append(rd.waiting, w)
	rd.mu.Unlock()
	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
	}
	rd.mu.Lock()
	defer rd.mu.Unlock()
	select {
	case <-w.ready: // given just as the context ended: hand it on
		rd.taken -= need
		rd.wakeLocked()
	default:
		rd.waiting = removeWaiter(rd.waiting, w)
		rd.wakeLocked()
	}
	return ErrBusy
}

func (rd *Reader) takeLocked(need float64) {
	rd.taken += need
	rd.held = max(rd.held, rd.taken)
}

// give returns need bytes and wakes the readers waiting, in turn, that
// now fit.
func (rd *Reader) give(need float64) {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	rd.taken -= need
	rd.wakeLocked()
}

func (rd *Reader) wakeLocked() {
	for len(rd.waiting) > 0 && rd.taken+rd.waiting[0].need <= rd.total {
		w := rd.waiting[0]
		rd.waiting = rd.waiting[1:]
		rd.takeLocked(w.need)
		close(w.ready)
	}
}

func removeWaiter(ws []*waiter, w *waiter) []*waiter {
	for k, x := range ws {
		if x == w {
			return append(ws[:k], ws[k+1:]...)
		}
	}
	return ws
}
