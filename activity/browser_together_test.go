package activity

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

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
	names := []string{"ada", "bob", "cy", "di", "ed"}[:n]
	tabs, db, instance := openTabs(t, names)
	for k := range names {
		waitFor(t, tabs[k], `!d.getElementById("together").hidden`, "the menu's Play together")
		eval(t, tabs[k], `d.querySelector('#together button').click()`)
		waitFor(t, tabs[k], fmt.Sprintf(`d.getElementById("title").textContent === "Together · %d playing"`, k+1), "the shared board")
	}
	r := storedRoom(t, db, instance)
	eval(t, tabs[1], `d.querySelector('[data-cell="40"]').click()`)
	waitFor(t, tabs[0], `d.querySelector('[data-cell="40"]').classList.contains("other") && d.querySelector('[data-cell="40"] .badge').dataset.initial === "B"`,
		"bob's selection, with his badge, on ada's board")
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
		if k == 0 {
			t.Logf("the finish: %s", line)
		}
		if !strings.Contains(line, "placed most") {
			t.Errorf("%s's page ends on %q", names[k], line)
		}
		label, _ := chromedp.Run(tab, chromedp.Evaluate[string](doc+`.querySelector('.cell:not(.given)').getAttribute("aria-label")`))
		if !strings.Contains(label, "placed by ") {
			t.Errorf("%s's page labels a placed cell %q", names[k], label)
		}
	}
}

// TestRaceInABrowser: three pages of one instance race: they join from
// the menu, one starts the countdown, and nobody can place a digit until
// it ends; each fills their own board (the others' boards never show
// their digits nor where they are, only their bars: ada's board shows
// nothing in its empty cells while cy and bob race), and every page shows
// the finish order.
func TestRaceInABrowser(t *testing.T) {
	names := []string{"ada", "bob", "cy"}
	tabs, db, instance := openTabs(t, names)
	for k := range names {
		waitFor(t, tabs[k], `!d.getElementById("race").hidden`, "the menu's Race")
		eval(t, tabs[k], `d.querySelector('#race button').click()`)
		waitFor(t, tabs[k], fmt.Sprintf(`d.getElementById("title").textContent === "Race · %d racing"`, k+1), "the race board")
	}
	waitFor(t, tabs[0], `d.querySelectorAll(".racer").length === 3`, "three racers on ada's page")
	eval(t, tabs[0], `d.getElementById("start").click()`)
	for k := range tabs {
		waitText(t, tabs[k], "message", "The race starts in")
		if on, _ := chromedp.Run(tabs[k], chromedp.Evaluate[bool](doc+`.querySelector('#pad button').disabled`)); !on {
			t.Errorf("%s's pad works in the countdown", names[k])
		}
	}
	r := storedRoom(t, db, instance)
	watchOwnBoard(t, tabs[0])
	for _, k := range []int{2, 1, 0} { // cy first, then bob, then ada
		if k == 0 {
			if shown := ownBoardShown(t, tabs[0]); len(shown) != 0 {
				t.Errorf("ada's board showed %d cells she did not fill while cy and bob raced: %q", len(shown), shown)
			}
		}
		waitFor(t, tabs[k], `!d.querySelector('#pad button').disabled`, names[k]+"'s pad after the countdown")
		placed := 0
		for i := range 81 {
			if k == 1 && placed == 25 {
				shoot(t, tabs[1], "race-bob.png", 400, 760, true) // bob halfway, cy finished, ada not begun
			}
			if r.Puzzle.At(i/9, i%9) == 0 {
				placed++
				digit := r.Solution.At(i/9, i%9)
				eval(t, tabs[k], fmt.Sprintf(`d.querySelector('[data-cell="%d"]').click(); d.querySelector('#pad [data-digit="%d"]').click()`, i, digit))
				waitFor(t, tabs[k], fmt.Sprintf(`d.querySelector('[data-cell="%d"]').textContent === "%d"`, i, digit), "the digit")
			}
		}
	}
	for k, want := range []string{"3rd", "2nd", "1st"} {
		waitText(t, tabs[k], "message", "You finished "+want)
		order, _ := chromedp.Run(tabs[k], chromedp.Evaluate[string](`[...`+doc+`.querySelectorAll(".racer span:first-child")].map((s) => s.textContent.split(" ")[0]).join(",")`))
		if order != "cy,bob,ada" {
			t.Errorf("%s's page orders the racers %q", names[k], order)
		}
	}
}

