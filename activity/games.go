package activity

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// The menu: today's daily, a new puzzle by level, the player's games in
// progress (the buttons' too), and the archive of past dailies.

// Menu is what GET /api/games returns.
type Menu struct {
	Daily    bool        `json:"daily"`    // the daily can be played here
	Together bool        `json:"together"` // a board can be played together (the Activity's instance is known)
	Levels   []string    `json:"levels"`
	Games    []GameEntry `json:"games"`
	Archive  []int       `json:"archive"` // past dailies to practise, newest first
}

// GameEntry is one of the player's games in the menu.
type GameEntry struct {
	Game   string `json:"game"`
	Title  string `json:"title"`
	Left   int    `json:"left"` // empty cells
	Solved bool   `json:"solved"`
}

// recentGames is how many of a player's latest games the menu lists.
const recentGames = 10

// What the page is told when the board cannot be had.
const (
	noBoard        = "The board needs the bot's database, which this bot runs without."
	noPuzzleInTime = "I could not make a puzzle in time; try again, or another level."
)

// getGames returns the signed-in player's menu.
func (s *Server) getGames(w http.ResponseWriter, r *http.Request) {
	seat, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	if s.cfg.Games == nil {
		writeProblem(w, http.StatusServiceUnavailable, seat.words().Text(noBoard))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), storeWait)
	defer cancel()
	menu, err := s.menu(ctx, seat)
	if err != nil {
		s.cfg.Log.Error("activity: listing games failed", "err", err)
		writeProblem(w, http.StatusServiceUnavailable, seat.words().Text(gamesDown))
		return
	}
	writeJSON(w, menu)
}

func (s *Server) menu(ctx context.Context, seat Seat) (Menu, error) {
	m := Menu{Daily: s.cfg.Daily != nil, Together: seat.Instance != "", Games: []GameEntry{}, Archive: []int{}}
	for l := logic.Easy; l <= logic.Extreme; l++ {
		m.Levels = append(m.Levels, l.String())
	}
	puzzles, err := s.cfg.Games.RecentGames(ctx, seat.User.ID, recentGames)
	if err != nil {
		return m, err
	}
	sessions := game.Sessions{Store: s.cfg.Games, Now: s.cfg.Now}
	for _, text := range puzzles {
		ref, ok := game.ParseRef(text) // a ranked daily's key names its server and does not parse: today's is offered on its own
		if !ok {
			continue
		}
		sess, ok, err := sessions.Load(ctx, ref.Key(seat.User.ID, seat.Guild))
		if err != nil {
			return m, err
		}
		if ok {
			g := sess.Game
			m.Games = append(m.Games, GameEntry{Game: text, Title: s.title(ctx, play{ref: ref, sess: sess}), Left: g.Left(), Solved: g.Solved()})
		}
	}
	if s.cfg.Daily != nil {
		if m.Archive, err = s.archive(ctx, seat.Guild, s.cfg.Now()); err != nil {
			return m, err
		}
	}
	return m, nil
}

// generateWait bounds making a new puzzle (an extreme one takes longest).
const generateWait = 5 * time.Second

// newPuzzle makes a 9×9 puzzle of a level (by its name: "hard") and opens
// it for the seat, stored as /play stores a new puzzle.
func (s *Server) newPuzzle(ctx context.Context, seat Seat, levelName string) any {
	w := seat.words()
	level, ok := logic.ParseLevel(levelName)
	if !ok {
		return reply{T: "error", Message: w.Text("Choose a level: easy, medium, hard, expert or extreme.")}
	}
	gen, err := s.generate(ctx, seat.User.ID, level)
	if refusal, ok := workRefused(w, err); ok {
		return refusal
	}
	if err != nil {
		s.cfg.Log.Warn("activity: making a puzzle failed", "level", level, "err", err)
		return reply{T: "error", Message: w.Text(noPuzzleInTime)}
	}
	ref := game.PuzzleRef(gen.Puzzle)
	p := play{seat: seat, ref: ref, sessions: game.Sessions{Store: s.cfg.Games, Now: s.cfg.Now}}
	p.sess, err = p.sessions.LoadOrCreate(ctx, ref.Key(seat.User.ID, ""), func() (*game.Game, error) {
		res, err := solver.Solve(ctx, gen.Puzzle, 1)
		if err != nil || res.Count == 0 {
			return nil, fmt.Errorf("solve %s for a board: %v", gen.Puzzle, err)
		}
		return game.New(gen.Puzzle, res.Solutions[0])
	})
	if err != nil {
		return s.storeFailed(w, "storing a new puzzle", err)
	}
	st := s.stateOf(ctx, p, "")
	st.Title = plain(w.Sprintf("**New puzzle** · %s %s", "9×9", w.Text(gen.Grading.Level.String())))
	return st
}

// generate makes a 9×9 puzzle of a level for a player, in a work slot
// and from their share (a *TooFastError or errBusy when not made).
func (s *Server) generate(ctx context.Context, user string, level logic.Level) (logic.Generated, error) {
	var gen logic.Generated
	var err error
	if werr := s.work.do(ctx, user, costPuzzle, func() {
		gctx, cancel := context.WithTimeout(ctx, generateWait)
		defer cancel()
		gen, err = logic.Generate(gctx, level, 9, uint64(s.cfg.Now().UnixNano()))
	}); werr != nil {
		return gen, werr
	}
	return gen, err
}
