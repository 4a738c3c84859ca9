package commands

import (
	"context"

	"github.com/bwmarrin/discordgo"
)

// helpText is the /help reply.
const helpText = "**sudokubot** solves and checks Sudoku puzzles.\n" +
	"`/solve puzzle` solves a puzzle and says whether the solution is unique; add `format: text` for a text grid, " +
	"`spoiler: True` to hide the solution, `private: True` to see it alone.\n" +
	"`/check puzzle answer` checks a filled-in grid: correct, incomplete, or which cells are wrong.\n" +
	"`/hint puzzle` explains the next step for the grid as you have it (and points out a mistake first).\n" +
	"`/generate [difficulty] [size]` makes a new puzzle with one solution, easy to extreme, 4×4 to 16×16.\n" +
	"`/play [difficulty] [size] [puzzle]` opens a private board you fill with taps, saved on every move.\n" +
	"Right-click a message (⋯ → Apps) and choose **Solve this puzzle** to solve a puzzle someone posted.\n\n" +
	"**Writing a puzzle:** row by row, digits 1-9 and `.` or `0` for blanks, on one line or as a grid " +
	"(borders, spaces and code blocks are ignored). 4×4, 6×6 and 16×16 (digits 1-9 and A-G) work too.\n" +
	"Example: `/solve puzzle: 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79`\n" +
	"`/help` shows this message."

func helpCommand() Command {
	return Command{
		Def:     &discordgo.ApplicationCommand{Name: "help", Description: "How to use sudokubot"},
		Private: func(*discordgo.Interaction) bool { return true },
		Handle: func(context.Context, *discordgo.Interaction) (Response, error) {
			return Response{Content: helpText}, nil
		},
	}
}
