package limit

import (
	"context"
	"testing"
	"time"
)

// TestBucketsRefillAndRefuse: a bucket gives its burst at once, refuses
// past it without taking anything, says how long to wait, refills with
// time, and is a key's own.
func TestBucketsRefillAndRefuse(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	b := NewBuckets(5, 2*time.Second, func() time.Time { return now })
	taps := 0
	for {
		if _, ok := b.Allow("u", 0.1); !ok {
			break
		}
		taps++
	}
	if taps < 49 || taps > 50 {
		t.Errorf("%d taps of 0.1 in a burst of 5", taps)
	}
	if wait, ok := b.Allow("u", 1); ok || wait < 1900*time.Millisecond || wait > 2*time.Second {
		t.Errorf("a cost of 1 on an empty bucket = %v, %v; want a wait of about 2s", wait, ok)
	}
	now = now.Add(2 * time.Second)
	if _, ok := b.Allow("u", 1); !ok {
		t.Error("a token 2 s later was refused")
	}
	if wait, ok := b.Allow("v", 5); !ok || wait != 0 {
		t.Errorf("another key's burst = %v, %v", wait, ok)
	}
	b.Give("v", 2)
	b.Give("v", 9) // never past the burst
	if _, ok := b.Allow("v", 5); !ok {
		t.Error("tokens given back were not taken again")
	}
	if _, ok := b.Allow("v", 0.5); ok {
		t.Error("more than the burst was given back")
	}
}

// TestSlotsBoundWork: n slots are taken at once and no more; a wait for
// one ends with its context; a slot given back is taken again.
func TestSlotsBoundWork(t *testing.T) {
	s := NewSlots(2)
	r1, ok1 := s.Take(context.Background())
	if s.Full() {
		t.Fatal("one slot of two taken, and the slots say they are full")
	}
	_, ok2 := s.Take(context.Background())
	if !ok1 || !ok2 || s.Size() != 2 || !s.Full() {
		t.Fatal("two slots of two were not taken, or the slots do not say they are full")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, ok := s.Take(ctx); ok {
		t.Fatal("a third slot was taken")
	}
	r1()
	if _, ok := s.Take(context.Background()); !ok {
		t.Error("a slot given back was not taken again")
	}
	if NewSlots(0).Size() != 1 {
		t.Error("no slots at all")
	}
}