// watchOwnBoard notes, from now on, every cell of the page's board that
// shows anything (a digit, a mark, another player's badge) where the
// puzzle gives nothing: ownBoardShown returns them. A racer who has not
// placed a digit yet has none, at any moment, whenever the others' moves
// and their boards come.
func watchOwnBoard(t *testing.T, ctx context.Context) {
	t.Helper()
	eval(t, ctx, `const w = d.defaultView, shown = (w.shownNotOwn = []);
		const look = () => { for (const c of d.querySelectorAll(".cell:not(.given):not(:empty)")) shown.push(c.getAttribute("aria-label")); };
		look();
		w.ownBoardLook = look;
		w.ownBoard = new w.MutationObserver(look);
		w.ownBoard.observe(d.getElementById("grid"), {subtree: true, childList: true, characterData: true})`)
}

// ownBoardShown stops watchOwnBoard and returns the cells it saw shown,
// as a screen reader names them, with those shown now.
func ownBoardShown(t *testing.T, ctx context.Context) []string {
	t.Helper()
	eval(t, ctx, `const w = d.defaultView; w.ownBoard.disconnect(); w.ownBoardLook()`)
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](doc+`.defaultView.shownNotOwn`))
	if err != nil {
		t.Fatal(err)
	}
	return shown
}

// openTabs opens a tab of one browser for each player, each a page of one
// Activity instance (launched by the first, joined by the others), on a
// site with a store of rooms; it returns the tabs, the store and the
// instance.
func openTabs(t *testing.T, names []string) ([]context.Context, *store.DB, string) {
	t.Helper()
	first := browser(t)
	fake := newFake(t)
	db := roomStore(t)
	site := clientSite(t, fake, withGames(db), ada(fake))
	instance := fake.Launch("700", "800", names[0])
	tabs := make([]context.Context, len(names))
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
	return tabs, db, instance
}

// TestRaceCountdownInABrowser: a race's countdown lasts five seconds as
// the player sees it, whatever the second's fraction it was started at:
// it shows 5, 4, 3, 2, 1, and the pad opens five seconds after Start was
// pressed, when the server takes moves.
func TestRaceCountdownInABrowser(t *testing.T) {
	tabs, _, _ := openTabs(t, []string{"ada"})
	ctx := tabs[0]
	waitFor(t, ctx, `!d.getElementById("race").hidden`, "the menu's Race")
	eval(t, ctx, `d.querySelector('#race button').click()`)
	waitFor(t, ctx, `d.getElementById("title").textContent === "Race · 1 racing" && !d.getElementById("start").hidden`, "the race board")
	for ns := time.Now().Nanosecond(); ns < 900e6 || ns > 950e6; ns = time.Now().Nanosecond() { // late in a second, where a whole-second start cut the countdown short
		time.Sleep(2 * time.Millisecond)
	}
	eval(t, ctx, `const w = d.defaultView, seen = []; w.countdownSeen = seen; const t0 = w.performance.now();
		const look = w.setInterval(() => {
			const said = d.getElementById("message").textContent, at = Math.round(w.performance.now() - t0);
			if (!seen.length || seen[seen.length - 1][0] !== said) seen.push([said, at]);
			if (!d.querySelector('#pad button').disabled) { seen.push(["open", at]); w.clearInterval(look); }
		}, 5);
		d.getElementById("start").click()`)
	waitFor(t, ctx, `d.defaultView.countdownSeen.some((s) => s[0] === "open")`, "the pad to open")
	seen, err := chromedp.Run(ctx, chromedp.Evaluate[[][]any](doc+`.defaultView.countdownSeen`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("seen: %v", seen)
	var numbers []string
	for _, s := range seen {
		said, _ := s[0].(string)
		at, _ := s[1].(float64)
		if n, ok := strings.CutPrefix(said, "The race starts in "); ok {
			numbers = append(numbers, strings.TrimSuffix(n, "…"))
			if want := float64(len(numbers)-1) * 1000; at < want-150 || at > want+150 { // each number for a second
				t.Errorf("%q showed %.0f ms after Start was pressed, want %.0f", said, at, want)
			}
		}
		if said == "open" && (at < 4900 || at > 5300) {
			t.Errorf("the pad opened %.0f ms after Start was pressed, want 5000", at)
		}
	}
	if got := strings.Join(numbers, " "); got != "5 4 3 2 1" {
		t.Errorf("the countdown showed %q, want 5 4 3 2 1", got)
	}
}
