package activity

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
)

// browser returns a context driving a headless Chromium, or skips the
// test when none is installed.
func browser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("skipping in -short mode: a test in a real browser (go test without -short runs it)")
	}
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("skipping: no chromium to drive (apt-get update && apt-get install -y chromium; .ci/run installs it)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path),
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Flag("headless", true))
	alloc, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// fakeClient is a page standing in for the Discord client around an
// Activity: it frames the Activity's page with the query Discord adds, and
// answers the SDK as Discord's RPC server does (HANDSHAKE with READY;
// AUTHORIZE with a code the fake Discord made for the test's user;
// AUTHENTICATE with that user; anything else with an empty answer). The
// SDK accepts messages from its own page's origin, so served beside the
// Activity it runs its real code path.
const fakeClient = `<!doctype html><html><body>
<iframe id="activity" style="width:400px;height:760px;border:0"></iframe>
<script>
const frame = document.getElementById("activity");
const query = new URLSearchParams(location.search);
const instance = query.get("instance") || "instance1";
frame.src = "/?frame_id=frame1&instance_id=" + encodeURIComponent(instance) + "&platform=" + (query.get("platform") || "desktop") +
  "&channel_id=800" + (query.get("guild") ? "&guild_id=" + query.get("guild") : "");
const reply = (msg) => frame.contentWindow.postMessage(msg, location.origin);
window.addEventListener("message", async (event) => {
  const [op, payload] = event.data;
  if (op === 0) {
    reply([1, {cmd: "DISPATCH", evt: "READY", nonce: null, data: {v: 1, config: {api_endpoint: "//discord.com/api", environment: "production", cdn_host: "cdn.discordapp.com"}}}]);
    return;
  }
  if (op !== 1) return;
  const answer = (data) => reply([1, {cmd: payload.cmd, evt: null, nonce: payload.nonce, data}]);
  if (payload.cmd === "AUTHORIZE") {
    const code = await (await fetch("/test/code?user=" + (query.get("user") || "") + "&locale=" + (query.get("locale") || ""))).text();
    answer({code});
  } else if (payload.cmd === "AUTHENTICATE") {
    answer({access_token: payload.args.access_token, scopes: ["identify"], expires: "2099-01-01T00:00:00Z",
      user: {id: "42", username: "ada", discriminator: "0", avatar: null, public_flags: 0, global_name: "Ada"},
      application: {id: "1", name: "Sudoku", description: ""}});
  } else {
    answer(null);
  }
});
</script></body></html>`

// clientSite serves the Activity against the fake Discord, with what
// change sets (nil: no games, no daily), beside the stand-in client at
// /test/client (?instance= names the Activity instance it frames), whose
// AUTHORIZE answers with code(); it returns the site's origin.
func clientSite(t *testing.T, fake *discordtest.Server, change func(*Config), code func() string) string {
	t.Helper()
	srv := httptest.NewServer(siteHandler(fake, New(siteConfig(fake, change)), code))
	t.Cleanup(srv.Close)
	return srv.URL
}

func siteConfig(fake *discordtest.Server, change func(*Config)) Config {
	d := discordOn(fake, nil)
	cfg := Config{ClientID: fake.AppID, SessionKeys: testKeys, OAuth: d, Discord: d}
	if change != nil {
		change(&cfg)
	}
	return cfg
}

// siteHandler serves the Activity's server act beside the stand-in client.
func siteHandler(fake *discordtest.Server, act http.Handler, code func() string) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", act)
	mux.HandleFunc("GET /test/client", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(fakeClient))
	})
	mux.HandleFunc("GET /test/code", func(w http.ResponseWriter, r *http.Request) {
		if u := r.URL.Query().Get("user"); u != "" { // a page of another player's
			w.Write([]byte(fake.Authorize(discordtest.User{ID: u, Name: u, Locale: r.URL.Query().Get("locale")})))
			return
		}
		w.Write([]byte(code()))
	})
	return mux
}

// withGames serves the Activity on a store of games, without the daily.
func withGames(db Games) func(*Config) { return func(c *Config) { c.Games = db } }

// ada returns codes the fake Discord makes for user 42, Ada.
func ada(fake *discordtest.Server) func() string {
	return func() string { return fake.Authorize(discordtest.User{ID: "42", Name: "Ada"}) }
}

// TestSignInInABrowser: the page, framed by a stand-in Discord client in
// a real browser, runs the real SDK through its handshake, authorize, our
// code exchange with the fake Discord (and its check that the user is in
// the Activity's instance), and authenticate, and shows who signed in;
// this bot has no database, which the page says. It does so as Discord
// frames it on a desktop, in a server, and on a phone, in a DM.
func TestSignInInABrowser(t *testing.T) {
	for _, where := range []string{"platform=desktop&guild=700", "platform=mobile"} {
		t.Run(where, func(t *testing.T) { signInAt(t, where) })
	}
}

