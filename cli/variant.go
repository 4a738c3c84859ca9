package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/variant"
)

// A variant puzzle comes as a link people paste (f-puzzles, SudokuPad):
// "sudokubot solve LINK" reads it, counts its solutions up to --count
// within the time limit and says unique, none or multiple, as for a
// classic puzzle; --candidates prints every digit some solution puts in
// each cell; --json prints one object per link. A SudokuPad link that
// names its puzzle by a short id is looked up at SudokuPad's API
// (SUDOKUPAD_URL).

// linkJSON is one link's answer, as --json prints it.
type linkJSON struct {
	Verdict   string `json:"verdict"` // unique, none, multiple, gave up, unsupported
	Solutions int    `json:"solutions"`
	Solution  string `json:"solution"`
	MS        int64  `json:"ms"`
	Error     string `json:"error"`
	// Fixed and Blank are, for a search that gave up, how many of the
	// Blank empty cells the rules alone decide (the text says it).
	Fixed, Blank int `json:"-"`
}

// linkAsk is what was asked of a link.
type linkAsk struct {
	count      int
	candidates bool
	json       bool
	timeout    time.Duration
	puzzles    variant.Fetcher // resolves short ids
	png        string          // where to draw the puzzle, or ""
	theme      render.Theme
}

// newPuzzles returns the SudokuPad client for cfg's SUDOKUPAD_URL, which
// logs nothing: the command line words its failures itself.
func newPuzzles(cfg config.Config) *bot.SudokuPad {
	return bot.NewSudokuPad(bot.SudokuPadOptions{BaseURL: cfg.SudokuPadURL, Log: slog.New(slog.DiscardHandler)})
}

// solveLink answers one link and returns the exit status.
func solveLink(input string, ask linkAsk, stdout, stderr io.Writer) int {
	ans, p, sol := answerLink(input, ask)
	if ask.png != "" && p != nil {
		if err := writeVariant(ask.png, *p, sol, ask.theme); err != nil {
			fmt.Fprintf(stderr, "sudokubot: writing the image: %v\n", err)
		}
	}
	if ask.json {
		b, _ := json.Marshal(ans)
		fmt.Fprintln(stdout, string(b))
	} else {
		printLink(stdout, ans, p, sol)
	}
	if ask.candidates && p != nil {
		printCandidates(stdout, p, ask.timeout)
	}
	switch ans.Verdict {
	case "unique":
		return ExitOK
	case "unsupported":
		return ExitInvalid
	}
	return ExitNoGood
}

// answerLink reads, decodes and solves a link; p is nil when it could not
// be read, sol is the first solution found.
func answerLink(input string, ask linkAsk) (linkJSON, *variant.Puzzle, []int) {
	began := time.Now()
	p, err := readLink(input, ask.puzzles)
	if err != nil {
		return linkJSON{Verdict: "unsupported", Error: linkError(err)}, nil, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), ask.timeout)
	defer cancel()
	v, err := variant.Judge(ctx, *p, ask.count)
	ms := time.Since(began).Milliseconds()
	if err != nil {
		return linkJSON{Verdict: "unsupported", Error: linkError(err), MS: ms}, p, nil
	}
	ans := linkJSON{Verdict: v.Outcome.String(), Solutions: v.Result.Count, MS: ms, Fixed: v.Result.Fixed, Blank: p.Blanks()}
	if v.Outcome == variant.Unique {
		ans.Solution = variant.DigitsText(v.Solution())
	}
	return ans, p, v.Solution()
}

// readLink finds the link in input and decodes it, fetching a short id's
// puzzle through puzzles.
func readLink(input string, puzzles variant.Fetcher) (*variant.Puzzle, error) {
	l, err := variant.ParseLink(input)
	if err != nil {
		return nil, err
	}
	return variant.Resolve(context.Background(), puzzles, l)
}

// linkError is what a user reads about a link that could not be answered.
func linkError(err error) string {
	if text, ok := variant.Say(solver.English, err); ok {
		return text
	}
	return err.Error()
}

// printLink writes a link's verdict, its first solution and the time.
func printLink(w io.Writer, ans linkJSON, p *variant.Puzzle, sol []int) {
	switch ans.Verdict {
	case "unsupported":
		fmt.Fprintln(w, ans.Error)
		return
	case "unique":
		fmt.Fprintln(w, "unique solution")
	case "none":
		fmt.Fprintln(w, "no solution")
	case "multiple":
		fmt.Fprintf(w, "not unique: at least %d solutions; one of them:\n", ans.Solutions)
	case "gave up":
		fmt.Fprintf(w, "gave up: %d solution found before the time limit, the search not finished\n", ans.Solutions)
		if ans.Fixed > 0 {
			fmt.Fprintf(w, "before any guess, the rules alone decide %d of its %d empty cells\n", ans.Fixed, ans.Blank)
		}
	}
	if title := strings.TrimSpace(p.Title); title != "" {
		fmt.Fprintf(w, "%s\n", title)
	}
	for r := 0; sol != nil && r < p.Size; r++ {
		fmt.Fprintln(w, variant.DigitsText(sol[r*p.Size:(r+1)*p.Size]))
	}
	fmt.Fprintf(w, "in %d ms\n", ans.MS)
}

// printCandidates writes the true candidates of every cell, row by row.
func printCandidates(w io.Writer, p *variant.Puzzle, timeout time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	masks, complete, err := variant.Candidates(ctx, *p)
	if err != nil {
		fmt.Fprintln(w, linkError(err))
		return
	}
	if !complete {
		fmt.Fprintln(w, "true candidates found before the time limit (there may be more):")
	} else {
		fmt.Fprintln(w, "true candidates:")
	}
	for r := 0; r < p.Size; r++ {
		cells := make([]string, p.Size)
		for c := range cells {
			cells[c] = maskDigits(masks[r*p.Size+c], p.Size)
		}
		fmt.Fprintln(w, strings.Join(cells, " "))
	}
}

// solveLinkBatch answers one link per line of stdin, one line (or JSON
// object) each.
func solveLinkBatch(stdin io.Reader, stdout, stderr io.Writer, ask linkAsk) int {
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		ans, _, _ := answerLink(line, ask)
		if ask.json {
			b, _ := json.Marshal(ans)
			fmt.Fprintln(w, string(b))
			continue
		}
		fmt.Fprintln(w, strings.TrimSpace(ans.Verdict+" "+ans.Solution+" "+ans.Error))
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		fmt.Fprintf(stderr, "sudokubot: reading links: %v\n", err)
		return ExitInvalid
	}
	return ExitOK
}

// maskDigits writes a cell's candidate digits (bit d for digit d).
func maskDigits(m uint32, size int) string {
	var b strings.Builder
	for d := 1; d <= size; d++ {
		if m&(1<<d) != 0 {
			b.WriteByte(solver.DigitChar(d))
		}
	}
	return b.String()
}

// writeVariant draws a variant puzzle as the bot's reply does, with sol's
// digits when a solution was found, to path.
func writeVariant(path string, p variant.Puzzle, sol []int, theme render.Theme) error {
	b, err := render.Variant(p, render.VariantOptions{Theme: theme, Digits: sol})
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
