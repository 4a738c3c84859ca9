package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// row is one picture's line of the manifest.
type row struct {
	file, givens, entries string
	marks                 bool
	source                string
	tags                  []string
}

// shotName says which shot a picture is: app, game, stage, theme.
type shotName struct {
	app   appInfo
	game  int
	stage int
	theme string
}

// shoot takes one screenshot on device d, labels it from the page, and
// saves it in the output folder.
func shoot(ctx context.Context, a app, p *player, d device, n shotName, c config) (row, error) {
	if err := emulate(ctx, d); err != nil {
		return row{}, err
	}
	if err := settle(ctx); err != nil {
		return row{}, err
	}
	b, err := a.board(ctx)
	if err != nil {
		return row{}, err
	}
	data, err := capture(ctx, d)
	if err != nil {
		return row{}, err
	}
	file := fmt.Sprintf("g%02d-s%d-%s-%s.%s", n.game, n.stage, n.theme, d.Name, d.ext())
	if err := os.WriteFile(filepath.Join(c.out, file), data, 0o644); err != nil {
		return row{}, err
	}
	w, h, err := size(data)
	if err != nil {
		return row{}, fmt.Errorf("%s: %w", file, err)
	}
	tags := []string{"app=" + n.app.name, fmt.Sprintf("size=%dx%d", w, h), "device=" + d.Name,
		fmt.Sprintf("viewport=%dx%d@%g", d.Width, d.Height, d.Scale), "theme=" + n.theme,
		"puzzle=" + puzzleID(n.app.name, b.Givens), fmt.Sprintf("stage=%d", n.stage)}
	if d.Format != "png" {
		tags = append(tags, fmt.Sprintf("quality=%d", d.Quality))
	}
	if d.Format == "preview" {
		tags = append(tags, "scaled-preview")
	}
	if k := b.wrong(p.solution); k > 0 {
		tags = append(tags, fmt.Sprintf("wrong-entries=%d", k))
	}
	if len(b.Marks) > 0 {
		tags = append(tags, fmt.Sprintf("mark-cells=%d", len(b.Marks)), "marks-at="+cellNames(b.Marks))
	}
	if c.version != "" {
		tags = append(tags, "version="+c.version)
	}
	return row{file: file, givens: b.Givens, entries: b.Entries, marks: len(b.Marks) > 0,
		source: n.app.source, tags: tags}, nil
}

// puzzleID names a puzzle by its app and givens, so the shots of one
// puzzle can be kept on one side of a split.
func puzzleID(app, givens string) string {
	h := sha256.Sum256([]byte(givens))
	return app + "-" + hex.EncodeToString(h[:4])
}

// writeManifest writes rows as the shared pictures' manifest.tsv.
func writeManifest(path string, rows []row) error {
	var b strings.Builder
	b.WriteString("file\tkind\tgivens\tentries\tmarks\tsource\ttags\n")
	for _, r := range rows {
		marks := "no"
		if r.marks {
			marks = "yes"
		}
		fmt.Fprintf(&b, "%s\tscreenshot\t%s\t%s\t%s\t%s\t%s\n", r.file, r.givens, r.entries, marks, r.source,
			strings.Join(r.tags, " "))
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// cellNames names cells (0-80) as players do, "r1c3,r5c9".
func cellNames(cells []int) string {
	names := make([]string, len(cells))
	for k, i := range cells {
		names[k] = fmt.Sprintf("r%dc%d", i/9+1, i%9+1)
	}
	return strings.Join(names, ",")
}
