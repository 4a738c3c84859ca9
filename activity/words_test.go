package activity

import (
	"io/fs"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/i18n"
)

// TestPageWords: every text the page words itself (t("…") in its script's
// modules, data-t and data-t-label in its page) is listed in pageTexts and
// translated into each of the bot's languages; GET /api/words gives them
// in the player's Discord language.
func TestPageWords(t *testing.T) {
	script := mustReadScript(t, "web/src")
	page, err := staticFiles.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	var used []string
	for _, m := range regexp.MustCompile(`[^\w.]t\("((?:[^"\\]|\\.)*)"`).FindAllStringSubmatch(script, -1) {
		used = append(used, m[1])
	}
	for _, m := range regexp.MustCompile(`<[^>]*\sdata-t(?:\s[^>]*)?>([^<]*)<`).FindAllStringSubmatch(string(page), -1) {
		used = append(used, m[1])
	}
	for _, m := range regexp.MustCompile(`aria-label="([^"]*)"[^>]*\sdata-t-label`).FindAllStringSubmatch(string(page), -1) {
		used = append(used, m[1])
	}
	if len(used) < 40 {
		t.Fatalf("found %d texts: is the scan still reading the page?", len(used))
	}
	for _, e := range used {
		if !slices.Contains(pageTexts, e) {
			t.Errorf("the page words %q, which pageTexts does not list", e)
		}
	}
	for _, lang := range i18n.Languages {
		for _, e := range pageTexts {
			if _, ok := i18n.Text(lang, e); !ok {
				t.Errorf("%s: %q is not in the catalogue", lang, e)
			}
		}
	}
	srv := httptest.NewServer(New(Config{ClientID: "1", SessionKeys: testKeys}))
	defer srv.Close()
	french := issue(testKey, Seat{User: User{ID: "42", Name: "ada", Locale: "fr"}}, time.Now().Add(time.Hour))
	var got map[string]string
	if status := call(t, "GET", srv.URL+"/api/words", french, "", &got); status != 200 || got["Undo"] == "" || got["Undo"] == "Undo" {
		t.Errorf("/api/words for a French player: %d, Undo = %q", status, got["Undo"])
	}
	var p problem
	if status := call(t, "GET", srv.URL+"/api/words", "", "", &p); status != 401 {
		t.Errorf("/api/words without a session: %d", status)
	}
}

// mustReadScript returns the page's script: every .js module under dir,
// one after the other, main.js among them.
func mustReadScript(t *testing.T, dir string) string {
	t.Helper()
	var script strings.Builder
	var names []string
	err := fs.WalkDir(os.DirFS(dir), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(name) != ".js" {
			return err
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		script.Write(data)
		script.WriteByte('\n')
		names = append(names, name)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(names, "main.js") {
		t.Fatalf("the page's modules under %s are %v, without main.js", dir, names)
	}
	return script.String()
}
