package activity

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTooManyPagesInABrowser: a player past their cap of pages is told so
// on the page that was refused, and the sentence stays: the page does not
// knock again and again ("Reconnecting…" over the reason), and the menu
// coming after the refusal does not wipe it (its list is held back here,
// so that the refusal always comes first).
func TestTooManyPagesInABrowser(t *testing.T) {
	first := browser(t)
	fake := newFake(t)
	db := roomStore(t)
	act := New(siteConfig(fake, func(c *Config) { c.Games, c.MaxUserSockets = db, 1 }))
	var lists atomic.Int32
	slowMenu := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/games" && lists.Add(1) > 1 {
			time.Sleep(time.Second)
		}
		act.ServeHTTP(w, r)
	})
	srv := httptest.NewServer(siteHandler(fake, slowMenu, ada(fake)))
	t.Cleanup(srv.Close)
	site := srv.URL
	instance := fake.Launch("700", "800", "ada")
	second, cancel := chromedp.NewContext(first) // another tab of the same browser
	t.Cleanup(cancel)
	for _, tab := range []context.Context{first, second} {
		if err := chromedp.Do(tab, chromedp.Navigate(site+"/test/client?user=ada&instance="+instance)); err != nil {
			t.Fatal(err)
		}
		if tab == first {
			waitFor(t, first, `!d.getElementById("race").hidden`, "the first page's menu")
		}
	}
	waitText(t, second, "status", "boards open already")
	for range 30 { // three seconds: the old page knocked again within 0.5 s, "Reconnecting…" over the reason
		got, err := chromedp.Run(second, chromedp.Evaluate[string](doc+`.getElementById("status").textContent`))
		if err != nil || !strings.Contains(got, "boards open already") {
			t.Fatalf("the refused page then says %q (%v)", got, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
