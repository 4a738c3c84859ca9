package activity

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/solver"
)

// TestPlayTheDailyInABrowser: launched in a server's channel, the page
// opens today's daily first and it is played to "Correct!" by clicks and
// keys: hints in steps, auto-notes, undo and redo on the way; the share
// line shows, and the server's results (which its post's scoreboard
// shows) count the solve.
func TestPlayTheDailyInABrowser(t *testing.T) {
	ctx := browser(t)
	fake := newFake(t)
	db, _ := storedGame(t, "42")
	svc := daily.New(db, nil)
	site := clientSite(t, fake, func(c *Config) { c.Games, c.Daily = db, svc }, ada(fake))
	took := launch(t, ctx, site+"/test/client?instance="+fake.Launch("700", "800", "42"), 81)
	t.Logf("the board was drawn %v after the launch (sign-in included)", took.Round(time.Millisecond))
	n, _ := svc.Today(context.Background(), "700")
	pz, _ := svc.Puzzle(context.Background(), n)
	waitText(t, ctx, "title", fmt.Sprintf("Daily #%d", n))

	eval(t, ctx, `d.getElementById("autonotes").click()`)
	waitFor(t, ctx, `d.querySelectorAll(".marks").length > 20`, "auto-notes")
	eval(t, ctx, `d.getElementById("undo").click()`)
	waitFor(t, ctx, `d.querySelectorAll(".marks").length === 0`, "auto-notes undone")
	eval(t, ctx, `d.getElementById("redo").click()`)
	waitFor(t, ctx, `d.querySelectorAll(".marks").length > 20`, "auto-notes redone")
	empty := playOut(t, ctx, pz.Grid, pz.Solution, 25)
	eval(t, ctx, `d.getElementById("hint").click()`)
	waitText(t, ctx, "message", "Look at ")
	eval(t, ctx, `d.getElementById("hint").click()`)
	waitText(t, ctx, "message", "The technique: ")
	waitFor(t, ctx, `d.querySelectorAll(".cell.hinted").length >= 9`, "the hint's region lit")
	shoot(t, ctx, "activity-phone-light.png", 400, 760, false)
	shoot(t, ctx, "activity-phone-dark.png", 400, 760, true)
	shoot(t, ctx, "activity-desktop-dark.png", 1100, 720, true)
	shoot(t, ctx, "activity-desktop-light.png", 1100, 720, false)
	playOut(t, ctx, pz.Grid, pz.Solution, empty)

	done := waitText(t, ctx, "message", fmt.Sprintf("Correct! Daily #%d solved in ", n))
	_, recorded, _ := strings.Cut(strings.TrimSuffix(done, "."), " solved in ")
	waitFor(t, ctx, fmt.Sprintf(`d.getElementById("clock").textContent === %q`, recorded), "the clock to show the recorded "+recorded)
	share := waitText(t, ctx, "share", fmt.Sprintf("Daily #%d — ", n))
	shoot(t, ctx, "activity-solved.png", 400, 760, true)
	if !strings.Contains(share, "2 hints") {
		t.Errorf("the share line does not count the two hint steps:\n%s", share)
	}
	res, err := svc.Results(context.Background(), "700", n, 10)
	if err != nil || res.Solved != 1 || res.Solvers[0].User != "42" {
		t.Errorf("the server's results: %+v, %v", res, err)
	}
	if v := fake.Violations(); len(v) > 0 {
		t.Errorf("the fake Discord refused: %v", v)
	}
}

// playOut fills up to max of the board's empty cells with the solution's
// digits, in reading order: every other one by clicking the cell and the
// pad, the rest by clicking the cell and typing the digit; each waits for
// the board to show it. It returns how many cells it left empty.
func playOut(t *testing.T, ctx context.Context, puzzle, sol solver.Grid, max int) int {
	t.Helper()
	left := 0
	for i, k := 0, 0; i < 81; i++ {
		if puzzle.At(i/9, i%9) != 0 {
			continue
		}
		if got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`%s.querySelector('[data-cell="%d"]').getAttribute("aria-label")`, doc, i))); !strings.Contains(got, "empty") && !strings.Contains(got, "marks") {
			continue // filled already
		}
		if k == max {
			left++
			continue
		}
		digit := sol.At(i/9, i%9)
		if k++; k%2 == 0 {
			eval(t, ctx, fmt.Sprintf(`d.querySelector('[data-cell="%d"]').click(); d.querySelector('#pad [data-digit="%d"]').click()`, i, digit))
		} else {
			eval(t, ctx, fmt.Sprintf(`d.querySelector('[data-cell="%d"]').click()`, i))
			if err := chromedp.Do(ctx, chromedp.KeyEvent(fmt.Sprint(digit))); err != nil {
				t.Fatal(err)
			}
		}
		waitFor(t, ctx, fmt.Sprintf(`d.querySelector('[data-cell="%d"]').textContent === "%d"`, i, digit), fmt.Sprintf("cell %d showing %d", i, digit))
	}
	return left
}

