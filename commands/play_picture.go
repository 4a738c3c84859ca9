package commands

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/solver"
)

// playPicture answers /play with a picture: a board of the puzzle read,
// with the digits written in as the player's moves.
func (d Deps) playPicture(ctx context.Context, pr i18n.Printer, i *discordgo.Interaction, a *discordgo.MessageAttachment) (Response, error) {
	pic := d.readPicture(ctx, pr, a)
	if pic.notice != nil {
		return *pic.notice, nil
	}
	if n, ok := noPrinted(pr, pic.read); !ok {
		return n, nil
	}
	return d.playRead(ctx, pr, i, pic.read.Givens(), pic.read.Entries())
}

// playReading answers the Play button under a reply about a picture.
func (d Deps) playReading(ctx context.Context, pr i18n.Printer, i *discordgo.Interaction, packed string) (Response, error) {
	givens, entries, ok := unpackReading(packed)
	if !ok {
		return userError(pr.Text("That button no longer works. Start a board with /play.")), nil
	}
	return d.playRead(ctx, pr, i, givens, entries)
}

// playRead opens the player's board of a puzzle read from a picture; a
// new board gets the written-in digits as its first moves (those a board
// refuses, such as a digit its row already holds, are left out).
func (d Deps) playRead(ctx context.Context, pr i18n.Printer, i *discordgo.Interaction, givens, entries string) (Response, error) {
	sctx, cancel := context.WithTimeout(ctx, d.SolveTimeout)
	v := solver.Judge(sctx, givens, 2)
	cancel()
	if reply, ok := unplayable(pr, v); !ok {
		return reply, nil
	}
	if l, locked := d.dailyLock(ctx, v.Puzzle); locked {
		return lockedReply(pr, l), nil
	}
	if l, locked := d.solvesDaily(ctx, v.Solution()); locked {
		return lockedReply(pr, l), nil
	}
	ref := game.PuzzleRef(v.Puzzle)
	sess, err := d.sessions().LoadOrCreate(ctx, ref.Key(UserID(i), ""), func() (*game.Game, error) {
		g, err := game.New(v.Puzzle, v.Solution())
		if err != nil {
			return nil, err
		}
		for k := range 81 {
			if entries[k] != '.' {
				_ = g.Apply(game.Move{Kind: game.Place, Cell: solver.Cell{Row: k / 9, Col: k % 9}, Digit: int(entries[k] - '0')})
			}
		}
		return g, nil
	})
	if err != nil {
		return Response{}, gamesDown(pr, fmt.Errorf("a board from a picture: %w", err))
	}
	view := boardView{p: pr, ref: ref, title: pr.Text("**Your puzzle, from the picture**") + startedLine(pr, sess.Game),
		status: pr.Text("The digits written in the picture are your moves so far. Tap a box, then a cell, then a digit.")}
	if sess.Game.Solved() {
		view.over, view.status = true, pr.Text("You solved this one already.")
	}
	return d.board(sess.Game, view)
}
