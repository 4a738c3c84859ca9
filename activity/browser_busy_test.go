package activity

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/store"
)

// busyRoom is a shared board in a browser tab, ada's, with bob in the
// same instance on a socket of his own.
type busyRoom struct {
	ctx context.Context
	db  *store.DB
	bob *websocket.Conn
	ins string
	ver int // bob's latest version
}

// openBusyRoom opens ada's page on a shared board and joins bob to it.
func openBusyRoom(t *testing.T) *busyRoom {
	t.Helper()
	ctx := browser(t)
	fake := newFake(t)
	db := roomStore(t)
	site := clientSite(t, fake, withGames(db), ada(fake))
	instance := fake.Launch("700", "800", "ada")
	fake.Join(instance, "ada")
	fake.Join(instance, "bob")
	if err := chromedp.Do(ctx, chromedp.Navigate(site+"/test/client?user=ada&instance="+instance)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `!d.getElementById("together").hidden`, "the menu's Play together")
	eval(t, ctx, `d.querySelector('#together button').click()`)
	waitFor(t, ctx, `d.getElementById("title").textContent === "Together · 1 playing"`, "the shared board")
	bob := dial(t, "ws"+strings.TrimPrefix(site, "http")+"/api/play", seatIn("bob", instance))
	st, r := bob.send(clientMessage{T: "join"})
	if st == nil {
		t.Fatalf("bob's join: %+v", r)
	}
	waitFor(t, ctx, `d.getElementById("title").textContent === "Together · 2 playing"`, "bob on ada's board")
	return &busyRoom{ctx: ctx, db: db, bob: bob.conn, ins: instance, ver: st.Version}
}

// churn has bob change the digit at cell every period until stop closes;
// it returns how many changes were made, or the first error.
func (b *busyRoom) churn(cell int, period time.Duration, stop <-chan struct{}) (int, error) {
	made := 0
	for tick := time.NewTicker(period); ; {
		select {
		case <-stop:
			tick.Stop()
			return made, nil
		case <-tick.C:
		}
		m := clientMessage{T: "place", Game: "room", Version: b.ver, Row: cell / 9, Col: cell % 9, Digit: made%9 + 1}
		if err := b.bob.WriteJSON(m); err != nil {
			return made, err
		}
		for { // pushes come between answers
			var a struct {
				State
				Inner *State `json:"state"`
			}
			b.bob.SetReadDeadline(time.Now().Add(10 * time.Second))
			if err := b.bob.ReadJSON(&a); err != nil {
				return made, err
			}
			if a.T == "state" {
				b.ver = a.Version
				break
			}
			if a.Inner != nil {
				b.ver = a.Inner.Version
				break
			}
		}
		made++
	}
}

// press presses the mouse on the Activity's element sel for hold, as a
// player's finger or mouse does, at its centre.
func press(t *testing.T, ctx context.Context, sel string, hold time.Duration) {
	t.Helper()
	at, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => { const f = document.getElementById("activity").getBoundingClientRect();
		const c = `+doc+`.querySelector('`+sel+`').getBoundingClientRect();
		return [f.left + c.left + c.width / 2, f.top + c.top + c.height / 2]; })()`))
	if err != nil || len(at) != 2 {
		t.Fatalf("where %s is: %v %v", sel, at, err)
	}
	if err := chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MousePressed, at[0], at[1], chromedp.ButtonLeft, chromedp.ClickCount(1))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(hold)
	if err := chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MouseReleased, at[0], at[1], chromedp.ButtonLeft, chromedp.ClickCount(1))); err != nil {
		t.Fatal(err)
	}
}

// holds says whether cond, on the Activity's document d, comes to hold
// within wait.
func holds(ctx context.Context, cond string, wait time.Duration) bool {
	ok, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const d = `+doc+`; try { return !!(`+cond+`); } catch (e) { return false; } })()`,
		chromedp.WithPollingTimeout(wait)))
	return err == nil && ok
}

