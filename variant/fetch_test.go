package variant

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// fakeFetcher answers ids from a map, as SudokuPad's API would; an id it
// lacks is unknown. It counts the fetches.
type fakeFetcher struct {
	bodies map[string]string
	err    error // returned for every id when set
	calls  int
}

func (f *fakeFetcher) Fetch(_ context.Context, id string) (string, error) {
	f.calls++
	if f.err != nil {
		return "", f.err
	}
	body, ok := f.bodies[id]
	if !ok {
		return "", ErrUnknownID
	}
	return body, nil
}

// classicSolution is the one solution of testdata/sudokupad's puzzle.
const classicSolution = "927861345816345297345297168284513976153976482679428513798132654531684729462759831"

// mustFixture returns a file of testdata/sudokupad.
func mustFixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "sudokupad", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestResolve: a short id is fetched and its answer read as the long link
// it stands for, whatever its prefix, an unprefixed object as scl data;
// a link that carries its puzzle is not fetched; every failure is worded
// for the user.
func TestResolve(t *testing.T) {
	scl, fpuz := mustFixture(t, "classic.scl"), mustFixture(t, "classic.fpuzzles")
	zipped, err := Decompress(strings.TrimSpace(scl)[3:]) // the CTC JSON, zipped, as old puzzles answer
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeFetcher{bodies: map[string]string{
		"clover/classic": scl, "abc123": strings.TrimSpace(fpuz), "ctc": "ctc" + strings.TrimSpace(scl)[3:],
		"classic81": "classic" + strings.Repeat("0", 81), "json": zipped + "\n",
		"pack": "packN4Igzg", "html": "<!doctype html><p>not here</p>", "other": "abcdef", "empty": "",
		"cut": "scl", "damaged": "sclN4IgzglgXgp", "big": "scl" + strings.Repeat("A", maxBody),
	}}
	tests := []struct {
		id      string
		wantErr error
	}{
		{"clover/classic", nil}, {"abc123", nil}, {"ctc", nil}, {"classic81", nil}, {"json", nil},
		{"pack", ErrUnreadable}, {"html", ErrUnreadable}, {"other", ErrUnreadable}, {"empty", ErrUnreadable},
		{"cut", ErrUnreadable}, {"damaged", ErrUnreadable}, {"big", ErrTooLarge}, {"nobody", ErrUnknownID},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			p, err := Resolve(t.Context(), f, Link{Format: ShortID, Payload: tt.id})
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) || p != nil {
					t.Fatalf("Resolve(%s) = %v, %v, want %v", tt.id, p, err, tt.wantErr)
				}
				if _, ok := Say(solver.English, err); !ok {
					t.Errorf("Say(%v) has no words for the user", err)
				}
				return
			}
			if err != nil || p == nil {
				t.Fatalf("Resolve(%s) = %v, %v", tt.id, p, err)
			}
		})
	}
}

// TestResolveSolves: the fetched puzzle is the one the long link holds.
func TestResolveSolves(t *testing.T) {
	f := &fakeFetcher{bodies: map[string]string{"clover": mustFixture(t, "classic.scl")}}
	p, err := Resolve(t.Context(), f, Link{Format: ShortID, Payload: "clover"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Solve(t.Context(), *p, 2)
	if err != nil || res.Count != 1 || !res.Complete {
		t.Fatalf("Solve(the fetched puzzle) = %+v, %v, want one solution", res, err)
	}
	var got strings.Builder
	for _, d := range res.Solutions[0] {
		got.WriteByte(byte('0' + d))
	}
	if got.String() != classicSolution {
		t.Errorf("solution %s, want %s", got.String(), classicSolution)
	}
}

// TestResolveWithoutFetch: a link that carries its puzzle, a short id
// without a fetcher, and a bad id never reach the fetcher; a fetcher's
// own failure is ErrUnavailable and keeps its cause.
func TestResolveWithoutFetch(t *testing.T) {
	f := &fakeFetcher{err: context.DeadlineExceeded}
	l, err := ParseLink("https://sudokupad.app/" + strings.TrimSpace(mustFixture(t, "classic.scl")))
	if err != nil {
		t.Fatal(err)
	}
	if p, err := Resolve(t.Context(), f, l); err != nil || p == nil {
		t.Errorf("Resolve(a long link) = %v, %v", p, err)
	}
	if _, err := Resolve(t.Context(), nil, Link{Format: ShortID, Payload: "abc"}); !errors.Is(err, ErrNeedsFetch) {
		t.Errorf("Resolve(nil fetcher) = %v, want ErrNeedsFetch", err)
	}
	for _, id := range []string{"../etc/passwd", "a?b", "a#b", "a%2Fb", "a/b/c/d", strings.Repeat("x", 65), ""} {
		if _, err := Resolve(t.Context(), f, Link{Format: ShortID, Payload: id}); !errors.Is(err, ErrBadID) {
			t.Errorf("Resolve(id %q) = %v, want ErrBadID", id, err)
		}
	}
	if f.calls != 0 {
		t.Errorf("the fetcher was called %d times, want 0", f.calls)
	}
	_, err = Resolve(t.Context(), f, Link{Format: ShortID, Payload: "abc"})
	if !errors.Is(err, ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Resolve(a fetch that timed out) = %v, want ErrUnavailable and its cause", err)
	}
	if text, ok := Say(solver.English, err); !ok || !strings.Contains(text, "SudokuPad") {
		t.Errorf("Say(%v) = %q, %v", err, text, ok)
	}
}

// FuzzResolveBody: whatever SudokuPad answers, Resolve returns a puzzle
// or an error, never a panic.
func FuzzResolveBody(f *testing.F) {
	for _, p := range seedPayloads() {
		f.Add("scl" + p)
		f.Add("fpuzzles" + p)
	}
	for _, s := range []string{"", "{}", "{id:'x'}", "scl", "fpuz", "scf0", "classic" + strings.Repeat("1", 81),
		"pack", "<html>", "sclN4Ig%2", "ctc\n", " {cells:[[{v:1}]]} "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		ff := &fakeFetcher{bodies: map[string]string{"id": body}}
		p, err := Resolve(context.Background(), ff, Link{Format: ShortID, Payload: "id"})
		if (p == nil) == (err == nil) {
			t.Fatalf("Resolve(%q) = %v, %v: want a puzzle or an error", body, p, err)
		}
	})
}
