package main

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
)

// app is a Sudoku web app appshots knows how to play: where its buttons
// are and how to read its cells. Every method acts on the page in ctx.
type app interface {
	// start opens the app at base (its URL) and starts its game number n;
	// the board is on screen when it returns.
	start(ctx context.Context, base string, n int) error
	// board reads what the cells show from the page or the app's state.
	board(ctx context.Context) (board, error)
	// enter selects empty cell i (0-80, row by row) and types digit d.
	enter(ctx context.Context, i int, d byte) error
	// mark selects empty cell i and writes the pencil marks ds in it.
	mark(ctx context.Context, i int, ds []byte) error
	// choose selects cell i, as a player taps it.
	choose(ctx context.Context, i int) error
	// themes lists the app's looks ("light" first); theme switches to one.
	themes() []string
	theme(ctx context.Context, name string) error
}

// appInfo is one app appshots can play: how it is named, where it comes
// from, and its driver.
type appInfo struct {
	name   string // folder and part name
	source string // the repository it comes from
	make   func() app
}

// apps are the apps appshots can play.
var apps = []appInfo{
	{"super-sudoku", "github.com/TN1ck/super-sudoku", func() app { return &superSudoku{} }},
	{"aldeon-sudoku", "github.com/AldeonMoriak/sudoku", func() app { return &aldeon{} }},
	{"sudoku-play", "github.com/EduardoProfe666/sudoku-play", func() app { return &sudokuPlay{} }},
}

// findApp returns the app named name.
func findApp(name string) (appInfo, error) {
	for _, a := range apps {
		if a.name == name {
			return a, nil
		}
	}
	return appInfo{}, fmt.Errorf("no app named %q", name)
}

// eval runs a script on the page and returns its result as raw JSON.
func eval(ctx context.Context, js string) ([]byte, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[[]byte](js))
}

// do runs a script on the page for its effect; a script that returns
// false has not found what it was to act on.
func do(ctx context.Context, what, js string) error {
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if !ok {
		return fmt.Errorf("%s: not found on the page", what)
	}
	return nil
}

// waitFor polls the page until the script is true, for at most 20 s.
func waitFor(ctx context.Context, js string) error {
	return waitAtMost(ctx, js, 20*time.Second)
}

// waitAtMost polls the page until the script is true, for at most d.
func waitAtMost(ctx context.Context, js string, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](js))
	if err != nil {
		return fmt.Errorf("waiting for %s: %w", js, err)
	}
	return nil
}

// click clicks the first element the CSS selector matches, with the mouse.
func click(ctx context.Context, sel string) error {
	return chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
}

// keys types keys, one key event each.
func keys(ctx context.Context, ks string) error {
	return chromedp.Do(ctx, chromedp.KeyEvent(ks))
}

// settle waits for transitions to end.
func settle(ctx context.Context) error {
	return chromedp.Do(ctx, chromedp.Sleep(350*time.Millisecond))
}

// navigate loads url in the tab.
func navigate(ctx context.Context, url string) error {
	return chromedp.Do(ctx, chromedp.Navigate(url))
}