// TestPressesInABusyRoomInABrowser: while bob changes a digit ten times a
// second, each of ada's presses on a cell (the mouse down for 80 ms, as a
// finger taps) selects that cell, and the digit she types then goes into
// it, never into the cell selected before.
func TestPressesInABusyRoomInABrowser(t *testing.T) {
	b := openBusyRoom(t)
	r := storedRoom(t, b.db, b.ins)
	var empty []int
	for i := range 81 {
		if r.Puzzle.At(i/9, i%9) == 0 {
			empty = append(empty, i)
		}
	}
	bobs, presses := empty[0], empty[1:13]
	stop, made := make(chan struct{}), make(chan error, 1)
	var changes int
	go func() {
		n, err := b.churn(bobs, 100*time.Millisecond, stop)
		changes = n
		made <- err
	}()
	lost := 0
	for _, i := range presses {
		press(t, b.ctx, fmt.Sprintf(`[data-cell="%d"]`, i), 80*time.Millisecond)
		if !holds(b.ctx, fmt.Sprintf(`d.querySelector('[data-cell="%d"]').getAttribute("aria-selected") === "true"`, i), time.Second) {
			lost++
			continue
		}
		digit := r.Solution.At(i/9, i%9)
		if err := chromedp.Do(b.ctx, chromedp.KeyEvent(fmt.Sprint(digit))); err != nil {
			t.Fatal(err)
		}
		waitFor(t, b.ctx, fmt.Sprintf(`d.querySelector('[data-cell="%d"]').textContent === "%d"`, i, digit), fmt.Sprintf("%d at cell %d", digit, i))
	}
	close(stop)
	if err := <-made; err != nil {
		t.Fatalf("bob's changes: %v", err)
	}
	t.Logf("bob made %d changes while ada pressed %d cells", changes, len(presses))
	if changes < 10 {
		t.Errorf("bob made only %d changes: the board was not busy", changes)
	}
	if lost > 0 {
		t.Errorf("%d of %d presses selected nothing", lost, len(presses))
	}
	r = storedRoom(t, b.db, b.ins)
	for _, i := range presses {
		if got, want := r.Cells.At(i/9, i%9), r.Solution.At(i/9, i%9); got != want && lost == 0 {
			t.Errorf("cell %d holds %d, want ada's %d", i, got, want)
		}
	}
}

// TestRefusalStaysInABusyRoomInABrowser: a refusal ada must read (a digit
// typed on a given) stays on her page while bob's changes come in, and
// goes with her next move.
func TestRefusalStaysInABusyRoomInABrowser(t *testing.T) {
	b := openBusyRoom(t)
	r := storedRoom(t, b.db, b.ins)
	given, empty := -1, []int{}
	for i := 80; i >= 0; i-- {
		if r.Puzzle.At(i/9, i%9) != 0 {
			given = i
		} else {
			empty = append(empty, i)
		}
	}
	stop, made := make(chan struct{}), make(chan error, 1)
	go func() {
		_, err := b.churn(empty[0], 100*time.Millisecond, stop)
		made <- err
	}()
	defer func() { close(stop); <-made }()
	const refusal = "That cell is a given: it cannot change."
	eval(t, b.ctx, fmt.Sprintf(`d.querySelector('[data-cell="%d"]').click()`, given))
	if err := chromedp.Do(b.ctx, chromedp.KeyEvent("5")); err != nil {
		t.Fatal(err)
	}
	waitText(t, b.ctx, "message", refusal)
	for end := time.Now().Add(2 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		said, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](doc+`.getElementById("message").textContent`))
		if said != refusal {
			t.Fatalf("the refusal was drawn over by bob's changes: the page says %q", said)
		}
	}
	mine := empty[1] // her next move
	eval(t, b.ctx, fmt.Sprintf(`d.querySelector('[data-cell="%d"]').click(); d.querySelector('#pad [data-digit="%d"]').click()`, mine, r.Solution.At(mine/9, mine%9)))
	waitFor(t, b.ctx, fmt.Sprintf(`!d.getElementById("message").textContent.includes(%q)`, refusal), "the refusal to go with her next move")
}

// TestToldStaysInABrowser: ada finishes a shared board and tells the
// channel; "The channel has been told." stays on her page while bob's
// changes (his marks shared, then not) come in.
func TestToldStaysInABrowser(t *testing.T) {
	b := openBusyRoom(t)
	r := storedRoom(t, b.db, b.ins)
	for i := range 81 {
		if r.Puzzle.At(i/9, i%9) == 0 {
			digit := r.Solution.At(i/9, i%9)
			eval(t, b.ctx, fmt.Sprintf(`d.querySelector('[data-cell="%d"]').click(); d.querySelector('#pad [data-digit="%d"]').click()`, i, digit))
			waitFor(t, b.ctx, fmt.Sprintf(`d.querySelector('[data-cell="%d"]').textContent === "%d"`, i, digit), "the digit")
		}
	}
	waitFor(t, b.ctx, `!d.getElementById("tell").hidden`, "Tell the channel")
	eval(t, b.ctx, `d.getElementById("tell").click()`)
	const told = "The channel has been told."
	waitText(t, b.ctx, "message", told)
	for k := range 15 {
		if err := b.bob.WriteJSON(clientMessage{T: "share", Game: "room", Digit: k % 2}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
		if said, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](doc+`.getElementById("message").textContent`)); said != told {
			t.Fatalf("%q was drawn over by bob's changes: the page says %q", told, said)
		}
	}
}
