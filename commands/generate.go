package commands

import (
	"context"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// generateCommand is /generate [difficulty] [size], with a button that
// shows the solution privately.
func generateCommand(d Deps) Command {
	return Command{
		ReadOnly: true,
		Def: &discordgo.ApplicationCommand{
			Name:        "generate",
			Description: "A new puzzle with exactly one solution",
			Options:     []*discordgo.ApplicationCommandOption{difficultyOption(), sizeOption(solver.Sizes[:])},
		},
		Private: func(i *discordgo.Interaction) bool { return i.Type == discordgo.InteractionMessageComponent },
		Heavy:   true,
		Handle: func(ctx context.Context, i *discordgo.Interaction) (Response, error) {
			o := OptionsOf(i)
			level, size := levelAndSize(o)
			return d.generateReply(ctx, i18n.For(string(i.Locale)), level, size, d.Seed())
		},
		Routes: []Route{
			{Pattern: seedSolutionID, Handle: func(ctx context.Context, i *discordgo.Interaction, a Args) (Response, error) {
				p, err := d.remade(ctx, a)
				return d.showSolution(ctx, i18n.For(string(i.Locale)), p, err)
			}},
			{Pattern: puzzleSolutionID, Handle: func(ctx context.Context, i *discordgo.Interaction, a Args) (Response, error) {
				p, err := solver.Parse(a["puzzle"])
				return d.showSolution(ctx, i18n.For(string(i.Locale)), p, err)
			}},
		},
	}
}

// The patterns of Show solution's custom id (solutionID): the size,
// level and seed that remake the puzzle, or else the puzzle itself.
const (
	seedSolutionID   Pattern = "generate:{size}:{level}:{seed}"
	puzzleSolutionID Pattern = "generate:{puzzle...}"
)

func (d Deps) generateReply(ctx context.Context, pr i18n.Printer, level logic.Level, size int, seed uint64) (Response, error) {
	g, err := d.generate(ctx, "generate", level, size, seed)
	if err != nil {
		return Response{}, err
	}
	file, err := d.image(g.Puzzle, render.Options{}, "puzzle.png")
	if err != nil {
		return Response{}, err
	}
	content := pr.Sprintf("**New %d×%d puzzle** · %s (%.1f, hardest step: %s) · %s",
		size, size, pr.Text(g.Grading.Level.String()), g.Grading.Score, pr.Text(g.Grading.Hardest.String()),
		pr.Count(g.Puzzle.Givens(), "%d given", "%d givens")) + "\n" + pr.Text("Copy:") + " " + codeBlock(render.Line(g.Puzzle))
	return Response{Content: content, Files: []File{file},
		Buttons: []Button{{Label: pr.Text("Show solution"), CustomID: solutionID(g.Puzzle, level, seed)}}}, nil
}

// generate makes a puzzle for a command within the generation limit,
// logging one that missed its level.
func (d Deps) generate(ctx context.Context, command string, level logic.Level, size int, seed uint64) (logic.Generated, error) {
	gctx, cancel := context.WithTimeout(ctx, d.GenerateTimeout)
	defer cancel()
	start := d.Now()
	g, err := logic.Generate(gctx, level, size, seed)
	d.measured(command, start, err)
	if err != nil {
		return g, fmt.Errorf("generate %v %d×%d seed %d: %w", level, size, size, seed, err)
	}
	if !g.Exact {
		d.Log.Warn("generated puzzle missed its level", "asked", level, "got", g.Grading.Level, "size", size, "seed", seed, "attempts", g.Attempts)
	}
	return g, nil
}

// levelAndSize reads the difficulty and size options (default medium 9×9).
func levelAndSize(o Options) (logic.Level, int) {
	level, ok := logic.ParseLevel(o.String("difficulty"))
	if !ok {
		level = logic.Medium
	}
	size, ok := o.Int("size")
	if !ok {
		size = 9
	}
	return level, size
}

// difficultyOption is the difficulty of /generate and /play.
func difficultyOption() *discordgo.ApplicationCommandOption {
	levels := make([]*discordgo.ApplicationCommandOptionChoice, 0, 5)
	for l := logic.Easy; l <= logic.Extreme; l++ {
		levels = append(levels, &discordgo.ApplicationCommandOptionChoice{Name: l.String(), Value: l.String()})
	}
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "difficulty",
		Description: "How hard (default medium)", Choices: levels}
}

// sizeOption is a grid size chosen among sizes.
func sizeOption(sizes []int) *discordgo.ApplicationCommandOption {
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, n := range sizes {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: fmt.Sprintf("%d×%d", n, n), Value: n})
	}
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "size",
		Description: "Grid size (default 9×9)", Choices: choices}
}

// solutionID names the puzzle in the button: itself when it fits in
// Discord's 100-character custom id, else the level and seed that remake it.
func solutionID(p solver.Grid, level logic.Level, seed uint64) string {
	if id := puzzleSolutionID.ID(p.String()); len(id) <= 100 {
		return id
	}
	return seedSolutionID.ID(strconv.Itoa(p.Size()), level.String(), strconv.FormatUint(seed, 10))
}

// showSolution answers the button: the solution of puzzle, spoilered, to
// the person who clicked; err is the one that kept the puzzle from being
// had from the button's id.
func (d Deps) showSolution(ctx context.Context, pr i18n.Printer, puzzle solver.Grid, err error) (Response, error) {
	if err != nil {
		return userError(pr.Text("That puzzle can no longer be found; ask for a new one with /generate.")), nil
	}
	sctx, cancel := context.WithTimeout(ctx, d.SolveTimeout)
	defer cancel()
	res, err := solver.Solve(sctx, puzzle, 1)
	if err != nil || res.Count == 0 {
		return Response{}, fmt.Errorf("solve generated puzzle %s: %v", puzzle, err)
	}
	sol := res.Solutions[0]
	if l, locked := d.dailyLock(ctx, puzzle); locked {
		return lockedReply(pr, l), nil
	}
	if l, locked := d.solvesDaily(ctx, sol); locked {
		return lockedReply(pr, l), nil
	}
	return Response{Content: pr.Text("Solution:") + "\n||" + codeBlock(render.Text(sol)) + "||\n" + pr.Text("Copy:") + " ||" +
		codeBlock(render.Line(sol)) + "||"}, nil
}

// remade makes again the puzzle of a Show solution id of seedSolutionID,
// from the parts a of it.
func (d Deps) remade(ctx context.Context, a Args) (solver.Grid, error) {
	size, err1 := strconv.Atoi(a["size"])
	level, ok := logic.ParseLevel(a["level"])
	seed, err2 := strconv.ParseUint(a["seed"], 10, 64)
	if err1 != nil || err2 != nil || !ok {
		return solver.Grid{}, fmt.Errorf("bad solution id %v", a)
	}
	gctx, cancel := context.WithTimeout(ctx, d.GenerateTimeout)
	defer cancel()
	g, err := logic.Generate(gctx, level, size, seed)
	return g.Puzzle, err
}
