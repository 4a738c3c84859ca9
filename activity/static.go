package activity

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// The page's bundle is built from web/ by esbuild (the Embedded App SDK
// and our script in one file) and committed, so that go run and go test
// need no Node: run go generate ./activity after changing web/.
//
//go:generate sh -c "cd web && npm ci --no-audit --no-fund && npm run build"

//go:embed static
var staticFiles embed.FS

// assets are the page's files under content-hashed names (app.3f9c….js),
// and the page, which names them so: Discord's proxy strips cache headers
// from HTML, so the page is never cached and everything it loads can be
// cached for good.
type assets struct {
	index  []byte
	byName map[string]asset
}

type asset struct {
	data        []byte
	contentType string
}

// loadAssets hashes the embedded files and rewrites the page's references.
func loadAssets() assets {
	a := assets{byName: map[string]asset{}}
	index, _ := staticFiles.ReadFile("static/index.html")
	entries, _ := fs.ReadDir(staticFiles, "static")
	for _, e := range entries {
		name := e.Name()
		if name == "index.html" {
			continue
		}
		data, _ := staticFiles.ReadFile("static/" + name)
		sum := sha256.Sum256(data)
		ext := path.Ext(name)
		hashed := strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:6]) + ext
		a.byName[hashed] = asset{data: data, contentType: contentTypes[ext]}
		index = bytes.ReplaceAll(index, []byte(`"/assets/`+name+`"`), []byte(`"/assets/`+hashed+`"`))
	}
	a.index = index
	return a
}

var contentTypes = map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}

// serveIndex serves the page, never cached.
func (a assets) serveIndex(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(a.index)
}

// serveAsset serves a file by its hashed name, cached for good.
func (a assets) serveAsset(w http.ResponseWriter, r *http.Request) {
	f, ok := a.byName[r.PathValue("name")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", f.contentType)
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Write(f.data)
}
