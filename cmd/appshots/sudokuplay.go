package main

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
)

// sudokuPlay drives Sudoku Play (EduardoProfe666/sudoku-play), plain
// JavaScript: a grid of div.cell, givens with the class "initial", the
// other cells contentEditable (a digit is typed into them), pencil marks
// picked from a menu a double click opens, conflicts in red. One theme.
type sudokuPlay struct{}

func (sudokuPlay) start(ctx context.Context, base string, n int) error {
	if err := navigate(ctx, base+"/"); err != nil {
		return err
	}
	if err := waitFor(ctx, `typeof Swal !== "undefined" && !!document.getElementById("auto-fill-button")`); err != nil {
		return err
	}
	// Auto Fill, a level of 1 to 3 stars (4 and 5 end the game at the
	// first mistake, 5 has no notes), Start.
	stars := 1 + n%3
	if err := click(ctx, "#auto-fill-button"); err != nil {
		return err
	}
	if err := waitFor(ctx, fmt.Sprintf(`!!document.getElementById("star%d")`, stars)); err != nil {
		return err
	}
	// The dialog is still sliding in when the stars are there, and a mouse
	// click on a star or on Start may miss: they are clicked in the page,
	// and tried again.
	started := `document.querySelectorAll("#sudoku-grid .cell.initial").length > 16 && !document.querySelector(".swal2-container")`
	var err error
	for range 3 {
		if err = settle(ctx); err != nil {
			return err
		}
		if err = do(ctx, "star", fmt.Sprintf(`(() => { const s = document.getElementById("star%d"); s && s.click(); return !!s; })()`, stars)); err != nil {
			continue
		}
		if err = settle(ctx); err != nil {
			return err
		}
		if err = do(ctx, "Start", `(() => { const b = document.querySelector(".swal2-confirm"); b && b.click(); return !!b; })()`); err != nil {
			continue
		}
		if err = waitAtMost(ctx, started, 6*time.Second); err == nil {
			return chromedp.Do(ctx, chromedp.Sleep(1200*time.Millisecond)) // the grid fades in
		}
	}
	return err
}

func (sudokuPlay) board(ctx context.Context) (board, error) {
	raw, err := eval(ctx, `(() => {
		let givens = "", entries = "", marks = [];
		document.querySelectorAll("#sudoku-grid .cell").forEach((c, i) => {
			const noted = c.querySelectorAll(".notes-grid .note-cell").length > 0;
			const t = noted ? "" : c.textContent.trim();
			const v = /^[1-9]$/.test(t) ? t : ".";
			const fixed = c.classList.contains("initial");
			givens += fixed ? v : ".";
			entries += fixed ? "." : v;
			if (noted && v === ".") marks.push(i);
		});
		return {givens, entries, marks};
	})()`)
	if err != nil {
		return board{}, err
	}
	return parseBoard(raw)
}

func (sudokuPlay) cell(i int) string {
	return fmt.Sprintf(`#sudoku-grid .cell[data-row="%d"][data-col="%d"]`, i/9, i%9)
}

func (s sudokuPlay) choose(ctx context.Context, i int) error {
	return click(ctx, s.cell(i))
}

func (s sudokuPlay) enter(ctx context.Context, i int, d byte) error {
	if err := s.choose(ctx, i); err != nil {
		return err
	}
	return keys(ctx, string(d))
}

// mark opens the notes menu with a double click, picks the digits, and
// closes it with a click on the title.
func (s sudokuPlay) mark(ctx context.Context, i int, ds []byte) error {
	if err := chromedp.Do(ctx, chromedp.DoubleClick(chromedp.CSS(s.cell(i)), chromedp.NodeVisible)); err != nil {
		return err
	}
	if err := waitFor(ctx, `!!document.querySelector(".notes-menu")`); err != nil {
		return err
	}
	for _, d := range ds {
		if err := do(ctx, "note "+string(d), `(() => { const n = [...document.querySelectorAll(".notes-menu .note-item")].find(n => n.textContent.trim() === "`+string(d)+`"); n && n.click(); return !!n; })()`); err != nil {
			return err
		}
	}
	return click(ctx, "#title")
}

func (sudokuPlay) themes() []string { return []string{"light"} }

func (sudokuPlay) theme(context.Context, string) error { return nil }
