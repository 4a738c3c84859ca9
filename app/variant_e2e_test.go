package app

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/variant/varianttest"
)

// linkPuzzle is the f-puzzles link of a 4×4 killer with one solution,
// 1234 3412 2143 4321: a cage of 3 on r1c1-r1c2, four cells to find.
var linkPuzzle = varianttest.FPuzzlesLink(`{"size":4,"title":"Four","author":"ada","grid":[` +
	`[{"value":1,"given":true},{},{"value":3,"given":true},{"value":4,"given":true}],` +
	`[{"value":3,"given":true},{"value":4,"given":true},{},{"value":2,"given":true}],` +
	`[{"value":2,"given":true},{"value":1,"given":true},{"value":4,"given":true},{}],` +
	`[{},{"value":3,"given":true},{"value":2,"given":true},{"value":1,"given":true}]],` +
	`"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}`)

// TestSolveALinkEndToEnd: /solve on a pasted link, over both transports,
// answers with the verdict and the puzzle drawn, publicly, with buttons
// Discord takes; Show solution answers the presser privately, and so do
// True candidates; /check judges an answer to the link.
func TestSolveALinkEndToEnd(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "links.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		h := startWith(t, st, over)
		r := h.ask(ada, "solve", map[string]any{"puzzle": "is this unique? <" + linkPuzzle + ">"})
		checkMessage(t, r.Final, []string{"**Four** by ada", "**Unique.**"}, "puzzle.png", false)
		if strings.Contains(r.Final.Content, "1234341221434321") || len(r.Final.Buttons) != 2 {
			t.Fatalf("reply %q with buttons %v: want the solution hidden behind two buttons", r.Final.Content, r.Final.Buttons)
		}
		sol := h.fake.Send(discordtest.Button(guild, ada, r.Final.Buttons[0]))
		shown, ok := h.fake.Reply(sol, wait)
		if !ok {
			t.Fatal("no answer to Show solution")
		}
		checkMessage(t, shown.Final, []string{"The solution:", "1234341221434321"}, "solution.png", true)
		cands := h.fake.Send(discordtest.Button(guild, ada, r.Final.Buttons[1]))
		if shown, ok := h.fake.Reply(cands, wait); !ok {
			t.Fatal("no answer to True candidates")
		} else {
			checkMessage(t, shown.Final, []string{"True candidates"}, "candidates.png", true)
		}
		c := h.ask(ada, "check", map[string]any{"puzzle": linkPuzzle, "answer": "1434343221434321"})
		checkMessage(t, c.Final, []string{"**Not quite:** 2 cells are wrong: ||r1c2, r2c3||"}, "SPOILER_check.png", false)
		bad := h.ask(ada, "solve", map[string]any{"puzzle": linkPuzzle[:len(linkPuzzle)-40]})
		checkMessage(t, bad.Final, []string{"This link is cut short"}, "", true)
	})
}

// TestSolveAShortIDEndToEnd: a SudokuPad short id is asked of SudokuPad
// (a fake, at SUDOKUPAD_URL) once, and answered as its long link would
// be, with a link button back to the short address; an id SudokuPad does
// not know is said so, privately.
func TestSolveAShortIDEndToEnd(t *testing.T) {
	var asked atomic.Int32
	pad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		if r.URL.Path != "/api/puzzle/ada-four" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte("fpuzzles" + strings.TrimPrefix(linkPuzzle, "https://www.f-puzzles.com/?load=")))
	}))
	defer pad.Close()
	fake := discordtest.New(testToken)
	t.Cleanup(fake.Close)
	h := startOn(t, fake, nil, nil, "SUDOKUPAD_URL", pad.URL)
	for range 2 {
		r := h.ask(ada, "solve", map[string]any{"puzzle": "https://sudokupad.app/ada-four"})
		checkMessage(t, r.Final, []string{"**Four** by ada", "**Unique.**"}, "puzzle.png", false)
		if len(r.Final.Links) != 1 || r.Final.Links[0] != "https://sudokupad.app/ada-four" {
			t.Errorf("link buttons %v, want the one back to SudokuPad", r.Final.Links)
		}
	}
	if n := asked.Load(); n != 1 {
		t.Errorf("SudokuPad was asked %d times for one puzzle, want once (the answer is kept)", n)
	}
	r := h.ask(ada, "solve", map[string]any{"puzzle": "https://sudokupad.app/nobody-knows"})
	checkMessage(t, r.Final, []string{"SudokuPad has no puzzle by that id"}, "", true)
}
