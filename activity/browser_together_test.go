package activity

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sudokubot/sudokubot/room"
	"github.com/sudokubot/sudokubot/store"
)

// TestPlayTogetherInABrowser: two, then five pages of one Activity
// instance, each a player in its own tab, play one board to the finish:
// each joins from the menu, takes turns placing digits by clicks, and
// every move reaches the next player's page; a selection shows on the
// others' boards, each digit is marked with who placed it, and all pages
// end on the finish line.
func TestPlayTogetherInABrowser(t *testing.T) {
	for _, n := range []int{2, 5} {
		t.Run(fmt.Sprint(n, " players"), func(t *testing.T) { playTogetherInBrowsers(t, n) })
	}
}

func playTogetherInBrowsers(t *testing.T, n int) {
	first := browser(t)
	fake := newFake(t)
	db, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "rooms.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	site := clientSite(t, fake, withGames(db), ada(fake))
	names := []string{"ada", "bob", "cy", "di", "ed"}[:n]
	instance := fake.Launch("700", "800", names[0])
	tabs := make([]context.Context, n)
	for k, name := range names {
		fake.Join(instance, name)
		tabs[k] = first
		if k > 0 {
			ctx, cancel := chromedp.NewContext(first) // another tab of the same browser
			t.Cleanup(cancel)
			tabs[k] = ctx
		}
		if err := chromedp.Do(tabs[k], chromedp.Navigate(site+"/test/client?user="+name+"&instance="+instance)); err != nil {
			t.Fatal(err)
		}
	}
	for k := range names {
		waitFor(t, tabs[k], `!d.getElementById("together").hidden`, "the menu's Play together")
		eval(t, tabs[k], `d.querySelector('#together button').click()`)
		waitFor(t, tabs[k], fmt.Sprintf(`d.getElementById("title").textContent === "Together · %d playing"`, k+1), "the shared board")
	}
	data, _, _, err := db.Game(context.Background(), roomKey(instance))
	if err != nil {
		t.Fatal(err)
	}
	r, err := room.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	eval(t, tabs[1], `d.querySelector('[data-cell="40"]').click()`)
	waitFor(t, tabs[0], `d.querySelector('[data-cell="40"]').classList.contains("other")`, "bob's selection on ada's board")
	turn := 0
	for i := range 81 {
		if r.Puzzle.At(i/9, i%9) != 0 {
			continue
		}
		digit := r.Solution.At(i/9, i%9)
		who := tabs[turn%n]
		eval(t, who, fmt.Sprintf(`d.querySelector('[data-cell="%d"]').click(); d.querySelector('#pad [data-digit="%d"]').click()`, i, digit))
		turn++
		waitFor(t, tabs[turn%n], fmt.Sprintf(`d.querySelector('[data-cell="%d"]').textContent === "%d"`, i, digit),
			fmt.Sprintf("%s to see %d at cell %d", names[turn%n], digit, i))
		if n == 2 && turn == 24 { // the README's pictures of two players' views, halfway
			eval(t, tabs[1], `d.querySelector('[data-cell="40"]').click()`)
			waitFor(t, tabs[0], `d.querySelector('[data-cell="40"]').classList.contains("other")`, "bob's selection")
			shoot(t, tabs[0], "together-ada.png", 400, 760, false)
			shoot(t, tabs[1], "together-bob.png", 400, 760, false)
		}
	}
	for k, tab := range tabs {
		line := waitText(t, tab, "message", "Solved together in ")
		if !strings.Contains(line, "placed most") {
			t.Errorf("%s's page ends on %q", names[k], line)
		}
		label, _ := chromedp.Run(tab, chromedp.Evaluate[string](doc+`.querySelector('.cell:not(.given)').getAttribute("aria-label")`))
		if !strings.Contains(label, "placed by ") {
			t.Errorf("%s's page labels a placed cell %q", names[k], label)
		}
	}
}
