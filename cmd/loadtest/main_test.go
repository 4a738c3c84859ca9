package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseFlags(t *testing.T) {
	c, bot, puzzles, err := parse([]string{"--rate", "50", "--steady", "2s", "--kill=false", "--bot", "/bin/sb", "--puzzles", "p.txt"}, io.Discard)
	if err != nil || c.Rate != 50 || c.Steady != 2*time.Second || c.Kill || bot != "/bin/sb" || puzzles != "p.txt" {
		t.Errorf("parse = %+v, %q, %q, %v", c, bot, puzzles, err)
	}
	if _, _, _, err := parse([]string{"extra"}, io.Discard); err == nil {
		t.Error("a stray argument was accepted")
	}
}

func TestReadPuzzlesKeepsAtMost(t *testing.T) {
	const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	path := filepath.Join(t.TempDir(), "p.txt")
	if err := os.WriteFile(path, []byte(strings.Repeat(classic+" 1.2\n", 3)), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readPuzzles(path, 2)
	if err != nil || len(got) != 2 || got[0] != strings.ReplaceAll(classic, ".", "0") && got[0] != classic {
		t.Errorf("readPuzzles = %q, %v; want the puzzle twice", got, err)
	}
	if _, err := readPuzzles(filepath.Join(t.TempDir(), "none"), 2); err == nil {
		t.Error("a missing file gave no error")
	}
}

func TestNeedsPostgres(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	var errOut strings.Builder
	if code := run([]string{"--bot", "/nonexistent"}, io.Discard, &errOut); code != 2 || !strings.Contains(errOut.String(), "DATABASE_URL") {
		t.Errorf("run without DATABASE_URL = %d, %q; want 2 and a word on DATABASE_URL", code, errOut.String())
	}
}
