package main

import (
	"context"
	"fmt"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// aldeon drives AldeonMoriak/sudoku, a Svelte app with Tailwind classes:
// a puzzle of the day in three levels, givens on grey tiles (the only
// cells with cursor-default), pencil marks as small spans, wrong entries
// in red, the selected cell dark with a cyan digit. Keys 1-9 type, n
// toggles notes. One theme.
type aldeon struct{ notes bool }

var aldeonLevels = []string{"easy", "medium", "hard"}

// start opens the app as on a later day (game n is level n%3 of the
// puzzle of day n/3), since it has one puzzle a day per level.
func (a *aldeon) start(ctx context.Context, base string, n int) error {
	shift := fmt.Sprintf(`(() => { const D = Date, shift = %d * 86400000;
		class S extends D { constructor(...a) { if (a.length === 0) super(D.now() + shift); else super(...a); } static now() { return D.now() + shift; } }
		window.Date = S; })();`, n/len(aldeonLevels))
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: shift})
		return err
	}))
	if err != nil {
		return err
	}
	if err := navigate(ctx, base+"/"); err != nil {
		return err
	}
	if err := waitFor(ctx, `document.querySelectorAll(".grid.grid-cols-9:not(.mt-2) > div").length === 81`); err != nil {
		return err
	}
	if level := aldeonLevels[n%len(aldeonLevels)]; level != "easy" {
		if err := do(ctx, "level menu", `(() => { const m = document.querySelector("div.cursor-pointer.text-gray-500 > div"); m && m.click(); return !!m; })()`); err != nil {
			return err
		}
		if err := settle(ctx); err != nil {
			return err
		}
		if err := do(ctx, "level "+level, `(() => { const l = [...document.querySelectorAll("li")].find(l => l.textContent.trim() === "`+level+`"); l && l.click(); return !!l; })()`); err != nil {
			return err
		}
	}
	a.notes = false
	return settle(ctx)
}

func (aldeon) board(ctx context.Context) (board, error) {
	raw, err := eval(ctx, `(() => {
		let givens = "", entries = "", marks = [];
		document.querySelectorAll(".grid.grid-cols-9:not(.mt-2) > div").forEach((c, i) => {
			const noted = c.querySelectorAll("span.note-position").length > 0;
			const t = noted ? "" : c.textContent.trim();
			const v = /^[1-9]$/.test(t) ? t : ".";
			const fixed = c.classList.contains("cursor-default");
			givens += fixed ? v : ".";
			entries += fixed ? "." : v;
			if (noted) marks.push(i);
		});
		return {givens, entries, marks};
	})()`)
	if err != nil {
		return board{}, err
	}
	return parseBoard(raw)
}

func (aldeon) choose(ctx context.Context, i int) error {
	return click(ctx, fmt.Sprintf(".grid.grid-cols-9:not(.mt-2):nth-child(%d) > div:nth-child(%d)", i/9+1, i%9+1))
}

// setNotes turns the notes mode on or off with its key.
func (a *aldeon) setNotes(ctx context.Context, on bool) error {
	if a.notes == on {
		return nil
	}
	a.notes = on
	return keys(ctx, "n")
}

func (a *aldeon) enter(ctx context.Context, i int, d byte) error {
	if err := a.choose(ctx, i); err != nil {
		return err
	}
	if err := a.setNotes(ctx, false); err != nil {
		return err
	}
	return keys(ctx, string(d))
}

func (a *aldeon) mark(ctx context.Context, i int, ds []byte) error {
	if err := a.choose(ctx, i); err != nil {
		return err
	}
	if err := a.setNotes(ctx, true); err != nil {
		return err
	}
	return keys(ctx, string(ds))
}

func (aldeon) themes() []string { return []string{"light"} }

func (aldeon) theme(context.Context, string) error { return nil }