// eval runs script in the Activity's document, d.
func eval(t *testing.T, ctx context.Context, script string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`(() => { const d = `+doc+`; `+script+`; return null; })()`)); err != nil {
		t.Fatalf("%s: %v", script, err)
	}
}

// waitFor waits until cond, an expression on the Activity's document d,
// holds.
func waitFor(t *testing.T, ctx context.Context, cond, what string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const d = `+doc+`; try { return !!(`+cond+`); } catch (e) { return false; } })()`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		message, _ := chromedp.Run(ctx, chromedp.Evaluate[string](doc+`.getElementById("message").textContent + " / status: " + `+doc+`.getElementById("status").textContent`))
		t.Fatalf("waiting for %s: %v; the board says %q", what, err, message)
	}
}

// waitText waits until the element id's text holds want, and returns it.
func waitText(t *testing.T, ctx context.Context, id, want string) string {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`d.getElementById(%q).textContent.includes(%q)`, id, want), fmt.Sprintf("#%s to say %q", id, want))
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](doc+`.getElementById("`+id+`").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// shoot writes a picture of the Activity, framed at width×height in the
// light or dark scheme, for the README, when -screenshots names a folder.
func shoot(t *testing.T, ctx context.Context, name string, width, height int, dark bool) {
	t.Helper()
	if *screenshots == "" {
		return
	}
	scheme := "light"
	if dark {
		scheme = "dark"
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](fmt.Sprintf(
		`(() => { const f = document.getElementById("activity"); f.style.width = "%dpx"; f.style.height = "%dpx"; return null; })()`, width, height))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // a frame to lay out again
	png, err := chromedp.Run(ctx, chromedp.Screenshot("#activity"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*screenshots, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// newFake starts a fake Discord for a test.
func newFake(t *testing.T) *discordtest.Server {
	t.Helper()
	fake := discordtest.New("tok")
	t.Cleanup(fake.Close)
	return fake
}

// TestWrongSubmitInABrowser: a full daily handed in with one wrong digit
// marks that cell wrong on the page, as the answer says, without a Check.
func TestWrongSubmitInABrowser(t *testing.T) {
	ctx := browser(t)
	fake := newFake(t)
	db, _ := storedGame(t, "42")
	svc := daily.New(db, nil)
	site := clientSite(t, fake, func(c *Config) { c.Games, c.Daily = db, svc }, ada(fake))
	launch(t, ctx, site+"/test/client?instance="+fake.Launch("700", "800", "42"), 81)
	n, _ := svc.Today(context.Background(), "700")
	pz, _ := svc.Puzzle(context.Background(), n)
	waitText(t, ctx, "title", fmt.Sprintf("Daily #%d", n))
	answer, bad := pz.Solution, -1
	for i := 0; bad < 0; i++ {
		if pz.Grid.At(i/9, i%9) == 0 {
			bad = i
			answer.SetIndex(i, pz.Solution.At(i/9, i%9)%9+1)
		}
	}
	playOut(t, ctx, pz.Grid, answer, 81)
	waitFor(t, ctx, `!d.getElementById("submit").hidden`, "Submit")
	eval(t, ctx, `d.getElementById("submit").click()`)
	waitText(t, ctx, "message", "1 cell is wrong")
	waitFor(t, ctx, fmt.Sprintf(`d.querySelectorAll(".cell.wrong").length === 1 && d.querySelector('[data-cell="%d"]').classList.contains("wrong")`, bad),
		fmt.Sprintf("cell %d, and only it, marked wrong", bad))
}
