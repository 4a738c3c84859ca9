package loadtest

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// kind is one sort of interaction in the mix.
type kind int

const (
	solveImage  kind = iota // /solve with the default format: a PNG
	solveText               // /solve format:text
	check                   // /check, right or incomplete: text
	dailySubmit             // /daily submit, mostly right
	boardTap                // a tap on a /play board: its picture redrawn
	kinds
)

var kindNames = [kinds]string{"solve (image)", "solve (text)", "check", "daily submit", "board tap"}

// share is each kind's part of every 20 interactions: a fifth each.
var share = [20]kind{
	solveImage, solveText, check, dailySubmit, boardTap,
	solveText, check, boardTap, solveImage, dailySubmit,
	check, boardTap, dailySubmit, solveText, solveImage,
	dailySubmit, solveImage, solveText, boardTap, check,
}

// pair is a puzzle and its solution.
type pair struct{ puzzle, solution string }

// mix builds the interactions of a run.
type mix struct {
	puzzles     []pair
	daily       string // today's daily solution
	wrongDaily  string
	guilds      []string
	channelOf   map[string]string
	firstUserID int64
}

// sent is one interaction of the run, as the load generator sent it.
type sent struct {
	id          string
	kind        kind
	tapper      int // a board tap's tapper
	guild, user string
	rightAnswer bool // a daily submission that should be accepted
	acked       bool // answered "Correct!"
}

// at returns interaction k of the run; a board tap has no payload here:
// the tappers make it (taps).
func (m *mix) at(k int) (map[string]any, sent) {
	s := sent{kind: share[k%len(share)], guild: m.guilds[k%len(m.guilds)], user: fmt.Sprint(m.firstUserID + int64(k))}
	u := discordtest.User{ID: s.user, Name: "player"}
	p := m.puzzles[(k/len(share))%len(m.puzzles)]
	switch s.kind {
	case solveImage:
		return discordtest.SlashCommand(s.guild, u, "solve", map[string]any{"puzzle": p.puzzle}), s
	case solveText:
		return discordtest.SlashCommand(s.guild, u, "solve", map[string]any{"puzzle": p.puzzle, "format": "text"}), s
	case boardTap:
		return nil, s
	case check:
		answer := p.solution
		if k%2 == 1 {
			answer = p.puzzle
		}
		return discordtest.SlashCommand(s.guild, u, "check", map[string]any{"puzzle": p.puzzle, "answer": answer}), s
	}
	answer := m.daily
	if s.rightAnswer = (k/len(share))%5 != 0; !s.rightAnswer { // every fifth round of the mix answers wrong
		answer = m.wrongDaily
	}
	return discordtest.Subcommand(s.guild, u, "daily", "submit", map[string]any{"answer": answer}), s
}

// puzzlesFrom solves each puzzle, keeping those with one solution; with
// none given it generates count easy and medium ones.
func puzzlesFrom(given []string, count int) ([]pair, error) {
	if len(given) == 0 {
		for k := range count {
			level := []logic.Level{logic.Easy, logic.Medium}[k%2]
			g, err := logic.Generate(context.Background(), level, 9, uint64(k+1))
			if err != nil {
				return nil, fmt.Errorf("generate puzzle %d: %w", k, err)
			}
			given = append(given, g.Puzzle.String())
		}
	}
	var out []pair
	for _, text := range given {
		g, err := solver.Parse(text)
		if err != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		res, err := solver.Solve(ctx, g, 2)
		cancel()
		if err == nil && res.Count == 1 {
			out = append(out, pair{g.String(), res.Solutions[0].String()})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no puzzle with one solution among %d", len(given))
	}
	return out, nil
}
