package main

import (
	"context"
	"fmt"
)

// superSudoku drives Super Sudoku (TN1ck/super-sudoku), a React app: cells
// are absolutely placed divs carrying their state in data-* attributes
// (data-testid="sudoku-cell-X-Y", data-cell-initial, data-cell-value),
// pencil marks in "sudoku-cell-notes-X-Y"; keys 1-9 type, n toggles notes;
// a light and a dark theme.
type superSudoku struct{}

var superLevels = []string{"Easy", "Medium", "Hard", "Expert", "Evil"}

func (superSudoku) start(ctx context.Context, base string, n int) error {
	level, index := superLevels[n%len(superLevels)], 1+n/len(superLevels)
	if err := navigate(ctx, base+"/#/select-game"); err != nil {
		return err
	}
	if err := waitFor(ctx, `[...document.querySelectorAll("button")].some(b => b.textContent.trim() === "`+level+`")`); err != nil {
		return err
	}
	if err := do(ctx, "level "+level, `(() => { const b = [...document.querySelectorAll("button")].find(b => b.textContent.trim() === "`+level+`"); b && b.click(); return !!b; })()`); err != nil {
		return err
	}
	preview := fmt.Sprintf(`[data-testid="sudoku-preview-%d"]`, index)
	if err := waitFor(ctx, `!!document.querySelector('`+preview+`')`); err != nil {
		return err
	}
	if err := click(ctx, preview); err != nil {
		return err
	}
	if err := waitFor(ctx, `!!document.querySelector('[data-testid="sudoku-cell-8-8"]')`); err != nil {
		return err
	}
	// Unpause when the game opens paused, and turn the circle menu (digits
	// around the tapped cell) off, as the e2e tests of the app do.
	if err := do(ctx, "continue", `(() => { const c = document.querySelector('[data-testid="continue-overlay"]'); if (c && c.classList.contains("flex")) c.click(); return true; })()`); err != nil {
		return err
	}
	if err := do(ctx, "circle menu", `(() => { const c = document.getElementById("circle_menu"); if (c && c.checked) c.click(); return true; })()`); err != nil {
		return err
	}
	return settle(ctx)
}

func (superSudoku) board(ctx context.Context) (board, error) {
	raw, err := eval(ctx, `(() => {
		let givens = "", entries = "", marks = [];
		for (let i = 0; i < 81; i++) {
			const x = i % 9, y = Math.floor(i / 9);
			const c = document.querySelector('[data-testid="sudoku-cell-' + x + '-' + y + '"]');
			const v = c.dataset.cellValue || ".";
			const initial = c.dataset.cellInitial === "true";
			givens += initial ? v : ".";
			entries += initial ? "." : v;
			const n = document.querySelector('[data-testid="sudoku-cell-notes-' + x + '-' + y + '"]');
			if (v === "." && n && n.textContent.trim() !== "") marks.push(i);
		}
		return {givens, entries, marks};
	})()`)
	if err != nil {
		return board{}, err
	}
	return parseBoard(raw)
}

func (s superSudoku) cell(i int) string {
	return fmt.Sprintf(`[data-testid="sudoku-cell-%d-%d"]`, i%9, i/9)
}

func (s superSudoku) choose(ctx context.Context, i int) error {
	return click(ctx, s.cell(i))
}

func (s superSudoku) enter(ctx context.Context, i int, d byte) error {
	if err := s.choose(ctx, i); err != nil {
		return err
	}
	return keys(ctx, string(d))
}

func (s superSudoku) mark(ctx context.Context, i int, ds []byte) error {
	if err := s.choose(ctx, i); err != nil {
		return err
	}
	return keys(ctx, "n"+string(ds)+"n")
}

func (superSudoku) themes() []string { return []string{"light", "dark"} }

func (superSudoku) theme(ctx context.Context, name string) error {
	want := name == "dark"
	return do(ctx, "dark mode button", `(() => {
		const dark = document.body.classList.contains("dark") || document.documentElement.classList.contains("dark");
		if (dark === `+fmt.Sprint(want)+`) return true;
		const b = document.querySelector('button[aria-label="Toggle dark mode"]');
		b && b.click();
		return !!b;
	})()`)
}
