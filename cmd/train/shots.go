package main

import (
	"context"
	"math/rand/v2"

	"github.com/sudokubot/sudokubot/internal/nn"
	"github.com/sudokubot/sudokubot/internal/screenshot"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// trainingPuzzles are the puzzles screenshots are drawn of, with their
// solutions; which digits are where matters little to a cell's reading.
var trainingPuzzles = [][2]string{
	{"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
		"483921657967345821251876493548132976729564138136798245372689514814253769695417382"},
	{"2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3",
		"245981376169273584837564219976125438513498627482736951391657842728349165654812793"},
	{"......9.7...42.18....7.5.261..9.4....5.....4....5.7..992.1.8....34.59...5.7......",
		"462831957795426183381795426173984265659312748248567319926178534834259671517643892"},
}

// screenshots draws n synthetic screenshots with the training fonts'
// digits, a share of them (-previews) passed on as a chat client's
// preview, finds their grids and returns their marked cells as examples.
func screenshots(r *rand.Rand, faces []screenshot.Font, n int) []nn.Example {
	var out []nn.Example
	for k := range n {
		p := trainingPuzzles[k%len(trainingPuzzles)]
		shot := screenshot.MakeWith(r.Int64(), p[0], p[1], faces)
		if previews > 0 && r.Float64() < previews {
			shot = screenshot.Preview(shot, 320+r.IntN(481), 50+r.IntN(41))
		}
		b, err := picture.Find(context.Background(), shot.Data)
		if err != nil {
			continue
		}
		var labels [81]int
		for i := range 81 {
			switch {
			case shot.Givens[i] != '.':
				labels[i] = picture.Class(int(shot.Givens[i]-'0'), false)
			case shot.Entries[i] != '.':
				labels[i] = picture.Class(int(shot.Entries[i]-'0'), true)
			}
		}
		if aligned(board{found: b, labels: labels}) {
			out = append(out, examples(b, labels)...)
		}
	}
	return out
}

// marked keeps the examples whose cell holds a mark: the classifier never
// sees a cell without one.
func marked(all []nn.Example) []nn.Example {
	var out []nn.Example
	for _, ex := range all {
		if ex.X[picture.Inputs-picture.Scalars] > 0 {
			out = append(out, ex)
		}
	}
	return out
}

// renders draws n boards as the bot itself does (people send back
// screenshots of its replies), in both themes, with a random share of the
// blank cells filled in the solved digits' colour as a player's entries,
// and returns their marked cells as examples.
func renders(r *rand.Rand, n int) []nn.Example {
	var out []nn.Example
	for k := range n {
		p := trainingPuzzles[k%len(trainingPuzzles)]
		givens, err := solver.Parse(p[0])
		if err != nil {
			continue
		}
		shown := givens
		var labels [81]int
		fill := r.Float64()
		for i := range 81 {
			switch d := int(p[1][i] - '0'); {
			case givens.AtIndex(i) != 0:
				labels[i] = picture.Class(d, false)
			case r.Float64() < fill:
				shown.SetIndex(i, d)
				labels[i] = picture.Class(d, true)
			}
		}
		opt := render.Options{Puzzle: givens, Labels: r.IntN(2) == 0}
		if r.IntN(2) == 0 {
			opt.Theme = render.Dark
		}
		data, err := render.PNG(shown, opt)
		if err != nil {
			continue
		}
		if b, err := picture.Find(context.Background(), data); err == nil && aligned(board{found: b, labels: labels}) {
			out = append(out, examples(b, labels)...)
		}
	}
	return out
}
