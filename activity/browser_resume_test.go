package activity

import (
	"fmt"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/sudokubot/sudokubot/internal/i18n"
)

// TestResumeInABrowser: a move made on the big board is there after a
// reload, and after the server restarts (its sockets closed, a new
// process on the same address) the page reconnects by itself and goes on.
func TestResumeInABrowser(t *testing.T) {
	ctx := browser(t)
	fake := newFake(t)
	db, ref := storedGame(t, "42")
	cfg := siteConfig(fake, withGames(db))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	first := New(cfg)
	server := &http.Server{Handler: siteHandler(fake, first, ada(fake))}
	go server.Serve(ln)
	client := "http://" + addr + "/test/client?instance=" + fake.Launch("700", "800", "42")
	launch(t, ctx, client, 81)
	eval(t, ctx, `d.querySelector('[data-cell="2"]').click(); d.querySelector('#pad [data-digit="4"]').click()`)
	waitCell(t, db, ref, 0, 2, 4)

	launch(t, ctx, client, 81) // a reload
	waitFor(t, ctx, `d.querySelector('[data-cell="2"]').textContent === "4"`, "the 4 after a reload")

	first.CloseSockets()
	server.Close()
	waitText(t, ctx, "status", "Reconnecting")
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if ln, err = net.Listen("tcp", addr); err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil {
		t.Fatalf("the address did not come free: %v", err)
	}
	server = &http.Server{Handler: siteHandler(fake, New(cfg), ada(fake))}
	go server.Serve(ln)
	t.Cleanup(func() { server.Close() })
	// A move made while the server is away goes once it is back.
	eval(t, ctx, `d.querySelector('[data-cell="3"]').click(); d.querySelector('#pad [data-digit="6"]').click()`)
	waitCell(t, db, ref, 0, 3, 6)
	waitFor(t, ctx, `!d.getElementById("status").textContent`, "the page to say it is back")
}

// TestKeyboardOnlyInABrowser: the board is played from the first key to
// "Correct!" with the keyboard alone: Tab reaches the grid (its focus
// visible), arrows move, digits place, N switches to corner and then
// centre pencil marks, Ctrl+Z and Ctrl+Y undo and redo, Backspace erases.
func TestKeyboardOnlyInABrowser(t *testing.T) {
	ctx := browser(t)
	fake := newFake(t)
	db, ref := storedGame(t, "42")
	site := clientSite(t, fake, withGames(db), ada(fake))
	launch(t, ctx, site+"/test/client?instance="+fake.Launch("700", "800", "42"), 81)
	key := func(k string, mods ...chromedp.Modifier) {
		t.Helper()
		opts := []chromedp.KeyOption{}
		for _, m := range mods {
			opts = append(opts, chromedp.KeyModifiers(m))
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k, opts...)); err != nil {
			t.Fatal(err)
		}
	}
	for tabs := 0; ; tabs++ {
		if tabs == 10 {
			t.Fatal("ten Tabs did not reach the grid")
		}
		key(kb.Tab)
		focused, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](doc+`.activeElement.classList.contains("cell")`))
		if focused {
			break
		}
	}
	outline, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(`+doc+`.activeElement).outlineStyle`))
	if outline == "none" || outline == "" {
		t.Errorf("the focused cell shows no outline (%q)", outline)
	}
	// r1c3 is empty: a pencil mark, undone, redone, then erased.
	key(kb.ArrowRight)
	key(kb.ArrowRight)
	key("n")
	key("5")
	waitFor(t, ctx, `d.querySelector('[data-cell="2"]').getAttribute("aria-label") === "row 1 column 3, marks 5"`, "the mark 5")
	key("z", chromedp.ModifierCtrl)
	waitFor(t, ctx, `d.querySelector('[data-cell="2"]').getAttribute("aria-label") === "row 1 column 3, empty"`, "the mark undone")
	key("y", chromedp.ModifierCtrl)
	waitFor(t, ctx, `d.querySelector('[data-cell="2"]').getAttribute("aria-label") === "row 1 column 3, marks 5"`, "the mark redone")
	key(kb.Backspace)
	waitFor(t, ctx, `d.querySelector('[data-cell="2"]').getAttribute("aria-label") === "row 1 column 3, empty"`, "the mark erased")
	key("n") // N again: centre marks
	key("7")
	waitFor(t, ctx, `d.querySelector('[data-cell="2"]').getAttribute("aria-label") === "row 1 column 3, centre 7"`, "the centre mark 7")
	key(kb.Backspace)
	key("n") // and again: digits
	waitFor(t, ctx, `d.querySelector('[data-cell="2"]').getAttribute("aria-label") === "row 1 column 3, empty"`, "the centre mark erased")
	key(kb.ArrowLeft)
	key(kb.ArrowLeft)
	for i := range 81 {
		if classic[i] == '.' {
			key(string(solution[i]))
			waitFor(t, ctx, fmt.Sprintf(`d.querySelector('[data-cell="%d"]').textContent === %q`, i, solution[i:i+1]), fmt.Sprintf("cell %d", i))
		}
		key(kb.ArrowRight)
	}
	waitText(t, ctx, "message", "Correct! Solved with 0 checks and 0 hints.")
	waitCell(t, db, ref, 8, 8, 9)
}

// TestBoardInFrenchInABrowser: a player whose Discord speaks French gets
// the board in French: its buttons and labels, the cells' names for a
// screen reader, and the server's sentences.
func TestBoardInFrenchInABrowser(t *testing.T) {
	ctx := browser(t)
	fake := newFake(t)
	db, _ := storedGame(t, "42")
	site := clientSite(t, fake, withGames(db), ada(fake))
	launch(t, ctx, site+"/test/client?user=42&locale=fr&instance="+fake.Launch("700", "800", "42"), 81)
	fr := func(english string) string {
		s, ok := i18n.Text("fr", english)
		if !ok {
			t.Fatalf("%q has no French", english)
		}
		return s
	}
	waitText(t, ctx, "undo", fr("Undo"))
	waitText(t, ctx, "pencil", fr("Pencil"))
	if label, _ := chromedp.Run(ctx, chromedp.Evaluate[string](doc+`.getElementById("grid").getAttribute("aria-label")`)); label != fr("Sudoku grid") {
		t.Errorf("the grid is labelled %q", label)
	}
	want := fmt.Sprintf(fr("row %d column %d"), 1, 3) + ", " + fr("empty")
	waitFor(t, ctx, fmt.Sprintf(`d.querySelector('[data-cell="2"]').getAttribute("aria-label") === %q`, want), "r1c3 labelled "+want)
	eval(t, ctx, `d.querySelector('[data-cell="0"]').click(); d.querySelector('#pad [data-digit="1"]').click()`) // r1c1 is a given
	waitText(t, ctx, "message", fr("That cell is a given: it cannot change."))
	shoot(t, ctx, "activity-french.png", 400, 760, false)
}