func signInAt(t *testing.T, where string) {
	ctx := browser(t)
	fake := discordtest.New("tok")
	defer fake.Close()
	site := clientSite(t, fake, nil, ada(fake))
	guild := ""
	if strings.Contains(where, "guild=") {
		guild = "700"
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(site+"/test/client?"+where+"&instance="+fake.Launch(guild, "800", "42"))); err != nil {
		t.Fatalf("the stand-in client did not load: %v", err)
	}
	who, err := chromedp.Run(ctx, chromedp.Poll[string](
		`(() => { const d = document.getElementById("activity").contentDocument; return d && d.body && d.body.dataset.signedIn; })()`,
		chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil {
		t.Fatalf("the page did not sign in: %v", err)
	}
	said, err := chromedp.Run(ctx, chromedp.Poll[[]string](`(() => { const d = document.getElementById("activity").contentDocument;
		const s = d.getElementById("status").textContent, who = d.getElementById("who").textContent;
		return who && s && s !== "Signing in…" && [who, s]; })()`,
		chromedp.WithPollingTimeout(10*time.Second)))
	if err != nil {
		t.Fatal(err)
	}
	if who != "42" || said[0] != "Signed in as Ada." || said[1] != noBoard {
		t.Errorf("signed in as %q, the page says %q", who, said)
	}
	if v := fake.Violations(); len(v) > 0 {
		t.Errorf("the fake Discord refused: %v", v)
	}
}

// TestSignInFailsInABrowser: the page opened outside Discord says where
// to open it, and a sign-in Discord refuses shows the server's sentence.
func TestSignInFailsInABrowser(t *testing.T) {
	ctx := browser(t)
	fake := discordtest.New("tok")
	defer fake.Close()
	site := clientSite(t, fake, nil, func() string { return "not-a-code" })
	for _, tc := range []struct{ page, status, want string }{
		{site + "/", `document.getElementById("status").textContent`, "Open Sudoku from Discord"},
		{site + "/test/client", `document.getElementById("activity").contentDocument.getElementById("status").textContent`,
			"Discord did not accept the sign-in"},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(tc.page)); err != nil {
			t.Fatal(err)
		}
		got, err := chromedp.Run(ctx, chromedp.Poll[string](
			`(() => { try { const s = `+tc.status+`; return s.includes("`+tc.want+`") && s; } catch (e) { return false; } })()`,
			chromedp.WithPollingTimeout(20*time.Second)))
		if err != nil {
			t.Errorf("%s: the page never said %q (%v)", tc.page, tc.want, err)
			continue
		}
		if strings.Contains(got, "not-a-code") {
			t.Errorf("the page shows the code: %q", got)
		}
	}
}

// TestPlayInABrowser: signed in, the page opens the player's latest game
// (begun as the button board begins one) and plays it: a click on a cell
// and on a digit, then the keyboard (an arrow and a digit), each stored.
func TestPlayInABrowser(t *testing.T) {
	ctx := browser(t)
	fake := discordtest.New("tok")
	defer fake.Close()
	db, ref := storedGame(t, "42")
	site := clientSite(t, fake, withGames(db), ada(fake))
	launch(t, ctx, site+"/test/client?instance="+fake.Launch("700", "800", "42"), 81)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`(() => { const d = `+doc+`;
		d.querySelector('[data-cell="2"]').click(); d.querySelector('#pad [data-digit="4"]').click();
		d.querySelector('[data-cell="2"]').focus(); return null; })()`)); err != nil {
		t.Fatal(err)
	}
	waitCell(t, db, ref, 0, 2, 4)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("6")); err != nil {
		t.Fatal(err)
	}
	waitCell(t, db, ref, 0, 3, 6)
	// The store has the 6 before the page has drawn the answer: wait for it.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](doc+`.querySelector('[data-cell="3"]').getAttribute("aria-label") === "row 1 column 4, 6"`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		label, _ := chromedp.Run(ctx, chromedp.Evaluate[string](doc+`.querySelector('[data-cell="3"]').getAttribute("aria-label")`))
		t.Errorf("r1c4 is labelled %q, want \"row 1 column 4, 6\" (%v)", label, err)
	}
	// r1c4 (6) selected: its 20 peers are shaded, and every 6 is marked.
	marks, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`(() => { const d = `+doc+`;
		const cells = [...d.querySelectorAll(".cell")];
		return [d.querySelectorAll(".cell.peer").length, d.querySelectorAll(".cell.same").length,
			cells.filter((c) => c.textContent === "6").length]; })()`))
	if err != nil || len(marks) != 3 || marks[0] != 20 || marks[1] != marks[2] || marks[2] < 2 {
		t.Errorf("peers shaded, 6s marked, 6s on the board = %v (%v), want 20 and the 6s", marks, err)
	}
	// The clock counts from when the game was begun (on the buttons, 90 s
	// before the test).
	clock, err := chromedp.Run(ctx, chromedp.Evaluate[string](doc+`.getElementById("clock").textContent`))
	if err != nil || !regexp.MustCompile(`^1:[345]\d$`).MatchString(clock) {
		t.Errorf("the clock shows %q (%v), want a minute and a half", clock, err)
	}
}

// doc is the Activity's document inside the stand-in client.
const doc = `document.getElementById("activity").contentDocument`

// launch opens the stand-in client at url and waits for the board to draw
// its cells; it returns how long that took from the navigation.
func launch(t *testing.T, ctx context.Context, url string, cells int) time.Duration {
	t.Helper()
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`(() => { const d = %s; return !!(d && d.querySelector('[data-cell="%d"]')); })()`, doc, cells-1),
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		status, _ := chromedp.Run(ctx, chromedp.Evaluate[string](doc+`.getElementById("status").textContent`))
		t.Fatalf("the board was not drawn (%v); the page says %q", err, status)
	}
	return time.Since(start)
}

var screenshots = flag.String("screenshots", "", "write the README's pictures of the big board to this folder")

// waitCell waits until the stored game under ref has digit at (row, col).
func waitCell(t *testing.T, db *store.DB, ref game.Ref, row, col, digit int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		sess, ok, err := (game.Sessions{Store: db}).Load(context.Background(), ref.Key("42", ""))
		if err == nil && ok && sess.Game.Grid().At(row, col) == digit {
			return
		}
	}
	t.Fatalf("r%dc%d never became %d in the stored game", row+1, col+1, digit)
}
