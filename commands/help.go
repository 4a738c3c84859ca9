package commands

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/i18n"
)

// example is the puzzle /help shows.
const example = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// helpText is the /help reply in the reader's language, naming commands
// and options as the reader's Discord shows them.
func helpText(pr i18n.Printer) string {
	c := func(words string) string { return "`" + usage(pr, words) + "`" }
	lines := []string{
		pr.Text("**sudokubot** solves and checks Sudoku puzzles."),
		pr.Sprintf("%s solves a puzzle and says whether the solution is unique; add %s for a text grid, %s to hide the solution, %s to see it alone.",
			c("/solve puzzle"), "`"+pr.Name("format")+": "+pr.Text("text")+"`", "`"+pr.Name("spoiler")+": True`", "`"+pr.Name("private")+": True`"),
		pr.Sprintf("%s checks a filled-in grid: correct, incomplete, or which cells are wrong.", c("/check puzzle answer")),
		pr.Sprintf("%s explains the next step for the grid as you have it (and points out a mistake first).", c("/hint puzzle")),
		pr.Sprintf("%s makes a new puzzle with one solution, easy to extreme, 4×4 to 16×16.", c("/generate [difficulty] [size]")),
		pr.Sprintf("%s opens a private board you fill with taps, saved on every move.", c("/play [difficulty] [size] [puzzle]")),
		pr.Sprintf("%s is the daily puzzle: the same for everyone, with streaks and leaderboards (%s for the rest).",
			c("/daily play"), c("/daily")),
		pr.Sprintf("Right-click a message (⋯ → Apps) and choose **%s** to solve a puzzle someone posted.", pr.Name("Solve this puzzle")),
		"",
		pr.Text("**Writing a puzzle:** row by row, digits 1-9 and `.` or `0` for blanks, on one line or as a grid " +
			"(borders, spaces and code blocks are ignored). 4×4, 6×6 and 16×16 (digits 1-9 and A-G) work too."),
		pr.Sprintf("Example: %s", "`"+usage(pr, "/solve puzzle")+": "+example+"`"),
		pr.Sprintf("%s shows this message.", c("/help")),
	}
	return strings.Join(lines, "\n")
}

// usage writes a command line ("/solve puzzle", "/generate [size]") with
// each name as the reader's Discord shows it.
func usage(pr i18n.Printer, line string) string {
	words := strings.Fields(line)
	for k, w := range words {
		open, close := "", ""
		if strings.HasPrefix(w, "[") {
			open, close, w = "[", "]", strings.Trim(w, "[]")
		}
		slash := strings.HasPrefix(w, "/")
		w = pr.Name(strings.TrimPrefix(w, "/"))
		if slash {
			w = "/" + w
		}
		words[k] = open + w + close
	}
	return strings.Join(words, " ")
}

func helpCommand() Command {
	return Command{
		ReadOnly: true,
		Def:      &discordgo.ApplicationCommand{Name: "help", Description: "How to use sudokubot"},
		Private:  func(*discordgo.Interaction) bool { return true },
		Handle: func(_ context.Context, i *discordgo.Interaction) (Response, error) {
			return Response{Content: helpText(i18n.For(string(i.Locale)))}, nil
		},
	}
}
