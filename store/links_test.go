package store

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestLinksKeptAndForgotten: a link saved by one handle is read by another
// until it expires; saving it again keeps it longer, never shorter; an
// expired link is deleted when another is saved; a closed database says
// so with an error.
func TestLinksKeptAndForgotten(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		a, b := open(), open()
		ctx, t0 := context.Background(), time.UnixMilli(1_800_000_000_000)
		long := "https://sudokupad.app/scl" + strings.Repeat("N4Ig", 1500)
		if err := a.SaveLink(ctx, "k1", long, t0, t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := a.SaveLink(ctx, "k1", long, t0, t0.Add(time.Minute)); err != nil { // asked again, sooner
			t.Fatal(err)
		}
		if got, ok, err := b.Link(ctx, "k1", t0); got != long || !ok || err != nil {
			t.Errorf("Link(k1) = %.40q…, %v, %v; want the link", got, ok, err)
		}
		if _, ok, err := b.Link(ctx, "k2", t0); ok || err != nil {
			t.Errorf("Link(k2) = %v, %v; want none", ok, err)
		}
		if err := b.SaveLink(ctx, "k2", "https://f-puzzles.com/?load=x", t0.Add(30*time.Minute), t0.Add(2*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := a.Link(ctx, "k1", t0.Add(59*time.Minute)); !ok {
			t.Error("k1 was deleted before its hour was up: a second save shortened it")
		}
		if _, ok, _ := a.Link(ctx, "k1", t0.Add(61*time.Minute)); ok {
			t.Error("k1 is read past its expiry")
		}
		if err := b.SaveLink(ctx, "k2", "https://f-puzzles.com/?load=x", t0.Add(61*time.Minute), t0.Add(2*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := a.Link(ctx, "k1", t0); ok {
			t.Error("k1 is kept past its expiry: not deleted when another link was saved")
		}
		a.Close()
		if _, _, err := a.Link(ctx, "k2", t0); err == nil {
			t.Error("Link on a closed database: no error")
		}
		if err := a.SaveLink(ctx, "k3", "x", t0, t0); err == nil {
			t.Error("SaveLink on a closed database: no error")
		}
	})
}
